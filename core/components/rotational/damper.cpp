#include "components/rotational/damper.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "first flange"},
    {.name = "node_b", .domain = Domain::Rotational, .optional = true, .allowGround = true, .doc = "second flange (absent: ground)"},
    {.name = "heat_node", .domain = Domain::Thermal, .optional = true, .doc = "takes the dissipated heat (absent: external ledger)"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "damping", .unit = "N m s/rad", .range = ranges::kDamping, .editorDefault = "0.1", .doc = "viscous damping coefficient"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .tickMean = true, .doc = "mean torque on node_a over the last tick"},
    {.name = "torque_at_b", .unit = "N m", .tickMean = true, .doc = "mean torque on node_b over the last tick"},
    {.name = "heat_flow", .unit = "W", .tickMean = true, .doc = "mean dissipated power over the last tick"},
    {.name = "heat", .unit = "J", .doc = "dissipated heat since t = 0", .split = "dampers"},
};
constexpr ComponentDescriptor kDesc{.type = "damper",
                                    .label = "Rotational damper",
                                    .group = PaletteGroup::Rotational,
                                    .keywords = "viscous friction bearing loss drag",
                                    .fieldPrefix = "damper",
                                    .doc = "A linear viscous damper between two flanges, or from one flange to ground.",
                                    .ports = kPorts,
                                    .parameters = kParams,
                                    .inputs = {},
                                    .observables = kObs};

} // namespace

const ComponentDescriptor& RotationalDamperTraits::descriptor() { return kDesc; }

} // namespace drivelab
