#include "rigidnetwork.h"

#include <Eigen/Dense>
#include <algorithm>
#include <cmath>

namespace drivelab::reference {
namespace {

using Vec = Eigen::VectorXd;
using Mat = Eigen::MatrixXd;

// the discrete state of the clutches and the inputs now
struct Mode {
    std::vector<char> locked;
    std::vector<int> dir;     // slip direction while slipping (-1, 0, +1)
    std::vector<double> cap;  // capacity input now [N m]
    std::vector<double> feed; // source pressure of each feed now [Pa]
};

// the continuous state: speeds, spring deflections, volume pressures
struct X {
    Vec w, d, p;
    X operator+(const X& o) const { return {w + o.w, d + o.d, p + o.p}; }
    X operator*(double k) const { return {w * k, d * k, p * k}; }
};

bool sameSpeed(double wa, double wb) { return std::fabs(wa - wb) <= 1e-12 + 1e-9 * (std::fabs(wa) + std::fabs(wb)); }

int sign(double v) { return v > 0.0 ? 1 : (v < 0.0 ? -1 : 0); }

class Sim {
public:
    Sim(const Network& net)
        : n(net), N(static_cast<int>(net.inertia.size())), S(static_cast<int>(net.springs.size())),
          C(static_cast<int>(net.clutches.size())), V(static_cast<int>(net.volumes.size()))
    {
        mass = Vec(N);
        for (int i = 0; i < N; ++i) mass[i] = net.inertia[static_cast<std::size_t>(i)];
    }

    Trajectory run(double duration, double reportEvery, double dt)
    {
        Trajectory out;
        X x{Vec(N), Vec::Zero(S), Vec(V)};
        for (int i = 0; i < N; ++i) x.w[i] = n.speed0[static_cast<std::size_t>(i)];
        for (int v = 0; v < V; ++v) x.p[v] = n.volumes[static_cast<std::size_t>(v)].p0;
        Mode m;
        m.locked.assign(static_cast<std::size_t>(C), 0);
        m.dir.assign(static_cast<std::size_t>(C), 0);
        m.cap.assign(static_cast<std::size_t>(C), 0.0);
        for (int k = 0; k < C; ++k) m.cap[static_cast<std::size_t>(k)] = n.clutches[static_cast<std::size_t>(k)].capacity0;
        for (const auto& f : n.feeds) m.feed.push_back(f.p0);
        for (int k = 0; k < C; ++k) {
            const auto& c = n.clutches[static_cast<std::size_t>(k)];
            const double wa = speed(x.w, c.a), wb = speed(x.w, c.b);
            m.locked[static_cast<std::size_t>(k)] = capacity(m, k, x) > 0.0 && sameSpeed(wa, wb);
            m.dir[static_cast<std::size_t>(k)] = m.locked[static_cast<std::size_t>(k)] || sameSpeed(wa, wb) ? 0 : sign(wa - wb);
        }
        // breakpoints: reports, torque steps, input events, the end
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
        for (const auto& f : n.feeds) {
            for (const auto& e : f.events) {
                if (e.t > 0.0 && e.t < duration) breaks.push_back(e.t);
            }
        }
        std::sort(breaks.begin(), breaks.end());
        breaks.erase(std::unique(breaks.begin(), breaks.end()), breaks.end());
        std::vector<std::size_t> nextEvent(static_cast<std::size_t>(C), 0), nextFeed(n.feeds.size(), 0);
        double t = 0.0;
        applyEvents(m, t, nextEvent, nextFeed);
        engage(m, x, t, out);
        settle(m, x, t, out);
        record(out, t, x, m);
        std::size_t bi = 0;
        int guard = 0;
        while (bi < breaks.size()) {
            const double target = breaks[bi];
            const double next = std::min(target, t + dt);
            const double h = next - t;
            {
                const X r = rate(m, t, x);
                out.maxAccel = std::max(out.maxAccel, N > 0 ? r.w.cwiseAbs().maxCoeff() : 0.0);
                out.maxPressureRate = std::max(out.maxPressureRate, V > 0 ? r.p.cwiseAbs().maxCoeff() : 0.0);
            }
            X x1 = step(m, t, x, h);
            if (triggered(m, t, x, x1)) {
                // the earliest instant any clutch changes mode, by bisection on the step
                double lo = 0.0, hi = h;
                for (int it = 0; it < 64 && hi - lo > 1e-15 * (1.0 + t); ++it) {
                    const double mid = 0.5 * (lo + hi);
                    if (triggered(m, t, x, step(m, t, x, mid)))
                        hi = mid;
                    else
                        lo = mid;
                }
                x1 = step(m, t, x, hi);
                const X x0 = x;
                x = x1;
                const double tNew = hi >= h ? next : t + hi;
                transitions(m, x0, x, t, tNew, out);
                t = tNew;
                settle(m, x, t, out);
                if (++guard > 20000) {
                    out.ok = false;
                    return out;
                }
                if (t < next) continue;
            } else {
                x = x1;
                t = next;
                // the engagement rule at every step start (pressure-applied capacities move)
                engage(m, x, t, out);
                settle(m, x, t, out);
            }
            if (t == target) {
                ++bi;
                applyEvents(m, t, nextEvent, nextFeed);
                engage(m, x, t, out);
                settle(m, x, t, out);
                if (std::fabs(t / reportEvery - std::round(t / reportEvery)) < 1e-9) record(out, t, x, m);
            }
        }
        return out;
    }

private:
    const Network& n;
    int N, S, C, V;
    Vec mass;

