// instantMultipliers (declared in solver/gauss2.h): the constraint multipliers at an instant inside
// the last solved interval, with every signal-bound input at its value there.
#include <bit>
#include <cmath>

#include "compile/signalcompile.h"
#include "solver/constraints.h"
#include "solver/expand.h"
#include "solver/gauss2.h"
#include "solver/intervalbooks.h"
#include "solver/intervalcontext.h"
#include "solver/linear.h"
#include "solver/stepper.h"

namespace drivelab {

bool instantMultipliers(const Model& m, State& s, Workspace& w, const double* x, double tNs, double hSec)
{
    Gauss2Work& g = *w.g2;
    const ModeBasis& b = w.basis;
    const int n = m.nDyn, nq = b.m;
    const double* mass = m.mass.data();
    for (double& l : g.lambdaEnd) l = 0.0;
    for (int i = 0; i < n; ++i) g.xe[i] = x[i];
    // every signal-bound input at its value at tNs (the interval holds their means)
    const std::size_t nb = m.bindings.size();
    for (std::size_t k = 0; k < nb; ++k) {
        const InputBinding& bd = m.bindings[k];
        const std::size_t slot = static_cast<std::size_t>(bd.slot);
        g.heldInputs[k] = s.real[slot];
        if (bd.signal >= 0 && s.flag[static_cast<std::size_t>(bd.flag)])
            s.real[slot] = bindingValue(bd, m.timeSignals[static_cast<std::size_t>(bd.signal)], tNs * 1e-9);
    }
    if (m.bindingsHoldStates && holdInputStates(m, g.xe, s.real.data())) updateDependents(b, g.xe);
    // the efforts there
    EvalContext c;
    instantContext(c, m, s, w, hSec, tNs, x == s.x.data(), false);
    for (int i = 0; i < n; ++i) g.fe[i] = 0.0;
    for (EvalHook hook : m.evalHooks) hook(m, c);
    // the interval's inputs back (in reverse: a slot bound twice gets its first value)
    for (std::size_t k = nb; k-- > 0;) s.real[static_cast<std::size_t>(m.bindings[k].slot)] = g.heldInputs[k];
    if (b.rank == 0) return true;
    // the constrained rates: P^T M P q' = P^T (f - M PF af), a = P q' + PF af, with af the
    // prescribed states' rates (their lines over the last solved interval: dxFixed / its length)
    double af[kMaxDyn];
    prescribedRates(m, w, af);
    for (int p = 0; p < nq; ++p) {
        g.qe[p] = 0.0;
        for (int q = 0; q < nq; ++q) g.pe[p * kMaxDyn + q] = 0.0;
    }
    for (int i = 0; i < n; ++i) {
        const double* pr = b.P + i * kMaxDyn;
        const double fi = g.fe[i] - mass[i] * af[i];
        for (std::uint64_t bp = b.pMask[i]; bp; bp &= bp - 1) {
            const int p = std::countr_zero(bp);
            g.qe[p] += pr[p] * fi;
            for (std::uint64_t bq = b.pMask[i]; bq; bq &= bq - 1) {
                const int q = std::countr_zero(bq);
                g.pe[p * kMaxDyn + q] += pr[p] * mass[i] * pr[q];
            }
        }
    }
    // an unknown without mass (a pressure without volume: a junction, an accumulator's port) has no
    // rate here; it takes none (it is in no constraint row, so no multiplier reads it)
    for (int p = 0; p < nq; ++p) {
        bool empty = true;
        for (int q = 0; q < nq && empty; ++q) empty = g.pe[p * kMaxDyn + q] == 0.0;
        if (empty) {
            g.pe[p * kMaxDyn + p] = 1.0;
            g.qe[p] = 0.0;
        }
    }
    if (!denseSolve(g.pe, nq, g.qe)) return false;
    expandOnBasis(b, n, g.qe, g.ae);
    // lambda = L (M a - f)
    for (int i = 0; i < n; ++i) {
        g.ae[i] += af[i];
        const double ma = mass[i] * g.ae[i];
        g.effortE[i] = ma - g.fe[i];
        g.scaleE[i] = std::fabs(ma) + std::fabs(g.fe[i]);
    }
    constraintMultipliers(b, g.effortE, g.lambdaEnd.data());
    return true;
}

} // namespace drivelab
