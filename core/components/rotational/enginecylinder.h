#pragma once
// cylinder: one cylinder of a four-stroke engine on a crank node (slider-crank).
//
//   cycle angle phi in (-2 pi, 2 pi], 0 at firing TDC; V(phi) = Vc + A (r + l - r cos phi - sqrt(l^2 - r^2 sin^2 phi))
//   closed from IVC (phi < 0) to EVO (phi > 0): a single-zone ideal-gas charge, trapped at the
//   intake state at IVC (m = p_int V_ivc / (R T_int)); at EVO it blows down (its internal energy
//   above the intake state leaves as exhaust heat); while open the cylinder sits at intake
//   pressure, which is also the crankcase pressure, so open strokes do no work.
//   Wiebe burn: x_b = (1 - exp(-a z^(m+1))) / (1 - exp(-a)), z = (phi - phi_soc) / duration in [0, 1]:
//   exactly the fuel energy is released over a cycle.
//   wall heat G_w (T - T_w), T_w from heat_node (its temperature at the interval start:
//   explicit coupling) or the wall_temperature parameter.
//
// The gas work is integrated over crank angle, not sampled: between the interval's start and
// end angles (split at IVC, EVO, burn start and end, cycle wrap) the charge follows exact
// adiabatic half steps around the heat of each sub-step: half the fuel, the wall decay (the
// (1,1) Pade factor of the exponential), the other half (symmetric Strang splitting: second
// order, exact for a motored adiabatic cylinder). Being symmetric, its error over a piece is a
// series in even powers of the sub-step, so a Richardson step on n coarse sub-steps
// (<= kMaxSubStep = 0.02 rad) and 2n fine ones (<= 0.01 rad) makes it fourth order:
//   T_end = T_2n + (T_2n - T_n) / 3,   Q_wall = Q_2n + (Q_2n - Q_n) / 3
// (the coarse sweep on the fine one's points: its adiabatic factors the fine ones' products;
// docs/PHYSICS.md "Changes to results" 18), the fuel the fine sweep's, and the work the energy balance
//   W_gas = Q_fuel - Q_wall - m c_v (T_end - T_start),   on the crank W_gas - p_int dV.
// The crank sees the interval's mean torque T = W / (h w_stage). Its derivative in the stage
// speed is analytic, dT/dw = h (dW/dTheta - T) / Theta with Theta = h w_stage, where dW/dTheta
// is the exact derivative of the discrete integration above in the crank travel at a fixed
// interval length (carried through every sub-step next to the values: a tangent-linear sweep,
// no second integration; it is the end-of-interval gas torque (p_end - p_int) V'(phi_end) plus
// the small terms of the wall heat's spread over the travel and of the Strang steps). The
// sub-steps' half-angle sines and cosines and their adiabatic factors (V_a / V_b)^(gamma - 1),
// ratios within a few per cent of 1, are series in basic arithmetic (sinSmall, cosSmall,
// powRatio in cylinderintegration.cpp: as accurate as libm, deterministic, far cheaper); the start point's
// sine, cosine, volume and burned fraction are computed once per interval and shared by every
// Newton evaluation of it.
// A Newton trial point (evaluated without the Jacobian) usually moves the crank travel by
// h dw ~ 1e-8 rad from the predictor's. Within kTangentReach = 3e-8 rad of the interval's last
// full integration (kept in scratch with its tangents: the same start, h, start and wall
// temperatures and fuel), and with the same pieces and sub-step counts (no event or count
// boundary in between), the outputs come from it by their tangents (extrapolate): the fuel,
// wall and exhaust heats, the crankcase work and T_end each by its own, the gas work and the
// crank's work by the moves these made, so the books close on the moved outputs. The
// neglected term reach^2 max|W''| / 2 = 9e-16 * 1.4e3 N m / 2 = 6e-13 J is below W's own
// rounding (W at travels 1e-12 rad apart is 1.4e-12 J off its tangent line; measured against
// full integrations: 3.1e-12 J at the reach, tests/core/tst_cylindertangent.cpp); as torque it is
// 2e-10 N m at 3e-3 rad, far below what Newton's acceptance test sees.
// An interval turns the crank at most 0.25 rad
// (checked on the solved speeds; a tick that would need more than 64 intervals fails).
// Turning backwards (kickback, a converter driving the crank in reverse) the valves act by
// position as forwards: leaving [IVC, EVO) through IVC releases the charge to the intake (its
// energy above the intake state is booked as exhaust heat), entering it through EVO traps a
// charge at the intake temperature, the closed charge keeps its wall heat, and nothing burns.
#include <bit>
#include <cmath>
#include <cstdint>

