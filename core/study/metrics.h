#pragma once
// A study's per-run measurements: each metric reduces one observable over the samples of a run
// (t = 0 and the end of every tick), docs/FORMATS.md "Sweeps".
#include <memory>
#include <string>
#include <vector>

#include "solver/session.h"
#include "solver/subsetreader.h"
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

/// a metric's running values
struct MetricAcc {
    double value = 0.0, time = 0.0, sum = 0.0; ///< extreme or result, its time, integral
    bool found = false;
    int slipping = 0;                ///< LockTime: consecutive unlocked samples
    double slip1 = 0.0, slip2 = 0.0; ///< LockTime: the last two slips
};

/// the running reductions of one run
class MetricState {
public:
    explicit MetricState(const std::vector<MetricPlan>& plans);
    /// the sample at time t (the first call is t = 0)
    void sample(const double* values, double t);
    /// the hook of s's run (Session::run, RunOptions::onTick) after sample() at t = 0: after every
    /// tick, the metrics that need every tick sample s's observables they read
    /// (everyTickObservables(), a SubsetReader bound to s: a state element where it is, the
    /// others read into values, room for all of s's observables), at s's time; with sampleEnd at the end, the same results as sample() at every
    /// tick. After the hook's first call sample() is not called again. s and values outlive the run.
    TickHook tickHook(const Session& s, double* values);
    /// the run's end for the metrics that read only its end (after the hook at every tick)
    void sampleEnd(const double* values);
    /// the metrics' values (NaN: none, as a crossing that never happened); `heat`: the run's heat [J]
    void finish(double heat, std::vector<double>& out) const;

private:
    static void onTick(void* self, const Session& s); ///< the hook: sampleTick
    void sampleTick(const Session& s);
    /// one plan's sample (Started: not the run's first)
    template <bool Started> void sampleOne(const MetricPlan& p, MetricAcc& a, double& prev, const double* values, double t, double h) const;
    void sampleOne(std::size_t i, const double* values, double t, double h);
    void advance(double t); ///< the sample at t is taken
    struct Ticking { ///< an every-tick plan with its running values (m_acc, m_prev hold them once it leaves)
        MetricPlan plan;
        MetricAcc acc;
        double prev = 0.0;
        std::size_t index = 0;
        const double* x = nullptr;    ///< where its observable is read (SubsetReader::source)
        const double* slip = nullptr; ///< LockTime: where `slip_speed` is read
    };
    void firstTick(const double* values, double t); ///< sampleTick's first: the plans' lists begin after it
    void openTicking();                             ///< the every-tick plans into their lists, by reduction
    void settle(const Ticking& p);                  ///< p's running values into m_acc, m_prev
    void closeFinal(std::vector<Ticking>& list);    ///< settle and drop the found crossings and lock times

    const std::vector<MetricPlan>& m_plans;
    std::vector<std::size_t> m_tickPlans; ///< the plans that need every tick (with an observable)
    std::vector<std::size_t> m_endPlans;  ///< the others with an observable
    /// m_tickPlans after the first sample (sampleTick): maxima, minima, integrals and means, crossings, lock times
    std::vector<Ticking> m_max, m_min, m_sum, m_cross, m_lock;
    std::vector<MetricAcc> m_acc;
    std::vector<double> m_prev; ///< each plan's previous sample
    double m_t0 = 0.0, m_prevT = 0.0, m_tEnd = 0.0;
    bool m_started = false;
    bool m_ticked = false; ///< sampleTick has taken over the every-tick plans (the lists) until sampleEnd
    std::unique_ptr<SubsetReader> m_reader; ///< tickHook's: the observables the every-tick plans read
    double* m_values = nullptr;             ///< tickHook's: where they are read
};

} // namespace drivelab::study
