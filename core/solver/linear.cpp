#include "solver/linear.h"

#include <bit>
#include <cmath>
#include <utility>

namespace drivelab {

void analyzePattern(const std::uint64_t* rows, int m, LuPattern& out)
{
    out.m = m;
    const std::uint64_t all = m >= 64 ? ~0ull : ((1ull << m) - 1);
    std::uint64_t g[kMaxDyn];
    for (int i = 0; i < m; ++i) g[i] = (rows[i] | (1ull << i)) & all;
    // symmetrize
    for (int i = 0; i < m; ++i) {
        for (std::uint64_t b = g[i]; b; b &= b - 1) g[std::countr_zero(b)] |= 1ull << i;
    }
    // greedy minimum degree on the elimination graph (ties: lowest index), recording fill
    std::uint64_t remaining = all;
    std::uint64_t done = 0;
    for (int k = 0; k < m; ++k) {
        int best = -1, bestDeg = 1 << 30;
        for (std::uint64_t b = remaining; b; b &= b - 1) {
            const int i = std::countr_zero(b);
            const int deg = std::popcount(g[i] & remaining);
            if (deg < bestDeg) {
                bestDeg = deg;
                best = i;
            }
        }
        out.order[k] = best;
        remaining &= ~(1ull << best);
        // eliminating best connects its remaining neighbours pairwise
        const std::uint64_t nb = g[best] & remaining;
        for (std::uint64_t b = nb; b; b &= b - 1) g[std::countr_zero(b)] |= nb;
        done |= 1ull << best;
        out.later[k] = remaining;
    }
    out.hasFill = false;
    for (int i = 0; i < m; ++i) {
        out.fill[i] = g[i];
        std::uint64_t input = (rows[i] | (1ull << i)) & all;
        for (int j = 0; j < m; ++j) {
            if (rows[j] >> i & 1) input |= 1ull << j;
        }
        out.hasFill = out.hasFill || g[i] != input;
    }
}

void clearPattern(const LuPattern& p, double* a)
{
    for (int i = 0; i < p.m; ++i) {
        double* row = a + i * kMaxDyn;
        for (std::uint64_t b = p.fill[i]; b; b &= b - 1) row[std::countr_zero(b)] = 0.0;
    }
}

bool sparseSolve(const LuPattern& p, double* a, double* rhs, const double* diag0)
{
    const int m = p.m;
    if (m == 1) {
        const int i = p.order[0];
        const double d = a[i * kMaxDyn + i];
        if (!(std::fabs(d) > 1e-10 * std::fabs(diag0[i])) || !(std::fabs(d) < HUGE_VAL)) return false;
        rhs[i] = rhs[i] / d;
        return true;
    }
    if (m == 2) {
        // the general loop below, unrolled (same operations, same rounding)
        const int i = p.order[0], j = p.order[1];
        const bool coupled = (p.fill[i] >> j) & 1;
        double* ri = a + i * kMaxDyn;
        double* rj = a + j * kMaxDyn;
        const double di = ri[i];
        if (!(std::fabs(di) > 1e-10 * std::fabs(diag0[i])) || !(std::fabs(di) < HUGE_VAL)) return false;
        if (coupled) {
            const double f = rj[i] * (1.0 / di);
            if (f != 0.0) {
                rj[j] -= f * ri[j];
                rhs[j] -= f * rhs[i];
            }
        }
        const double dj = rj[j];
        if (!(std::fabs(dj) > 1e-10 * std::fabs(diag0[j])) || !(std::fabs(dj) < HUGE_VAL)) return false;
        rhs[j] = rhs[j] / dj;
        double v = rhs[i];
        if (coupled) v -= ri[j] * rhs[j];
        rhs[i] = v / di;
        return true;
    }
    for (int k = 0; k < m; ++k) {
        const int piv = p.order[k];
        double* prow = a + piv * kMaxDyn;
        const double d = prow[piv];
        const std::uint64_t rest = p.fill[piv] & p.later[k];
        if (!(std::fabs(d) > 1e-10 * std::fabs(diag0[piv])) || !(std::fabs(d) < HUGE_VAL)) return false;
        const double inv = 1.0 / d;
        for (std::uint64_t bi = rest; bi; bi &= bi - 1) {
            const int i = std::countr_zero(bi);
            double* row = a + i * kMaxDyn;
            const double f = row[piv] * inv;
            if (f == 0.0) continue;
            for (std::uint64_t bj = rest; bj; bj &= bj - 1) {
                const int j = std::countr_zero(bj);
                row[j] -= f * prow[j];
            }
            rhs[i] -= f * rhs[piv];
        }
    }
    for (int k = m - 1; k >= 0; --k) {
        const int piv = p.order[k];
        const double* prow = a + piv * kMaxDyn;
        double v = rhs[piv];
        for (std::uint64_t b = p.fill[piv] & p.later[k]; b; b &= b - 1) {
            const int j = std::countr_zero(b);
            v -= prow[j] * rhs[j];
        }
        rhs[piv] = v / prow[piv];
    }
    return true;
}

bool denseFactor(double* a, int m, int* piv, int ld)
{
    for (int k = 0; k < m; ++k) {
        int p = k;
        double best = std::fabs(a[k * ld + k]);
        for (int i = k + 1; i < m; ++i) {
            const double v = std::fabs(a[i * ld + k]);
            if (v > best) {
                best = v;
                p = i;
            }
        }
        if (!(best > 0.0) || !std::isfinite(best)) return false;
        piv[k] = p;
        // the rows' remaining columns only: the multipliers left of k stay where step k's
        // elimination wrote them, so denseSubstitute replays the steps in their order
        if (p != k)
            for (int j = k; j < m; ++j) std::swap(a[k * ld + j], a[p * ld + j]);
        const double inv = 1.0 / a[k * ld + k];
        for (int i = k + 1; i < m; ++i) {
            const double f = a[i * ld + k] * inv;
            a[i * ld + k] = f;
            if (f == 0.0) continue;
            for (int j = k + 1; j < m; ++j) a[i * ld + j] -= f * a[k * ld + j];
        }
    }
    return true;
}

void denseSubstitute(const double* a, int m, const int* piv, double* rhs, int ld)
{
    for (int k = 0; k < m; ++k) {
        if (piv[k] != k) std::swap(rhs[k], rhs[piv[k]]);
        for (int i = k + 1; i < m; ++i) {
            const double f = a[i * ld + k];
            if (f != 0.0) rhs[i] -= f * rhs[k];
        }
    }
    for (int i = m - 1; i >= 0; --i) {
        double v = rhs[i];
        for (int j = i + 1; j < m; ++j) v -= a[i * ld + j] * rhs[j];
        rhs[i] = v / a[i * ld + i];
    }
}

bool denseSolve(double* a, int m, double* rhs, int ld)
{
    int piv[2 * kMaxDyn];
    if (!denseFactor(a, m, piv, ld)) return false;
    denseSubstitute(a, m, piv, rhs, ld);
    return true;
}

} // namespace drivelab
