#include "solver/constraints.h"

#include <bit>
#include <cmath>

namespace drivelab {
namespace {

// projection mobility of a massless (junction) state: it absorbs corrections first
constexpr double kJunctionMobility = 1e30;

// in-place Cholesky of an r x r SPD matrix (leading dimension kMaxDyn); lower factor
void cholesky(double* a, int r)
{
    for (int j = 0; j < r; ++j) {
        double d = a[j * kMaxDyn + j];
        for (int k = 0; k < j; ++k) d -= a[j * kMaxDyn + k] * a[j * kMaxDyn + k];
        d = std::sqrt(d > 0.0 ? d : 0.0);
        a[j * kMaxDyn + j] = d;
        for (int i = j + 1; i < r; ++i) {
            double s = a[i * kMaxDyn + j];
            for (int k = 0; k < j; ++k) s -= a[i * kMaxDyn + k] * a[j * kMaxDyn + k];
            a[i * kMaxDyn + j] = d > 0.0 ? s / d : 0.0;
        }
    }
}

// solve (L L^T) z = y in place
void choleskySolve(const double* l, int r, double* y)
{
    for (int i = 0; i < r; ++i) {
        double s = y[i];
        for (int k = 0; k < i; ++k) s -= l[i * kMaxDyn + k] * y[k];
        y[i] = l[i * kMaxDyn + i] > 0.0 ? s / l[i * kMaxDyn + i] : 0.0;
    }
    for (int i = r - 1; i >= 0; --i) {
        double s = y[i];
        for (int k = i + 1; k < r; ++k) s -= l[k * kMaxDyn + i] * y[k];
        y[i] = l[i * kMaxDyn + i] > 0.0 ? s / l[i * kMaxDyn + i] : 0.0;
    }
}

// v / mass for the projection: 0 for a fixed state, large for a massless junction
double mobility(const ModeBasis& b, const double* mass, int j, double v)
{
    if (b.fixedMask >> j & 1) return 0.0;
    return mass[j] > 0.0 ? v / mass[j] : v * kJunctionMobility;
}

} // namespace

void buildModeBasis(const ConstraintRow* rows, const int* slots, int k, int n, const double* mass, const std::uint64_t* jacobian,
                    std::uint64_t fixedMask, ModeBasis& b)
{
    b.n = n;
    b.fixedMask = fixedMask;
    // dense rows
    double g0[kMaxRows * kMaxDyn];
    double w[kMaxRows * kMaxDyn];
    double scale = 0.0;
    for (int i = 0; i < k; ++i) {
        for (int j = 0; j < n; ++j) g0[i * kMaxDyn + j] = 0.0;
        for (int t = 0; t < 3; ++t) {
            if (rows[i].node[t] >= 0) g0[i * kMaxDyn + rows[i].node[t]] += rows[i].coef[t];
        }
        for (int j = 0; j < n; ++j) {
            w[i * kMaxDyn + j] = g0[i * kMaxDyn + j];
            scale = std::fmax(scale, std::fabs(g0[i * kMaxDyn + j]));
        }
    }
    // reduced row echelon form with full pivoting over the movable columns: pivot columns
    // become dependent states; fixed states are never unknowns
    int order[kMaxRows];
    int pivotCol[kMaxDyn];
    bool used[kMaxDyn] = {};
    for (int j = 0; j < n; ++j) used[j] = (fixedMask >> j) & 1;
    for (int i = 0; i < k; ++i) order[i] = i;
    int rank = 0;
    const double tol = 1e-12 * scale;
    while (rank < k && rank < n) {
        int pi = -1, pj = -1;
        double best = tol;
        for (int ii = rank; ii < k; ++ii) {
            for (int j = 0; j < n; ++j) {
                const double v = std::fabs(w[order[ii] * kMaxDyn + j]);
                if (!used[j] && v > best) {
                    best = v;
                    pi = ii;
                    pj = j;
                }
            }
        }
        if (pi < 0) break;
        const int tmp = order[rank];
        order[rank] = order[pi];
        order[pi] = tmp;
        double* pr = w + order[rank] * kMaxDyn;
        const double piv = pr[pj];
        for (int j = 0; j < n; ++j) pr[j] /= piv;
        pr[pj] = 1.0;
        for (int ii = 0; ii < k; ++ii) {
            if (ii == rank) continue;
            double* r = w + order[ii] * kMaxDyn;
            const double f = r[pj];
            if (f == 0.0) continue;
            for (int j = 0; j < n; ++j) r[j] -= f * pr[j];
            r[pj] = 0.0;
        }
        pivotCol[rank] = pj;
        used[pj] = true;
        ++rank;
    }
    b.rank = rank;
    b.identity = rank == 0 && fixedMask == 0;
    // independent states, P and PF
    b.m = 0;
    for (int j = 0; j < n; ++j) {
        b.isDependent[j] = used[j] && !((fixedMask >> j) & 1) ? 1 : 0;
        if (!used[j]) b.ind[b.m++] = j;
    }
    for (int i = 0; i < n; ++i) {
        for (int q = 0; q < b.m; ++q) b.P[i * kMaxDyn + q] = 0.0;
        for (int f = 0; f < n; ++f) b.PF[i * kMaxDyn + f] = 0.0;
    }
    for (int q = 0; q < b.m; ++q) b.P[b.ind[q] * kMaxDyn + q] = 1.0;
    for (int r = 0; r < rank; ++r) {
        const double* pr = w + order[r] * kMaxDyn;
        for (int q = 0; q < b.m; ++q) b.P[pivotCol[r] * kMaxDyn + q] = -pr[b.ind[q]];
        for (std::uint64_t bf = fixedMask; bf; bf &= bf - 1) {
            const int f = std::countr_zero(bf);
            b.PF[pivotCol[r] * kMaxDyn + f] = -pr[f];
        }
    }
    for (int q = 0; q < b.m; ++q) {
        double s = 0.0;
        for (int i = 0; i < n; ++i) s += b.P[i * kMaxDyn + q] * b.P[i * kMaxDyn + q] * mass[i];
        b.reducedMass[q] = s;
    }
    // independent original rows, their multiplier operator and projection factor
    for (int r = 0; r < rank; ++r) {
        b.rowSlot[r] = slots[order[r]];
        for (int j = 0; j < n; ++j) b.G[r * kMaxDyn + j] = g0[order[r] * kMaxDyn + j];
    }
    double a[kMaxDyn * kMaxDyn];
    for (int r = 0; r < rank; ++r) {
        for (int s = 0; s <= r; ++s) {
            double gg = 0.0, gmg = 0.0;
            for (int j = 0; j < n; ++j) {
                // a fixed state's balance is closed by its own supply, not by the multipliers
                if (!((fixedMask >> j) & 1)) gg += b.G[r * kMaxDyn + j] * b.G[s * kMaxDyn + j];
                gmg += mobility(b, mass, j, b.G[r * kMaxDyn + j] * b.G[s * kMaxDyn + j]);
            }
            a[r * kMaxDyn + s] = a[s * kMaxDyn + r] = gg;
            b.S[r * kMaxDyn + s] = b.S[s * kMaxDyn + r] = gmg;
        }
    }
    cholesky(a, rank);
    cholesky(b.S, rank);
    // structure: P by state, then the reduced Newton matrix P^T (M - h J W) P
    for (int i = 0; i < n; ++i) {
        b.jRows[i] = jacobian[i] | (1ull << i);
        std::uint64_t mask = 0, fmask = 0;
        for (int q = 0; q < b.m; ++q) {
            if (b.P[i * kMaxDyn + q] != 0.0) mask |= 1ull << q;
        }
        for (std::uint64_t bf = fixedMask; bf; bf &= bf - 1) {
            const int f = std::countr_zero(bf);
            if (b.PF[i * kMaxDyn + f] != 0.0) fmask |= 1ull << f;
        }
        b.pMask[i] = mask;
        b.pfMask[i] = fmask;
    }
    for (int q = 0; q < b.m; ++q) b.pColMask[q] = 0;
    for (int i = 0; i < n; ++i) {
        for (std::uint64_t bq = b.pMask[i]; bq; bq &= bq - 1) b.pColMask[std::countr_zero(bq)] |= 1ull << i;
    }
    b.unitRows = 0;
    for (int i = 0; i < n; ++i) {
        if (std::popcount(b.pMask[i]) != 1) continue;
        const int q = std::countr_zero(b.pMask[i]);
        if (b.P[i * kMaxDyn + q] == 1.0 && b.pColMask[q] == (1ull << i)) b.unitRows |= 1ull << i;
    }
    std::uint64_t reduced[kMaxDyn] = {};
    for (int i = 0; i < n; ++i) {
        std::uint64_t reach = 0;
        for (std::uint64_t bj = b.jRows[i]; bj; bj &= bj - 1) reach |= b.pMask[std::countr_zero(bj)];
        b.jpMask[i] = reach;
        for (std::uint64_t bp = b.pMask[i]; bp; bp &= bp - 1) reduced[std::countr_zero(bp)] |= reach;
    }
    analyzePattern(reduced, b.m, b.lu);
    // L = (G G^T)^-1 G over the movable states, column by column
    for (int j = 0; j < n; ++j) {
        double col[kMaxDyn];
        for (int r = 0; r < rank; ++r) col[r] = ((fixedMask >> j) & 1) ? 0.0 : b.G[r * kMaxDyn + j];
        choleskySolve(a, rank, col);
        for (int r = 0; r < rank; ++r) b.L[r * kMaxDyn + j] = col[r];
    }
}

void updateDependents(const ModeBasis& b, double* x)
{
    for (int i = 0; i < b.n; ++i) {
        if (!b.isDependent[i]) continue;
        double s = 0.0;
        for (std::uint64_t bq = b.pMask[i]; bq; bq &= bq - 1) {
            const int q = std::countr_zero(bq);
            s += b.P[i * kMaxDyn + q] * x[b.ind[q]];
        }
        for (std::uint64_t bf = b.pfMask[i]; bf; bf &= bf - 1) {
            const int f = std::countr_zero(bf);
            s += b.PF[i * kMaxDyn + f] * x[f];
        }
        x[i] = s;
    }
}

void projectOntoConstraints(const ModeBasis& b, const double* mass, double* x)
{
    if (b.rank == 0) return;
    double z[kMaxDyn];
    for (int r = 0; r < b.rank; ++r) {
        double s = 0.0;
        for (int j = 0; j < b.n; ++j) s += b.G[r * kMaxDyn + j] * x[j];
        z[r] = s;
    }
    choleskySolve(b.S, b.rank, z);
    for (int j = 0; j < b.n; ++j) {
        double s = 0.0;
        for (int r = 0; r < b.rank; ++r) s += b.G[r * kMaxDyn + j] * z[r];
        if ((b.fixedMask >> j) & 1) continue;
        x[j] -= mass[j] > 0.0 ? s / mass[j] : s * kJunctionMobility;
    }
    // dependent states exactly from the independent and fixed ones
    updateDependents(b, x);
}

int unimpliedRow(const ModeBasis& b, const ConstraintRow* rows, int k, std::uint64_t prescribed)
{
    for (int r = 0; r < k; ++r) {
        // the row's coefficient on each prescribed increment through x = P q + PF x_fixed
        double scale = 0.0;
        for (int t = 0; t < 3; ++t) scale = std::fmax(scale, std::fabs(rows[r].coef[t]));
        for (std::uint64_t bf = prescribed; bf; bf &= bf - 1) {
            const int f = std::countr_zero(bf);
            double c = 0.0;
            for (int t = 0; t < 3; ++t) {
                const int i = rows[r].node[t];
                if (i < 0) continue;
                if (i == f)
                    c += rows[r].coef[t];
                else if (b.isDependent[i])
                    c += rows[r].coef[t] * b.PF[i * kMaxDyn + f];
            }
            if (std::fabs(c) > 1e-9 * scale) return r;
        }
    }
    return -1;
}

void constraintMultipliers(const ModeBasis& b, const double* effort, double* lambdaBySlot)
{
    for (int r = 0; r < b.rank; ++r) {
        double s = 0.0;
        for (int j = 0; j < b.n; ++j) s += b.L[r * kMaxDyn + j] * effort[j];
        lambdaBySlot[b.rowSlot[r]] = s;
    }
}

} // namespace drivelab
