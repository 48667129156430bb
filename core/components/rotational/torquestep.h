#pragma once
// torque_step: tau = offset + (t < start ? 0 : step) on node_a, reaction -tau on the
// support node_b (absent: ground). A step inside a tick splits the tick.
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

class TorqueStep {
public:
    static const ComponentDescriptor& descriptor();

    /// compiled parameters
    struct Params {
        int a = kGround;        ///< flange node
        int b = kGround;        ///< support node (kGround when grounded)
        double step = 0.0;      ///< step height [N m]
        double offset = 0.0;    ///< offset [N m]
        double startNs = 0.0;   ///< step instant [ns]
        int scratch = 0;        ///< scratch: applied torque
        int mean = 0;           ///< means: torque on a, torque on b
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// the torque applied on node_a at time t [ns]
    static double torqueAt(const Params& p, double tNs) { return p.offset + (tNs < p.startNs ? 0.0 : p.step); }

    static void eval(const Params& p, const EvalContext& c)
    {
        const double tau = torqueAt(p, c.tMidNs);
        c.addF(p.a, tau);
        c.addF(p.b, -tau);
        c.scratch[p.scratch] = tau;
    }

    /// the step instant when it falls strictly inside (t0, t1) [ns]
    static bool breakpoint(const Params& p, double t0Ns, double t1Ns, double& atNs)
    {
        if (p.startNs > t0Ns && p.startNs < t1Ns) {
            atNs = p.startNs;
            return true;
        }
        return false;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double tau = c.scratch[p.scratch];
        c.acc[p.mean] += tau * c.h;
        c.acc[p.mean + 1] -= tau * c.h;
        c.work(c.h * tau * (c.speed(p.a) - c.speed(p.b)));
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
    }
};

} // namespace drivelab
