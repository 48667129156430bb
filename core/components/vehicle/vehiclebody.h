#pragma once
// vehicle_body: a vehicle's longitudinal motion on node_a, the driven axle, through the wheel
// radius r (rolling without slip: v = r w). Its translational inertia m r^2 and the equivalent
// rotating inertia J_rot join node_a's inertia at compile time (CompileContext::addInertia), so
// the node's kinetic energy is 1/2 J_node w^2 + 1/2 m v^2 + 1/2 J_rot w^2 and every solver part
// (integrator, constraint projection, kinetic-energy book) sees the vehicle's mass. On the node
// acts -r F with the road load at the stage speed v (grade g [%], theta = atan(g/100), from the
// `grade` input, a constant or a signal of time, or from `grade_table` over distance, below):
//
//   u      = v + v_wind                                   (air speed; `head_wind` input, + against)
//   F_aero = k u |u|                  k = 1/2 rho Cd A (physical) or F2 (coast-down)
//   F_roll = c0 sat(v / v_s) + c1 v   c0 = m g cos(theta) Cr,  c1 = m g cos(theta) Cr1 (physical)
//                                     c0 = F0,                 c1 = F1                 (coast-down)
//   sat(x) = x for |x| < 1, sign(x) beyond: the rolling resistance at standstill is a regularised
//            Coulomb friction over the speed band v_s (`standstill_speed`): 0 at v = 0 (a car at
//            rest with nothing driving it stays at rest exactly), never more than what opposes it
//   F_grade = m g sin(theta)
//   F      = F_aero + F_roll + F_grade,   torque on node_a = -r F,  dF/dw = r (2 k |u| + c0/v_s [in band] + c1)
//
// Books per accepted interval of length h at the stage speed v (the midpoint's):
//   aero heat    k u |u| u h  (>= 0)          wind work (a source) k u |u| v_wind h
//   rolling heat F_roll v h   (>= 0)          height z += sin(theta) v h, stored energy m g z
// so F v h = aero heat - wind work + rolling heat + m g dz: the books close at rounding. With
// gauss2 and radau3 each stage books these with its weight b_i h at its stage speed (the same
// identity per stage), and the acceleration's mean its share b_i of the interval's increment.
//
// Grade over distance (`grade_table`, rows {distance [m], grade [%]}; then the `grade` input is
// not used and giving it is refused): the interval reads the table at s0, the distance at the
// START of the interval (the accepted state), linear between rows and held beyond the first and
// last. Every evaluation of the interval (each Newton iterate, the Jacobian) and its commit use
// that one theta, so the force the solver applied is exactly m g sin(theta) and the height grows
// by sin(theta) v h with the same v: the books close at rounding as with the input. Reading s0
// keeps theta out of the unknowns (no dtheta/dv in the Jacobian, no switch inside an iteration);
// the price is a lag of one interval's travel v h along the profile (1.5 mm at 30 m/s, 50 us).
// `distance` is the signed travel (a roll-back moves back along the profile).
#include <cmath>

#include "compile/compilecontext.h"
#include "components/common/table1d.h"
#include "components/component.h"
#include "util/compensated.h"

namespace drivelab {

class VehicleBody {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading: R (road load) and a modulated Se (grade) on node_a's 1-junction
    static void bondGraph(BondGraphReading& r);

    /// standard gravity [m/s^2]
    static constexpr double kGravity = 9.80665;

    /// compiled parameters
    struct Params {
        int a = kGround;      ///< driven axle (the wheels' node)
        int grade = 0;        ///< real slot of the grade input [%]
        int wind = 0;         ///< real slot of the head_wind input [m/s]
        int scratch = 0;      ///< scratch: F_aero, F_roll at the last evaluation [N]
        int mean = 0;         ///< means: acceleration, road-load force, power, aero, rolling, grade force
        int real = 0;         ///< real state {sum, comp} each: distance, height, aero heat, rolling heat
        double r = 0.0;       ///< wheel radius [m]
        double m = 0.0;       ///< mass [kg]
        double k = 0.0;       ///< aero coefficient 1/2 rho Cd A or F2 [N s^2/m^2]
        double c0 = 0.0;      ///< Cr (physical, times m g cos theta) or F0 [N]
        double c1 = 0.0;      ///< Cr1 (physical, times m g cos theta) [s/m] or F1 [N s/m]
        bool physical = true; ///< c0, c1 scale with m g cos(theta) (physical road load)
        double band = 0.01;   ///< standstill speed band v_s [m/s]
        Table1D gradeTable;   ///< grade_table: grade [%] over distance [m] (n = 0: the grade input)
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// sin and cos of the road's angle for a grade in percent (rise over run x 100)
    struct Slope {
        double sin = 0.0, cos = 1.0;
    };
    static Slope slope(double gradePercent)
    {
        const double g = gradePercent / 100.0;
        const double inv = 1.0 / std::sqrt(1.0 + g * g);
        return {g * inv, inv};
    }

