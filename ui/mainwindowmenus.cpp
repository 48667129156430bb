// MainWindow's menus and tool bar: the File, Edit, Lab, View and Help menus, the main tool bar,
// the recent-files menu and the keyboard-and-mouse list (Help). The window's docks, actions'
// connections and file handling stay in mainwindow.cpp, the docks are in mainwindowdocks.cpp.
#include "mainwindow.h"

#include <QAction>
#include <QDockWidget>
#include <QFileInfo>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>

#include "actionset.h"
#include "canvas/labview.h"
#include "document/displayunits.h"
#include "files/recentfiles.h"
#include "files/filecontroller.h"
#include "fmi/fmuexportdialog.h"

namespace drivelab {

void MainWindow::createMenus()
{
    ActionSet& a = *m_actions;
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->setObjectName(QStringLiteral("fileMenu"));
    file->addAction(a.newLab);
    file->addAction(a.open);
    file->addAction(a.openExample);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    file->addSeparator();
    file->addAction(a.save);
    file->addAction(a.saveAs);
    file->addAction(a.reload);
    file->addSeparator();
    QAction* exportFmu = file->addAction(tr("Export &FMU…"), this, [this] { FmuExportDialog::run(this, m_document); });
    exportFmu->setObjectName(QStringLiteral("exportFmuAction"));
    exportFmu->setStatusTip(tr("Write the lab as an FMI 3.0 or 2.0 co-simulation FMU, choosing its outputs, inputs and parameters"));
    file->addSeparator();
    file->addAction(a.quit);
    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    for (QAction* x : {a.undo, a.redo}) edit->addAction(x);
    edit->addSeparator();
    for (QAction* x : {a.cut, a.copy, a.paste, a.remove, a.selectAll}) edit->addAction(x);
    edit->addSeparator();
    for (QAction* x : {a.rename, a.rotateCw, a.rotateCcw, a.flip, a.arrange, a.group, a.ungroup, a.openPart, a.editMaps}) edit->addAction(x);
    // the lab's own sections beside its items: settings, oil, signals, events (each a dock)
    QMenu* labMenu = menuBar()->addMenu(tr("&Lab"));
    labMenu->setObjectName(QStringLiteral("labMenu"));
    const auto labEntry = [this, labMenu](const QString& text, const QString& dockName, const QString& tip) {
        QAction* x = labMenu->addAction(text);
        x->setObjectName(QStringLiteral("lab_") + dockName);
        x->setStatusTip(tip);
        connect(x, &QAction::triggered, this, [this, dockName] {
            raiseDock(dockName);
            if (QDockWidget* d = m_docks.value(dockName)) d->widget()->setFocus(Qt::OtherFocusReason);
        });
    };
    labEntry(tr("&Settings…"), QStringLiteral("run"), tr("The lab's name, description, tick, duration and report interval"));
    labEntry(tr("&Oil…"), QStringLiteral("oil"), tr("The lab's oil (thermal-liquid hydraulics): add, edit or remove it"));
    labEntry(tr("S&ignals…"), QStringLiteral("signals"), tr("The lab's time signals"));
    labEntry(tr("&Events…"), QStringLiteral("events"), tr("The lab's events"));
    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->setObjectName(QStringLiteral("viewMenu"));
    for (QAction* x : {a.zoomIn, a.zoomOut, a.zoomFit, a.zoomReset}) view->addAction(x);
    view->addSeparator();
    view->addAction(a.partBack);
    view->addAction(a.partUp);
    view->addSeparator();
    view->addAction(a.snap);
    QMenu* units = view->addMenu(tr("Display &Units"));
    for (auto q : {DisplayUnits::Quantity::Speed, DisplayUnits::Quantity::Temperature, DisplayUnits::Quantity::Pressure,
                   DisplayUnits::Quantity::Power}) {
        QAction* u = units->addAction(DisplayUnits::choiceName(q));
        u->setCheckable(true);
        u->setChecked(DisplayUnits::instance().engineering(q));
        u->setStatusTip(tr("Files stay in SI; this only changes how values are shown and typed"));
        connect(u, &QAction::toggled, this, [q](bool on) {
            DisplayUnits::instance().setEngineering(q, on);
        });
    }
    view->addSeparator();
    QMenu* panels = view->addMenu(tr("&Panels"));
    panels->setObjectName(QStringLiteral("panelsMenu"));
    // every dock, including those the simulation, causality and asset tools add
    connect(panels, &QMenu::aboutToShow, this, [this, panels] {
        panels->clear();
        for (QDockWidget* d : findChildren<QDockWidget*>()) panels->addAction(d->toggleViewAction());
    });
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(a.shortcuts);
    help->addAction(a.about);

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolbar"));
    bar->setIconSize(QSize(20, 20));
    for (QAction* x : {a.newLab, a.open, a.save}) bar->addAction(x);
    bar->addSeparator();
    for (QAction* x : {a.undo, a.redo}) bar->addAction(x);
    bar->addSeparator();
    for (QAction* x : {a.cut, a.copy, a.paste, a.remove}) bar->addAction(x);
    bar->addSeparator();
    for (QAction* x : {a.rotateCcw, a.rotateCw, a.flip, a.editMaps}) bar->addAction(x);
    bar->addSeparator();
    for (QAction* x : {a.zoomOut, a.zoomIn, a.zoomFit, a.snap}) bar->addAction(x);
    rebuildRecentMenu();

    // canvas edits act on the canvas only (Delete in a table must not delete items)
    for (QAction* x : {a.cut, a.copy, a.paste, a.remove, a.selectAll, a.rename, a.rotateCw, a.rotateCcw, a.flip}) {
        removeAction(x);
        x->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        m_view->addAction(x);
    }
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList files = m_recent->files();
    for (int i = 0; i < files.size(); ++i) {
        const QString path = files[i];
        QAction* a = m_recentMenu->addAction(QStringLiteral("&%1 %2").arg(i + 1).arg(QFileInfo(path).fileName()));
        a->setStatusTip(path);
        connect(a, &QAction::triggered, this, [this, path] {
            m_files->open(path);
        });
    }
    if (!files.isEmpty()) m_recentMenu->addSeparator();
    QAction* clear = m_recentMenu->addAction(tr("Clear List"), m_recent, &RecentFiles::clear);
    clear->setEnabled(!files.isEmpty());
}

void MainWindow::showShortcuts() { QMessageBox::information(this, tr("Keyboard and mouse"), shortcutsText()); }

QString MainWindow::shortcutsText() const
{
    // every key of an action ("Ctrl+Shift+Z, Ctrl+Y"), so none is missing from the list
    const auto key = [](QAction* a) {
        QStringList keys;
        for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText).toHtmlEscaped();
        return keys.join(QStringLiteral(", "));
    };
    ActionSet& a = *m_actions;
    QString rows;
    const auto row = [&](const QString& what, const QString& how) {
        rows += QStringLiteral("<tr><td>%1</td><td><b>%2</b></td></tr>").arg(what, how);
    };
    row(tr("New / Open / Save / Save As"), QStringLiteral("%1 / %2 / %3 / %4").arg(key(a.newLab), key(a.open), key(a.save), key(a.saveAs)));
    row(tr("Undo / Redo"), QStringLiteral("%1 / %2").arg(key(a.undo), key(a.redo)));
    row(tr("Cut / Copy / Paste / Delete"), QStringLiteral("%1 / %2 / %3 / %4").arg(key(a.cut), key(a.copy), key(a.paste), key(a.remove)));
    row(tr("Rename"), key(a.rename));
    row(tr("Rotate clockwise / counterclockwise / Flip"),
        QStringLiteral("%1 / %2 / %3").arg(key(a.rotateCw), key(a.rotateCcw), key(a.flip)));
    row(tr("Converter maps"), key(a.editMaps));
    row(tr("Open a part / Back / Up"), tr("double-click an instance / %1 / %2").arg(key(a.partBack), key(a.partUp)));
    row(tr("Save Part File (a part file shown)"), key(a.savePart));
    row(tr("Zoom in / out / fit / 100 %"),
        QStringLiteral("%1 / %2 / %3 / %4").arg(key(a.zoomIn), key(a.zoomOut), key(a.zoomFit), key(a.zoomReset)));
    row(tr("Snap to grid"), key(a.snap));
    row(tr("Zoom"), tr("mouse wheel (Shift/Ctrl+wheel scrolls)"));
    row(tr("Pan"), tr("middle button drag, or Space + drag"));
    row(tr("Connect"), tr("drag from a port to a node or port; release on empty canvas for a new node"));
    row(tr("Select several"), tr("rubber band on empty canvas, Ctrl+click"));
    row(tr("Cancel a wire"), tr("Esc"));
    // the simulation menu and the causality overlay, read from their actions
    if (auto* sim = findChild<QMenu*>(QStringLiteral("simulationMenu"))) {
        for (QAction* act : sim->actions()) {
            if (!act->shortcut().isEmpty()) row(act->text().remove(QLatin1Char('&')), key(act));
        }
    }
    for (QAction* act : findChildren<QAction*>()) {
        if (act->icon().isNull() || act->shortcut().isEmpty() || !act->text().contains(QStringLiteral("Causality"))) continue;
        row(act->text().remove(QLatin1Char('&')), key(act));
    }
    return QStringLiteral("<table cellspacing=6>%1</table>").arg(rows);
}

} // namespace drivelab
