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

using Point = EngineCylinder::StartPoint;

// sine and cosine of a small angle, |x| <= 1/64 rad: Taylor series in basic arithmetic with
// the coefficients as constants (the first omitted terms, x^11/11! and x^12/12!, are below
// 1e-24 of the value); a half sub-step is at most 0.005 rad
double sinSmall(double x)
{
    constexpr double c3 = -1.0 / 6.0, c5 = 1.0 / 120.0, c7 = -1.0 / 5040.0, c9 = 1.0 / 362880.0;
    const double x2 = x * x;
    return x + x * (x2 * (c3 + x2 * (c5 + x2 * (c7 + x2 * c9))));
}
double cosSmall(double x)
{
    constexpr double c2 = -0.5, c4 = 1.0 / 24.0, c6 = -1.0 / 720.0, c8 = 1.0 / 40320.0, c10 = -1.0 / 3628800.0;
    const double x2 = x * x;
    return 1.0 + x2 * (c2 + x2 * (c4 + x2 * (c6 + x2 * (c8 + x2 * c10))));
}

// sine and cosine of a cycle angle in [-2 pi - 1, 2 pi + 1]: a table at multiples of 1/32 rad
// (libm's values, filled once) turned by the remainder r, |r| <= 1/64, through the series
// above; r = phi - k/32 is exact. Outside that range std::sin and std::cos.
struct SinCosTable {
    static constexpr int kPerRad = 32;
    static constexpr int kHalf = 240; // covers |phi| <= 7.5 rad
    double s[2 * kHalf + 1];
    double c[2 * kHalf + 1];
    SinCosTable()
    {
        for (int k = -kHalf; k <= kHalf; ++k) {
            s[k + kHalf] = std::sin(static_cast<double>(k) / kPerRad);
            c[k + kHalf] = std::cos(static_cast<double>(k) / kPerRad);
        }
    }
};

void sinCos(double phi, double& sOut, double& cOut)
{
    static const SinCosTable table;
    constexpr double kLimit = 7.0;
    if (!(std::fabs(phi) <= kLimit)) {
        sOut = std::sin(phi);
        cOut = std::cos(phi);
        return;
    }
    // nearest multiple of 1/32 (the offset keeps the truncation a floor)
    const int k = static_cast<int>(phi * SinCosTable::kPerRad + (0.5 + SinCosTable::kHalf)) - SinCosTable::kHalf;
    const double r = phi - static_cast<double>(k) / SinCosTable::kPerRad;
    const double sr = sinSmall(r), cr = cosSmall(r);
    const double sk = table.s[k + SinCosTable::kHalf], ck = table.c[k + SinCosTable::kHalf];
    sOut = sk * cr + ck * sr;
    cOut = ck * cr - sk * sr;
}

// (num / den)^e for a ratio within 2^-5 of 1 (an adiabatic half sub-step: V changes by under
// 1 % per 0.005 rad at compression ratio 10): exp(e log(1 + u)) with log(1 + u) = 2 atanh(s),
// s = u / (2 + u), |s| < 2^-6, and both series cut where the next term is below 1e-20 of the
// sum (coefficients as constants: no division in the series); outside that range std::pow
double powRatio(double num, double den, double e)
{
    const double u = (num - den) / den;
    if (!(std::fabs(u) <= 0.03125)) return std::pow(num / den, e);
    constexpr double l3 = 1.0 / 3.0, l5 = 1.0 / 5.0, l7 = 1.0 / 7.0, l9 = 1.0 / 9.0, l11 = 1.0 / 11.0;
    const double sr = u / (2.0 + u);
    const double s2 = sr * sr;
    const double lg = 2.0 * sr + 2.0 * sr * (s2 * (l3 + s2 * (l5 + s2 * (l7 + s2 * (l9 + s2 * l11)))));
    const double y = e * lg;
    // exp(y), |y| < 0.021: Taylor to y^10
    constexpr double e2 = 1.0 / 2.0, e3 = 1.0 / 6.0, e4 = 1.0 / 24.0, e5 = 1.0 / 120.0, e6 = 1.0 / 720.0, e7 = 1.0 / 5040.0,
                     e8 = 1.0 / 40320.0, e9 = 1.0 / 362880.0, e10 = 1.0 / 3628800.0;
    return 1.0 + y * (1.0 + y * (e2 + y * (e3 + y * (e4 + y * (e5 + y * (e6 + y * (e7 + y * (e8 + y * (e9 + y * e10)))))))));
}

