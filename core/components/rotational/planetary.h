#pragma once
// planetary: Willis constraint Zs w_s + Zr w_r = (Zs + Zr) w_c, resolved by projection.
// Written as (Zs w_s + Zr w_r)/(Zs + Zr) - w_c = 0; torques lambda * coefficient.
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

class Planetary {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int sun = kGround;     ///< sun node
        int ring = kGround;    ///< ring node
        int carrier = kGround; ///< carrier node
        double cs = 0.0;       ///< Zs / (Zs + Zr)
        double cr = 0.0;       ///< Zr / (Zs + Zr)
        int row = 0;           ///< constraint row slot
        int mean = 0;          ///< means: torque on sun, ring, carrier
    };

    static bool compile(CompileContext& ctx, Params& p);

    static void constraint(const Params& p, ConstraintRow& r)
    {
        r.node[0] = p.sun;
        r.coef[0] = p.cs;
        r.node[1] = p.ring;
        r.coef[1] = p.cr;
        r.node[2] = p.carrier;
        r.coef[2] = -1.0;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double l = c.lambda[p.row];
        c.acc[p.mean] += p.cs * l * c.h;
        c.acc[p.mean + 1] += p.cr * l * c.h;
        c.acc[p.mean + 2] -= l * c.h;
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
        out[2] = c.mean[p.mean + 2];
    }
};

} // namespace drivelab
