#include "causality/causalityoverlay.h"

#include <QPainter>

#include <cmath>

#include "canvas/labscene.h"
#include "canvas/symbolitem.h"
#include "canvas/wireitem.h"
#include "causality/causalitycontroller.h"

namespace drivelab {
namespace {

constexpr double kInset = 14.0;     // distance of the first marks from a wire's port end [scene units]
constexpr double kNodeInset = 24.0; // from its node end: clear of the node's symbol, where wires meet
constexpr double kSpacing = 18.0;   // further along for each more bond on one wire
constexpr double kStrokeHalf = 9.0; // half length of a stroke
constexpr double kBarbBack = 13.0;  // how far the barb reaches back along the wire
constexpr double kBarbSide = 9.0;   // how far it reaches sideways

const QColor kInk(0x6a, 0x1b, 0x9a); // bond-graph ink: apart from the wires' and symbols' colours
const QColor kConflict(0xd0, 0x1f, 0x2b);

struct Along {
    QPointF point;
    QPointF toEnd; // unit vector pointing along the wire towards the end measured from
};

// the point `distance` along a polyline from one of its ends (clamped to the middle)
Along along(const QVector<QPointF>& route, bool fromBack, double distance)
{
    Along a{route.isEmpty() ? QPointF() : (fromBack ? route.back() : route.front()), QPointF(1, 0)};
    if (route.size() < 2) return a;
    double total = 0.0;
    for (int i = 1; i < route.size(); ++i) total += QLineF(route[i - 1], route[i]).length();
    double left = std::min(distance, total / 2.0);
    const int n = static_cast<int>(route.size());
    for (int k = 0; k + 1 < n; ++k) {
        const QPointF end = fromBack ? route[n - 1 - k] : route[k];
        const QPointF next = fromBack ? route[n - 2 - k] : route[k + 1];
        const double len = QLineF(end, next).length();
        if (len <= 0.0) continue;
        const QPointF dir = (end - next) / len; // towards the end
        if (left <= len || k + 2 == n) {
            a.point = end - dir * std::min(left, len);
            a.toEnd = dir;
            return a;
        }
        left -= len;
    }
    return a;
}

} // namespace

CausalityOverlay::CausalityOverlay(LabScene* scene, CausalityController* controller) : m_scene(scene), m_controller(controller)
{
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
    setZValue(50.0);
    scene->addItem(this);
    connect(controller, &CausalityController::updated, this, &CausalityOverlay::sync);
    // the scene re-routes its wires on every change before this runs (it connected first)
    connect(scene->document(), &LabDocument::changed, this, &CausalityOverlay::sync);
    sync();
}

QVector<BondMarks> CausalityOverlay::marksOf(const WireItem* wire) const
{
    QVector<BondMarks> out;
    if (!m_controller || !wire) return out;
    const auto it = m_controller->map().wires.constFind(wireBondKey(wire->component(), wire->port()));
    if (it == m_controller->map().wires.constEnd()) return out;
    const QVector<QPointF>& route = wire->route(); // from the component's port to the node
    for (int i = 0; i < it->size(); ++i) {
        const WireBond& b = (*it)[i];
        const auto inset = [i](bool atNode) {
            return (atNode ? kNodeInset : kInset) + kSpacing * i;
        };
        BondMarks m;
        m.assigned = b.assigned;
        m.conflict = b.conflict || !b.assigned;
        if (b.assigned) {
            const Along s = along(route, b.strokeAtNode, inset(b.strokeAtNode));
            const QPointF normal(-s.toEnd.y(), s.toEnd.x());
            m.stroke[0] = s.point + normal * kStrokeHalf;
            m.stroke[1] = s.point - normal * kStrokeHalf;
        }
        const Along h = along(route, b.headAtNode, inset(b.headAtNode));
        const QPointF normal(-h.toEnd.y(), h.toEnd.x());
        m.arrowTip = h.point;
        m.arrowBarb = h.point - h.toEnd * kBarbBack + normal * kBarbSide;
        out << m;
    }
    return out;
}

QSet<QString> CausalityOverlay::conflictItems() const { return m_controller ? m_controller->map().conflictItems : QSet<QString>(); }

QRectF CausalityOverlay::conflictRect(const QString& id) const
{
    QGraphicsItem* item = m_scene->itemFor(id);
    if (!item) return {};
    const auto* symbol = static_cast<const SymbolItem*>(item);
    return symbol->mapRectToScene(symbol->symbolRect()).adjusted(-7, -7, 7, 7);
}

void CausalityOverlay::sync()
{
    QRectF r;
    if (m_controller) {
        for (WireItem* w : m_scene->wires()) {
            if (m_controller->map().wires.contains(wireBondKey(w->component(), w->port()))) r = r.united(w->sceneBoundingRect());
        }
        for (const QString& id : m_controller->map().conflictItems) r = r.united(conflictRect(id));
    }
    r = r.adjusted(-40, -40, 40, 40);
    if (r != m_bounds) {
        prepareGeometryChange();
        m_bounds = r;
    }
    update();
}

void CausalityOverlay::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (!m_controller) return;
    painter->setRenderHint(QPainter::Antialiasing);
    // conflicting items: a red frame with a light fill
    for (const QString& id : m_controller->map().conflictItems) {
        const QRectF r = conflictRect(id);
        if (r.isNull()) continue;
        QColor fill = kConflict;
        fill.setAlpha(38);
        painter->setPen(QPen(kConflict, 3.0));
        painter->setBrush(fill);
        painter->drawRoundedRect(r, 6, 6);
    }
    // strokes and half-arrows: a white casing under purple ink (red for a conflict), legible on
    // every wire colour
    painter->setBrush(Qt::NoBrush);
    for (WireItem* w : m_scene->wires()) {
        for (const BondMarks& m : marksOf(w)) {
            for (int pass = 0; pass < 2; ++pass) {
                const QColor c = pass == 0 ? QColor(Qt::white) : (m.conflict ? kConflict : kInk);
                painter->setPen(QPen(c, pass == 0 ? 5.5 : 2.6, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
                if (m.assigned) painter->drawLine(m.stroke[0], m.stroke[1]);
                painter->drawLine(m.arrowTip, m.arrowBarb);
            }
        }
    }
}

} // namespace drivelab
