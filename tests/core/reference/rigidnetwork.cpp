#include "rigidnetwork.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

namespace drivelab::reference {
namespace {

using Vec = Eigen::VectorXd;
using Mat = Eigen::MatrixXd;

// the discrete state of the clutches
struct Mode {
    std::vector<char> locked;
    std::vector<int> dir;      // slip direction while slipping (-1, 0, +1)
    std::vector<double> cap;   // static capacity now [N m]
};

bool sameSpeed(double wa, double wb)
{
    return std::fabs(wa - wb) <= 1e-12 + 1e-9 * (std::fabs(wa) + std::fabs(wb));
}

int sign(double v)
{
    return v > 0.0 ? 1 : (v < 0.0 ? -1 : 0);
}

class Sim {
public:
    Sim(const Network& net) : n(net), N(static_cast<int>(net.inertia.size())), S(static_cast<int>(net.springs.size())),
                              C(static_cast<int>(net.clutches.size()))
    {
        mass = Vec(N);
        for (int i = 0; i < N; ++i) mass[i] = net.inertia[static_cast<std::size_t>(i)];
    }

    Trajectory run(double duration, double reportEvery, double dt)
    {
        Trajectory out;
        Vec w(N), d = Vec::Zero(S);
        for (int i = 0; i < N; ++i) w[i] = n.speed0[static_cast<std::size_t>(i)];
        Mode m;
        m.locked.assign(static_cast<std::size_t>(C), 0);
        m.dir.assign(static_cast<std::size_t>(C), 0);
        m.cap.assign(static_cast<std::size_t>(C), 0.0);
        for (int k = 0; k < C; ++k) {
            const auto& c = n.clutches[static_cast<std::size_t>(k)];
            m.cap[static_cast<std::size_t>(k)] = c.capacity0;
            const double wa = speed(w, c.a), wb = speed(w, c.b);
            m.locked[static_cast<std::size_t>(k)] = c.capacity0 > 0.0 && sameSpeed(wa, wb);
            m.dir[static_cast<std::size_t>(k)] = m.locked[static_cast<std::size_t>(k)] ? 0 : sign(wa - wb);
        }
        // breakpoints: reports, torque steps, capacity events, the end
        std::vector<double> breaks;
        const long reports = std::lround(duration / reportEvery);
        for (long r = 1; r <= reports; ++r) breaks.push_back(static_cast<double>(r) * reportEvery);
        for (const auto& s : n.sources) {
            if (s.t0 > 0.0 && s.t0 < duration) breaks.push_back(s.t0);
        }
        for (const auto& c : n.clutches) {
            for (const auto& e : c.events) {
                if (e.t > 0.0 && e.t < duration) breaks.push_back(e.t);
            }
        }
        std::sort(breaks.begin(), breaks.end());
        breaks.erase(std::unique(breaks.begin(), breaks.end()), breaks.end());
        std::vector<std::size_t> nextEvent(static_cast<std::size_t>(C), 0);
        double t = 0.0;
        applyEvents(m, w, t, nextEvent, out);
        settle(m, w, d, t, out);
        record(out, t, w, m);
        std::size_t bi = 0;
        int guard = 0;
        while (bi < breaks.size()) {
            const double target = breaks[bi];
            const double next = std::min(target, t + dt);
            const double h = next - t;
            Vec w1, d1;
            step(m, t, w, d, h, w1, d1);
            {
                Vec a, lambda;
                accel(m, t, w, d, a, lambda);
                out.maxAccel = std::max(out.maxAccel, a.cwiseAbs().maxCoeff());
            }
            if (triggered(m, t, w, w1, d1, h)) {
                // the earliest instant any clutch changes mode, by bisection on the step
                double lo = 0.0, hi = h;
                for (int it = 0; it < 64 && hi - lo > 1e-15 * (1.0 + t); ++it) {
                    const double mid = 0.5 * (lo + hi);
                    step(m, t, w, d, mid, w1, d1);
                    if (triggered(m, t, w, w1, d1, mid)) hi = mid;
                    else lo = mid;
                }
                step(m, t, w, d, hi, w1, d1);
                const Vec w0 = w;
                w = w1;
                d = d1;
                const double tNew = hi >= h ? next : t + hi;
                transitions(m, w0, w, d, t, tNew, out);
                t = tNew;
                settle(m, w, d, t, out);
                if (++guard > 20000) {
                    out.ok = false;
                    return out;
                }
                if (t < next) continue;
            } else {
                w = w1;
                d = d1;
                t = next;
            }
            if (t == target) {
                ++bi;
                applyEvents(m, w, t, nextEvent, out);
                settle(m, w, d, t, out);
                if (std::fabs(t / reportEvery - std::round(t / reportEvery)) < 1e-9) record(out, t, w, m);
            }
        }
        return out;
    }

private:
    const Network& n;
    int N, S, C;
    Vec mass;

