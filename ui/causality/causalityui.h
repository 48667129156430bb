#pragma once
// The causality tools of a main window (docs/EDITOR.md, "Causality overlay"): the
// View ▸ Causality Overlay action (also on the toolbar), the overlay layer on the canvas,
// the "Causality" dock, and the analysis that keeps them current. The analysis runs while
// the overlay is on or the dock is shown.
#include <QObject>

class QAction;
class QDockWidget;
class QMainWindow;

namespace drivelab {

class LabDocument;
class LabScene;
class LabView;
class CausalityController;
class CausalityOverlay;
class CausalityPanel;

/// the causality overlay, panel and action of one window
class CausalityUi : public QObject {
    Q_OBJECT
public:
    /// adds its action to the window's "viewMenu", "panelsMenu" and "mainToolbar" when present
    CausalityUi(QMainWindow* window, LabDocument* document, LabScene* scene, LabView* view);

    CausalityController* controller() const { return m_controller; }
    CausalityOverlay* overlay() const { return m_overlay; }
    CausalityPanel* panel() const { return m_panel; }
    QDockWidget* dock() const { return m_dock; }
    /// View ▸ Causality Overlay (checkable)
    QAction* action() const { return m_action; }

    /// show or hide the overlay (showing it also shows the panel)
    void setOverlayVisible(bool on);
    /// select these items on the canvas and bring them into view (as far as the zoom allows)
    void selectItems(const QStringList& ids);

private:
    void updateActive();

    LabScene* m_scene;
    LabView* m_view;
    CausalityController* m_controller;
    CausalityOverlay* m_overlay;
    CausalityPanel* m_panel;
    QDockWidget* m_dock;
    QAction* m_action;
};

} // namespace drivelab