// the closed charge from start point a to angle `end` (either direction; no valve event
// inside): exact adiabatic half steps around the heat of each sub-step; `fuelScale` 0 burns
// nothing. With D, also the derivatives in the interval's crank travel dTheta at fixed h:
// `dEnd` is d end / d dTheta (1 for the interval's last piece, 0 for one that ends at an
// event), dt carries d t / d dTheta through the pieces, out.dWork collects d work / d dTheta.
template <bool D>
void closedPiece(const EngineCylinder::Params& p, const Point& a, double end, double dEnd, double& t, double& dt, double dTheta, double h,
                 double tWall, double fuelScale, EngineCylinder::Interval& out)
{
    using C = EngineCylinder;
    const double mcv = p.charge * p.cv;
    const double expo = p.gamma - 1.0;
    const double span = end - a.phi;
    const int n = std::max(1, static_cast<int>(std::ceil(std::fabs(span) / C::kMaxSubStep)));
    const double d = span / n;
    const double tStart = t, dtStart = dt;
    const bool burns = fuelScale != 0.0 && end > p.soc && a.phi < p.soc + p.duration;
    double fuel = 0.0, wall = 0.0;
    double dFuel = 0.0, dWall = 0.0;
    // sine and cosine advance by rotation through half sub-steps
    const double hs = sinSmall(0.5 * d), hc = cosSmall(0.5 * d);
    double sa = a.s, ca = a.c;
    double va = a.v, xa = a.x;
    const double vStart = va;
    // wall decay over a sub-step: the (1,1) Pade factor of exp(-z), symmetric and second order
    const double zk = p.wallG * h / mcv;
    const double z = zk * (d / dTheta);
    const double decay = (1.0 - 0.5 * z) / (1.0 + 0.5 * z);
    // tangents: the sub-step's angle moves with dd per sub-step; z with d / dTheta
    const double dd = D ? dEnd / n : 0.0;
    const double dDecay = D ? -(zk * (dd * dTheta - d) / (dTheta * dTheta)) / ((1.0 + 0.5 * z) * (1.0 + 0.5 * z)) : 0.0;
    double dva = 0.0, dxa = 0.0;
    for (int k = 0; k < n; ++k) {
        const bool last = k + 1 == n;
        const double sm = sa * hc + ca * hs, cm = ca * hc - sa * hs;
        const double sb = sm * hc + cm * hs, cb = cm * hc - sm * hs;
        const double vm = C::volumeAt(p, sm, cm), vb = C::volumeAt(p, sb, cb);
        const double b = last ? end : a.phi + d * (k + 1);
        double xb = xa, xSlope = 0.0;
        if (burns) xb = D ? C::burnedSlope(p, b, xSlope) : C::burned(p, b);
        const double r1 = powRatio(va, vm, expo);
        const double t0 = t;
        t *= r1;
        // the heat step, itself symmetric: half the fuel, the wall decay over the
        // sub-step's time, the other half of the fuel
        const double qf = p.fuel * fuelScale * (xb - xa);
        t += 0.5 * qf / mcv;
        const double t1 = t;
        const double decayed = tWall + (t - tWall) * decay;
        const double qw = mcv * (t - decayed);
        t = decayed + 0.5 * qf / mcv;
        const double r2 = powRatio(vm, vb, expo);
        const double t2 = t;
        t *= r2;
        fuel += qf;
        wall += qw;
        if constexpr (D) {
            // angles of the midpoint and the end move by (k + 1/2) dd and (k + 1) dd
            const double dvm = C::volumeSlopeAt(p, sm, cm) * ((k + 0.5) * dd);
            const double dvb = C::volumeSlopeAt(p, sb, cb) * ((k + 1) * dd);
            const double dxb = xSlope * ((k + 1) * dd);
            const double dqf = p.fuel * fuelScale * (dxb - dxa);
            const double dt1 = dt * r1 + t0 * r1 * expo * (dva / va - dvm / vm) + 0.5 * dqf / mcv;
            const double dDecayed = dt1 * decay + (t1 - tWall) * dDecay;
            const double dt2 = dDecayed + 0.5 * dqf / mcv;
            dt = dt2 * r2 + t2 * r2 * expo * (dvm / vm - dvb / vb);
            dFuel += dqf;
            dWall += mcv * (dt1 - dDecayed);
            dva = dvb;
            dxa = dxb;
        }
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
    if constexpr (D) out.dWork += dFuel - dWall - mcv * (dt - dtStart) - p.pInt * dva;
}

// the crank turning backwards (dTheta < 0): the valves act by position, as forwards
// (closed on [ivc, evo)); leaving the closed range backwards through IVC releases the charge
// to the intake (its energy above the intake state leaves as heat, booked with the exhaust);
// entering it backwards through EVO traps a charge at the intake temperature (no energy
// change: the stored energy counts from the intake state); the closed charge follows the
// same adiabatic steps and wall heat as forwards; nothing burns while turning backwards
template <bool D>
void integrateBackwards(const EngineCylinder::Params& p, const Point& a, double t0, double dTheta, double h, double tWall,
                        EngineCylinder::Interval& out)
{
    using C = EngineCylinder;
    constexpr double kTwoPi = 2.0 * C::kPi;
    const double mcv = p.charge * p.cv;
    double t = t0, dt = 0.0;
    double phi = a.phi;
    double remaining = -dTheta;
    bool wasClosed = C::closed(p, a.phi);
    const auto release = [&] {
        out.exhaust += mcv * (t - p.tInt);
        t = p.tInt;
        dt = 0.0;
    };
    const double events[] = {p.ivc, p.evo, -kTwoPi};
    bool first = true; // the first piece starts at a (its sine, cosine, volume, burned fraction known)
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
        if (!wasClosed && inside) {
            t = p.tInt;
            dt = 0.0;
        }
        if (inside) closedPiece<D>(p, first ? a : C::startPoint(p, phi), end, reached ? 0.0 : 1.0, t, dt, dTheta, h, tWall, 0.0, out);
        wasClosed = inside;
        first = false;
        phi = end;
    }
    // the state at the end position decides what is stored
    const bool endClosed = C::closed(p, C::wrap(phi));
    if (wasClosed && !endClosed) release();
    if (!wasClosed && endClosed) t = p.tInt;
    out.tEnd = t;
}

