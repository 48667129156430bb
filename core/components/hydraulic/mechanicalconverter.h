#pragma once
// mechanical_converter: a rotary chamber between hydraulic node_a and shaft node_b (TF).
//   torque on the shaft = D (p - p_env);  flow drawn from node_a = D w (mass flow rho D w)
//   chamber volume V = V_dead + D theta, theta = initial_rotation + shaft angle
// The environment pressure acts on the chamber's back face: its work -D p_env w is booked
// as source work. With compressibility on, the chamber's oil adds its compliance V / beta
// to node_a (stored oil (V/beta) dp, compression energy integrated per interval).
// Thermal-liquid (node_a a volume with initial_temperature, seed 001): the mass flow is
// rho(p, T) (D w + (V/beta) dp/dt) with the chamber oil at node_a's temperature, the oil the
// chamber takes carries its thermal energy out of the node's books (and back), and heat_node
// with wall_conductance is a wall between that oil and a thermal node.
#include "compile/compilecontext.h"
#include "components/component.h"
#include "components/hydraulic/oilflow.h"

namespace drivelab {

class MechanicalConverter {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int node = -1;             ///< hydraulic node
        int shaft = kGround;       ///< rotational node
        double d = 0.0;            ///< displacement [m^3/rad]
        double vDead = 0.0;        ///< dead volume [m^3]
        double theta0 = 0.0;       ///< initial rotation [rad]
        double pEnv = 0.0;         ///< environment pressure [Pa]
        bool compressible = false; ///< chamber compliance on node_a
        double beta = 0.0;         ///< bulk modulus [Pa]
        double rho = 0.0;          ///< density [kg/m^3]
        int scratch = 0;           ///< scratch: torque, stored oil
        int mean = 0;              ///< means: torque, volumetric flow
        int real = 0;              ///< compression energy {sum, comp}
        OilModel oil;              ///< the lab's oil (present = false: isothermal; rho is the density)
        OilPort oa;                ///< the chamber's oil (node_a)
        OilWall wall;              ///< heat port between the chamber's oil and heat_node
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// the two-stage methods' storage form (solver/stagestorage.h): the chamber's compliance at the
    /// stage rotation times the stage's rate (a rate form); the scratch slot of its stored oil
    static constexpr bool kStateFunctionStorage = false;
    static int storedSlot(const Params& p) { return p.scratch + 1; }

    /// chamber volume at a shaft displacement (angle since t = 0) [m^3]
    static double volume(const Params& p, double shaftAngle) { return p.vDead + p.d * (p.theta0 + shaftAngle); }

    static void eval(const Params& p, const EvalContext& c)
    {
        const double t = p.d * (c.value(p.node) - p.pEnv);
        const double q = p.d * c.speed(p.shaft);
        c.addF(p.shaft, t);
        c.addF(p.node, -q);
        if (c.wantJacobian) {
            c.addJ(p.shaft, p.node, p.d);
            c.addJ(p.node, p.shaft, -p.d);
        }
        c.scratch[p.scratch] = t;
        if (p.wall.node >= 0) p.wall.eval(c, c.scratch[p.scratch + 2]);
    }

    static void storage(const Params& p, const EvalContext& c)
    {
        if (!p.compressible) {
            c.scratch[p.scratch + 1] = 0.0;
            return;
        }
        // compliance of the chamber oil at the stage rotation
        const double comp = volume(p, c.stageAngle(p.shaft)) / p.beta;
        const double v = comp * c.dx[p.node];
        c.stor[p.node] += v;
        c.dstor[p.node] += comp;
        c.scratch[p.scratch + 1] = v;
    }

    static bool reject(const Params& p, const CommitContext& c, std::string& why)
    {
        const double v = volume(p, c.pos0[p.shaft] + c.h * c.speed(p.shaft));
        if (v > 0.0) return false;
        why =
            "the chamber volume reached " + formatDouble(v) + " m^3 (the piston hit its end): give more dead volume or limit the rotation";
        return true;
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double t = c.scratch[p.scratch];
        const double w = c.speed(p.shaft);
        // the environment's work on the back face
        c.work(-c.h * p.d * p.pEnv * w);
        c.absorb(c.h * p.d * w);
        c.acc[p.mean] += t * c.h;
        c.acc[p.mean + 1] += p.d * w * c.h;
        const double v = c.scratch[p.scratch + 1];
        if (v != 0.0) {
            const double pMid = 0.5 * (c.startValue(p.node) + c.endValue(p.node));
            compensatedAdd(c.real + p.real, v * pMid);
            c.dissipate(v * (c.value(p.node) - pMid));
        }
        if (p.oil.present) {
            // the oil the chamber took over the interval (displaced and compressed) at its density
            const double taken = c.h * p.d * w + v;
            c.acc[p.mean + 2] += p.oil.density(c.value(p.node), c.oilT(p.oa)) * taken;
            bookOilAbsorbed(c, p.oil, p.oa, taken);
            p.wall.commit(c, c.scratch[p.scratch + 2]);
        }
    }

    static double stored(const Params& p, const ObserveContext& c) { return c.real[p.real] + c.real[p.real + 1]; }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
        out[2] = p.oil.present ? c.mean[p.mean + 2] : p.rho * c.mean[p.mean + 1];
        out[3] = volume(p, c.angle(p.shaft));
        out[4] = p.theta0 + c.angle(p.shaft);
    }
};

class HydraulicCylinder {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int a = -1;         ///< chamber A node
        int b = -1;         ///< chamber B node
        int rod = kGround;  ///< rod (translational node)
        double areaA = 0.0; ///< piston area on the A side [m^2]
        double areaB = 0.0; ///< annulus area on the B side [m^2]
        int scratch = 0;    ///< scratch: force (and the wall's heat flow)
        int mean = 0;       ///< means: force, flow drawn from A, flow returned to B
        OilModel oil;       ///< the lab's oil (present = false: isothermal)
        OilPort oa, ob;     ///< the chambers' oil
        OilWall wall;       ///< heat port between chamber A's oil and heat_node
    };

    static bool compile(CompileContext& ctx, Params& p);

    static void eval(const Params& p, const EvalContext& c)
    {
        const double f = p.areaA * c.value(p.a) - p.areaB * c.value(p.b);
        const double v = c.speed(p.rod);
        c.addF(p.rod, f);
        c.addF(p.a, -p.areaA * v);
        c.addF(p.b, p.areaB * v);
        if (c.wantJacobian) {
            c.addJ(p.rod, p.a, p.areaA);
            c.addJ(p.rod, p.b, -p.areaB);
            c.addJ(p.a, p.rod, -p.areaA);
            c.addJ(p.b, p.rod, p.areaB);
        }
        c.scratch[p.scratch] = f;
        if (p.wall.node >= 0) p.wall.eval(c, c.scratch[p.scratch + 1]);
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double v = c.speed(p.rod);
        c.acc[p.mean] += c.scratch[p.scratch] * c.h;
        c.acc[p.mean + 1] += p.areaA * v * c.h;
        c.acc[p.mean + 2] += p.areaB * v * c.h;
        c.absorb(c.h * (p.areaA - p.areaB) * v);
        if (p.oil.present) {
            // the chambers' oil moves with the piston at each node's temperature
            bookOilAbsorbed(c, p.oil, p.oa, c.h * p.areaA * v);
            bookOilAbsorbed(c, p.oil, p.ob, -c.h * p.areaB * v);
            p.wall.commit(c, c.scratch[p.scratch + 1]);
        }
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
        out[2] = c.mean[p.mean + 2];
    }
};

} // namespace drivelab
