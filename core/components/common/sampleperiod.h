#pragma once
// The sample period of a sampled component (speed_controller, shift_schedule, mapped_engine's
// idle governor, fmu; docs/PHYSICS.md "Sampled components"): the optional parameter
// `sample_period` T [s].
//
//   absent: the component samples at the start t_n = n h of every tick (its period is the run's
//           tick h, so a run at another tick is another controller)
//   T:      it samples at t = k T only, the ticks n with n mod N = 0, N = T / h, and holds its
//           outputs over the N ticks between; its integral, derivative and timers advance by
//           N h = T, and an input it samples that is bound to a signal reads the signal's mean
//           over the coming period [k T, k T + T] (not over the tick), so the sampled law is the
//           same at every tick that divides T
//
// T must be a whole number of the run's ticks (compared in whole nanoseconds): otherwise the
// compile refuses the field, naming the tick. With T = h the samples, the arithmetic and so the
// results are those of the absent field, bit for bit.
#include <cstdint>

#include "compile/compilecontext.h"
#include "spec/descriptor.h"

namespace drivelab {

/// the period a sampler may be given: 1 ns to 1000 s (the run's tick limits)
inline constexpr Range kSamplePeriodRange = Range::closed(1e-9, 1000.0);

/// the `sample_period` parameter a sampling type lists in its descriptor, with its doc line
constexpr ParameterDescriptor samplePeriodParameter(const char* doc)
{
    return {.name = "sample_period", .unit = "s", .range = kSamplePeriodRange, .required = false, .editorDefault = "0.01", .doc = doc, .omitWhenAbsent = true};
}
/// the parameter with the doc line of a component that samples as a whole
inline constexpr ParameterDescriptor kSamplePeriodParameter = samplePeriodParameter(
    "its own sample period: it samples at t = k sample_period and holds its outputs between; a whole number of ticks "
    "(absent: every tick)");

/// a compiled sample period
struct SamplePeriod {
    std::int64_t ticks = 1; ///< N: ticks per sample (1: every tick)

    /// true at the ticks it samples (n mod N = 0)
    bool samplesAt(std::int64_t tick) const { return ticks == 1 || tick % ticks == 0; }
    /// the period N h [s] for the run's tick h [s]
    double seconds(double h) const { return ticks == 1 ? h : static_cast<double>(ticks) * h; }
};

/// read `sample_period` of the component compiling: N ticks per sample (1 when absent); an error
/// on the field, naming the run's tick, when it is not a whole number of ticks. When given and
/// `inputsSampled` (the component reads its inputs only when it samples), its signal-bound inputs
/// read the signals' means over the period.
SamplePeriod compileSamplePeriod(CompileContext& ctx, bool inputsSampled);

} // namespace drivelab
