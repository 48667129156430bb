#pragma once
// clutch (node_b = ground: brake). Locked: a rigid constraint w_a = w_b whose torque
// must stay within the static capacity. Slipping: kinetic friction
// T_a = -dir * kinetic_ratio * capacity, heat = friction power. The stick/slip
// decisions (breakaway, capture, reversal) live in the solver's stepper.
#include <array>
#include <cmath>

#include "compile/compilecontext.h"
#include "components/component.h"
#include "components/hydraulic/oilflow.h"

namespace drivelab {

class Clutch {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int a = kGround;           ///< node a
        int b = kGround;           ///< node b (kGround: brake)
        int heat = -1;             ///< thermal node index, -1: external ledger
        int capacity = 0;          ///< real slot of the capacity input [N m]
        double kineticRatio = 1.0; ///< kinetic / static capacity
        int flag = 0;              ///< flags: locked (0/1), slip direction (-1, 0, +1)
        int row = 0;               ///< constraint row slot (used while locked)
        int scratch = 0;           ///< scratch: friction torque on a
        int mean = 0;              ///< means: torque on a, on b, heat flow
        int real = 0;              ///< cumulative friction heat {sum, comp}
        int pressure = -1;         ///< hydraulic node applying the clutch (-1: capacity input)
        double gain = 0.0;         ///< mu n r_eff A_piston [m^3]
        double pEnv = 0.0;         ///< environment pressure [Pa]
        double springTerm = 0.0;   ///< mu n r_eff F_spring [N m]
        OilPort oil;               ///< thermal-liquid volume taking the friction heat (oil_node), or none
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// static capacity [N m]: the input, or mu n r_eff max(0, (p - p_env) A - F_spring) at
    /// the pressure node's value in `x`
    static double staticCapacity(const Params& p, const double* real, const double* x)
    {
        if (p.pressure < 0) return real[p.capacity];
        const double c = p.gain * (x[p.pressure] - p.pEnv) - p.springTerm;
        return c > 0.0 ? c : 0.0;
    }
    /// mu n r_eff ((p - p_env) A - F_spring) [N m] of a pressure-applied clutch at the pressure
    /// in `x`: the capacity's kink (the return spring's threshold) is where it changes sign
    static double applyMargin(const Params& p, const double* x) { return p.gain * (x[p.pressure] - p.pEnv) - p.springTerm; }
    /// kinetic capacity [N m]
    static double kineticCapacity(const Params& p, const double* real, const double* x)
    {
        return p.kineticRatio * staticCapacity(p, real, x);
    }
    /// the input a pressure-applied clutch does not use
    static const char* inactiveInput(const Params& p) { return p.pressure >= 0 ? "capacity" : nullptr; }
    /// why, for the message refusing a binding or event on it
    static const char* inactiveInputReason(const Params&) { return "it is applied by pressure; drive or schedule the pressure instead"; }

    /// the rigid row w_a - w_b = 0 that acts while locked
    static void lockRow(const Params& p, ConstraintRow& r)
    {
        r.node[0] = p.a;
        r.coef[0] = 1.0;
        r.node[1] = p.b;
        r.coef[1] = -1.0;
    }

    /// true while locked
    static bool locked(const Params& p, const std::int32_t* flag) { return flag[p.flag] != 0; }
    /// lock it: slip direction cleared
    static void setLocked(const Params& p, std::int32_t* flag)
    {
        flag[p.flag] = 1;
        flag[p.flag + 1] = 0;
    }
    /// unlock it with a slip direction (-1, 0, +1)
    static void setSlipping(const Params& p, std::int32_t* flag, std::int32_t direction)
    {
        flag[p.flag] = 0;
        flag[p.flag + 1] = direction;
    }

    /// true when the two sides turn at the same speed within rounding [rad/s]
    static bool sameSpeed(double wa, double wb) { return std::fabs(wa - wb) <= 1e-12 + 1e-9 * (std::fabs(wa) + std::fabs(wb)); }
    /// the initial lock rule: a clutch that can carry torque (static capacity > 0 at t = 0)
    /// and whose sides turn at the same speed starts locked
    static bool startsLocked(double wa, double wb, double capacity) { return capacity > 0.0 && sameSpeed(wa, wb); }
    /// the initial state: locked by startsLocked on the initial speeds x and inputs real,
    /// otherwise slipping in the direction of the present slip (0 at zero slip)
    static void initialState(const Params& p, const double* x, const double* real, std::int32_t* flag)
    {
        const double wa = p.a >= 0 ? x[p.a] : 0.0;
        const double wb = p.b >= 0 ? x[p.b] : 0.0;
        const double slip = wa - wb;
        if (startsLocked(wa, wb, staticCapacity(p, real, x)))
            setLocked(p, flag);
        else
            setSlipping(p, flag, sameSpeed(wa, wb) ? 0 : (slip > 0.0 ? 1 : -1));
    }

