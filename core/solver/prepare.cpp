// Outside the tick: the workspace, the constraint basis of a clutch mode, the stage weights,
// boundary inputs and the initial state (declared in solver/stepper.h).
#include <cmath>

#include "solver/gauss2.h"
#include "solver/linear.h"
#include "solver/newton.h"
#include "solver/stepper.h"
#include "components/registry.h"

namespace drivelab {

Workspace::Workspace(const Model& m)
    : scratch(static_cast<std::size_t>(m.nScratch), 0.0), acc(static_cast<std::size_t>(m.nMean), 0.0),
      lambda(static_cast<std::size_t>(m.nRows), 0.0), heatIn(static_cast<std::size_t>(m.nTherm), 0.0),
      thermalD0(static_cast<std::size_t>(m.nTherm), 0.0), signalStore(m.timeSignals.size())
{
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (HasThermal<T>) thermalNetwork = thermalNetwork || !m.params->of<T>().empty();
    });
    if (twoStage(m.method)) g2 = std::make_shared<Gauss2Work>(m);
    // each session runs its own instance of every imported FMU, made here (never inside a tick)
    fmus.reserve(m.fmus.size());
    for (const FmuBinding& b : m.fmus) fmus.push_back(makeFmuSlot(b));
    if (thermalNetwork) thermalA.assign(static_cast<std::size_t>(kMaxDyn) * kMaxDyn, 0.0);
    for (const auto& p : m.params->of<Clutch>()) {
        int bound = -1; // the last binding of the slot wins, as in applyBindings
        for (std::size_t k = 0; k < m.bindings.size(); ++k)
            if (p.pressure < 0 && m.bindings[k].slot == p.capacity && m.bindings[k].signal >= 0) bound = static_cast<int>(k);
        capacityBinding.push_back(bound);
    }
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (HasConstraint<T>) {
            for (const auto& p : m.params->of<T>()) {
                T::constraint(p, rows[nPermanentRows]);
                rowSlots[nPermanentRows] = p.row;
                ++nPermanentRows;
            }
        }
    });
}

void ensureBasis(const Model& m, const State& s, Workspace& w)
{
    const std::uint64_t key = lockMask(m, s);
    if (key == w.basis.key && w.basis.n == m.nDyn) return;
    int k = w.nPermanentRows;
    for (const auto& p : m.params->of<Clutch>()) {
        if (!Clutch::locked(p, s.flag.data())) continue;
        w.rows[k] = ConstraintRow{};
        Clutch::lockRow(p, w.rows[k]);
        w.rowSlots[k] = p.row;
        ++k;
    }
    buildModeBasis(w.rows, w.rowSlots, k, m.nDyn, m.mass.data(), m.jacobianPattern.data(), m.fixedMask, w.basis);
    w.basis.key = key;
}

void updateStageWeights(const Model& m, State& s, const Workspace& w, double hSec)
{
    // theta = 1/2 (second order) while the pressure mode is resolved; for a time constant
    // C/G shorter than h/2, theta = 1 - C/(G h) makes the step monotone (no ringing)
    for (int i = 0; i < m.nDyn; ++i) {
        const int slot = m.thetaSlot[static_cast<std::size_t>(i)];
        if (slot < 0) continue;
        const double c = m.mass[static_cast<std::size_t>(i)] + (m.hasStorage ? w.dstor[i] : 0.0);
        const double g = -w.jac[i * kMaxDyn + i];
        double theta = 0.5;
        if (!(c > 0.0)) {
            theta = 1.0;
        } else if (g > 0.0) {
            const double z = hSec * g / c;
            if (z > 2.0) theta = 1.0 - 1.0 / z;
        }
        s.theta[static_cast<std::size_t>(slot)] = theta;
    }
}

bool holdInputStates(const Model& m, double* x, const double* real)
{
    bool changed = false;
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (HasApplyInputs<T>) {
            for (const auto& p : m.params->of<T>()) changed = T::applyInputs(p, x, real) || changed;
        }
    });
    return changed;
}

void applyInputs(const Model& m, State& s, Workspace& w)
{
    if (holdInputStates(m, s.x.data(), s.real.data())) {
        ensureBasis(m, s, w);
        updateDependents(w.basis, s.x.data());
    }
}

void prepareInitialState(const Model& m, State& s, Workspace& w)
{
    ensureBasis(m, s, w);
    applyInputs(m, s, w);
    bool junctions = false;
    for (StateKind k : m.stateKind) junctions = junctions || k == StateKind::Algebraic;
    if (junctions) {
        // junction pressures consistent with everything else at t = 0: an interval so short
        // that only the massless states move (prescribed speeds stay where they start)
        for (double& d : w.dxFixed) d = 0.0;
        int worst = 0;
        if (solveInterval(m, s, w, 1e-6 * m.h, 0.0, worst)) {
            for (int i = 0; i < m.nDyn; ++i) {
                if (m.stateKind[static_cast<std::size_t>(i)] == StateKind::Algebraic) s.x[static_cast<std::size_t>(i)] = w.x1[i];
            }
            updateDependents(w.basis, s.x.data());
        }
    }
    if (m.nTheta > 0) {
        evaluateAtStart(m, s, w, m.h, 0.5 * static_cast<double>(m.tickNs));
        updateStageWeights(m, s, w, m.h);
    }
    s.ledger.kineticInitial = kineticEnergy(m, s);
    s.ledger.storedInitial = storedEnergy(m, s);
}

} // namespace drivelab
