#include "components/rotational/enginecylinder.h"
#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr double kPi = EngineCylinder::kPi;

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "crankshaft"},
    {.name = "heat_node",
     .domain = Domain::Thermal,
     .optional = true,
     .doc = "cylinder wall: takes the wall heat and sets the wall temperature (absent: wall_temperature, heat to the ledger)"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "bore", .unit = "m", .range = ranges::kLength, .editorDefault = "0.086", .doc = "cylinder bore"},
    {.name = "stroke", .unit = "m", .range = ranges::kLength, .editorDefault = "0.086", .doc = "piston stroke (twice the crank radius)"},
    {.name = "rod_length",
     .unit = "m",
     .range = ranges::kLength,
     .editorDefault = "0.145",
     .doc = "connecting rod length (more than half the stroke)"},
    {.name = "compression_ratio",
     .unit = "",
     .range = Range::openClosed(1.0, 40.0),
     .editorDefault = "10",
     .doc = "(swept + clearance) / clearance volume"},
    {.name = "crank_phase",
     .unit = "rad",
     .range = ranges::kAngle,
     .editorDefault = "0",
     .doc = "this cylinder's cycle angle at t = 0 (0: firing TDC; cylinders on one crank differ by their firing interval)"},
    {.name = "ivc_angle",
     .unit = "rad",
     .range = Range{-2.0 * kPi, 0.0, true, true, false},
     .editorDefault = "-2.4",
     .doc = "inlet valve closing, before firing TDC (negative)"},
    {.name = "evo_angle",
     .unit = "rad",
     .range = Range{0.0, 2.0 * kPi, true, true, false},
     .editorDefault = "2.3",
     .doc = "exhaust valve opening, after firing TDC"},
    {.name = "burn_start", .unit = "rad", .range = ranges::kAngle, .editorDefault = "-0.26", .doc = "start of combustion (cycle angle)"},
    {.name = "burn_duration",
     .unit = "rad",
     .range = Range::closed(1e-3, 4.0 * kPi),
     .editorDefault = "1.05",
     .doc = "crank angle of the whole burn"},
    {.name = "wiebe_efficiency",
     .unit = "",
     .range = Range::closed(1e-3, 100.0),
     .required = false,
     .fileDefault = 5.0,
     .editorDefault = "5",
     .doc = "Wiebe efficiency factor a (absent: 5)"},
    {.name = "wiebe_shape",
     .unit = "",
     .range = Range::closed(0.0, 100.0),
     .required = false,
     .fileDefault = 2.0,
     .editorDefault = "2",
     .doc = "Wiebe shape factor m (absent: 2)"},
    {.name = "fuel_energy",
     .unit = "J",
     .range = ranges::kEnergy,
     .editorDefault = "900",
     .doc = "fuel energy released per cycle at full fuel"},
    {.name = "intake_pressure",
     .unit = "Pa",
     .range = ranges::kPressurePositive,
     .editorDefault = "100000",
     .doc = "intake manifold (and crankcase) pressure"},
    {.name = "intake_temperature",
     .unit = "K",
     .range = ranges::kTemperature,
     .editorDefault = "320",
     .doc = "temperature of the fresh charge"},
    {.name = "gamma",
     .unit = "",
     .range = Range::openClosed(1.0, 1.67),
     .required = false,
     .fileDefault = 1.35,
     .editorDefault = "1.35",
     .doc = "ratio of specific heats of the charge (absent: 1.35)"},
    {.name = "gas_constant",
     .unit = "J/(kg K)",
     .range = Range::closed(1.0, 1e5),
     .required = false,
     .fileDefault = 287.0,
     .editorDefault = "287",
     .doc = "specific gas constant of the charge (absent: 287)"},
    {.name = "wall_conductance",
     .unit = "W/K",
     .range = ranges::kThermalConductance,
     .editorDefault = "8",
     .doc = "heat transfer coefficient times wall area (0: adiabatic)"},
    {.name = "wall_temperature",
     .unit = "K",
     .range = ranges::kTemperature,
     .required = false,
     .editorDefault = "400",
     .doc = "wall temperature without a heat_node",
     .omitWhenAbsent = true},
};
constexpr InputDescriptor kInputs[] = {
    {.name = "fuel_fraction",
     .unit = "",
     .range = Range::closed(0.0, 1.0),
     .initialDefault = 1.0,
     .doc = "fraction of fuel_energy burned (absent: 1)"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "pressure", .unit = "Pa", .doc = "gas pressure now"},
    {.name = "temperature", .unit = "K", .doc = "gas temperature now"},
    {.name = "gas_work", .unit = "J", .doc = "work done by the gas since t = 0"},
    {.name = "burn_fraction", .unit = "", .doc = "Wiebe burned fraction of this cycle"},
    {.name = "wall_heat", .unit = "J", .doc = "heat given to the wall since t = 0"},
    {.name = "indicated_torque", .unit = "N m", .doc = "mean torque on the crank over the last tick"},
    {.name = "fuel_energy", .unit = "J", .doc = "fuel energy released since t = 0"},
    {.name = "cycle_angle", .unit = "rad", .doc = "cycle angle now (0: firing TDC)"},
};
constexpr ComponentDescriptor kDesc{.type = "cylinder",
                                    .label = "Engine cylinder",
                                    .group = "sources",
                                    .fieldPrefix = "cylinder",
                                    .doc = "A fired four-stroke cylinder: slider-crank, single-zone ideal gas, Wiebe burn, wall heat.",
                                    .ports = kPorts,
                                    .parameters = kParams,
                                    .inputs = kInputs,
                                    .observables = kObs};

} // namespace

