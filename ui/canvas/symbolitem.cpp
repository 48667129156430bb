#include "canvas/symbolitem.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include "canvas/canvasstyle.h"
#include "canvas/wirerouter.h"

namespace drivelab {

SymbolItem::SymbolItem(const QString& id, const Symbol& symbol) : m_symbol(&symbol), m_id(id)
{
    setFlag(ItemIsSelectable);
    setAcceptHoverEvents(true);
    setZValue(1.0);
    updateGeometry();
}

void SymbolItem::setSymbol(const Symbol& symbol)
{
    if (&symbol == m_symbol) return;
    m_symbol = &symbol;
    updateGeometry();
    placementChanged();
}

void SymbolItem::setId(const QString& id)
{
    m_id = id;
    updateGeometry();
    updateToolTip();
}

void SymbolItem::setPlacement(const Placement& p)
{
    const bool orientChanged = p.rotation != m_placement.rotation || p.flip != m_placement.flip;
    m_placement = p;
    setPos(p.x, p.y);
    if (orientChanged || m_orient.isIdentity()) {
        QTransform t;
        t.rotate(p.rotation);
        if (p.flip) t.scale(-1, 1);
        m_orient = t;
        updateGeometry();
        placementChanged();
    }
}

void SymbolItem::setLabel(const QString& detail)
{
    if (detail == m_detail) return;
    m_detail = detail;
    updateGeometry();
}

void SymbolItem::setProblems(const QStringList& errors, const QStringList& warnings)
{
    if (errors == m_errors && warnings == m_warnings) return;
    m_errors = errors;
    m_warnings = warnings;
    updateToolTip();
    update();
}

QPointF SymbolItem::mapSymbolDirection(const QPointF& d) const
{
    const QPointF v = m_orient.map(d) - m_orient.map(QPointF(0, 0));
    return QPointF(std::round(v.x()), std::round(v.y()));
}

QRectF SymbolItem::symbolRect() const
{
    const QSizeF s = m_symbol->size;
    return m_orient.mapRect(QRectF(-s.width() / 2.0, -s.height() / 2.0, s.width(), s.height()));
}

void SymbolItem::updateGeometry()
{
    prepareGeometryChange();
    const QList<int> sides = labelSides();
    m_labelSide = m_chosenSide >= 0 && sides.contains(m_chosenSide) ? m_chosenSide : sides.front();
    m_labelRect = labelRectFor(m_labelSide);
    update();
}

QList<int> SymbolItem::labelSides() const
{
    bool used[4];
    usedSides(used);
    QList<int> out;
    for (int side = 0; side < 4; ++side) {
        if (!used[side]) out << side;
    }
    for (int side = 0; side < 4; ++side) {
        if (used[side]) out << side;
    }
    return out;
}

QRectF SymbolItem::labelRectFor(int side) const
{
    const QRectF sym = symbolRect();
    const QFontMetricsF idMetrics(style::idFont());
    const QFontMetricsF detailMetrics(style::detailFont());
    const double w =
        std::max(idMetrics.horizontalAdvance(m_id), m_detail.isEmpty() ? 0.0 : detailMetrics.horizontalAdvance(m_detail)) + 8.0;
    const double h = idMetrics.height() + (m_detail.isEmpty() ? 0.0 : detailMetrics.height()) + 2.0;
    // on a side wires leave from, the label stands past the wires' stubs, so they can turn
    // before it and go round
    const double gap = wireOnSide(side) ? kWireStub + kLabelClearance + 4.0 : 6.0;
    switch (side) {
    case 1: return QRectF(-w / 2.0, sym.top() - gap - h, w, h);
    case 2: return QRectF(sym.right() + gap + 4.0, -h / 2.0, w, h);
    case 3: return QRectF(sym.left() - gap - 4.0 - w, -h / 2.0, w, h);
    default: return QRectF(-w / 2.0, sym.bottom() + gap, w, h);
    }
}

void SymbolItem::setLabelSide(int side)
{
    if (side == m_chosenSide && side == m_labelSide) return;
    m_chosenSide = side;
    updateGeometry();
}

void SymbolItem::updateToolTip()
{
    QString tip = QStringLiteral("<b>%1</b>").arg(m_id.toHtmlEscaped());
    if (const QString note = toolTipNote(); !note.isEmpty()) tip += QStringLiteral("<br>") + note.toHtmlEscaped();
    for (const QString& e : m_errors) tip += QStringLiteral("<br><span style='color:#d01f2b'>%1</span>").arg(e.toHtmlEscaped());
    for (const QString& w : m_warnings) tip += QStringLiteral("<br><span style='color:#b07000'>%1</span>").arg(w.toHtmlEscaped());
    setToolTip(tip);
}

QRectF SymbolItem::boundingRect() const { return symbolRect().adjusted(-10, -12, 12, 10).united(m_labelRect.adjusted(-2, -2, 2, 2)); }

QPainterPath SymbolItem::shape() const
{
    QPainterPath p;
    p.addRect(symbolRect().adjusted(-3, -3, 3, 3));
    p.addRect(m_labelRect);
    return p;
}

QColor SymbolItem::fillColor() const { return QColor(0xf4, 0xf6, 0xf9); }

void SymbolItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget*)
{
    painter->setRenderHint(QPainter::Antialiasing);
    const QRectF sym = symbolRect();
    const bool selected = option->state & QStyle::State_Selected;
    const bool hovered = option->state & QStyle::State_MouseOver;
    if (selected || hovered) {
        QColor c = style::selectionColor();
        c.setAlpha(selected ? 40 : 18);
        painter->setPen(selected ? QPen(style::selectionColor(), 1.2, Qt::SolidLine) : Qt::NoPen);
        painter->setBrush(c);
        painter->drawRoundedRect(sym.adjusted(-6, -6, 6, 6), 6, 6);
    }
    painter->save();
    painter->setTransform(m_orient, true);
    m_symbol->paint(painter, style::inkColor(), fillColor());
    painter->restore();
    m_symbol->paintUpright(painter, m_orient);
    if (!m_symbol->renderer) {
        QFont f(QStringLiteral("DejaVu Sans"));
        f.setPixelSize(10);
        painter->setFont(f);
        painter->setPen(style::inkColor());
        painter->drawText(sym.adjusted(7, 7, -7, -7), Qt::AlignCenter | Qt::TextWordWrap, m_symbol->caption);
    }
    if (!m_errors.isEmpty() || !m_warnings.isEmpty()) {
        const QColor c = m_errors.isEmpty() ? QColor(0xe0, 0x90, 0x00) : style::errorColor();
        painter->setPen(QPen(c, 1.6, Qt::DashLine));
        painter->setBrush(Qt::NoBrush);
        painter->drawRoundedRect(sym.adjusted(-5, -5, 5, 5), 6, 6);
        const QPointF badge = sym.topRight() + QPointF(3, -3);
        painter->setPen(Qt::NoPen);
        painter->setBrush(c);
        painter->drawEllipse(badge, 7, 7);
        painter->setPen(QPen(Qt::white, 2));
        painter->drawLine(badge + QPointF(0, -3.5), badge + QPointF(0, 1));
        painter->drawPoint(badge + QPointF(0, 3.6));
    }
    // label: id, then key parameters
    QColor back(255, 255, 255, 215);
    painter->setPen(Qt::NoPen);
    painter->setBrush(back);
    painter->drawRoundedRect(m_labelRect, 3, 3);
    painter->setPen(m_errors.isEmpty() ? style::inkColor() : style::errorColor());
    painter->setFont(style::idFont());
    const QFontMetricsF idMetrics(style::idFont());
    QRectF idRect(m_labelRect.left(), m_labelRect.top() + 1, m_labelRect.width(), idMetrics.height());
    const Qt::Alignment align = m_labelSide == 2 ? Qt::AlignLeft : m_labelSide == 3 ? Qt::AlignRight : Qt::AlignHCenter;
    const QRectF inner = m_labelRect.adjusted(4, 0, -4, 0);
    idRect = QRectF(inner.left(), idRect.top(), inner.width(), idRect.height());
    painter->drawText(idRect, align | Qt::AlignVCenter, m_id);
    if (!m_detail.isEmpty()) {
        painter->setPen(QColor(0x55, 0x5d, 0x68));
        painter->setFont(style::detailFont());
        const QRectF detailRect(inner.left(), idRect.bottom(), inner.width(), m_labelRect.bottom() - idRect.bottom());
        painter->drawText(detailRect, align | Qt::AlignTop, m_detail);
    }
}

} // namespace drivelab
