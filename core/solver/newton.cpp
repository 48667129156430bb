#include "solver/newton.h"

#include <cmath>

namespace drivelab {
namespace {

constexpr double kEps = 2.220446049250313e-16;

// efforts (and optionally the Jacobian) of every component at the stage point
void evaluate(const Model& m, const State& s, Workspace& w, double h, double tMidNs, bool wantJacobian)
{
    const int n = m.nDyn;
    for (int i = 0; i < n; ++i) {
        w.xs[i] = s.x[static_cast<std::size_t>(i)] + m.stageWeight[static_cast<std::size_t>(i)] * w.dx[i];
        w.f[i] = 0.0;
    }
    if (wantJacobian) {
        for (int i = 0; i < n; ++i) {
            double* row = w.jac + i * kMaxDyn;
            for (int j = 0; j < n; ++j) row[j] = 0.0;
        }
    }
    EvalContext c;
    c.x0 = s.x.data();
    c.xs = w.xs;
    c.pos0 = s.pos.data();
    c.real = s.real.data();
    c.flag = s.flag.data();
    c.h = h;
    c.tMidNs = tMidNs;
    c.f = w.f;
    c.jac = w.jac;
    c.wantJacobian = wantJacobian;
    c.scratch = w.scratch.data();
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (requires(const typename T::Params& p) { T::eval(p, c); }) {
            for (const auto& p : m.params.of<T>()) T::eval(p, c);
        }
    });
}

// dx = P dq
void expand(const ModeBasis& b, int n, const double* dq, double* dx)
{
    if (b.identity) {
        for (int i = 0; i < n; ++i) dx[i] = dq[i];
        return;
    }
    for (int i = 0; i < n; ++i) {
        const double* pr = b.P + i * kMaxDyn;
        double v = 0.0;
        for (int q = 0; q < b.m; ++q) v += pr[q] * dq[q];
        dx[i] = v;
    }
}

// reduced residual P^T (M dx - h f) and its scaled squared norm
double residual(const Model& m, Workspace& w, double h)
{
    const ModeBasis& b = w.basis;
    const int n = m.nDyn;
    double full[kMaxDyn];
    for (int i = 0; i < n; ++i) full[i] = m.mass[static_cast<std::size_t>(i)] * w.dx[i] - h * w.f[i];
    double norm = 0.0;
    for (int q = 0; q < b.m; ++q) {
        double r;
        if (b.identity) {
            r = full[q];
        } else {
            r = 0.0;
            for (int i = 0; i < n; ++i) r += b.P[i * kMaxDyn + q] * full[i];
        }
        w.res[q] = r;
        const double scaled = r / (b.identity ? m.mass[static_cast<std::size_t>(q)] : b.reducedMass[q]);
        norm += scaled * scaled;
    }
    return norm;
}

// reduced Newton matrix P^T (M - h J W) P
void newtonMatrix(const Model& m, Workspace& w, double h)
{
    const ModeBasis& b = w.basis;
    const int n = m.nDyn;
    double full[kMaxDyn * kMaxDyn];
    double* target = b.identity ? w.a : full;
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j)
            target[i * kMaxDyn + j] = -h * w.jac[i * kMaxDyn + j] * m.stageWeight[static_cast<std::size_t>(j)];
        target[i * kMaxDyn + i] += m.mass[static_cast<std::size_t>(i)];
    }
    if (b.identity) return;
    double ap[kMaxDyn * kMaxDyn];
    for (int i = 0; i < n; ++i) {
        for (int q = 0; q < b.m; ++q) {
            double v = 0.0;
            for (int j = 0; j < n; ++j) v += full[i * kMaxDyn + j] * b.P[j * kMaxDyn + q];
            ap[i * kMaxDyn + q] = v;
        }
    }
    for (int p = 0; p < b.m; ++p) {
        for (int q = 0; q < b.m; ++q) {
            double v = 0.0;
            for (int i = 0; i < n; ++i) v += b.P[i * kMaxDyn + p] * ap[i * kMaxDyn + q];
            w.a[p * kMaxDyn + q] = v;
        }
    }
}