const ComponentDescriptor& EngineCylinder::descriptor() { return kDesc; }

namespace {

// the closed charge from cycle angle phi to end (either direction; no valve event inside):
// exact adiabatic half steps around the heat of each sub-step; `fuelScale` 0 burns nothing
void closedPiece(const EngineCylinder::Params& p, double phi, double end, double& t, double dTheta, double h, double tWall,
                 double fuelScale, EngineCylinder::Interval& out)
{
    using C = EngineCylinder;
    const double mcv = p.charge * p.cv;
    const double expo = p.gamma - 1.0;
    const double span = end - phi;
    const int n = std::max(1, static_cast<int>(std::ceil(std::fabs(span) / C::kMaxSubStep)));
    const double d = span / n;
    const double tStart = t;
    double fuel = 0.0, wall = 0.0;
    // sine and cosine advance by rotation through half sub-steps
    const double hs = std::sin(0.5 * d), hc = std::cos(0.5 * d);
    double sa = std::sin(phi), ca = std::cos(phi);
    double va = C::volumeAt(p, sa, ca), xa = C::burned(p, phi);
    const double vStart = va; // volume(p, phi): the same sine and cosine
    // wall decay over a sub-step: the (1,1) Pade factor of exp(-z), symmetric and second order
    const double z = p.wallG * h * (d / dTheta) / mcv;
    const double decay = (1.0 - 0.5 * z) / (1.0 + 0.5 * z);
    for (int k = 0; k < n; ++k) {
        const double b = k + 1 == n ? end : phi + d * (k + 1);
        const double sm = sa * hc + ca * hs, cm = ca * hc - sa * hs;
        const double sb = sm * hc + cm * hs, cb = cm * hc - sm * hs;
        const double vm = C::volumeAt(p, sm, cm), vb = C::volumeAt(p, sb, cb), xb = C::burned(p, b);
        t *= std::pow(va / vm, expo);
        // the heat step, itself symmetric: half the fuel, the wall decay over the
        // sub-step's time, the other half of the fuel
        const double qf = p.fuel * fuelScale * (xb - xa);
        t += 0.5 * qf / mcv;
        const double decayed = tWall + (t - tWall) * decay;
        const double qw = mcv * (t - decayed);
        t = decayed + 0.5 * qf / mcv;
        t *= std::pow(vm / vb, expo);
        fuel += qf;
        wall += qw;
        sa = sb;
        ca = cb;
        va = vb;
        xa = xb;
    }
    const double gas = fuel - wall - mcv * (t - tStart);
    const double env = -p.pInt * (va - vStart);
    out.gasWork += gas;
    out.envWork += env;
    out.work += gas + env;
    out.fuel += fuel;
    out.wall += wall;
}

// the crank turning backwards (dTheta < 0): the valves act by position, as forwards
// (closed on [ivc, evo)); leaving the closed range backwards through IVC releases the charge
// to the intake (its energy above the intake state leaves as heat, booked with the exhaust);
// entering it backwards through EVO traps a charge at the intake temperature (no energy
// change: the stored energy counts from the intake state); the closed charge follows the
// same adiabatic steps and wall heat as forwards; nothing burns while turning backwards
void integrateBackwards(const EngineCylinder::Params& p, double phi0, double t0, double dTheta, double h, double tWall,
                        EngineCylinder::Interval& out)
{
    using C = EngineCylinder;
    constexpr double kTwoPi = 2.0 * C::kPi;
    const double mcv = p.charge * p.cv;
    double t = t0;
    double phi = phi0;
    double remaining = -dTheta;
    bool wasClosed = C::closed(p, phi0);
    const auto release = [&] {
        out.exhaust += mcv * (t - p.tInt);
        t = p.tInt;
    };
    const double events[] = {p.ivc, p.evo, -kTwoPi};
    while (remaining > 0.0) {
        if (phi <= -kTwoPi) phi += 2.0 * kTwoPi;
        double next = -kTwoPi;
        for (double e : events) {
            if (e < phi && e > next) next = e;
        }
        const bool reached = phi - next <= remaining;
        const double end = reached ? next : phi - remaining;
        remaining = reached ? remaining - (phi - next) : 0.0;
        // the piece (end, phi) lies inside the closed range [ivc, evo]
        const bool inside = end >= p.ivc && phi <= p.evo;
        if (wasClosed && !inside) release();
        if (!wasClosed && inside) t = p.tInt;
        if (inside) closedPiece(p, phi, end, t, dTheta, h, tWall, 0.0, out);
        wasClosed = inside;
        phi = end;
    }
    // the state at the end position decides what is stored
    const bool endClosed = C::closed(p, C::wrap(phi));
    if (wasClosed && !endClosed) release();
    if (!wasClosed && endClosed) t = p.tInt;
    out.tEnd = t;
}

} // namespace

