#include "solver/stageend.h"

#include <bit>
#include <cmath>

#include "solver/gauss2.h"
#include "solver/intervalcontext.h"
#include "solver/linear.h"
#include "solver/roundingbound.h"

namespace drivelab {

void instantContext(EvalContext& c, const Model& m, const State& s, Workspace& w, double hSec, double tNs, bool atStart, bool wantJacobian)
{
    Gauss2Work& g = *w.g2;
    setIntervalContext(c, m, s, w.dx, hSec);
    c.xs = g.xe;
    c.tMidNs = tNs;
    c.stageFraction = atStart ? 0.0 : 1.0;
    // the positions there: the start's, or the end's of the last solve (its stages' quadrature)
    const double* bw = stageWeights(m.method);
    for (int i = 0; i < m.nDyn; ++i) g.dposE[i] = atStart ? 0.0 : hSec * (bw[0] * g.X[0][i] + bw[1] * g.X[1][i]);
    c.dpos = g.dposE;
    c.f = g.fe;
    c.stor = g.storE;
    c.dstor = g.dstorE;
    c.jac = g.je;
    c.wantJacobian = wantJacobian;
    c.scratch = g.scratchEnd.data();
}

std::uint64_t algebraicEndNodes(const Model& m, const ModeBasis& b, std::uint64_t emptyStorage)
{
    std::uint64_t nodes = 0;
    for (int i = 0; i < m.nDyn; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        const bool algebraic = m.stateKind[k] == StateKind::Algebraic || (((emptyStorage >> i) & 1) && m.mass[k] == 0.0);
        if (!algebraic) continue;
        if (!b.identity) {
            if (b.isDependent[i]) continue;
            bool own = false;
            for (int q = 0; q < b.m; ++q) own = own || (b.ind[q] == i && b.pColMask[q] == 1ull << i);
            if (!own) continue;
        }
        nodes |= 1ull << i;
    }
    return nodes;
}

bool algebraicEnd(const Model& m, const State& s, Workspace& w, double h, double tNs, std::uint64_t nodes)
{
    Gauss2Work& g = *w.g2;
    const int n = m.nDyn;
    int idx[kMaxDyn];
    int k = 0;
    for (std::uint64_t bm = nodes; bm; bm &= bm - 1) idx[k++] = std::countr_zero(bm);
    if (k == 0) return true;
    double start[kMaxDyn];
    for (int a = 0; a < k; ++a) start[a] = w.dx[idx[a]];
    EvalContext c;
    instantContext(c, m, s, w, h, tNs, false, true);
    double* a = g.pe; // k x k, leading dimension kMaxDyn (the multipliers' scratch, free here)
    bool smallStep = false;
    for (int it = 0; it < 24; ++it) {
        for (int i = 0; i < n; ++i) {
            g.xe[i] = s.x[static_cast<std::size_t>(i)] + w.dx[i];
            g.fe[i] = 0.0;
            for (int j = 0; j < n; ++j) g.je[i * kMaxDyn + j] = 0.0;
        }
        for (EvalHook hook : m.evalHooks) hook(m, c);
        // converged: every balance within the rounding of its terms, or the last step within the
        // pressures' own tolerance (m.atol + 64 eps |p|)
        bool within = true, finite = true;
        for (int u = 0; u < k; ++u) {
            const int i = idx[u];
            const double* row = g.je + i * kMaxDyn;
            double mag = 0.0;
            for (int j = 0; j < n; ++j) mag += std::fabs(row[j] * g.xe[j]);
            finite = finite && std::isfinite(g.fe[i]);
            within = within && std::fabs(g.fe[i]) <= kRoundingMultiple * mag;
            g.qe[u] = -g.fe[i];
            for (int v = 0; v < k; ++v) a[u * kMaxDyn + v] = row[idx[v]];
        }
        if (!finite) break;
        if (within || smallStep) return true;
        if (!denseSolve(a, k, g.qe)) break;
        smallStep = true;
        for (int u = 0; u < k; ++u) {
            const int i = idx[u];
            w.dx[i] += g.qe[u];
            const double x = s.x[static_cast<std::size_t>(i)] + w.dx[i];
            smallStep = smallStep && std::fabs(g.qe[u]) <= m.atol[static_cast<std::size_t>(i)] + kRoundingMultiple * std::fabs(x);
        }
    }
    for (int u = 0; u < k; ++u) w.dx[idx[u]] = start[u];
    return false;
}

} // namespace drivelab
