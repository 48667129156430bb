#pragma once
// An ideal effort step (torque or force): e = offset + (t < start ? 0 : step) on node_a,
// reaction -e on the support node_b (absent: ground). A step inside a tick splits the tick.
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

/// an effort source's reading: Se on node_a with its support (stepsource.cpp); effort: "torque", "force"
void readEffortStep(BondGraphReading& r, const char* effort);

template <class Traits> class StepSource {
public:
    static const ComponentDescriptor& descriptor() { return Traits::descriptor(); }
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r) { readEffortStep(r, Traits::kEffort); }

    /// compiled parameters
    struct Params {
        int a = kGround;      ///< flange node
        int b = kGround;      ///< support node (kGround when grounded)
        double step = 0.0;    ///< step height [N m] or [N]
        double offset = 0.0;  ///< offset [N m] or [N]
        double startNs = 0.0; ///< step instant [ns]
        int scratch = 0;      ///< scratch: applied effort
        int mean = 0;         ///< means: effort on a, on b
    };

    static bool compile(CompileContext& ctx, Params& p)
    {
        p.a = ctx.port("node_a");
        p.b = ctx.port("node_b");
        p.step = ctx.real(Traits::kStep);
        p.offset = ctx.real(Traits::kOffset);
        p.startNs = ctx.real("start_time") * 1e9;
        p.scratch = ctx.allocScratch(1);
        p.mean = ctx.allocMean(2);
        return !ctx.failed();
    }

    /// the effort applied on node_a at time t [ns]
    static double effortAt(const Params& p, double tNs) { return p.offset + (tNs < p.startNs ? 0.0 : p.step); }

    static void eval(const Params& p, const EvalContext& c)
    {
        const double e = effortAt(p, c.tMidNs);
        c.addF(p.a, e);
        c.addF(p.b, -e);
        c.scratch[p.scratch] = e;
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
        const double e = c.scratch[p.scratch];
        c.acc[p.mean] += e * c.h;
        c.acc[p.mean + 1] -= e * c.h;
        c.work(c.h * e * (c.speed(p.a) - c.speed(p.b)));
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
    }
};

} // namespace drivelab
