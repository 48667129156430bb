#pragma once
// A wire: the binding of one component port to one node, drawn as an orthogonal path
// in the domain's colour. Selecting a wire and deleting it disconnects the port.
#include <QGraphicsPathItem>

#include "canvas/itemtypes.h"
#include "spec/descriptor.h"

namespace drivelab {

/// one port-to-node binding on the canvas
class WireItem : public QGraphicsPathItem {
public:
    WireItem(const QString& component, const QString& port, Domain domain);

    int type() const override { return kWireItemType; }
    QString component() const { return m_component; }
    QString port() const { return m_port; }
    QString node() const { return m_node; }
    void setNode(const QString& node) { m_node = node; }
    void setComponent(const QString& id) { m_component = id; }
    void setDomain(Domain d)
    {
        if (d == m_domain) return;
        m_domain = d;
        update();
    }
    /// set the corner points
    void setRoute(const QVector<QPointF>& points);
    /// the corner points
    const QVector<QPointF>& route() const { return m_route; }

    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    QString m_component;
    QString m_port;
    QString m_node;
    Domain m_domain;
    QVector<QPointF> m_route;
    bool m_hover = false;
};

} // namespace drivelab
