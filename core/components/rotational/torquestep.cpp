#include "components/rotational/torquestep.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "flange: the torque acts on it"},
    {.name = "node_b",
     .domain = Domain::Rotational,
     .optional = true,
     .allowGround = true,
     .doc = "support: takes the reaction (absent: ground)"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "step_torque", .unit = "N m", .range = ranges::kTorque, .editorDefault = "10", .doc = "height of the step (negative: a load)"},
    {.name = "offset_torque", .unit = "N m", .range = ranges::kTorque, .editorDefault = "0", .doc = "torque before the step"},
    {.name = "start_time",
     .unit = "s",
     .range = ranges::kStartTime,
     .editorDefault = "0",
     .doc = "step instant; torque = offset before it"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .tickMean = true, .doc = "mean torque on node_a over the last tick"},
    {.name = "torque_at_b", .unit = "N m", .tickMean = true, .doc = "mean reaction on the support over the last tick"},
};
constexpr ComponentDescriptor kDesc{
    .type = "torque_step",
    .label = "Torque step",
    .group = PaletteGroup::Sources,
    .fieldPrefix = "torque_step",
    .doc = "An ideal torque source stepping from offset to offset + step at start_time.",
    .ports = kPorts,
    .parameters = kParams,
    .inputs = {},
    .observables = kObs,
    .idStem = "step",
};

} // namespace

const ComponentDescriptor& TorqueStepTraits::descriptor() { return kDesc; }

} // namespace drivelab