#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

class EngineCylinder {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);
    static constexpr double kPi = 3.14159265358979323846;
    static constexpr double kMaxSubStep = 0.02; ///< crank angle per coarse integration sub-step (the fine ones half that) [rad]
    static constexpr double kMaxTravel = 0.25;  ///< crank travel per internal interval [rad]

    /// compiled parameters
    struct Params {
        int crank = kGround;               ///< crank node
        int heat = -1;                     ///< thermal node of the wall, -1: fixed wall temperature
        double area = 0.0;                 ///< piston area [m^2]
        double r = 0.0;                    ///< crank radius [m]
        double l = 0.0;                    ///< connecting rod length [m]
        double vc = 0.0;                   ///< clearance volume [m^3]
        double phase = 0.0;                ///< cycle angle at t = 0 [rad]
        double ivc = 0.0, evo = 0.0;       ///< inlet valve closing, exhaust valve opening [rad]
        double soc = 0.0, duration = 0.0;  ///< burn start and duration [rad]
        double wiebeA = 5.0, wiebeM = 2.0; ///< Wiebe efficiency and shape factors
        double wiebeNorm = 1.0;            ///< 1 / (1 - exp(-a))
        int wiebeWhole = 0;                ///< m + 1 when it is a whole number from 1 to 8 (z^(m+1) by products), else 0
        double fuel = 0.0;                 ///< fuel energy per cycle [J]
        double pInt = 0.0;                 ///< intake (and crankcase) pressure [Pa]
        double tInt = 0.0;                 ///< intake temperature [K]
        double gamma = 1.35;               ///< ratio of specific heats
        double cv = 0.0;                   ///< specific heat at constant volume [J/(kg K)]
        double gasR = 0.0;                 ///< gas constant [J/(kg K)]
        double charge = 0.0;               ///< trapped mass [kg]
        double wallG = 0.0;                ///< wall conductance [W/K]
        double wallT = 0.0;                ///< wall temperature without a heat node [K]
        int fuelInput = 0;                 ///< real slot of the fuel_fraction input
        int real = 0;                      ///< state: gas temperature; books {sum, comp}: gas work, fuel, wall heat, exhaust heat
        int scratch = 0;                   ///< scratch: mean torque, gas work, fuel, wall heat, exhaust heat, end temperature,
                                           ///< crankcase work; start shaft angle, valid flag, the start point (StartPoint:
                                           ///< cycle angle, its sine and cosine, volume, burned fraction), open reach [rad]
                                           ///< (-1 when closed); the kept integration from kKept (kKeptSize slots)
        int mean = 0;                      ///< means: indicated torque, indicated power
    };

    /// what one interval does to the cylinder
    struct Interval {
        double work = 0.0;    ///< net work on the crank [J]
        double dWork = 0.0;   ///< d work / d crank travel at a fixed interval length [N m] (only when asked for)
        double gasWork = 0.0; ///< work done by the gas [J]
        double fuel = 0.0;    ///< fuel energy released [J]
        double wall = 0.0;    ///< heat to the wall [J]
        double exhaust = 0.0; ///< internal energy blown down at EVO [J]
        double envWork = 0.0; ///< work of the crankcase pressure on the piston [J]
        double tEnd = 0.0;    ///< gas temperature at the end [K]
        // with the derivative (turning forwards), the heats', crankcase work's and end
        // temperature's d / d crank travel at a fixed interval length, and the travels over
        // which the integration keeps its pieces and sub-step counts (sameFrom < travel <
        // sameTo; both 0 when it ends on an event)
        double dFuel = 0.0, dWall = 0.0, dExhaust = 0.0, dEnvWork = 0.0, dtEnd = 0.0;
        double sameFrom = 0.0, sameTo = 0.0;
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// cylinder volume from the sine and cosine of the cycle angle [m^3]
    static double volumeAt(const Params& p, double s, double c)
    {
        return p.vc + p.area * (p.r + p.l - p.r * c - std::sqrt(p.l * p.l - p.r * p.r * s * s));
    }
    /// cylinder volume at cycle angle phi [m^3]
    static double volume(const Params& p, double phi) { return volumeAt(p, std::sin(phi), std::cos(phi)); }
    /// d volume / d cycle angle from the sine and cosine of the cycle angle [m^3/rad]
    static double volumeSlopeAt(const Params& p, double s, double c)
    {
        return p.area * p.r * s * (1.0 + p.r * c / std::sqrt(p.l * p.l - p.r * p.r * s * s));
    }
    /// std::fmod(phi, 4 pi), bit for bit, without the libm call: fmod's result phi - n Y
    /// (Y = 4 pi as a double, n = trunc(phi / Y)) is exact, so it is formed exactly: Y split
    /// into a high part of 26 significant bits and the rest (27), n Y_hi and n Y_lo exact for
    /// n <= 2^25 + 1, phi - n Y_hi exact (Sterbenz), and the last subtraction exact because its
    /// result is representable; a quotient rounded up to the next n is corrected by the sign
    /// test. Larger angles (beyond 4e8 rad), NaN and infinity go to std::fmod.
    static double fmodCycle(double phi)
    {
        constexpr double kY = 4.0 * kPi;
        constexpr double kYHi = std::bit_cast<double>(std::bit_cast<std::uint64_t>(kY) & ~((std::uint64_t{1} << 27) - 1));
        constexpr double kYLo = kY - kYHi;
        const double a = std::fabs(phi);
        if (!(a < 33554432.0 * kY)) return std::fmod(phi, kY);
        if (a < kY) return phi;
        double n = std::floor(a / kY);
        double r = (a - n * kYHi) - n * kYLo;
        if (r < 0.0) {
            n -= 1.0;
            r = (a - n * kYHi) - n * kYLo;
        } else if (r >= kY) {
            n += 1.0;
            r = (a - n * kYHi) - n * kYLo;
        }
        return phi < 0.0 ? -r : r;
    }
    /// cycle angle wrapped into (-2 pi, 2 pi]
    static double wrap(double phi)
    {
        phi = fmodCycle(phi);
        if (phi > 2.0 * kPi) phi -= 4.0 * kPi;
        if (phi <= -2.0 * kPi) phi += 4.0 * kPi;
        return phi;
    }
    /// true while the valves are closed
    static bool closed(const Params& p, double phi) { return phi >= p.ivc && phi < p.evo; }
    /// z^(m+1) of the Wiebe function: repeated products when m + 1 is a whole number up to 8
    static double wiebePower(const Params& p, double z)
    {
        if (p.wiebeWhole == 0) return std::pow(z, p.wiebeM + 1.0);
        double v = z;
        for (int k = 1; k < p.wiebeWhole; ++k) v *= z;
        return v;
    }
    /// burned fraction at cycle angle phi
    static double burned(const Params& p, double phi)
    {
        if (phi <= p.soc) return 0.0;
        if (phi >= p.soc + p.duration) return 1.0;
        const double z = (phi - p.soc) / p.duration;
        return (1.0 - std::exp(-p.wiebeA * wiebePower(p, z))) * p.wiebeNorm;
    }
    /// burned fraction and its slope d x_b / d phi [1/rad] at cycle angle phi
    static double burnedSlope(const Params& p, double phi, double& slope)
    {
        slope = 0.0;
        if (phi <= p.soc) return 0.0;
        if (phi >= p.soc + p.duration) return 1.0;
        const double z = (phi - p.soc) / p.duration;
        const double zm1 = wiebePower(p, z);
        const double e = std::exp(-p.wiebeA * zm1);
        // d/dphi (1 - exp(-a z^(m+1))) = a (m+1) z^m exp(-a z^(m+1)) / duration
        slope = p.wiebeA * (p.wiebeM + 1.0) * (zm1 / z) * e * p.wiebeNorm / p.duration;
        return (1.0 - e) * p.wiebeNorm;
    }
    /// the first valve, burn or wrap event after cycle angle phi [rad]
    static double nextEvent(const Params& p, double phi)
    {
        double next = 2.0 * kPi;
        for (double e : {p.ivc, p.evo, p.soc, p.soc + p.duration}) {
            if (e > phi && e < next) next = e;
        }
        return next;
    }
    /// crank travel from an open cycle angle phi that stays short of its next event [rad]
    static double openReach(const Params& p, double phi) { return nextEvent(p, phi) - phi; }
    /// cycle angle of the crank at a shaft displacement since t = 0
    static double cycleAngle(const Params& p, double shaftAngle) { return wrap(p.phase + shaftAngle); }

    /// where an interval starts: the cycle angle and what the integration needs there
    struct StartPoint {
        double phi = 0.0; ///< cycle angle [rad]
        double s = 0.0;   ///< its sine
        double c = 1.0;   ///< its cosine
        double v = 0.0;   ///< cylinder volume there [m^3]
        double x = 0.0;   ///< burned fraction there
    };
    /// the start point at cycle angle phi (sine and cosine from a table and a short series)
    static StartPoint startPoint(const Params& p, double phi);

    /// integrate the charge from start point a (gas temperature t0) over dTheta of crank
    /// travel taking h seconds, with the wall at tWall and the fuel scaled by `fuelScale`;
    /// with `derivative` also d work / d dTheta at fixed h (out.dWork)
    static void integrate(const Params& p, const StartPoint& a, double t0, double dTheta, double h, double tWall, double fuelScale,
                          bool derivative, Interval& out);
    /// the same from cycle angle phi0, without the derivative
    static void integrate(const Params& p, double phi0, double t0, double dTheta, double h, double tWall, double fuelScale, Interval& out)
    {
        integrate(p, startPoint(p, phi0), t0, dTheta, h, tWall, fuelScale, false, out);
    }

    /// mean torque on the crank over an interval turning it at stage speed w [N m]; with
    /// `dTorque` also its derivative in w [N m s/rad]
    static double meanTorque(const Params& p, const StartPoint& a, double t0, double w, double h, double tWall, double fuelScale,
                             Interval& out, double* dTorque = nullptr)
    {
        const double dTheta = h * w;
        integrate(p, a, t0, dTheta, h, tWall, fuelScale, dTorque != nullptr, out);
        if (std::fabs(dTheta) > 1e-12) {
            const double torque = out.work / dTheta;
            // T = W(Theta) / Theta, Theta = h w: dT/dw = h (W'(Theta) - T) / Theta. An interval
            // past the travel bound is solved only to be cut into pieces; over its many strokes
            // W'(Theta) swings with the end angle while the mean torque's trend is flat, and
            // Newton follows the trend: 0
            if (dTorque) *dTorque = std::fabs(dTheta) <= kMaxTravel ? h * (out.dWork - torque) / dTheta : 0.0;
            return torque;
        }
        // standing crank: the instantaneous torque (p - p_int) dV/dphi; its derivative in w
        // is a forward difference through a moving interval (no lab stands on a cylinder)
        const double e = 1e-7;
        const double pGas = closed(p, a.phi) ? p.charge * p.gasR * t0 / volume(p, a.phi) : p.pInt;
        const double torque = (pGas - p.pInt) * (volume(p, a.phi + e) - volume(p, a.phi - e)) / (2.0 * e);
        if (dTorque) {
            const double d = 1e-7 * (1.0 + std::fabs(w));
            Interval tmp;
            *dTorque = (meanTorque(p, a, t0, w + d, h, tWall, fuelScale, tmp) - torque) / d;
        }
        return torque;
    }
    /// the same from cycle angle phi0
    static double meanTorque(const Params& p, double phi0, double t0, double w, double h, double tWall, double fuelScale, Interval& out,
                             double* dTorque = nullptr)
    {
        return meanTorque(p, startPoint(p, phi0), t0, w, h, tWall, fuelScale, out, dTorque);
    }

    /// scratch offset of the kept integration (Params::scratch): valid flag, its interval length,
    /// start temperature, wall temperature, fuel scale, travel, the travels it may be taken to
    /// (from, to), its outputs (work, gas work, fuel, wall, exhaust, crankcase work, end
    /// temperature) and the tangents of the last five
    static constexpr int kKept = 15;
    static constexpr int kKeptSize = 20;
    /// how far a trial travel may lie from the kept integration's to be taken by the tangents [rad]
    static constexpr double kTangentReach = 3e-8;
    /// keep a full integration with its tangents (made with the derivative) at travel theta
    static void remember(double* kept, const Interval& iv, double theta, double h, double t0, double tWall, double fuel);
    /// the interval's outputs at travel theta from the kept integration, when it is of this
    /// interval (the same h, start temperature, wall temperature and fuel), theta lies within
    /// kTangentReach of it and inside its pieces and sub-step counts; false: integrate
    static bool extrapolate(const Params& p, const double* kept, double theta, double h, double t0, double tWall, double fuel,
                            Interval& out);

    /// the wall temperature seen by this cylinder in an interval [K]
    static double wallTemperature(const Params& p, const EvalContext& c)
    {
        return p.heat >= 0 ? c.thermalT0[p.heat] + c.thermalRise[p.heat] : p.wallT;
    }

    /// the interval's start point, kept in scratch (memo + 0..6) with the shaft angle it came from,
    /// and the open reach (memo[7]): the same for every evaluation of an interval
    static const double* startMemo(const Params& p, const EvalContext& c)
    {
        // a pure function of that angle, so rollback and fork keep it valid
        double* memo = c.scratch + p.scratch + 7;
        double* kept = c.scratch + p.scratch + kKept;
        static_assert(sizeof(StartPoint) == 5 * sizeof(double));
        if (memo[0] != c.pos0[p.crank] || !(memo[1] > 0.0)) {
            kept[0] = 0.0; // the kept integration started elsewhere
            const StartPoint a = startPoint(p, cycleAngle(p, c.pos0[p.crank]));
            memo[0] = c.pos0[p.crank];
            memo[1] = 1.0;
            memo[2] = a.phi;
            memo[3] = a.s;
            memo[4] = a.c;
            memo[5] = a.v;
            memo[6] = a.x;
            // an open cylinder turning forwards does nothing until its next event (IVC)
            memo[7] = closed(p, a.phi) ? -1.0 : openReach(p, a.phi);
        }
        return memo;
    }

    static void eval(const Params& p, const EvalContext& c)
    {
        // gauss2, radau3: the torque at the stage's crank angle (cylinderstage.cpp)
        if (c.collocation) return evalStage(p, c);
        const double* memo = startMemo(p, c);
        double* kept = c.scratch + p.scratch + kKept;
        const double t0 = c.real[p.real];
        const double w = c.speed(p.crank);
        double* s = c.scratch + p.scratch;
        if (const double theta = c.h * w; theta >= 0.0 && theta < memo[7]) {
            // what integrate gives there: no work, no heat, the charge at the intake state
            // (no torque and no derivative to add)
            s[0] = s[1] = s[2] = s[3] = s[4] = s[6] = 0.0;
            s[5] = t0;
            if (c.wantJacobian) kept[0] = 0.0; // the interval's last full integration is not the kept one
            return;
        }
        evalMoving(p, c, t0, w);
    }
    /// eval past the open reach: the interval's integration, or at a Newton trial point a hair
    /// from the last full one its outputs by their tangents (out of line: the open cylinder's
    /// early return above stays cheap)
    static void evalMoving(const Params& p, const EvalContext& c, double t0, double w);

    /// the stage form (run.method gauss2, radau3; cylinderstage.cpp, docs/PHYSICS.md "The engine
    /// cylinder at the stages"): the charge integrated from the interval's start over the stage's
    /// crank travel c.dpos in c.stageFraction h seconds, the torque (p - p_int) V'(phi) at the
    /// stage's angle; scratch as evalMoving's, with no books (solver/stageengine.h closes the
    /// interval's work and books it). At an instant (dpos 0 or the interval's travel) the same
    static void evalStage(const Params& p, const EvalContext& c);

    /// at most 0.25 rad of crank travel per internal interval [s]
    static double maxInterval(const Params& p, const double* x)
    {
        const double w = std::fabs(x[p.crank]);
        return w > 0.0 ? kMaxTravel / w : HUGE_VAL;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double* s = c.scratch + p.scratch;
        const double torque = s[0];
        c.real[p.real] = s[5];
        c.acc[p.mean] += torque * c.h;
        c.acc[p.mean + 1] += torque * c.h * c.speed(p.crank);
        // an open cylinder (most intervals) moves no energy: nothing to book
        if (s[1] == 0.0 && s[2] == 0.0 && s[3] == 0.0 && s[4] == 0.0 && s[6] == 0.0) return;
        compensatedAdd(c.real + p.real + 1, s[1]);
        compensatedAdd(c.real + p.real + 3, s[2]);
        compensatedAdd(c.real + p.real + 5, s[3]);
        compensatedAdd(c.real + p.real + 7, s[4]);
        c.work(s[2] + s[6]);  // fuel energy and the crankcase's work on the piston
        c.heat(p.heat, s[3]); // wall heat
        c.heat(-1, s[4]);     // exhaust
    }

    /// internal energy of the trapped charge above the intake state [J]
    static double stored(const Params& p, const ObserveContext& c)
    {
        const double phi = cycleAngle(p, c.angle(p.crank));
        return closed(p, phi) ? p.charge * p.cv * (c.real[p.real] - p.tInt) : 0.0;
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        const double phi = cycleAngle(p, c.angle(p.crank));
        const bool isClosed = closed(p, phi);
        const double t = isClosed ? c.real[p.real] : p.tInt;
        out[0] = isClosed ? p.charge * p.gasR * t / volume(p, phi) : p.pInt;
        out[1] = t;
        out[2] = c.real[p.real + 1] + c.real[p.real + 2];
        out[3] = burned(p, phi);
        out[4] = c.real[p.real + 5] + c.real[p.real + 6];
        out[5] = c.mean[p.mean];
        out[6] = c.real[p.real + 3] + c.real[p.real + 4];
        out[7] = phi;
    }
};

} // namespace drivelab
