#include "components/hydraulic/orifice.h"
#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Hydraulic, .doc = "upstream side (positive flow leaves it)"},
    {.name = "node_b", .domain = Domain::Hydraulic, .doc = "downstream side"},
    {.name = "heat_node",
     .domain = Domain::Thermal,
     .optional = true,
     .doc = "takes the throttling heat (absent: external ledger); with wall_conductance a wall on node_b's oil"},
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
     .doc = "turbulent, in a lab without oil: oil density (with oil, rho(p, T) of the upstream oil)",
     .omitWhenAbsent = true},
    {.name = "transition_pressure",
     .unit = "Pa",
     .range = Range::closed(1e-3, 1e9),
     .required = false,
     .fileDefault = 1000.0,
     .editorDefault = "1000",
     .doc = "turbulent: below this pressure drop the law turns laminar (absent: 1000 Pa)",
     .omitWhenAbsent = true},
    oilWallParameter("thermal-liquid: heat_node is a wall exchanging G (T_oil - T_wall) with node_b's oil"),
};
constexpr InputDescriptor kInputs[] = {
    {.name = "opening",
     .unit = "",
     .range = Range::closed(0.0, 1.0),
     .initialDefault = 1.0,
     .doc = "fraction of the conductance or area open (absent: 1)"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "flow", .unit = "m^3/s", .tickMean = true, .doc = "mean flow from node_a to node_b over the last tick"},
    {.name = "pressure_drop", .unit = "Pa", .doc = "p_a - p_b"},
    {.name = "heat_flow", .unit = "W", .tickMean = true, .doc = "mean throttling power over the last tick"},
    {.name = "heat", .unit = "J", .doc = "throttling heat since t = 0", .split = "hydraulic"},
};
constexpr ComponentDescriptor kDesc{.type = "orifice",
                                    .label = "Orifice / valve",
                                    .group = PaletteGroup::Hydraulic,
                                    .keywords = "restrictor throttle nozzle leakage spool",
                                    .fieldPrefix = "orifice",
                                    .doc = "A laminar or turbulent restriction; its opening input makes it a valve.",
                                    .ports = kPorts,
                                    .parameters = kParams,
                                    .inputs = kInputs,
                                    .observables = kObs,
                                    .thermalLiquid = true};

} // namespace

const ComponentDescriptor& Orifice::descriptor() { return kDesc; }

bool Orifice::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.heat = ctx.portIsNode("heat_node") ? ctx.port("heat_node") : -1;
    p.oil = ctx.oil();
    // the turbulent set: discharge_coefficient and area, and density unless the lab's oil gives it
    const bool withOil = p.oil.present;
    const char* const set = withOil ? "discharge_coefficient and area" : "discharge_coefficient, area and density";
    const bool laminar = ctx.has("conductance");
    const int turbulentCount = ctx.has("discharge_coefficient") + ctx.has("area") + (withOil ? 0 : ctx.has("density"));
    if (laminar && (turbulentCount > 0 || ctx.has("transition_pressure"))) {
        ctx.error("conductance", std::string("give either conductance (laminar) or ") + set + " (turbulent), not both");
    } else if (!laminar && turbulentCount == 0) {
        ctx.error("conductance", std::string("missing: give conductance (laminar), or ") + set + " (turbulent)");
    } else if (!laminar) {
        for (const char* f : {"discharge_coefficient", "area", withOil ? nullptr : "density"}) {
            if (f && !ctx.has(f)) ctx.error(f, std::string("missing: a turbulent orifice needs ") + set);
        }
    }
    p.turbulent = !laminar;
    p.g = ctx.real("conductance");
    if (p.oil.present) return compileThermal(ctx, p);
    if (ctx.has("wall_conductance")) ctx.error("wall_conductance", "a wall exchanges heat with oil: the lab has no oil section");
    if (p.turbulent && !ctx.failed()) {
        p.k = ctx.real("discharge_coefficient") * ctx.real("area") * std::sqrt(2.0 / ctx.real("density"));
        const double pt = ctx.real("transition_pressure");
        p.pt2 = pt * pt;
    }
    return finishCompile(ctx, p, 1);
}