    static double speed(const Vec& w, int i) { return i >= 0 ? w[i] : 0.0; }

    void record(Trajectory& out, double t, const Vec& w, const Mode& m) const
    {
        out.times.push_back(t);
        out.speeds.emplace_back(w.data(), w.data() + N);
        std::vector<int> l(static_cast<std::size_t>(C));
        for (int k = 0; k < C; ++k) l[static_cast<std::size_t>(k)] = m.locked[static_cast<std::size_t>(k)];
        out.locked.push_back(l);
    }

    // the active constraint rows and which row each locked clutch has
    Mat rows(const Mode& m, std::vector<int>& clutchRow) const
    {
        int count = static_cast<int>(n.gears.size() + n.planetaries.size());
        for (int k = 0; k < C; ++k) count += m.locked[static_cast<std::size_t>(k)] ? 1 : 0;
        Mat g = Mat::Zero(count, N);
        int r = 0;
        for (const auto& x : n.gears) {
            g(r, x.a) += 1.0;
            if (x.b >= 0) g(r, x.b) -= x.ratio;
            ++r;
        }
        for (const auto& x : n.planetaries) {
            if (x.sun >= 0) g(r, x.sun) += x.zs;
            if (x.ring >= 0) g(r, x.ring) += x.zr;
            if (x.carrier >= 0) g(r, x.carrier) -= x.zs + x.zr;
            ++r;
        }
        clutchRow.assign(static_cast<std::size_t>(C), -1);
        for (int k = 0; k < C; ++k) {
            if (!m.locked[static_cast<std::size_t>(k)]) continue;
            const auto& c = n.clutches[static_cast<std::size_t>(k)];
            g(r, c.a) += 1.0;
            if (c.b >= 0) g(r, c.b) -= 1.0;
            clutchRow[static_cast<std::size_t>(k)] = r++;
        }
        return g;
    }

    // applied torques at time t (sources as they are over the step starting at tSeg)
    Vec forces(const Mode& m, double tSeg, const Vec& w, const Vec& d) const
    {
        Vec f = Vec::Zero(N);
        const auto pair = [&](int a, int b, double ta) {
            f[a] += ta;
            if (b >= 0) f[b] -= ta;
        };
        for (const auto& x : n.dampers) pair(x.a, x.b, -x.c * (speed(w, x.a) - speed(w, x.b)));
        for (int s = 0; s < S; ++s) {
            const auto& x = n.springs[static_cast<std::size_t>(s)];
            pair(x.a, x.b, -x.k * d[s] - x.c * (speed(w, x.a) - speed(w, x.b)));
        }
        for (const auto& x : n.sources) f[x.a] += x.offset + (tSeg >= x.t0 ? x.step : 0.0);
        for (int k = 0; k < C; ++k) {
            if (m.locked[static_cast<std::size_t>(k)]) continue;
            const auto& c = n.clutches[static_cast<std::size_t>(k)];
            pair(c.a, c.b, -m.dir[static_cast<std::size_t>(k)] * c.kinetic * m.cap[static_cast<std::size_t>(k)]);
        }
        return f;
    }

