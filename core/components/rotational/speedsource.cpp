#include "components/rotational/speedsource.h"

#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "shaft whose speed it prescribes (relative to ground)"},
};
constexpr InputDescriptor kInputs[] = {
    {.name = "speed",
     .unit = "rad/s",
     .range = ranges::kSpeed,
     .initialDefault = 0.0,
     .doc = "speed prescribed on node_a (absent: 0); reached at the end of each interval (bound to a signal: the "
            "signal's value there); node_a's initial_speed must equal its value at t = 0",
     .sampledAtEnd = true},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque",
     .unit = "N m",
     .tickMean = true, .doc = "mean torque the source applies on node_a over the last tick (what it takes to make it follow)"},
    {.name = "power", .unit = "W", .tickMean = true, .doc = "mean power delivered over the last tick"},
};
constexpr ComponentDescriptor kDesc{
    .type = "speed_source",
    .label = "Speed source",
    .group = PaletteGroup::Sources,
    .keywords = "velocity prescribed dynamometer",
    .fieldPrefix = "speed_source",
    .doc = "An ideal speed source: node_a follows its speed input (a kinematic constraint; events and signals drive it).",
    .ports = kPorts,
    .parameters = {},
    .inputs = kInputs,
    .observables = kObs};

} // namespace

const ComponentDescriptor& SpeedSource::descriptor() { return kDesc; }

bool SpeedSource::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.speed = ctx.inputSlot("speed");
    p.mean = ctx.allocMean(2);
    ctx.prescribeNode("node_a", p.speed, "speed");
    return !ctx.failed();
}

void SpeedSource::bondGraph(BondGraphReading& r)
{
    r.onePort(Domain::Rotational, {BgKind::Sf, "sf", "prescribed speed from its input (relative to ground)", true});
}

} // namespace drivelab
