#include "components/rotational/clutch.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "first plate carrier"},
    {.name = "node_b", .domain = Domain::Rotational, .allowGround = true,
     .doc = "second plate carrier (ground: a brake)"},
    {.name = "heat_node", .domain = Domain::Thermal, .optional = true,
     .doc = "takes the friction heat (absent: external ledger)"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "kinetic_ratio", .unit = "", .range = Range::openClosed(0.0, 1.0), .required = false, .fileDefault = 1.0,
     .editorDefault = "1", .doc = "kinetic / static capacity (absent: 1)"},
};
constexpr InputDescriptor kInputs[] = {
    {.name = "capacity", .unit = "N m", .range = Range::nonNegative(), .initialDefault = 0.0,
     .doc = "static torque capacity (absent: 0, open)"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .doc = "mean clutch torque on node_a over the last tick"},
    {.name = "torque_at_b", .unit = "N m", .doc = "mean clutch torque on node_b over the last tick"},
    {.name = "heat_flow", .unit = "W", .doc = "mean friction power over the last tick"},
    {.name = "friction_heat", .unit = "J", .doc = "friction heat since t = 0"},
    {.name = "locked", .unit = "", .integer = true, .doc = "1 when locked at this boundary"},
    {.name = "slip_speed", .unit = "rad/s", .doc = "speed_a - speed_b"},
};
constexpr ComponentDescriptor kDesc{
    .type = "clutch", .label = "Clutch / brake", .group = "rotational", .fieldPrefix = "clutch",
    .bondGraph = "R (switching to a rigid constraint when locked)",
    .doc = "A friction clutch with stick/slip; to ground it is a brake.",
    .ports = kPorts, .parameters = kParams, .inputs = kInputs, .observables = kObs};

} // namespace

const ComponentDescriptor& Clutch::descriptor() { return kDesc; }

bool Clutch::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.heat = ctx.portIsNode("heat_node") ? ctx.port("heat_node") : -1;
    p.capacity = ctx.inputSlot("capacity");
    p.kineticRatio = ctx.real("kinetic_ratio");
    p.flag = ctx.allocFlag(2);
    p.row = ctx.allocRow();
    p.scratch = ctx.allocScratch(1);
    p.mean = ctx.allocMean(3);
    p.real = ctx.allocReal(2);
    if (ctx.portNode("node_a") == ctx.portNode("node_b")) ctx.errorAt("node_b", "must differ from node_a");
    return !ctx.failed();
}

} // namespace drivelab
