#include "components/vehicle/vehiclebody.h"

#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

/// a drag coefficient: 0 (none) to 10 (far beyond any road vehicle's ~0.2-1.2)
constexpr Range kDrag = Range::closed(0.0, 10.0);
/// a rolling coefficient: 0 to 1 (tyres on roads: 0.005-0.05)
constexpr Range kRolling = Range::closed(0.0, 1.0);
/// the speed term of the rolling coefficient [s/m]
constexpr Range kRollingSpeed = Range::closed(0.0, 1.0);
/// a coast-down F2 [N s^2/m^2] (cars: 0.3-0.6, trucks: a few)
constexpr Range kF2 = Range::closed(0.0, 1e6);
/// the standstill speed band [m/s]
constexpr Range kBand = Range::closed(1e-6, 10.0);
/// a road grade [%]: rise over run x 100, at most 45 degrees either way
constexpr Range kGrade = Range::closed(-100.0, 100.0);

constexpr TableColumn kGradeColumns[] = {
    {.name = "distance", .unit = "m", .range = ranges::kPosition, .doc = "distance travelled since t = 0 (the distance observable)"},
    {.name = "grade", .unit = "%", .range = kGrade, .doc = "road grade there, rise over run x 100 (+: uphill)"},
};

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "driven axle (the wheels): v = wheel_radius x its speed"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "mass", .unit = "kg", .range = ranges::kMass, .editorDefault = "1500", .doc = "vehicle mass m (test mass)"},
    {.name = "wheel_radius", .unit = "m", .range = ranges::kLength, .editorDefault = "0.3", .doc = "rolling radius r of the driven wheels"},
    {.name = "rotating_inertia",
     .unit = "kg m^2",
     .range = Range::closed(0.0, 1e9),
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "0",
     .doc = "equivalent rotating inertia at the axle (wheels, brakes, parts of the driveline not modelled; absent: 0)"},
    {.name = "drag_coefficient",
     .unit = "",
     .range = kDrag,
     .required = false,
     .editorDefault = "0.3",
     .doc = "Cd (physical road load, with frontal_area and rolling_coefficient)",
     .omitWhenAbsent = true},
    {.name = "frontal_area",
     .unit = "m^2",
     .range = ranges::kAreaNonNegative,
     .required = false,
     .editorDefault = "2.2",
     .doc = "frontal area A (physical road load)",
     .omitWhenAbsent = true},
    {.name = "air_density",
     .unit = "kg/m^3",
     .range = ranges::kDensity,
     .required = false,
     .fileDefault = 1.225,
     .editorDefault = "1.225",
     .doc = "air density rho (physical road load; absent: 1.225, ISA sea level)",
     .omitWhenAbsent = true},
    {.name = "rolling_coefficient",
     .unit = "",
     .range = kRolling,
     .required = false,
     .editorDefault = "0.01",
     .doc = "Cr: rolling force m g cos(theta) (Cr + Cr1 |v|) (physical road load)",
     .omitWhenAbsent = true},
    {.name = "rolling_speed_coefficient",
     .unit = "s/m",
     .range = kRollingSpeed,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "0",
     .doc = "Cr1: the rolling coefficient's speed term (physical road load; absent: 0)",
     .omitWhenAbsent = true},
    {.name = "coastdown_f0",
     .unit = "N",
     .range = ranges::kForceNonNegative,
     .required = false,
     .editorDefault = "150",
     .doc = "F0 of the coast-down road load F0 + F1 v + F2 v^2 (instead of the physical one)",
     .omitWhenAbsent = true},
    {.name = "coastdown_f1",
     .unit = "N s/m",
     .range = ranges::kDamping,
     .required = false,
     .editorDefault = "0",
     .doc = "F1 of the coast-down road load",
     .omitWhenAbsent = true},
    {.name = "coastdown_f2",
     .unit = "N s^2/m^2",
     .range = kF2,
     .required = false,
     .editorDefault = "0.4",
     .doc = "F2 of the coast-down road load (its aerodynamic part: the head wind acts on it)",
     .omitWhenAbsent = true},
    {.name = "standstill_speed",
     .unit = "m/s",
     .range = kBand,
     .required = false,
     .fileDefault = 0.01,
     .editorDefault = "0.01",
     .doc = "speed band over which the rolling resistance (Cr, F0) rises from 0 at standstill (absent: 0.01)"},
    {.name = "grade_table",
     .unit = "",
     .kind = ParamKind::Table,
     .required = false,
     .editorDefault = R"([{"distance": 0, "grade": 0}, {"distance": 500, "grade": 5}, {"distance": 1000, "grade": 0}])",
     .doc = "grade [%] over distance [m], linear between rows, held before the first and after the last; replaces the grade "
            "input (absent: the input)",
     .columns = kGradeColumns,
     .minRows = 2,
     .maxRows = kTable1DMaxPoints},
};
constexpr InputDescriptor kInputs[] = {
    {.name = "grade",
     .unit = "%",
     .range = kGrade,
     .initialDefault = 0.0,
     .doc = "road grade, rise over run x 100 (+: uphill); not used with grade_table"},
    {.name = "head_wind",
     .unit = "m/s",
     .range = ranges::kVelocity,
     .initialDefault = 0.0,
     .doc = "wind against the vehicle (-: tail wind)"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "speed", .unit = "m/s", .doc = "vehicle speed v = r w"},
    {.name = "speed_kmh", .unit = "km/h", .doc = "vehicle speed in km/h"},
    {.name = "distance", .unit = "m", .doc = "distance travelled since t = 0"},
    {.name = "height", .unit = "m", .doc = "height gained since t = 0"},
    {.name = "acceleration", .unit = "m/s^2", .tickMean = true, .doc = "mean acceleration over the last tick"},
    {.name = "road_load_force", .unit = "N", .tickMean = true, .doc = "mean road load (aero + rolling + grade) over the last tick"},
    {.name = "road_load_power", .unit = "W", .tickMean = true, .doc = "mean road-load power F v over the last tick"},
    {.name = "aero_force", .unit = "N", .tickMean = true, .doc = "mean aerodynamic force over the last tick"},
    {.name = "rolling_force", .unit = "N", .tickMean = true, .doc = "mean rolling resistance over the last tick"},
    {.name = "grade_force", .unit = "N", .tickMean = true, .doc = "mean grade force m g sin(theta) over the last tick"},
    {.name = "aero_heat", .unit = "J", .doc = "aerodynamic loss since t = 0", .split = "aero"},
    {.name = "rolling_heat", .unit = "J", .doc = "rolling loss since t = 0", .split = "rolling"},
};
constexpr ComponentDescriptor kDesc{
    .type = "vehicle_body",
    .label = "Vehicle body",
    .group = PaletteGroup::Rotational,
    .keywords = "car vehicle road load coast-down aerodynamic drag rolling resistance grade tyre wheel",
    .fieldPrefix = "vehicle_body",
    .doc = "A vehicle's longitudinal motion on its driven axle: mass and rotating inertia through the wheel radius, road load "
           "(physical Cd, A, Cr or coast-down F0 + F1 v + F2 v^2), head wind as an input, grade as an input or a table over "
           "distance; losses as heat, climbing as potential energy.",
    .ports = kPorts,
    .parameters = kParams,
    .inputs = kInputs,
    .observables = kObs,
    .idStem = "car"};

