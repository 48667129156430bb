#include "canvas/scenerouting.h"

#include <cmath>
#include <limits>

#include "canvas/componentitem.h"
#include "canvas/nodeitem.h"
#include "canvas/portitem.h"
#include "canvas/wireitem.h"
#include "canvas/wirerouter.h"

namespace drivelab {

void placeLabels(const LabSpec& lab, const QHash<QString, ComponentItem*>& components, const QHash<QString, NodeItem*>& nodes)
{
    // each label takes the first of its sides that covers no symbol and no label placed
    // before it (nodes first, then components, in file order)
    QVector<SymbolItem*> items;
    for (const auto& n : lab.nodes) {
        if (auto* i = nodes.value(QString::fromStdString(n.id))) items << i;
    }
    for (const auto& c : lab.components) {
        if (auto* i = components.value(QString::fromStdString(c.id))) items << i;
    }
    QVector<QRectF> symbols;
    for (SymbolItem* i : items) symbols << i->symbolRect().translated(i->pos());
    QVector<QRectF> placed;
    const auto overlap = [](const QRectF& a, const QRectF& b) {
        const QRectF i = a.intersected(b);
        return i.isEmpty() ? 0.0 : i.width() * i.height();
    };
    for (int k = 0; k < items.size(); ++k) {
        SymbolItem* item = items[k];
        const QList<int> sides = item->labelSides();
        int best = sides.front();
        double bestCost = std::numeric_limits<double>::infinity();
        for (int rank = 0; rank < sides.size(); ++rank) {
            const QRectF r = item->labelRectFor(sides[rank]).translated(item->pos());
            double cost = rank * 1.0; // prefer the earlier sides
            for (int j = 0; j < symbols.size(); ++j) cost += j == k ? 0.0 : 4.0 * overlap(r, symbols[j]);
            for (const QRectF& p : placed) cost += overlap(r, p);
            if (cost < bestCost) {
                bestCost = cost;
                best = sides[rank];
            }
            if (cost < 1.0) break; // nothing covered
        }
        item->setLabelSide(best);
        placed << item->labelRect().translated(item->pos());
    }
}

void layoutWiresAndLabels(const LabSpec& lab, const QHash<QString, ComponentItem*>& components, const QHash<QString, NodeItem*>& nodes,
                          const QHash<QString, WireItem*>& wires)
{
    // where each wire arrives decides the node labels' sides, which the routes avoid
    struct Ends {
        WireItem* wire;
        QPointF start, startDir;
        NodeItem::Anchor anchor;
    };
    QVector<Ends> ends;
    QHash<QString, QHash<QString, int>> counts;
    for (auto* w : wires) {
        ComponentItem* c = components.value(w->component());
        NodeItem* n = nodes.value(w->node());
        PortItem* p = c ? c->port(w->port()) : nullptr;
        if (!c || !n || !p) continue;
        const QPointF start = p->scenePos();
        const NodeItem::Anchor a = n->anchorFor(start, p->direction());
        ends.push_back({w, start, p->direction(), a});
        counts[n->id()][a.side] += 1;
    }
    for (auto* n : nodes) n->setWireCounts(counts.value(n->id()));
    placeLabels(lab, components, nodes);
    QVector<QRectF> obstacles, labels;
    for (auto* c : components) {
        obstacles << c->symbolRect().translated(c->pos());
        labels << c->labelRect().translated(c->pos());
    }
    for (auto* n : nodes) {
        obstacles << n->symbolRect().translated(n->pos());
        labels << n->labelRect().translated(n->pos());
    }
    for (const Ends& e : ends) e.wire->setRoute(routeWire(e.start, e.startDir, e.anchor.point, e.anchor.direction, obstacles, labels));
}

} // namespace drivelab
