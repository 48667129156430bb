#pragma once
// Ideal hydraulic sources.
//   pressure_source (Se): holds node_a at its `pressure` input; the node is then a fixed
//     state and the volume it must supply to hold it is its flow.
//   flow_source (Sf): pushes its `flow` input from node_a to node_b.
#include "compile/compilecontext.h"
#include "components/component.h"
#include "components/hydraulic/oilflow.h"

namespace drivelab {

class PressureSource {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int node = -1;    ///< held node
        int pressure = 0; ///< real slot of the pressure input [Pa]
        int mean = 0;     ///< means: flow supplied, power
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// set the held node to the input; true when it changed
    static bool applyInputs(const Params& p, double* x, const double* real)
    {
        if (x[p.node] == real[p.pressure]) return false;
        x[p.node] = real[p.pressure];
        return true;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double v = c.supply[p.node];
        c.acc[p.mean] += v;
        c.acc[p.mean + 1] += v * c.endValue(p.node);
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
    }
};

class FlowSource {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int a = -1;   ///< node the flow leaves
        int b = -1;   ///< node the flow enters
        int flow = 0; ///< real slot of the flow input [m^3/s]
        int mean = 0; ///< means: flow, power
        OilModel oil; ///< the lab's oil (present = false: isothermal)
        OilPort oa, ob; ///< the oil on each side (the flow carries the upstream's temperature)
    };

    static bool compile(CompileContext& ctx, Params& p);

    static void eval(const Params& p, const EvalContext& c)
    {
        const double q = c.real[p.flow];
        c.addF(p.a, -q);
        c.addF(p.b, q);
        if (p.oil.present) advectOil(c, p.oil, p.oa, p.ob, q, {});
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double q = c.real[p.flow];
        const double w = c.h * q * (c.value(p.b) - c.value(p.a));
        c.acc[p.mean] += q * c.h;
        if (p.oil.present) bookOilFlow(c, p.oil, p.oa, p.ob, q * c.h);
        c.acc[p.mean + 1] += w;
        c.work(w);
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
    }
};

} // namespace drivelab