    /// what the engagement rule asks of the solver at the start of an interval
    enum class Engage { Keep, Lock, Unlock };
    /// The engagement rule, applied at the start of every internal interval (so an event,
    /// a live input change, pressure applied or released all act on the present state):
    /// a clutch that cannot carry torque (static capacity 0) is free, never locked, and its
    /// slip direction follows the present slip (0 at zero slip); one that can carry torque
    /// locks when it has no slip direction and its sides turn at the same speed, and
    /// otherwise takes the sign of the present slip whenever that is beyond rounding — never
    /// a stale flag. At zero slip (within rounding) a direction is kept: a breakaway has just
    /// set it from the torque.
    static Engage engage(const Params& p, std::int32_t* flag, double wa, double wb, double capacity)
    {
        std::int32_t& dir = flag[p.flag + 1];
        if (locked(p, flag)) return capacity > 0.0 ? Engage::Keep : Engage::Unlock;
        const bool zero = sameSpeed(wa, wb);
        const std::int32_t present = zero ? 0 : (wa > wb ? 1 : -1);
        if (capacity > 0.0) {
            if (dir == 0 && zero) return Engage::Lock;
            if (!zero) dir = present;
        } else {
            dir = present;
        }
        return Engage::Keep;
    }
    /// slip direction while slipping (-1, +1)
    static int direction(const Params& p, const std::int32_t* flag) { return flag[p.flag + 1]; }

    /// kinetic friction while slipping; a locked clutch acts through its constraint row
    static void eval(const Params& p, const EvalContext& c)
    {
        if (locked(p, c.flag)) return;
        const double dir = static_cast<double>(direction(p, c.flag));
        const double t = -dir * kineticCapacity(p, c.real, c.xs);
        c.addF(p.a, t);
        c.addF(p.b, -t);
        if (p.pressure >= 0 && c.wantJacobian && t != 0.0) {
            const double g = -dir * p.kineticRatio * p.gain;
            c.addJ(p.a, p.pressure, g);
            c.addJ(p.b, p.pressure, -g);
        }
        c.scratch[p.scratch] = t;
        if (p.oil.t >= 0) {
            // the friction power -t (w_a - w_b) heats the oil in the same solve
            const double slip = c.speed(p.a) - c.speed(p.b);
            addOilPower(c, p.oil, -t * slip, {{p.a, -t}, {p.b, t}, {p.pressure, p.pressure >= 0 && t != 0.0 ? dir * p.kineticRatio * p.gain * slip : 0.0}});
        }
    }

    /// book one accepted interval
    static void commit(const Params& p, const CommitContext& c)
    {
        const bool isLocked = locked(p, c.flag);
        const double t = isLocked ? c.lambda[p.row] : c.scratch[p.scratch];
        c.acc[p.mean] += t * c.h;
        c.acc[p.mean + 1] -= t * c.h;
        if (!isLocked) {
            const double q = -c.h * t * (c.speed(p.a) - c.speed(p.b));
            c.acc[p.mean + 2] += q;
            compensatedAdd(c.real + p.real, q);
            bookLoss(c, p.oil, p.heat, q);
        }
    }

    /// book the kinetic energy lost when the clutch locks (the locking impulse) [J]
    static void bookLockLoss(const Params& p, const CommitContext& c, double q)
    {
        c.acc[p.mean + 2] += q;
        compensatedAdd(c.real + p.real, q);
        c.heat(p.heat, q);
    }

    /// where each observable is read: the means of the torques on a and b and of the heat flow,
    /// the cumulative friction heat (sum + compensation), locked, the slip speed w_a - w_b (what
    /// observe writes, written out there for its speed: tst_tickhook compares the two, every
    /// observable alone against observe, on every shipped lab)
    static std::array<ObservableSource, 6> sources(const Params& p)
    {
        using S = ObservableSource;
        using A = S::Array;
        return {S::value(A::Mean, p.mean),     S::value(A::Mean, p.mean + 1),
                S::value(A::Mean, p.mean + 2), S::sum(A::Real, p.real, A::Real, p.real + 1),
                S::value(A::Flag, p.flag),     S::difference(A::X, p.a, A::X, p.b)};
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
        out[2] = c.mean[p.mean + 2];
        out[3] = c.real[p.real] + c.real[p.real + 1];
        out[4] = c.flag[p.flag];
        out[5] = c.speed(p.a) - c.speed(p.b);
    }
};

} // namespace drivelab
