#pragma once
// RunController: the editor's side of a simulation. It adds the Simulation menu and
// toolbar (Run/Resume, Pause, Step, Stop, Reset, Fork, a progress bar with simulated
// time and speed), the Plots dock, and owns the worker thread. Run compiles the lab
// (a compile error raises the Problems panel instead); edits that change the model mark
// the results stale, and the next Run re-compiles. Solver failures name the tick, time
// and component and the run stops at the last good tick. The UI talks to the worker only
// through queued calls (and the interrupt flag that cuts a batch short).
#include <QObject>
#include <QVector>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "simulation/runtypes.h"
#include "spec/labspec.h"

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QProgressBar;
class QThread;
class QTimer;
class QToolBar;

namespace drivelab {

class AccuracySearch;
class MainWindow;
class PlotArea;
class SimWorker;
class CanvasProbe;
struct RunControl;

/// simulation control of one main window
class RunController : public QObject {
    Q_OBJECT
public:
    explicit RunController(MainWindow* window);
    ~RunController() override;

    RunState state() const { return m_status.state; }
    const RunStatus& status() const { return m_status; }
    /// the lab changed (its model differs) since the results were computed
    bool isStale() const { return m_stale; }
    PlotArea* plots() const { return m_plots; }
    QDockWidget* plotDock() const { return m_dock; }
    /// the model of the results shown (null before the first run)
    const ModelPtr& model() const { return m_model; }
    const QVector<BranchInfo>& branches() const { return m_branches; }
    const std::optional<RunFailure>& lastFailure() const { return m_failure; }
    /// plotted samples per report interval (the default 10; takes effect at the next Run)
    void setSamplesPerReport(int n) { m_samplesPerReport = n; }
    /// the interrupt flag shared with the worker (tests)
    const std::shared_ptr<RunControl>& control() const { return m_control; }
    /// observables of an item at the newest sample, as tooltip text ("" without results)
    QString observablesText(const QString& id) const;
    /// the canvas hover and drag helper
    CanvasProbe* probe() const { return m_probe; }
    /// the run.accuracy search (a lab that asks for an accuracy runs at its choice)
    AccuracySearch* accuracy() const { return m_accuracy; }

    QAction* runAction() const { return m_run; }
    QAction* pauseAction() const { return m_pause; }
    QAction* stepAction() const { return m_step; }
    QAction* stopAction() const { return m_stop; }
    QAction* resetAction() const { return m_reset; }
    QAction* forkAction() const { return m_fork; }
    QMenu* menu() const { return m_menu; }

public slots:
    /// Run (or Resume when paused and not stale)
    void run();
    void pause();
    /// one report interval (compiles and starts paused at t = 0 first when needed)
    void step();
    void stop();
    /// discard the results
    void reset();
    /// ask for changes and fork the main branch at its current time
    void forkDialog();

public:
    /// fork the main branch now: changed events (nullptr: the same) and input values.
    /// Returns "" when the fork was requested, else why not.
    QString forkMain(const QVector<InputChange>& inputs, const std::vector<EventSpec>* events, const QString& label = {});
    /// run every branch by exactly n ticks as one batch each (tests: interrupt it)
    void stepTicks(qint64 n);
    /// raise the interrupt flag only (tests; Pause and Stop raise it themselves)
    void interrupt();
    /// run (compiling when needed) until `seconds` of simulated time and wait; false on timeout or error
    bool runTo(double seconds, int timeoutMs = 120000);

signals:
    void statusChanged(const drivelab::RunStatus& status);
    void failed(const drivelab::RunFailure& failure);
    void branchAdded(const drivelab::BranchInfo& info);
    /// Run found errors in the lab (the Problems panel is shown)
    void compileFailed();
    /// the run.accuracy choice for the lab changed: `text` says what runs (empty: the lab's own tick and method)
    void accuracyChanged(const QString& text);
    void forkRefused(const QString& why);

private:
    void createActions();
    void createDock();
    bool loadFresh();
    /// the model to run for the lab as compiled: its own, or its run.accuracy choice; null when a
    /// search must run first (started here; `then` follows when it found one)
    ModelPtr modelToRun(const ModelPtr& compiled, std::function<void()> then);
    void onStatus(const RunStatus& s);
    void onFailure(const RunFailure& f);
    void onBranch(const BranchInfo& b);
    void checkStale();
    void updateActions();
    void updateProgress();
    /// the oil temperature of each thermal-liquid volume at the newest sample on its canvas label
    void updateCanvasLive();
    void hint(const QString& text);
    /// send a command to the worker (queued), numbered
    void post(std::function<void(SimWorker*)> command);

    MainWindow* m_window;
    std::shared_ptr<RunControl> m_control;
    QThread* m_thread;
    SimWorker* m_worker;
    PlotArea* m_plots = nullptr;
    QDockWidget* m_dock = nullptr;
    CanvasProbe* m_probe = nullptr;
    AccuracySearch* m_accuracy = nullptr;
    std::function<void()> m_afterSearch; // what Run or Step does once the search has chosen
    QMenu* m_menu = nullptr;
    QToolBar* m_bar = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_progressText = nullptr;
    QLabel* m_staleLabel = nullptr;
    QTimer* m_progressTimer = nullptr;
    QTimer* m_staleTimer = nullptr;
    QAction* m_run = nullptr;
    QAction* m_pause = nullptr;
    QAction* m_step = nullptr;
    QAction* m_stop = nullptr;
    QAction* m_reset = nullptr;
    QAction* m_fork = nullptr;
    ModelPtr m_model;
    LabSpec m_runSpec; // the lab the model was compiled from (at the accuracy's tick and method)
    std::uint64_t m_labFingerprint = 0; // the document's compile the results are of (stale when it changes)
    double m_runAccuracy = 0.0;         // and its run.accuracy
    RunStatus m_status;
    QVector<BranchInfo> m_branches;
    std::optional<RunFailure> m_failure;
    bool m_stale = false;
    bool m_sizedDock = false;
    int m_samplesPerReport = 10;
    int m_forks = 0;
    int m_sequence = 0;     // commands sent
    int m_loadSequence = 0; // the command that loaded the current results
};

} // namespace drivelab
