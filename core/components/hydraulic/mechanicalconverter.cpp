#include "components/hydraulic/mechanicalconverter.h"
#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kConverterPorts[] = {
    {.name = "node_a", .domain = Domain::Hydraulic, .doc = "chamber oil port"},
    {.name = "node_b", .domain = Domain::Rotational, .doc = "shaft"},
    {.name = "heat_node", .domain = Domain::Thermal, .optional = true, .doc = "thermal-liquid: a wall on the chamber's oil (with wall_conductance)"},
};
constexpr ParameterDescriptor kConverterParams[] = {
    {.name = "displacement",
     .unit = "m^3/rad",
     .range = ranges::kDisplacementSigned,
     .editorDefault = "0.001",
     .doc = "chamber volume per radian of rotation"},
    {.name = "dead_volume", .unit = "m^3", .range = ranges::kVolume, .editorDefault = "1e-6", .doc = "chamber volume at zero rotation"},
    {.name = "initial_rotation", .unit = "rad", .range = ranges::kAngle, .editorDefault = "0.1", .doc = "chamber rotation at t = 0"},
    {.name = "environment_pressure",
     .unit = "Pa",
     .kind = ParamKind::RealOrKeyword,
     .range = ranges::kPressure,
     .editorDefault = "\"atmosphere\"",
     .doc = "pressure on the back face (\"atmosphere\": 101325 Pa)",
     .keyword = "atmosphere",
     .keywordValue = 101325.0},
    {.name = "compressibility",
     .unit = "",
     .kind = ParamKind::Boolean,
     .editorDefault = "false",
     .doc = "true: the chamber oil adds its compliance V / bulk_modulus to node_a"},
    {.name = "bulk_modulus",
     .unit = "Pa",
     .range = ranges::kBulkModulus,
     .required = false,
     .editorDefault = "1.5e9",
     .doc = "bulk modulus of the chamber oil (needed with compressibility)",
     .omitWhenAbsent = true},
    {.name = "density",
     .unit = "kg/m^3",
     .range = ranges::kDensity,
     .required = false,
     .editorDefault = "850",
     .doc = "oil density, for the mass-flow observable (a lab with oil: rho(p, T) of the oil instead)",
     .omitWhenAbsent = true},
    oilWallParameter("thermal-liquid: heat_node is a wall exchanging G (T_oil - T_wall) with the chamber's oil"),
};
constexpr ObservableDescriptor kConverterObs[] = {
    {.name = "torque", .unit = "N m", .tickMean = true, .doc = "mean torque on the shaft over the last tick"},
    {.name = "flow", .unit = "m^3/s", .tickMean = true, .doc = "mean volumetric flow drawn from node_a over the last tick"},
    {.name = "mass_flow", .unit = "kg/s", .tickMean = true, .doc = "mean mass flow drawn from node_a over the last tick"},
    {.name = "chamber_volume", .unit = "m^3", .doc = "chamber volume now"},
    {.name = "rotation", .unit = "rad", .doc = "chamber rotation now"},
};
constexpr ComponentDescriptor kConverter{.type = "mechanical_converter",
                                         .label = "Mechanical converter (rotary)",
                                         .group = PaletteGroup::Hydraulic,
                                         .keywords = "hydraulic motor vane rotary actuator",
                                         .fieldPrefix = "mechanical_converter",
                                         .doc = "A rotary displacement chamber converting pressure to shaft torque and rotation to flow.",
                                         .ports = kConverterPorts,
                                         .parameters = kConverterParams,
                                         .inputs = {},
                                         .observables = kConverterObs,
                                         .thermalLiquid = true};

constexpr PortDescriptor kCylinderPorts[] = {
    {.name = "node_a", .domain = Domain::Hydraulic, .doc = "chamber A (piston side)"},
    {.name = "node_b", .domain = Domain::Hydraulic, .doc = "chamber B (rod side)"},
    {.name = "node_c", .domain = Domain::Translational, .doc = "rod"},
    {.name = "heat_node", .domain = Domain::Thermal, .optional = true, .doc = "thermal-liquid: a wall on chamber A's oil (with wall_conductance)"},
};
constexpr ParameterDescriptor kCylinderParams[] = {
    {.name = "area_a", .unit = "m^2", .range = ranges::kArea, .editorDefault = "0.002", .doc = "piston area on the A side"},
    {.name = "area_b", .unit = "m^2", .range = ranges::kAreaNonNegative, .editorDefault = "0.001", .doc = "annulus area on the B side"},
    oilWallParameter("thermal-liquid: heat_node is a wall exchanging G (T_oil - T_wall) with chamber A's oil"),
};
constexpr ObservableDescriptor kCylinderObs[] = {
    {.name = "force", .unit = "N", .tickMean = true, .doc = "mean force on the rod over the last tick (A_A p_A - A_B p_B)"},
    {.name = "flow_a", .unit = "m^3/s", .tickMean = true, .doc = "mean flow drawn from chamber A over the last tick"},
    {.name = "flow_b", .unit = "m^3/s", .tickMean = true, .doc = "mean flow returned to chamber B over the last tick"},
};
constexpr ComponentDescriptor kCylinder{.type = "hydraulic_cylinder",
                                        .label = "Hydraulic cylinder",
                                        .group = PaletteGroup::Hydraulic,
                                        .keywords = "actuator ram piston linear",
                                        .fieldPrefix = "hydraulic_cylinder",
                                        .doc = "A double-acting cylinder: two hydraulic-mechanical transformers on one rod.",
                                        .ports = kCylinderPorts,
                                        .parameters = kCylinderParams,
                                        .inputs = {},
                                        .observables = kCylinderObs,
                                        .thermalLiquid = true};

} // namespace