void EngineCylinder::integrate(const Params& p, double phi0, double t0, double dTheta, double h, double tWall, double fuelScale,
                               Interval& out)
{
    out = Interval{};
    if (dTheta < 0.0) {
        integrateBackwards(p, phi0, t0, dTheta, h, tWall, out);
        return;
    }
    double t = t0;
    const double mcv = p.charge * p.cv;
    double phi = phi0;
    double remaining = dTheta;
    const double events[] = {p.ivc, p.evo, p.soc, p.soc + p.duration, 2.0 * kPi};
    while (remaining > 0.0) {
        if (phi >= 2.0 * kPi) phi -= 4.0 * kPi;
        double next = 2.0 * kPi;
        for (double e : events) {
            if (e > phi && e < next) next = e;
        }
        const bool reached = next - phi <= remaining;
        const double end = reached ? next : phi + remaining;
        remaining = reached ? remaining - (next - phi) : 0.0;
        if (closed(p, phi)) closedPiece(p, phi, end, t, dTheta, h, tWall, fuelScale, out);
        phi = end;
        if (reached) {
            if (next == p.evo) {
                // blow-down: the charge's energy above the intake state leaves as exhaust heat
                out.exhaust += mcv * (t - p.tInt);
                t = p.tInt;
            } else if (next == p.ivc) {
                t = p.tInt; // a fresh charge is trapped
            }
        }
    }
    out.tEnd = t;
}

bool EngineCylinder::compile(CompileContext& ctx, Params& p)
{
    p.crank = ctx.port("node_a");
    p.heat = ctx.portIsNode("heat_node") ? ctx.port("heat_node") : -1;
    const double bore = ctx.real("bore"), stroke = ctx.real("stroke");
    p.area = kPi * bore * bore / 4.0;
    p.r = 0.5 * stroke;
    p.l = ctx.real("rod_length");
    if (!(p.l > p.r)) ctx.error("rod_length", "must exceed half the stroke (" + formatDouble(p.r) + " m)");
    p.vc = p.area * stroke / (ctx.real("compression_ratio") - 1.0);
    p.phase = wrap(ctx.real("crank_phase"));
    p.ivc = ctx.real("ivc_angle");
    p.evo = ctx.real("evo_angle");
    p.soc = ctx.real("burn_start");
    p.duration = ctx.real("burn_duration");
    if (!(p.soc > p.ivc)) ctx.error("burn_start", "must come after the inlet valve closes (ivc_angle " + formatDouble(p.ivc) + ")");
    if (!(p.soc + p.duration <= p.evo))
        ctx.error("burn_duration", "the burn must end before the exhaust valve opens (burn_start + burn_duration <= evo_angle)");
    p.wiebeA = ctx.real("wiebe_efficiency");
    p.wiebeM = ctx.real("wiebe_shape");
    p.wiebeNorm = 1.0 / (1.0 - std::exp(-p.wiebeA));
    p.fuel = ctx.real("fuel_energy");
    p.pInt = ctx.real("intake_pressure");
    p.tInt = ctx.real("intake_temperature");
    p.gamma = ctx.real("gamma");
    p.gasR = ctx.real("gas_constant");
    p.cv = p.gasR / (p.gamma - 1.0);
    p.wallG = ctx.real("wall_conductance");
    if (p.heat < 0 && !ctx.has("wall_temperature"))
        ctx.error("wall_temperature", "missing: without a heat_node the wall needs a temperature");
    p.wallT = ctx.has("wall_temperature") ? ctx.real("wall_temperature") : 0.0;
    p.fuelInput = ctx.inputSlot("fuel_fraction");
    p.real = ctx.allocReal(9);
    p.scratch = ctx.allocScratch(10);
    p.mean = ctx.allocMean(2);
    if (ctx.failed()) return false;
    p.charge = p.pInt * volume(p, p.ivc) / (p.gasR * p.tInt);
    // the charge at t = 0: trapped at IVC, compressed (and burned) without wall losses up to the start angle
    double t0 = p.tInt;
    if (closed(p, p.phase)) {
        Params adiabatic = p;
        adiabatic.wallG = 0.0;
        Interval iv;
        const double fuelScale = ctx.spec().inputs.contains("fuel_fraction") ? ctx.spec().inputs["fuel_fraction"].get<double>() : 1.0;
        integrate(adiabatic, p.ivc, p.tInt, p.phase - p.ivc, 1.0, p.tInt, fuelScale, iv);
        t0 = iv.tEnd;
    }
    ctx.setRealInit(p.real, t0);
    return true;
}

void EngineCylinder::bondGraph(BondGraphReading& r)
{
    r.relative({{BgKind::Se, "se", "gas work on the crank (a modulated Se, set by crank angle and fuel; reaction on the ground)"}},
               "engine cylinder", true);
}

} // namespace drivelab
