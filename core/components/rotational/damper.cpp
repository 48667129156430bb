#include "components/rotational/damper.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "first flange"},
    {.name = "node_b", .domain = Domain::Rotational, .optional = true, .allowGround = true,
     .doc = "second flange (absent: ground)"},
    {.name = "heat_node", .domain = Domain::Thermal, .optional = true,
     .doc = "takes the dissipated heat (absent: external ledger)"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "damping", .unit = "N m s/rad", .range = Range::nonNegative(), .editorDefault = "0.1",
     .doc = "viscous damping coefficient"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .doc = "mean torque on node_a over the last tick"},
    {.name = "torque_at_b", .unit = "N m", .doc = "mean torque on node_b over the last tick"},
    {.name = "heat_flow", .unit = "W", .doc = "mean dissipated power over the last tick"},
    {.name = "heat", .unit = "J", .doc = "dissipated heat since t = 0"},
};
constexpr ComponentDescriptor kDesc{
    .type = "damper", .label = "Rotational damper", .group = "rotational", .fieldPrefix = "damper",
    .bondGraph = "R", .doc = "A linear viscous damper between two flanges, or from one flange to ground.",
    .ports = kPorts, .parameters = kParams, .inputs = {}, .observables = kObs};

} // namespace

const ComponentDescriptor& Damper::descriptor() { return kDesc; }

bool Damper::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.heat = ctx.portIsNode("heat_node") ? ctx.port("heat_node") : -1;
    p.c = ctx.real("damping");
    p.scratch = ctx.allocScratch(1);
    p.mean = ctx.allocMean(3);
    p.real = ctx.allocReal(2);
    return !ctx.failed();
}

} // namespace drivelab
