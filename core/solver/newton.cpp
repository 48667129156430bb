#include "solver/newton.h"

#include <bit>
#include <cmath>

#include "solver/expand.h"
#include "solver/intervalcontext.h"
#include "solver/linear.h"
#include "solver/oilvolumes.h"
#include "solver/roundingbound.h"

namespace drivelab {
namespace {

constexpr double kEps = 2.220446049250313e-16;

// std::fmax's value without the libm call (a NaN operand yields the other)
inline double maxOf(double a, double b)
{
    if (a != a) return b;
    if (b != b) return a;
    return a < b ? b : a;
}

// One interval's Newton problem on the independent unknowns of the current mode:
//   r = M dx + stor(dx) - h f(x0 + W dx) = 0   (reduced by P^T)
// instantiated per kind of problem (an identity basis: no active constraint; fluid storage in
// the model) so the common small case runs without the general case's branches; every
// instantiation performs the same floating-point operations in the same order as the others
// would on its problem (bit-identical results, whichever path)
template <bool Identity, bool Storage>
class Interval {
public:
    Interval(const Model& m, const State& s, Workspace& w, double h, double tMidNs)
        : m(m), s(s), w(w), b(w.basis), n(m.nDyn), h(h), x0(s.x.data()), mass(m.mass.data()), invMass(m.invMass.data()),
          prescribed(m.prescribedMask)
    {
        if (m.nTheta == 0) {
            weight = m.stageWeight.data();
        } else {
            for (int i = 0; i < n; ++i) {
                const int slot = m.thetaSlot[static_cast<std::size_t>(i)];
                w.weight[i] = slot >= 0 ? s.theta[static_cast<std::size_t>(slot)] : m.stageWeight[static_cast<std::size_t>(i)];
            }
            weight = w.weight;
        }
        if constexpr (Identity && !Storage) {
            for (int q = 0; q < b.m; ++q) m_scale[q] = mass[q];
        }
        setIntervalContext(c, m, s, w.dx, h);
        c.xs = w.xs;
        c.weight = weight;
        c.tMidNs = tMidNs;
        c.f = w.f;
        c.jac = w.jac;
        c.scratch = w.scratch.data();
        c.shortcuts = &w.stats.shortcuts;
        c.stor = w.stor;
        c.dstor = w.dstor;
        // (the identity storage-free case reads the diagonal only after a Newton matrix set it)
        if constexpr (!Identity || Storage)
            for (int q = 0; q < b.m; ++q) m_diag[q] = 0.0;
    }

    bool solve(int& worstNode)
    {
        ++w.stats.solves;
        // predictor: the last accepted rate over this interval. Residuals are compared in the
        // unknown's units (rad/s, m/s, Pa: scaled by its mass or compliance) with two yardsticks:
        //  - relative to the change over the interval, 64 eps |dq|: the only way to accept the
        //    predictor without a Newton step. An absolute tolerance here would let a predictor
        //    whose error has one sign tick after tick (the rate's own change, O(h^2)) through at
        //    small ticks, and that bias grows with the tick count: refinement would stop
        //    converging (issue 21: below 1 us it got worse);
        //  - after a Newton step, 2e-12 + 64 eps (|value| + |prediction|), the value's own
        //    rounding: the step has removed the predictor's error up to its square, and what is
        //    left is the evaluation's rounding (a small sum of large torques);
        //    or, in the residual's own units, 64 eps of the magnitudes of the terms summed into
        //    it (roundingBound, solver/roundingbound.h): the rounding it carries however close
        //    the unknown is. On a stiff node (h G much larger than the compliance C) that
        //    exceeds the first yardstick, which the residual could then never meet (issue 33:
        //    two laminar orifices at 10 MPa, their flows' rounding scaled by h/C). It is a
        //    rounding bound, not a looser tolerance: where h J is small against the mass it
        //    lies within the first yardstick (no shipped lab's result moved).
        // The second only from the second Newton step on: the first leaves the square of the
        // predictor's error, the second rounding (and a solve that meets the first yardstick
        // by then never evaluates the second). A line-search trial that meets them is taken:
        // on a stiff node the residual's rounding is noise a norm cannot be made to decrease
        // through.
        double bufA[kMaxDyn], bufB[kMaxDyn];
        double* dq = bufA;
        double* trialDq = bufB;
        for (int q = 0; q < b.m; ++q) {
            const int i = b.ind[q];
            dq[q] = s.rate[static_cast<std::size_t>(i)] * h;
            m_tol[q] = m.atol[static_cast<std::size_t>(i)] + 64.0 * kEps * (std::fabs(x0[i]) + std::fabs(x0[i] + dq[q]));
        }
        expand(dq);
        evaluate(true);
        bool haveJacobian = true;
        // the line search compares residual norms with one scale per unknown for the whole
        // solve (a storage element switching on must not change the yardstick mid-search)
        m_normScaleFrozen = false;
        double norm = residual();
        for (int it = 0;; ++it) {
            bool converged = std::isfinite(norm);
            if (it == 0) {
                for (int q = 0; q < b.m && converged; ++q) converged = std::fabs(w.res[q]) <= 64.0 * kEps * std::fabs(dq[q]) * m_scale[q];
            } else {
                converged = converged && withinTolerance(it >= 2);
            }
            if (converged) return finish();
            if (it == kMaxNewtonIterations || !std::isfinite(norm)) break;
            ++w.stats.newtonIterations;
            // trial points are evaluated without the Jacobian (they usually converge);
            // re-evaluate with it when another step is needed
            if (!haveJacobian) {
                evaluate(true);
                haveJacobian = true;
            }
            if (!step()) break;
            if (!m_normScaleFrozen) {
                for (int q = 0; q < b.m; ++q) m_normScale[q] = maxOf(m_scale[q], std::fabs(m_diag[q]));
                m_normScaleFrozen = true;
                norm = residualNorm(); // the same residual in the frozen scale
            }
            // a step whose every component is below the tolerance needs no line search
            bool small = true;
            for (int q = 0; q < b.m; ++q) small = small && std::fabs(w.delta[q]) <= m_tol[q];
            double alpha = 1.0, trial = norm;
            for (int ls = 0; ls <= kMaxLineSearchHalvings; ++ls) {
                for (int q = 0; q < b.m; ++q) trialDq[q] = dq[q] + alpha * w.delta[q];
                expand(trialDq);
                evaluate(false);
                haveJacobian = false;
                trial = residual();
                if (small || trial < norm || ls == kMaxLineSearchHalvings) break;
                if (it >= 1 && std::isfinite(trial) && withinTolerance(true)) break;
                alpha *= 0.5;
            }
            std::swap(dq, trialDq);
            norm = trial;
        }
        worstNode = worstState();
        return false;
    }

