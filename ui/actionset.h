#pragma once
// Every command of the main window as a QAction with its standard shortcut, icon and
// status-bar hint, created in one place; menus, toolbars and context menus share them.
#include <QObject>

class QAction;
class QMenu;
class QWidget;

namespace drivelab {

/// the main window's actions
struct ActionSet {
    explicit ActionSet(QWidget* owner);

    // file
    QAction* newLab;
    QAction* open;
    QAction* openExample;
    QAction* save;
    QAction* saveAs;
    QAction* reload;
    QAction* savePart; ///< write the part file shown (docs/EDITOR.md "Editing a part file")
    QAction* quit;
    // edit
    QAction* undo;
    QAction* redo;
    QAction* cut;
    QAction* copy;
    QAction* paste;
    QAction* remove;
    QAction* selectAll;
    QAction* rename;
    QAction* rotateCw;
    QAction* rotateCcw;
    QAction* flip;
    QAction* arrange;
    QAction* group;
    QAction* ungroup;
    QAction* openPart; ///< show the selected instance's part on the canvas (docs/EDITOR.md "Opening an instance")
    QAction* partBack; ///< the network shown before
    QAction* partUp;   ///< the network around the opened part
    QAction* editMaps;
    // view
    QAction* zoomIn;
    QAction* zoomOut;
    QAction* zoomFit;
    QAction* zoomReset;
    QAction* snap;
    // help
    QAction* shortcuts;
    QAction* about;
};

} // namespace drivelab
