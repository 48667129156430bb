#pragma once
// SimWorker: lives on its own QThread and owns the compiled Model's sessions (the main
// branch and its forks). The UI drives it only through queued slot calls, plus one
// atomic interrupt flag it may raise to cut a batch short (the batch then rolls back, so
// Pause and Stop never leave a half tick). Running advances in batches of one sample
// stride; after each batch the observables are written into the branch's SampleStore.
// Work is cut into ~15 ms slices re-posted to the worker's own event loop, so queued
// commands are served between slices.
#include <QObject>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <memory>
#include <vector>

#include "simulation/runtypes.h"

namespace drivelab {

class Session;

/// shared between the UI and the worker
struct RunControl {
    std::atomic<bool> interrupt{false};      ///< cut the current batch short (set by the UI)
    std::atomic<double> realTimeFactor{0.0}; ///< simulated s per wall s over the last slice
    std::atomic<std::int64_t> mainTick{0};   ///< ticks completed by the main branch
};

/// the simulation worker
class SimWorker : public QObject {
    Q_OBJECT
public:
    explicit SimWorker(std::shared_ptr<RunControl> control, QObject* parent = nullptr);
    ~SimWorker() override;

    /// ticks between plotted samples: report_every / d for the largest divisor d of
    /// report_every not above samplesPerReport (so report boundaries are samples), grown
    /// when the whole run would exceed maxValues stored values
    static std::int64_t sampleStride(const Model& m, int samplesPerReport, std::size_t maxValues = 16u << 20);
    /// the sample tick after `tick`: the end of the worker's next batch (one sample per stride
    /// ticks, the run's last tick at most)
    static std::int64_t sampleTickAfter(std::int64_t tick, std::int64_t stride, std::int64_t ticks)
    {
        return std::min(ticks, (tick / stride + 1) * stride);
    }

    /// the command now served (copied into every report; the UI ignores older ones)
    void setSequence(int sequence) { m_sequence = sequence; }

public slots:
    /// drop every branch and start a main branch at t = 0 (paused)
    void load(drivelab::ModelPtr model, int samplesPerReport);
    /// run every branch up to `untilTick` (-1: the end)
    void start(qint64 untilTick);
    /// run every branch to its next report boundary
    void step();
    /// run every branch by exactly n ticks as one batch each (an interrupt rolls it back)
    void stepTicks(qint64 n);
    /// stop advancing (after an interrupt: at the last completed batch)
    void pause();
    /// end the run (results stay)
    void stop();
    /// drop everything
    void unload();
    /// fork branch `parent` at its current tick into a new branch with its own session;
    /// `model` is the parent's model or one that differs only in events after that tick
    void fork(int parent, drivelab::ModelPtr model, QVector<drivelab::InputChange> inputs, QString label);

signals:
    void branchAdded(drivelab::BranchInfo info);
    void statusChanged(drivelab::RunStatus status);
    void failed(drivelab::RunFailure failure);
    /// a fork could not be made
    void forkRefused(QString why);

private:
    struct Branch;
    void slice();
    bool advance(Branch& b, std::int64_t maxTicks);
    void publish(Branch& b);
    void report(RunState state);
    std::int64_t nextSampleTick(std::int64_t tick) const;
    std::int64_t nextBoundary(std::int64_t tick) const;

    std::shared_ptr<RunControl> m_control;
    ModelPtr m_model;
    std::int64_t m_stride = 1;
    std::vector<int> m_clutchComponents; // clutch index of a ClutchEvent -> component index
    std::vector<std::unique_ptr<Branch>> m_branches;
    bool m_running = false;
    bool m_stopped = false;
    int m_cancelled = 0;
    int m_sequence = 0;
    std::size_t m_next = 0; // round-robin position
};

} // namespace drivelab