    /// evaluate at dx = 0 (stage = start) with the Jacobian
    void evaluateAtStart()
    {
        for (int i = 0; i < n; ++i) w.dx[i] = 0.0;
        evaluate(true);
    }

private:
    const Model& m;
    const State& s;
    Workspace& w;
    const ModeBasis& b;
    const int n;
    const double h;
    const double* x0;
    const double* mass;
    const double* invMass;
    const double* weight = nullptr;
    static constexpr bool storage = Storage;
    const std::uint64_t prescribed; // states with a prescribed increment (Model::prescribedMask)
    EvalContext c;
    double m_diag[kMaxDyn];      // diagonal of the last reduced Newton matrix
    double m_tol[kMaxDyn];       // residual tolerance per unknown, in its own units
    double m_scale[kMaxDyn];     // mass or compliance scaling the residual to those units
    double m_normScale[kMaxDyn]; // the line search's scale, frozen at the first step of a solve
    bool m_normScaleFrozen = false;
    std::uint64_t m_trapped = 0; // unknowns whose Newton row is empty

    bool finish()
    {
        for (int i = 0; i < n; ++i) w.x1[i] = x0[i] + w.dx[i];
        return true;
    }

    // dx = P dq (fixed states stay put); with prescribed states (speed sources) those move by
    // their prescribed increments and their dependents by PF dxFixed
    void expand(const double* dq)
    {
        if constexpr (Identity) {
            for (int i = 0; i < n; ++i) w.dx[i] = dq[i];
            return;
        } else {
            expandOnBasis(b, n, dq, w.dx);
            if (!prescribed) return;
        }
        for (int i = 0; i < n; ++i) {
            if ((prescribed >> i) & 1) {
                w.dx[i] = w.dxFixed[i];
                continue;
            }
            const double* pf = b.PF + i * kMaxDyn;
            for (std::uint64_t bf = b.pfMask[i] & prescribed; bf; bf &= bf - 1) {
                const int f = std::countr_zero(bf);
                w.dx[i] += pf[f] * w.dxFixed[f];
            }
        }
    }

    // efforts (and the Jacobian on its structure), stored fluid, at the stage point
    void evaluate(bool wantJacobian)
    {
        for (int i = 0; i < n; ++i) {
            w.xs[i] = x0[i] + weight[i] * w.dx[i];
            w.f[i] = 0.0;
        }
        if constexpr (Storage) {
            for (int i = 0; i < n; ++i) {
                w.stor[i] = 0.0;
                w.dstor[i] = 0.0;
            }
        }
        if (wantJacobian) {
            for (int i = 0; i < n; ++i) {
                double* row = w.jac + i * kMaxDyn;
                for (std::uint64_t bj = b.jRows[i]; bj; bj &= bj - 1) row[std::countr_zero(bj)] = 0.0;
            }
        }
        c.wantJacobian = wantJacobian;
        for (EvalHook hook : m.evalHooks) hook(m, c);
        for (EvalHook hook : m.storageHooks) hook(m, c);
        if (!m.oilVolumes.empty()) oilVolumeEval(m, c);
        updateScale();
    }

