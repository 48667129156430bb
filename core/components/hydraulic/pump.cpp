#include "components/hydraulic/pump.h"
#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "drive shaft"},
    {.name = "node_b", .domain = Domain::Hydraulic, .doc = "inlet (suction)"},
    {.name = "node_c", .domain = Domain::Hydraulic, .doc = "outlet (delivery)"},
    {.name = "heat_node",
     .domain = Domain::Thermal,
     .optional = true,
     .doc = "takes the losses (absent: external ledger); with wall_conductance a wall on the outlet's oil"},
};
constexpr TableColumn kTableColumns[] = {
    {.name = "pressure_rise", .unit = "Pa", .range = ranges::kPressure, .doc = "outlet minus inlet pressure"},
    {.name = "efficiency", .unit = "", .range = Range::closed(0.0, 1.0), .doc = "volumetric efficiency (delivered / displaced)"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "displacement",
     .unit = "m^3/rad",
     .range = ranges::kDisplacement,
     .editorDefault = "2e-6",
     .doc = "volume displaced per radian"},
    {.name = "leakage_conductance",
     .unit = "m^3/(s Pa)",
     .range = ranges::kHydraulicConductance,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "0",
     .doc = "internal leakage from outlet to inlet per pressure rise (absent: 0)"},
    {.name = "delivery_table",
     .unit = "",
     .kind = ParamKind::Table,
     .required = false,
     .editorDefault =
         R"([{"pressure_rise": 0, "efficiency": 1}, {"pressure_rise": 2e7, "efficiency": 0.95}, {"pressure_rise": 2.5e7, "efficiency": 0}])",
     .doc = "volumetric efficiency against pressure rise: from (0, 1), non-increasing, 0 at cut-off (absent: 1)",
     .columns = kTableColumns,
     .minRows = 2,
     .maxRows = Pump::kMaxPoints,
     .omitWhenAbsent = true},
    oilWallParameter("thermal-liquid: heat_node is a wall exchanging G (T_oil - T_wall) with the outlet's oil"),
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .tickMean = true, .doc = "mean torque on the shaft over the last tick"},
    {.name = "flow", .unit = "m^3/s", .tickMean = true, .doc = "mean delivered flow over the last tick"},
    {.name = "pressure_rise", .unit = "Pa", .doc = "outlet minus inlet pressure"},
    {.name = "heat_flow", .unit = "W", .tickMean = true, .doc = "mean loss power over the last tick"},
    {.name = "heat", .unit = "J", .doc = "losses since t = 0", .split = "hydraulic"},
};
constexpr ComponentDescriptor kDesc{.type = "pump",
                                    .label = "Hydraulic pump",
                                    .group = PaletteGroup::Hydraulic,
                                    .keywords = "gear pump displacement charge",
                                    .fieldPrefix = "pump",
                                    .doc = "A shaft-driven positive-displacement pump with leakage and a delivery table.",
                                    .ports = kPorts,
                                    .parameters = kParams,
                                    .inputs = {},
                                    .observables = kObs,
                                    .thermalLiquid = true};

} // namespace

const ComponentDescriptor& Pump::descriptor() { return kDesc; }

bool Pump::compile(CompileContext& ctx, Params& p)
{
    p.shaft = ctx.port("node_a");
    p.in = ctx.port("node_b");
    p.out = ctx.port("node_c");
    p.heat = ctx.portIsNode("heat_node") ? ctx.port("heat_node") : -1;
    p.d = ctx.real("displacement");
    p.leak = ctx.real("leakage_conductance");
    const Json& t = ctx.table("delivery_table");
    p.n = t.is_array() ? static_cast<int>(t.size()) : 0;
    for (int i = 0; i < p.n; ++i) {
        p.rise[i] = t[static_cast<std::size_t>(i)]["pressure_rise"].get<double>();
        p.eta[i] = t[static_cast<std::size_t>(i)]["efficiency"].get<double>();
        const std::string at = "delivery_table[" + std::to_string(i) + "].";
        if (i == 0 && (p.rise[0] != 0.0 || p.eta[0] != 1.0))
            ctx.error(at + (p.rise[0] != 0.0 ? "pressure_rise" : "efficiency"),
                      "the table starts at pressure_rise 0 with efficiency 1 (a pump delivers its displacement with no rise)");
        if (i > 0 && !(p.rise[i] > p.rise[i - 1]))
            ctx.error(at + "pressure_rise", "pressure rises must increase strictly (" + formatDouble(p.rise[i]) + " follows " +
                                                formatDouble(p.rise[i - 1]) + ")");
        if (i > 0 && p.eta[i] > p.eta[i - 1])
            ctx.error(at + "efficiency", "efficiency must not increase with pressure rise (" + formatDouble(p.eta[i]) + " after " +
                                             formatDouble(p.eta[i - 1]) + ")");
    }
    if (p.n > 0 && p.eta[p.n - 1] != 0.0)
        ctx.error("delivery_table[" + std::to_string(p.n - 1) + "].efficiency",
                  "the last point is the cut-off: its efficiency must be 0 (got " + formatDouble(p.eta[p.n - 1]) + ")");
    if (ctx.portNode("node_b") == ctx.portNode("node_c")) ctx.errorAt("node_c", "must differ from the inlet node_b");
    p.oil = ctx.oil();
    if (p.oil.present) {
        p.oi = ctx.oilPort("node_b");
        p.oo = ctx.oilPort("node_c");
        p.wall = ctx.oilWall("heat_node", "wall_conductance", "node_c");
        if (p.wall.node >= 0) p.heat = -1;
        else if (p.heat >= 0 && (p.oi.thermal() || p.oo.thermal()))
            ctx.errorAt("heat_node", "the losses stay in the thermal-liquid oil: give wall_conductance to make heat_node a wall, or remove it");
    } else if (ctx.has("wall_conductance")) {
        ctx.error("wall_conductance", "a wall exchanges heat with oil: the lab has no oil section");
    }
    p.scratch = ctx.allocScratch(3);
    p.mean = ctx.allocMean(3);
    p.real = ctx.allocReal(2);
    return !ctx.failed();
}