constexpr const char* kPhysical[] = {"drag_coefficient", "frontal_area", "rolling_coefficient"};
constexpr const char* kPhysicalOptional[] = {"air_density", "rolling_speed_coefficient"};
constexpr const char* kCoastdown[] = {"coastdown_f0", "coastdown_f1", "coastdown_f2"};

} // namespace

const ComponentDescriptor& VehicleBody::descriptor() { return kDesc; }

bool VehicleBody::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.grade = ctx.inputSlot("grade");
    p.wind = ctx.inputSlot("head_wind");
    p.scratch = ctx.allocScratch(2);
    p.mean = ctx.allocMean(6);
    p.real = ctx.allocReal(8);
    p.m = ctx.real("mass");
    p.r = ctx.real("wheel_radius");
    p.band = ctx.real("standstill_speed");
    // grade over distance replaces the grade input (a binding or event on it: the compiler's
    // inactive-input refusal; a constant: here)
    p.gradeTable.read(ctx, "grade_table", "distance", "grade");
    if (p.gradeTable.n > 0 && ctx.spec().inputs.contains("grade") && ctx.spec().inputs["grade"].is_number())
        ctx.errorAt("inputs.grade", inactiveInputReason(p));
    // the road load: coast-down when any coastdown_* field is given, else physical
    bool coastdown = false;
    for (const char* f : kCoastdown) coastdown = coastdown || ctx.has(f);
    p.physical = !coastdown;
    if (coastdown) {
        for (const char* f : kCoastdown) {
            if (!ctx.has(f)) ctx.error(f, "missing: a coast-down road load needs coastdown_f0, coastdown_f1 and coastdown_f2");
        }
        for (const char* f : kPhysical) {
            if (ctx.has(f))
                ctx.error(f, "the coast-down road load (coastdown_*) replaces the physical one: remove this, or the coastdown_* fields");
        }
        for (const char* f : kPhysicalOptional) {
            if (ctx.has(f))
                ctx.error(f, "the coast-down road load (coastdown_*) replaces the physical one: remove this, or the coastdown_* fields");
        }
        p.c0 = ctx.real("coastdown_f0");
        p.c1 = ctx.real("coastdown_f1");
        p.k = ctx.real("coastdown_f2");
    } else {
        for (const char* f : kPhysical) {
            if (!ctx.has(f))
                ctx.error(f, "missing: a physical road load needs drag_coefficient, frontal_area and rolling_coefficient "
                             "(or give coastdown_f0, coastdown_f1 and coastdown_f2 instead)");
        }
        p.c0 = ctx.real("rolling_coefficient");
        p.c1 = ctx.real("rolling_speed_coefficient");
        p.k = 0.5 * ctx.real("air_density") * ctx.real("drag_coefficient") * ctx.real("frontal_area");
    }
    // the vehicle's translational inertia and its rotating parts join the axle's node
    if (!ctx.failed()) ctx.addInertia("node_a", p.m * p.r * p.r + ctx.real("rotating_inertia"));
    return !ctx.failed();
}

// Its mass joins node_a's inertia (the node's I); on node_a's 1-junction: the road load as a
// resistor (aero and rolling: power leaves as heat) and the grade force as an effort source
// modulated by the grade input (its work is the potential energy).
void VehicleBody::bondGraph(BondGraphReading& r)
{
    r.relative({{BgKind::R, "road", "road load: aerodynamic drag and rolling resistance"},
                {BgKind::Se, "grade", "grade force m g sin(theta), modulated by the grade input or grade_table"}},
               "vehicle body (its mass m r^2 joins node_a's inertia)", false);
}

} // namespace drivelab
