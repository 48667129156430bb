#include "actionset.h"

#include <QAction>
#include <QIcon>
#include <QKeySequence>
#include <QWidget>

namespace drivelab {
namespace {

QAction* make(QWidget* owner, const QString& text, const QString& icon, const QList<QKeySequence>& keys, const QString& tip)
{
    auto* a = new QAction(text, owner);
    if (!icon.isEmpty()) a->setIcon(QIcon(QStringLiteral(":/icons/%1.svg").arg(icon)));
    a->setShortcuts(keys);
    a->setStatusTip(tip);
    QString tooltip = text;
    tooltip.remove(QLatin1Char('&'));
    tooltip.remove(QStringLiteral("…"));
    if (!keys.isEmpty()) tooltip += QStringLiteral(" (%1)").arg(keys.front().toString(QKeySequence::NativeText));
    a->setToolTip(tooltip);
    owner->addAction(a);
    return a;
}

} // namespace

ActionSet::ActionSet(QWidget* w)
{
    const auto tr = [](const char* s) {
        return QObject::tr(s);
    };
    newLab = make(w, tr("&New"), QStringLiteral("new"), QKeySequence::keyBindings(QKeySequence::New), tr("Start an empty lab"));
    open = make(w, tr("&Open…"), QStringLiteral("open"), QKeySequence::keyBindings(QKeySequence::Open), tr("Open a lab file"));
    openExample = make(w, tr("Open &Example…"), QString(), {}, tr("Open one of the example labs shipped with DriveLab (as your own copy)"));
    save = make(w, tr("&Save"), QStringLiteral("save"), QKeySequence::keyBindings(QKeySequence::Save),
                tr("Save the lab (atomically: the old file stays intact until the new one is complete)"));
    // some platform themes bind no Save As key: Ctrl+Shift+S everywhere
    QList<QKeySequence> saveAsKeys = QKeySequence::keyBindings(QKeySequence::SaveAs);
    if (saveAsKeys.isEmpty()) saveAsKeys << QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S);
    saveAs = make(w, tr("Save &As…"), QString(), saveAsKeys, tr("Save the lab to another file"));
    savePart = make(w, tr("Save &Part File"), QString(), {QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S)},
                    tr("Save the part file shown (atomically), then offer to update the lab's instances of it"));
    reload = make(w, tr("&Reload from Disk"), QString(), {}, tr("Read the file again, dropping unsaved changes"));
    quit = make(w, tr("&Quit"), QString(), QKeySequence::keyBindings(QKeySequence::Quit), tr("Close DriveLab"));
    quit->setMenuRole(QAction::QuitRole);

    // one undo stack for the lab: Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y on every platform, and
    // application-wide so they work in the map editor window and every panel too (a text
    // field with focus still undoes its own typing first: it claims the shortcut)
    QList<QKeySequence> undoKeys = QKeySequence::keyBindings(QKeySequence::Undo);
    if (!undoKeys.contains(QKeySequence(Qt::CTRL | Qt::Key_Z))) undoKeys.prepend(QKeySequence(Qt::CTRL | Qt::Key_Z));
    QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
    for (const QKeySequence& k : {QKeySequence(Qt::CTRL | Qt::Key_Y), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)}) {
        if (!redoKeys.contains(k)) redoKeys << k;
    }
    undo = make(w, tr("&Undo"), QStringLiteral("undo"), undoKeys, tr("Undo the last edit"));
    redo = make(w, tr("&Redo"), QStringLiteral("redo"), redoKeys, tr("Redo the undone edit"));
    for (QAction* x : {undo, redo}) x->setShortcutContext(Qt::ApplicationShortcut);
    cut = make(w, tr("Cu&t"), QStringLiteral("cut"), QKeySequence::keyBindings(QKeySequence::Cut), tr("Cut the selected items"));
    copy = make(w, tr("&Copy"), QStringLiteral("copy"), QKeySequence::keyBindings(QKeySequence::Copy), tr("Copy the selected items"));
    paste = make(w, tr("&Paste"), QStringLiteral("paste"), QKeySequence::keyBindings(QKeySequence::Paste),
                 tr("Paste items (they get fresh ids)"));
    QList<QKeySequence> del = QKeySequence::keyBindings(QKeySequence::Delete);
    if (!del.contains(QKeySequence(Qt::Key_Backspace))) del << QKeySequence(Qt::Key_Backspace);
    remove = make(w, tr("&Delete"), QStringLiteral("delete"), del, tr("Delete the selected items, or disconnect the selected wires"));
    selectAll = make(w, tr("Select &All"), QString(), QKeySequence::keyBindings(QKeySequence::SelectAll), tr("Select every item"));
    rename = make(w, tr("Re&name…"), QString(), {QKeySequence(Qt::Key_F2)}, tr("Rename the selected item"));
    rotateCw = make(w, tr("Rotate &Clockwise"), QStringLiteral("rotate-cw"), {QKeySequence(Qt::CTRL | Qt::Key_R)},
                    tr("Rotate the selected items a quarter turn clockwise"));
    rotateCcw = make(w, tr("Rotate C&ounterclockwise"), QStringLiteral("rotate-ccw"), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_R)},
                     tr("Rotate the selected items a quarter turn counterclockwise"));
    flip =
        make(w, tr("&Flip"), QStringLiteral("flip"), {QKeySequence(Qt::CTRL | Qt::Key_M)}, tr("Mirror the selected items left to right"));
    arrange = make(w, tr("&Arrange"), QString(), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_L)},
                   tr("Lay the whole drawing out afresh, left to right (one undo step)"));
    group = make(w, tr("&Group into Subsystem"), QString(), {QKeySequence(Qt::CTRL | Qt::Key_G)},
                 tr("Make the selected items a part of this lab and place an instance of it; the crossing wires become its ports"));
    ungroup = make(w, tr("&Ungroup"), QString(), {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G)},
                   tr("Put the selected instance's items back into the lab"));
    openPart = make(w, tr("&Open Part"), QString(), {}, tr("Show the selected instance's part on the canvas to edit it (or double-click the instance)"));
    // Alt+Left only: the platform's Back bindings include Backspace, which deletes on the canvas
    partBack = make(w, tr("&Back"), QString(), {QKeySequence(Qt::ALT | Qt::Key_Left)}, tr("Show the network shown before"));
    partUp = make(w, tr("&Up to Enclosing Network"), QString(), {QKeySequence(Qt::ALT | Qt::Key_Up)},
                  tr("Leave the opened part: show the network its instance is in"));
    editMaps = make(w, tr("Edit Converter &Maps…"), QStringLiteral("maps"), {QKeySequence(Qt::CTRL | Qt::Key_E)},
                    tr("Open the map editor of the selected torque converter"));

    zoomIn = make(w, tr("Zoom &In"), QStringLiteral("zoom-in"), QKeySequence::keyBindings(QKeySequence::ZoomIn), tr("Zoom in"));
    zoomOut = make(w, tr("Zoom &Out"), QStringLiteral("zoom-out"), QKeySequence::keyBindings(QKeySequence::ZoomOut), tr("Zoom out"));
    zoomFit = make(w, tr("&Fit to View"), QStringLiteral("zoom-fit"), {QKeySequence(Qt::CTRL | Qt::Key_0)}, tr("Show the whole drawing, or as much of it as fits at a readable zoom"));
    zoomReset = make(w, tr("Actual &Size"), QString(), {QKeySequence(Qt::CTRL | Qt::Key_1)}, tr("Zoom to 100 %"));
    snap = make(w, tr("Snap to &Grid"), QStringLiteral("grid"), {QKeySequence(Qt::CTRL | Qt::Key_Apostrophe)},
                tr("Snap moved and dropped items to the 10-unit grid"));
    snap->setCheckable(true);

    shortcuts = make(w, tr("&Keyboard and Mouse"), QString(), QKeySequence::keyBindings(QKeySequence::HelpContents),
                     tr("List the keyboard shortcuts and mouse gestures"));
    about = make(w, tr("&About DriveLab"), QString(), {}, tr("Version and licence"));
    about->setMenuRole(QAction::AboutRole);
}

} // namespace drivelab
