#include "components/common/transformer.h"
#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "port a (rotational, translational or hydraulic)", .sameDomainAsA = true},
    {.name = "node_b", .domain = Domain::Rotational, .allowGround = true, .doc = "port b (same domain as a)", .sameDomainAsA = true},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "ratio", .unit = "", .range = ranges::kRatio, .editorDefault = "2", .doc = "effort_b = ratio effort_a, flow_a = ratio flow_b"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "effort_a", .unit = "N m, N or Pa", .doc = "at port a: mean torque/force, or the pressure"},
    {.name = "effort_b", .unit = "N m, N or Pa", .doc = "at port b: mean torque/force, or the pressure"},
    {.name = "flow_a", .unit = "rad/s, m/s or m^3/s", .doc = "at port a: the speed, or the mean flow drawn"},
    {.name = "flow_b", .unit = "rad/s, m/s or m^3/s", .doc = "at port b: the speed, or the mean flow delivered"},
};
constexpr ComponentDescriptor kDesc{.type = "transformer",
                                    .label = "Transformer",
                                    .group = PaletteGroup::MultiDomain,
                                    .keywords = "lever gearbox ratio pressure intensifier booster multiplier translational hydraulic",
                                    .fieldPrefix = "transformer",
                                    .doc = "An ideal transformer between two nodes of one domain (lever, gear, pressure intensifier).",
                                    .ports = kPorts,
                                    .parameters = kParams,
                                    .inputs = {},
                                    .observables = kObs};

} // namespace

const ComponentDescriptor& Transformer::descriptor() { return kDesc; }

bool Transformer::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.ratio = ctx.real("ratio");
    p.hydraulic = ctx.portDomain("node_a") == Domain::Hydraulic;
    if (p.hydraulic && !ctx.portIsNode("node_b")) ctx.errorAt("node_b", "a hydraulic transformer needs a hydraulic node_b, not ground");
    if (ctx.portNode("node_a") == ctx.portNode("node_b")) ctx.errorAt("node_b", "must differ from node_a");
    p.row = ctx.allocRow();
    p.mean = ctx.allocMean(2);
    return !ctx.failed();
}

void Transformer::bondGraph(BondGraphReading& r)
{
    r.twoPortTf("ideal transformer: effort_b = ratio effort_a, flow_a = ratio flow_b", true);
}

} // namespace drivelab
