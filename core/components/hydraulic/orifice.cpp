#include "components/hydraulic/orifice.h"
#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Hydraulic, .doc = "upstream side (positive flow leaves it)"},
    {.name = "node_b", .domain = Domain::Hydraulic, .doc = "downstream side"},
    {.name = "heat_node", .domain = Domain::Thermal, .optional = true, .doc = "takes the throttling heat (absent: external ledger)"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "conductance",
     .unit = "m^3/(s Pa)",
     .range = Range::closed(1e-20, 1.0),
     .required = false,
     .editorDefault = "1e-10",
     .doc = "laminar: flow per pressure drop (give this, or the turbulent set)",
     .omitWhenAbsent = true},
    {.name = "discharge_coefficient",
     .unit = "",
     .range = Range::closed(1e-3, 1.0),
     .required = false,
     .editorDefault = "0.7",
     .doc = "turbulent: discharge coefficient Cd",
     .omitWhenAbsent = true},
    {.name = "area",
     .unit = "m^2",
     .range = ranges::kArea,
     .required = false,
     .editorDefault = "1e-6",
     .doc = "turbulent: flow area",
     .omitWhenAbsent = true},
    {.name = "density",
     .unit = "kg/m^3",
     .range = ranges::kDensity,
     .required = false,
     .editorDefault = "850",
     .doc = "turbulent: oil density",
     .omitWhenAbsent = true},
    {.name = "transition_pressure",
     .unit = "Pa",
     .range = Range::closed(1e-3, 1e9),
     .required = false,
     .fileDefault = 1000.0,
     .editorDefault = "1000",
     .doc = "turbulent: below this pressure drop the law turns laminar (absent: 1000 Pa)",
     .omitWhenAbsent = true},
};
constexpr InputDescriptor kInputs[] = {
    {.name = "opening",
     .unit = "",
     .range = Range::closed(0.0, 1.0),
     .initialDefault = 1.0,
     .doc = "fraction of the conductance or area open (absent: 1)"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "flow", .unit = "m^3/s", .doc = "mean flow from node_a to node_b over the last tick"},
    {.name = "pressure_drop", .unit = "Pa", .doc = "p_a - p_b"},
    {.name = "heat_flow", .unit = "W", .doc = "mean throttling power over the last tick"},
    {.name = "heat", .unit = "J", .doc = "throttling heat since t = 0"},
};
constexpr ComponentDescriptor kDesc{.type = "orifice",
                                    .label = "Orifice / valve",
                                    .group = "hydraulic",
                                    .fieldPrefix = "orifice",
                                    .doc = "A laminar or turbulent restriction; its opening input makes it a valve.",
                                    .ports = kPorts,
                                    .parameters = kParams,
                                    .inputs = kInputs,
                                    .observables = kObs};

} // namespace

const ComponentDescriptor& Orifice::descriptor() { return kDesc; }

bool Orifice::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.heat = ctx.portIsNode("heat_node") ? ctx.port("heat_node") : -1;
    const bool laminar = ctx.has("conductance");
    const int turbulentCount = ctx.has("discharge_coefficient") + ctx.has("area") + ctx.has("density");
    if (laminar && (turbulentCount > 0 || ctx.has("transition_pressure"))) {
        ctx.error("conductance", "give either conductance (laminar) or discharge_coefficient, area and density (turbulent), not both");
    } else if (!laminar && turbulentCount == 0) {
        ctx.error("conductance", "missing: give conductance (laminar), or discharge_coefficient, area and density (turbulent)");
    } else if (!laminar && turbulentCount < 3) {
        for (const char* f : {"discharge_coefficient", "area", "density"}) {
            if (!ctx.has(f)) ctx.error(f, "missing: a turbulent orifice needs discharge_coefficient, area and density");
        }
    }
    p.turbulent = !laminar;
    p.g = ctx.real("conductance");
    if (p.turbulent && !ctx.failed()) {
        p.k = ctx.real("discharge_coefficient") * ctx.real("area") * std::sqrt(2.0 / ctx.real("density"));
        const double pt = ctx.real("transition_pressure");
        p.pt2 = pt * pt;
    }
    p.opening = ctx.inputSlot("opening");
    p.scratch = ctx.allocScratch(1);
    p.mean = ctx.allocMean(2);
    p.real = ctx.allocReal(2);
    if (ctx.portNode("node_a") == ctx.portNode("node_b")) ctx.errorAt("node_b", "must differ from node_a");
    return !ctx.failed();
}

void Orifice::bondGraph(BondGraphReading& r)
{
    r.commonFlow(Domain::Hydraulic, {BgKind::R, "r", "flow restriction (laminar or turbulent; a valve with its opening)"});
}

} // namespace drivelab