// solve a x = rhs (m x m, partial pivoting) in place; false when singular
bool luSolve(double* a, int m, double* rhs)
{
    for (int k = 0; k < m; ++k) {
        int piv = k;
        double best = std::fabs(a[k * kMaxDyn + k]);
        for (int i = k + 1; i < m; ++i) {
            const double v = std::fabs(a[i * kMaxDyn + k]);
            if (v > best) {
                best = v;
                piv = i;
            }
        }
        if (!(best > 0.0) || !std::isfinite(best)) return false;
        if (piv != k) {
            for (int j = 0; j < m; ++j) std::swap(a[k * kMaxDyn + j], a[piv * kMaxDyn + j]);
            std::swap(rhs[k], rhs[piv]);
        }
        const double inv = 1.0 / a[k * kMaxDyn + k];
        for (int i = k + 1; i < m; ++i) {
            const double f = a[i * kMaxDyn + k] * inv;
            if (f == 0.0) continue;
            for (int j = k + 1; j < m; ++j) a[i * kMaxDyn + j] -= f * a[k * kMaxDyn + j];
            rhs[i] -= f * rhs[k];
        }
    }
    for (int i = m - 1; i >= 0; --i) {
        double v = rhs[i];
        for (int j = i + 1; j < m; ++j) v -= a[i * kMaxDyn + j] * rhs[j];
        rhs[i] = v / a[i * kMaxDyn + i];
    }
    return true;
}

int worstState(const Model& m, const Workspace& w, double h)
{
    int worst = 0;
    double best = -1.0;
    for (int i = 0; i < m.nDyn; ++i) {
        const double r = std::fabs(m.mass[static_cast<std::size_t>(i)] * w.dx[i] - h * w.f[i]) / m.mass[static_cast<std::size_t>(i)];
        if (!std::isfinite(r)) return i;
        if (r > best) {
            best = r;
            worst = i;
        }
    }
    return worst;
}

} // namespace

bool solveInterval(const Model& m, const State& s, Workspace& w, double h, double tMidNs, int& worstNode)
{
    const ModeBasis& b = w.basis;
    const int n = m.nDyn;
    ++w.stats.solves;
    // predictor: the last accepted rate over this interval
    for (int q = 0; q < b.m; ++q) w.dq[q] = s.rate[static_cast<std::size_t>(b.ind[q])] * h;
    expand(b, n, w.dq, w.dx);
    evaluate(m, s, w, h, tMidNs, true);
    double norm = residual(m, w, h);
    if (b.m == 0) {
        for (int i = 0; i < n; ++i) w.x1[i] = s.x[static_cast<std::size_t>(i)] + w.dx[i];
        return true;
    }
    for (int it = 0; it < kMaxNewtonIterations; ++it) {
        ++w.stats.newtonIterations;
        if (!std::isfinite(norm)) break;
        newtonMatrix(m, w, h);
        for (int q = 0; q < b.m; ++q) w.delta[q] = -w.res[q];
        if (!luSolve(w.a, b.m, w.delta)) break;
        // a step already inside the tolerance is taken without a line search
        bool small = true;
        for (int q = 0; q < b.m; ++q) {
            const int i = b.ind[q];
            const double x0 = s.x[static_cast<std::size_t>(i)];
            const double tol = m.atol[static_cast<std::size_t>(i)] + 64.0 * kEps * (std::fabs(x0) + std::fabs(x0 + w.dx[i]));
            if (!(std::fabs(w.delta[q]) <= tol)) small = false;
        }
        double alpha = 1.0;
        double dqBase[kMaxDyn];
        for (int q = 0; q < b.m; ++q) dqBase[q] = w.dq[q];
        double trial = norm;
        for (int ls = 0; ls <= kMaxLineSearchHalvings; ++ls) {
            for (int q = 0; q < b.m; ++q) w.dq[q] = dqBase[q] + alpha * w.delta[q];
            expand(b, n, w.dq, w.dx);
            evaluate(m, s, w, h, tMidNs, true);
            trial = residual(m, w, h);
            if (small || trial < norm || ls == kMaxLineSearchHalvings) break;
            alpha *= 0.5;
        }
        norm = trial;
        // converged when the applied step is within tolerance on every unknown
        bool converged = std::isfinite(norm);
        for (int q = 0; q < b.m && converged; ++q) {
            const int i = b.ind[q];
            const double x0 = s.x[static_cast<std::size_t>(i)];
            const double tol = m.atol[static_cast<std::size_t>(i)] + 64.0 * kEps * (std::fabs(x0) + std::fabs(x0 + w.dx[i]));
            if (!(std::fabs(alpha * w.delta[q]) <= tol)) converged = false;
        }
        if (converged) {
            for (int i = 0; i < n; ++i) w.x1[i] = s.x[static_cast<std::size_t>(i)] + w.dx[i];
            return true;
        }
    }
    worstNode = worstState(m, w, h);
    return false;
}

} // namespace drivelab