// a lab with oil: the density of the turbulent law is the oil's (giving density is refused, the
// laminar law has none either); the heat stays in thermal-liquid oil
bool Orifice::compileThermal(CompileContext& ctx, Params& p)
{
    if (ctx.has("density")) ctx.error("density", "the lab's oil gives the density (rho(p, T) of the upstream oil): remove density");
    if (p.turbulent && !ctx.failed()) {
        p.cdA = ctx.real("discharge_coefficient") * ctx.real("area");
        const double pt = ctx.real("transition_pressure");
        p.pt2 = pt * pt;
    }
    p.oa = ctx.oilPort("node_a");
    p.ob = ctx.oilPort("node_b");
    p.wall = ctx.oilWall("heat_node", "wall_conductance", "node_b");
    if (p.wall.node >= 0) p.heat = -1; // the heat port is the wall; the losses stay in the oil
    else if (p.heat >= 0 && (p.oa.thermal() || p.ob.thermal()))
        ctx.errorAt("heat_node", "the throttling heat stays in the thermal-liquid oil: give wall_conductance to make heat_node a wall, or remove it");
    return finishCompile(ctx, p, 2);
}

// what both laws share: the opening input, scratch (flow; and the loss with oil), the means,
// the cumulative heat, distinct ports
bool Orifice::finishCompile(CompileContext& ctx, Params& p, int scratch)
{
    p.opening = ctx.inputSlot("opening");
    p.scratch = ctx.allocScratch(scratch);
    p.mean = ctx.allocMean(2);
    p.real = ctx.allocReal(2);
    if (ctx.portNode("node_a") == ctx.portNode("node_b")) ctx.errorAt("node_b", "must differ from node_a");
    return !ctx.failed();
}

// q(dp, T) with its derivatives: laminar G nu_ref / nu(T_film) dp, T_film the mean of both
// sides; turbulent with rho(p_u, T_u) of the upstream side
void Orifice::evalOil(const Params& p, const EvalContext& c)
{
    const OilModel& oil = p.oil;
    const double opening = c.real[p.opening];
    const double dp = c.value(p.a) - c.value(p.b);
    const double ta = c.oilT(p.oa), tb = c.oilT(p.ob);
    double q, dqdp, dqdpa = 0.0, dqdpb = 0.0, dqdta = 0.0, dqdtb = 0.0;
    if (!p.turbulent) {
        double dr = 0.0;
        const double r = oil.fluidity(0.5 * (ta + tb), &dr);
        q = opening * p.g * r * dp;
        dqdp = opening * p.g * r;
        dqdta = dqdtb = 0.5 * opening * p.g * dp * dr;
    } else {
        const bool forward = dp >= 0.0;
        const double rho = oil.density(forward ? c.value(p.a) : c.value(p.b), forward ? ta : tb);
        const double k = opening * p.cdA * std::sqrt(2.0 / rho);
        const double s2 = dp * dp + p.pt2;
        const double r = std::sqrt(std::sqrt(s2));
        q = k * dp / r;
        dqdp = k * (0.5 * dp * dp + p.pt2) / (s2 * r);
        const double dqdrho = -0.5 * q / rho;
        (forward ? dqdpa : dqdpb) = dqdrho * oil.rho / oil.beta;
        (forward ? dqdta : dqdtb) = -dqdrho * oil.rho * oil.alpha;
    }
    dqdpa += dqdp;
    dqdpb -= dqdp;
    c.addF(p.a, -q);
    c.addF(p.b, q);
    if (c.wantJacobian) {
        c.addJ(p.a, p.a, -dqdpa);
        c.addJ(p.a, p.b, -dqdpb);
        c.addJ(p.b, p.a, dqdpa);
        c.addJ(p.b, p.b, dqdpb);
        c.addJ(p.a, p.oa.t, -dqdta);
        c.addJ(p.a, p.ob.t, -dqdtb);
        c.addJ(p.b, p.oa.t, dqdta);
        c.addJ(p.b, p.ob.t, dqdtb);
    }
    // the throttling loss q dp heats the downstream oil (q and dp share their sign)
    const OilPort& dn = q >= 0.0 ? p.ob : p.oa;
    addOilPower(c, dn, q * dp,
                {{p.a, dqdpa * dp + q}, {p.b, dqdpb * dp - q}, {p.oa.t, dqdta * dp}, {p.ob.t, dqdtb * dp}});
    advectOil(c, oil, p.oa, p.ob, q, {{p.a, dqdpa}, {p.b, dqdpb}, {p.oa.t, dqdta}, {p.ob.t, dqdtb}});
    double qw = 0.0;
    p.wall.eval(c, qw);
    c.scratch[p.scratch] = q;
    c.scratch[p.scratch + 1] = qw;
}

void Orifice::bondGraph(BondGraphReading& r)
{
    r.commonFlow(Domain::Hydraulic, {BgKind::R, "r", "flow restriction (laminar or turbulent; a valve with its opening)"});
    r.oilLosses("node_b", "node_a", "node_b");
}

} // namespace drivelab
