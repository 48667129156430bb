#include "results/resultsui.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>

#include "results/vehicleresultspanel.h"
#include "simulation/runcontroller.h"

namespace drivelab {

ResultsUi::ResultsUi(QMainWindow* window, RunController* run) : QObject(window)
{
    m_panel = new VehicleResultsPanel(window);
    m_dock = new QDockWidget(tr("Vehicle results"), window);
    m_dock->setObjectName(QStringLiteral("results"));
    m_dock->setWidget(m_panel);
    window->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
    if (QDockWidget* plots = run->plotDock()) window->tabifyDockWidget(plots, m_dock);
    m_dock->hide(); // until a lab with a vehicle body has run
    if (auto* panels = window->findChild<QMenu*>(QStringLiteral("panelsMenu"))) panels->addAction(m_dock->toggleViewAction());
    // results: the dock appears as a tab beside the plots, which stay in front
    connect(m_panel, &VehicleResultsPanel::resultsShown, this, [this, run] {
        if (m_dock->isVisible()) return;
        m_dock->show();
        if (QDockWidget* plots = run->plotDock(); plots && plots->isVisible()) plots->raise();
    });
    // a run of the main branch to its end: the results of its model
    connect(run, &RunController::statusChanged, this, [this, run](const RunStatus& s) {
        if (s.state != RunState::Finished || s.branches.isEmpty() || !s.branches.front().finished || s.branches.front().failed) return;
        m_panel->compute(run->model());
    });
}

} // namespace drivelab
