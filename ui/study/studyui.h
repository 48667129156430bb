#pragma once
// Studies in a main window (docs/EDITOR.md, "Studies"): the Study menu (New Sweep…, Open
// Sweep…, Save Sweep…), the sweep dialog, "Sweep this" from the property form, and opening a
// variant of a finished sweep: its lab (study::variantLab) in a new editor window, untitled and
// unsaved, run at once so its plots show.
#include <QObject>
#include <QPointer>

#include <memory>

#include "study/study.h"

class QAction;
class QMenu;

namespace drivelab {

class MainWindow;
class SweepDialog;

/// the study tools of one window
class StudyUi : public QObject {
    Q_OBJECT
public:
    explicit StudyUi(MainWindow* window);

    /// the sweep dialog (made on first use)
    SweepDialog* dialog();
    /// Study ▸ New Sweep…: show the dialog (a fresh setup when no sweep is in it)
    void newSweep();
    /// "Sweep this": a factor on `path`, dialog shown
    void sweepThis(const QString& path);
    /// open variant `index` of a study in a new window (shown, running); nullptr with a
    /// message when its lab cannot be made
    MainWindow* openVariant(const study::Study& study, std::size_t index);
    /// the window the last variant opened in
    MainWindow* lastVariantWindow() const { return m_lastVariant; }

    QMenu* menu() const { return m_menu; }
    QAction* newAction() const { return m_new; }
    QAction* openAction() const { return m_open; }
    QAction* saveAction() const { return m_save; }

signals:
    /// a variant window was opened
    void variantOpened(drivelab::MainWindow* window, qulonglong index);

private:
    MainWindow* m_window;
    QPointer<SweepDialog> m_dialog;
    QPointer<MainWindow> m_lastVariant;
    QMenu* m_menu;
    QAction* m_new;
    QAction* m_open;
    QAction* m_save;
};

} // namespace drivelab
