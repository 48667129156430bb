#pragma once
// pump: a positive-displacement pump (TF + R). Shaft node_a, inlet node_b, outlet node_c.
//   pressure rise dp = p_out - p_in; shaft torque T = -D dp
//   delivered flow Q = D w eta(r) - G_leak dp, with r = dp sign(w) the rise it pumps against:
//   eta comes from the delivery table while pumping (r > 0; falls to 0 at cut-off) and is 1
//   otherwise, so the loss D w dp (1 - eta) + G_leak dp^2 is never negative.
// Beyond cut-off the pump delivers nothing: it is not a freely reversible flow source.
// In a lab with oil (docs/PHYSICS.md, "Thermal-liquid oil") the leakage scales with
// nu_ref / nu(T) at the mean of inlet and outlet oil temperatures, the losses stay in the
// oil the flow enters (the outlet while it delivers), the flow carries its thermal energy,
// and heat_node with wall_conductance is a wall on the outlet's oil.
#include "compile/compilecontext.h"
#include "components/component.h"
#include "components/hydraulic/oilflow.h"

namespace drivelab {

class Pump {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);
    static constexpr int kMaxPoints = 32;

    /// compiled parameters
    struct Params {
        int shaft = kGround;     ///< rotational node
        int in = -1;             ///< inlet node
        int out = -1;            ///< outlet node
        int heat = -1;           ///< thermal node index, -1: external ledger
        double d = 0.0;          ///< displacement [m^3/rad]
        double leak = 0.0;       ///< leakage conductance [m^3/(s Pa)]
        int n = 0;               ///< delivery table points (0: no table, eta = 1)
        double rise[kMaxPoints]; ///< pressure rises [Pa]
        double eta[kMaxPoints];  ///< volumetric efficiencies
        int scratch = 0;         ///< scratch: torque, flow
        int mean = 0;            ///< means: torque, flow, heat flow
        int real = 0;            ///< cumulative heat {sum, comp}
        OilModel oil;            ///< the lab's oil (present = false: isothermal)
        OilPort oi, oo;          ///< the oil at the inlet and the outlet
        OilWall wall;            ///< heat port between the outlet's oil and heat_node
    };

    static bool compile(CompileContext& ctx, Params& p);
    /// the thermal-liquid laws (pump.cpp)
    static void evalOil(const Params& p, const EvalContext& c);

    /// volumetric efficiency and its slope at a pumped-against rise r > 0
    static void efficiency(const Params& p, double r, double& eta, double& slope)
    {
        eta = 1.0;
        slope = 0.0;
        if (p.n == 0 || r <= 0.0) return;
        if (r >= p.rise[p.n - 1]) {
            eta = p.eta[p.n - 1];
            return;
        }
        int k = 0;
        while (k + 2 < p.n && r >= p.rise[k + 1]) ++k;
        slope = (p.eta[k + 1] - p.eta[k]) / (p.rise[k + 1] - p.rise[k]);
        eta = p.eta[k] + slope * (r - p.rise[k]);
    }

    static void eval(const Params& p, const EvalContext& c)
    {
        if (p.oil.present) return evalOil(p, c);
        const double w = c.speed(p.shaft);
        const double dp = c.value(p.out) - c.value(p.in);
        const double sign = w >= 0.0 ? 1.0 : -1.0;
        double eta, slope;
        efficiency(p, dp * sign, eta, slope);
        const double q = p.d * w * eta - p.leak * dp;
        const double t = -p.d * dp;
        c.addF(p.shaft, t);
        c.addF(p.in, -q);
        c.addF(p.out, q);
        if (c.wantJacobian) {
            const double dqdw = p.d * eta;
            const double dqdp = p.d * w * slope * sign - p.leak; // d q / d dp
            c.addJ(p.shaft, p.out, -p.d);
            c.addJ(p.shaft, p.in, p.d);
            c.addJ(p.out, p.shaft, dqdw);
            c.addJ(p.out, p.out, dqdp);
            c.addJ(p.out, p.in, -dqdp);
            c.addJ(p.in, p.shaft, -dqdw);
            c.addJ(p.in, p.out, -dqdp);
            c.addJ(p.in, p.in, dqdp);
        }
        c.scratch[p.scratch] = t;
        c.scratch[p.scratch + 1] = q;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double t = c.scratch[p.scratch], q = c.scratch[p.scratch + 1];
        // heat = shaft work in - hydraulic work out
        const double heat = -c.h * (t * c.speed(p.shaft) + q * (c.value(p.out) - c.value(p.in)));
        c.acc[p.mean] += t * c.h;
        c.acc[p.mean + 1] += q * c.h;
        c.acc[p.mean + 2] += heat;
        compensatedAdd(c.real + p.real, heat);
        if (!p.oil.present) return c.heat(p.heat, heat);
        bookLoss(c, q >= 0.0 ? p.oo : p.oi, p.heat, heat);
        bookOilFlow(c, p.oil, p.oi, p.oo, q * c.h);
        p.wall.commit(c, c.scratch[p.scratch + 2]);
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
        out[2] = c.value(p.out) - c.value(p.in);
        out[3] = c.mean[p.mean + 2];
        out[4] = c.real[p.real] + c.real[p.real + 1];
    }
};

} // namespace drivelab
