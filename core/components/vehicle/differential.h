#pragma once
// differential: an open (bevel) differential. node_a is the input (the pinion, on the propeller
// shaft), node_b and node_c the two side shafts (left and right wheels). The ring gear turns the
// case at w_case = w_a / N (N = `ratio`, ring teeth over pinion teeth); the spider gears make the
// case speed the mean of the side shafts' and load both sides equally:
//
//   w_a = N (w_b + w_c) / 2                       (one rigid row, resolved by projection)
//   row: w_a - N/2 w_b - N/2 w_c = 0              torques: lambda on a, -N/2 lambda on b and on c
//   T_b = T_c = -N/2 T_a                          (equal split; T_a the differential's torque on the
//                                                  input, -T_in in steady state)
//   power: lambda (w_a - N/2 (w_b + w_c)) = 0     (ideal: no loss, no storage, no books)
//
// One side held (w_c = 0): w_b = 2 w_a / N. Both sides together (w_b = w_c): a gear of ratio N.
// Inertias of the case and gears belong to the nodes. A limited-slip differential is this
// component plus a clutch between node_b and node_c (docs/PHYSICS.md, "Differential").
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

class Differential {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading: TF(N/2) from each side shaft onto a 0-junction whose summed
    /// flow is the input's speed (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int in = kGround;    ///< input (pinion) node
        int left = kGround;  ///< side shaft b
        int right = kGround; ///< side shaft c
        double half = 0.0;   ///< N / 2, the row's side-shaft coefficient (negated)
        int row = 0;         ///< constraint row slot
        int mean = 0;        ///< means: torque on the input, on side b, on side c [N m s]
    };

    static bool compile(CompileContext& ctx, Params& p);

    static void constraint(const Params& p, ConstraintRow& r)
    {
        r.node[0] = p.in;
        r.coef[0] = 1.0;
        r.node[1] = p.left;
        r.coef[1] = -p.half;
        r.node[2] = p.right;
        r.coef[2] = -p.half;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double l = c.lambda[p.row];
        c.acc[p.mean] += l * c.h;
        c.acc[p.mean + 1] -= p.half * l * c.h;
        c.acc[p.mean + 2] -= p.half * l * c.h;
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
        out[2] = c.mean[p.mean + 2];
        out[3] = c.speed(p.left) - c.speed(p.right);
    }
};

} // namespace drivelab
