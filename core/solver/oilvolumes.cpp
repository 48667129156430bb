#include "solver/oilvolumes.h"

namespace drivelab {

// Per volume, with a = V alpha, C = V / beta, increments dp, dT over the interval and stage values p_s, T_s:
//   mass:    C dp + stor - a dT = h (net inflow)            (f_p gains a dT / h)
//   energy:  C_th dT = h (what flows and losses bring) + T_s a dp - alpha p_s T_s dn - g dT
//            C_th = c rho_ref V (the state's mass); g = c (m_mid - rho_ref V), the oil mass at the
//            midpoint above the reference one, so that c m_mid dT is what the flows bring;
//            dn = C dp - a dT, the oil (reference volumes) the volume gained: the oil entering or
//            leaving carries its flow energy rho_r c (T - T_r) - alpha p T, whose -alpha p T part the
//            internal energy's -V alpha p T does not hold (docs/PHYSICS.md, "Thermal-liquid oil")
// The Jacobian is d f / d xs; dx = (xs - x0) / weight.
void oilVolumeEval(const Model& m, const EvalContext& c)
{
    const OilModel& oil = m.oil;
    for (const OilVolume& v : m.oilVolumes) {
        const int p = v.p, t = v.t;
        const double dp = c.dx[p], dT = c.dx[t];
        const double ts = v.t0 + c.xs[t], ps = c.xs[p];
        const double a = v.volume * oil.alpha, comp = v.volume / v.beta;
        const double crv = oil.c * oil.rho * v.volume;
        const double pMid = c.x0[p] + 0.5 * dp, tMid = v.t0 + c.x0[t] + 0.5 * dT;
        const double g = crv * ((pMid - oil.pRef) / v.beta - oil.alpha * (tMid - oil.tRef));
        const double dn = comp * dp - a * dT;
        const double invH = 1.0 / c.h;
        c.f[p] += a * dT * invH;
        c.f[t] += (ts * a * dp - oil.alpha * ps * ts * dn - g * dT) * invH;
        if (!c.wantJacobian) continue;
        const double wp = c.weight[p], wt = c.weight[t];
        c.addJ(p, t, a * invH / wt);
        // d/dT_s: ts a dp and -alpha p_s ts dn directly; -g dT through dT (and g's own 1/2 dT
        // dependence), dn through dT
        c.addJ(t, t, (a * dp - oil.alpha * ps * dn) * invH + (oil.alpha * ps * ts * a - g + 0.5 * crv * oil.alpha * dT) * invH / wt);
        c.addJ(t, p, (-oil.alpha * ts * dn) * invH + (ts * a - oil.alpha * ps * ts * comp - 0.5 * crv / v.beta * dT) * invH / wp);
    }
}

void oilVolumeBooks(const Model& m, State& s, const Workspace& w, double hSec, const double* drawn)
{
    const OilModel& oil = m.oil;
    for (const OilVolume& v : m.oilVolumes) {
        const std::size_t p = static_cast<std::size_t>(v.p), t = static_cast<std::size_t>(v.t);
        const double dp = w.dx[v.p], dT = w.dx[v.t];
        // the oil stored is its mass in reference volumes: compression less thermal expansion
        s.ledger.volumeStored.add(-v.volume * oil.alpha * dT);
        // the energy equation's residual is energy the books did not see
        const double rT = m.mass[t] * dT - hSec * (w.f[v.t] + drawn[v.t]);
        if (rT != 0.0) s.ledger.numerical.add(-rT);
        // the mass balance's residual moves oil that carries its flow energy
        const double stor = m.hasStorage ? w.stor[v.p] : 0.0;
        const double rp = m.mass[p] * dp + stor - hSec * (w.f[v.p] + drawn[v.p]);
        if (rp != 0.0) s.ledger.numerical.add(-rp * oil.flowEnergy(w.xs[v.p], v.t0 + w.xs[v.t]));
        // V alpha (p_s dT + T_s dp) = V alpha d(pT) only at midpoint weights
        const double extra = w.weight[v.p] - 0.5;
        if (extra != 0.0) s.ledger.numerical.add(-v.volume * oil.alpha * extra * dp * dT);
    }
}

} // namespace drivelab
