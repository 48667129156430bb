#pragma once
// torque_converter: the quasi-steady hydrodynamic converter of LAB_FORMAT section 2.
//
//   driver D = the member with the larger |speed| (pump wins a tie), follower F
//   s = wF / wD in [-1, 1];  R(s), C(s) linear between map knots, never extrapolated
//   T_D = -C(s) wD |wD|      T_F = R(s) C(s) wD |wD|      T_stator = -(T_pump + T_turbine)
//   heat power = C(s) |wD|^3 (1 - s R(s))
//
// The driver's sign picks one of four maps (drive code 1..4). Reactions are evaluated
// at the interval's stage speeds inside the coupled Newton solve, with the analytic
// piecewise Jacobian below.
#include "compile/compilecontext.h"
#include "components/component.h"
#include "components/hydraulic/oilflow.h"

namespace drivelab {

class TorqueConverter {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading (analysis/bondgraphreading.h)
    static void bondGraph(BondGraphReading& r);
    static constexpr int kMaxPoints = 32;
    static constexpr const char* kMapNames[4] = {"pump_positive", "pump_negative", "turbine_positive", "turbine_negative"};

    /// one validated, owned map
    struct Map {
        int n = 0;             ///< knots
        double s[kMaxPoints];  ///< speed ratio knots, -1 .. 1 strictly increasing
        double r[kMaxPoints];  ///< torque ratio at the knots
        double c[kMaxPoints];  ///< capacity coefficient at the knots [N m s^2/rad^2]
        double dr[kMaxPoints]; ///< slope of R on segment k
        double dc[kMaxPoints]; ///< slope of C on segment k
    };

    /// compiled parameters
    struct Params {
        int pump = kGround;    ///< pump node
        int turbine = kGround; ///< turbine node
        int heat = -1;         ///< thermal node index, -1: external ledger
        Map map[4];            ///< pump_positive, pump_negative, turbine_positive, turbine_negative
        int scratch = 0;       ///< scratch: pump torque, turbine torque
        int mean = 0;          ///< means: pump torque, turbine torque, heat flow
        int real = 0;          ///< cumulative fluid heat {sum, comp}
        OilPort oil;           ///< thermal-liquid volume taking the fluid heat (oil_node), or none
    };

    /// reactions and their derivatives at one pair of speeds
    struct Reaction {
        double tp = 0.0, tt = 0.0;   ///< torque on pump, on turbine [N m]
        double dpp = 0.0, dpt = 0.0; ///< d tp / d wp, d tp / d wt
        double dtp = 0.0, dtt = 0.0; ///< d tt / d wp, d tt / d wt
        double s = 0.0;              ///< speed ratio
        int drive = 0;               ///< 0 stopped, 1..4 map in use
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// which member drives and with which map: 0 stopped, 1 pump +, 2 pump -, 3 turbine +, 4 turbine -
    static int driveCode(double wp, double wt)
    {
        if (wp == 0.0 && wt == 0.0) return 0;
        if (std::fabs(wp) >= std::fabs(wt)) return wp >= 0.0 ? 1 : 2;
        return wt > 0.0 ? 3 : 4;
    }

    /// R(s), C(s) and their slopes on the segment holding s
    static void lookup(const Map& m, double s, double& r, double& c, double& dr, double& dc)
    {
        // largest k in [0, n-2] with s_k <= s
        int lo = 0, hi = m.n - 2;
        while (lo < hi) {
            const int mid = (lo + hi + 1) / 2;
            if (m.s[mid] <= s)
                lo = mid;
            else
                hi = mid - 1;
        }
        dr = m.dr[lo];
        dc = m.dc[lo];
        r = m.r[lo] + dr * (s - m.s[lo]);
        c = m.c[lo] + dc * (s - m.s[lo]);
    }

    /// reactions at pump speed wp and turbine speed wt
    static void react(const Params& p, double wp, double wt, Reaction& out)
    {
        out.drive = driveCode(wp, wt);
        if (out.drive == 0) {
            out = Reaction{};
            return;
        }
        const bool pumpDrives = out.drive <= 2;
        const double d = pumpDrives ? wp : wt;
        const double f = pumpDrives ? wt : wp;
        const double s = f / d;
        double r, c, dr, dc;
        lookup(p.map[out.drive - 1], s, r, c, dr, dc);
        const double ad = std::fabs(d);
        const double g = d * ad;
        const double k = r * c;
        const double dk = dr * c + r * dc;
        const double tD = -c * g;
        const double tF = k * g;
        // analytic derivatives: ds/dD = -s/D, ds/dF = 1/D, d(D|D|)/dD = 2|D|
        const double dDD = ad * (dc * s - 2.0 * c);
        const double dDF = -dc * ad;
        const double dFD = ad * (2.0 * k - s * dk);
        const double dFF = dk * ad;
        out.s = s;
        if (pumpDrives) {
            out.tp = tD;
            out.tt = tF;
            out.dpp = dDD;
            out.dpt = dDF;
            out.dtp = dFD;
            out.dtt = dFF;
        } else {
            out.tt = tD;
            out.tp = tF;
            out.dtt = dDD;
            out.dtp = dDF;
            out.dpt = dFD;
            out.dpp = dFF;
        }
    }

