#include "components/hydraulic/sources.h"
#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPressurePorts[] = {
    {.name = "node_a", .domain = Domain::Hydraulic, .doc = "node held at the pressure (a junction without volume)"},
};
constexpr InputDescriptor kPressureInputs[] = {
    {.name = "pressure",
     .unit = "Pa",
     .range = ranges::kPressure,
     .initialDefault = 101325.0,
     .doc = "absolute pressure held (absent: atmospheric, 101325 Pa)"},
};
constexpr ObservableDescriptor kPressureObs[] = {
    {.name = "flow", .unit = "m^3/s", .tickMean = true, .doc = "mean flow supplied over the last tick"},
    {.name = "power", .unit = "W", .tickMean = true, .doc = "mean hydraulic power supplied over the last tick"},
};
constexpr ComponentDescriptor kPressure{.type = "pressure_source",
                                        .label = "Pressure source",
                                        .group = PaletteGroup::Sources,
                                        .fieldPrefix = "pressure_source",
                                        .doc = "An ideal pressure source holding a junction at its pressure input.",
                                        .ports = kPressurePorts,
                                        .parameters = {},
                                        .inputs = kPressureInputs,
                                        .observables = kPressureObs};

constexpr PortDescriptor kFlowPorts[] = {
    {.name = "node_a", .domain = Domain::Hydraulic, .doc = "node the flow leaves (often a reservoir)"},
    {.name = "node_b", .domain = Domain::Hydraulic, .doc = "node the flow enters"},
};
constexpr InputDescriptor kFlowInputs[] = {
    {.name = "flow", .unit = "m^3/s", .range = ranges::kFlow, .initialDefault = 0.0, .doc = "volumetric flow (absent: 0)"},
};
constexpr ObservableDescriptor kFlowObs[] = {
    {.name = "flow", .unit = "m^3/s", .tickMean = true, .doc = "mean flow over the last tick"},
    {.name = "power", .unit = "W", .tickMean = true, .doc = "mean power delivered over the last tick"},
};
constexpr ComponentDescriptor kFlow{.type = "flow_source",
                                    .label = "Flow source",
                                    .group = PaletteGroup::Sources,
                                    .fieldPrefix = "flow_source",
                                    .doc = "An ideal flow source pushing its flow input from node_a to node_b.",
                                    .ports = kFlowPorts,
                                    .parameters = {},
                                    .inputs = kFlowInputs,
                                    .observables = kFlowObs,
                                    .thermalLiquid = true};

} // namespace

const ComponentDescriptor& PressureSource::descriptor() { return kPressure; }
const ComponentDescriptor& FlowSource::descriptor() { return kFlow; }

bool PressureSource::compile(CompileContext& ctx, Params& p)
{
    p.node = ctx.port("node_a");
    p.pressure = ctx.inputSlot("pressure");
    // a pressure bound to a signal starts at the signal's value: the binding sets the input at
    // t = 0 and the held node follows it when the state is prepared (applyInputs)
    const Json& in = ctx.spec().inputs;
    const double initial = in.contains("pressure") && in["pressure"].is_number() ? in["pressure"].get<double>() : 101325.0;
    ctx.fixNode("node_a", initial);
    p.mean = ctx.allocMean(2);
    return !ctx.failed();
}

bool FlowSource::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.flow = ctx.inputSlot("flow");
    p.mean = ctx.allocMean(2);
    p.oil = ctx.oil();
    p.oa = ctx.oilPort("node_a");
    p.ob = ctx.oilPort("node_b");
    if (ctx.portNode("node_a") == ctx.portNode("node_b")) ctx.errorAt("node_b", "must differ from node_a");
    return !ctx.failed();
}

void PressureSource::bondGraph(BondGraphReading& r) { r.onePort(Domain::Hydraulic, {BgKind::Se, "se", "ideal pressure source"}); }

void FlowSource::bondGraph(BondGraphReading& r)
{
    r.commonFlow(Domain::Hydraulic, {BgKind::Sf, "sf", "prescribed flow from node_a to node_b"});
}

} // namespace drivelab
