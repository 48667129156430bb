#include "plots/plotview.h"

#include <QContextMenuEvent>
#include <QElapsedTimer>
#include <QMimeData>
#include <QPainter>
#include <QValueAxis>

#include <cmath>
#include <limits>

namespace drivelab {

PlotView::PlotView(QChart* chart, QWidget* parent) : QChartView(chart, parent), m_cursor(std::numeric_limits<double>::quiet_NaN())
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

void PlotView::drawForeground(QPainter* painter, const QRectF& rect)
{
    QChartView::drawForeground(painter, rect);
    if (std::isnan(m_cursor)) return;
    const QRectF area = chart()->plotArea();
    const double x = chart()->mapToPosition(QPointF(m_cursor, 0.0)).x();
    if (x < area.left() || x > area.right()) return;
    painter->save();
    painter->setPen(QPen(QColor(60, 60, 60, 180), 1, Qt::DashLine));
    painter->drawLine(QPointF(x, area.top()), QPointF(x, area.bottom()));
    if (!m_lines.isEmpty()) {
        QFont f = painter->font();
        f.setPointSizeF(8.5);
        painter->setFont(f);
        const QFontMetricsF fm(f);
        double w = 0;
        for (const QString& l : m_lines) w = std::max(w, fm.horizontalAdvance(l));
        const double h = fm.height() * m_lines.size() + 6;
        QRectF box(x + 8, area.top() + 4, w + 10, h);
        if (box.right() > area.right()) box.moveRight(x - 8);
        painter->setPen(QColor(120, 120, 120));
        painter->setBrush(QColor(255, 255, 255, 225));
        painter->drawRect(box);
        painter->setPen(Qt::black);
        double y = box.top() + 3 + fm.ascent();
        for (const QString& l : m_lines) {
            painter->drawText(QPointF(box.left() + 5, y), l);
            y += fm.height();
        }
    }
    painter->restore();
}

} // namespace drivelab
