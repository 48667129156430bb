#pragma once
// force_source: F = the `force` input on node_a, reaction -F on the support node_b (absent:
// ground). The translational torque_source: the input is held over each interval (a bound
// signal gives its exact mean over the interval; events and live edits change it at tick
// boundaries), so the impulse over an interval is exactly F h and the work F h (v_a - v_b) at
// the stage velocities.
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

class ForceSource {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading: an Se with its support
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int a = kGround;  ///< body the force acts on
        int b = kGround;  ///< support node (kGround when grounded)
        int force = 0;    ///< real slot of the force input [N]
        int scratch = 0;  ///< scratch: applied force
        int mean = 0;     ///< means: force on a, on b, power
    };

    static bool compile(CompileContext& ctx, Params& p);

    static void eval(const Params& p, const EvalContext& c)
    {
        const double f = c.real[p.force];
        c.addF(p.a, f);
        c.addF(p.b, -f);
        c.scratch[p.scratch] = f;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double f = c.scratch[p.scratch];
        const double w = c.h * f * (c.speed(p.a) - c.speed(p.b));
        c.acc[p.mean] += f * c.h;
        c.acc[p.mean + 1] -= f * c.h;
        c.acc[p.mean + 2] += w;
        c.work(w);
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
        out[2] = c.mean[p.mean + 2];
    }
};

} // namespace drivelab
