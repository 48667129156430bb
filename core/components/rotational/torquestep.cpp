#include "components/rotational/torquestep.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "flange: the torque acts on it"},
    {.name = "node_b", .domain = Domain::Rotational, .optional = true, .allowGround = true,
     .doc = "support: takes the reaction (absent: ground)"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "step_torque", .unit = "N m", .editorDefault = "10", .doc = "height of the step (negative: a load)"},
    {.name = "offset_torque", .unit = "N m", .editorDefault = "0", .doc = "torque before the step"},
    {.name = "start_time", .unit = "s", .range = Range::nonNegative(), .editorDefault = "0",
     .doc = "step instant; torque = offset before it"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .doc = "mean torque on node_a over the last tick"},
    {.name = "torque_at_b", .unit = "N m", .doc = "mean reaction on the support over the last tick"},
};
constexpr ComponentDescriptor kDesc{
    .type = "torque_step", .label = "Torque step", .group = "sources", .fieldPrefix = "torque_step",
    .bondGraph = "Se", .doc = "An ideal torque source stepping from offset to offset + step at start_time.",
    .ports = kPorts, .parameters = kParams, .inputs = {}, .observables = kObs};

} // namespace

const ComponentDescriptor& TorqueStep::descriptor() { return kDesc; }

bool TorqueStep::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.step = ctx.real("step_torque");
    p.offset = ctx.real("offset_torque");
    p.startNs = ctx.real("start_time") * 1e9;
    p.scratch = ctx.allocScratch(1);
    p.mean = ctx.allocMean(2);
    return !ctx.failed();
}

} // namespace drivelab
