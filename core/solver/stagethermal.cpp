#include "solver/stagethermal.h"

#include <bit>

#include "solver/gauss2.h"

namespace drivelab {

namespace {

// one volume's constants
struct VolumeTerms {
    double a;    ///< V alpha [m^3/K]
    double comp; ///< C = V / beta [m^3/Pa]
    double crv;  ///< C_th = c rho_r V [J/K]
};

VolumeTerms terms(const OilModel& oil, const OilVolume& v) { return {v.volume * oil.alpha, v.volume / v.beta, oil.c * oil.rho * v.volume}; }

// g(p, T) = C_th ((p - p_r) / beta - alpha (T - T_r)): c times the oil mass above the reference one
double excessHeatCapacity(const OilModel& oil, const OilVolume& v, const VolumeTerms& k, double p, double t)
{
    return k.crv * ((p - oil.pRef) / v.beta - oil.alpha * (t - oil.tRef));
}

// a stage's h k = sum_l ainv_st,l Z_l on state i
double stageRate(const Gauss2Work& g, int st, int i, const double (*ainv)[2]) { return ainv[st][0] * g.Z[0][i] + ainv[st][1] * g.Z[1][i]; }

// add d to the Newton matrix at (stage st, state i; stage l, state k) through the basis
void addEntry(const ModeBasis& b, Gauss2Work& g, int nq, int st, int i, int l, int k, double d)
{
    constexpr int ld = kMaxStageUnknowns;
    if (d == 0.0) return;
    if (b.identity) {
        g.a[(st * nq + i) * ld + l * nq + k] += d;
        return;
    }
    const double* pi = b.P + i * kMaxDyn;
    const double* pk = b.P + k * kMaxDyn;
    for (std::uint64_t bp = b.pMask[i]; bp; bp &= bp - 1) {
        const int p = std::countr_zero(bp);
        for (std::uint64_t bq = b.pMask[k]; bq; bq &= bq - 1) {
            const int q = std::countr_zero(bq);
            g.a[(st * nq + p) * ld + l * nq + q] += pi[p] * d * pk[q];
        }
    }
}

} // namespace

void oilStageStorage(const Model& m, Gauss2Work& g, int st, const double (*ainv)[2])
{
    const OilModel& oil = m.oil;
    std::size_t n = 0;
    for (const OilVolume& v : m.oilVolumes) {
        const int p = v.p, t = v.t;
        const VolumeTerms k = terms(oil, v);
        const double ps = g.X[st][p], ts = v.t0 + g.X[st][t];
        const double hp = stageRate(g, st, p, ainv), ht = stageRate(g, st, t, ainv);
        // SR = -N h k: the mass row's -a h T', the energy row's (alpha p T C - T a) h p' + (g - alpha p T a) h T'
        const double ctp = oil.alpha * ps * ts * k.comp - ts * k.a;
        const double ctt = excessHeatCapacity(oil, v, k, ps, ts) - oil.alpha * ps * ts * k.a;
        g.SR[st][p] -= k.a * ht;
        g.SR[st][t] += ctp * hp + ctt * ht;
        // the coefficients and their slope along X at this stage's h k
        OilStageTerms& o = g.oil[st][n++];
        o.ctp = ctp;
        o.ctt = ctt;
        o.dp = oil.alpha * ts * k.comp * hp + (k.crv / v.beta - oil.alpha * ts * k.a) * ht;
        o.dt = (oil.alpha * ps * k.comp - k.a) * hp - (k.crv * oil.alpha + oil.alpha * ps * k.a) * ht;
    }
}

void oilStageJacobian(const Model& m, const ModeBasis& b, Gauss2Work& g, int nq, const double (*a)[2], const double (*ainv)[2])
{
    std::size_t n = 0;
    for (const OilVolume& v : m.oilVolumes) {
        const double av = v.volume * m.oil.alpha;
        const OilStageTerms* o[2] = {&g.oil[0][n], &g.oil[1][n]};
        ++n;
        for (int st = 0; st < 2; ++st) {
            for (int l = 0; l < 2; ++l) {
                double pt = 0.0, tp = 0.0, tt = 0.0;
                for (int j = 0; j < 2; ++j) {
                    const double w = a[st][j] * ainv[j][l];
                    pt -= w * av;
                    tp += w * o[j]->ctp;
                    tt += w * o[j]->ctt;
                }
                tp += a[st][l] * o[l]->dp;
                tt += a[st][l] * o[l]->dt;
                addEntry(b, g, nq, st, v.p, l, v.t, pt);
                addEntry(b, g, nq, st, v.t, l, v.p, tp);
                addEntry(b, g, nq, st, v.t, l, v.t, tt);
            }
        }
    }
}

void oilStageBooks(const Model& m, State& s, const Workspace& w, double hSec, const double (*drawn)[kMaxDyn])
{
    const Gauss2Work& g = *w.g2;
    const OilModel& oil = m.oil;
    const double* bw = stageWeights(m.method);
    for (const OilVolume& v : m.oilVolumes) {
        const int p = v.p, t = v.t;
        const std::size_t kp = static_cast<std::size_t>(p), kt = static_cast<std::size_t>(t);
        const VolumeTerms k = terms(oil, v);
        double quad = 0.0;
        for (int st = 0; st < 2; ++st) {
            const double ps = g.X[st][p], ts = v.t0 + g.X[st][t];
            const double hp = hSec * g.K[st][p], ht = hSec * g.K[st][t];
            // the solve's residuals over the stage's weight: the mass row's (its p part is booked
            // with every pressure's) moves oil carrying its flow energy; the energy row's is energy
            const double bh = bw[st] * hSec;
            const double rp = bh * (m.mass[kp] * g.K[st][p] - g.F[st][p] - drawn[st][p]) + bw[st] * g.SR[st][p];
            const double rt = bh * (m.mass[kt] * g.K[st][t] - g.F[st][t] - drawn[st][t]) + bw[st] * g.SR[st][t];
            if (rp != 0.0) s.ledger.numerical.add(-rp * oil.flowEnergy(ps, ts));
            if (rt != 0.0) s.ledger.numerical.add(-rt);
            // grad U . h k at the stage
            const double mass = oil.rho * v.volume * (1.0 + (ps - oil.pRef) / v.beta - oil.alpha * (ts - oil.tRef));
            const double up = oil.c * (ts - oil.tRef) * oil.rho * k.comp - k.a * ts;
            const double ut = oil.c * mass - oil.c * (ts - oil.tRef) * oil.rho * k.a - k.a * ps;
            quad += bw[st] * (up * hp + ut * ht);
        }
        // U(x1) - U(x0) from the increments (as oilEnergy): c (T0 - T_r) dm + c m1 dT - V alpha (dp T0 + p1 dT)
        const double p0 = s.x[kp], dp = w.dx[p], dT = w.dx[t];
        const double t0 = v.t0 + s.x[kt], p1 = p0 + dp;
        const double dm = oil.rho * v.volume * (dp / v.beta - oil.alpha * dT);
        const double m1 = oil.rho * v.volume * (1.0 + (p1 - oil.pRef) / v.beta - oil.alpha * (t0 + dT - oil.tRef));
        const double du = oil.c * (t0 - oil.tRef) * dm + oil.c * m1 * dT - k.a * (dp * t0 + p1 * dT);
        const double e = quad - du;
        if (e != 0.0) s.ledger.numerical.add(e);
    }
}

} // namespace drivelab
