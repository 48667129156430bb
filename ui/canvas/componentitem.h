#pragma once
// A component on the canvas: its symbol, its ports and its label.
#include <QHash>

#include "canvas/itemtypes.h"
#include "canvas/symbolitem.h"
#include "spec/labspec.h"

namespace drivelab {

class PortItem;

/// one component of the lab
class ComponentItem : public SymbolItem {
public:
    ComponentItem(const QString& id, const ComponentDescriptor& descriptor);

    int type() const override { return kComponentItemType; }
    const ComponentDescriptor& descriptor() const { return m_descriptor; }
    /// port by name
    PortItem* port(const QString& name) const { return m_ports.value(name); }
    /// every port, in descriptor order
    QList<PortItem*> ports() const;
    /// bindings and label from the spec
    void syncFrom(const LabSpec& lab, const ComponentSpec& spec);
    /// its free optional ports are drawn now (it is hovered or selected)
    bool showsQuietPorts() const { return m_hovered || isSelected(); }

protected:
    void placementChanged() override;
    QColor fillColor() const override;
    void usedSides(bool used[4]) const override;
    void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    void updateQuietPorts();

    const ComponentDescriptor& m_descriptor;
    QHash<QString, PortItem*> m_ports;
    bool m_hovered = false;
};

} // namespace drivelab
