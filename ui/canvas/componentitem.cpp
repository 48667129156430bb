#include "canvas/componentitem.h"

#include "canvas/labeltext.h"
#include "canvas/portitem.h"
#include "document/partblocks.h"
#include "document/portdomains.h"
#include "fmi/fmuports.h"

namespace drivelab {

ComponentItem::ComponentItem(const QString& id, const ComponentDescriptor& descriptor)
    : SymbolItem(id, componentSymbol(descriptor)), m_descriptor(descriptor)
{
    for (const auto& p : descriptor.ports) m_ports.insert(QString::fromLatin1(p.name), new PortItem(this, p));
    placementChanged();
    updateGeometry();
    updateToolTip();
}

QList<PortItem*> ComponentItem::ports() const
{
    QList<PortItem*> out;
    for (const auto& p : m_descriptor.ports) out << m_ports.value(QString::fromLatin1(p.name));
    return out;
}

void ComponentItem::syncFrom(const LabSpec& lab, const ComponentSpec& spec)
{
    for (const auto& p : m_descriptor.ports) {
        PortItem* item = m_ports.value(QString::fromLatin1(p.name));
        item->setDomain(effectiveDomain(lab, spec, p));
        const std::string* node = spec.port(p.name);
        if (node && *node == kGroundId)
            item->setBinding(PortItem::Binding::Ground, QStringLiteral("ground"));
        else if (node)
            item->setBinding(PortItem::Binding::Node, QString::fromStdString(*node));
        else if (p.optional && p.allowGround)
            item->setBinding(PortItem::Binding::DefaultGround, QString());
        else
            item->setBinding(PortItem::Binding::Free, QString());
    }
    // an imported FMU's ports follow its variable mapping (ui/fmi/fmuports.h)
    if (std::string_view(m_descriptor.type) == "fmu") {
        for (const auto& p : m_descriptor.ports) {
            const FmuPortMapping m = fmuPortMapping(spec, p);
            m_ports.value(QString::fromLatin1(p.name))->setMapping(m.caption, m.needed);
        }
    }
    setLabel(componentDetail(spec));
    updateGeometry(); // the label keeps clear of the ports now wired
}

void ComponentItem::placementChanged()
{
    for (const auto& p : m_descriptor.ports) {
        const QString name = QString::fromLatin1(p.name);
        const QPointF anchor = m_symbol->anchors.value(name);
        PortItem* item = m_ports.value(name);
        item->setPos(mapSymbolPoint(anchor));
        item->setDirection(mapSymbolDirection(m_symbol->direction(anchor)));
    }
    updateGeometry();
}

QColor ComponentItem::fillColor() const
{
    // an instance of a part (a subsystem) is tinted apart from the plain components
    return isPartType(m_descriptor.type) ? QColor(0xe9, 0xec, 0xfa) : SymbolItem::fillColor();
}

void ComponentItem::hoverEnterEvent(QGraphicsSceneHoverEvent* event)
{
    m_hovered = true;
    updateQuietPorts();
    SymbolItem::hoverEnterEvent(event);
}

void ComponentItem::hoverLeaveEvent(QGraphicsSceneHoverEvent* event)
{
    m_hovered = false;
    updateQuietPorts();
    SymbolItem::hoverLeaveEvent(event);
}

QVariant ComponentItem::itemChange(GraphicsItemChange change, const QVariant& value)
{
    if (change == ItemSelectedHasChanged) updateQuietPorts();
    return SymbolItem::itemChange(change, value);
}

void ComponentItem::updateQuietPorts()
{
    for (PortItem* p : std::as_const(m_ports)) {
        if (p->quietWhenIdle()) p->update();
    }
}

void ComponentItem::usedSides(bool used[4]) const
{
    // the label keeps clear of the sides wires leave from
    used[0] = used[1] = used[2] = used[3] = false;
    for (const auto& p : m_descriptor.ports) {
        // a free optional port has no wire to keep clear of
        const PortItem* item = m_ports.value(QString::fromLatin1(p.name));
        if (item && p.optional && item->binding() == PortItem::Binding::Free) continue;
        const QPointF d = mapSymbolDirection(m_symbol->direction(m_symbol->anchors.value(QString::fromLatin1(p.name))));
        if (d.y() > 0.5)
            used[0] = true;
        else if (d.y() < -0.5)
            used[1] = true;
        else if (d.x() > 0.5)
            used[2] = true;
        else
            used[3] = true;
    }
}

} // namespace drivelab
