#include "canvas/labview.h"

#include <QKeyEvent>
#include <QPainter>
#include <QMimeData>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

#include "canvas/labscene.h"
#include "document/labdocument.h"

namespace drivelab {
namespace {
constexpr double kMinZoom = 0.1;
constexpr double kMaxZoom = 8.0;
} // namespace

LabView::LabView(LabScene* scene, QWidget* parent) : QGraphicsView(scene, parent), m_scene(scene)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    setDragMode(QGraphicsView::RubberBandDrag);
    setRubberBandSelectionMode(Qt::IntersectsItemShape);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setResizeAnchor(QGraphicsView::AnchorViewCenter);
    setViewportUpdateMode(QGraphicsView::SmartViewportUpdate);
    setAcceptDrops(true);
    setFrameShape(QFrame::NoFrame);
    setFocusPolicy(Qt::StrongFocus);
    // the empty-lab hint covers the whole view: repaint it all when items come or go
    const auto follow = [this](LabDocument* document) {
        disconnect(m_documentChanges);
        m_documentChanges = connect(document, &LabDocument::changed, this, [this](ChangeKind kind) {
            if (kind != ChangeKind::Layout) viewport()->update();
        });
    };
    follow(scene->document());
    connect(scene, &LabScene::documentChanged, this, follow);
    setStatusTip(tr("Drag from the palette to add; drag from a port to a node to connect; wheel to zoom; "
                    "middle button or Space+drag to pan"));
}

double LabView::zoom() const { return transform().m11(); }

void LabView::scaleAround(double factor, const QPointF& viewPos)
{
    const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
    factor = target / zoom();
    if (factor == 1.0) return;
    m_autoFit = false;
    const QPointF before = mapToScene(viewPos.toPoint());
    scale(factor, factor);
    const QPointF after = mapToScene(viewPos.toPoint());
    const QPointF shift = after - before;
    translate(shift.x(), shift.y());
    emit zoomChanged(zoom());
}

void LabView::zoomBy(double factor)
{
    m_autoFit = false;
    const ViewportAnchor old = transformationAnchor();
    setTransformationAnchor(QGraphicsView::AnchorViewCenter);
    const double target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
    scale(target / zoom(), target / zoom());
    setTransformationAnchor(old);
    emit zoomChanged(zoom());
}

void LabView::fitReadable()
{
    fitToContent();
    m_fitReadable = true;
    if (zoom() >= kReadableZoom) return;
    // too small to read: readable zoom, the drawing's left edge at the left, centred vertically when it fits
    QRectF r = m_scene->contentRect().adjusted(-40, -40, 40, 40);
    const double f = kReadableZoom / zoom();
    scale(f, f);
    const QSizeF seen(viewport()->width() / zoom(), viewport()->height() / zoom());
    const double cx = r.left() + seen.width() / 2.0;
    const double cy = r.height() <= seen.height() ? r.center().y() : r.top() + seen.height() / 2.0;
    centerOn(QPointF(cx, cy));
    emit zoomChanged(zoom());
}

void LabView::fitToContent()
{
    QRectF r = m_scene->contentRect();
    m_autoFit = true;
    m_fitReadable = false;
    if (r.isEmpty()) {
        // nothing to fit: 100 %, the origin (where the palette's first item lands) in the middle
        setTransform(QTransform());
        centerOn(QPointF(0, 0));
        emit zoomChanged(zoom());
        return;
    }
    fitInView(r.adjusted(-40, -40, 40, 40), Qt::KeepAspectRatio);
    if (zoom() > 1.5) {
        const double f = 1.5 / zoom();
        scale(f, f);
        centerOn(r.center());
    }
    emit zoomChanged(zoom());
}

void LabView::resetZoom()
{
    m_autoFit = false;
    const QPointF c = mapToScene(viewport()->rect().center());
    setTransform(QTransform());
    centerOn(c);
    emit zoomChanged(zoom());
}

void LabView::centreOn(const QString& id)
{
    if (QGraphicsItem* i = m_scene->itemFor(id)) {
        m_scene->selectIds({id});
        ensureVisible(i, 80, 80);
        centerOn(i);
    }
}

void LabView::wheelEvent(QWheelEvent* event)
{
    // wheel zooms (the usual schematic-editor habit); Shift/Ctrl+wheel scrolls
    if (event->modifiers() & (Qt::ShiftModifier | Qt::ControlModifier)) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0) return;
    scaleAround(std::pow(1.15, steps), event->position());
    event->accept();
}

void LabView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::MiddleButton || (m_spaceHeld && event->button() == Qt::LeftButton)) {
        m_panning = true;
        m_autoFit = false;
        m_panLast = event->pos();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void LabView::mouseMoveEvent(QMouseEvent* event)
{
    if (m_panning) {
        const QPoint d = event->pos() - m_panLast;
        m_panLast = event->pos();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - d.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - d.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void LabView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_panning && (event->button() == Qt::MiddleButton || event->button() == Qt::LeftButton)) {
        m_panning = false;
        viewport()->setCursor(m_spaceHeld ? Qt::OpenHandCursor : Qt::ArrowCursor);
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void LabView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = true;
        viewport()->setCursor(Qt::OpenHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void LabView::keyReleaseEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = false;
        viewport()->setCursor(Qt::ArrowCursor);
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void LabView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    if (m_autoFit && m_fitReadable)
        fitReadable();
    else if (m_autoFit)
        fitToContent();
}

void LabView::drawForeground(QPainter* painter, const QRectF& rect)
{
    QGraphicsView::drawForeground(painter, rect);
    if (!m_scene->document()->lab().nodes.empty() || !m_scene->document()->lab().components.empty()) return;
    // an empty lab says how to start
    painter->save();
    painter->resetTransform();
    QFont f(QStringLiteral("DejaVu Sans"));
    f.setPixelSize(15);
    painter->setFont(f);
    painter->setPen(QColor(0x8a, 0x93, 0xa0));
    painter->drawText(viewport()->rect().adjusted(40, 40, -40, -40), Qt::AlignCenter | Qt::TextWordWrap,
                      tr("Drag a shaft and some components from the palette onto the canvas,\n"
                         "then drag from a component's port to a shaft to connect them.\n\n"
                         "Or open a lab: File ▸ Open (%1), or one of the shipped examples: File ▸ Open Example….")
                          .arg(QKeySequence(QKeySequence::Open).toString(QKeySequence::NativeText)));
    painter->restore();
}

void LabView::dragEnterEvent(QDragEnterEvent* event)
{
    if (event->mimeData()->hasFormat(QString::fromLatin1(kPaletteMimeType))) {
        event->setDropAction(Qt::CopyAction);
        event->accept();
    } else {
        QGraphicsView::dragEnterEvent(event);
    }
}

void LabView::dragMoveEvent(QDragMoveEvent* event)
{
    if (event->mimeData()->hasFormat(QString::fromLatin1(kPaletteMimeType))) {
        event->setDropAction(Qt::CopyAction);
        event->accept();
    } else {
        QGraphicsView::dragMoveEvent(event);
    }
}

void LabView::dropEvent(QDropEvent* event)
{
    const QByteArray token = event->mimeData()->data(QString::fromLatin1(kPaletteMimeType));
    if (token.isEmpty()) {
        QGraphicsView::dropEvent(event);
        return;
    }
    const QPointF at = mapToScene(event->position().toPoint());
    if (!m_scene->addFromPalette(QString::fromUtf8(token), at).isEmpty()) {
        event->setDropAction(Qt::CopyAction);
        event->accept();
    }
    setFocus();
}

} // namespace drivelab
