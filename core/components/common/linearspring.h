#pragma once
// A linear spring with optional parallel damping between two mechanical nodes:
//   deflection d = displacement_a - displacement_b + d0; effort on a = -k d - c (x_a - x_b).
// Stored energy k d^2 / 2; the damping part's heat goes to the ledger.
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

/// the reading every linear spring shares (lineardamper.cpp / linearspring.cpp)
void readLinearSpring(BondGraphReading& r);

template <class Traits> class LinearSpring {
public:
    static const ComponentDescriptor& descriptor() { return Traits::descriptor(); }
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r) { readLinearSpring(r); }

    /// compiled parameters
    struct Params {
        int a = kGround; ///< node a
        int b = kGround; ///< node b (may be ground)
        double k = 0.0;  ///< stiffness [N m/rad] or [N/m]
        double c = 0.0;  ///< damping [N m s/rad] or [N s/m]
        double d0 = 0.0; ///< initial deflection [rad] or [m]
        int scratch = 0; ///< scratch: total effort on a, damping part
        int mean = 0;    ///< means: effort on a, on b
    };

    static bool compile(CompileContext& ctx, Params& p)
    {
        p.a = ctx.port("node_a");
        p.b = ctx.port("node_b");
        p.k = ctx.real("stiffness");
        p.c = ctx.real("damping");
        p.d0 = ctx.real("initial_deflection");
        p.scratch = ctx.allocScratch(2);
        p.mean = ctx.allocMean(2);
        return !ctx.failed();
    }

    static void eval(const Params& p, const EvalContext& c)
    {
        const double d = c.stageAngle(p.a) - c.stageAngle(p.b) + p.d0;
        const double td = -p.c * (c.speed(p.a) - c.speed(p.b));
        const double t = -p.k * d + td;
        c.addF(p.a, t);
        c.addF(p.b, -t);
        if (c.wantJacobian) {
            // damping on the stage speeds, stiffness on the stage positions (the midpoint's
            // d(stage displacement)/d(stage speed) = h/2 folds them into k h/2 + c)
            c.addJ(p.a, p.a, -p.c, -p.k);
            c.addJ(p.a, p.b, p.c, p.k);
            c.addJ(p.b, p.a, p.c, p.k);
            c.addJ(p.b, p.b, -p.c, -p.k);
        }
        c.scratch[p.scratch] = t;
        c.scratch[p.scratch + 1] = td;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double t = c.scratch[p.scratch];
        const double td = c.scratch[p.scratch + 1];
        c.acc[p.mean] += t * c.h;
        c.acc[p.mean + 1] -= t * c.h;
        if (p.c != 0.0) c.heat(-1, -c.h * td * (c.speed(p.a) - c.speed(p.b)));
    }

    /// deflection at the current state
    static double deflection(const Params& p, const ObserveContext& c) { return c.angle(p.a) - c.angle(p.b) + p.d0; }

    /// stored elastic energy [J]
    static double stored(const Params& p, const ObserveContext& c)
    {
        const double d = deflection(p, c);
        return 0.5 * p.k * d * d;
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
        out[2] = deflection(p, c);
    }
};

} // namespace drivelab
