#pragma once
// orifice: flow from node_a to node_b through a restriction (bond-graph R).
//   laminar:   Q = opening G dp
//   turbulent: Q = opening Cd A sqrt(2/rho) dp / (dp^2 + pt^2)^(1/4)
// The turbulent law is regularised below the transition pressure pt (it behaves like a
// laminar orifice there, so Newton converges through dp = 0) and tends to the square-root
// law above it. Heat Q dp goes to heat_node or the ledger.
// In a lab with oil (docs/PHYSICS.md, "Thermal-liquid oil") the laminar conductance scales
// with nu_ref / nu(T) at the mean of both sides' oil temperatures, the turbulent law takes
// rho(p, T) of the upstream oil, the heat stays in the downstream oil when that is a
// thermal-liquid volume, the flow carries its thermal energy, and heat_node with
// wall_conductance is a wall between node_b's oil and a thermal node.
#include <cmath>

#include "compile/compilecontext.h"
#include "components/component.h"
#include "components/hydraulic/oilflow.h"

namespace drivelab {

class Orifice {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int a = -1;             ///< upstream node
        int b = -1;             ///< downstream node
        int heat = -1;          ///< thermal node index, -1: external ledger
        bool turbulent = false; ///< law
        double g = 0.0;         ///< laminar conductance [m^3/(s Pa)]
        double k = 0.0;         ///< turbulent Cd A sqrt(2/rho) [m^3/(s Pa^0.5)]
        double pt2 = 0.0;       ///< transition pressure squared [Pa^2]
        int opening = 0;        ///< real slot of the opening input [0, 1]
        int scratch = 0;        ///< scratch: flow
        int mean = 0;           ///< means: flow, heat flow
        int real = 0;           ///< cumulative heat {sum, comp}
        // thermal-liquid (a lab with oil)
        OilModel oil;           ///< the lab's oil (present = false: the isothermal laws above)
        double cdA = 0.0;       ///< turbulent Cd A (the density comes from the oil)
        OilPort oa, ob;         ///< the oil on each side
        OilWall wall;           ///< heat port between node_b's oil and heat_node
    };

    static bool compile(CompileContext& ctx, Params& p);
    /// the rest of compile in a lab with oil
    static bool compileThermal(CompileContext& ctx, Params& p);
    static bool finishCompile(CompileContext& ctx, Params& p, int scratch);

    /// flow and its derivative with respect to dp
    static void law(const Params& p, double opening, double dp, double& q, double& dq)
    {
        if (!p.turbulent) {
            q = opening * p.g * dp;
            dq = opening * p.g;
            return;
        }
        const double s = dp * dp + p.pt2;
        const double r = std::sqrt(std::sqrt(s)); // s^(1/4)
        q = opening * p.k * dp / r;
        dq = opening * p.k * (0.5 * dp * dp + p.pt2) / (s * r);
    }

    /// the thermal-liquid laws (orifice.cpp)
    static void evalOil(const Params& p, const EvalContext& c);

    static void eval(const Params& p, const EvalContext& c)
    {
        if (p.oil.present) return evalOil(p, c);
        double q, dq;
        law(p, c.real[p.opening], c.value(p.a) - c.value(p.b), q, dq);
        c.addF(p.a, -q);
        c.addF(p.b, q);
        if (c.wantJacobian) {
            c.addJ(p.a, p.a, -dq);
            c.addJ(p.a, p.b, dq);
            c.addJ(p.b, p.a, dq);
            c.addJ(p.b, p.b, -dq);
        }
        c.scratch[p.scratch] = q;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double q = c.scratch[p.scratch];
        const double heat = c.h * q * (c.value(p.a) - c.value(p.b));
        c.acc[p.mean] += q * c.h;
        c.acc[p.mean + 1] += heat;
        compensatedAdd(c.real + p.real, heat);
        if (!p.oil.present) return c.heat(p.heat, heat);
        bookLoss(c, q >= 0.0 ? p.ob : p.oa, p.heat, heat);
        bookOilFlow(c, p.oil, p.oa, p.ob, q * c.h);
        p.wall.commit(c, c.scratch[p.scratch + 1]);
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.value(p.a) - c.value(p.b);
        out[2] = c.mean[p.mean + 1];
        out[3] = c.real[p.real] + c.real[p.real + 1];
    }
};

} // namespace drivelab