    // the mass or compliance that turns each reduced residual into the unknown's units;
    // a junction without compliance uses its Newton matrix diagonal
    void updateScale()
    {
        if constexpr (Identity && !Storage) return; // the masses, set once

        for (int q = 0; q < b.m; ++q) {
            double sc = Identity ? mass[q] : b.reducedMass[q];
            if constexpr (Storage) {
                if constexpr (Identity) {
                    sc += w.dstor[q];
                } else {
                    for (std::uint64_t bi = b.pColMask[q]; bi; bi &= bi - 1) {
                        const int i = std::countr_zero(bi);
                        const double p = b.P[i * kMaxDyn + q];
                        sc += p * p * w.dstor[i];
                    }
                }
            }
            m_scale[q] = sc > 0.0 ? sc : std::fabs(m_diag[q]);
        }
    }

    // reduced residual P^T (M dx + stor - h f) into w.res and its squared norm in the unknowns' units
    double residual()
    {
        if constexpr (Identity) {
            for (int i = 0; i < n; ++i)
                w.res[i] = storage ? mass[i] * w.dx[i] + w.stor[i] - h * w.f[i] : mass[i] * w.dx[i] - h * w.f[i];
            return residualNorm();
        } else {
        // each unknown's row of P^T gathered in ascending state order (the sum's order is the
        // structure's, whatever the loop nest)
        double r[kMaxDyn];
        for (int i = 0; i < n; ++i) r[i] = storage ? mass[i] * w.dx[i] + w.stor[i] - h * w.f[i] : mass[i] * w.dx[i] - h * w.f[i];
        for (int q = 0; q < b.m; ++q) {
            double acc = 0.0;
            for (std::uint64_t bi = b.pColMask[q]; bi; bi &= bi - 1) {
                const int i = std::countr_zero(bi);
                acc += b.P[i * kMaxDyn + q] * r[i];
            }
            w.res[q] = acc;
        }
        return residualNorm();
        }
    }

    // every reduced residual within its unknown's tolerance or (with `rounding`) its own rounding
    bool withinTolerance(bool rounding) const
    {
        for (int q = 0; q < b.m; ++q) {
            const double r = std::fabs(w.res[q]);
            if (r <= m_tol[q] * m_scale[q]) continue;
            if (!rounding || !(r <= kRoundingMultiple * roundingBound(q))) return false;
        }
        return true;
    }

    // the magnitudes of unknown q's residual terms (solver/roundingbound.h): |M dx|, |stor| and
    // h sum_j |J_ij xs_j|, with the last Jacobian evaluated (a trial point keeps its
    // predecessor's: a magnitude, not a derivative). Asked for only when the unknown's own
    // yardstick is not met, so a solve that meets it pays nothing.
    double roundingBound(int q) const
    {
        return reducedMagnitude(b, q, [&](int i) {
            double sum = std::fabs(mass[i] * w.dx[i]) + h * effortMagnitude(w.jac + i * kMaxDyn, b.jRows[i], w.xs);
            if constexpr (Storage) sum += std::fabs(w.stor[i]);
            return sum;
        });
    }

    // the squared norm of w.res in the unknowns' units (the line search's frozen scale once set)
    double residualNorm() const
    {
        double norm = 0.0;
        for (int q = 0; q < b.m; ++q) {
            double scaled;
            if (Identity && !Storage && mass[q] > 0.0) {
                scaled = w.res[q] * invMass[q];
            } else {
                const double sc = m_normScaleFrozen ? m_normScale[q] : m_scale[q];
                scaled = sc > 0.0 ? w.res[q] / sc : w.res[q];
            }
            norm += scaled * scaled;
        }
        return norm;
    }

