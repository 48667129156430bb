#pragma once
// Flattening (issue 36, docs/FORMATS.md "Parts"): a lab with instances of parts becomes today's
// flat lab before it compiles. Every instance's nodes, components and signals get hierarchical
// ids (`gearbox/p1/ring`); its ports become the outer nodes they connect to; its parameters
// are evaluated (numbers, or "=expr" of the enclosing part's parameters) and every "=expr"
// field inside it is replaced by its value. The solver, books, reports, events, sweeps and the
// causality analysis then see one flat network whose ids name the path.
//
// Order (which decides the rounding of a run): in every network the instances come first, in
// their order, each expanded depth-first, then the network's own nodes, components and signals.
#include "compile/partdef.h"
#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

/// a lab flattened
struct FlatLab {
    LabSpec spec;                ///< the flat lab (no parts, no instances, no expressions)
    Json record = Json::array(); ///< the part definitions a fingerprint covers (empty: the lab has none)
};

/// true when `lab` needs flattening before it compiles (parts, instances or "=expr" fields)
bool needsFlattening(const LabSpec& lab);

/// flatten `lab`; every problem (a missing part file, a cycle, a port of another domain, an unknown
/// or out-of-range parameter, an expression that does not evaluate) is an error in `d` naming the
/// instance path and the field
FlatLab flattenLab(const LabSpec& lab, Diagnostics& d);

} // namespace drivelab
