#include "components/thermal/thermal.h"
#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kConductorPorts[] = {
    {.name = "node_a", .domain = Domain::Thermal, .doc = "first thermal mass"},
    {.name = "node_b", .domain = Domain::Thermal, .doc = "second thermal mass"},
};
constexpr ParameterDescriptor kConductorParams[] = {
    {.name = "conductance",
     .unit = "W/K",
     .range = ranges::kThermalConductance,
     .editorDefault = "10",
     .doc = "heat flow per kelvin of temperature difference"},
};
constexpr ObservableDescriptor kConductorObs[] = {
    {.name = "heat_flow", .unit = "W", .tickMean = true, .doc = "mean heat flow from node_a to node_b over the last tick"},
};
constexpr ComponentDescriptor kConductor{.type = "thermal_conductor",
                                         .label = "Thermal conductor",
                                         .group = PaletteGroup::Thermal,
                                         .keywords = "conductance wall heat transfer cooler",
                                         .fieldPrefix = "thermal_conductor",
                                         .doc = "A linear thermal conductance between two thermal masses.",
                                         .ports = kConductorPorts,
                                         .parameters = kConductorParams,
                                         .inputs = {},
                                         .observables = kConductorObs};

constexpr PortDescriptor kSourcePorts[] = {
    {.name = "node_a", .domain = Domain::Thermal, .doc = "heated thermal mass"},
};
constexpr InputDescriptor kSourceInputs[] = {
    {.name = "power", .unit = "W", .range = ranges::kPower, .initialDefault = 0.0, .doc = "heat input (negative: cooling; absent: 0)"},
};
constexpr ObservableDescriptor kSourceObs[] = {
    {.name = "power", .unit = "W", .tickMean = true, .doc = "mean heat input over the last tick"},
};
constexpr ComponentDescriptor kSource{.type = "heat_source",
                                      .label = "Heat source",
                                      .group = PaletteGroup::Thermal,
                                      .keywords = "heater power loss",
                                      .fieldPrefix = "heat_source",
                                      .doc = "A prescribed heat flow into a thermal mass.",
                                      .ports = kSourcePorts,
                                      .parameters = {},
                                      .inputs = kSourceInputs,
                                      .observables = kSourceObs};

} // namespace

const ComponentDescriptor& ThermalConductor::descriptor() { return kConductor; }
const ComponentDescriptor& HeatSource::descriptor() { return kSource; }

bool ThermalConductor::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.g = ctx.real("conductance");
    if (ctx.portNode("node_a") == ctx.portNode("node_b")) ctx.errorAt("node_b", "must differ from node_a");
    p.mean = ctx.allocMean(1);
    return !ctx.failed();
}

bool HeatSource::compile(CompileContext& ctx, Params& p)
{
    p.node = ctx.port("node_a");
    p.power = ctx.inputSlot("power");
    p.mean = ctx.allocMean(1);
    return !ctx.failed();
}

void ThermalConductor::bondGraph(BondGraphReading& r) { r.commonFlow(Domain::Thermal, {BgKind::R, "r", "thermal conductance"}); }

void HeatSource::bondGraph(BondGraphReading& r) { r.onePort(Domain::Thermal, {BgKind::Sf, "sf", "prescribed heat flow"}); }

} // namespace drivelab
