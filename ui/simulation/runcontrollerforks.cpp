// RunController (runcontroller.h): forking the paused run (Simulation > Fork at Current Time…):
// the fork's inputs and events, compiled again when its events differ from the run's
#include "simulation/runcontroller.h"

#include <QMessageBox>

#include "compile/compiler.h"
#include "mainwindow.h"
#include "simulation/forkdialog.h"
#include "simulation/simworker.h"

namespace drivelab {

void RunController::forkDialog()
{
    if (m_status.state != RunState::Paused || !m_model || m_branches.isEmpty()) {
        hint(tr("Pause the run to fork it"));
        return;
    }
    const std::int64_t tick = m_status.branches.isEmpty() ? 0 : m_status.branches.front().tick;
    ForkDialog dialog(*m_model, m_runSpec, tick, m_window);
    if (dialog.exec() != QDialog::Accepted) return;
    const std::vector<EventSpec> events = dialog.events();
    const QString why = forkMain(dialog.inputChanges(), &events, dialog.label());
    if (!why.isEmpty()) QMessageBox::warning(m_window, tr("Fork"), why);
}

QString RunController::forkMain(const QVector<InputChange>& inputs, const std::vector<EventSpec>* events, const QString& label)
{
    if (m_status.state != RunState::Paused || !m_model || m_branches.isEmpty()) return tr("Pause the run to fork it.");
    ModelPtr model = m_model;
    bool sameEvents = !events || events->size() == m_runSpec.events.size();
    for (std::size_t i = 0; sameEvents && events && i < events->size(); ++i) {
        const EventSpec& a = (*events)[i];
        const EventSpec& b = m_runSpec.events[i];
        sameEvents = a.timeNs == b.timeNs && a.component == b.component && a.input == b.input && a.value == b.value;
    }
    if (!sameEvents) {
        LabSpec spec = m_runSpec;
        spec.events = *events;
        const CompileResult r = compile(spec);
        if (!r.model) {
            QString why = tr("The fork's events are not valid:");
            for (const auto& d : r.diagnostics.items())
                why += QStringLiteral("\n%1: %2: %3")
                           .arg(QString::fromStdString(d.subject), QString::fromStdString(d.field), QString::fromStdString(d.message));
            return why;
        }
        model = r.model;
    }
    ++m_forks;
    const QString name = label.isEmpty() ? tr("fork %1").arg(m_forks) : label;
    post([model, inputs, name](SimWorker* w) {
        w->fork(0, model, inputs, name);
    });
    return {};
}

} // namespace drivelab
