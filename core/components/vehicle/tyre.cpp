#include "components/vehicle/tyre.h"

#include <limits>
#include <numbers>

#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

/// a normal load [N]: more than 0 (a wheel off the ground transmits nothing: leave it out)
constexpr Range kNormalLoad = Range::openClosed(0.0, 1e8);
/// B, the Magic Formula's stiffness factor (car tyres, longitudinal: about 10)
constexpr Range kStiffnessFactor = Range::openClosed(0.0, 1e3);
/// C, the shape factor (longitudinal: 1.65-1.9; wet-road fits up to 2.3 with E = 1); above 2 only
/// with E = 1 (compile: else the force would reverse at large slip)
constexpr Range kShapeFactor = Range::openClosed(0.0, 3.0);
/// D, the peak friction coefficient (dry asphalt about 1)
constexpr Range kPeakFactor = Range::openClosed(0.0, 10.0);
/// E, the curvature factor: at most 1 (beyond, the slip's argument would not rise monotonically)
constexpr Range kCurvatureFactor = Range::closed(-100.0, 1.0);
/// the low-speed denominator v_low [m/s]
constexpr Range kLowSpeed = Range::closed(1e-4, 10.0);
/// a wheel inertia [kg m^2]
constexpr Range kWheelInertia = Range::closed(0.0, 1e6);
/// the road's friction factor scaling D
constexpr Range kFrictionScale = Range::closed(0.0, 10.0);

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "wheel shaft (the axle or a differential's output): the wheel turns with it"},
    {.name = "node_b",
     .domain = Domain::Rotational,
     .doc = "the vehicle: a vehicle_body's node with the same wheel_radius (v = wheel_radius x its speed)"},
    {.name = "heat_node", .domain = Domain::Thermal, .optional = true, .doc = "takes the slip heat (absent: external ledger)"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "wheel_radius",
     .unit = "m",
     .range = ranges::kLength,
     .editorDefault = "0.3",
     .doc = "rolling radius r; the vehicle_body on node_b must use the same (v = r w_b)"},
    {.name = "normal_load", .unit = "N", .range = kNormalLoad, .editorDefault = "4000", .doc = "normal load Fz on the tyre (static)"},
    {.name = "B", .unit = "", .range = kStiffnessFactor, .editorDefault = "10", .doc = "Magic Formula stiffness factor B"},
    {.name = "C", .unit = "", .range = kShapeFactor, .editorDefault = "1.9", .doc = "Magic Formula shape factor C (a peak for C > 1; above 2 only with E = 1)"},
    {.name = "D",
     .unit = "",
     .range = kPeakFactor,
     .editorDefault = "1",
     .doc = "peak friction coefficient D: the peak force is friction_scale D Fz"},
    {.name = "E", .unit = "", .range = kCurvatureFactor, .editorDefault = "0.97", .doc = "Magic Formula curvature factor E (<= 1)"},
    {.name = "wheel_inertia",
     .unit = "kg m^2",
     .range = kWheelInertia,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "1.2",
     .doc = "the wheel's inertia, added to node_a's (absent: 0); it also sets the low-speed stage fraction"},
    {.name = "low_speed",
     .unit = "m/s",
     .range = kLowSpeed,
     .required = false,
     .fileDefault = 0.1,
     .editorDefault = "0.1",
     .doc = "the slip's denominator max(|v|, low_speed): below it the tyre acts as a damper (absent: 0.1)"},
};
constexpr InputDescriptor kInputs[] = {
    {.name = "friction_scale",
     .unit = "",
     .range = kFrictionScale,
     .initialDefault = 1.0,
     .doc = "the road's friction relative to D (1: the reference road; about 0.3 on snow, 0.1 on ice; absent: 1)"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "force", .unit = "N", .tickMean = true, .doc = "mean longitudinal force on the vehicle over the last tick"},
    {.name = "torque", .unit = "N m", .tickMean = true, .doc = "mean torque on the wheel shaft (-r F) over the last tick"},
    {.name = "slip", .unit = "", .doc = "slip (r w_a - v) / max(|v|, low_speed) at the boundary"},
    {.name = "slip_speed", .unit = "m/s", .doc = "slip speed r w_a - v at the boundary"},
    {.name = "slip_power", .unit = "W", .tickMean = true, .doc = "mean slip power F (r w_a - v) over the last tick"},
    {.name = "slip_heat", .unit = "J", .doc = "slip heat since t = 0", .split = "tyre_slip"},
};
constexpr PlotSeriesDescriptor kSlipPlot[] = {{.observable = "slip"}};
constexpr PlotSeriesDescriptor kForcePlot[] = {{.observable = "force"}};
constexpr DefaultPlotDescriptor kPlots[] = {
    {.title = "Tyre slip", .series = kSlipPlot},
    {.title = "Tyre force", .series = kForcePlot},
};
constexpr ComponentDescriptor kDesc{
    .type = "tyre",
    .label = "Tyre (Magic Formula)",
    .group = PaletteGroup::Rotational,
    .keywords = "tyre tire wheel slip Pacejka magic formula traction wheel spin friction road mu",
    .fieldPrefix = "tyre",
    .doc = "A wheel's longitudinal slip between its shaft and the vehicle: force from Pacejka's Magic Formula "
           "(B, C, D, E; the road's friction as an input) at a static normal load, a regularised slip below low_speed, "
           "the wheel's inertia; the slip power leaves as heat.",
    .ports = kPorts,
    .parameters = kParams,
    .inputs = kInputs,
    .observables = kObs,
    .idStem = "tyre",
    .defaultPlots = kPlots};

} // namespace

