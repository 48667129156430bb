#include "simulation/runcontroller.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QEventLoop>
#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QStyle>
#include <QThread>
#include <QTimer>

#include <cmath>

#include "canvas/labscene.h"
#include "canvas/labeltext.h"
#include "canvas/nodeitem.h"
#include "compile/compiler.h"
#include "document/displayunits.h"
#include "document/labdocument.h"
#include "mainwindow.h"
#include "plots/plotarea.h"
#include "simulation/accuracysearch.h"
#include "simulation/canvasprobe.h"
#include "simulation/samplestore.h"
#include "simulation/simworker.h"
#include "solver/session.h"

namespace drivelab {

RunController::RunController(MainWindow* window)
    : QObject(window), m_window(window), m_control(std::make_shared<RunControl>()), m_thread(new QThread),
      m_worker(new SimWorker(m_control))
{
    qRegisterMetaType<drivelab::ModelPtr>();
    qRegisterMetaType<drivelab::RunStatus>();
    qRegisterMetaType<drivelab::RunFailure>();
    qRegisterMetaType<drivelab::BranchInfo>();
    qRegisterMetaType<QVector<drivelab::InputChange>>();
    m_thread->setObjectName(QStringLiteral("simulation"));
    m_worker->moveToThread(m_thread);
    connect(m_worker, &SimWorker::statusChanged, this, &RunController::onStatus, Qt::QueuedConnection);
    connect(m_worker, &SimWorker::failed, this, &RunController::onFailure, Qt::QueuedConnection);
    connect(m_worker, &SimWorker::branchAdded, this, &RunController::onBranch, Qt::QueuedConnection);
    connect(
        m_worker, &SimWorker::forkRefused, this,
        [this](const QString& why) {
            hint(why);
            emit forkRefused(why);
        },
        Qt::QueuedConnection);
    m_thread->start();

    createDock();
    createActions();
    m_probe = new CanvasProbe(window, this);
    m_accuracy = new AccuracySearch(window, this);
    connect(m_accuracy, &AccuracySearch::finished, this, [this](bool chosen) {
        const QString text = m_accuracy->summary();
        emit accuracyChanged(text);
        std::function<void()> then = std::move(m_afterSearch);
        m_afterSearch = nullptr;
        if (chosen && then) {
            then();
            return;
        }
        hint(text);
        if (!chosen) m_plots->setMessage(text, !m_accuracy->choice().cancelled);
    });

    m_progressTimer = new QTimer(this);
    m_progressTimer->setInterval(100);
    connect(m_progressTimer, &QTimer::timeout, this, &RunController::updateProgress);
    m_staleTimer = new QTimer(this);
    m_staleTimer->setSingleShot(true);
    m_staleTimer->setInterval(0);
    connect(m_staleTimer, &QTimer::timeout, this, &RunController::checkStale);
    connect(window->document(), &LabDocument::changed, this, [this](ChangeKind kind, const QStringList&) {
        if (kind == ChangeKind::Reset) {
            reset(); // another lab: its results and its plots are gone
            m_plots->clearPlots();
            m_plots->setMessage(tr("Run the lab (F5) to plot it."), false);
            // the empty plots give the canvas its room back; the next run sizes them again
            if (m_sizedDock && m_dock->isVisible() && m_dock->height() > m_window->height() / 4)
                m_window->resizeDocks({m_dock}, {std::max(200, m_window->height() / 4)}, Qt::Vertical);
            m_sizedDock = false;
        } else if (kind != ChangeKind::Layout)
            m_staleTimer->start();
    });
    updateActions();
    updateProgress();
}

RunController::~RunController()
{
    m_control->interrupt.store(true);
    m_thread->quit();
    m_thread->wait();
    delete m_worker;
    delete m_thread;
}

void RunController::post(std::function<void(SimWorker*)> command)
{
    const int seq = ++m_sequence;
    SimWorker* w = m_worker;
    QMetaObject::invokeMethod(
        m_worker,
        [w, seq, command] {
            w->setSequence(seq);
            command(w);
        },
        Qt::QueuedConnection);
}

void RunController::hint(const QString& text) { m_window->statusBar()->showMessage(text, 10000); }

bool RunController::loadFresh()
{
    // the document's compile of the lab as it is now (no second compile)
    const std::shared_ptr<const CompileResult> r = m_window->document()->compiled();
    if (!r || !r->model) {
        m_window->raiseDock(QStringLiteral("problems"));
        hint(tr("The lab has errors: fix the problems listed, then run it"));
        emit compileFailed();
        return false;
    }
    const ModelPtr model = modelToRun(r->model, m_afterSearch);
    if (!model) return false;
    m_model = model;
    m_labFingerprint = r->model->fingerprint;
    m_runAccuracy = m_window->document()->lab().run.accuracy;
    m_runSpec = m_runAccuracy > 0.0 ? m_accuracy->chosenSpec() : m_window->document()->lab();
    m_stale = false;
    m_failure.reset();
    m_branches.clear();
    m_forks = 0;
    m_plots->clearBranches();
    m_plots->setLabPath(m_window->document()->filePath());
    m_plots->setModel(m_model);
    m_plots->setLabEvents(m_runSpec.events);
    m_plots->setMessage({}, false);
    m_dock->show();
    m_dock->raise();
    if (!m_sizedDock) {
        // the plots get two fifths of the window, the canvas keeps the rest (readable labels)
        m_sizedDock = true;
        m_window->resizeDocks({m_dock}, {std::max(300, m_window->height() * 2 / 5)}, Qt::Vertical);
    }
    const int spr = m_samplesPerReport;
    post([model, spr](SimWorker* w) {
        w->load(model, spr);
    });
    m_loadSequence = m_sequence;
    return true;
}

ModelPtr RunController::modelToRun(const ModelPtr& compiled, std::function<void()> then)
{
    const double accuracy = m_window->document()->lab().run.accuracy;
    if (accuracy <= 0.0) {
        m_afterSearch = nullptr;
        emit accuracyChanged({});
        return compiled;
    }
    if (m_accuracy->hasChoiceFor(compiled->fingerprint, accuracy)) {
        m_afterSearch = nullptr;
        emit accuracyChanged(m_accuracy->summary());
        return m_accuracy->chosenModel();
    }
    // the search first, off this thread; the run follows when it has chosen
    m_afterSearch = std::move(then);
    hint(tr("Choosing the method and tick for accuracy %1…").arg(accuracy));
    m_accuracy->start(m_window->document()->lab(), compiled->fingerprint);
    return nullptr;
}

void RunController::run()
{
    if (m_status.state == RunState::Running) return;
    m_afterSearch = [this] { run(); };
    if (!(m_status.state == RunState::Paused && !m_stale && m_model) && !loadFresh()) return;
    m_control->interrupt.store(false);
    post([](SimWorker* w) {
        w->start(-1);
    });
    m_status.state = RunState::Running;
    updateActions();
}

void RunController::step()
{
    if (m_status.state == RunState::Running) return;
    m_afterSearch = [this] { step(); };
    if (!(m_status.state == RunState::Paused && !m_stale && m_model) && !loadFresh()) return;
    m_control->interrupt.store(false);
    post([](SimWorker* w) {
        w->step();
    });
    m_status.state = RunState::Running;
    updateActions();
}

void RunController::stepTicks(qint64 n)
{
    m_afterSearch = [this, n] { stepTicks(n); };
    if (!m_model && !loadFresh()) return;
    m_control->interrupt.store(false);
    post([n](SimWorker* w) {
        w->stepTicks(n);
    });
    m_status.state = RunState::Running;
}

void RunController::interrupt() { m_control->interrupt.store(true); }

void RunController::pause()
{
    if (!m_model) return;
    m_control->interrupt.store(true);
    post([](SimWorker* w) {
        w->pause();
    });
}

void RunController::stop()
{
    if (!m_model) return;
    m_control->interrupt.store(true);
    post([](SimWorker* w) {
        w->stop();
    });
}

void RunController::reset()
{
    // a search under way answers nobody now
    m_afterSearch = nullptr;
    m_accuracy->cancel();
    m_control->interrupt.store(true);
    post([](SimWorker* w) {
        w->unload();
    });
    m_loadSequence = m_sequence;
    m_model.reset();
    m_branches.clear();
    m_failure.reset();
    m_stale = false;
    m_plots->clearBranches();
    m_plots->setMessage({}, false);
    m_plots->setLive(false);
    m_status = RunStatus{};
    updateActions();
    updateProgress();
}

bool RunController::runTo(double seconds, int timeoutMs)
{
    if (m_status.state == RunState::Running) return false;
    m_afterSearch = nullptr; // a search it starts is awaited here
    if (!(m_status.state == RunState::Paused && !m_stale && m_model) && !loadFresh()) {
        if (!m_accuracy->isSearching()) return false;
        QEventLoop search;
        QTimer limit;
        limit.setSingleShot(true);
        connect(&limit, &QTimer::timeout, &search, &QEventLoop::quit);
        connect(m_accuracy, &AccuracySearch::finished, &search, &QEventLoop::quit);
        limit.start(timeoutMs);
        search.exec();
        if (m_accuracy->isSearching() || !loadFresh()) return false;
    }
    const qint64 tick = static_cast<qint64>(std::ceil(seconds * 1e9 / static_cast<double>(m_model->tickNs)));
    QEventLoop loop;
    QTimer timeout;
    timeout.setSingleShot(true);
    connect(&timeout, &QTimer::timeout, &loop, &QEventLoop::quit);
    connect(this, &RunController::statusChanged, &loop, [&loop](const RunStatus& s) {
        if (s.state != RunState::Running) loop.quit();
    });
    m_control->interrupt.store(false);
    post([tick](SimWorker* w) {
        w->start(tick);
    });
    m_status.state = RunState::Running;
    timeout.start(timeoutMs);
    loop.exec();
    m_plots->refresh(true);
    return m_status.state != RunState::Running;
}

void RunController::onStatus(const RunStatus& s)
{
    if (s.sequence < m_sequence) return; // a command sent since supersedes it
    m_status = s;
    const bool live = s.state == RunState::Running;
    m_plots->setLive(live);
    if (live)
        m_progressTimer->start();
    else {
        m_progressTimer->stop();
        m_plots->refresh(true);
    }
    if (s.state == RunState::Finished && !s.branches.isEmpty())
        hint(tr("Run finished at t = %1 s").arg(static_cast<double>(s.branches.front().tick) * (m_model ? m_model->h : 0.0)));
    updateActions();
    updateProgress();
    emit statusChanged(s);
}

void RunController::onFailure(const RunFailure& f)
{
    if (f.sequence < m_loadSequence) return; // from a run since discarded
    if (f.branch == 0) m_failure = f;
    QString who = f.branch == 0 ? QString() : tr("%1: ").arg(f.branch < m_branches.size() ? m_branches[f.branch].label : tr("fork"));
    const QString text = tr("%1Solver failure at tick %2 (t = %3 s) in %4: %5 — stopped at the last good tick (%2).")
                             .arg(who)
                             .arg(f.tick)
                             .arg(f.time, 0, 'g', 9)
                             .arg(f.subject, f.message);
    m_plots->setMessage(text, true);
    hint(text);
    if (m_window->scene()->itemFor(f.subject)) m_window->scene()->selectIds({f.subject});
    emit failed(f);
}

void RunController::onBranch(const BranchInfo& b)
{
    if (b.sequence < m_loadSequence) return; // from a run since discarded
    m_branches.push_back(b);
    m_plots->addBranch(b);
    emit branchAdded(b);
}

void RunController::checkStale()
{
    if (!m_model) return;
    const std::shared_ptr<const CompileResult> r = m_window->document()->compiled();
    // the lab as compiled and its accuracy (the model run may be the accuracy's choice)
    m_stale = !r || !r->model || r->model->fingerprint != m_labFingerprint ||
              m_window->document()->lab().run.accuracy != m_runAccuracy;
    m_staleLabel->setVisible(m_stale);
    updateProgress();
    if (!m_failure)
        m_plots->setMessage(m_stale ? tr("The lab changed since this run: Run runs the edited lab from t = 0.") : QString(), false);
    updateActions();
}

void RunController::updateActions()
{
    const RunState s = m_status.state;
    const bool running = s == RunState::Running;
    const bool paused = s == RunState::Paused;
    const bool resume = paused && !m_stale;
    m_run->setText(resume ? tr("&Resume") : tr("&Run"));
    m_run->setToolTip(resume ? tr("Resume (%1)").arg(m_run->shortcut().toString(QKeySequence::NativeText))
                             : tr("Run (%1)").arg(m_run->shortcut().toString(QKeySequence::NativeText)));
    m_run->setEnabled(!running);
    m_pause->setEnabled(running);
    m_step->setEnabled(!running);
    m_stop->setEnabled(running || paused);
    m_reset->setEnabled(m_model != nullptr);
    m_fork->setEnabled(paused && !m_stale && m_model && !m_branches.isEmpty() && m_branches.size() < 5);
    if (m_staleLabel) m_staleLabel->setVisible(m_stale && m_model);
}

void RunController::updateCanvasLive()
{
    // thermal-liquid volumes (an oil-temperature state) show their oil temperature while a run is shown
    QHash<QString, double> live; // [K]; the label formats it in the display unit
    if (m_model && !m_branches.isEmpty() && m_branches.front().store) {
        const SampleStore& s = *m_branches.front().store;
        const std::size_t n = s.size();
        const auto& layout = m_plots->observableLayout();
        for (std::size_t k = 0; n > 0 && k < layout.size() && k < s.observableCount(); ++k) {
            const ObservableRef& r = layout[k];
            if (!r.isNode || r.name != "temperature") continue;
            for (const NodeInfo& node : m_model->nodes) {
                if (node.id == r.subject && node.tempIndex >= 0)
                    live.insert(QString::fromStdString(r.subject), s.value(n - 1, k));
            }
        }
    }
    LabScene* scene = m_window->scene();
    for (const NodeSpec& n : m_window->document()->lab().nodes) {
        const QString id = QString::fromStdString(n.id);
        if (NodeItem* item = scene->nodeItem(id)) item->setLiveOil(live.contains(id) ? std::optional<double>(live.value(id)) : std::nullopt);
    }
}

void RunController::updateProgress()
{
    updateCanvasLive();
    if (!m_model) {
        m_progress->setValue(0);
        m_progressText->setText(tr("not run"));
        return;
    }
    const double total = static_cast<double>(m_model->ticks);
    const std::int64_t tick = m_status.state == RunState::Running ? m_control->mainTick.load()
                                                                  : (m_status.branches.isEmpty() ? 0 : m_status.branches.front().tick);
    m_progress->setValue(static_cast<int>(1000.0 * static_cast<double>(tick) / std::max(1.0, total)));
    QString text = tr("t = %1 / %2 s").arg(static_cast<double>(tick) * m_model->h, 0, 'f', 3).arg(total * m_model->h, 0, 'g', 4);
    const double rt = m_control->realTimeFactor.load();
    if (rt > 0) text += tr("  ×%1 real time").arg(rt, 0, 'g', 3);
    static const char* names[] = {QT_TR_NOOP("idle"),    QT_TR_NOOP("running"),  QT_TR_NOOP("paused"),
                                  QT_TR_NOOP("stopped"), QT_TR_NOOP("finished"), QT_TR_NOOP("failed")};
    // a run of a lab that has changed since is stale, whatever state it ended in
    const bool ended = m_status.state != RunState::Running;
    text += QStringLiteral("  (%1)").arg(m_stale && ended ? tr("stale") : tr(names[static_cast<int>(m_status.state)]));
    m_progressText->setText(text);
}

QString RunController::observablesText(const QString& id) const
{
    if (m_branches.isEmpty()) return {};
    const SampleStore& s = *m_branches.front().store;
    const std::size_t n = s.size();
    if (n == 0) return {};
    const auto& layout = m_plots->observableLayout();
    QString rows;
    for (std::size_t k = 0; k < layout.size() && k < s.observableCount(); ++k) {
        if (QString::fromStdString(layout[k].subject) != id) continue;
        const UnitView u = DisplayUnits::instance().view(QString::fromLatin1(layout[k].unit));
        rows += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td>%3</td></tr>")
                    .arg(QString::fromStdString(layout[k].name))
                    .arg(u.toDisplay(s.value(n - 1, k)), 0, 'g', 6)
                    .arg(u.label.toHtmlEscaped());
    }
    if (rows.isEmpty()) return {};
    return tr("<b>%1</b> at t = %2 s%3<table>%4</table>")
        .arg(id.toHtmlEscaped())
        .arg(s.time(n - 1), 0, 'g', 6)
        .arg(m_stale ? tr(" <i>(stale)</i>") : QString(), rows);
}

} // namespace drivelab
