// LabScene (labscene.h): what the mouse and keys do on the canvas (wiring from a port, dragging
// and nudging the selection, double-click, context menu) and the grid drawn behind it
#include "canvas/labscene.h"

#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneMouseEvent>
#include <QKeyEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

#include "canvas/componentitem.h"
#include "canvas/connectiontool.h"
#include "canvas/nodeitem.h"
#include "canvas/portitem.h"
#include "commands/moveitemscommand.h"
#include "components/descriptors.h"
#include "document/autolayout.h"
#include "document/placement.h"

namespace drivelab {

QGraphicsItem* LabScene::symbolItemAt(const QPointF& p) const
{
    for (QGraphicsItem* i : items(p)) {
        if (i->type() == kComponentItemType || i->type() == kNodeItemType) return i;
    }
    return nullptr;
}

PortItem* LabScene::portAt(const QPointF& p) const
{
    for (QGraphicsItem* i : items(p)) {
        if (i->type() == kPortItemType) return static_cast<PortItem*>(i);
    }
    return nullptr;
}

void LabScene::mousePressEvent(QGraphicsSceneMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        if (PortItem* port = portAt(event->scenePos())) {
            m_connection->begin(port, event->scenePos());
            event->accept();
            return;
        }
    }
    QGraphicsScene::mousePressEvent(event);
    if (event->button() != Qt::LeftButton || (event->modifiers() & Qt::ControlModifier)) return;
    QGraphicsItem* item = symbolItemAt(event->scenePos());
    if (!item || !item->isSelected()) return;
    // start a drag of the whole selection
    m_nudgeIds.clear();
    m_dragging = true;
    ++m_dragId;
    m_dragStart = event->scenePos();
    m_dragLast = QPointF();
    m_dragOrigins.clear();
    for (const auto& id : selectedIds()) {
        if (auto p = placementOf(m_document->lab(), id)) m_dragOrigins.insert(QString::fromStdString(id), *p);
    }
}

void LabScene::mouseMoveEvent(QGraphicsSceneMouseEvent* event)
{
    if (m_connection->active()) {
        m_connection->move(event->scenePos(), event->screenPos());
        event->accept();
        return;
    }
    if (m_dragging && (event->buttons() & Qt::LeftButton)) {
        const QPointF delta = event->scenePos() - m_dragStart;
        MoveItemsCommand::Moves moves;
        for (auto it = m_dragOrigins.cbegin(); it != m_dragOrigins.cend(); ++it) {
            if (!itemFor(it.key())) continue;
            Placement to = it.value();
            const QPointF p = snapped(QPointF(to.x, to.y) + delta);
            to.x = p.x();
            to.y = p.y();
            moves[it.key().toStdString()] = {it.value(), to};
        }
        // push only when something lands somewhere new
        bool anyMove = false;
        for (const auto& [id, m] : moves) {
            const auto now = placementOf(m_document->lab(), id);
            anyMove = anyMove || !now || !(*now == m.second);
        }
        if (anyMove && !moves.empty()) m_document->push(new MoveItemsCommand(m_document, std::move(moves), m_dragId));
        event->accept();
        return;
    }
    QGraphicsScene::mouseMoveEvent(event);
}

void LabScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event)
{
    if (m_connection->active() && event->button() == Qt::LeftButton) {
        m_connection->finish(event->scenePos());
        event->accept();
        return;
    }
    if (m_dragging && event->button() == Qt::LeftButton) m_dragging = false;
    QGraphicsScene::mouseReleaseEvent(event);
}

void LabScene::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event)
{
    QGraphicsItem* item = symbolItemAt(event->scenePos());
    if (item && item->type() == kComponentItemType) {
        auto* c = static_cast<ComponentItem*>(item);
        if (c->descriptor().tableEditor == TableEditorKind::ConverterMaps)
            emit mapEditorRequested(c->id());
        else
            emit itemActivated(c->id());
        event->accept();
        return;
    }
    if (item) {
        emit itemActivated(static_cast<SymbolItem*>(item)->id());
        event->accept();
        return;
    }
    QGraphicsScene::mouseDoubleClickEvent(event);
}

void LabScene::contextMenuEvent(QGraphicsSceneContextMenuEvent* event)
{
    emit contextMenuWanted(event->screenPos(), event->scenePos());
    event->accept();
}

void LabScene::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape && m_connection->active()) {
        m_connection->cancel();
        event->accept();
        return;
    }
    // arrow keys nudge the selection by a grid step (Shift: ten); a run of nudges is one undo step
    const QHash<int, QPointF> arrows = {{Qt::Key_Left, {-1, 0}}, {Qt::Key_Right, {1, 0}}, {Qt::Key_Up, {0, -1}}, {Qt::Key_Down, {0, 1}}};
    if (arrows.contains(event->key()) && !m_connection->active() && !m_dragging) {
        const auto ids = selectedIds();
        if (!ids.empty()) {
            const QPointF step = arrows.value(event->key()) * kGridPitch * ((event->modifiers() & Qt::ShiftModifier) ? 10.0 : 1.0);
            if (ids != m_nudgeIds) {
                m_nudgeIds = ids;
                m_nudgeId = ++m_dragId;
            }
            MoveItemsCommand::Moves moves;
            for (const auto& id : ids) {
                const auto p = placementOf(m_document->lab(), id);
                if (!p) continue;
                Placement to = *p;
                to.x += step.x();
                to.y += step.y();
                moves[id] = {*p, to};
            }
            // merged into the run: keep the run's start as "before"
            m_document->push(new MoveItemsCommand(m_document, std::move(moves), m_nudgeId));
            event->accept();
            return;
        }
    }
    QGraphicsScene::keyPressEvent(event);
}

void LabScene::drawBackground(QPainter* painter, const QRectF& rect)
{
    painter->fillRect(rect, QColor(0xfb, 0xfc, 0xfd));
    const double scale = painter->worldTransform().m11();
    const double step = scale < 0.45 ? 100.0 : 20.0;
    const double left = std::floor(rect.left() / step) * step;
    const double top = std::floor(rect.top() / step) * step;
    QVector<QPointF> minor, major;
    for (double x = left; x < rect.right(); x += step) {
        for (double y = top; y < rect.bottom(); y += step) {
            const bool isMajor = std::fmod(std::fabs(x), 100.0) < 0.5 && std::fmod(std::fabs(y), 100.0) < 0.5;
            (isMajor ? major : minor) << QPointF(x, y);
        }
    }
    painter->setPen(QPen(QColor(0xd5, 0xda, 0xe1), 0));
    painter->drawPoints(minor.data(), static_cast<int>(minor.size()));
    painter->setPen(QPen(QColor(0xb0, 0xb8, 0xc4), 1.5 / std::max(scale, 0.1)));
    painter->drawPoints(major.data(), static_cast<int>(major.size()));
}

} // namespace drivelab
