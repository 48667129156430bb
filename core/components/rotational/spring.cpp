#include "components/rotational/spring.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "first flange"},
    {.name = "node_b", .domain = Domain::Rotational, .allowGround = true, .doc = "second flange (may be ground)"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "stiffness", .unit = "N m/rad", .range = ranges::kStiffness, .editorDefault = "1000", .doc = "torsional stiffness"},
    {.name = "damping",
     .unit = "N m s/rad",
     .range = ranges::kDamping,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "0",
     .doc = "parallel viscous damping (absent: 0)"},
    {.name = "initial_deflection",
     .unit = "rad",
     .range = ranges::kAngle,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "0",
     .doc = "deflection angle_a - angle_b at t = 0 (absent: 0)"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .tickMean = true, .doc = "mean torque on node_a over the last tick"},
    {.name = "torque_at_b", .unit = "N m", .tickMean = true, .doc = "mean torque on node_b over the last tick"},
    {.name = "deflection", .unit = "rad", .doc = "angle_a - angle_b + initial deflection"},
};
constexpr ComponentDescriptor kDesc{.type = "spring",
                                    .label = "Torsional spring",
                                    .group = PaletteGroup::Rotational,
                                    .keywords = "stiffness torsion shaft compliance driveshaft",
                                    .fieldPrefix = "spring",
                                    .doc = "A linear torsional spring with optional parallel damping.",
                                    .ports = kPorts,
                                    .parameters = kParams,
                                    .inputs = {},
                                    .observables = kObs};

} // namespace

const ComponentDescriptor& RotationalSpringTraits::descriptor() { return kDesc; }

} // namespace drivelab
