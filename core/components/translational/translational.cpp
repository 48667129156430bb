// Descriptors of the translational force step, damper and spring.
#include "components/translational/translational.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kStepPorts[] = {
    {.name = "node_a", .domain = Domain::Translational, .doc = "body the force acts on"},
    {.name = "node_b",
     .domain = Domain::Translational,
     .optional = true,
     .allowGround = true,
     .doc = "support: takes the reaction (absent: ground)"},
};
constexpr ParameterDescriptor kStepParams[] = {
    {.name = "step_force", .unit = "N", .range = ranges::kForce, .editorDefault = "100", .doc = "height of the step (negative: a load)"},
    {.name = "offset_force", .unit = "N", .range = ranges::kForce, .editorDefault = "0", .doc = "force before the step"},
    {.name = "start_time", .unit = "s", .range = ranges::kStartTime, .editorDefault = "0", .doc = "step instant; force = offset before it"},
};
constexpr ObservableDescriptor kStepObs[] = {
    {.name = "force", .unit = "N", .tickMean = true, .doc = "mean force on node_a over the last tick"},
    {.name = "force_at_b", .unit = "N", .tickMean = true, .doc = "mean reaction on the support over the last tick"},
};
constexpr ComponentDescriptor kStepDesc{.type = "force_step",
                                        .label = "Force step",
                                        .group = PaletteGroup::Sources,
                                        .fieldPrefix = "force_step",
                                        .doc = "An ideal force source stepping from offset to offset + step at start_time.",
                                        .ports = kStepPorts,
                                        .parameters = kStepParams,
                                        .inputs = {},
                                        .observables = kStepObs};

constexpr PortDescriptor kDamperPorts[] = {
    {.name = "node_a", .domain = Domain::Translational, .doc = "first body"},
    {.name = "node_b", .domain = Domain::Translational, .optional = true, .allowGround = true, .doc = "second body (absent: ground)"},
    {.name = "heat_node", .domain = Domain::Thermal, .optional = true, .doc = "takes the dissipated heat (absent: external ledger)"},
};
constexpr ParameterDescriptor kDamperParams[] = {
    {.name = "damping", .unit = "N s/m", .range = ranges::kDamping, .editorDefault = "100", .doc = "viscous damping coefficient"},
};
constexpr ObservableDescriptor kDamperObs[] = {
    {.name = "force", .unit = "N", .tickMean = true, .doc = "mean force on node_a over the last tick"},
    {.name = "force_at_b", .unit = "N", .tickMean = true, .doc = "mean force on node_b over the last tick"},
    {.name = "heat_flow", .unit = "W", .tickMean = true, .doc = "mean dissipated power over the last tick"},
    {.name = "heat", .unit = "J", .doc = "dissipated heat since t = 0", .split = "dampers"},
};
constexpr ComponentDescriptor kDamper{.type = "translational_damper",
                                      .label = "Translational damper",
                                      .group = PaletteGroup::Translational,
                                      .fieldPrefix = "translational_damper",
                                      .doc = "A linear viscous damper between two bodies, or from one body to ground.",
                                      .ports = kDamperPorts,
                                      .parameters = kDamperParams,
                                      .inputs = {},
                                      .observables = kDamperObs};

constexpr PortDescriptor kSpringPorts[] = {
    {.name = "node_a", .domain = Domain::Translational, .doc = "first body"},
    {.name = "node_b", .domain = Domain::Translational, .allowGround = true, .doc = "second body (may be ground)"},
};
constexpr ParameterDescriptor kSpringParams[] = {
    {.name = "stiffness", .unit = "N/m", .range = ranges::kStiffness, .editorDefault = "10000", .doc = "spring rate"},
    {.name = "damping",
     .unit = "N s/m",
     .range = ranges::kDamping,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "0",
     .doc = "parallel viscous damping (absent: 0)"},
    {.name = "initial_deflection",
     .unit = "m",
     .range = ranges::kPosition,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "0",
     .doc = "deflection at t = 0: (x_a - x_b) - (x_a0 - x_b0) + this (absent: 0)"},
};
constexpr ObservableDescriptor kSpringObs[] = {
    {.name = "force", .unit = "N", .tickMean = true, .doc = "mean force on node_a over the last tick"},
    {.name = "force_at_b", .unit = "N", .tickMean = true, .doc = "mean force on node_b over the last tick"},
    {.name = "deflection", .unit = "m", .doc = "displacement of a relative to b since t = 0, plus the initial deflection"},
};
constexpr ComponentDescriptor kSpring{.type = "translational_spring",
                                      .label = "Translational spring",
                                      .group = PaletteGroup::Translational,
                                      .fieldPrefix = "translational_spring",
                                      .doc = "A linear spring with optional parallel damping.",
                                      .ports = kSpringPorts,
                                      .parameters = kSpringParams,
                                      .inputs = {},
                                      .observables = kSpringObs};

} // namespace

const ComponentDescriptor& ForceStepTraits::descriptor() { return kStepDesc; }
const ComponentDescriptor& TranslationalDamperTraits::descriptor() { return kDamper; }
const ComponentDescriptor& TranslationalSpringTraits::descriptor() { return kSpring; }

} // namespace drivelab