    static double speed(const Vec& w, int i) { return i >= 0 ? w[i] : 0.0; }

    // static capacity of clutch k in state x [N m]
    double capacity(const Mode& m, int k, const X& x) const
    {
        const auto& c = n.clutches[static_cast<std::size_t>(k)];
        if (c.volume < 0) return m.cap[static_cast<std::size_t>(k)];
        return std::max(0.0, c.gain * (x.p[c.volume] - c.pEnv) - c.spring);
    }

    void record(Trajectory& out, double t, const X& x, const Mode& m) const
    {
        out.times.push_back(t);
        out.speeds.emplace_back(x.w.data(), x.w.data() + N);
        out.pressures.emplace_back(x.p.data(), x.p.data() + V);
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

    // applied torques (sources as they are over the step starting at tSeg)
    Vec forces(const Mode& m, double tSeg, const X& x) const
    {
        Vec f = Vec::Zero(N);
        const Vec& w = x.w;
        const auto pair = [&](int a, int b, double ta) {
            f[a] += ta;
            if (b >= 0) f[b] -= ta;
        };
        for (const auto& e : n.dampers) pair(e.a, e.b, -e.c * (speed(w, e.a) - speed(w, e.b)));
        for (int s = 0; s < S; ++s) {
            const auto& e = n.springs[static_cast<std::size_t>(s)];
            pair(e.a, e.b, -e.k * x.d[s] - e.c * (speed(w, e.a) - speed(w, e.b)));
        }
        for (const auto& e : n.sources) f[e.a] += e.offset + (tSeg >= e.t0 ? e.step : 0.0);
        for (int k = 0; k < C; ++k) {
            if (m.locked[static_cast<std::size_t>(k)]) continue;
            const auto& c = n.clutches[static_cast<std::size_t>(k)];
            pair(c.a, c.b, -m.dir[static_cast<std::size_t>(k)] * c.kinetic * capacity(m, k, x));
        }
        return f;
    }

    // accelerations and multipliers (M a = f + G^T lambda, G a = 0)
    void accel(const Mode& m, double tSeg, const X& x, Vec& a, Vec& lambda) const
    {
        std::vector<int> clutchRow;
        const Mat g = rows(m, clutchRow);
        const Vec f = forces(m, tSeg, x);
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
        const Vec sol = k.fullPivLu().solve(rhs);
        a = sol.head(N);
        lambda = sol.tail(r);
    }

    // the state's rate of change
    X rate(const Mode& m, double tSeg, const X& x) const
    {
        X r{Vec(N), Vec(S), Vec::Zero(V)};
        Vec lambda;
        accel(m, tSeg, x, r.w, lambda);
        for (int s = 0; s < S; ++s) {
            const auto& e = n.springs[static_cast<std::size_t>(s)];
            r.d[s] = speed(x.w, e.a) - speed(x.w, e.b);
        }
        for (std::size_t f = 0; f < n.feeds.size(); ++f) {
            const auto& e = n.feeds[f];
            r.p[e.volume] += e.g * (m.feed[f] - x.p[e.volume]) / n.volumes[static_cast<std::size_t>(e.volume)].c;
        }
        return r;
    }

    // one classical Runge-Kutta step of length h from tSeg
    X step(const Mode& m, double tSeg, const X& x, double h) const
    {
        const X k1 = rate(m, tSeg, x);
        const X k2 = rate(m, tSeg, x + k1 * (0.5 * h));
        const X k3 = rate(m, tSeg, x + k2 * (0.5 * h));
        const X k4 = rate(m, tSeg, x + k3 * h);
        return x + (k1 + k2 * 2.0 + k3 * 2.0 + k4) * (h / 6.0);
    }

    // the multiplier of each locked clutch (0 for slipping ones)
    std::vector<double> clutchTorques(const Mode& m, double tSeg, const X& x) const
    {
        std::vector<int> clutchRow;
        rows(m, clutchRow);
        Vec a, lambda;
        accel(m, tSeg, x, a, lambda);
        std::vector<double> out(static_cast<std::size_t>(C), 0.0);
        for (int k = 0; k < C; ++k) {
            const int r = clutchRow[static_cast<std::size_t>(k)];
            if (r >= 0) out[static_cast<std::size_t>(k)] = lambda[r];
        }
        return out;
    }

    bool breaks(const Mode& m, int k, double lambda, const X& x) const
    {
        const double cap = capacity(m, k, x);
        return std::fabs(lambda) > cap * (1.0 + 1e-12) + 1e-12;
    }

    // a slip reaching zero while the clutch can carry torque, from x0 to x1
    bool crosses(const Mode& m, int k, const X& x0, const X& x1) const
    {
        const std::size_t kk = static_cast<std::size_t>(k);
        const auto& c = n.clutches[kk];
        if (m.locked[kk] || m.dir[kk] == 0 || !(capacity(m, k, x1) > 0.0)) return false;
        const double g0 = m.dir[kk] * (speed(x0.w, c.a) - speed(x0.w, c.b));
        const double g1 = m.dir[kk] * (speed(x1.w, c.a) - speed(x1.w, c.b));
        return g0 > 0.0 ? g1 <= 0.0 : g1 < 0.0;
    }

    // a slip crossing zero or a breakaway at the step's end
    bool triggered(const Mode& m, double tSeg, const X& x0, const X& x1) const
    {
        bool anyLocked = false;
        for (int k = 0; k < C; ++k) {
            if (crosses(m, k, x0, x1)) return true;
            anyLocked = anyLocked || m.locked[static_cast<std::size_t>(k)];
        }
        if (!anyLocked) return false;
        const std::vector<double> l = clutchTorques(m, tSeg, x1);
        for (int k = 0; k < C; ++k) {
            if (m.locked[static_cast<std::size_t>(k)] && breaks(m, k, l[static_cast<std::size_t>(k)], x1)) return true;
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

    void lock(Mode& m, int k, X& x, double t, Trajectory& out) const
    {
        m.locked[static_cast<std::size_t>(k)] = 1;
        m.dir[static_cast<std::size_t>(k)] = 0;
        project(m, x.w);
        out.transitions.push_back({k, t, true});
    }

    // the mode changes found at the end of a located step
    void transitions(Mode& m, const X& x0, X& x, double tSeg, double t, Trajectory& out) const
    {
        const std::vector<double> l = clutchTorques(m, tSeg, x);
        std::vector<int> lockNow;
        for (int k = 0; k < C; ++k) {
            const std::size_t kk = static_cast<std::size_t>(k);
            if (m.locked[kk]) {
                if (breaks(m, k, l[kk], x)) {
                    m.locked[kk] = 0;
                    m.dir[kk] = -sign(l[kk]);
                    out.transitions.push_back({k, t, false});
                }
                continue;
            }
            if (crosses(m, k, x0, x)) lockNow.push_back(k);
        }
        for (int k : lockNow) lock(m, k, x, t, out);
    }

    // locked clutches asked for more than their capacity break away, worst first
    void settle(Mode& m, X& x, double t, Trajectory& out) const
    {
        for (int it = 0; it < 4 * C + 4; ++it) {
            const std::vector<double> l = clutchTorques(m, t, x);
            int worst = -1;
            double ratio = 1.0;
            for (int k = 0; k < C; ++k) {
                const std::size_t kk = static_cast<std::size_t>(k);
                if (!m.locked[kk] || !breaks(m, k, l[kk], x)) continue;
                const double r = std::fabs(l[kk]) / (capacity(m, k, x) + 1e-300);
                if (worst < 0 || r > ratio) {
                    worst = k;
                    ratio = r;
                }
            }
            if (worst < 0) return;
            m.locked[static_cast<std::size_t>(worst)] = 0;
            m.dir[static_cast<std::size_t>(worst)] = -sign(l[static_cast<std::size_t>(worst)]);
            out.transitions.push_back({worst, t, false, ratio - 1.0});
        }
    }

    // input events at t
    void applyEvents(Mode& m, double t, std::vector<std::size_t>& next, std::vector<std::size_t>& nextFeed) const
    {
        for (int k = 0; k < C; ++k) {
            const std::size_t kk = static_cast<std::size_t>(k);
            const auto& c = n.clutches[kk];
            while (next[kk] < c.events.size() && c.events[next[kk]].t <= t) m.cap[kk] = c.events[next[kk]++].value;
        }
        for (std::size_t f = 0; f < n.feeds.size(); ++f) {
            const auto& e = n.feeds[f];
            while (nextFeed[f] < e.events.size() && e.events[nextFeed[f]].t <= t) m.feed[f] = e.events[nextFeed[f]++].value;
        }
    }

    // the engagement rule (docs/PHYSICS.md) on the present state
    void engage(Mode& m, X& x, double t, Trajectory& out) const
    {
        for (int k = 0; k < C; ++k) {
            const std::size_t kk = static_cast<std::size_t>(k);
            const auto& c = n.clutches[kk];
            const double cap = capacity(m, k, x);
            if (m.locked[kk]) {
                if (!(cap > 0.0)) {
                    m.locked[kk] = 0;
                    m.dir[kk] = 0;
                    out.transitions.push_back({k, t, false});
                }
                continue;
            }
            const double wa = speed(x.w, c.a), wb = speed(x.w, c.b);
            const bool zero = sameSpeed(wa, wb);
            if (cap > 0.0) {
                if (m.dir[kk] == 0 && zero)
                    lock(m, k, x, t, out);
                else if (!zero)
                    m.dir[kk] = sign(wa - wb);
            } else {
                m.dir[kk] = zero ? 0 : sign(wa - wb);
            }
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
