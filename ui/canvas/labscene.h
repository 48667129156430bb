#pragma once
// The schematic canvas. It mirrors the document's spec: one item per node and
// component, one wire per port binding, re-synced after every change; it never edits
// the spec itself but pushes commands (moves while dragging merge into one).
#include <QGraphicsScene>
#include <QHash>
#include <QPointer>

#include <set>
#include <string>

#include "canvas/scenerouting.h"
#include "document/labdocument.h"
#include "document/placement.h"

namespace drivelab {

class ComponentItem;
class NodeItem;
class WireItem;
class PortItem;
class ConnectionTool;

/// the canvas scene of one document
class LabScene : public QGraphicsScene {
    Q_OBJECT
public:
    explicit LabScene(LabDocument* document, QObject* parent = nullptr);
    ~LabScene() override;

    LabDocument* document() const { return m_document; }
    /// show and edit another document (an opened part's network and back): every item is made afresh
    void setDocument(LabDocument* document);
    /// items by id (nullptr when absent)
    ComponentItem* componentItem(const QString& id) const { return m_components.value(id); }
    NodeItem* nodeItem(const QString& id) const { return m_nodes.value(id); }
    /// the wire of a component port (nullptr when unbound or bound to ground)
    WireItem* wire(const QString& component, const QString& port) const;
    /// every wire
    QList<WireItem*> wires() const { return m_wires.values(); }
    /// the node or component item with this id
    QGraphicsItem* itemFor(const QString& id) const;

    /// ids of the selected nodes and components
    std::set<std::string> selectedIds() const;
    /// selected wires
    QList<WireItem*> selectedWires() const;
    /// select exactly these items
    void selectIds(const QStringList& ids);
    /// bounding rectangle of all items
    QRectF contentRect() const;

    /// grid snapping of moved and dropped items
    bool snapToGrid() const { return m_snap; }
    void setSnapToGrid(bool on);
    /// a point on the grid (when snapping)
    QPointF snapped(const QPointF& p) const;

    /// add a palette entry ("component:clutch", "node:rotational") at a scene point; returns its id or ""
    QString addFromPalette(const QString& token, const QPointF& scenePos);
    /// the connection tool (wire dragging)
    ConnectionTool* connectionTool() const { return m_connection; }

signals:
    /// the scene shows another document (setDocument)
    void documentChanged(drivelab::LabDocument* document);
    /// a status-bar hint
    void hint(const QString& text);
    /// the user asked to edit a converter's maps (double click)
    void mapEditorRequested(const QString& id);
    /// the user double-clicked an item (focus its properties)
    void itemActivated(const QString& id);
    /// a context menu for the canvas is wanted at a screen point (items under it given)
    void contextMenuWanted(const QPoint& screenPos, const QPointF& scenePos);

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;
    void contextMenuEvent(QGraphicsSceneContextMenuEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void drawBackground(QPainter* painter, const QRectF& rect) override;

private:
    void connectDocument();
    void onChanged(ChangeKind kind, const QStringList& ids);
    void onRenamed(const QString& from, const QString& to);
    void fullSync();
    /// a value edit of these items: their labels again (false: it needs the full sync)
    bool syncValues(const QStringList& ids);
    void syncPlacements(const QStringList& ids);
    void syncProblems();
    void rerouteWires();
    void updateSceneRect();
    /// the node/component item under a point (labels count), or nullptr
    QGraphicsItem* symbolItemAt(const QPointF& p) const;
    PortItem* portAt(const QPointF& p) const;

    LabDocument* m_document;
    QHash<QString, ComponentItem*> m_components;
    QHash<QString, NodeItem*> m_nodes;
    QHash<QString, WireItem*> m_wires; // key "component/port"
    ConnectionTool* m_connection = nullptr;
    SceneRouting m_routing; // labels and wires, laid out again only where an edit touched
    bool m_snap = true;

    // an item drag in progress (its steps merge into one move command)
    bool m_dragging = false;
    int m_dragId = 0;
    QPointF m_dragStart;
    QPointF m_dragLast;
    QHash<QString, Placement> m_dragOrigins;
    std::set<std::string> m_nudgeIds; // the items an arrow-key run moves
    int m_nudgeId = 0;
};

} // namespace drivelab
