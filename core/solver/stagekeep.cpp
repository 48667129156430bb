// keepStageStart (declared in solver/gauss2.h): the collocation polynomial and the factored Newton
// matrix a two-stage solve leaves for the next interval (solver/stagekeep.h).
#include "solver/gauss2.h"
#include "solver/stagekeep.h"
#include "solver/stageengine.h"

namespace drivelab {

namespace {
template <class R> void keepPolynomial(const Model& m, State& s, const Workspace& w, double hSec)
{
    const Gauss2Work& g = *w.g2;
    const int n = m.nDyn;
    double* endRate = s.stagePoly.data();
    double* slope = endRate + n;
    // the collocation polynomial's rate is the line through (c_1 h, k_1) and (c_2 h, k_2)
    const double dc = R::c[1] - R::c[0];
    for (int i = 0; i < n; ++i) {
        const double dk = g.K[1][i] - g.K[0][i];
        endRate[i] = g.K[1][i] + (1.0 - R::c[1]) / dc * dk;
        slope[i] = dk / (dc * hSec);
    }
    writeInterval(endRate + 2 * n, hSec, w.basis.key);
}
} // namespace

void keepStageStart(const Model& m, State& s, const Workspace& w, double hSec)
{
    if (m.method == IntegrationMethod::Radau3)
        keepPolynomial<Radau3>(m, s, w, hSec);
    else
        keepPolynomial<Gauss2>(m, s, w, hSec);
    const Gauss2Work& g = *w.g2;
    double* head = s.stageNewton.data();
    // not with thermal-liquid volumes nor constraint rows: there the kept matrix's iterates, accepted
    // within the tolerance rather than at rounding, left the volume books 1.1e-11 off (thermal-lockup,
    // radau3) and the energy books 7e-11 of the energy moved (shift-schedule, through the multipliers)
    if (!g.keepFactors || !m.oilVolumes.empty() || m.nRows > 0) {
        head[0] = 0.0;
        return;
    }
    if (!g.freshFactors) return; // the solve used the kept matrix, which stays
    const int N = 2 * w.basis.m, kn = 2 * m.nDyn;
    head[0] = static_cast<double>(N);
    writeInterval(head + 1, hSec, w.basis.key);
    double* lu = head + kKeptHead;
    for (int u = 0; u < N; ++u) {
        for (int v = 0; v < N; ++v) lu[u * kn + v] = g.a[u * kMaxStageUnknowns + v];
        lu[kn * kn + u] = static_cast<double>(g.piv[u]);
        lu[kn * kn + kn + u] = g.diag[u];
    }
}

} // namespace drivelab