    /// the road-load parts at vehicle speed v [m/s]: aero, rolling, grade [N], and dF/dv [N s/m]
    struct Load {
        double aero = 0.0, roll = 0.0, grade = 0.0, slope = 0.0;
    };
    static Load load(const Params& p, double v, double wind, const Slope& s)
    {
        Load l;
        const double u = v + wind;
        l.aero = p.k * u * std::fabs(u);
        const double scale = p.physical ? p.m * kGravity * s.cos : 1.0;
        const double c0 = p.c0 * scale, c1 = p.c1 * scale;
        const bool inBand = std::fabs(v) < p.band;
        const double sat = inBand ? v / p.band : (v > 0.0 ? 1.0 : -1.0);
        l.roll = c0 * sat + c1 * v;
        l.grade = p.m * kGravity * s.sin;
        l.slope = 2.0 * p.k * std::fabs(u) + (inBand ? c0 / p.band : 0.0) + c1;
        return l;
    }

    /// distance since t = 0 [m] (signed)
    static double distance(const Params& p, const double* real) { return real[p.real] + real[p.real + 1]; }

    /// the grade over the interval [%]: grade_table at the distance at the interval's start, or the input
    static double gradePercent(const Params& p, const double* real)
    {
        return p.gradeTable.n > 0 ? p.gradeTable.at(distance(p, real)) : real[p.grade];
    }

    /// with grade_table the grade input is not used (binding or scheduling it is refused)
    static const char* inactiveInput(const Params& p) { return p.gradeTable.n > 0 ? "grade" : nullptr; }
    static const char* inactiveInputReason(const Params&)
    {
        return "grade_table gives the grade over distance; remove grade_table or this input";
    }

    static void eval(const Params& p, const EvalContext& c)
    {
        const double v = p.r * c.speed(p.a);
        const Load l = load(p, v, c.real[p.wind], slope(gradePercent(p, c.real)));
        c.addF(p.a, -p.r * (l.aero + l.roll + l.grade));
        if (c.wantJacobian) c.addJ(p.a, p.a, -p.r * p.r * l.slope);
        c.scratch[p.scratch] = l.aero;
        c.scratch[p.scratch + 1] = l.roll;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double v = p.r * c.speed(p.a);
        const double wind = c.real[p.wind];
        const double aero = c.scratch[p.scratch], roll = c.scratch[p.scratch + 1];
        const double sin = slope(gradePercent(p, c.real)).sin; // before the distance moves on
        const double grade = p.m * kGravity * sin;
        const double ds = v * c.h;
        const double force = aero + roll + grade;
        // aero: dissipation in the air at the air speed, the wind's share as work of a source
        const double qAero = aero * (v + wind) * c.h, qRoll = roll * ds;
        c.heat(-1, qAero);
        c.heat(-1, qRoll);
        if (wind != 0.0) c.work(aero * wind * c.h);
        compensatedAdd(c.real + p.real, ds);
        compensatedAdd(c.real + p.real + 2, sin * ds);
        compensatedAdd(c.real + p.real + 4, qAero);
        compensatedAdd(c.real + p.real + 6, qRoll);
        c.acc[p.mean] += c.share * p.r * (c.endValue(p.a) - c.startValue(p.a)); // the stage's share of the increment
        c.acc[p.mean + 1] += force * c.h;
        c.acc[p.mean + 2] += force * ds;
        c.acc[p.mean + 3] += aero * c.h;
        c.acc[p.mean + 4] += roll * c.h;
        c.acc[p.mean + 5] += grade * c.h;
    }

    /// height since t = 0 [m]
    static double height(const Params& p, const double* real) { return real[p.real + 2] + real[p.real + 3]; }

    /// potential energy m g z [J] (z: height since t = 0)
    static double stored(const Params& p, const ObserveContext& c) { return p.m * kGravity * height(p, c.real); }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        const double v = p.r * c.speed(p.a);
        out[0] = v;
        out[1] = 3.6 * v;
        out[2] = distance(p, c.real);
        out[3] = height(p, c.real);
        for (int i = 0; i < 6; ++i) out[4 + i] = c.mean[p.mean + i];
        out[10] = c.real[p.real + 4] + c.real[p.real + 5];
        out[11] = c.real[p.real + 6] + c.real[p.real + 7];
    }
};

} // namespace drivelab
