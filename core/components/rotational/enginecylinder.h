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
// adiabatic half steps around the heat of each sub-step (<= 0.01 rad): half the fuel, the
// exact exponential wall decay, the other half (symmetric Strang splitting: second order,
// exact for a motored adiabatic cylinder), and the work is the energy balance
//   W_gas = Q_fuel - Q_wall - m c_v (T_end - T_start),   on the crank W_gas - p_int dV.
// The crank sees the interval's mean torque W / (h w_stage); its derivative is a forward
// finite difference (it only steers Newton). An interval turns the crank at most 0.25 rad
// (checked on the solved speeds; a tick that would need more than 64 intervals fails).
// Turning backwards (kickback, a converter driving the crank in reverse) the valves act by
// position as forwards: leaving [IVC, EVO) through IVC releases the charge to the intake (its
// energy above the intake state is booked as exhaust heat), entering it through EVO traps a
// charge at the intake temperature, the closed charge keeps its wall heat, and nothing burns.
#include <cmath>

#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

class EngineCylinder {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);
    static constexpr double kPi = 3.14159265358979323846;
    static constexpr double kMaxSubStep = 0.01; ///< crank angle per integration sub-step [rad]
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
                                           ///< crankcase work; start shaft angle, its cycle angle, valid flag
        int mean = 0;                      ///< means: indicated torque, indicated power
    };

    /// what one interval does to the cylinder
    struct Interval {
        double work = 0.0;    ///< net work on the crank [J]
        double gasWork = 0.0; ///< work done by the gas [J]
        double fuel = 0.0;    ///< fuel energy released [J]
        double wall = 0.0;    ///< heat to the wall [J]
        double exhaust = 0.0; ///< internal energy blown down at EVO [J]
        double envWork = 0.0; ///< work of the crankcase pressure on the piston [J]
        double tEnd = 0.0;    ///< gas temperature at the end [K]
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// cylinder volume from the sine and cosine of the cycle angle [m^3]
    static double volumeAt(const Params& p, double s, double c)
    {
        return p.vc + p.area * (p.r + p.l - p.r * c - std::sqrt(p.l * p.l - p.r * p.r * s * s));
    }
    /// cylinder volume at cycle angle phi [m^3]
    static double volume(const Params& p, double phi) { return volumeAt(p, std::sin(phi), std::cos(phi)); }
    /// cycle angle wrapped into (-2 pi, 2 pi]
    static double wrap(double phi)
    {
        phi = std::fmod(phi, 4.0 * kPi);
        if (phi > 2.0 * kPi) phi -= 4.0 * kPi;
        if (phi <= -2.0 * kPi) phi += 4.0 * kPi;
        return phi;
    }
    /// true while the valves are closed
    static bool closed(const Params& p, double phi) { return phi >= p.ivc && phi < p.evo; }
    /// burned fraction at cycle angle phi
    static double burned(const Params& p, double phi)
    {
        if (phi <= p.soc) return 0.0;
        if (phi >= p.soc + p.duration) return 1.0;
        const double z = (phi - p.soc) / p.duration;
        return (1.0 - std::exp(-p.wiebeA * std::pow(z, p.wiebeM + 1.0))) * p.wiebeNorm;
    }
    /// cycle angle of the crank at a shaft displacement since t = 0
    static double cycleAngle(const Params& p, double shaftAngle) { return wrap(p.phase + shaftAngle); }

    /// integrate the charge from cycle angle phi0 (gas temperature t0) over dTheta of crank
    /// travel taking h seconds, with the wall at tWall and the fuel scaled by `fuelScale`
    static void integrate(const Params& p, double phi0, double t0, double dTheta, double h, double tWall, double fuelScale, Interval& out);

    /// mean torque on the crank over an interval turning it at stage speed w [N m]
    static double meanTorque(const Params& p, double phi0, double t0, double w, double h, double tWall, double fuelScale, Interval& out)
    {
        const double dTheta = h * w;
        integrate(p, phi0, t0, dTheta, h, tWall, fuelScale, out);
        if (std::fabs(dTheta) > 1e-12) return out.work / dTheta;
        // standing crank: the instantaneous torque (p - p_int) dV/dphi
        const double e = 1e-7;
        const double pGas = closed(p, phi0) ? p.charge * p.gasR * t0 / volume(p, phi0) : p.pInt;
        return (pGas - p.pInt) * (volume(p, phi0 + e) - volume(p, phi0 - e)) / (2.0 * e);
    }

    /// the wall temperature seen by this cylinder in an interval [K]
    static double wallTemperature(const Params& p, const EvalContext& c)
    {
        return p.heat >= 0 ? c.thermalT0[p.heat] + c.thermalRise[p.heat] : p.wallT;
    }

    static void eval(const Params& p, const EvalContext& c)
    {
        // the start angle is the same for every evaluation of an interval: keep it with the
        // shaft angle it came from
        double* memo = c.scratch + p.scratch + 7;
        if (memo[0] != c.pos0[p.crank] || !(memo[2] > 0.0)) {
            memo[0] = c.pos0[p.crank];
            memo[1] = cycleAngle(p, c.pos0[p.crank]);
            memo[2] = 1.0;
        }
        const double phi0 = memo[1];
        const double t0 = c.real[p.real];
        const double tWall = wallTemperature(p, c);
        const double fuel = c.real[p.fuelInput];
        const double w = c.speed(p.crank);
        Interval iv;
        const double torque = meanTorque(p, phi0, t0, w, c.h, tWall, fuel, iv);
        c.addF(p.crank, torque);
        if (c.wantJacobian) {
            // forward finite difference of the mean torque in the stage speed
            const double d = 1e-7 * (1.0 + std::fabs(w));
            Interval tmp;
            const double up = meanTorque(p, phi0, t0, w + d, c.h, tWall, fuel, tmp);
            c.addJ(p.crank, p.crank, (up - torque) / d);
        }
        double* s = c.scratch + p.scratch;
        s[0] = torque;
        s[1] = iv.gasWork;
        s[2] = iv.fuel;
        s[3] = iv.wall;
        s[4] = iv.exhaust;
        s[5] = iv.tEnd;
        s[6] = iv.envWork;
    }

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
        compensatedAdd(c.real + p.real + 1, s[1]);
        compensatedAdd(c.real + p.real + 3, s[2]);
        compensatedAdd(c.real + p.real + 5, s[3]);
        compensatedAdd(c.real + p.real + 7, s[4]);
        c.acc[p.mean] += torque * c.h;
        c.acc[p.mean + 1] += torque * c.h * c.speed(p.crank);
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
