#include "canvas/nodeitem.h"

#include <QCoreApplication>
#include <QPainter>

#include <cmath>
#include <limits>

#include "canvas/canvasstyle.h"
#include "canvas/labeltext.h"

namespace drivelab {
namespace {
const QString kSides[] = {QStringLiteral("left"), QStringLiteral("right"), QStringLiteral("top"), QStringLiteral("bottom")};
}

NodeItem::NodeItem(const QString& id, Domain domain) : SymbolItem(id, nodeSymbol(domain)), m_domain(domain)
{
    updateGeometry();
    updateToolTip();
}

void NodeItem::syncFrom(const NodeSpec& spec)
{
    setSymbol(nodeSymbol(m_domain, nodeVariant(spec)));
    m_spec = spec;
    setLabel(detailText());
}

void NodeItem::setLiveOil(std::optional<double> kelvin)
{
    if (kelvin == m_liveOil) return;
    m_liveOil = kelvin;
    setLabel(detailText());
}

void NodeItem::setExposedPort(bool on)
{
    if (on == m_exposed) return;
    m_exposed = on;
    setLabel(detailText());
    updateToolTip();
    update();
}

QString NodeItem::detailText() const
{
    if (!m_exposed) return nodeDetail(m_spec, m_liveOil);
    const QString port = QCoreApplication::translate("NodeItem", "port · %1").arg(style::domainTitle(m_domain));
    const QString fields = nodeDetail(m_spec, m_liveOil);
    return fields.isEmpty() ? port : port + QStringLiteral("   ") + fields;
}

QString NodeItem::toolTipNote() const
{
    if (!m_exposed) return {};
    return QCoreApplication::translate("NodeItem", "exposed port of the part (%1): outside, the instance's port %2 connects here")
        .arg(style::domainTitle(m_domain), id());
}

NodeItem::Anchor NodeItem::anchorFor(const QPointF& from, const QPointF& fromDir) const
{
    double best = std::numeric_limits<double>::infinity();
    Anchor out;
    for (const QString& side : kSides) {
        const QPointF local = m_symbol->anchors.value(side);
        const QPointF p = pos() + mapSymbolPoint(local);
        const QPointF dir = mapSymbolDirection(m_symbol->direction(local));
        const QPointF towards = from - p;
        // prefer anchors that face the port and ports that face the anchor
        double cost = std::fabs(towards.x()) + std::fabs(towards.y());
        if (towards.x() * dir.x() + towards.y() * dir.y() <= 0.0) cost += 400.0;
        if (-(towards.x() * fromDir.x() + towards.y() * fromDir.y()) <= 0.0) cost += 150.0;
        if (cost < best) {
            best = cost;
            out = {side, p, dir};
        }
    }
    return out;
}

void NodeItem::setWireCounts(const QHash<QString, int>& counts)
{
    if (counts == m_wireCounts) return;
    m_wireCounts = counts;
    updateGeometry();
}

void NodeItem::setDropHighlight(int state)
{
    if (state == m_drop) return;
    m_drop = state;
    update();
}

void NodeItem::usedSides(bool used[4]) const
{
    // the label keeps clear of the sides wires arrive at
    used[0] = used[1] = used[2] = used[3] = false;
    for (const QString& side : kSides) {
        if (m_wireCounts.value(side) < 1) continue;
        const QPointF d = mapSymbolDirection(m_symbol->direction(m_symbol->anchors.value(side)));
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

QColor NodeItem::fillColor() const { return style::domainTint(m_domain); }

void NodeItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget)
{
    if (m_drop != 0) {
        painter->setRenderHint(QPainter::Antialiasing);
        QColor c = m_drop > 0 ? style::acceptColor() : style::errorColor();
        painter->setPen(QPen(c, 2.0));
        c.setAlpha(40);
        painter->setBrush(c);
        painter->drawRoundedRect(symbolRect().adjusted(-8, -8, 8, 8), 8, 8);
    }
    if (m_exposed) { // a port of the part: a frame in the domain's colour behind the symbol
        painter->setRenderHint(QPainter::Antialiasing);
        QColor c = style::domainColor(m_domain);
        painter->setPen(QPen(c, 2.4));
        c.setAlpha(60);
        painter->setBrush(c);
        painter->drawRoundedRect(symbolRect().adjusted(-5, -5, 5, 5), 4, 4);
    }
    SymbolItem::paint(painter, option, widget);
    if (m_exposed) { // and its domain's port marker, filled, on the symbol
        const QColor c = style::domainColor(m_domain);
        painter->setPen(QPen(Qt::white, 1.4));
        painter->setBrush(c);
        painter->drawPath(style::portShape(m_domain, 14.0));
    }
    // junction dots where several wires meet
    painter->setPen(Qt::NoPen);
    painter->setBrush(style::domainColor(m_domain));
    for (const QString& side : kSides) {
        if (m_wireCounts.value(side) < 1) continue;
        const QPointF p = mapSymbolPoint(m_symbol->anchors.value(side));
        painter->drawEllipse(p, m_wireCounts.value(side) > 1 ? 4.0 : 3.0, m_wireCounts.value(side) > 1 ? 4.0 : 3.0);
    }
}

} // namespace drivelab
