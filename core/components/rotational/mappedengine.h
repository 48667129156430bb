#pragma once
// mapped_engine: a combustion engine from maps (issue 35). On node_a (crankshaft) relative to
// node_b (block; absent: ground), at relative speed w and throttle th (an input in [0, 1]):
//
//   brake torque  T = torque_map(w, th) - friction(w)       (friction_curve; absent: 0)
//   fuel flow     mf = fuel_map(w, T) [g/s]                  (0 in fuel cut)
//   fuel cut      th = 0 and w > fuel_cut_speed at the START of the interval: no fuel, and the
//                 map's torque is not applied (T = -friction(w)); decided once per interval, so
//                 the Newton iteration never sees the switch
//
// Tick rule (the motor's): T and mf are evaluated once per interval at the stage point (the
// interval midpoint: w_s = (w0 + w1)/2, th the input's mean over the interval), and held over
// it: shaft work h T w_s, fuel h mf [g], heat to the block h (LHV mf / 1000 - T w_s) [J].
// The books: the fuel's chemical energy is source work; the engine heat leaves to heat_node
// (absent: the ledger), so the network gains exactly the shaft work.
//
// Idle governor (optional: `idle_speed` w_i with `idle_gain` kp and `idle_integral_gain` ki),
// sampled like speed_controller once per sample period T (`sample_period`, a whole number of
// ticks; absent: the run's tick h; components/common/sampleperiod.h) at t_n = n T, from the speed
// w_n and the throttle th_n as they stand then (the throttle's mean over the tick: it drives the
// maps every tick as well):
//
//   e_n = w_i - w_n,  I = I_{n-1} + T e_n,  u_n = kp e_n + ki I, limited to [0, T_map(w_n, 1) - T_map(w_n, 0)]
//   anti-windup: I keeps I_{n-1} while u_n is at a limit e_n pushes further into, or while the
//   governor is not in control (the driver's torque T_map(w_n, th_n) above T_map(w_n, 0) + u_n,
//   or fuel cut) with e_n > 0
//
// u_n is a torque demand above the closed-throttle row, held until the next sample. Over the interval
// the map's part of T is max(T_map(w, th), min(T_map(w, 0) + u_n, T_map(w, 1))): the governor
// only adds torque, never beyond the full-load row, and a driver asking for more takes over
// (not in fuel cut; the fuel map reads the torque that results). I and u_n are component state
// (rolled back with a batch, in the state hash); no governor: no state, no change.
// Steady state against a load T_L (the map's closed-throttle row T_0, friction fr): P alone
// holds w* = w_i - (T_L + fr(w*) - T_0(w*)) / kp, i.e. T_L / kp below idle on a zero row without
// friction; with ki > 0, w* = w_i. The sampled loop on an inertia J is stable for T kp / J < 2.
//
// The maps are 2-D tables (components/common/table2d.h): an argument outside an axis is
// clamped to the axis end (the edge value held) and counted in `outside_map` and `outside_time`;
// the friction curve likewise at its ends.
//
// The observables `speed` (w_s) and `throttle` (th), the means over the last tick, are the maps'
// arguments, and `torque` the fuel map's: a map axis named like an observable of its component
// is drawn live at that observable's value by the editor's 2-D table editor (docs/EDITOR.md).
#include "compile/compilecontext.h"
#include "components/common/sampleperiod.h"
#include "components/common/table2d.h"
#include "components/component.h"
#include "components/rotational/motor.h"

namespace drivelab {

class MappedEngine {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int a = kGround;       ///< crankshaft node
        int b = kGround;       ///< block node (kGround when grounded)
        int heat = -1;         ///< thermal node taking the engine heat, -1: the ledger
        int throttle = 0;      ///< real slot of the throttle input [0, 1]
        int state = 0;         ///< real slots: cumulative fuel [g], cumulative heat [J], time outside a map [s]
        int scratch = 0;       ///< scratch: torque, fuel rate, outside (0/1), fuel cut (0/1)
        int mean = 0;          ///< means: torque, power, fuel rate, outside, fuel cut, speed, throttle
        double lhv = 0.0;      ///< lower heating value [J/kg]
        double cutSpeed = 0.0; ///< fuel cut above this speed at throttle 0 [rad/s]
        int idle = -1;         ///< real slots of the idle governor: integral [rad], demand u [N m]; -1: none
        double idleSpeed = 0.0; ///< governed idle speed w_i [rad/s]
        double idleKp = 0.0;    ///< proportional gain [N m s/rad]
        double idleKi = 0.0;    ///< integral gain [N m/rad]
        SamplePeriod idlePeriod; ///< the governor's sample period (N ticks)
        Motor::Params friction; ///< the friction curve (n = 0: none); Motor::curve evaluates it
        Table2D torque;         ///< torque_map: speed x throttle -> torque
        Table2D fuel;           ///< fuel_map: speed x torque -> fuel flow [g/s]
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// the map's torque with the idle governor's demand u > 0: max(T, min(T_map(w, 0) + u, T_map(w, 1))),
    /// its slope dT/dw with it
    static void governed(const Params& p, double w, double u, double& t, double& slope, bool& outside)
    {
        bool out = false;
        double d0, d1, dy;
        const double closed = p.torque.at(w, 0.0, d0, dy, out), full = p.torque.at(w, 1.0, d1, dy, out);
        const double g = closed + u < full ? closed + u : full;
        if (!(g > t)) return;
        t = g;
        slope = closed + u < full ? d0 : d1;
        outside = outside || out;
    }

