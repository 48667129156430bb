#pragma once
// accumulator: a gas-charged accumulator on node_a (bond-graph C). Above the precharge
// pressure p0 the gas (volume V0 at p0) compresses polytropically, p Vg^n = p0 V0^n, and the
// accumulator holds oil V0 - Vg; at or below p0 it holds none.
//   stored oil over an interval = V_oil(p1) - V_oil(p0)    (exact volume balance)
//   gas energy E(p) = (p Vg - p0 V0) / (n - 1)   (n = 1: p0 V0 ln(p / p0))
// The energy the node delivers, stor * p_stage, minus the change of E is the integrator's
// (numerical) share, booked as such.
#include <cmath>

#include "compile/compilecontext.h"
#include "components/component.h"
#include "components/hydraulic/oilflow.h"

namespace drivelab {

class Accumulator {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int node = -1;   ///< hydraulic node
        double v0 = 0.0; ///< gas volume at precharge [m^3]
        double p0 = 0.0; ///< precharge pressure [Pa]
        double n = 1.0;  ///< polytropic index
        int scratch = 0; ///< scratch: stored oil over the interval [m^3], start pressure,
                         ///< oil held at it, valid flag; last end pressure, its gas energy, valid flag
        int mean = 0;    ///< means: flow in
        OilModel oil;    ///< the lab's oil (present = false: isothermal)
        OilPort oa;      ///< the oil at its port (it holds oil at that node's temperature)
        OilWall wall;    ///< heat port between that oil and heat_node
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// the two-stage methods' storage form (solver/stagestorage.h): its oil is a function of its
    /// pressure, collocated conservatively; its node and the scratch slot of its stored oil
    static constexpr bool kStateFunctionStorage = true;
    static int storageNode(const Params& p) { return p.node; }
    static int storedSlot(const Params& p) { return p.scratch; }

    /// oil volume held at pressure p [m^3]
    static double oilVolume(const Params& a, double p) { return p <= a.p0 ? 0.0 : a.v0 * (1.0 - std::pow(a.p0 / p, 1.0 / a.n)); }
    /// d oilVolume / dp [m^3/Pa]
    static double compliance(const Params& a, double p) { return p <= a.p0 ? 0.0 : a.v0 / (a.n * p) * std::pow(a.p0 / p, 1.0 / a.n); }
    /// gas energy above the precharge state [J]
    static double gasEnergy(const Params& a, double p)
    {
        if (p <= a.p0) return 0.0;
        if (a.n == 1.0) return a.p0 * a.v0 * std::log(p / a.p0);
        const double vg = a.v0 * std::pow(a.p0 / p, 1.0 / a.n);
        return (p * vg - a.p0 * a.v0) / (a.n - 1.0);
    }

    static void storage(const Params& p, const EvalContext& c)
    {
        // the oil held at the start is the same for every evaluation of an interval: keep it
        // with the pressure it was computed for
        const double start = c.x0[p.node];
        if (c.scratch[p.scratch + 1] != start || !(c.scratch[p.scratch + 3] > 0.0)) {
            c.scratch[p.scratch + 1] = start;
            c.scratch[p.scratch + 2] = oilVolume(p, start);
            c.scratch[p.scratch + 3] = 1.0;
        }
        const double p1 = c.endValue(p.node);
        double held = 0.0, comp = 0.0;
        if (p1 > p.p0) {
            const double r = std::pow(p.p0 / p1, 1.0 / p.n); // gas volume / V0
            held = p.v0 * (1.0 - r);
            comp = p.v0 / (p.n * p1) * r;
        }
        const double v = held - c.scratch[p.scratch + 2];
        c.stor[p.node] += v;
        c.dstor[p.node] += comp;
        c.scratch[p.scratch] = v;
        if (p.wall.node >= 0) p.wall.eval(c, c.scratch[p.scratch + 7]);
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double v = c.scratch[p.scratch];
        c.acc[p.mean] += v;
        if (p.oil.present) {
            bookOilAbsorbed(c, p.oil, p.oa, v);
            p.wall.commit(c, c.scratch[p.scratch + 7]);
        }
        // (a stage of a two-stage method books its share of the gas energy's change, c.share,
        // even when its own stored oil is zero)
        if (v == 0.0 && c.share == 1.0) return;
        // the gas energy at the start is the last interval's end value (kept with its pressure)
        double* memo = const_cast<double*>(c.scratch) + p.scratch + 4;
        const double start = c.startValue(p.node), end = c.endValue(p.node);
        const double e0 = (memo[0] == start && memo[2] > 0.0) ? memo[1] : gasEnergy(p, start);
        const double e1 = gasEnergy(p, end);
        memo[0] = end;
        memo[1] = e1;
        memo[2] = 1.0;
        c.dissipate(v * c.value(p.node) - c.share * (e1 - e0));
    }

    static double stored(const Params& p, const ObserveContext& c) { return gasEnergy(p, c.value(p.node)); }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        const double oil = oilVolume(p, c.value(p.node));
        out[0] = p.v0 - oil;
        out[1] = oil;
        out[2] = c.mean[p.mean];
    }
};

} // namespace drivelab
