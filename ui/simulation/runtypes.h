#pragma once
// Types the run controller and the simulation worker exchange through queued signals.
#include <QMetaType>
#include <QString>
#include <QVector>

#include <cstdint>
#include <memory>

namespace drivelab {

struct Model;
class SampleStore;
class MarkerLog;

/// a compiled model handed to the worker (immutable, shared)
using ModelPtr = std::shared_ptr<const Model>;
/// a branch's sample table (the worker appends, the UI reads)
using StorePtr = std::shared_ptr<SampleStore>;

/// what the simulation is doing
enum class RunState {
    Idle,     ///< nothing loaded (no results)
    Running,  ///< the worker is advancing
    Paused,   ///< stopped at a sample tick; Resume goes on
    Stopped,  ///< ended by the user; Run starts again from t = 0
    Finished, ///< every branch reached the end (or failed)
    Failed,   ///< the main branch failed; it stopped at its last good tick
};

/// one branch as the worker reports it
struct BranchStatus {
    int id = 0;            ///< 0 = main, 1.. = forks
    std::int64_t tick = 0; ///< ticks completed
    quint64 hash = 0;      ///< state hash now
    bool finished = false; ///< reached the end
    bool failed = false;   ///< stopped by a solver failure
};

/// a status report from the worker (sent on every state change)
struct RunStatus {
    RunState state = RunState::Idle;
    QVector<BranchStatus> branches;
    int cancelledBatches = 0; ///< batches rolled back by an interrupt since the last report
    int sequence = 0;         ///< the command that led to it (older reports are ignored)
};

/// a solver failure as shown to the user
struct RunFailure {
    int branch = 0;
    std::int64_t tick = 0; ///< the tick that failed
    double time = 0.0;     ///< its start time [s]
    QString subject;       ///< component or node
    QString message;
    int sequence = 0; ///< the command that led to it
};

/// a new branch (main at load, or a fork)
struct BranchInfo {
    int id = 0;
    int parent = -1;
    std::int64_t startTick = 0; ///< where the branch's samples begin
    QString label;              ///< "main", "fork 1: lockup.capacity = 300 at 2.5 s"
    StorePtr store;
    std::shared_ptr<MarkerLog> markers; ///< its clutch events (the worker appends, the UI reads)
    ModelPtr model;
    int sequence = 0; ///< the command that led to it
};

/// an input set when a fork is created
struct InputChange {
    QString component;
    QString input;
    double value = 0.0;
};

} // namespace drivelab

Q_DECLARE_METATYPE(drivelab::ModelPtr)
Q_DECLARE_METATYPE(drivelab::RunStatus)
Q_DECLARE_METATYPE(drivelab::RunFailure)
Q_DECLARE_METATYPE(drivelab::BranchInfo)
Q_DECLARE_METATYPE(QVector<drivelab::InputChange>)
