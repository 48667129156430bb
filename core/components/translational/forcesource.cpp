#include "components/translational/forcesource.h"

#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Translational, .doc = "body the force acts on"},
    {.name = "node_b",
     .domain = Domain::Translational,
     .optional = true,
     .allowGround = true,
     .doc = "support: takes the reaction (absent: ground)"},
};
constexpr InputDescriptor kInputs[] = {
    {.name = "force",
     .unit = "N",
     .range = ranges::kForce,
     .initialDefault = 0.0,
     .doc = "force applied on node_a (absent: 0); events change it"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "force", .unit = "N", .tickMean = true, .doc = "mean force on node_a over the last tick"},
    {.name = "force_at_b", .unit = "N", .tickMean = true, .doc = "mean reaction on the support over the last tick"},
    {.name = "power", .unit = "W", .tickMean = true, .doc = "mean power delivered over the last tick"},
};
constexpr ComponentDescriptor kDesc{.type = "force_source",
                                    .label = "Force source",
                                    .group = PaletteGroup::Sources,
                                    .fieldPrefix = "force_source",
                                    .doc = "An ideal force source driven by its force input (events change it).",
                                    .ports = kPorts,
                                    .parameters = {},
                                    .inputs = kInputs,
                                    .observables = kObs};

} // namespace

const ComponentDescriptor& ForceSourceTraits::descriptor() { return kDesc; }

} // namespace drivelab