const ComponentDescriptor& MechanicalConverter::descriptor() { return kConverter; }
const ComponentDescriptor& HydraulicCylinder::descriptor() { return kCylinder; }

bool MechanicalConverter::compile(CompileContext& ctx, Params& p)
{
    p.node = ctx.port("node_a");
    p.shaft = ctx.port("node_b");
    p.d = ctx.real("displacement");
    p.vDead = ctx.real("dead_volume");
    p.theta0 = ctx.real("initial_rotation");
    p.pEnv = ctx.real("environment_pressure");
    p.compressible = ctx.boolean("compressibility");
    p.rho = ctx.real("density");
    p.oil = ctx.oil();
    if (p.oil.present && ctx.has("density")) ctx.error("density", "the lab's oil gives the density (rho(p, T) of the chamber oil): remove density");
    if (!p.oil.present && !ctx.has("density")) ctx.error("density", "missing [kg/m^3]: the oil density, for the mass-flow observable");
    if (p.compressible) {
        if (!ctx.has("bulk_modulus")) ctx.error("bulk_modulus", "missing: a compressible chamber needs the oil's bulk modulus");
        p.beta = ctx.real("bulk_modulus");
        ctx.markStorage("node_a");
    }
    if (!(volume(p, 0.0) > 0.0))
        ctx.error("initial_rotation", "the chamber volume dead_volume + displacement * initial_rotation = " + formatDouble(volume(p, 0.0)) +
                                          " m^3 must be positive at t = 0");
    p.scratch = ctx.allocScratch(p.oil.present ? 3 : 2);
    p.mean = ctx.allocMean(p.oil.present ? 3 : 2);
    p.real = ctx.allocReal(2);
    if (p.oil.present) {
        p.oa = ctx.oilPort("node_a");
        p.wall = ctx.oilWall("heat_node", "wall_conductance", "node_a");
    }
    if (!p.oil.present && ctx.has("wall_conductance")) ctx.error("wall_conductance", "a wall exchanges heat with oil: the lab has no oil section");
    return !ctx.failed();
}

bool HydraulicCylinder::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.rod = ctx.port("node_c");
    p.areaA = ctx.real("area_a");
    p.areaB = ctx.real("area_b");
    if (ctx.portNode("node_a") == ctx.portNode("node_b")) ctx.errorAt("node_b", "chambers A and B must be different nodes");
    p.oil = ctx.oil();
    if (p.oil.present) {
        p.oa = ctx.oilPort("node_a");
        p.ob = ctx.oilPort("node_b");
        p.wall = ctx.oilWall("heat_node", "wall_conductance", "node_a");
    } else if (ctx.has("wall_conductance")) {
        ctx.error("wall_conductance", "a wall exchanges heat with oil: the lab has no oil section");
    }
    p.scratch = ctx.allocScratch(p.oil.present ? 2 : 1);
    p.mean = ctx.allocMean(3);
    return !ctx.failed();
}

// TF from the chamber pressure to the shaft torque; with compressibility the chamber's oil is a
// C on node_a's 0-junction
void MechanicalConverter::bondGraph(BondGraphReading& r)
{
    r.oilWall("node_a");
    const auto a = r.port("node_a"), b = r.port("node_b");
    if (!r.is(a, Domain::Hydraulic) || !r.is(b, Domain::Rotational)) return r.skip("node_a must be hydraulic and node_b rotational");
    const bool compressible = r.flag("compressibility");
    std::vector<BondGraphReading::Part> parts{
        {BgKind::TF, "tf", "displacement: torque = displacement x pressure, flow = displacement x speed"}};
    if (compressible) parts.push_back({BgKind::C, "chamber", "compliance of the chamber oil (on node_a)"});
    const std::vector<int> els = r.addParts(parts, "rotary mechanical converter", Domain::Hydraulic);
    r.bond(r.junction(a), els[0]);
    r.bond(els[0], r.junction(b));
    if (compressible) r.bond(els[1], r.junction(a));
}

// two TFs on one rod: A_A from chamber A, -A_B from chamber B
void HydraulicCylinder::bondGraph(BondGraphReading& r)
{
    r.oilWall("node_a");
    const auto a = r.port("node_a"), b = r.port("node_b"), rod = r.port("node_c");
    if (!r.is(a, Domain::Hydraulic) || !r.is(b, Domain::Hydraulic)) return r.skip("chambers A and B must be hydraulic nodes");
    if (!r.is(rod, Domain::Translational)) return r.skip("the rod must be a translational node");
    const std::vector<int> els = r.addParts(
        {{BgKind::TF, "a", "piston side: force A_A p_A, flow A_A v"}, {BgKind::TF, "b", "rod side: force -A_B p_B, flow -A_B v"}},
        "double-acting cylinder", Domain::Hydraulic);
    r.bond(r.junction(a), els[0]);
    r.bond(els[0], r.junction(rod));
    r.bond(r.junction(b), els[1]);
    r.bond(els[1], r.junction(rod));
}

} // namespace drivelab