    // the reduced Newton matrix P^T (M + dstor - h J W) P on its structure
    void matrix()
    {
        if constexpr (Identity) {
            // every entry of the structure is assigned; only fill positions need clearing
            if (b.lu.hasFill) clearPattern(b.lu, w.a);
            for (int i = 0; i < n; ++i) {
                const double* jr = w.jac + i * kMaxDyn;
                double* ar = w.a + i * kMaxDyn;
                for (std::uint64_t bj = b.jRows[i]; bj; bj &= bj - 1) {
                    const int j = std::countr_zero(bj);
                    ar[j] = -h * jr[j] * weight[j];
                }
                ar[i] += mass[i];
                if (storage) ar[i] += w.dstor[i];
                m_diag[i] = ar[i];
            }
            afterMatrix();
            return;
        } else {
        clearPattern(b.lu, w.a);
        for (int i = 0; i < n; ++i) {
            // row i of (M + dstor - h J W) P on the unknowns it reaches (ModeBasis::jpMask), each
            // entry summed over the columns j in ascending order, then scattered by P(i, :)
            if (!b.pMask[i]) continue;
            const std::uint64_t reach = b.jpMask[i];
            // a unit row sums straight into its own row of the matrix (cleared above; the same
            // sums from zero as in a buffer, and the scatter by P(i, q) = 1 is exact)
            const bool unit = (b.unitRows >> i) & 1;
            double buf[kMaxDyn];
            double* ap = unit ? w.a + std::countr_zero(b.pMask[i]) * kMaxDyn : buf;
            if (!unit)
                for (std::uint64_t bq = reach; bq; bq &= bq - 1) ap[std::countr_zero(bq)] = 0.0;
            const double* jr = w.jac + i * kMaxDyn;
            for (std::uint64_t bj = b.jRows[i]; bj; bj &= bj - 1) {
                const int j = std::countr_zero(bj);
                double v = -h * jr[j] * weight[j];
                if (j == i) v += storage ? mass[i] + w.dstor[i] : mass[i];
                const double* pj = b.P + j * kMaxDyn;
                for (std::uint64_t bq = b.pMask[j]; bq; bq &= bq - 1) {
                    const int q = std::countr_zero(bq);
                    ap[q] += v * pj[q];
                }
            }
            if (unit) continue;
            const double* pi = b.P + i * kMaxDyn;
            for (std::uint64_t bp = b.pMask[i]; bp; bp &= bp - 1) {
                const int p = std::countr_zero(bp);
                double* ar = w.a + p * kMaxDyn;
                for (std::uint64_t bq = reach; bq; bq &= bq - 1) {
                    const int q = std::countr_zero(bq);
                    ar[q] += pi[p] * ap[q];
                }
            }
        }
        for (int q = 0; q < b.m; ++q) m_diag[q] = w.a[q * kMaxDyn + q];
        afterMatrix();
        }
    }

    // junctions without compliance take their residual scale from the matrix diagonal; a
    // junction cut off from everything (all its valves closed) keeps its pressure
    void afterMatrix()
    {
        for (int q = 0; q < b.m; ++q) {
            if (m_diag[q] == 0.0 && m_scale[q] == 0.0) {
                w.a[q * kMaxDyn + q] = 1.0;
                m_diag[q] = 1.0;
                m_trapped |= 1ull << q;
            }
            if (!(m_scale[q] > 0.0)) m_scale[q] = std::fabs(m_diag[q]);
        }
    }

    // Newton step: solve A delta = -res (static-pivot sparse LU, dense fallback)
    bool step()
    {
        m_trapped = 0;
        matrix();
        for (int q = 0; q < b.m; ++q) w.delta[q] = (m_trapped >> q & 1) ? 0.0 : -w.res[q];
        if (sparseSolve(b.lu, w.a, w.delta, m_diag)) return true;
        // rebuild and use partial pivoting over the full reduced matrix
        for (int p = 0; p < b.m; ++p) {
            for (int q = 0; q < b.m; ++q) w.a[p * kMaxDyn + q] = 0.0;
        }
        matrix();
        for (int q = 0; q < b.m; ++q) w.delta[q] = (m_trapped >> q & 1) ? 0.0 : -w.res[q];
        return denseSolve(w.a, b.m, w.delta);
    }

    int worstState() const
    {
        int worst = 0;
        double best = -1.0;
        for (int i = 0; i < n; ++i) {
            if ((b.fixedMask >> i) & 1) continue;
            const double r = std::fabs(mass[i] * w.dx[i] - h * w.f[i]) * (mass[i] > 0.0 ? invMass[i] : 1.0);
            if (!std::isfinite(r)) return i;
            if (r > best) {
                best = r;
                worst = i;
            }
        }
        return worst;
    }
};

// the instantiation for this interval's kind of problem
template <class F>
decltype(auto) onKind(const Model& m, const Workspace& w, F&& f)
{
    if (w.basis.identity) return m.hasStorage ? f.template operator()<true, true>() : f.template operator()<true, false>();
    return m.hasStorage ? f.template operator()<false, true>() : f.template operator()<false, false>();
}

} // namespace

bool solveInterval(const Model& m, const State& s, Workspace& w, double h, double tMidNs, int& worstNode)
{
    return onKind(m, w, [&]<bool I, bool S>() { return Interval<I, S>(m, s, w, h, tMidNs).solve(worstNode); });
}

void evaluateAtStart(const Model& m, const State& s, Workspace& w, double h, double tMidNs)
{
    onKind(m, w, [&]<bool I, bool S>() { Interval<I, S>(m, s, w, h, tMidNs).evaluateAtStart(); });
}

} // namespace drivelab
