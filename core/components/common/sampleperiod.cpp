#include "components/common/sampleperiod.h"

#include <cmath>
#include <string>

namespace drivelab {

SamplePeriod compileSamplePeriod(CompileContext& ctx, bool inputsSampled)
{
    SamplePeriod out;
    if (!ctx.has("sample_period")) return out;
    const double t = ctx.real("sample_period");
    const std::int64_t tickNs = ctx.lab().run.tickNs;
    // a bad tick has its own error (run.tick_ns); the period is checked against a valid one only
    if (tickNs < 1 || !std::isfinite(t)) return out;
    const double ns = t * 1e9;
    const auto periodNs = static_cast<std::int64_t>(std::llround(ns));
    // within rounding of a whole nanosecond (the product's rounding is below 1e-3 ns up to 1000 s)
    if (std::abs(ns - static_cast<double>(periodNs)) > 1e-3 || periodNs < 1) {
        ctx.error("sample_period", "must be a whole number of nanoseconds (got " + formatDouble(t) + " s)");
        return out;
    }
    if (periodNs % tickNs != 0) {
        ctx.error("sample_period", "must be a whole number of the run's ticks: " + std::to_string(periodNs) + " ns is " +
                                       std::to_string(periodNs / tickNs) + " ticks of " + std::to_string(tickNs) + " ns and " +
                                       std::to_string(periodNs % tickNs) + " ns; give a multiple of run.tick_ns");
        return out;
    }
    out.ticks = periodNs / tickNs;
    if (inputsSampled) ctx.sampleInputsOver(static_cast<double>(periodNs) / 1e9);
    return out;
}

} // namespace drivelab
