#pragma once
// torque_source: tau = the `torque` input on node_a, reaction -tau on the support node_b
// (absent: ground). The input is held over each tick and changed by events (or a live edit)
// at tick boundaries, so the impulse over a tick is exactly tau h and the work tau h (w_a - w_b)
// at the stage speeds.
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

class TorqueSource {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading: an Se with its support
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int a = kGround;  ///< flange node
        int b = kGround;  ///< support node (kGround when grounded)
        int torque = 0;   ///< real slot of the torque input [N m]
        int scratch = 0;  ///< scratch: applied torque
        int mean = 0;     ///< means: torque on a, on b, power
    };

    static bool compile(CompileContext& ctx, Params& p);

    static void eval(const Params& p, const EvalContext& c)
    {
        const double tau = c.real[p.torque];
        c.addF(p.a, tau);
        c.addF(p.b, -tau);
        c.scratch[p.scratch] = tau;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double tau = c.scratch[p.scratch];
        const double w = c.h * tau * (c.speed(p.a) - c.speed(p.b));
        c.acc[p.mean] += tau * c.h;
        c.acc[p.mean + 1] -= tau * c.h;
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