    // accelerations and multipliers (M a = f + G^T lambda, G a = 0)
    void accel(const Mode& m, double tSeg, const Vec& w, const Vec& d, Vec& a, Vec& lambda) const
    {
        std::vector<int> clutchRow;
        const Mat g = rows(m, clutchRow);
        const Vec f = forces(m, tSeg, w, d);
        const int r = static_cast<int>(g.rows());
        if (r == 0) {
            a = f.cwiseQuotient(mass);
            lambda = Vec();
            return;
        }
        Mat k = Mat::Zero(N + r, N + r);
        k.topLeftCorner(N, N) = mass.asDiagonal();
        k.topRightCorner(N, r) = -g.transpose();
        k.bottomLeftCorner(r, N) = g;
        Vec rhs = Vec::Zero(N + r);
        rhs.head(N) = f;
        const Vec x = k.fullPivLu().solve(rhs);
        a = x.head(N);
        lambda = x.tail(r);
    }

    // one classical Runge-Kutta step of length h from tSeg
    void step(const Mode& m, double tSeg, const Vec& w, const Vec& d, double h, Vec& w1, Vec& d1) const
    {
        const auto rate = [&](const Vec& wv, const Vec& dv, Vec& dw, Vec& dd) {
            Vec lambda;
            accel(m, tSeg, wv, dv, dw, lambda);
            dd = Vec(S);
            for (int s = 0; s < S; ++s) {
                const auto& x = n.springs[static_cast<std::size_t>(s)];
                dd[s] = speed(wv, x.a) - speed(wv, x.b);
            }
        };
        Vec k1w, k1d, k2w, k2d, k3w, k3d, k4w, k4d;
        rate(w, d, k1w, k1d);
        rate(w + 0.5 * h * k1w, d + 0.5 * h * k1d, k2w, k2d);
        rate(w + 0.5 * h * k2w, d + 0.5 * h * k2d, k3w, k3d);
        rate(w + h * k3w, d + h * k3d, k4w, k4d);
        w1 = w + h / 6.0 * (k1w + 2.0 * k2w + 2.0 * k3w + k4w);
        d1 = d + h / 6.0 * (k1d + 2.0 * k2d + 2.0 * k3d + k4d);
    }

    // the multiplier of each locked clutch (0 for slipping ones)
    std::vector<double> clutchTorques(const Mode& m, double tSeg, const Vec& w, const Vec& d) const
    {
        std::vector<int> clutchRow;
        rows(m, clutchRow);
        Vec a, lambda;
        accel(m, tSeg, w, d, a, lambda);
        std::vector<double> out(static_cast<std::size_t>(C), 0.0);
        for (int k = 0; k < C; ++k) {
            const int r = clutchRow[static_cast<std::size_t>(k)];
            if (r >= 0) out[static_cast<std::size_t>(k)] = lambda[r];
        }
        return out;
    }

    bool breaks(const Mode& m, int k, double lambda) const
    {
        const double cap = m.cap[static_cast<std::size_t>(k)];
        return std::fabs(lambda) > cap * (1.0 + 1e-12) + 1e-12;
    }

    // a slip crossing zero (from the step's start w0 to w1) or a breakaway at the step's end
    bool triggered(const Mode& m, double tSeg, const Vec& w0, const Vec& w1, const Vec& d1, double) const
    {
        bool any = false;
        for (int k = 0; k < C && !any; ++k) {
            const std::size_t kk = static_cast<std::size_t>(k);
            const auto& c = n.clutches[kk];
            if (m.locked[kk] || m.dir[kk] == 0 || !(m.cap[kk] > 0.0)) continue;
            const double g0 = m.dir[kk] * (speed(w0, c.a) - speed(w0, c.b));
            const double g1 = m.dir[kk] * (speed(w1, c.a) - speed(w1, c.b));
            any = g0 > 0.0 ? g1 <= 0.0 : g1 < 0.0;
        }
        if (any) return true;
        bool anyLocked = false;
        for (int k = 0; k < C; ++k) anyLocked = anyLocked || m.locked[static_cast<std::size_t>(k)];
        if (!anyLocked) return false;
        const std::vector<double> l = clutchTorques(m, tSeg, w1, d1);
        for (int k = 0; k < C; ++k) {
            if (m.locked[static_cast<std::size_t>(k)] && breaks(m, k, l[static_cast<std::size_t>(k)])) return true;
        }
        return false;
    }

