#pragma once
// A component port on the canvas: a domain-shaped marker at the symbol's anchor,
// filled when bound, hollow when free (red when a required port is free), with a
// ground symbol when it is bound (or defaults) to the fixed reference. A free optional
// port (a mechanical clutch's pressure, oil and heat ports) is drawn only while its
// component is hovered or selected, or while a wire is dragged (docs/EDITOR.md, "Ports").
// A port of an instance of a part (an exposed port of the part) carries its name beside the
// marker, inside the block, in its domain's colour (docs/EDITOR.md "Labs with parts"). A port an
// imported FMU's mapping uses (an `fmu` component's node_a with a speed_input) carries the FMU
// variable's name the same way and is drawn, red when free, as a required port is
// (docs/EDITOR.md "FMU components").
#include <QGraphicsItem>

#include "canvas/itemtypes.h"
#include "spec/descriptor.h"

namespace drivelab {

class ComponentItem;

/// one port of a component item
class PortItem : public QGraphicsItem {
public:
    enum class Binding { Free, Node, Ground, DefaultGround };

    PortItem(ComponentItem* parent, const PortDescriptor& port);

    int type() const override { return kPortItemType; }
    /// port name ("node_a")
    QString name() const { return QString::fromLatin1(m_port.name); }
    const PortDescriptor& descriptor() const { return m_port; }
    /// the port's domain in this lab (a transformer's follows node_a)
    Domain domain() const { return m_domain; }
    void setDomain(Domain d);
    /// the component it belongs to
    ComponentItem* component() const;
    /// bound node id ("" when free)
    QString node() const { return m_node; }
    Binding binding() const { return m_binding; }
    void setBinding(Binding b, const QString& node);
    /// outward direction in item coordinates of the component
    void setDirection(const QPointF& d);
    QPointF direction() const { return m_direction; }
    /// highlight while a wire drag passes over it
    void setDropHighlight(int state); // 0 none, 1 accept, -1 refuse
    /// show it even when it is a free optional port (while a wire is dragged)
    void setRevealed(bool on);
    /// a free optional port the mapping does not use: drawn only on demand
    bool quietWhenIdle() const { return m_binding == Binding::Free && m_port.optional && !m_mapped; }
    /// the mapping of an fmu component: `caption` (the FMU variable it feeds, "" for none) drawn
    /// beside the marker, and whether the mapping needs the port (then it is drawn, red when free)
    void setMapping(const QString& caption, bool needed);
    /// the caption setMapping gave ("" when none)
    QString caption() const { return m_caption; }
    /// drawn now (a free optional port only while hovered, selected, revealed or a drop target)
    bool isDrawn() const;
    /// an exposed port of a part on an instance's block: drawn with its name
    bool showsName() const { return m_showsName || !m_caption.isEmpty(); }
    /// where the name is drawn (item coordinates; empty when not shown): a part's port inside the
    /// block, beside the marker; a symbol's mapped port (an FMU's caption) outside the drawing,
    /// past the marker beside the wire (over it on a left or right side, right of it on top or bottom)
    QRectF nameRect() const;

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    void hoverEnterEvent(QGraphicsSceneHoverEvent* event) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* event) override;

private:
    void updateToolTip();
    /// the text drawn beside the marker: the caption, else the port's name
    QString shownName() const { return m_caption.isEmpty() ? name() : m_caption; }

    const PortDescriptor& m_port;
    Domain m_domain;
    QString m_node;
    Binding m_binding = Binding::Free;
    QPointF m_direction{-1, 0};
    bool m_hover = false;
    int m_drop = 0;
    bool m_revealed = false;
    bool m_showsName = false;
    QString m_caption;
    bool m_mapped = false;
};

} // namespace drivelab
