#pragma once
// A study's per-run measurements: each metric reduces one observable over the samples of a run
// (t = 0 and the end of every tick), docs/FORMATS.md "Sweeps".
#include <string>
#include <vector>

#include "solver/session.h"
#include "study/sweepspec.h"

namespace drivelab::study {

/// a metric resolved against a model's observable layout
struct MetricPlan {
    Reduction reduce = Reduction::Final;
    int obs = -1;       ///< the observable's index in the layout (LockTime: `locked`)
    int slip = -1;      ///< LockTime: `slip_speed`
    double level = 0.0; ///< FirstCrossing
    int direction = 0;  ///< FirstCrossing
};

/// resolve a sweep's metrics against a layout; false with diagnostics (`metrics[2].observable`)
bool planMetrics(const std::vector<MetricSpec>& metrics, const std::vector<ObservableRef>& layout, std::vector<MetricPlan>& out,
                 Diagnostics& diags);
/// true when some metric needs every tick's sample (not only the end of the run)
bool needsEveryTick(const std::vector<MetricPlan>& plans);
/// true when this metric needs every tick's sample
bool needsEveryTick(const MetricPlan& plan);
/// the observables (layout indices) the metrics that need every tick read
std::vector<int> everyTickObservables(const std::vector<MetricPlan>& plans);

/// the running reductions of one run
class MetricState {
public:
    explicit MetricState(const std::vector<MetricPlan>& plans);
    /// the sample at time t (the first call is t = 0)
    void sample(const double* values, double t);
    /// a tick's sample at time t for the metrics that need every tick (values need hold only
    /// everyTickObservables()); with sampleEnd at the end, the same results as sample() at every tick
    void sampleTick(const double* values, double t);
    /// the run's end for the metrics that read only its end (after sampleTick at every tick)
    void sampleEnd(const double* values);
    /// the metrics' values (NaN: none, as a crossing that never happened); `heat`: the run's heat [J]
    void finish(double heat, std::vector<double>& out) const;

private:
    struct Acc {
        double value = 0.0, time = 0.0, sum = 0.0; ///< extreme or result, its time, integral
        bool found = false;
        int slipping = 0;                ///< LockTime: consecutive unlocked samples
        double slip1 = 0.0, slip2 = 0.0; ///< LockTime: the last two slips
    };
    inline void sampleOne(std::size_t i, const double* values, double t, double h);

    const std::vector<MetricPlan>& m_plans;
    std::vector<std::size_t> m_tickPlans; ///< the plans that need every tick (with an observable)
    std::vector<std::size_t> m_endPlans;  ///< the others with an observable
    std::vector<Acc> m_acc;
    std::vector<double> m_prev; ///< each plan's previous sample
    double m_t0 = 0.0, m_prevT = 0.0, m_tEnd = 0.0;
    bool m_started = false;
};

} // namespace drivelab::study
