#pragma once
// The drawing's second pass after items have their placements: where each wire arrives
// at its node, which side each label takes, then every wire's orthogonal route around
// the symbols and labels (wirerouter.h).
//
// It changes only what an edit touched. It remembers each item's placement, symbol and
// label as last laid out and each wire's two ends; on the next pass
//  - an item is "touched" when it is new or its placement, symbol, label text or the
//    sides its wires use changed; only touched items choose their label's side again
//    (the others keep theirs), avoiding symbols, labels placed, port stubs and the wires
//    that keep their routes;
//  - a wire is routed again when it is new, one of its ends moved, or its present route
//    now runs through a touched item's symbol or label; every other wire keeps its
//    exact route.
// After reset() (a lab opened) everything is laid out afresh in file order, so the same
// file always gives the same drawing.
#include <QHash>
#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>

#include <vector>

#include "document/placement.h"
#include "spec/labspec.h"

namespace drivelab {

class ComponentItem;
class NodeItem;
class SymbolItem;
class WireItem;

/// incremental wire and label layout of one scene
class SceneRouting {
public:
    /// forget what was laid out: the next update() lays out everything afresh
    void reset();
    /// choose node anchors, place the labels of touched items, route the wires that need it;
    /// `nodes` and `blocks` (the components, then the instances seen as components) in file order
    void update(const std::vector<NodeSpec>& nodeSpecs, const std::vector<ComponentSpec>& blocks,
                const QHash<QString, ComponentItem*>& components, const QHash<QString, NodeItem*>& nodes,
                const QHash<QString, WireItem*>& wires);

private:
    // an item as last laid out
    struct ItemState {
        Placement placement;
        QRectF symbol;
        QString label; // id and detail
        QList<int> sides;
        bool operator==(const ItemState&) const = default;
    };
    // a wire's two ends as last routed
    struct WireEnds {
        QString node;
        QPointF start, startDir, end, endDir;
        bool operator==(const WireEnds&) const = default;
    };
    static ItemState stateOf(const SymbolItem* item);

    QHash<QString, ItemState> m_items; // by id
    QHash<QString, WireEnds> m_ends;   // by "component/port"
};

} // namespace drivelab
