#include "components/vehicle/differential.h"

#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .allowGround = true, .doc = "input: the pinion (propeller shaft)"},
    {.name = "node_b", .domain = Domain::Rotational, .allowGround = true, .doc = "side shaft b (left wheel)"},
    {.name = "node_c", .domain = Domain::Rotational, .allowGround = true, .doc = "side shaft c (right wheel)"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "ratio",
     .unit = "",
     .range = ranges::kRatio,
     .editorDefault = "3.9",
     .doc = "final-drive ratio N = input speed / case speed, ring teeth over pinion teeth (negative: reversing)"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .tickMean = true, .doc = "mean torque of the differential on the input over the last tick"},
    {.name = "torque_at_b", .unit = "N m", .tickMean = true, .doc = "mean torque on side shaft b over the last tick"},
    {.name = "torque_at_c", .unit = "N m", .tickMean = true, .doc = "mean torque on side shaft c over the last tick"},
    {.name = "speed_difference", .unit = "rad/s", .doc = "side shaft b's speed minus side shaft c's"},
};
constexpr ComponentDescriptor kDesc{
    .type = "differential",
    .label = "Differential (open)",
    .group = PaletteGroup::Rotational,
    .keywords = "open differential final drive axle ring pinion crown wheel side shafts half shafts wheels limited slip LSD",
    .fieldPrefix = "differential",
    .doc = "An open differential: input speed = ratio x the mean of the side shafts' speeds, torque split equally between "
           "the two sides; ideal and rigid. With a clutch between the side shafts: a limited-slip differential.",
    .ports = kPorts,
    .parameters = kParams,
    .inputs = {},
    .observables = kObs,
    .idStem = "diff",
};

} // namespace

const ComponentDescriptor& Differential::descriptor() { return kDesc; }

bool Differential::compile(CompileContext& ctx, Params& p)
{
    p.in = ctx.port("node_a");
    p.left = ctx.port("node_b");
    p.right = ctx.port("node_c");
    p.half = 0.5 * ctx.real("ratio");
    p.row = ctx.allocRow();
    p.mean = ctx.allocMean(3);
    const std::string a = ctx.portNode("node_a"), b = ctx.portNode("node_b"), c = ctx.portNode("node_c");
    if (a == b || a == c || b == c) ctx.errorAt("node_c", "the input and the two side shafts must be three different nodes");
    return !ctx.failed();
}

// w_a = N/2 w_b + N/2 w_c: one TF(N/2) per side shaft adds its share on a 0-junction (common
// torque: the equal split) whose summed flow is the input's speed.
void Differential::bondGraph(BondGraphReading& r)
{
    const auto in = r.port("node_a"), b = r.port("node_b"), c = r.port("node_c");
    for (const auto& p : {in, b, c}) {
        if (!(r.is(p, Domain::Rotational) || p.kind == BondGraphReading::PortKind::Ground))
            return r.skip("the input and both side shafts must be rotational nodes or ground");
    }
    const std::vector<int> els = r.addParts({{BgKind::TF, "b", "side shaft b's share of the input speed, N/2", true},
                                             {BgKind::TF, "c", "side shaft c's share of the input speed, N/2", true},
                                             {BgKind::Zero, "sum", "input speed: sum of the two shares (equal torques)", true}},
                                            "open differential, rigid, solved by projection", Domain::Rotational);
    r.bond(r.junction(b), els[0]);
    r.bond(els[0], els[2]);
    r.bond(r.junction(c), els[1]);
    r.bond(els[1], els[2]);
    r.bond(els[2], r.junction(in));
}

} // namespace drivelab
