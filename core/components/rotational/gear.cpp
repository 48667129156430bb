#include "components/rotational/gear.h"
#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "input flange"},
    {.name = "node_b", .domain = Domain::Rotational, .allowGround = true, .doc = "output flange"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "ratio", .unit = "", .range = ranges::kRatio, .editorDefault = "3", .doc = "speed_a / speed_b (negative: reversing)"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .tickMean = true, .doc = "mean gear torque on node_a over the last tick"},
    {.name = "torque_at_b", .unit = "N m", .tickMean = true, .doc = "mean gear torque on node_b over the last tick"},
};
constexpr ComponentDescriptor kDesc{.type = "gear",
                                    .label = "Ideal gear",
                                    .group = PaletteGroup::Rotational,
                                    .keywords = "ratio gearbox reduction final drive pulley belt",
                                    .fieldPrefix = "gear",
                                    .doc = "An ideal, lossless, rigid gear pair: speed_a = ratio * speed_b.",
                                    .ports = kPorts,
                                    .parameters = kParams,
                                    .inputs = {},
                                    .observables = kObs};

} // namespace

const ComponentDescriptor& Gear::descriptor() { return kDesc; }

bool Gear::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.ratio = ctx.real("ratio");
    p.row = ctx.allocRow();
    p.mean = ctx.allocMean(2);
    if (ctx.portNode("node_a") == ctx.portNode("node_b")) ctx.errorAt("node_b", "must differ from node_a");
    return !ctx.failed();
}

void Gear::bondGraph(BondGraphReading& r) { r.twoPortTf("ideal rigid gear: speed_a = ratio speed_b, solved by projection", true); }

} // namespace drivelab
