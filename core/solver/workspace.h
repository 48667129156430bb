#pragma once
// Workspace: preallocated scratch of one session. Nothing in it survives a tick
// except caches derived from the State (the constraint basis), so it is never
// hashed, saved or rolled back.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "compile/model.h"
#include "solver/constraints.h"
#include "solver/signalstore.h"

namespace drivelab {

/// why a tick failed: the tick, the time, the component (or node) and what happened
struct SolverError {
    std::int64_t tick = 0;     ///< tick that failed
    double time = 0.0;         ///< its start time [s]
    std::string subject = "-"; ///< component or node id
    std::string message;       ///< what happened and what to try
};

/// counters for benchmarks and diagnostics
struct SolverStats {
    std::int64_t newtonIterations = 0; ///< Newton iterations, all solves
    std::int64_t solves = 0;           ///< interval solves (trials included)
    std::int64_t factorizations = 0;   ///< two-stage methods: Newton matrices assembled and factored
    std::int64_t intervals = 0;        ///< accepted internal intervals
    std::int64_t shortcuts = 0;        ///< component evaluations taken from a kept one by its tangents
                                       ///< (a cylinder at a Newton trial point, EngineCylinder::extrapolate)
};

/// what happened to a clutch inside a tick (benchmarks and diagnostics read them; not part of
/// the state: a rolled-back batch may leave records of ticks it undid)
struct ClutchEvent {
    enum Kind : std::int32_t { Lock = 0, Breakaway = 1, Release = 2 };
    std::int32_t clutch = 0; ///< the clutch's index among the model's clutches (file order)
    Kind kind = Lock;        ///< locked, broke away (torque above capacity), released (capacity 0)
    double timeNs = 0.0;     ///< when, from t = 0 [ns] (inside the tick: the located instant)
};

/// the most recent clutch events, a ring of fixed size (no allocation per tick)
struct ClutchEventLog {
    static constexpr int kSize = 64;
    ClutchEvent ring[kSize];
    std::int64_t count = 0; ///< events recorded since the session started; the last kSize are kept

    void add(std::int32_t clutch, ClutchEvent::Kind kind, double timeNs)
    {
        ring[count % kSize] = ClutchEvent{clutch, kind, timeNs};
        ++count;
    }
    /// the i-th event ever recorded (count - kSize <= i < count)
    const ClutchEvent& at(std::int64_t i) const { return ring[i % kSize]; }
};

struct Gauss2Work; // solver/gauss2.h

/// Scratch of one session, sized once for its model.
struct Workspace {
    explicit Workspace(const Model& m);

    ModeBasis basis;              ///< projection basis of the current mode
    int nPermanentRows = 0;       ///< gear and planetary rows
    ConstraintRow rows[kMaxRows]; ///< active rows: permanent first, then locked clutches
    int rowSlots[kMaxRows];       ///< their multiplier slots

    // Newton buffers [nDyn] or [nDyn x kMaxDyn]
    double xs[kMaxDyn];            ///< stage states
    double x1[kMaxDyn];            ///< end states
    double dx[kMaxDyn];            ///< increment
    double f[kMaxDyn];             ///< efforts at the stage point
    double jac[kMaxDyn * kMaxDyn]; ///< d f / d xs
    double dq[kMaxDyn];            ///< reduced increment
    double res[kMaxDyn];           ///< reduced residual
    double a[kMaxDyn * kMaxDyn];   ///< reduced Newton matrix
    double delta[kMaxDyn];         ///< Newton step
    double effort[kMaxDyn];        ///< constraint effort M dx/h - f
    double weight[kMaxDyn];        ///< stage weights of this interval
    double stor[kMaxDyn];          ///< fluid stored by storage components over the interval [m^3]
    double dstor[kMaxDyn];         ///< d stor / d dx [m^3/Pa]
    double supply[kMaxDyn];        ///< volume supplied to fixed states over the interval [m^3]; for a
                                   ///< prescribed state the reaction's impulse [N m s or N s]
    double dxFixed[kMaxDyn] = {};  ///< prescribed increments of the fixed states over the interval
                                   ///< (0 for a held pressure; a speed source's node: to its input)

    std::vector<double> scratch;   ///< [nScratch] component scratch
    std::vector<double> acc;       ///< [nMean] tick accumulators
    std::vector<double> lambda;    ///< [nRows] constraint multipliers by slot
    std::vector<double> heatIn;    ///< [nTherm] heat delivered this interval [J]
    std::vector<double> thermalD0; ///< [nTherm] temperature rises at the interval start
    std::vector<double> thermalA;  ///< [kMaxDyn x kMaxDyn] thermal network matrix
    bool thermalNetwork = false;   ///< conductors or heat sources present
    SolverStats stats;             ///< counters
    ClutchEventLog clutchEvents;   ///< locks, breakaways and releases with their instants
    std::shared_ptr<Gauss2Work> g2; ///< the two-stage methods' scratch (run.method gauss2, radau3), else null
    std::vector<FmuSlot> fmus;      ///< this session's instances of the model's imported FMUs (Model::fmus order)
    std::vector<int> capacityBinding; ///< [clutches] the binding (Model::bindings) whose signal drives each
                                      ///< clutch's capacity input, -1 none (ClutchEvents::capacityAt)
    std::vector<SignalStore> signalStore; ///< [timeSignals] each signal's last value for bound inputs (solver/signalstore.h)
};

} // namespace drivelab
