#include "canvas/scenerouting.h"

#include <algorithm>
#include <limits>
#include <vector>

#include "canvas/componentitem.h"
#include "canvas/nodeitem.h"
#include "canvas/portitem.h"
#include "canvas/wireitem.h"
#include "canvas/wirerouter.h"

namespace drivelab {
namespace {

QString routingWireKey(const QString& component, const QString& port) { return component + QLatin1Char('/') + port; }

double overlap(const QRectF& a, const QRectF& b)
{
    const QRectF i = a.intersected(b);
    return i.isEmpty() ? 0.0 : i.width() * i.height();
}

QRectF inScene(const SymbolItem* item, const QRectF& r) { return r.translated(item->pos()); }

// a stub as a thin rectangle (labels keep off it)
QRectF stubRect(const QPointF& p, const QPointF& dir)
{
    return QRectF(p, p + dir * kWireStub).normalized().adjusted(-2, -2, 2, 2);
}

// the price of a label's side, lower is better: covering symbols, stubs and labels
// placed before costs by area, each kept wire it would cover by count
constexpr double kSymbolWeight = 4.0;
constexpr double kWireCrossing = 400.0;

} // namespace

void SceneRouting::reset()
{
    m_items.clear();
    m_ends.clear();
}

SceneRouting::ItemState SceneRouting::stateOf(const SymbolItem* item)
{
    return {item->placement(), item->symbolRect(), item->id() + QLatin1Char('\n') + item->detail(), item->labelSides()};
}

void SceneRouting::update(const std::vector<NodeSpec>& nodeSpecs, const std::vector<ComponentSpec>& blocks,
                          const QHash<QString, ComponentItem*>& components, const QHash<QString, NodeItem*>& nodes,
                          const QHash<QString, WireItem*>& wires)
{
    // the wires in file order (components, then their ports), with their ends now
    struct Wire {
        QString key;
        WireItem* item;
        WireEnds ends;
        QString side; // the node side it arrives at
        bool dirty;
    };
    std::vector<Wire> list;
    QHash<QString, QHash<QString, int>> counts;
    for (const auto& c : blocks) {
        ComponentItem* ci = components.value(QString::fromStdString(c.id));
        if (!ci) continue;
        for (const auto& binding : c.ports) {
            const QString key = routingWireKey(ci->id(), QString::fromStdString(binding.first));
            WireItem* w = wires.value(key);
            NodeItem* n = w ? nodes.value(w->node()) : nullptr;
            PortItem* p = w ? ci->port(w->port()) : nullptr;
            if (!w || !n || !p) continue;
            const QPointF start = p->scenePos();
            const NodeItem::Anchor a = n->anchorFor(start, p->direction());
            const WireEnds ends{n->id(), start, p->direction(), a.point, a.direction};
            const auto known = m_ends.constFind(key);
            list.push_back({key, w, ends, a.side, w->route().isEmpty() || known == m_ends.cend() || !(*known == ends)});
            counts[n->id()][a.side] += 1;
        }
    }
    for (auto* n : nodes) n->setWireCounts(counts.value(n->id()));

    // every item in file order (nodes first), and which of them the edit touched
    QVector<SymbolItem*> items;
    for (const auto& n : nodeSpecs) {
        if (auto* i = nodes.value(QString::fromStdString(n.id))) items << i;
    }
    for (const auto& c : blocks) {
        if (auto* i = components.value(QString::fromStdString(c.id))) items << i;
    }
    QVector<bool> touched(items.size(), false);
    QHash<QString, ItemState> states;
    for (int k = 0; k < items.size(); ++k) {
        const ItemState now = stateOf(items[k]);
        const auto was = m_items.constFind(items[k]->id());
        touched[k] = was == m_items.cend() || !(*was == now);
        states.insert(items[k]->id(), now);
    }

    // labels: untouched items keep their side; touched ones take the cheapest side
    QVector<QRectF> symbols, stubs, placed;
    for (SymbolItem* i : items) symbols << inScene(i, i->symbolRect());
    for (const Wire& w : list) stubs << stubRect(w.ends.start, w.ends.startDir) << stubRect(w.ends.end, w.ends.endDir);
    for (int k = 0; k < items.size(); ++k) {
        if (!touched[k]) placed << inScene(items[k], items[k]->labelRect());
    }
    for (int k = 0; k < items.size(); ++k) {
        if (!touched[k]) continue;
        SymbolItem* item = items[k];
        QList<int> sides = item->labelSides();
        // an item that did not move tries its present side first
        const auto was = m_items.constFind(item->id());
        if (was != m_items.cend() && was->placement == item->placement() && !item->wireOnSide(item->labelSide())) {
            const int present = sides.indexOf(item->labelSide());
            if (present > 0) sides.move(present, 0);
        }
        int best = sides.front();
        double bestCost = std::numeric_limits<double>::infinity();
        for (int rank = 0; rank < sides.size(); ++rank) {
            const QRectF r = inScene(item, item->labelRectFor(sides[rank]));
            double cost = rank * 1.0; // prefer the earlier sides
            for (int j = 0; j < symbols.size(); ++j) cost += j == k ? 0.0 : kSymbolWeight * overlap(r, symbols[j]);
            for (const QRectF& s : stubs) cost += kSymbolWeight * overlap(r, s);
            for (const QRectF& p : placed) cost += overlap(r, p);
            for (const Wire& w : list) {
                if (!w.dirty && routeCrosses(w.item->route(), r)) cost += kWireCrossing;
            }
            if (cost < bestCost) {
                bestCost = cost;
                best = sides[rank];
            }
            if (cost < 1.0) break; // nothing covered
        }
        item->setLabelSide(best);
        placed << inScene(item, item->labelRect());
        states[item->id()] = stateOf(item);
    }

    // a kept route that now runs through a touched item's symbol or label is routed again
    for (Wire& w : list) {
        if (w.dirty) continue;
        const QString component = w.key.section(QLatin1Char('/'), 0, 0);
        for (int k = 0; k < items.size() && !w.dirty; ++k) {
            if (!touched[k] || items[k]->id() == component || items[k]->id() == w.ends.node) continue;
            w.dirty = routeCrosses(w.item->route(), symbols[k]) || routeCrosses(w.item->route(), inScene(items[k], items[k]->labelRect()));
        }
    }
    QVector<QRectF> obstacles, labels;
    for (SymbolItem* i : items) {
        obstacles << inScene(i, i->symbolRect());
        labels << inScene(i, i->labelRect());
    }
    m_ends.clear();
    for (const Wire& w : list) {
        if (w.dirty) w.item->setRoute(routeWire(w.ends.start, w.ends.startDir, w.ends.end, w.ends.endDir, obstacles, labels));
        m_ends.insert(w.key, w.ends);
    }
    m_items = states;
}

} // namespace drivelab