// the isothermal law with the leakage at nu_ref / nu(T_film); the loss dp (D w - q) heats the
// oil the flow enters
void Pump::evalOil(const Params& p, const EvalContext& c)
{
    const double w = c.speed(p.shaft);
    const double dp = c.value(p.out) - c.value(p.in);
    const double sign = w >= 0.0 ? 1.0 : -1.0;
    double eta, slope, dr = 0.0;
    efficiency(p, dp * sign, eta, slope);
    const double ti = c.oilT(p.oi), to = c.oilT(p.oo);
    const double fl = p.oil.fluidity(0.5 * (ti + to), &dr);
    const double leak = p.leak * fl;
    const double q = p.d * w * eta - leak * dp;
    const double t = -p.d * dp;
    const double dqdw = p.d * eta;
    const double dqdp = p.d * w * slope * sign - leak; // d q / d dp
    const double dqdT = -0.5 * p.leak * dr * dp;       // d q / d T_in = d q / d T_out
    c.addF(p.shaft, t);
    c.addF(p.in, -q);
    c.addF(p.out, q);
    if (c.wantJacobian) {
        c.addJ(p.shaft, p.out, -p.d);
        c.addJ(p.shaft, p.in, p.d);
        for (int node : {p.out, p.in}) {
            const double s = node == p.out ? 1.0 : -1.0;
            c.addJ(node, p.shaft, s * dqdw);
            c.addJ(node, p.out, s * dqdp);
            c.addJ(node, p.in, -s * dqdp);
            c.addJ(node, p.oi.t, s * dqdT);
            c.addJ(node, p.oo.t, s * dqdT);
        }
    }
    const double loss = dp * (p.d * w - q);
    const double dLdp = (p.d * w - q) - dp * dqdp;
    addOilPower(c, q >= 0.0 ? p.oo : p.oi, loss,
                {{p.shaft, dp * (p.d - dqdw)}, {p.out, dLdp}, {p.in, -dLdp}, {p.oi.t, -dp * dqdT}, {p.oo.t, -dp * dqdT}});
    advectOil(c, p.oil, p.oi, p.oo, q, {{p.shaft, dqdw}, {p.out, dqdp}, {p.in, -dqdp}, {p.oi.t, dqdT}, {p.oo.t, dqdT}});
    double qw = 0.0;
    p.wall.eval(c, qw);
    c.scratch[p.scratch] = t;
    c.scratch[p.scratch + 1] = q;
    c.scratch[p.scratch + 2] = qw;
}

// TF from the shaft's speed to the displacement flow on a 1-junction from inlet to outlet;
// leakage is an R from outlet back to inlet. With a delivery table the pump is not a freely
// reversible flow source: its TF must take the shaft's speed (the fluid cannot drive it).
void Pump::bondGraph(BondGraphReading& r)
{
    const auto shaft = r.port("node_a"), in = r.port("node_b"), out = r.port("node_c");
    if (!r.is(shaft, Domain::Rotational)) return r.skip("node_a must name a rotational node (the shaft)");
    if (!r.is(in, Domain::Hydraulic) || !r.is(out, Domain::Hydraulic)) return r.skip("node_b and node_c must name hydraulic nodes");
    const bool leak = r.number("leakage_conductance") > 0.0;
    const bool table = r.given("delivery_table");
    std::vector<BondGraphReading::Part> parts{{BgKind::TF, "tf",
                                               table
                                                   ? "displacement (delivery scaled by the table; shaft speed in, never driven by the flow)"
                                                   : "displacement: flow = displacement x shaft speed"}};
    if (leak) parts.push_back({BgKind::R, "leakage", "internal leakage from outlet to inlet"});
    const std::vector<int> els = r.addParts(parts, "shaft-driven pump", Domain::Rotational);
    r.setDomain(els[0], Domain::Rotational); // its first port is the shaft
    if (leak) r.setDomain(els[1], Domain::Hydraulic);
    const std::string id = r.component().id;
    const int j = r.addJunction(BgKind::One, "", "displacement flow through '" + id + "'", Domain::Hydraulic);
    const int shaftBond = r.bond(r.junction(shaft), els[0]);
    r.bond(els[0], j);
    r.bond(r.junction(in), j);
    r.bond(j, r.junction(out));
    if (table) r.effortOut(els[0], shaftBond);
    if (leak) {
        const int jl = r.addJunction(BgKind::One, ".leakage", "leakage flow through '" + id + "'", Domain::Hydraulic);
        r.bond(r.junction(out), jl);
        r.bond(jl, r.junction(in));
        r.bond(jl, els[1]);
    }
    r.oilLosses("node_c", "node_b", "node_c");
}

} // namespace drivelab
