#pragma once
// Thermal network elements (solved after each interval's mechanical/hydraulic solve, to
// which they do not feed back):
//   thermal_conductor (R): heat flow G (T_a - T_b) at midpoint temperatures
//   heat_source (Sf): its `power` input into node_a
#include "compile/compilecontext.h"
#include "components/component.h"

namespace drivelab {

class ThermalConductor {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int a = -1;     ///< thermal node a
        int b = -1;     ///< thermal node b
        double g = 0.0; ///< conductance [W/K]
        int mean = 0;   ///< means: heat flow from a to b
    };

    static bool compile(CompileContext& ctx, Params& p);

    static void thermal(const Params& p, const ThermalContext& t) { t.conduct(p.a, p.b, p.g); }

    static void thermalCommit(const Params& p, const ThermalContext& t)
    {
        const double dT = t.t0[p.a] - t.t0[p.b] + 0.5 * (t.d0[p.a] + t.d1[p.a] - t.d0[p.b] - t.d1[p.b]);
        t.acc[p.mean] += t.h * p.g * dT;
    }

    static void observe(const Params& p, const ObserveContext& c, double* out) { out[0] = c.mean[p.mean]; }
};

class HeatSource {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int node = -1; ///< thermal node
        int power = 0; ///< real slot of the power input [W]
        int mean = 0;  ///< means: power
    };

    static bool compile(CompileContext& ctx, Params& p);

    static void thermal(const Params& p, const ThermalContext& t)
    {
        const double q = t.h * t.real[p.power];
        t.inject(p.node, q);
        t.heatFromSources->add(q);
        t.acc[p.mean] += q;
    }

    static void observe(const Params& p, const ObserveContext& c, double* out) { out[0] = c.mean[p.mean]; }
};

} // namespace drivelab
