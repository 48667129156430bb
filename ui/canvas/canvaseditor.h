#pragma once
// Edits of the canvas selection: delete, rotate, flip, cut, copy, paste, select all,
// and port operations for menus. Each one pushes commands on the document.
#include <QObject>
#include <QString>

namespace drivelab {

class LabScene;

/// selection-level editing for a LabScene
class CanvasEditor : public QObject {
    Q_OBJECT
public:
    explicit CanvasEditor(LabScene* scene, QObject* parent = nullptr);

    /// delete selected items (with their wires) and disconnect selected wires
    void deleteSelection();
    /// quarter turn of the selected items
    void rotateSelection(bool clockwise);
    /// mirror the selected items
    void flipSelection();
    /// lay the whole drawing out afresh (one undo step; nothing pushed when it is already so)
    void arrange();
    /// Group into subsystem: the selection becomes an inline part and an instance of it (one undo step)
    void groupSelection();
    /// Ungroup: the selected instance's items back into the lab (one undo step)
    void ungroupSelection();
    /// put the selected items on the clipboard
    void copySelection();
    /// copy, then delete
    void cutSelection();
    /// paste the clipboard's items (fresh ids); false with a hint when it holds none
    bool paste();
    /// select every node and component
    void selectAll();
    /// bind a port to a node or to ground
    void connectPort(const QString& component, const QString& port, const QString& node);
    /// unbind a port
    void disconnectPort(const QString& component, const QString& port);

signals:
    /// a status-bar hint
    void hint(const QString& text);

private:
    LabScene* m_scene;
};

} // namespace drivelab
