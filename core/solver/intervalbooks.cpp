#include "solver/intervalbooks.h"

#include <bit>
#include <cmath>

#include "solver/oilvolumes.h"

namespace drivelab {

// fluid books of an accepted interval: supply of the fixed states (and its work),
// stored volume, and the integrator's dissipation in compliant node volumes
void fluidBooks(const Model& m, State& s, Workspace& w, double hSec, const double* drawn)
{
    for (int i = 0; i < m.nDyn; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        if (m.stateDomain[k] != Domain::Hydraulic) continue;
        const double stor = m.hasStorage ? w.stor[i] : 0.0;
        if (m.stateKind[k] == StateKind::Fixed) {
            // the volume the reservoir or source must supply to hold its pressure,
            // including what constraints (pressure transformers) draw from it
            const double v = stor - hSec * (w.f[i] + drawn[i]);
            w.supply[i] = v;
            s.ledger.volumeSupplied.add(v);
            s.ledger.volumeSuppliedGross += std::fabs(v);
            s.ledger.sourceWork.add(v * w.x1[i]);
            s.ledger.sourceWorkGross += std::fabs(v * w.x1[i]);
            if (stor != 0.0) s.ledger.volumeStored.add(stor);
            continue;
        }
        w.supply[i] = 0.0;
        s.ledger.volumeStored.add(m.mass[k] * w.dx[i] + stor);
    }
    // the work of the residual the solve leaves (within its tolerance) is numerical:
    // booking it keeps the books exact for fluid states, whose nonlinear storage
    // converges less tightly than the tolerance's worst case over long runs
    for (int i = 0; i < m.nDyn; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        if ((m.fixedMask >> i) & 1) continue; // held or prescribed: closed by its supply
        if (m.stateKind[k] == StateKind::OilTemperature) continue; // booked with its volume
        const double stor = m.hasStorage ? w.stor[i] : 0.0;
        const double r = m.mass[k] * w.dx[i] + stor - hSec * (w.f[i] + drawn[i]);
        if (r != 0.0) s.ledger.numerical.add(-r * w.xs[i]);
    }
    for (int i = 0; i < m.nDyn; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        if (m.stateDomain[k] != Domain::Hydraulic || m.stateKind[k] == StateKind::Fixed) continue;
        // theta > 1/2 dissipates C dp^2 (theta - 1/2) in the node's own volume
        // the interval's weight: theta states have not been updated yet
        const int slot = m.thetaSlot[k];
        const double weight = slot >= 0 ? s.theta[static_cast<std::size_t>(slot)] : m.stageWeight[k];
        const double extra = weight - 0.5;
        if (extra > 0.0 && m.mass[k] > 0.0) s.ledger.numerical.add(m.mass[k] * w.dx[i] * w.dx[i] * extra);
    }
    if (!m.oilVolumes.empty()) oilVolumeBooks(m, s, w, hSec, drawn);
}

// what the constraints of the current mode (gears, locked clutches, transformers) put into
// each state over the interval, as a mean effort: G^T lambda
void drawnEfforts(const Model& m, const Workspace& w, double* drawn)
{
    for (int i = 0; i < m.nDyn; ++i) {
        double d = 0.0;
        for (int r = 0; r < w.basis.rank; ++r) d += w.basis.G[r * kMaxDyn + i] * w.lambda[static_cast<std::size_t>(w.basis.rowSlot[r])];
        drawn[i] = d;
    }
}

namespace {
// a prescribed state's reaction impulse [N m s] at the stage speed: its work is source work
void bookReaction(State& s, double impulse, double speed)
{
    const double work = impulse * speed;
    s.ledger.sourceWork.add(work);
    s.ledger.sourceWorkGross += std::fabs(work);
}
} // namespace

// the reaction of every prescribed state (a speed source's node) over an accepted interval:
// the impulse its balance lacks, J dx - h (f + drawn) at the stage point, into `supply` for
// the component's means; its work at the stage speed is source work
void prescribedBooks(const Model& m, State& s, Workspace& w, double hSec, const double* drawn)
{
    for (std::uint64_t bp = m.prescribedMask; bp; bp &= bp - 1) {
        const int i = std::countr_zero(bp);
        const double impulse = m.mass[static_cast<std::size_t>(i)] * w.dx[i] - hSec * (w.f[i] + drawn[i]);
        w.supply[i] = impulse;
        bookReaction(s, impulse, w.xs[i]);
    }
}

void prescribedStageBooks(const Model& m, State& s, Gauss2Work& g, double hSec, const double (*drawn)[kMaxDyn])
{
    const double* bw = stageWeights(m.method);
    for (std::uint64_t bp = m.prescribedMask; bp; bp &= bp - 1) {
        const int i = std::countr_zero(bp);
        for (int st = 0; st < 2; ++st) {
            const double impulse = bw[st] * hSec * (m.mass[static_cast<std::size_t>(i)] * g.K[st][i] - g.F[st][i] - drawn[st][i]);
            g.supply[st][i] = impulse;
            bookReaction(s, impulse, g.X[st][i]);
        }
    }
}

void prescribedRates(const Model& m, const Workspace& w, double* af)
{
    const int n = m.nDyn;
    const ModeBasis& b = w.basis;
    for (int i = 0; i < n; ++i) af[i] = 0.0;
    if (!m.prescribedMask) return;
    const double inv = 1.0 / w.g2->hSolved;
    for (int i = 0; i < n; ++i) {
        if ((m.prescribedMask >> i) & 1) {
            af[i] = w.dxFixed[i] * inv;
            continue;
        }
        const double* pf = b.PF + i * kMaxDyn;
        for (std::uint64_t bf = b.pfMask[i] & m.prescribedMask; bf; bf &= bf - 1) {
            const int f = std::countr_zero(bf);
            af[i] += pf[f] * w.dxFixed[f] * inv;
        }
    }
}

} // namespace drivelab