    // project the speeds onto the active constraints (mass-weighted)
    void project(const Mode& m, Vec& w) const
    {
        std::vector<int> clutchRow;
        const Mat g = rows(m, clutchRow);
        if (g.rows() == 0) return;
        const Mat minvGt = mass.cwiseInverse().asDiagonal() * g.transpose();
        const Vec mu = (g * minvGt).fullPivLu().solve(g * w);
        w -= minvGt * mu;
    }

    void lock(Mode& m, int k, Vec& w, double t, Trajectory& out) const
    {
        m.locked[static_cast<std::size_t>(k)] = 1;
        m.dir[static_cast<std::size_t>(k)] = 0;
        project(m, w);
        out.transitions.push_back({k, t, true});
    }

    // the mode changes found at the end of a located step
    void transitions(Mode& m, const Vec& w0, Vec& w, const Vec& d, double tSeg, double t, Trajectory& out) const
    {
        const std::vector<double> l = clutchTorques(m, tSeg, w, d);
        std::vector<int> lockNow;
        for (int k = 0; k < C; ++k) {
            const std::size_t kk = static_cast<std::size_t>(k);
            const auto& c = n.clutches[kk];
            if (m.locked[kk]) {
                if (breaks(m, k, l[kk])) {
                    m.locked[kk] = 0;
                    m.dir[kk] = -sign(l[kk]);
                    out.transitions.push_back({k, t, false});
                }
                continue;
            }
            if (m.dir[kk] == 0 || !(m.cap[kk] > 0.0)) continue;
            const double g0 = m.dir[kk] * (speed(w0, c.a) - speed(w0, c.b));
            const double g1 = m.dir[kk] * (speed(w, c.a) - speed(w, c.b));
            if (g0 > 0.0 ? g1 <= 0.0 : g1 < 0.0) lockNow.push_back(k);
        }
        for (int k : lockNow) lock(m, k, w, t, out);
    }

    // locked clutches asked for more than their capacity break away, worst first
    void settle(Mode& m, Vec& w, const Vec& d, double t, Trajectory& out) const
    {
        for (int it = 0; it < 4 * C + 4; ++it) {
            const std::vector<double> l = clutchTorques(m, t, w, d);
            int worst = -1;
            double ratio = 1.0;
            for (int k = 0; k < C; ++k) {
                const std::size_t kk = static_cast<std::size_t>(k);
                if (!m.locked[kk] || !breaks(m, k, l[kk])) continue;
                const double r = std::fabs(l[kk]) / (m.cap[kk] + 1e-300);
                if (worst < 0 || r > ratio) {
                    worst = k;
                    ratio = r;
                }
            }
            if (worst < 0) return;
            m.locked[static_cast<std::size_t>(worst)] = 0;
            m.dir[static_cast<std::size_t>(worst)] = -sign(l[static_cast<std::size_t>(worst)]);
            out.transitions.push_back({worst, t, false});
        }
    }

    // capacity events at t, with the engagement rule (docs/PHYSICS.md)
    void applyEvents(Mode& m, Vec& w, double t, std::vector<std::size_t>& next, Trajectory& out) const
    {
        for (int k = 0; k < C; ++k) {
            const std::size_t kk = static_cast<std::size_t>(k);
            const auto& c = n.clutches[kk];
            bool changed = false;
            while (next[kk] < c.events.size() && c.events[next[kk]].t <= t) {
                m.cap[kk] = c.events[next[kk]].value;
                ++next[kk];
                changed = true;
            }
            if (!changed) continue;
            const double wa = speed(w, c.a), wb = speed(w, c.b);
            if (m.locked[kk]) {
                if (!(m.cap[kk] > 0.0)) {
                    m.locked[kk] = 0;
                    m.dir[kk] = 0;
                    out.transitions.push_back({k, t, false});
                }
                continue;
            }
            if (m.cap[kk] > 0.0 && m.dir[kk] == 0 && sameSpeed(wa, wb)) {
                lock(m, k, w, t, out);
                continue;
            }
            const int s = sameSpeed(wa, wb) ? 0 : sign(wa - wb);
            if (s != 0 || !(m.cap[kk] > 0.0)) m.dir[kk] = s;
        }
    }
};

} // namespace

Trajectory simulate(const Network& net, double duration, double reportEvery, double dt)
{
    Sim s(net);
    return s.run(duration, reportEvery, dt);
}

} // namespace drivelab::reference
