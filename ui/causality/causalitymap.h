#pragma once
// The causality report read against the drawing (docs/EDITOR.md, "Causality overlay"): which
// bond each wire stands for, where its stroke and half-arrow go, and which items a conflict
// names. No widgets; the overlay paints from it and the tests check it.
#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>
#include <QVector>

#include "spec/labspec.h"

namespace drivelab {

/// the core's causality report (analysis/causality.h; this header sees only its name)
struct CausalityReport;

/// one bond drawn on a wire (a wire runs from the component's port to the node)
struct WireBond {
    int bond = -1;             ///< index into CausalityReport::bonds
    bool headAtNode = false;   ///< the half-arrow points at the node end (power flows into the node)
    bool assigned = false;     ///< the bond has a causality
    bool strokeAtNode = false; ///< the stroke is at the node end (the node's junction receives the effort)
    bool conflict = false;     ///< an element at either end is in conflict, or it joins two items a conflict names
};

/// the report mapped onto the canvas
struct CausalityMap {
    /// bonds per wire, key "component/port", in report order
    QHash<QString, QVector<WireBond>> wires;
    /// node and component ids a conflict names (elements and junctions)
    QSet<QString> conflictItems;
    /// bonds of the report drawn on no wire (inside composites, to ground, a node's own storage)
    int unwiredBonds = 0;
};

/// key of a wire: "component/port"
inline QString wireBondKey(const QString& component, const QString& port) { return component + QLatin1Char('/') + port; }

/// Map the report's bonds onto the wires of `lab` (every port bound to a node of the lab).
/// A bond belongs to the wire of component C's port P bound to node N when one end is N's
/// junction (the first 0/1 element the report lists with owner N) and the other end is an
/// element owned by C. When several ports of C are bound to the same node, the bonds between
/// them are handed out in report order, one port after another in the component's port order.
CausalityMap mapCausality(const LabSpec& lab, const CausalityReport& report);

struct CompileResult;

/// the analysis the editor shows: the compiled model in its initial clutch mode when the lab
/// compiles, the lab as written otherwise (as `drivelab-cli causality` does). `result` is the
/// compile of `lab` the document already holds (LabDocument::compiled()); null compiles here.
CausalityReport analyzeForEditor(const LabSpec& lab, const CompileResult* result = nullptr, bool* compiled = nullptr);

} // namespace drivelab
