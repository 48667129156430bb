#include "components/rotational/torquesource.h"

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
constexpr InputDescriptor kInputs[] = {
    {.name = "torque",
     .unit = "N m",
     .range = ranges::kTorque,
     .initialDefault = 0.0,
     .doc = "torque applied on node_a (absent: 0); events change it"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .tickMean = true, .doc = "mean torque on node_a over the last tick"},
    {.name = "torque_at_b", .unit = "N m", .tickMean = true, .doc = "mean reaction on the support over the last tick"},
    {.name = "power", .unit = "W", .tickMean = true, .doc = "mean power delivered over the last tick"},
};
constexpr ComponentDescriptor kDesc{.type = "torque_source",
                                    .label = "Torque source",
                                    .group = PaletteGroup::Sources,
                                    .fieldPrefix = "torque_source",
                                    .doc = "An ideal torque source driven by its torque input (events change it).",
                                    .ports = kPorts,
                                    .parameters = {},
                                    .inputs = kInputs,
                                    .observables = kObs};

} // namespace

const ComponentDescriptor& TorqueSourceTraits::descriptor() { return kDesc; }

} // namespace drivelab
