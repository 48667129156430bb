#include "solver/gauss2.h"

#include <cmath>

#include "solver/constraints.h"
#include "solver/intervalbooks.h"
#include "solver/stageengine.h"
#include "solver/stagestorage.h"

// The books of an accepted two-stage interval (gauss2Books, solver/gauss2.h): the stage
// multipliers, radau3's numerical dissipation, the fluid books per stage

namespace drivelab {

namespace {

// radau3's numerical dissipation over an accepted interval (Radau3::kDissipation): the quadratic
// energies the states hold, E = M x^2 / 2 (inertias, compliant volumes), change by the work of the
// stage efforts less h^2/32 M (k_1 - k_2)^2 each; the elastic energy of linear springs
// E = -pos^T Jp pos / 2, with positions collocated as the speeds (stage increments h sum_j a_ij X_j,
// end increment h sum_i b_i X_i), changes by the work of the stage torques less
// h^2/32 (X_1 - X_2)^T (-Jp) (X_1 - X_2). Gauss methods have no such term (b_i a_ij + b_j a_ji = b_i b_j).
void radauDissipation(const Model& m, State& s, const Gauss2Work& g, double hSec)
{
    const int n = m.nDyn;
    const double w = 0.5 * Radau3::kDissipation * hSec * hSec;
    for (int i = 0; i < n; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        const StateKind kind = m.stateKind[k];
        if ((kind != StateKind::Mechanical && kind != StateKind::Compliant) || !(m.mass[k] > 0.0)) continue;
        if ((m.prescribedMask >> i) & 1) continue; // on its line: k_1 = k_2, its energy is the quadrature's
        const double dk = g.K[0][i] - g.K[1][i];
        const double e = w * m.mass[k] * dk * dk;
        if (e != 0.0) s.ledger.numerical.add(e);
    }
    for (int st = 0; st < 2; ++st) {
        // the springs' position Jacobian (constant for linear springs; the solve's last one)
        if (!g.positional[st]) continue;
        double e = 0.0;
        for (int i = 0; i < n; ++i) {
            const double di = g.X[0][i] - g.X[1][i];
            if (di == 0.0) continue;
            for (int j = 0; j < n; ++j) e -= di * g.Jp[st][i * kMaxDyn + j] * (g.X[0][j] - g.X[1][j]);
        }
        if (e != 0.0) s.ledger.numerical.add(w * e);
        break;
    }
}

} // namespace

void gauss2Books(const Model& m, State& s, Workspace& w, double hSec)
{
    Gauss2Work& g = *w.g2;
    const int n = m.nDyn;
    const bool radau = m.method == IntegrationMethod::Radau3;
    const double(*ainv)[2] = radau ? Radau3::ainv : Gauss2::ainv;
    const bool storage = stagesStore(m);
    // the stage storage rates (A^-1 S)_i (h sigma_i: M k_i + sigma_i = f_i + drawn_i)
    double hsig[2][kMaxDyn];
    for (int st = 0; st < 2; ++st)
        for (int i = 0; i < n; ++i) hsig[st][i] = storage ? ainv[st][0] * g.S[0][i] + ainv[st][1] * g.S[1][i] : 0.0;
    double drawn[2][kMaxDyn];
    for (int st = 0; st < 2; ++st) {
        // effort_i = M k_i + sigma_i - f(X_i): the constraint efforts of the stage
        double* l = g.lambda[st].data();
        for (int r = 0; r < m.nRows; ++r) l[r] = 0.0;
        for (int i = 0; i < n; ++i) {
            w.effort[i] = m.mass[static_cast<std::size_t>(i)] * g.K[st][i] - g.F[st][i];
            if (storage) w.effort[i] += hsig[st][i] / hSec;
        }
        if (!w.basis.identity) constraintMultipliers(w.basis, w.effort, l);
        for (int i = 0; i < n; ++i) {
            double d = 0.0;
            for (int r = 0; r < w.basis.rank; ++r) d += w.basis.G[r * kMaxDyn + i] * l[w.basis.rowSlot[r]];
            drawn[st][i] = d;
        }
    }
    if (radau) {
        radauDissipation(m, s, g, hSec);
        cylinderRadauBooks(m, s, g, hSec); // the cylinders' position Jacobian is no spring (stageengine.h)
    }
    if (m.prescribedMask) prescribedStageBooks(m, s, g, hSec, drawn);
    if (!m.hasHydraulic) return;
    const double* bw = stageWeights(m.method);
    if (storage) storageShares(m, g, bw, ainv);
    for (int i = 0; i < n; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        const bool fixed = (m.fixedMask >> i) & 1;
        if ((m.prescribedMask >> i) & 1) continue; // booked above
        if (m.stateKind[k] == StateKind::OilTemperature) continue; // booked with its volume (oilStageBooks)
        for (int st = 0; st < 2; ++st) {
            const double bh = stageWeights(m.method)[st] * hSec;
            if (fixed) {
                // the volume the reservoir or source supplies to hold its pressure over the stage's weight
                const double v = -bh * (g.F[st][i] + drawn[st][i]);
                g.supply[st][i] = v;
                if (m.stateDomain[k] != Domain::Hydraulic) continue;
                s.ledger.volumeSupplied.add(v);
                s.ledger.volumeSuppliedGross += std::fabs(v);
                s.ledger.sourceWork.add(v * w.x1[i]);
                s.ledger.sourceWorkGross += std::fabs(v * w.x1[i]);
                continue;
            }
            g.supply[st][i] = 0.0;
            // the work of the residual the solve leaves (within its tolerance) is numerical
            double r = bh * (m.mass[k] * g.K[st][i] - g.F[st][i] - drawn[st][i]);
            if (storage) r += bw[st] * hsig[st][i];
            if (r != 0.0) s.ledger.numerical.add(-r * g.X[st][i]);
        }
        if (fixed || m.stateDomain[k] != Domain::Hydraulic) continue;
        if (!storage) {
            s.ledger.volumeStored.add(m.mass[k] * w.dx[i]);
            continue;
        }
        // the stored volume: the storage rates' quadrature sum_i b_i h sigma_i, or on gauss2's
        // conservative end the volume V(p1) - V(p0) it solved for (and the rate form's quadrature)
        double stored = bw[0] * hsig[0][i] + bw[1] * hsig[1][i];
        if ((g.endSolved >> i) & 1) {
            stored = g.endStor[i] + bw[0] * g.SR[0][i] + bw[1] * g.SR[1][i];
            // the node's own volume: the stage work gave M (p_poly^2 - p0^2)/2 (the extrapolated end),
            // the state ends at p1: the difference is the conservative end's numerical share
            const double p0 = s.x[k], pp = p0 + g.endPoly[i], p1 = w.x1[i];
            const double e = 0.5 * m.mass[k] * (pp - p1) * (pp + p1);
            if (e != 0.0) s.ledger.numerical.add(e);
        }
        s.ledger.volumeStored.add(m.mass[k] * w.dx[i] + stored);
    }
    if (!m.oilVolumes.empty()) oilStageBooks(m, s, w, hSec, drawn);
}

} // namespace drivelab
