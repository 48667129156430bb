#pragma once
// Context menus of the canvas: on an item (rename, maps, rotate, flip, cut, copy,
// delete), on a port (connect to a node or ground, disconnect), on a wire (disconnect)
// and on the empty canvas (paste, add any palette entry here, fit).
#include <QObject>
#include <QPoint>
#include <QPointF>

namespace drivelab {

class LabScene;
class CanvasEditor;
struct ActionSet;

/// builds and runs the canvas context menus
class CanvasMenu : public QObject {
    Q_OBJECT
public:
    CanvasMenu(LabScene* scene, CanvasEditor* editor, ActionSet* actions, QObject* parent = nullptr);

    /// show the menu for what is under a scene point
    void exec(const QPoint& screenPos, const QPointF& scenePos);

private:
    LabScene* m_scene;
    CanvasEditor* m_editor;
    ActionSet* m_actions;
};

} // namespace drivelab
