#include "components/rotational/speedcontroller.h"

#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

/// a controller gain: 0 to 1e12 (output units per rad/s, per rad, per rad/s^2)
constexpr Range kGain = Range::closed(0.0, 1e12);
/// a controller output limit: any finite value within 1e12
constexpr Range kLimit = Range::closed(-1e12, 1e12);

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "measured shaft: its speed follows the target"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "proportional_gain", .unit = "1/(rad/s)", .range = kGain, .editorDefault = "1", .doc = "kp: output per rad/s of speed error"},
    {.name = "integral_gain",
     .unit = "1/rad",
     .range = kGain,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "0",
     .doc = "ki: output per rad of integrated error (absent: 0, a P controller)"},
    {.name = "derivative_gain",
     .unit = "s/rad",
     .range = kGain,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "0",
     .doc = "kd: output per rad/s^2, on the measured speed (absent: 0)"},
    {.name = "output_min", .unit = "", .range = kLimit, .editorDefault = "0", .doc = "least output (the driven input's unit)"},
    {.name = "output_max", .unit = "", .range = kLimit, .editorDefault = "100", .doc = "greatest output"},
    kSamplePeriodParameter,
};
constexpr InputDescriptor kInputs[] = {
    {.name = "target",
     .unit = "rad/s",
     .range = ranges::kSpeed,
     .initialDefault = 0.0,
     .doc = "speed to follow; bind it to a signal (a drive cycle, a set point)"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "output", .unit = "", .doc = "output held since the last sample"},
    {.name = "error", .unit = "rad/s", .doc = "target minus speed at the last sample"},
    {.name = "integral", .unit = "rad", .doc = "integrated error"},
    {.name = "saturated", .unit = "state code", .integer = true, .doc = "1 at output_max, -1 at output_min, else 0"},
};
constexpr ComponentDescriptor kDesc{
    .type = "speed_controller",
    .label = "Speed controller (PID)",
    .group = PaletteGroup::Control,
    .keywords = "PID PI controller driver regulator governor feedback cruise throttle",
    .fieldPrefix = "speed_controller",
    .doc = "A discrete PI(D) driver sampled once per tick, or once per its sample_period (a whole number of ticks; its "
           "output held between samples): it reads node_a's speed, follows its target input and "
           "drives any input bound to it ({\"controller\": id}) within its limits, with anti-windup.",
    .ports = kPorts,
    .parameters = kParams,
    .inputs = kInputs,
    .observables = kObs,
    .idStem = "driver"};

} // namespace

const ComponentDescriptor& SpeedController::descriptor() { return kDesc; }

bool SpeedController::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.target = ctx.inputSlot("target");
    p.state = ctx.allocReal(4);
    p.flag = ctx.allocFlag(2);
    p.kp = ctx.real("proportional_gain");
    p.ki = ctx.real("integral_gain");
    p.kd = ctx.real("derivative_gain");
    p.lo = ctx.real("output_min");
    p.hi = ctx.real("output_max");
    p.period = compileSamplePeriod(ctx, true);
    if (!ctx.failed() && !(p.lo < p.hi)) ctx.error("output_max", "must be greater than output_min (" + formatDouble(p.lo) + ")");
    // the output before the first sample: 0 within the limits
    ctx.setRealInit(p.state + 2, p.lo > 0.0 ? p.lo : p.hi < 0.0 ? p.hi : 0.0);
    return !ctx.failed();
}

void SpeedController::bondGraph(BondGraphReading& r)
{
    r.signalOnly("a controller: reads the speed of node_a, drives inputs by signal (no power bond)", "node_a");
}

} // namespace drivelab