const ComponentDescriptor& Tyre::descriptor() { return kDesc; }

double Tyre::peakSlip(double b, double c, double e)
{
    if (!(c > 1.0)) return std::numeric_limits<double>::infinity();
    // u (1 - E) + E atan(u) = tan(pi / (2 C)) rises strictly in u for E <= 1 (to infinity, or to
    // pi/2 for E = 1): bisection on u = B k
    const double target = std::tan(std::numbers::pi / (2.0 * c));
    if (e >= 1.0 && target >= 0.5 * std::numbers::pi) return std::numeric_limits<double>::infinity();
    const auto phi = [&](double u) {
        return u - e * (u - std::atan(u));
    };
    double lo = 0.0, hi = 1.0;
    for (int i = 0; i < 2000 && phi(hi) < target; ++i) hi *= 2.0;
    for (int i = 0; i < 200 && lo < hi; ++i) {
        const double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        (phi(mid) < target ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi) / b;
}

bool Tyre::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.heat = ctx.portIsNode("heat_node") ? ctx.port("heat_node") : -1;
    p.mu = ctx.inputSlot("friction_scale");
    p.r = ctx.real("wheel_radius");
    p.fz = ctx.real("normal_load");
    p.b_ = ctx.real("B");
    p.c_ = ctx.real("C");
    p.d_ = ctx.real("D");
    p.e_ = ctx.real("E");
    p.jw = ctx.real("wheel_inertia");
    p.vLow = ctx.real("low_speed");
    p.scratch = ctx.allocScratch(1);
    p.mean = ctx.allocMean(2);
    p.real = ctx.allocReal(2);
    // the force keeps the slip's sign: C atan(phi) <= pi for every slip (phi -> infinity for E < 1)
    if (p.c_ > 2.0 && p.e_ < 1.0)
        ctx.error("C", "above 2 the force would reverse at large slip unless E = 1 (then C up to 3): lower C or set E to 1");
    if (ctx.portNode("node_a") == ctx.portNode("node_b")) ctx.errorAt("node_b", "must differ from node_a (the wheel and the vehicle)");
    // the wheel turns with its shaft
    if (!ctx.failed() && p.jw > 0.0) ctx.addInertia("node_a", p.jw);
    return !ctx.failed();
}

// On the 0-junction of the wheel's and the vehicle's relative motion: an R (the slip; its power
// leaves as heat). The wheel's inertia joins node_a's I.
void Tyre::bondGraph(BondGraphReading& r)
{
    r.relative({{BgKind::R, "slip", "tyre slip: Magic Formula force from the slip"}}, "tyre (its wheel inertia joins node_a's I)", false);
}

} // namespace drivelab
