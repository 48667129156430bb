#pragma once
// An ideal effort source driven by its one input (torque_source, force_source): effort e = the
// input on node_a, reaction -e on the support node_b (absent: ground). The input is held over
// each interval (a bound signal gives its exact mean over the interval; events and live edits
// change it at tick boundaries), so the impulse over an interval is exactly e h and the work
// e h (x_a - x_b) at the stage speeds or velocities.
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

/// the reading every input-driven effort source shares (effortsource.cpp)
void readEffortSource(BondGraphReading& r, const char* what);

/// Traits: descriptor() (ports node_a, node_b; one input, the effort) and kWhat ("torque")
template <class Traits> class EffortSource {
public:
    static const ComponentDescriptor& descriptor() { return Traits::descriptor(); }
    /// its bond-graph reading: an Se with its support
    static void bondGraph(BondGraphReading& r) { readEffortSource(r, Traits::kWhat); }

    /// compiled parameters
    struct Params {
        int a = kGround; ///< node the effort acts on
        int b = kGround; ///< support node (kGround when grounded)
        int effort = 0;  ///< real slot of the input [N m] or [N]
        int scratch = 0; ///< scratch: applied effort
        int mean = 0;    ///< means: effort on a, on b, power
    };

    static bool compile(CompileContext& ctx, Params& p)
    {
        p.a = ctx.port("node_a");
        p.b = ctx.port("node_b");
        p.effort = ctx.inputSlot(Traits::kWhat);
        p.scratch = ctx.allocScratch(1);
        p.mean = ctx.allocMean(3);
        return !ctx.failed();
    }

    static void eval(const Params& p, const EvalContext& c)
    {
        const double e = c.real[p.effort];
        c.addF(p.a, e);
        c.addF(p.b, -e);
        c.scratch[p.scratch] = e;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double e = c.scratch[p.scratch];
        const double w = c.h * e * (c.speed(p.a) - c.speed(p.b));
        c.acc[p.mean] += e * c.h;
        c.acc[p.mean + 1] -= e * c.h;
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
