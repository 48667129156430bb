#pragma once
// tyre: a driven or braked wheel's longitudinal slip (issue 35) between the wheel's shaft node_a
// (w_w) and the vehicle's node node_b (w_v; a vehicle_body on it with the same wheel_radius r:
// v = r w_v, the speed the wheel would turn at without slip). Its wheel_inertia J_w joins node_a's
// inertia at compile time. With the normal load Fz (static), the road's friction factor mu (the
// `friction_scale` input) and Pacejka's Magic Formula coefficients B, C, D, E:
//
//   slip speed   s = r w_w - v                         (the contact patch sliding over the road)
//   slip         k = s / max(|v|, v_low)               (v_low: `low_speed`, the regularised denominator)
//   force        F = mu D Fz sin(C atan(B k - E (B k - atan(B k))))   on the vehicle (+ along v)
//   torques      T_v = r F on node_b,  T_w = -r F on node_a
//   slip power   F s >= 0 (F has the sign of k for C <= 2, E <= 1): heat to heat_node or the ledger
//
// The peak mu D Fz is at the slip k* with B k* - E (B k* - atan(B k*)) = tan(pi / (2 C)) (C > 1;
// peakSlip). For |v| < v_low the slip's denominator is v_low: at standstill the tyre is a damper
// c = dF/ds = mu B C D Fz / v_low between the wheel's rim and the vehicle, never singular.
//
// Stiffness (the low-speed treatment): the slip mode relaxes with the rate
// lambda = c r^2 (1/J_w + 1/J_vehicle) ~ mu B C D Fz r^2 / (J_w max(|v|, v_low)), 1e4-1e5 1/s
// near standstill, far above 1/h. The implicit midpoint's ratio (1 - h lambda/2)/(1 + h lambda/2)
// then tends to -1: the slip would change sign every tick (chatter). So the tyre evaluates its
// force at the point x_th = x0 + th (x1 - x0) of each interval instead of the stage (th = 1/2):
//
//   z  = h mu B C D Fz r^2 / (J_w max(|v0|, v_low))    (v0: the interval's start; J_w = 0: z = inf)
//   th = 1/2 for z <= 1 (the midpoint, second order), 1 - 1/(2 z) beyond (-> 1, backward Euler)
//
// the stiffness-adaptive rule of the compliant pressures: the slip's ratio
// (1 - (1 - th) h lambda)/(1 + th h lambda) stays >= 0 for any h lambda <= 2 z, i.e. whenever
// the vehicle's side carries at least J_w (any vehicle): the slip settles without a sign change.
// On the Newton: d x_th / d xs = th / w (w = 1/2, the stage weight), so the Jacobian entries
// are th/w dF/dw; the torques stay the work on the stage speeds, and the slip heat is
// h F(x_th) s_stage: the books close at rounding for any th.
//
// With gauss2 and radau3 (EvalContext::collocation) the force is taken at each stage's own speeds
// X_i, the collocation's (no fraction: a point between x0 and x1 held at both stages would cap the
// order at 2), the Jacobian entries plain dF/dw, and each stage books b_i h F(X_i) s(X_i): the
// books close at rounding as for the midpoint. The slip mode near standstill (h lambda >> 1) is
// then the method's: radau3 damps it (R -> 0), gauss2 keeps it (R -> 1, no sign change; the
// slip relaxes over ticks instead of at once: use radau3 or the midpoint for launches from rest).
#include <cmath>

#include "compile/compilecontext.h"
#include "components/component.h"
#include "util/compensated.h"

namespace drivelab {

class Tyre {
public:
    static const ComponentDescriptor& descriptor();
    /// its bond-graph reading: an R (slip) on the relative motion of wheel and vehicle
    static void bondGraph(BondGraphReading& r);

    /// compiled parameters
    struct Params {
        int a = kGround;    ///< wheel shaft node (w_w)
        int b = kGround;    ///< vehicle node (v = r w_v)
        int heat = -1;      ///< thermal node taking the slip heat, -1: the ledger
        int mu = 0;         ///< real slot of the friction_scale input [-]
        int scratch = 0;    ///< scratch: F at the last evaluation [N]
        int mean = 0;       ///< means: force, slip power
        int real = 0;       ///< real state {sum, comp}: slip heat [J]
        double r = 0.0;     ///< wheel radius [m]
        double fz = 0.0;    ///< normal load [N]
        double b_ = 0.0;    ///< B, stiffness factor [-]
        double c_ = 0.0;    ///< C, shape factor [-]
        double d_ = 0.0;    ///< D, peak friction coefficient [-]
        double e_ = 0.0;    ///< E, curvature factor [-]
        double vLow = 0.1;  ///< low-speed denominator v_low [m/s]
        double jw = 0.0;    ///< wheel inertia J_w [kg m^2]
    };

