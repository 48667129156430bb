#pragma once
// transformer: an ideal TF between two nodes of one domain: effort_b = ratio effort_a,
// flow_a = ratio flow_b. Rotational/translational: the speeds obey w_a = ratio w_b (a rigid
// constraint, like a gear); hydraulic: the pressures obey p_b = ratio p_a (a pressure
// intensifier) and the flows Q_a = ratio Q_b. Resolved by projection; it does no work.
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

class Transformer {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int a = kGround;        ///< node a
        int b = kGround;        ///< node b
        double ratio = 1.0;     ///< transformer ratio
        bool hydraulic = false; ///< pressures (true) or speeds (false) are constrained
        int row = 0;            ///< constraint row slot
        int mean = 0;           ///< means: mechanical efforts on a, b / hydraulic flows out of a, into b
    };

    static bool compile(CompileContext& ctx, Params& p);

    static void constraint(const Params& p, ConstraintRow& r)
    {
        r.node[0] = p.a;
        r.node[1] = p.b;
        r.coef[0] = p.hydraulic ? -p.ratio : 1.0;
        r.coef[1] = p.hydraulic ? 1.0 : -p.ratio;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double l = c.lambda[p.row];
        if (p.hydraulic) {
            // inflows lambda * coefficient: -ratio l into a (drawn from it), l into b; the
            // difference fills the moving geometry (an intensifier's two pistons)
            c.acc[p.mean] += p.ratio * l * c.h;
            c.acc[p.mean + 1] += l * c.h;
            c.absorb((p.ratio - 1.0) * l * c.h);
        } else {
            c.acc[p.mean] += l * c.h;
            c.acc[p.mean + 1] -= p.ratio * l * c.h;
        }
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        if (p.hydraulic) {
            out[0] = c.value(p.a);
            out[1] = c.value(p.b);
            out[2] = c.mean[p.mean];
            out[3] = c.mean[p.mean + 1];
        } else {
            out[0] = c.mean[p.mean];
            out[1] = c.mean[p.mean + 1];
            out[2] = c.value(p.a);
            out[3] = c.value(p.b);
        }
    }
};

} // namespace drivelab
