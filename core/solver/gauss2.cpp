#include "solver/gauss2.h"

#include <bit>
#include <cmath>
#include <type_traits>

#include "compile/signalcompile.h"
#include "solver/constraints.h"
#include "solver/expand.h"
#include "solver/intervalbooks.h"
#include "solver/intervalcontext.h"
#include "solver/linear.h"
#include "solver/roundingbound.h"
#include "solver/stageend.h"
#include "solver/stageengine.h"
#include "solver/stagekeep.h"
#include "solver/stagestorage.h"
#include "solver/stepper.h"

namespace drivelab {

Gauss2Work::Gauss2Work(const Model& m)
{
    for (int i = 0; i < 2; ++i) {
        scratch[i].assign(static_cast<std::size_t>(m.nScratch), 0.0);
        lambda[i].assign(static_cast<std::size_t>(m.nRows), 0.0);
    }
    scratchEnd.assign(static_cast<std::size_t>(m.nScratch), 0.0);
    lambdaEnd.assign(static_cast<std::size_t>(m.nRows), 0.0);
    heldInputs.assign(m.bindings.size(), 0.0);
    sfNodes = m.hasStorage ? stateFunctionStorageNodes(m) : 0;
    for (StateKind k : m.stateKind) algebraic = algebraic || k == StateKind::Algebraic;
}

namespace {

constexpr double kStageEps = 2.220446049250313e-16;
constexpr int kLd = kMaxStageUnknowns;
// The coupled Newton problem of both stages on the independent unknowns q of the mode:
//   r_i = P^T (M Z_i - h sum_j a_ij f(x0 + Z_j)) = 0,   Z_i = P dq_i   (i = 1, 2)
template <class R> class Stages {
public:
    Stages(const Model& m, const State& s, Workspace& w, double h, double tStartNs)
        : m(m), s(s), w(w), g(*w.g2), b(w.basis), n(m.nDyn), nq(w.basis.m), h(h), x0(s.x.data()), mass(m.mass.data()),
          storage(stagesStore(m))
    {
        setIntervalContext(c, m, s, w.dx, h);
        c.shortcuts = &w.stats.shortcuts;
        c.stor = w.stor;
        c.dstor = w.dstor;
        // a stage at the interval's end (radau3's second) takes the inputs from inside the
        // interval, 16 ulp before its end: a source step at the end has not happened yet
        const double tEndNs = tStartNs + h * 1e9;
        tEnd = tEndNs - 16.0 * kStageEps * std::fabs(tEndNs);
        for (int i = 0; i < 2; ++i) tStage[i] = R::c[i] == 1.0 ? tEnd : tStartNs + R::c[i] * h * 1e9;
        for (int q = 0; q < nq; ++q) g.scale[q] = b.identity ? mass[q] : b.reducedMass[q];
    }

    bool solve(int& worstNode)
    {
        ++w.stats.solves;
        g.hSolved = h;
        // start: the last interval's collocation polynomial continued over this one (Hairer-Wanner
        // IV.8), Z_i = u(t1 + c_i h) - u(t1) = c_i h u'(t1) + (c_i h)^2 u''/2, when that interval had
        // this length and this mode; else the last accepted rate, Z_i = c_i h rate. Tolerances as
        // the midpoint's (newton.cpp): the start is accepted only within 64 eps of the change, a
        // Newton iterate within the value's rounding 2e-12 + 64 eps (|x0| + |x0 + h rate|)
        double* dq = g.dq[0];
        double* trial = g.dq[1];
        const bool extrapolate = continuesPolynomial();
        const double* endRate = s.stagePoly.data();
        const double* slope = endRate + n;
        for (int q = 0; q < nq; ++q) {
            const int i = b.ind[q];
            const double d = s.rate[static_cast<std::size_t>(i)] * h;
            for (int st = 0; st < 2; ++st) {
                const double ch = R::c[st] * h;
                dq[st * nq + q] = extrapolate ? ch * endRate[i] + 0.5 * slope[i] * ch * ch : R::c[st] * d;
            }
            g.tol[q] = m.atol[static_cast<std::size_t>(i)] + 64.0 * kStageEps * (std::fabs(x0[i]) + std::fabs(x0[i] + d));
        }
        expand(dq);
        evaluate(true);
        bool haveJacobian = true; // the last evaluation's Jacobians are at the current iterate
        // the factors: the kept ones (State::stageNewton) when the last interval had this length
        // and mode, else this solve's own in g.a (factored at the first iteration)
        const int N = 2 * nq;
        bool factored = keptFits(N);
        const double* lu = s.stageNewton.data() + kKeptHead;
        const int kn = 2 * n; // the kept factors' leading dimension
        int ld = kn;
        int piv[kMaxStageUnknowns];
        const double* diag = lu + kn * kn + kn;
        if (factored)
            for (int u = 0; u < N; ++u) piv[u] = static_cast<int>(lu[kn * kn + u]);
        g.freshFactors = false;
        frozen = false;
        double norm = residual();
        double lastStep = 0.0; // the last Newton step's size in its tolerances (the contraction's yardstick)
        for (int it = 0;; ++it) {
            bool converged = std::isfinite(norm);
            if (it == 0) {
                for (int u = 0; u < N && converged; ++u)
                    converged = std::fabs(g.res[u]) <= 64.0 * kStageEps * std::fabs(dq[u]) * g.scale[u % nq];
            } else {
                converged = converged && withinTolerance(it >= 2);
            }
            if (converged) {
                // one iteration: the matrix contracts fast enough to serve the next interval too
                g.keepFactors = it <= 1;
                return finish();
            }
            if (it == kMaxIterations || !std::isfinite(norm)) break;
            ++w.stats.newtonIterations;
            // simplified Newton: one factored matrix serves every iteration while they contract
            // fast; a slow one (or a halved step) refreshes it at the iterate
            if (!factored) {
                if (!haveJacobian) {
                    evaluate(true);
                    haveJacobian = true;
                }
                matrix();
                if (!denseFactor(g.a, N, g.piv, kLd)) break;
                ++w.stats.factorizations;
                factored = g.freshFactors = true;
                lu = g.a;
                ld = kLd;
                for (int u = 0; u < N; ++u) piv[u] = g.piv[u];
                diag = g.diag;
            }
            for (int u = 0; u < N; ++u) g.delta[u] = -g.res[u];
            denseSubstitute(lu, N, piv, g.delta, ld);
            if (!frozen) {
                for (int u = 0; u < N; ++u) g.normScale[u] = std::fmax(g.scale[u % nq], std::fabs(diag[u]));
                frozen = true;
                norm = residual();
            }
            bool small = true;
            double stepSize = 0.0;
            for (int u = 0; u < N; ++u) {
                const double t = std::fabs(g.delta[u]) / g.tol[u % nq];
                small = small && t <= 1.0;
                stepSize = std::fmax(stepSize, t);
            }
            if (lastStep > 0.0 && !(stepSize <= kFastContraction * lastStep)) factored = false;
            lastStep = stepSize;
            double alpha = 1.0, tr = norm;
            for (int ls = 0; ls <= kMaxHalvings; ++ls) {
                for (int u = 0; u < N; ++u) trial[u] = dq[u] + alpha * g.delta[u];
                expand(trial);
                evaluate(false);
                haveJacobian = false;
                tr = residual();
                if (small || tr < norm || ls == kMaxHalvings) break;
                if (it >= 1 && std::isfinite(tr) && withinTolerance(true)) break;
                alpha *= 0.5;
                factored = false;
            }
            std::swap(dq, trial);
            norm = tr;
        }
        worstNode = worstState();
        return false;
    }

private:
    static constexpr int kMaxIterations = 24;
    static constexpr int kMaxHalvings = 12;
    /// a simplified Newton step at most this fraction of the one before keeps the factored matrix
    static constexpr double kFastContraction = 0.1;
    const Model& m;
    const State& s;
    Workspace& w;
    Gauss2Work& g;
    const ModeBasis& b;
    const int n, nq;
    const double h;
    const double* x0;
    const double* mass;
    const bool storage; // fluid storage at the stages (stagestorage.h, stagethermal.h)
    EvalContext c;
    double tStage[2];
    double tEnd; // the interval's end, 16 ulp inside it [ns]
    bool frozen = false;

    // every stage residual within its unknown's tolerance or (with `rounding`) its own rounding
    // (as the midpoint's: the second yardstick from the second Newton step on)
    bool withinTolerance(bool rounding) const
    {
        for (int u = 0; u < 2 * nq; ++u) {
            const double r = std::fabs(g.res[u]);
            if (r <= g.tol[u % nq] * g.scale[u % nq]) continue;
            if (!rounding || !(r <= kRoundingMultiple * roundingBound(u))) return false;
        }
        return true;
    }

    // the magnitudes of stage residual u's terms (solver/roundingbound.h): |M Z_i| and
    // h sum_j |a_ij| sum_k |J(X_j)_k X_jk|, with the last Jacobians evaluated
    double roundingBound(int u) const
    {
        const int st = u / nq;
        return reducedMagnitude(b, u % nq, [&](int i) {
            double sum = std::fabs(mass[i] * g.Z[st][i]) + (storage ? std::fabs(g.S[st][i]) : 0.0);
            for (int j = 0; j < 2; ++j)
                sum += h * std::fabs(R::a[st][j]) * effortMagnitude(g.J[j] + i * kMaxDyn, b.jRows[i], g.X[j]);
            return sum;
        });
    }

    // Z_i = P dq_i (fixed states stay put); a prescribed state (a speed source's node) moves on its
    // straight line to its end value, Z_i = c_i dxFixed, and its dependents by PF c_i dxFixed
    void expand(const double* dq)
    {
        for (int st = 0; st < 2; ++st) expandOnBasis(b, n, dq + st * nq, g.Z[st]);
        if (m.prescribedMask) prescribedStages();
        // the interval's increment h sum_i b_i k_i (R::increment), for components that read it
        for (int i = 0; i < n; ++i) w.dx[i] = R::increment(g.Z[0][i], g.Z[1][i]);
    }

    // the prescribed states' stage increments (expand): the line x0 + (t / h) dxFixed at each stage
    // time, exact under the collocation (its slopes k_i = dxFixed / h at both stages)
    void prescribedStages()
    {
        const std::uint64_t prescribed = m.prescribedMask;
        for (int st = 0; st < 2; ++st) {
            for (int i = 0; i < n; ++i) {
                if ((prescribed >> i) & 1) {
                    g.Z[st][i] = R::c[st] * w.dxFixed[i];
                    continue;
                }
                const double* pf = b.PF + i * kMaxDyn;
                for (std::uint64_t bf = b.pfMask[i] & prescribed; bf; bf &= bf - 1) {
                    const int f = std::countr_zero(bf);
                    g.Z[st][i] += pf[f] * R::c[st] * w.dxFixed[f];
                }
            }
        }
    }

    void evaluate(bool wantJacobian)
    {
        c.wantJacobian = wantJacobian;
        for (int st = 0; st < 2; ++st)
            for (int i = 0; i < n; ++i) g.X[st][i] = x0[i] + g.Z[st][i];
        for (int st = 0; st < 2; ++st) {
            for (int i = 0; i < n; ++i) g.F[st][i] = 0.0;
            if (wantJacobian) {
                for (int i = 0; i < n; ++i) {
                    double* row = g.J[st] + i * kMaxDyn;
                    double* prow = g.Jp[st] + i * kMaxDyn;
                    for (int j = 0; j < n; ++j) row[j] = prow[j] = 0.0;
                }
            }
            // the stage's position increment: the collocation integral of every stage's speeds
            const double a0 = R::a[st][0] * h, a1 = R::a[st][1] * h;
            for (int i = 0; i < n; ++i) g.dpos[st][i] = a0 * g.X[0][i] + a1 * g.X[1][i];
            c.xs = g.X[st];
            c.dpos = g.dpos[st];
            c.jpos = g.Jp[st];
            c.f = g.F[st];
            c.jac = g.J[st];
            c.scratch = g.scratch[st].data();
            c.tMidNs = tStage[st];
            c.stageFraction = R::c[st];
            for (EvalHook hook : m.evalHooks) hook(m, c);
            if (storage) {
                stageStorage(m, c, g, st, R::ainv);
                if (!m.oilVolumes.empty()) oilStageStorage(m, g, st, R::ainv);
                c.dx = w.dx;
                c.stor = w.stor;
                c.dstor = w.dstor;
            }
            if (wantJacobian) {
                bool any = false;
                for (int i = 0; i < n && !any; ++i)
                    for (int j = 0; j < n && !any; ++j) any = g.Jp[st][i * kMaxDyn + j] != 0.0;
                g.positional[st] = any;
            }
        }
        stageCylinderWork(m, c, g, R::b, h); // the engine cylinders' interval work (stageengine.h)
        if (storage) combineStageStorage(m, g, R::a);
        if (wantJacobian && (storage || g.algebraic)) updateScale();
    }

    // the compliance that turns a reduced residual into its unknown's units, where the mass alone
    // does not: the storage's (the larger of the stages'), and for a pressure with neither volume
    // nor storage the size of its flows' slope, h max_i |a_ii J(X_i)_kk| (the midpoint's Newton
    // diagonal); from this evaluation only, so a fork reproduces it
    void updateScale()
    {
        for (int q = 0; q < nq; ++q) {
            double sc = b.identity ? mass[q] : b.reducedMass[q], slope = 0.0;
            const auto add = [&](int i, double p2) {
                if (storage) sc += p2 * std::fmax(g.dSF[0][i] + g.CR[0][i], g.dSF[1][i] + g.CR[1][i]);
                for (int st = 0; st < 2; ++st) slope = std::fmax(slope, p2 * h * std::fabs(R::a[st][st] * g.J[st][i * kMaxDyn + i]));
            };
            if (b.identity) {
                add(q, 1.0);
            } else {
                for (std::uint64_t bi = b.pColMask[q]; bi; bi &= bi - 1) {
                    const int i = std::countr_zero(bi);
                    add(i, b.P[i * kMaxDyn + q] * b.P[i * kMaxDyn + q]);
                }
            }
            g.scale[q] = sc > 0.0 ? sc : slope;
        }
    }

    // the left side of stage st's balance on node i: M Z_st + S_st (the midpoint's bits without storage)
    double lhs(int st, int i) const { return storage ? mass[i] * g.Z[st][i] + g.S[st][i] : mass[i] * g.Z[st][i]; }

    // reduced residuals of both stages and their squared norm in the unknowns' units
    double residual()
    {
        double norm = 0.0;
        for (int st = 0; st < 2; ++st) {
            double* r = g.res + st * nq;
            const double a0 = R::a[st][0], a1 = R::a[st][1];
            if (b.identity) {
                for (int i = 0; i < n; ++i) r[i] = lhs(st, i) - h * (a0 * g.F[0][i] + a1 * g.F[1][i]);
            } else {
                for (int q = 0; q < nq; ++q) r[q] = 0.0;
                for (int i = 0; i < n; ++i) {
                    if (!b.pMask[i]) continue;
                    const double v = lhs(st, i) - h * (a0 * g.F[0][i] + a1 * g.F[1][i]);
                    const double* pr = b.P + i * kMaxDyn;
                    for (std::uint64_t bq = b.pMask[i]; bq; bq &= bq - 1) {
                        const int q = std::countr_zero(bq);
                        r[q] += pr[q] * v;
                    }
                }
            }
            for (int q = 0; q < nq; ++q) {
                const double sc = frozen ? g.normScale[st * nq + q] : g.scale[q];
                const double scaled = sc > 0.0 ? r[q] / sc : r[q];
                norm += scaled * scaled;
            }
        }
        return norm;
    }

    // P^T Jm P into g.pjp (Jm n x n, leading dimension kMaxDyn). Each sum runs in ascending
    // order over the states where P is nonzero (ModeBasis::pColMask) only: a term P = 0 adds a
    // zero of either sign to a sum begun at +0, which leaves it as it was (a sum of such terms is
    // never -0), so the sums are the dense products' bits (the midpoint's matrix skips them too)
    void reduce(const double* Jm)
    {
        if (b.identity) {
            for (int p = 0; p < nq; ++p)
                for (int q = 0; q < nq; ++q) g.pjp[p * kMaxDyn + q] = Jm[p * kMaxDyn + q];
            return;
        }
        for (int i = 0; i < n; ++i) {
            const double* jr = Jm + i * kMaxDyn;
            for (int q = 0; q < nq; ++q) {
                double v = 0.0;
                for (std::uint64_t bk = b.pColMask[q]; bk; bk &= bk - 1) {
                    const int k = std::countr_zero(bk);
                    v += jr[k] * b.P[k * kMaxDyn + q];
                }
                g.jp[i * kMaxDyn + q] = v;
            }
        }
        for (int p = 0; p < nq; ++p) {
            for (int q = 0; q < nq; ++q) {
                double v = 0.0;
                for (std::uint64_t bi = b.pColMask[p]; bi; bi &= bi - 1) {
                    const int i = std::countr_zero(bi);
                    v += b.P[i * kMaxDyn + p] * g.jp[i * kMaxDyn + q];
                }
                g.pjp[p * kMaxDyn + q] = v;
            }
        }
    }

    // the coupled matrix: block (i, j) = delta_ij P^T M P - h a_ij P^T J(X_j) P
    //   - h^2 sum_l a_il a_lj P^T Jp(X_l) P   (stage l's position h sum_j a_lj X_j: springs)
    void matrix()
    {
        const int N = 2 * nq;
        for (int u = 0; u < N; ++u)
            for (int v = 0; v < N; ++v) g.a[u * kLd + v] = 0.0;
        // P^T M P
        for (int p = 0; p < nq; ++p) {
            for (int q = 0; q < nq; ++q) {
                double v = 0.0;
                if (b.identity) {
                    v = p == q ? mass[p] : 0.0;
                } else {
                    // over the states where both columns are nonzero (the rest add zeros: reduce)
                    for (std::uint64_t bi = b.pColMask[p] & b.pColMask[q]; bi; bi &= bi - 1) {
                        const int i = std::countr_zero(bi);
                        v += b.P[i * kMaxDyn + p] * mass[i] * b.P[i * kMaxDyn + q];
                    }
                }
                g.ptmp[p * kMaxDyn + q] = v;
            }
        }
        for (int j = 0; j < 2; ++j) {
            reduce(g.J[j]);
            for (int p = 0; p < nq; ++p)
                for (int q = 0; q < nq; ++q)
                    for (int i2 = 0; i2 < 2; ++i2) g.a[(i2 * nq + p) * kLd + j * nq + q] -= h * R::a[i2][j] * g.pjp[p * kMaxDyn + q];
        }
        for (int l = 0; l < 2; ++l) {
            if (!g.positional[l]) continue;
            reduce(g.Jp[l]);
            // every entry of the four blocks takes its one term of stage l (one pass over P^T Jp P)
            double coef[2][2];
            for (int i2 = 0; i2 < 2; ++i2)
                for (int j = 0; j < 2; ++j) coef[i2][j] = h * R::a[i2][l] * h * R::a[l][j];
            for (int p = 0; p < nq; ++p) {
                for (int q = 0; q < nq; ++q) {
                    const double v = g.pjp[p * kMaxDyn + q];
                    for (int i2 = 0; i2 < 2; ++i2)
                        for (int j = 0; j < 2; ++j) g.a[(i2 * nq + p) * kLd + j * nq + q] -= coef[i2][j] * v;
                }
            }
        }
        for (int st = 0; st < 2; ++st)
            for (int p = 0; p < nq; ++p)
                for (int q = 0; q < nq; ++q) g.a[(st * nq + p) * kLd + st * nq + q] += g.ptmp[p * kMaxDyn + q];
        // fluid storage: block (st, l) gains P^T diag(delta_st,l dSF_st + sum_j a_st,j CR_j ainv_j,l) P
        if (storage) {
            for (int st = 0; st < 2; ++st) {
                for (int l = 0; l < 2; ++l) {
                    for (int i = 0; i < n; ++i) {
                        const double d = storageJacobian(g, i, st, l, R::a, R::ainv);
                        if (d == 0.0) continue;
                        if (b.identity) {
                            g.a[(st * nq + i) * kLd + l * nq + i] += d;
                            continue;
                        }
                        const double* pr = b.P + i * kMaxDyn;
                        for (std::uint64_t bp = b.pMask[i]; bp; bp &= bp - 1) {
                            const int p = std::countr_zero(bp);
                            for (std::uint64_t bq = b.pMask[i]; bq; bq &= bq - 1) {
                                const int q = std::countr_zero(bq);
                                g.a[(st * nq + p) * kLd + l * nq + q] += pr[p] * d * pr[q];
                            }
                        }
                    }
                }
            }
        }
        if (!m.oilVolumes.empty()) oilStageJacobian(m, b, g, nq, R::a, R::ainv);
        for (int u = 0; u < N; ++u) g.diag[u] = g.a[u * kLd + u];
    }

    // the accepted point: slopes k = A^-1 Z / h, x1 = x0 + h sum b_i k_i (radau3: X_2), and the
    // interval means
    bool finish()
    {
        const double inv = 1.0 / h;
        for (int i = 0; i < n; ++i) {
            for (int st = 0; st < 2; ++st) g.K[st][i] = (R::ainv[st][0] * g.Z[0][i] + R::ainv[st][1] * g.Z[1][i]) * inv;
            if constexpr (std::is_same_v<R, Radau3>)
                w.dx[i] = g.Z[1][i]; // stiffly accurate: x1 is the last stage, exactly
            else
                w.dx[i] = h * (R::b[0] * g.K[0][i] + R::b[1] * g.K[1][i]);
            w.xs[i] = R::b[0] * g.X[0][i] + R::b[1] * g.X[1][i];
            w.f[i] = R::b[0] * g.F[0][i] + R::b[1] * g.F[1][i];
        }
        // gauss2 on nodes with state-function storage: the end that keeps their volume (stagestorage.h)
        if constexpr (!std::is_same_v<R, Radau3>) {
            if (g.sfNodes) {
                for (int i = 0; i < n; ++i) g.endPoly[i] = w.dx[i];
                conservativeEnd(m, c, g, w.dx, g.scratchEnd.data());
            }
            // and on the pressures without volume: their flows balanced at the end (stageend.h)
            if (g.algebraic || (g.sfNodes & ~g.endSolved)) {
                const std::uint64_t nodes = algebraicEndNodes(m, b, g.sfNodes & ~g.endSolved);
                if (nodes) algebraicEnd(m, s, w, h, tEnd, nodes);
            }
        }
        for (int i = 0; i < n; ++i) {
            if ((m.prescribedMask >> i) & 1) w.dx[i] = w.dxFixed[i]; // to its input's value, exactly
            w.x1[i] = x0[i] + w.dx[i];
        }
        return true;
    }

    // the last committed interval had this length and this constraint mode (State::stagePoly)
    bool continuesPolynomial() const { return sameInterval(s.stagePoly.data() + 2 * n, h, b.key); }

    // the kept Newton matrix (State::stageNewton) is of N unknowns, this length and this mode
    bool keptFits(int N) const
    {
        const double* head = s.stageNewton.data();
        return head[0] == static_cast<double>(N) && sameInterval(head + 1, h, b.key);
    }

    int worstState() const
    {
        int worst = 0;
        double best = -1.0;
        for (int i = 0; i < n; ++i) {
            if ((b.fixedMask >> i) & 1) continue;
            for (int st = 0; st < 2; ++st) {
                const double v = lhs(st, i) - h * (R::a[st][0] * g.F[0][i] + R::a[st][1] * g.F[1][i]);
                const double r = std::fabs(v) / (mass[i] > 0.0 ? mass[i] : 1.0);
                if (!std::isfinite(r)) return i;
                if (r > best) {
                    best = r;
                    worst = i;
                }
            }
        }
        return worst;
    }
};

} // namespace

bool solveGauss2(const Model& m, const State& s, Workspace& w, double h, double tStartNs, int& worstNode)
{
    if (m.method == IntegrationMethod::Radau3) return Stages<Radau3>(m, s, w, h, tStartNs).solve(worstNode);
    return Stages<Gauss2>(m, s, w, h, tStartNs).solve(worstNode);
}

} // namespace drivelab