    static bool compile(CompileContext& ctx, Params& p);

    /// the Magic Formula's force per unit peak (mu D Fz = 1) at slip k, and its slope d/dk
    static double shape(const Params& p, double k, double& slope)
    {
        const double u = p.b_ * k;
        const double phi = u - p.e_ * (u - std::atan(u));
        const double dphi = p.b_ * (1.0 - p.e_ + p.e_ / (1.0 + u * u));
        const double angle = p.c_ * std::atan(phi);
        slope = std::cos(angle) * p.c_ / (1.0 + phi * phi) * dphi;
        return std::sin(angle);
    }

    /// the slip k* of the peak force (C > 1): B k* - E (B k* - atan(B k*)) = tan(pi / (2 C));
    /// infinity for C <= 1 (the force rises to its limit without a peak)
    static double peakSlip(double b, double c, double e);

    /// the stage fraction th of an interval of length h starting at vehicle speed v0 (header)
    static double stageFraction(const Params& p, double h, double mu, double v0)
    {
        if (!(p.jw > 0.0)) return 1.0;
        const double z = h * mu * p.b_ * p.c_ * p.d_ * p.fz * p.r * p.r / (p.jw * std::fmax(std::fabs(v0), p.vLow));
        return z <= 1.0 ? 0.5 : 1.0 - 0.5 / z;
    }

    /// the slip k at wheel speed ww and vehicle node speed wv
    static double slip(const Params& p, double ww, double wv) { return p.r * (ww - wv) / std::fmax(std::fabs(p.r * wv), p.vLow); }

    static void eval(const Params& p, const EvalContext& c)
    {
        const double mu = c.real[p.mu];
        const double x0a = p.a >= 0 ? c.x0[p.a] : 0.0, x0b = p.b >= 0 ? c.x0[p.b] : 0.0;
        // the point x0 + th dx where the force is taken; gauss2, radau3: the stage itself (header)
        const double th = c.collocation ? 0.0 : stageFraction(p, c.h, mu, p.r * x0b);
        const double wa = c.collocation ? c.speed(p.a) : (p.a >= 0 ? x0a + th * c.dx[p.a] : 0.0);
        const double wb = c.collocation ? c.speed(p.b) : (p.b >= 0 ? x0b + th * c.dx[p.b] : 0.0);
        const double v = p.r * wb, s = p.r * (wa - wb);
        const bool low = std::fabs(v) < p.vLow;
        const double den = low ? p.vLow : std::fabs(v);
        double slope;
        const double peak = mu * p.d_ * p.fz;
        const double f = peak * shape(p, s / den, slope);
        c.addF(p.a, -p.r * f);
        c.addF(p.b, p.r * f);
        c.scratch[p.scratch] = f;
        if (!c.wantJacobian) return;
        // dk/dw_a = r / den; dk/dw_b = -r / den - s sign(v) r / den^2 beyond the band
        const double dfdk = peak * slope;
        const double dka = p.r / den, dkb = -p.r / den - (low ? 0.0 : s * (v > 0.0 ? 1.0 : -1.0) * p.r / (den * den));
        const double ga = c.collocation ? 1.0 : (p.a >= 0 ? th / c.weight[p.a] : 0.0);
        const double gb = c.collocation ? 1.0 : (p.b >= 0 ? th / c.weight[p.b] : 0.0);
        c.addJ(p.a, p.a, -p.r * dfdk * dka * ga);
        c.addJ(p.a, p.b, -p.r * dfdk * dkb * gb);
        c.addJ(p.b, p.a, p.r * dfdk * dka * ga);
        c.addJ(p.b, p.b, p.r * dfdk * dkb * gb);
    }

    static void commit(const Params& p, const CommitContext& c)
    {
        const double f = c.scratch[p.scratch];
        const double s = p.r * (c.speed(p.a) - c.speed(p.b)); // stage slip speed [m/s]
        const double q = f * s * c.h;                         // minus the work of its torques on the stage speeds [J]
        c.heat(p.heat, q);
        compensatedAdd(c.real + p.real, q);
        c.acc[p.mean] += f * c.h;
        c.acc[p.mean + 1] += q;
    }

    static void observe(const Params& p, const ObserveContext& c, double* out)
    {
        const double ww = c.speed(p.a), wv = c.speed(p.b);
        out[0] = c.mean[p.mean];
        out[1] = -p.r * c.mean[p.mean];
        out[2] = slip(p, ww, wv);
        out[3] = p.r * (ww - wv);
        out[4] = c.mean[p.mean + 1];
        out[5] = c.real[p.real] + c.real[p.real + 1];
    }
};

} // namespace drivelab
