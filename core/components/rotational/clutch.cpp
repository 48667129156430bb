#include "components/rotational/clutch.h"
#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "first plate carrier"},
    {.name = "node_b", .domain = Domain::Rotational, .allowGround = true, .doc = "second plate carrier (ground: a brake)"},
    {.name = "heat_node", .domain = Domain::Thermal, .optional = true, .doc = "takes the friction heat (absent: external ledger)"},
    {.name = "pressure_node",
     .domain = Domain::Hydraulic,
     .optional = true,
     .doc = "applies the clutch: capacity from its pressure (absent: the capacity input)"},
    {.name = "oil_node",
     .domain = Domain::Hydraulic,
     .optional = true,
     .doc = "a thermal-liquid volume whose oil takes the friction heat instead of heat_node"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "kinetic_ratio",
     .unit = "",
     .range = Range::openClosed(0.0, 1.0),
     .required = false,
     .fileDefault = 1.0,
     .editorDefault = "1",
     .doc = "kinetic / static capacity (absent: 1)"},
    {.name = "piston_area",
     .unit = "m^2",
     .range = ranges::kArea,
     .required = false,
     .editorDefault = "0.005",
     .doc = "apply-piston area (with pressure_node)",
     .omitWhenAbsent = true},
    {.name = "friction_coefficient",
     .unit = "",
     .range = Range::closed(1e-6, 10.0),
     .required = false,
     .editorDefault = "0.12",
     .doc = "static friction coefficient of the plates (with pressure_node)",
     .omitWhenAbsent = true},
    {.name = "effective_radius",
     .unit = "m",
     .range = ranges::kLength,
     .required = false,
     .editorDefault = "0.08",
     .doc = "effective friction radius (with pressure_node)",
     .omitWhenAbsent = true},
    {.name = "surfaces",
     .unit = "",
     .kind = ParamKind::WholeNumber,
     .range = Range::closed(1.0, 1e3),
     .required = false,
     .editorDefault = "6",
     .doc = "number of friction surfaces (with pressure_node)",
     .omitWhenAbsent = true},
    {.name = "return_spring_force",
     .unit = "N",
     .range = ranges::kForceNonNegative,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "0",
     .doc = "piston return spring preload (with pressure_node; absent: 0)",
     .omitWhenAbsent = true},
    {.name = "environment_pressure",
     .unit = "Pa",
     .kind = ParamKind::RealOrKeyword,
     .range = ranges::kPressure,
     .required = false,
     .fileDefault = 101325.0,
     .editorDefault = "\"atmosphere\"",
     .doc = "pressure behind the piston (with pressure_node; absent or \"atmosphere\": 101325 Pa)",
     .keyword = "atmosphere",
     .keywordValue = 101325.0,
     .omitWhenAbsent = true},
};
constexpr InputDescriptor kInputs[] = {
    {.name = "capacity",
     .unit = "N m",
     .range = ranges::kCapacity,
     .initialDefault = 0.0,
     .doc = "static torque capacity (absent: 0, open)",
     .idleAtZero = "is 0 and no event raises it: this clutch can never carry torque; give it a capacity or an event that applies it"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .tickMean = true, .doc = "mean clutch torque on node_a over the last tick"},
    {.name = "torque_at_b", .unit = "N m", .tickMean = true, .doc = "mean clutch torque on node_b over the last tick"},
    {.name = "heat_flow", .unit = "W", .tickMean = true, .doc = "mean friction power over the last tick"},
    {.name = "friction_heat", .unit = "J", .doc = "friction heat since t = 0", .split = "clutches", .splitGrounded = "brakes"},
    {.name = "locked", .unit = "", .integer = true, .doc = "1 when locked at this boundary"},
    {.name = "slip_speed", .unit = "rad/s", .doc = "speed_a - speed_b"},
};
constexpr ComponentDescriptor kDesc{.type = "clutch",
                                    .label = "Clutch / brake",
                                    .group = PaletteGroup::Rotational,
                                    .keywords = "brake coupling lockup friction band synchronizer wet dry",
                                    .fieldPrefix = "clutch",
                                    .doc = "A friction clutch with stick/slip; to ground it is a brake.",
                                    .ports = kPorts,
                                    .parameters = kParams,
                                    .inputs = kInputs,
                                    .observables = kObs,
                                    .thermalLiquid = true};

} // namespace

const ComponentDescriptor& Clutch::descriptor() { return kDesc; }

bool Clutch::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.heat = ctx.portIsNode("heat_node") ? ctx.port("heat_node") : -1;
    p.oil = ctx.heatIntoOil("oil_node", "heat_node");
    p.capacity = ctx.inputSlot("capacity");
    p.kineticRatio = ctx.real("kinetic_ratio");
    p.flag = ctx.allocFlag(2);
    p.row = ctx.allocRow();
    p.scratch = ctx.allocScratch(1);
    p.mean = ctx.allocMean(3);
    p.real = ctx.allocReal(2);
    if (ctx.portNode("node_a") == ctx.portNode("node_b")) ctx.errorAt("node_b", "must differ from node_a");
    static const char* const kApply[] = {"piston_area", "friction_coefficient", "effective_radius", "surfaces"};
    if (ctx.portIsNode("pressure_node")) {
        // capacity = mu n r_eff max(0, (p - p_env) A - F_spring)
        for (const char* f : kApply) {
            if (!ctx.has(f))
                ctx.error(f, "missing: a pressure-applied clutch needs piston_area, friction_coefficient, effective_radius and surfaces");
        }
        if (ctx.spec().inputs.contains("capacity"))
            ctx.errorAt("inputs.capacity", "a pressure-applied clutch takes its capacity from pressure_node; remove the capacity input");
        p.pressure = ctx.port("pressure_node");
        const double k = ctx.real("friction_coefficient") * ctx.real("surfaces") * ctx.real("effective_radius");
        p.gain = k * ctx.real("piston_area");
        p.springTerm = k * ctx.real("return_spring_force");
        p.pEnv = ctx.real("environment_pressure");
    } else {
        for (const char* f :
             {"piston_area", "friction_coefficient", "effective_radius", "surfaces", "return_spring_force", "environment_pressure"}) {
            if (ctx.has(f)) ctx.error(f, "only a pressure-applied clutch uses this: give pressure_node, or remove it");
        }
    }
    return !ctx.failed();
}

// Locked (the compiled initial state or the asked lock mask; a lab that does not compile: the
// same rule as startsLocked on what the file says, a pressure-applied clutch counting as able
// to carry torque): a rigid 1:1 constraint; slipping: a friction effort. Its pressure is a signal.
void Clutch::bondGraph(BondGraphReading& r)
{
    const bool pressureApplied = r.component().port("pressure_node") && !r.component().port("pressure_node")->empty();
    const double capacity = pressureApplied ? 1.0 : r.input("capacity");
    const bool locked = r.lockedAtStart().value_or(
        startsLocked(r.initialSpeed(r.port("node_a")), r.initialSpeed(r.port("node_b")), std::isfinite(capacity) ? capacity : 0.0));
    if (locked) {
        r.twoPortTf("locked at the start: a rigid 1:1 constraint, solved by projection", true);
        r.lockedConstraint();
    } else {
        r.relative({{BgKind::Se, "friction", "slipping: a friction effort (a modulated Se, set by its capacity)"}}, "slipping clutch",
                   false);
    }
    r.signal("pressure_node");
}

} // namespace drivelab
