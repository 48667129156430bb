#include "components/hydraulic/accumulator.h"
#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Hydraulic, .doc = "oil port"},
    {.name = "heat_node", .domain = Domain::Thermal, .optional = true, .doc = "thermal-liquid: a wall on node_a's oil (with wall_conductance)"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "gas_volume",
     .unit = "m^3",
     .range = ranges::kVolume,
     .editorDefault = "0.001",
     .doc = "gas volume at the precharge pressure (the accumulator's size)"},
    {.name = "precharge_pressure",
     .unit = "Pa",
     .range = ranges::kPressurePositive,
     .editorDefault = "2e6",
     .doc = "absolute gas pressure with no oil inside"},
    {.name = "polytropic_index",
     .unit = "",
     .range = Range::closed(1.0, 2.0),
     .editorDefault = "1.4",
     .doc = "polytropic exponent n of p V^n = const (1 isothermal, 1.4 adiabatic nitrogen)"},
    {.name = "initial_pressure",
     .unit = "Pa",
     .range = ranges::kPressure,
     .editorDefault = "2e6",
     .doc = "absolute pressure at t = 0 (its node's pressure)"},
    oilWallParameter("thermal-liquid: heat_node is a wall exchanging G (T_oil - T_wall) with node_a's oil"),
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "gas_volume", .unit = "m^3", .doc = "gas volume now"},
    {.name = "oil_volume", .unit = "m^3", .doc = "oil held now"},
    {.name = "flow", .unit = "m^3/s", .tickMean = true, .doc = "mean flow into the accumulator over the last tick"},
};
constexpr ComponentDescriptor kDesc{.type = "accumulator",
                                    .label = "Gas accumulator",
                                    .group = PaletteGroup::Hydraulic,
                                    .keywords = "bladder piston nitrogen storage",
                                    .fieldPrefix = "accumulator",
                                    .doc = "A polytropic gas-charged accumulator; below its precharge it holds no oil.",
                                    .ports = kPorts,
                                    .parameters = kParams,
                                    .inputs = {},
                                    .observables = kObs,
                                    .thermalLiquid = true};

} // namespace

const ComponentDescriptor& Accumulator::descriptor() { return kDesc; }

bool Accumulator::compile(CompileContext& ctx, Params& p)
{
    p.node = ctx.port("node_a");
    p.v0 = ctx.real("gas_volume");
    p.p0 = ctx.real("precharge_pressure");
    p.n = ctx.real("polytropic_index");
    ctx.markStorage("node_a");
    ctx.setInitial("node_a", ctx.real("initial_pressure"), "initial_pressure");
    p.oil = ctx.oil();
    if (p.oil.present) {
        p.oa = ctx.oilPort("node_a");
        p.wall = ctx.oilWall("heat_node", "wall_conductance", "node_a");
    } else if (ctx.has("wall_conductance")) {
        ctx.error("wall_conductance", "a wall exchanges heat with oil: the lab has no oil section");
    }
    p.scratch = ctx.allocScratch(p.oil.present ? 8 : 7);
    p.mean = ctx.allocMean(1);
    return !ctx.failed();
}

void Accumulator::bondGraph(BondGraphReading& r)
{
    r.oilWall("node_a");
    r.onePort(Domain::Hydraulic, {BgKind::C, "c", "gas-charged accumulator (pressure-setting storage)"});
}

} // namespace drivelab
