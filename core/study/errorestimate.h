#pragma once
// The error of a run from the run itself (issue 37, target 5; docs/PHYSICS.md "Error estimate"):
// the same lab at half and a quarter of the tick, compared on the end states (speeds, pressures,
// temperatures, positions), the cumulative energies (heats, works, fuel) and the clutch event
// instants, relative to each quantity's scale (ErrorEstimate below).
#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "solver/session.h"
#include "spec/labspec.h"

namespace drivelab::study {

/// what a run leaves behind as it goes: every clutch event (from the session's ring) and the
/// largest magnitude each observable reached at the samples
class RunTrail {
public:
    /// take the events recorded since the last call (call at least every ClutchEventLog::kSize
    /// events) and sample the observables' magnitudes
    void harvest(const Session& s);
    /// the largest |value| of each observable (observableLayout order) at the samples
    const std::vector<double>& peaks() const { return m_peaks; }
    /// the events in order
    const std::vector<ClutchEvent>& events() const { return m_events; }
    /// false when the ring overran between two harvests (some events were lost)
    bool complete() const { return m_complete; }

private:
    std::int64_t m_seen = 0;
    std::vector<ClutchEvent> m_events;
    std::vector<double> m_values, m_peaks;
    bool m_complete = true;
};

/// what the error is measured on at the end of a run
struct RunEnd {
    std::vector<double> values;       ///< the measured observables' end values
    std::vector<std::string> names;   ///< "node 'turbine' speed", one per value
    std::vector<std::string> units;   ///< SI unit, one per value (the relative scale is per unit)
    std::vector<double> peaks;        ///< the largest |value| each reached in the run, one per value
    std::vector<ClutchEvent> events;  ///< every clutch event but the zero-slip pairs
    int zeroSlips = 0;                ///< breakaways relocked at the same instant (left out of `events`)
    std::vector<std::string> clutchIds; ///< the id of each clutch index (ClutchEvent::clutch)
    bool eventsComplete = true;       ///< false: events were lost (the comparison leaves them out, saying so)
    double durationS = 0.0;           ///< the run's length [s]
    std::int64_t newtonIterations = 0; ///< the run's Newton iterations (SolverStats)
};

/// the observables an error is measured on: node states and cumulative component energies [J]
/// (not tick means, integers or signals: they depend on the tick by definition)
std::vector<int> measuredObservables(const std::vector<ObservableRef>& layout);
/// the end of a finished session and the events its trail gathered
RunEnd runEnd(const Session& s, const RunTrail& trail);
/// run `s` from where it is to the end, gathering the events; false with `error` on a solver failure
/// or when `cancel` (checked every 16 ticks) is raised ("cancelled")
bool runToEnd(Session& s, RunEnd& out, std::string& error, const std::atomic<bool>* cancel = nullptr);

/// the largest relative difference between two ends of the same lab
struct EndDifference {
    double largest = 0.0;   ///< the largest relative difference (0 when nothing differs)
    std::string quantity;   ///< what it was measured on ("node 'turbine' speed", "clutch 'c1' lock 2 instant")
    int eventsCompared = 0; ///< clutch event instants compared
    int zeroSlips = 0;      ///< the run's breakaways relocked at the same instant (not compared: RunEnd::zeroSlips)
    bool eventsMatch = true; ///< the two runs had the same events in the same order
    std::string note;       ///< why the events were not compared (empty when they were)
    int largestIndex = -1;  ///< the index of `largest` in `differences` (-1: nothing differs)
    /// (a - ref) / scale of every value, then of every event instant when they were compared
    std::vector<double> differences;
};
/// relative differences of `a` against `ref`: a value's difference over the largest |value| any
/// quantity of its unit reached in the `ref` run; an event instant's over the run's length
EndDifference compareEnds(const RunEnd& a, const RunEnd& ref);

/// the lab at 1/divisor of its tick (report boundaries at the same instants); false with `why`
/// when the tick is not a multiple of `divisor` nanoseconds
bool finerTickSpec(const LabSpec& in, int divisor, LabSpec& out, std::string& why);

/// the order of a method on smooth stretches (midpoint 2, radau3 3, gauss2 4)
int methodOrder(RunMethod m);

/// an estimate of a run's error from the same lab at finer ticks: the report's "error_estimate"
/// section. d1 = |x(h) - x(h/2)|, d2 = |x(h/2) - x(h/4)| (largest relative differences) give the
/// observed ratio r = d1 / d2 (2^p for order p in the asymptotic range). Regular (1.5 <= r <=
/// 2^(p + 1.5), and the quantity of d1 moves the same way from h/2 to h/4 as from h to h/2): the
/// error of h is d1 r / (r - 1), the geometric sum of the differences still to come. Irregular
/// (the runs do not converge at a steady order: an unresolved fast mode, an event placed by where
/// in the tick it falls): the difference to a finer run plus that run's own last difference,
/// |x(h) - x(h/2^f)| + |x(h/2^(f-1)) - x(h/2^f)|, from f = 2 on, halving further (TickLadder)
/// until the second term is at most a quarter of the first (settled) or the finest level allowed.
struct ErrorEstimate {
    std::string method;         ///< run.method of the run
    int order = 2;              ///< the method's order on smooth stretches
    std::int64_t tickNs = 0;    ///< the run's tick
    EndDifference half;         ///< the run against the run at h/2
    EndDifference quarter;      ///< the run against the run at h/4
    EndDifference fine;         ///< the run at h/2 against the run at h/4
    int finestLevel = 2;        ///< f: the finest run compared with, at h/2^f (irregular: 2 or more)
    EndDifference finest;       ///< the run against the run at h/2^f
    EndDifference last;         ///< the run at h/2^(f-1) against the run at h/2^f
    std::string refinementNote; ///< why the refinement stopped before it settled (empty: it settled, or regular)
    /// d1 / d2 (0 when d2 is 0)
    double ratio() const { return fine.largest > 0.0 ? half.largest / fine.largest : 0.0; }
    /// true when the three runs converge at a steady order
    bool regular() const;
    /// true when the finest run's own difference is at most a quarter of the run's difference to it
    bool settled() const { return last.largest <= 0.25 * finest.largest; }
    /// the estimated largest relative error; < 0 when not estimated (the events differ)
    double estimate() const;
    /// what the estimate was measured on (the largest difference's quantity)
    const std::string& quantity() const;
};
/// the report section (`  "error_estimate": {...}`, no trailing separator)
std::string errorEstimateText(const ErrorEstimate& e);

} // namespace drivelab::study