template <bool D>
void integrateForwards(const EngineCylinder::Params& p, const Point& a, double t0, double dTheta, double h, double tWall, double fuelScale,
                       EngineCylinder::Interval& out)
{
    using C = EngineCylinder;
    double t = t0, dt = 0.0;
    const double mcv = p.charge * p.cv;
    double phi = a.phi;
    double remaining = dTheta;
    bool first = true; // the first piece starts at a (its sine, cosine, volume, burned fraction known)
    while (remaining > 0.0) {
        if (phi >= 2.0 * kPi) phi -= 4.0 * kPi;
        const double next = C::nextEvent(p, phi);
        const bool reached = next - phi <= remaining;
        const double end = reached ? next : phi + remaining;
        remaining = reached ? remaining - (next - phi) : 0.0;
        if (C::closed(p, phi))
            closedPiece<D>(p, first ? a : C::startPoint(p, phi), end, reached ? 0.0 : 1.0, t, dt, dTheta, h, tWall, fuelScale, out);
        phi = end;
        first = false;
        if (reached) {
            if (next == p.evo) {
                // blow-down: the charge's energy above the intake state leaves as exhaust heat
                out.exhaust += mcv * (t - p.tInt);
                t = p.tInt;
                dt = 0.0;
            } else if (next == p.ivc) {
                t = p.tInt; // a fresh charge is trapped
                dt = 0.0;
            }
        }
    }
    out.tEnd = t;
}

} // namespace

EngineCylinder::StartPoint EngineCylinder::startPoint(const Params& p, double phi)
{
    StartPoint a;
    a.phi = phi;
    sinCos(phi, a.s, a.c);
    a.v = volumeAt(p, a.s, a.c);
    a.x = burned(p, phi);
    return a;
}

void EngineCylinder::integrate(const Params& p, const StartPoint& a, double t0, double dTheta, double h, double tWall, double fuelScale,
                               bool derivative, Interval& out)
{
    out = Interval{};
    if (dTheta < 0.0) {
        if (derivative)
            integrateBackwards<true>(p, a, t0, dTheta, h, tWall, out);
        else
            integrateBackwards<false>(p, a, t0, dTheta, h, tWall, out);
        return;
    }
    if (derivative)
        integrateForwards<true>(p, a, t0, dTheta, h, tWall, fuelScale, out);
    else
        integrateForwards<false>(p, a, t0, dTheta, h, tWall, fuelScale, out);
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
    p.wiebeWhole = 0;
    for (int k = 1; k <= 8; ++k) {
        if (p.wiebeM + 1.0 == k) p.wiebeWhole = k;
    }
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
    p.scratch = ctx.allocScratch(15);
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
