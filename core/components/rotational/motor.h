#pragma once
// motor: T = command * curve(w_a - w_b) on node_a, reaction on the stator node_b
// (absent: ground). The curve is linear between points and clamped at its ends.
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

class Motor {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);
    static constexpr int kMaxPoints = 64;

    /// compiled parameters
    struct Params {
        int a = kGround;           ///< rotor node
        int b = kGround;           ///< stator node (kGround when grounded)
        int command = 0;           ///< real slot of the command input [-1, 1]
        int n = 0;                 ///< curve points
        double speed[kMaxPoints];  ///< curve speeds, strictly increasing [rad/s]
        double torque[kMaxPoints]; ///< curve torques [N m]
        int scratch = 0;           ///< scratch: torque
        int mean = 0;              ///< means: torque, power
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// curve value and slope at relative speed w (slope 0 beyond the ends)
    static void curve(const Params& p, double w, double& t, double& slope)
    {
        if (w <= p.speed[0]) {
            t = p.torque[0];
            slope = 0.0;
            return;
        }
        if (w >= p.speed[p.n - 1]) {
            t = p.torque[p.n - 1];
            slope = 0.0;
            return;
        }
        int k = 0;
        while (k + 2 < p.n && w >= p.speed[k + 1]) ++k;
        slope = (p.torque[k + 1] - p.torque[k]) / (p.speed[k + 1] - p.speed[k]);
        t = p.torque[k] + slope * (w - p.speed[k]);
    }

    static void eval(const Params& p, const EvalContext& c)
    {
        const double cmd = c.real[p.command];
        double t, slope;
        curve(p, c.speed(p.a) - c.speed(p.b), t, slope);
        const double tau = cmd * t;
        c.addF(p.a, tau);
        c.addF(p.b, -tau);
        if (c.wantJacobian && slope != 0.0) {
            const double g = cmd * slope;
            c.addJ(p.a, p.a, g);
            c.addJ(p.a, p.b, -g);
            c.addJ(p.b, p.a, -g);
            c.addJ(p.b, p.b, g);
        }
        c.scratch[p.scratch] = tau;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double tau = c.scratch[p.scratch];
        const double w = c.h * tau * (c.speed(p.a) - c.speed(p.b));
        c.acc[p.mean] += tau * c.h;
        c.acc[p.mean + 1] += w;
        c.work(w);
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
    }
};

} // namespace drivelab
