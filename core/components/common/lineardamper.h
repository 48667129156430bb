#pragma once
// A linear viscous damper between two mechanical nodes (rotational or translational):
//   effort on a = -c (x_a - x_b), on b the opposite; heat c (x_a - x_b)^2 to heat_node or the ledger.
// `Traits` supplies the descriptor (names, units) of one domain.
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

/// the reading every linear damper shares (lineardamper.cpp / linearspring.cpp)
void readLinearDamper(BondGraphReading& r);

template <class Traits> class LinearDamper {
public:
    static const ComponentDescriptor& descriptor() { return Traits::descriptor(); }
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r) { readLinearDamper(r); }

    /// compiled parameters
    struct Params {
        int a = kGround; ///< node a
        int b = kGround; ///< node b (kGround when absent)
        int heat = -1;   ///< thermal node index, -1: external ledger
        double c = 0.0;  ///< damping [N m s/rad] or [N s/m]
        int scratch = 0; ///< scratch: effort on a
        int mean = 0;    ///< means: effort on a, on b, heat flow
        int real = 0;    ///< cumulative heat {sum, comp}
    };

    static bool compile(CompileContext& ctx, Params& p)
    {
        p.a = ctx.port("node_a");
        p.b = ctx.port("node_b");
        p.heat = ctx.portIsNode("heat_node") ? ctx.port("heat_node") : -1;
        p.c = ctx.real("damping");
        p.scratch = ctx.allocScratch(1);
        p.mean = ctx.allocMean(3);
        p.real = ctx.allocReal(2);
        return !ctx.failed();
    }

    static void eval(const Params& p, const EvalContext& c)
    {
        const double t = -p.c * (c.speed(p.a) - c.speed(p.b));
        c.addF(p.a, t);
        c.addF(p.b, -t);
        if (c.wantJacobian) {
            c.addJ(p.a, p.a, -p.c);
            c.addJ(p.a, p.b, p.c);
            c.addJ(p.b, p.a, p.c);
            c.addJ(p.b, p.b, -p.c);
        }
        c.scratch[p.scratch] = t;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double t = c.scratch[p.scratch];
        const double q = -c.h * t * (c.speed(p.a) - c.speed(p.b));
        c.acc[p.mean] += t * c.h;
        c.acc[p.mean + 1] -= t * c.h;
        c.acc[p.mean + 2] += q;
        compensatedAdd(c.real + p.real, q);
        c.heat(p.heat, q);
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
        out[2] = c.mean[p.mean + 2];
        out[3] = c.real[p.real] + c.real[p.real + 1];
    }
};

} // namespace drivelab
