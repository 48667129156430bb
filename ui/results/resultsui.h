#pragma once
// The Vehicle results dock (issue 35): installed in the main window beside the plots; when the
// editor's run finishes, the panel computes the vehicle results of the run's model.
#include <QObject>

class QDockWidget;
class QMainWindow;

namespace drivelab {

class RunController;
class VehicleResultsPanel;

/// the dock and its wiring to the run
class ResultsUi : public QObject {
    Q_OBJECT
public:
    ResultsUi(QMainWindow* window, RunController* run);

    VehicleResultsPanel* panel() const { return m_panel; }
    QDockWidget* dock() const { return m_dock; }

private:
    VehicleResultsPanel* m_panel;
    QDockWidget* m_dock;
};

} // namespace drivelab
