#include "canvas/wireitem.h"

#include <QCoreApplication>
#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include "canvas/canvasstyle.h"

namespace drivelab {

WireItem::WireItem(const QString& component, const QString& port, Domain domain) : m_component(component), m_port(port), m_domain(domain)
{
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(true);
    setZValue(0.0);
    setToolTip(QCoreApplication::translate("WireItem", "%1.%2 (%3 wire): select and press Delete to disconnect")
                   .arg(component, port, style::domainTitle(domain)));
}

void WireItem::setRoute(const QVector<QPointF>& points)
{
    if (points == m_route) return;
    m_route = points;
    QPainterPath p;
    if (!points.isEmpty()) {
        p.moveTo(points.front());
        for (int i = 1; i < points.size(); ++i) p.lineTo(points[i]);
    }
    setPath(p);
}

QPainterPath WireItem::shape() const
{
    QPainterPathStroker s;
    s.setWidth(9.0);
    return s.createStroke(path());
}

void WireItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const bool selected = option->state & QStyle::State_Selected;
    if (selected || m_hover) {
        QColor halo = style::selectionColor();
        halo.setAlpha(selected ? 90 : 45);
        painter->setPen(QPen(halo, 7.0, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        painter->drawPath(path());
    }
    painter->setPen(QPen(style::domainColor(m_domain), m_domain == Domain::Thermal ? 1.6 : 2.2,
                         m_domain == Domain::Thermal ? Qt::DashLine : Qt::SolidLine, Qt::FlatCap, Qt::MiterJoin));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(path());
}

void WireItem::hoverEnterEvent(QGraphicsSceneHoverEvent* event)
{
    m_hover = true;
    update();
    QGraphicsPathItem::hoverEnterEvent(event);
}

void WireItem::hoverLeaveEvent(QGraphicsSceneHoverEvent* event)
{
    m_hover = false;
    update();
    QGraphicsPathItem::hoverLeaveEvent(event);
}

} // namespace drivelab