    /// torque and fuel flow at relative speed w, throttle th and the idle governor's demand u
    /// (0: none); `cut`: in fuel cut. dT/dw in slope
    static void operatingPoint(const Params& p, double w, double th, bool cut, double u, double& t, double& slope, double& fuel,
                               bool& outside)
    {
        double fr = 0.0, frSlope = 0.0;
        if (p.friction.n > 0) {
            Motor::curve(p.friction, w, fr, frSlope);
            outside = outside || !(w >= p.friction.speed[0] && w <= p.friction.speed[p.friction.n - 1]);
        }
        if (cut) {
            t = -fr;
            slope = -frSlope;
            fuel = 0.0;
            return;
        }
        double dx, dy;
        t = p.torque.at(w, th, dx, dy, outside);
        if (u > 0.0) governed(p, w, u, t, dx, outside);
        t -= fr;
        slope = dx - frSlope;
        fuel = p.fuel.at(w, t, outside);
    }

    /// the idle governor's sample at the tick start (no governor: nothing)
    static void sample(const Params& p, const SampleContext& c)
    {
        if (p.idle < 0 || !p.idlePeriod.samplesAt(c.tick)) return; // held between samples
        double* st = c.real + p.idle;
        const double w = c.speed(p.a) - c.speed(p.b), th = c.real[p.throttle];
        const double e = p.idleSpeed - w;
        const double integral = st[0] + p.idlePeriod.seconds(c.h) * e;
        double u = p.idleKp * e + p.idleKi * integral;
        bool outside = false;
        double dx, dy;
        const double closed = p.torque.at(w, 0.0, dx, dy, outside), full = p.torque.at(w, 1.0, dx, dy, outside);
        const double margin = full > closed ? full - closed : 0.0;
        int sat = 0;
        if (u > margin) {
            u = margin;
            sat = 1;
        } else if (u < 0.0) {
            u = 0.0;
            sat = -1;
        }
        const bool cut = th == 0.0 && w > p.cutSpeed;
        const bool inControl = !cut && closed + u > p.torque.at(w, th, dx, dy, outside);
        if (!((sat > 0 && e > 0.0) || (sat < 0 && e < 0.0) || (!inControl && e > 0.0))) st[0] = integral;
        st[1] = u;
    }

    static void eval(const Params& p, const EvalContext& c)
    {
        const double th = c.real[p.throttle];
        const double w0 = (p.a >= 0 ? c.x0[p.a] : 0.0) - (p.b >= 0 ? c.x0[p.b] : 0.0);
        const bool cut = th == 0.0 && w0 > p.cutSpeed;
        double t, slope, fuel;
        bool outside = false;
        operatingPoint(p, c.speed(p.a) - c.speed(p.b), th, cut, p.idle >= 0 ? c.real[p.idle + 1] : 0.0, t, slope, fuel, outside);
        c.addF(p.a, t);
        c.addF(p.b, -t);
        if (c.wantJacobian && slope != 0.0) {
            c.addJ(p.a, p.a, slope);
            c.addJ(p.a, p.b, -slope);
            c.addJ(p.b, p.a, -slope);
            c.addJ(p.b, p.b, slope);
        }
        double* s = c.scratch + p.scratch;
        s[0] = t;
        s[1] = fuel;
        s[2] = outside ? 1.0 : 0.0;
        s[3] = cut ? 1.0 : 0.0;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double* s = c.scratch + p.scratch;
        const double shaft = c.h * s[0] * (c.speed(p.a) - c.speed(p.b)); // [J]
        const double grams = c.h * s[1];
        const double chemical = p.lhv * grams / 1000.0; // [J]
        const double heat = chemical - shaft;
        c.work(chemical);
        c.heat(p.heat, heat);
        c.real[p.state] += grams;
        c.real[p.state + 1] += heat;
        c.real[p.state + 2] += c.h * s[2];
        c.acc[p.mean] += c.h * s[0];
        c.acc[p.mean + 1] += shaft;
        c.acc[p.mean + 2] += grams;
        c.acc[p.mean + 3] += c.h * s[2];
        c.acc[p.mean + 4] += c.h * s[3];
        c.acc[p.mean + 5] += c.h * (c.speed(p.a) - c.speed(p.b));
        c.acc[p.mean + 6] += c.h * c.real[p.throttle];
    }

    /// brake-specific fuel consumption [g/kWh] from a fuel rate [g/s] and a power [W]: 0 when the
    /// engine delivers no positive power (idling, motoring, fuel cut), where BSFC is undefined
    static double bsfc(double fuelRate, double power) { return power > 0.0 ? fuelRate / power * 3.6e6 : 0.0; }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
        out[2] = c.mean[p.mean + 2];
        out[3] = c.real[p.state];
        out[4] = bsfc(c.mean[p.mean + 2], c.mean[p.mean + 1]);
        out[5] = c.real[p.state + 1];
        out[6] = c.mean[p.mean + 3];
        out[7] = c.real[p.state + 2];
        out[8] = c.mean[p.mean + 4];
        out[9] = c.mean[p.mean + 5];
        out[10] = c.mean[p.mean + 6];
    }
};

} // namespace drivelab
