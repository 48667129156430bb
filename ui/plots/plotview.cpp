#include "plots/plotview.h"

#include <QContextMenuEvent>
#include <QElapsedTimer>
#include <QMimeData>
#include <QPainter>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <limits>

namespace drivelab {

PlotView::PlotView(QChart* chart, QWidget* parent)
    : QChartView(chart, parent), m_cursor(std::numeric_limits<double>::quiet_NaN()),
      m_measure{std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()}
{
    setRenderHint(QPainter::Antialiasing, true);
    setMouseTracking(true);
    setAcceptDrops(true);
    viewport()->setAcceptDrops(true);
    setRubberBand(QChartView::NoRubberBand);
    viewport()->setCursor(Qt::CrossCursor);
}

void PlotView::paintEvent(QPaintEvent* e)
{
    QElapsedTimer clock;
    clock.start();
    QChartView::paintEvent(e);
    m_paintMs += static_cast<double>(clock.nsecsElapsed()) * 1e-6;
}

void PlotView::setReadout(double t, const QStringList& lines)
{
    m_cursor = t;
    m_lines = lines;
    viewport()->update();
}

void PlotView::setMeasurement(double ta, double tb, const QStringList& lines)
{
    m_measure[0] = ta;
    m_measure[1] = tb;
    m_measureLines = lines;
    viewport()->update();
}

void PlotView::setMarkers(const QVector<TimeMarker>& markers)
{
    m_markers = markers;
    viewport()->update();
}

QString PlotView::markerTextAt(const QPointF& viewPos) const
{
    const QRectF area = chart()->plotArea();
    const QPointF scene = mapToScene(viewPos.toPoint());
    if (!area.contains(scene)) return {};
    QStringList lines;
    for (const TimeMarker& m : m_markers) {
        if (std::fabs(chart()->mapToPosition(QPointF(m.time, 0.0)).x() - scene.x()) <= 3.0) lines << m.label;
    }
    return lines.join(QLatin1Char('\n'));
}

int PlotView::measureCursorAt(const QPointF& viewPos) const
{
    const double x = mapToScene(viewPos.toPoint()).x();
    for (int k = 0; k < 2; ++k) {
        if (!std::isnan(m_measure[k]) && std::fabs(chart()->mapToPosition(QPointF(m_measure[k], 0.0)).x() - x) <= 5.0) return k;
    }
    return -1;
}

double PlotView::timeAt(const QPointF& viewPos) const { return chart()->mapToValue(mapToScene(viewPos.toPoint())).x(); }

void PlotView::wheelEvent(QWheelEvent* e)
{
    const double steps = e->angleDelta().y() / 120.0;
    if (steps == 0.0) return;
    emit zoomRequested(std::pow(0.8, steps), timeAt(e->position()));
    e->accept();
}

void PlotView::mousePressEvent(QMouseEvent* e)
{
    if (e->button() == Qt::LeftButton && (m_dragging = measureCursorAt(e->position())) >= 0) {
        e->accept();
        return;
    }
    if (e->button() == Qt::LeftButton) {
        m_panning = true;
        m_panLast = e->position();
        viewport()->setCursor(Qt::ClosedHandCursor);
        e->accept();
        return;
    }
    QChartView::mousePressEvent(e);
}

void PlotView::mouseMoveEvent(QMouseEvent* e)
{
    if (m_dragging >= 0) emit measureCursorMoved(m_dragging, timeAt(e->position()));
    viewport()->setCursor(m_dragging >= 0 || measureCursorAt(e->position()) >= 0 ? Qt::SizeHorCursor
                          : m_panning                                        ? Qt::ClosedHandCursor
                                                                             : Qt::CrossCursor);
    const QString marker = m_dragging < 0 && !m_panning ? markerTextAt(e->position()) : QString();
    if (!marker.isEmpty())
        QToolTip::showText(e->globalPosition().toPoint(), marker, this);
    else if (QToolTip::isVisible())
        QToolTip::hideText();
    if (m_panning) {
        const double dt = timeAt(m_panLast) - timeAt(e->position());
        m_panLast = e->position();
        if (dt != 0.0) emit panRequested(dt);
    }
    if (chart()->plotArea().contains(mapToScene(e->position().toPoint())))
        emit cursorMoved(timeAt(e->position()));
    else
        emit cursorLeft();
    QChartView::mouseMoveEvent(e);
}

void PlotView::mouseReleaseEvent(QMouseEvent* e)
{
    if (e->button() == Qt::LeftButton && m_dragging >= 0) {
        m_dragging = -1;
        e->accept();
        return;
    }
    if (e->button() == Qt::LeftButton && m_panning) {
        m_panning = false;
        viewport()->setCursor(Qt::CrossCursor);
        e->accept();
        return;
    }
    QChartView::mouseReleaseEvent(e);
}

void PlotView::mouseDoubleClickEvent(QMouseEvent* e)
{
    if (e->button() == Qt::LeftButton) emit fitRequested();
    e->accept();
}

void PlotView::leaveEvent(QEvent* e)
{
    emit cursorLeft();
    QChartView::leaveEvent(e);
}

void PlotView::contextMenuEvent(QContextMenuEvent* e)
{
    emit contextMenuWanted(e->globalPos());
    e->accept();
}

void PlotView::dragEnterEvent(QDragEnterEvent* e)
{
    if (e->mimeData()->hasFormat(kObservableMimeType) || e->mimeData()->hasFormat(kItemMimeType))
        e->acceptProposedAction();
    else
        e->ignore();
}

void PlotView::dragMoveEvent(QDragMoveEvent* e)
{
    if (e->mimeData()->hasFormat(kObservableMimeType) || e->mimeData()->hasFormat(kItemMimeType))
        e->acceptProposedAction();
    else
        e->ignore();
}

void PlotView::dropEvent(QDropEvent* e)
{
    const QMimeData* m = e->mimeData();
    if (m->hasFormat(kObservableMimeType)) {
        QStringList subjects, names;
        for (const QString& line : QString::fromUtf8(m->data(kObservableMimeType)).split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
            const QStringList parts = line.split(QLatin1Char('\t'));
            if (parts.size() != 2) continue;
            subjects << parts[0];
            names << parts[1];
        }
        e->acceptProposedAction();
        emit observablesDropped(subjects, names);
        return;
    }
    if (m->hasFormat(kItemMimeType)) {
        e->acceptProposedAction();
        emit itemDropped(QString::fromUtf8(m->data(kItemMimeType)), mapToGlobal(e->position().toPoint()));
        return;
    }
    e->ignore();
}

void PlotView::drawBox(QPainter* painter, const QRectF& area, QPointF at, bool below, const QStringList& lines) const
{
    // a white box of text lines beside x = at.x(), from the top (or up from the bottom) of the plot area
    QFont f = painter->font();
    f.setPointSizeF(8.5);
    painter->setFont(f);
    const QFontMetricsF fm(f);
    double w = 0;
    for (const QString& l : lines) w = std::max(w, fm.horizontalAdvance(l));
    const double h = fm.height() * lines.size() + 6;
    QRectF box(at.x() + 8, below ? area.bottom() - 4 - h : area.top() + 4, w + 10, h);
    if (box.right() > area.right()) box.moveRight(at.x() - 8);
    if (box.left() < area.left()) box.moveLeft(area.left() + 2);
    painter->setPen(QColor(120, 120, 120));
    painter->setBrush(QColor(255, 255, 255, 225));
    painter->drawRect(box);
    painter->setPen(Qt::black);
    double y = box.top() + 3 + fm.ascent();
    for (const QString& l : lines) {
        painter->drawText(QPointF(box.left() + 5, y), l);
        y += fm.height();
    }
}

void PlotView::drawForeground(QPainter* painter, const QRectF& rect)
{
    QChartView::drawForeground(painter, rect);
    const QRectF area = chart()->plotArea();
    painter->save();
    // event markers: lab events grey-blue dashed, clutch locks green, breakaways red, releases orange
    const QColor markerColours[] = {QColor(70, 90, 140, 200), QColor(30, 140, 60, 200), QColor(200, 30, 30, 200), QColor(220, 130, 0, 200)};
    for (const TimeMarker& m : std::as_const(m_markers)) {
        const double x = chart()->mapToPosition(QPointF(m.time, 0.0)).x();
        if (x < area.left() || x > area.right()) continue;
        painter->setPen(QPen(markerColours[m.kind], 1.0, m.kind == TimeMarker::LabEvent ? Qt::DashLine : Qt::SolidLine));
        painter->drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
    }
    if (!std::isnan(m_measure[0]) && !std::isnan(m_measure[1])) {
        // the interval shaded, A and B as solid lines with their letters
        const double xa = std::clamp(chart()->mapToPosition(QPointF(m_measure[0], 0.0)).x(), area.left(), area.right());
        const double xb = std::clamp(chart()->mapToPosition(QPointF(m_measure[1], 0.0)).x(), area.left(), area.right());
        painter->fillRect(QRectF(QPointF(std::min(xa, xb), area.top()), QPointF(std::max(xa, xb), area.bottom())), QColor(255, 200, 0, 40));
        painter->setPen(QPen(QColor(200, 120, 0), 1.2));
        const char* names[] = {"A", "B"};
        for (int k = 0; k < 2; ++k) {
            const double x = k == 0 ? xa : xb;
            painter->drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
            painter->drawText(QPointF(x + 3, area.top() + 11), QLatin1String(names[k]));
        }
        if (!m_measureLines.isEmpty()) drawBox(painter, area, QPointF(std::min(xa, xb), 0.0), true, m_measureLines);
    }
    if (!std::isnan(m_cursor)) {
        const double x = chart()->mapToPosition(QPointF(m_cursor, 0.0)).x();
        if (x >= area.left() && x <= area.right()) {
            painter->setPen(QPen(QColor(60, 60, 60, 180), 1, Qt::DashLine));
            painter->drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
            if (!m_lines.isEmpty()) drawBox(painter, area, QPointF(x, 0.0), false, m_lines);
        }
    }
    painter->restore();
}

} // namespace drivelab
