#include "canvas/portitem.h"

#include <QCoreApplication>
#include <QCursor>
#include <QFontMetricsF>
#include <QPainter>

#include <cmath>

#include "canvas/canvasstyle.h"
#include "canvas/componentitem.h"
#include "document/partblocks.h"

namespace drivelab {
namespace {
constexpr double kMarker = 9.0;
constexpr double kGroundStub = 16.0;

QFont nameFont()
{
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPixelSize(9);
    return f;
}

} // namespace

PortItem::PortItem(ComponentItem* parent, const PortDescriptor& port)
    : QGraphicsItem(parent), m_port(port), m_domain(port.domain), m_showsName(parent && isPartType(parent->descriptor().type))
{
    setAcceptHoverEvents(true);
    setCursor(Qt::CrossCursor);
    setZValue(2.0);
    updateToolTip();
}

ComponentItem* PortItem::component() const { return static_cast<ComponentItem*>(parentItem()); }

void PortItem::setBinding(Binding b, const QString& node)
{
    if (b == m_binding && node == m_node) return;
    prepareGeometryChange();
    m_binding = b;
    m_node = node;
    updateToolTip();
    update();
}

void PortItem::setDomain(Domain d)
{
    if (d == m_domain) return;
    m_domain = d;
    updateToolTip();
    update();
}

void PortItem::setDirection(const QPointF& d)
{
    prepareGeometryChange();
    m_direction = d;
    update();
}

void PortItem::setMapping(const QString& caption, bool needed)
{
    if (caption == m_caption && needed == m_mapped) return;
    prepareGeometryChange();
    m_caption = caption;
    m_mapped = needed;
    updateToolTip();
    update();
}

QRectF PortItem::nameRect() const
{
    if (!showsName()) return {};
    const QFontMetricsF fm(nameFont());
    const QSizeF size(fm.horizontalAdvance(shownName()) + 2.0, fm.height());
    if (!m_showsName) { // a symbol's mapped port (an FMU's): outside the drawing, past the marker, beside the wire
        const QPointF out = m_direction;
        const QPointF at = out * (kMarker + 2.0);
        if (std::abs(out.x()) > 0.5) // left or right: over the wire, running outward
            return QRectF(QPointF(out.x() > 0 ? at.x() : at.x() - size.width(), -size.height() - 1.0), size);
        return QRectF(QPointF(3.0, out.y() > 0 ? at.y() : at.y() - size.height()), size); // up or down: right of the wire
    }
    // a part's block: inside the block, away from the outward direction, past the marker
    const QPointF in = -m_direction;
    const QPointF at = in * (kMarker + 2.0);
    if (std::abs(in.x()) > 0.5) return QRectF(QPointF(in.x() > 0 ? at.x() : at.x() - size.width(), -size.height() / 2.0), size);
    return QRectF(QPointF(-size.width() / 2.0, in.y() > 0 ? at.y() : at.y() - size.height()), size);
}

void PortItem::setDropHighlight(int state)
{
    if (state == m_drop) return;
    m_drop = state;
    update();
}

void PortItem::setRevealed(bool on)
{
    if (on == m_revealed) return;
    m_revealed = on;
    update();
}

bool PortItem::isDrawn() const
{
    if (!quietWhenIdle() || m_hover || m_drop != 0 || m_revealed) return true;
    const ComponentItem* c = component();
    return c && c->showsQuietPorts();
}

QRectF PortItem::boundingRect() const
{
    const double r = kMarker + 4.0;
    QRectF box(-r, -r, 2 * r, 2 * r);
    if (m_binding == Binding::Ground || m_binding == Binding::DefaultGround) {
        const QPointF end = m_direction * (kGroundStub + 8.0);
        box = box.united(QRectF(end - QPointF(12, 12), QSizeF(24, 24)));
    }
    if (showsName()) box = box.united(nameRect());
    return box;
}

QPainterPath PortItem::shape() const
{
    QPainterPath p;
    p.addEllipse(QPointF(0, 0), kMarker, kMarker);
    return p;
}

void PortItem::paint(QPainter* painter, const QStyleOptionGraphicsItem*, QWidget*)
{
    if (!isDrawn()) return; // a free optional port stays out of the drawing until it is wanted
    painter->setRenderHint(QPainter::Antialiasing);
    const QColor c = style::domainColor(m_domain);
    // ground: a stub leaving the port and the hatched reference
    if (m_binding == Binding::Ground || m_binding == Binding::DefaultGround) {
        QPen pen(m_binding == Binding::Ground ? style::inkColor() : QColor(0x9a, 0xa1, 0xab), 1.6);
        if (m_binding == Binding::DefaultGround) pen.setStyle(Qt::DashLine);
        painter->setPen(pen);
        const QPointF end = m_direction * kGroundStub;
        painter->drawLine(QPointF(0, 0), end);
        const QPointF across(-m_direction.y(), m_direction.x());
        painter->drawLine(end - across * 10, end + across * 10);
        pen.setStyle(Qt::SolidLine);
        pen.setWidthF(1.0);
        painter->setPen(pen);
        for (int i = -2; i <= 2; ++i) {
            const QPointF base = end + across * (i * 4.5);
            painter->drawLine(base, base + m_direction * 5 - across * 4);
        }
    }
    const bool freeRequired = m_binding == Binding::Free && (!m_port.optional || m_mapped);
    if (m_hover || m_drop != 0) {
        const QColor ring = m_drop < 0 ? style::errorColor() : (m_drop > 0 ? style::acceptColor() : c);
        painter->setPen(QPen(ring, 2.0));
        painter->setBrush(Qt::NoBrush);
        painter->drawEllipse(QPointF(0, 0), kMarker, kMarker);
    }
    const QPainterPath marker = style::portShape(m_domain, 8.0);
    painter->setPen(QPen(freeRequired ? style::errorColor() : c, 1.6));
    painter->setBrush(m_binding == Binding::Free || m_binding == Binding::DefaultGround ? QBrush(Qt::white) : QBrush(c));
    painter->drawPath(marker);
    if (showsName()) { // an exposed port of a part, or an FMU's mapped port: its name, in the domain's colour
        painter->setFont(nameFont());
        painter->setPen(c.darker(130));
        const QPointF in = -m_direction;
        const bool horizontal = std::abs(in.x()) > 0.5;
        Qt::Alignment align = horizontal ? (in.x() > 0 ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter
                                         : Qt::AlignHCenter | (in.y() > 0 ? Qt::AlignTop : Qt::AlignBottom);
        if (!m_showsName) // outside (nameRect): the end nearest the marker
            align = horizontal ? (in.x() > 0 ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignBottom
                               : Qt::AlignLeft | (in.y() > 0 ? Qt::AlignBottom : Qt::AlignTop);
        painter->drawText(nameRect(), align, shownName());
    }
}

void PortItem::hoverEnterEvent(QGraphicsSceneHoverEvent* event)
{
    m_hover = true;
    update();
    QGraphicsItem::hoverEnterEvent(event);
}

void PortItem::hoverLeaveEvent(QGraphicsSceneHoverEvent* event)
{
    m_hover = false;
    update();
    QGraphicsItem::hoverLeaveEvent(event);
}

void PortItem::updateToolTip()
{
    QString state;
    switch (m_binding) {
    case Binding::Free:
        state = QCoreApplication::translate("PortItem", "not connected: drag to a %1 node").arg(style::domainTitle(m_domain));
        break;
    case Binding::Node: state = QCoreApplication::translate("PortItem", "connected to %1").arg(m_node); break;
    case Binding::Ground: state = QCoreApplication::translate("PortItem", "connected to ground"); break;
    case Binding::DefaultGround: state = QCoreApplication::translate("PortItem", "not connected: ground by default"); break;
    }
    QString what = m_showsName ? QCoreApplication::translate("PortItem", "exposed port of the part")
                               : QString::fromLatin1(m_port.doc).toHtmlEscaped();
    if (!m_caption.isEmpty()) what += QCoreApplication::translate("PortItem", "<br>feeds FMU input '%1'").arg(m_caption.toHtmlEscaped());
    setToolTip(QStringLiteral("<b>%1</b> (%2): %3<br>%4").arg(name().toHtmlEscaped(), style::domainTitle(m_domain), what, state));
}

} // namespace drivelab
