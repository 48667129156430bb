// The cylinder's crank-angle integration (docs in enginecylinder.h): series sines, cosines and
// adiabatic factors, the closed charge's Strang sub-steps with their tangent-linear sweep, the
// forwards and backwards event walks, and the tangent step that answers a Newton trial point
// from the interval's kept integration.
#include "components/rotational/enginecylinder.h"

#include <algorithm>

namespace drivelab {

namespace {

constexpr double kPi = EngineCylinder::kPi;
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

// a charge stepping through Strang sub-steps: its temperature, the wall heat it gave, and with
// D their tangents in the interval's crank travel
template <bool D>
struct Charge {
    double t = 0.0, dt = 0.0;
    double wall = 0.0, dWall = 0.0;
    /// one sub-step: the adiabatic factor r1 = (V_a / V_m)^(gamma - 1) (its tangent's share
    /// dl1 = d log r1), the heat step (half the fuel qf, the wall decay, the other half), the
    /// adiabatic factor r2 = (V_m / V_b)^(gamma - 1)
    void step(double r1, double dl1, double qf, double dqf, double decay, double dDecay, double r2, double dl2, double tWall,
              double mcv)
    {
        const double t0 = t;
        t *= r1;
        t += 0.5 * qf / mcv;
        const double t1 = t;
        const double decayed = tWall + (t - tWall) * decay;
        wall += mcv * (t - decayed);
        t = decayed + 0.5 * qf / mcv;
        const double t2 = t;
        t *= r2;
        if constexpr (D) {
            const double dt1 = dt * r1 + t0 * r1 * dl1 + 0.5 * dqf / mcv;
            const double dDecayed = dt1 * decay + (t1 - tWall) * dDecay;
            const double dt2 = dDecayed + 0.5 * dqf / mcv;
            dt = dt2 * r2 + t2 * r2 * dl2;
            dWall += mcv * (dt1 - dDecayed);
        }
    }
};

// the wall decay over a sub-step of d rad (the interval's crank travel dTheta in h seconds): the
// (1,1) Pade factor of exp(-z), z = G h d / (m c_v dTheta), symmetric (R(-z) = 1 / R(z)) and
// second order; with D its tangent when d moves by dd per unit of dTheta
template <bool D>
void wallDecay(double zk, double d, double dd, double dTheta, double& decay, double& dDecay)
{
    const double z = zk * (d / dTheta);
    decay = (1.0 - 0.5 * z) / (1.0 + 0.5 * z);
    dDecay = D ? -(zk * (dd * dTheta - d) / (dTheta * dTheta)) / ((1.0 + 0.5 * z) * (1.0 + 0.5 * z)) : 0.0;
}

// the closed charge from start point a to angle `end` (either direction; no valve event
// inside). A Strang sub-step is exact adiabatic half steps around the heat of the sub-step. The
// sub-step is symmetric (its map at -d is its inverse: the adiabatic steps are exact flows, the
// fuel enters as x_b(b) - x_b(a), the Pade decay satisfies R(-z) = 1 / R(z)), so a piece's error
// is a series in even powers of the sub-step, c2 d^2 + c4 d^4 + ...; one Richardson step on
// n coarse sub-steps (<= kMaxSubStep) and 2n fine ones removes the d^2 term,
//   X = X_2n + (X_2n - X_n) / 3   for the end temperature and the wall heat (and their tangents),
// fourth order in the sub-step. The coarse sweep runs beside the fine one on its every other
// point: its adiabatic factors are products of the fine ones, its volumes and burned fractions
// the fine ones'. The fuel is the fine sweep's (both telescope to Q_f (x_b(end) - x_b(start))),
// and the gas work comes from the energy balance on these, so the books close as before.
// `fuelScale` 0 burns nothing. With D, also the derivatives in the interval's crank travel dTheta
// at fixed h: `dEnd` is d end / d dTheta (1 for the interval's last piece, 0 for one that ends at
// an event), dt carries d t / d dTheta through the pieces, out.dWork collects d work / d dTheta.
template <bool D>
void closedPiece(const EngineCylinder::Params& p, const Point& a, double end, double dEnd, double& t, double& dt, double dTheta, double h,
                 double tWall, double fuelScale, EngineCylinder::Interval& out)
{
    using C = EngineCylinder;
    const double mcv = p.charge * p.cv;
    const double expo = p.gamma - 1.0;
    const double span = end - a.phi;
    const int n = std::max(1, static_cast<int>(std::ceil(std::fabs(span) / C::kMaxSubStep)));
    const int nf = 2 * n;
    const double d = span / nf; // the fine sub-step
    const bool burns = fuelScale != 0.0 && end > p.soc && a.phi < p.soc + p.duration;
    const double qScale = p.fuel * fuelScale;
    // sine and cosine advance by rotation through the fine half sub-steps
    const double hs = sinSmall(0.5 * d), hc = cosSmall(0.5 * d);
    double sa = a.s, ca = a.c;
    double va = a.v, xa = a.x;
    // the sub-steps' angles move with dd (fine) and 2 dd (coarse) per sub-step
    const double zk = p.wallG * h / mcv;
    const double dd = D ? dEnd / nf : 0.0;
    double decay = 0.0, dDecay = 0.0, decayC = 0.0, dDecayC = 0.0;
    wallDecay<D>(zk, d, dd, dTheta, decay, dDecay);
    wallDecay<D>(zk, 2.0 * d, 2.0 * dd, dTheta, decayC, dDecayC);
    Charge<D> fine{t, dt}, coarse{t, dt};
    double fuel = 0.0, dFuel = 0.0;
    double dva = 0.0, dxa = 0.0;
    for (int k = 0; k < n; ++k) {
        // the coarse sub-step's start, midpoint and end: fine points 2k, 2k + 1, 2k + 2
        const double vc = va, dvc = dva, xc = xa, dxc = dxa;
        double rc[2] = {1.0, 1.0}, vMid = 0.0, dvMid = 0.0;
        for (int half = 0; half < 2; ++half) {
            const int j = 2 * k + half;
            const double sm = sa * hc + ca * hs, cm = ca * hc - sa * hs;
            const double sb = sm * hc + cm * hs, cb = cm * hc - sm * hs;
            const double vm = C::volumeAt(p, sm, cm), vb = C::volumeAt(p, sb, cb);
            const double b = j + 1 == nf ? end : a.phi + d * (j + 1);
            double xb = xa, xSlope = 0.0;
            if (burns) xb = D ? C::burnedSlope(p, b, xSlope) : C::burned(p, b);
            const double r1 = powRatio(va, vm, expo), r2 = powRatio(vm, vb, expo);
            const double qf = qScale * (xb - xa);
            double dvb = 0.0, dxb = 0.0, dl1 = 0.0, dl2 = 0.0, dqf = 0.0;
            if constexpr (D) {
                // angles of the midpoint and the end move by (j + 1/2) dd and (j + 1) dd
                const double dvm = C::volumeSlopeAt(p, sm, cm) * ((j + 0.5) * dd);
                dvb = C::volumeSlopeAt(p, sb, cb) * ((j + 1) * dd);
                dxb = xSlope * ((j + 1) * dd);
                dqf = qScale * (dxb - dxa);
                dl1 = expo * (dva / va - dvm / vm);
                dl2 = expo * (dvm / vm - dvb / vb);
            }
            fine.step(r1, dl1, qf, dqf, decay, dDecay, r2, dl2, tWall, mcv);
            fuel += qf;
            dFuel += dqf;
            rc[half] = r1 * r2;
            if (half == 0) {
                vMid = vb;
                dvMid = dvb;
            }
            sa = sb;
            ca = cb;
            va = vb;
            xa = xb;
            dva = dvb;
            dxa = dxb;
        }
        const double dl1 = D ? expo * (dvc / vc - dvMid / vMid) : 0.0;
        const double dl2 = D ? expo * (dvMid / vMid - dva / va) : 0.0;
        coarse.step(rc[0], dl1, qScale * (xa - xc), qScale * (dxa - dxc), decayC, dDecayC, rc[1], dl2, tWall, mcv);
    }
    constexpr double kThird = 1.0 / 3.0;
    const double tStart = t, dtStart = dt;
    t = fine.t + (fine.t - coarse.t) * kThird;
    const double wall = fine.wall + (fine.wall - coarse.wall) * kThird;
    const double gas = fuel - wall - mcv * (t - tStart);
    const double env = -p.pInt * (va - a.v);
    out.gasWork += gas;
    out.envWork += env;
    out.work += gas + env;
    out.fuel += fuel;
    out.wall += wall;
    if constexpr (D) {
        dt = fine.dt + (fine.dt - coarse.dt) * kThird;
        const double dWall = fine.dWall + (fine.dWall - coarse.dWall) * kThird;
        // the tangents of the outputs the books take apart (EngineCylinder::extrapolate; the
        // gas work's is theirs through the energy balance); dWork's sum keeps its bits
        const double dEnv = -(p.pInt * dva);
        out.dWork += (dFuel - dWall - mcv * (dt - dtStart)) + dEnv;
        out.dEnvWork += dEnv;
        out.dFuel += dFuel;
        out.dWall += dWall;
    }
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
        const bool isClosed = C::closed(p, phi);
        if constexpr (D) {
            // the travels with this interval's pieces and sub-step counts: the last piece ends
            // short of its event and keeps its count n = ceil(span / kMaxSubStep); an interval
            // that ends on an event has none (out.sameFrom = out.sameTo = 0)
            if (!reached) {
                const double base = dTheta - remaining; // the travel where this piece starts
                double lo = 0.0, hi = next - phi;
                if (isClosed) {
                    const double n = std::max(1.0, std::ceil(remaining / C::kMaxSubStep));
                    lo = (n - 1.0) * C::kMaxSubStep;
                    hi = std::min(hi, n * C::kMaxSubStep);
                }
                // a margin far above the rounding of these angles (a few ulp of 4 pi)
                constexpr double kMargin = 1e-12;
                out.sameFrom = base + lo + kMargin;
                out.sameTo = base + hi - kMargin;
            }
        }
        remaining = reached ? remaining - (next - phi) : 0.0;
        if (isClosed)
            closedPiece<D>(p, first ? a : C::startPoint(p, phi), end, reached ? 0.0 : 1.0, t, dt, dTheta, h, tWall, fuelScale, out);
        phi = end;
        first = false;
        if (reached) {
            if (next == p.evo) {
                // blow-down: the charge's energy above the intake state leaves as exhaust heat
                out.exhaust += mcv * (t - p.tInt);
                if constexpr (D) out.dExhaust += mcv * dt;
                t = p.tInt;
                dt = 0.0;
            } else if (next == p.ivc) {
                t = p.tInt; // a fresh charge is trapped
                dt = 0.0;
            }
        }
    }
    out.tEnd = t;
    if constexpr (D) out.dtEnd = dt;
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

void EngineCylinder::remember(double* kept, const Interval& iv, double theta, double h, double t0, double tWall, double fuel)
{
    // turning forwards within the travel bound (and not standing: the torque is work / theta),
    // not on an event; the reach keeps theta inside the same pieces and sub-step counts
    const double from = std::max(iv.sameFrom, theta - kTangentReach);
    const double to = std::min(iv.sameTo, theta + kTangentReach);
    if (!(theta > 1e-6 && theta <= kMaxTravel && from <= theta && theta <= to)) {
        kept[0] = 0.0;
        return;
    }
    kept[0] = 1.0;
    kept[1] = h;
    kept[2] = t0;
    kept[3] = tWall;
    kept[4] = fuel;
    kept[5] = theta;
    kept[6] = from;
    kept[7] = to;
    double* v = kept + 8;
    v[0] = iv.work;
    v[1] = iv.gasWork;
    v[2] = iv.fuel;
    v[3] = iv.wall;
    v[4] = iv.exhaust;
    v[5] = iv.envWork;
    v[6] = iv.tEnd;
    double* dv = kept + 15;
    dv[0] = iv.dFuel;
    dv[1] = iv.dWall;
    dv[2] = iv.dExhaust;
    dv[3] = iv.dEnvWork;
    dv[4] = iv.dtEnd;
    static_assert(kKeptSize == 20);
}

bool EngineCylinder::extrapolate(const Params& p, const double* kept, double theta, double h, double t0, double tWall, double fuel,
                                 Interval& out)
{
    if (!(kept[0] > 0.0 && kept[1] == h && kept[2] == t0 && kept[3] == tWall && kept[4] == fuel && kept[6] <= theta &&
          theta <= kept[7]))
        return false;
    // the heats, the crankcase work and the end temperature each by its own tangent; the gas
    // work and the crank's work by the moves these made (W_gas = Q_fuel - Q_wall - Q_exhaust -
    // m c_v (T_end - T_start) and work = W_gas + W_env are linear, so their tangents are the
    // same sums of the others'), so the books close on the moved outputs as on the kept ones
    const double d = theta - kept[5];
    const double* v = kept + 8;
    const double* dv = kept + 15;
    out.fuel = v[2] + dv[0] * d;
    out.wall = v[3] + dv[1] * d;
    out.exhaust = v[4] + dv[2] * d;
    out.envWork = v[5] + dv[3] * d;
    out.tEnd = v[6] + dv[4] * d;
    const double gasMove = (out.fuel - v[2]) - (out.wall - v[3]) - (out.exhaust - v[4]) - p.charge * p.cv * (out.tEnd - v[6]);
    out.gasWork = v[1] + gasMove;
    out.work = v[0] + (gasMove + (out.envWork - v[5]));
    return true;
}

void EngineCylinder::evalMoving(const Params& p, const EvalContext& c, double t0, double w)
{
    const double* memo = c.scratch + p.scratch + 7;
    double* kept = c.scratch + p.scratch + kKept;
    double* s = c.scratch + p.scratch;
    const double tWall = wallTemperature(p, c);
    const double fuel = c.real[p.fuelInput];
    const double theta = c.h * w;
    Interval iv;
    double torque = 0.0;
    if (!c.wantJacobian && extrapolate(p, kept, theta, c.h, t0, tWall, fuel, iv)) {
        torque = iv.work / theta;
        if (c.shortcuts) ++*c.shortcuts;
    } else {
        const StartPoint a{memo[2], memo[3], memo[4], memo[5], memo[6]};
        double dTorque = 0.0;
        torque = meanTorque(p, a, t0, w, c.h, tWall, fuel, iv, c.wantJacobian ? &dTorque : nullptr);
        if (c.wantJacobian) {
            c.addJ(p.crank, p.crank, dTorque);
            remember(kept, iv, theta, c.h, t0, tWall, fuel);
        }
    }
    c.addF(p.crank, torque);
    s[0] = torque;
    s[1] = iv.gasWork;
    s[2] = iv.fuel;
    s[3] = iv.wall;
    s[4] = iv.exhaust;
    s[5] = iv.tEnd;
    s[6] = iv.envWork;
}


} // namespace drivelab
