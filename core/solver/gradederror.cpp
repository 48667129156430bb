#include "solver/gradederror.h"

#include <cmath>

#include "solver/gauss2.h"

namespace drivelab {

bool gradedStartRates(const Model& m, State& s, Workspace& w, double hSec, double tStartNs, double* a0, double* peak)
{
    // the inputs just after the start (a step at it has happened), as the first stage sees them
    const double tNs = tStartNs + 16.0 * 2.220446049250313e-16 * std::fabs(tStartNs);
    if (!instantMultipliers(m, s, w, s.x.data(), tNs, hSec)) return false;
    // (without constraint rows instantMultipliers solves no rates: each is its effort over its mass)
    const Gauss2Work& g = *w.g2;
    for (int i = 0; i < m.nDyn; ++i) {
        const double mass = m.mass[static_cast<std::size_t>(i)];
        a0[i] = w.basis.rank > 0 ? g.ae[i] : mass > 0.0 ? g.fe[i] / mass : 0.0;
        peak[i] = std::fmax(peak[i], std::fabs(a0[i]));
    }
    return true;
}

double gradedErrorNorm(const Model& m, const State& s, const Workspace& w, double hSec, const double* a0, const double* peak, double rtol)
{
    const Gauss2Work& g = *w.g2;
    double worst = 0.0;
    for (int i = 0; i < m.nDyn; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        if (((w.basis.fixedMask | m.prescribedMask) >> i & 1) || !(m.mass[k] > 0.0)) continue; // no rate of its own
        const double err = kGradedGamma0 * hSec * (a0[i] - 1.5 * g.K[0][i] + 0.5 * g.K[1][i]);
        const double sc = m.atol[k] + rtol * std::fmax(std::fmax(std::fabs(s.x[k]), std::fabs(w.x1[i])), m.h * peak[i]);
        worst = std::fmax(worst, std::fabs(err) / sc);
    }
    return worst;
}

} // namespace drivelab