    /// heat power C |wD|^3 (1 - s R(s)) at a pair of speeds [W]
    static double heatPower(const Params& p, double wp, double wt)
    {
        const int drive = driveCode(wp, wt);
        if (drive == 0) return 0.0;
        const double d = drive <= 2 ? wp : wt, f = drive <= 2 ? wt : wp;
        const double s = f / d;
        double r, c, dr, dc;
        lookup(p.map[drive - 1], s, r, c, dr, dc);
        const double ad = std::fabs(d);
        return c * ad * ad * ad * (1.0 - s * r);
    }

    static void eval(const Params& p, const EvalContext& c)
    {
        Reaction r;
        react(p, c.speed(p.pump), c.speed(p.turbine), r);
        c.addF(p.pump, r.tp);
        c.addF(p.turbine, r.tt);
        if (c.wantJacobian) {
            c.addJ(p.pump, p.pump, r.dpp);
            c.addJ(p.pump, p.turbine, r.dpt);
            c.addJ(p.turbine, p.pump, r.dtp);
            c.addJ(p.turbine, p.turbine, r.dtt);
        }
        c.scratch[p.scratch] = r.tp;
        c.scratch[p.scratch + 1] = r.tt;
        if (p.oil.t >= 0) oilHeat(p, c, r);
    }

    /// the fluid heat -(tp wp + tt wt) heats the oil in the same solve (eval of a converter with an
    /// oil; out of line so that eval stays small enough to inline into the solver's evaluation)
    static void oilHeat(const Params& p, const EvalContext& c, const Reaction& r);

    /// interval heat -h (Tp wp + Tt wt) at the stage speeds [J]
    static double intervalHeat(const Params& p, const CommitContext& c)
    {
        return -c.h * (c.scratch[p.scratch] * c.speed(p.pump) + c.scratch[p.scratch + 1] * c.speed(p.turbine));
    }

    /// true when the interval's heat is negative beyond the rounding of the solved speeds
    static bool rejects(const Params& p, const CommitContext& c, double& heat, double& bound)
    {
        constexpr double eps = 2.220446049250313e-16;
        heat = intervalHeat(p, c);
        bound = 0.0;
        if (heat >= 0.0) return false;
        const double tolP = 2e-12 + 64.0 * eps * (std::fabs(c.x0[p.pump]) + std::fabs(c.x1[p.pump]));
        const double tolT = 2e-12 + 64.0 * eps * (std::fabs(c.x0[p.turbine]) + std::fabs(c.x1[p.turbine]));
        const double tp = c.scratch[p.scratch], tt = c.scratch[p.scratch + 1];
        // speed errors within the Newton tolerance, plus the rounding of the two products
        bound = c.h * (std::fabs(tp) * tolP + std::fabs(tt) * tolT) +
                8.0 * eps * c.h * (std::fabs(tp * c.speed(p.pump)) + std::fabs(tt * c.speed(p.turbine)));
        return heat < -bound;
    }

    /// the solver's reject hook: a negative interval heat beyond rounding (rejects) refuses the interval
    static bool reject(const Params& p, const CommitContext& c, std::string& why);

    static void commit(const Params& p, const CommitContext& c)
    {
        const double tp = c.scratch[p.scratch];
        const double tt = c.scratch[p.scratch + 1];
        // rounding-sized negatives clamp to zero (rejects() refused anything larger); the oil
        // took the exact value in the solve
        const double q = p.oil.t >= 0 ? intervalHeat(p, c) : std::max(0.0, intervalHeat(p, c));
        c.acc[p.mean] += tp * c.h;
        c.acc[p.mean + 1] += tt * c.h;
        c.acc[p.mean + 2] += q;
        compensatedAdd(c.real + p.real, q);
        bookLoss(c, p.oil, p.heat, q);
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        const double wp = c.speed(p.pump), wt = c.speed(p.turbine);
        const int drive = driveCode(wp, wt);
        out[0] = c.mean[p.mean];
        out[1] = c.mean[p.mean + 1];
        out[2] = 0.0 - (c.mean[p.mean] + c.mean[p.mean + 1]);
        out[3] = c.mean[p.mean + 2];
        out[4] = c.real[p.real] + c.real[p.real + 1];
        out[5] = drive == 0 ? 0.0 : (drive <= 2 ? wt / wp : wp / wt);
        out[6] = drive;
    }
};

} // namespace drivelab
