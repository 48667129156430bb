#pragma once
// gear: ideal rigid constraint w_a = ratio * w_b, resolved by projection.
// Constraint torques: lambda on a, -ratio * lambda on b (no work).
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

class Gear {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int a = kGround;    ///< node a
        int b = kGround;    ///< node b
        double ratio = 1.0; ///< speed_a / speed_b
        int row = 0;        ///< constraint row slot
        int mean = 0;       ///< means: torque on a, on b
    };

    static bool compile(CompileContext& ctx, Params& p);

    static void constraint(const Params& p, ConstraintRow& r)
    {
        r.node[0] = p.a;
        r.coef[0] = 1.0;
        r.node[1] = p.b;
        r.coef[1] = -p.ratio;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double l = c.lambda[p.row];
        c.acc[p.mean] += l * c.h;
        c.acc[p.mean + 1] -= p.ratio * l * c.h;
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
    }
};

} // namespace drivelab
