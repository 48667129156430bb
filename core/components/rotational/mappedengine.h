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
// The maps are 2-D tables (components/common/table2d.h): an argument outside an axis is
// clamped to the axis end (the edge value held) and counted in `outside_map` and `outside_time`;
// the friction curve likewise at its ends.
//
// The observables `speed` (w_s) and `throttle` (th), the means over the last tick, are the maps'
// arguments, and `torque` the fuel map's: a map axis named like an observable of its component
// is drawn live at that observable's value by the editor's 2-D table editor (docs/EDITOR.md).
#include "compile/compilecontext.h"
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
        Motor::Params friction; ///< the friction curve (n = 0: none); Motor::curve evaluates it
        Table2D torque;         ///< torque_map: speed x throttle -> torque
        Table2D fuel;           ///< fuel_map: speed x torque -> fuel flow [g/s]
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// torque and fuel flow at relative speed w, throttle th; `cut`: in fuel cut. dT/dw in slope
    static void operatingPoint(const Params& p, double w, double th, bool cut, double& t, double& slope, double& fuel, bool& outside)
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
        t = p.torque.at(w, th, dx, dy, outside) - fr;
        slope = dx - frSlope;
        fuel = p.fuel.at(w, t, outside);
    }

    static void eval(const Params& p, const EvalContext& c)
    {
        const double th = c.real[p.throttle];
        const double w0 = (p.a >= 0 ? c.x0[p.a] : 0.0) - (p.b >= 0 ? c.x0[p.b] : 0.0);
        const bool cut = th == 0.0 && w0 > p.cutSpeed;
        double t, slope, fuel;
        bool outside = false;
        operatingPoint(p, c.speed(p.a) - c.speed(p.b), th, cut, t, slope, fuel, outside);
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
