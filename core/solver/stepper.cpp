#include "solver/stepper.h"
#include "solver/intervalbooks.h"

#include <bit>
#include <cmath>

#include "solver/linear.h"
#include "solver/newton.h"
#include "components/registry.h"

namespace drivelab {

namespace {

constexpr double kStepEps = 2.220446049250313e-16;

double speedOf(const double* x, int i) { return i >= 0 ? x[i] : 0.0; }

double slipOf(const Clutch::Params& p, const double* x) { return speedOf(x, p.a) - speedOf(x, p.b); }

class Tick {
public:
    Tick(const Model& m, State& s, Workspace& w, SolverError& err)
        : m(m), s(s), w(w), err(err), tickStartNs(static_cast<double>(s.tick) * static_cast<double>(m.tickNs))
    { }

    bool run()
    {
        bool inputsChanged = false;
        // events take effect at this boundary
        while (s.nextEvent < static_cast<std::int64_t>(m.events.size()) && m.events[static_cast<std::size_t>(s.nextEvent)].tick <= s.tick) {
            const EventModel& e = m.events[static_cast<std::size_t>(s.nextEvent)];
            s.real[static_cast<std::size_t>(e.slot)] = e.value;
            if (e.binding >= 0)
                s.flag[static_cast<std::size_t>(m.bindings[static_cast<std::size_t>(e.binding)].flag)] = 0; // the event ends the binding
            ++s.nextEvent;
            inputsChanged = true;
        }
        if (inputsChanged && m.fixedMask) applyInputs(m, s, w);
        if (m.hasSamplers) sampleControllers(m, s, w, tickStartNs);
        for (double& a : w.acc) a = 0.0;
        // split points strictly inside the tick, ascending
        double cuts[kMaxComponents + 1];
        int nCuts = 0;
        const double tickNs = static_cast<double>(m.tickNs);
        if (m.hasBreakpoints)
            forEachComponentType([&]<class T, std::size_t>() {
                if constexpr (HasBreakpoint<T>) {
                    for (const auto& p : m.params->of<T>()) {
                        double at;
                        if (T::breakpoint(p, tickStartNs, tickStartNs + tickNs, at)) {
                            int i = nCuts++;
                            const double off = at - tickStartNs;
                            while (i > 0 && cuts[i - 1] > off) {
                                cuts[i] = cuts[i - 1];
                                --i;
                            }
                            cuts[i] = off;
                        }
                    }
                }
            });
        // components may limit how far an interval reaches (crank travel per interval): a
        // first split from the speeds at the tick start; each solved interval is checked
        // again against its solved speeds (segment)
        double maxNs = HUGE_VAL;
        int limType = -1, limLocal = -1;
        if (m.hasIntervalLimit) intervalLimit(s.x.data(), maxNs, limType, limLocal);
        double a = 0.0;
        for (int i = 0; i <= nCuts; ++i) {
            const double b = i < nCuts ? cuts[i] : tickNs;
            if (b <= a) continue;
            const double pieces = std::ceil((b - a) / maxNs);
            if (pieces > kMaxIntervalsPerTick) return travelFailure(limType, limLocal, pieces);
            if (pieces > 1.0) {
                for (int k = 1; k < static_cast<int>(pieces); ++k) {
                    const double mid = a + (b - a) * k / pieces;
                    if (!segment(a + (b - a) * (k - 1) / pieces, mid)) return false;
                }
                if (!segment(a + (b - a) * (pieces - 1.0) / pieces, b)) return false;
            } else if (!segment(a, b)) {
                return false;
            }
            a = b;
        }
        const double inv = 1.0 / m.h;
        for (std::size_t i = 0; i < w.acc.size(); ++i) s.mean[i] = w.acc[i] * inv;
        ++s.tick;
        return true;
    }

private:
    const Model& m;
    State& s;
    Workspace& w;
    SolverError& err;
    double tickStartNs;
    int intervals = 0;

    bool fail(const std::string& subject, const std::string& message)
    {
        err.tick = s.tick;
        err.time = tickStartNs / 1e9;
        err.subject = subject;
        err.message = message;
        return false;
    }

    const std::string& clutchId(int k) const
    {
        // the k-th clutch in file order
        int seen = 0;
        for (const auto& c : m.components) {
            if (c.desc == &Clutch::descriptor() && seen++ == k) return c.id;
        }
        return m.components.front().id;
    }

    // id of the k-th component of registry type `type`
    const std::string& componentId(int type, int k) const
    {
        for (const auto& c : m.components) {
            if (c.type == type && c.local == k) return c.id;
        }
        return m.components.front().id;
    }

    // the shortest interval [ns] any component allows at speeds x, and which component
    void intervalLimit(const double* x, double& maxNs, int& type, int& local) const
    {
        forEachComponentType([&]<class T, std::size_t I>() {
            if constexpr (HasMaxInterval<T>) {
                const auto& list = m.params->of<T>();
                for (std::size_t k = 0; k < list.size(); ++k) {
                    const double ns = 1e9 * T::maxInterval(list[k], x);
                    if (ns < maxNs) {
                        maxNs = ns;
                        type = static_cast<int>(I);
                        local = static_cast<int>(k);
                    }
                }
            }
        });
    }

    bool travelFailure(int type, int local, double pieces)
    {
        return fail(type >= 0 ? componentId(type, local) : "-",
                    "its travel bound per internal interval (a crank turns at most 0.25 rad) needs " + formatDouble(pieces) +
                        " intervals in this tick (with those already solved), more than " + std::to_string(kMaxIntervalsPerTick) +
                        "; refine the tick, or check the inertia and the torques on its shaft");
    }

    std::string nodeId(int dyn) const { return m.nodes[static_cast<std::size_t>(m.dynNode[static_cast<std::size_t>(dyn)])].id; }

    // the increments of the prescribed states over the interval (each to its input's value)
    void prescribe()
    {
        forEachComponentType([&]<class T, std::size_t>() {
            if constexpr (HasPrescribe<T>) {
                for (const auto& p : m.params->of<T>()) T::prescribe(p, s.x.data(), s.real.data(), w.dxFixed);
            }
        });
    }

    bool solve(double hSec, double tMidNs, double tStartNs)
    {
        if (!m.bindings.empty()) applyBindings(m, s, w, hSec, tStartNs);
        ensureBasis(m, s, w);
        if (m.prescribedMask) prescribe();
        int worst = 0;
        if (solveInterval(m, s, w, hSec, tMidNs, worst)) return true;
        return fail(dominantComponent(worst, hSec, tMidNs), "the implicit solve did not converge in " +
                                                                std::to_string(kMaxNewtonIterations) +
                                                                " Newton iterations (largest residual at node '" + nodeId(worst) +
                                                                "'); refine the tick, or check map slopes, inertia and speed scales");
    }

    // the component with the largest effort on a node at the last Newton iterate
    // (evaluated one component at a time; only on the failure path)
    std::string dominantComponent(int node, double hSec, double tMidNs)
    {
        std::string best = nodeId(node);
        double bestEffort = -1.0;
        // every pointer the Newton evaluation sets (a component may read any of them);
        // fluid storage goes to local buffers so the workspace's stays as the solve left it
        double stor[kMaxDyn], dstor[kMaxDyn];
        EvalContext c;
        c.x0 = s.x.data();
        c.xs = w.xs;
        c.pos0 = s.pos.data();
        c.real = s.real.data();
        c.flag = s.flag.data();
        c.dx = w.dx;
        c.weight = m.nTheta == 0 ? m.stageWeight.data() : w.weight;
        c.thermalT0 = m.temp0.data();
        c.thermalRise = s.temp.data();
        c.h = hSec;
        c.tMidNs = tMidNs;
        c.f = w.f;
        c.stor = stor;
        c.dstor = dstor;
        c.jac = w.jac;
        c.wantJacobian = false;
        c.scratch = w.scratch.data();
        for (const auto& info : m.components) {
            forEachComponentType([&]<class T, std::size_t I>() {
                if constexpr (HasEval<T>) {
                    if (static_cast<int>(I) != info.type) return;
                    for (int i = 0; i < m.nDyn; ++i) w.f[i] = stor[i] = dstor[i] = 0.0;
                    T::eval(m.params->of<T>()[static_cast<std::size_t>(info.local)], c);
                    const double raw = std::fabs(w.f[node]) + (hSec > 0.0 ? std::fabs(stor[node]) / hSec : 0.0);
                    const double e = std::isfinite(raw) ? raw : HUGE_VAL;
                    if (e > bestEffort && e > 0.0) {
                        bestEffort = e;
                        best = info.id;
                    }
                }
            });
        }
        return best;
    }

    CommitContext commitContext(double hSec)
    {
        CommitContext c;
        c.x0 = s.x.data();
        c.x1 = w.x1;
        c.xs = w.xs;
        c.scratch = w.scratch.data();
        c.lambda = w.lambda.data();
        c.flag = s.flag.data();
        c.real = s.real.data();
        c.acc = w.acc.data();
        c.heatToThermal = w.heatIn.data();
        c.heatToLedger = &s.ledger.heatToLedger;
        c.heatToNodes = &s.ledger.heatToNodes;
        c.sourceWork = &s.ledger.sourceWork;
        c.sourceWorkGross = &s.ledger.sourceWorkGross;
        c.numerical = &s.ledger.numerical;
        c.volumeAbsorbed = &s.ledger.volumeAbsorbed;
        c.heatToOil = &s.ledger.heatToOil;
        c.oilEnthalpyIn = &s.ledger.oilEnthalpyIn;
        c.oilAbsorbed = &s.ledger.oilAbsorbed;
        c.supply = w.supply;
        c.stor = w.stor;
        c.pos0 = s.pos.data();
        c.h = hSec;
        return c;
    }

    // constraint multipliers of the solved interval (mean constraint efforts)
    void multipliers(double hSec)
    {
        for (double& l : w.lambda) l = 0.0;
        if (w.basis.identity) return;
        for (int i = 0; i < m.nDyn; ++i) w.effort[i] = m.mass[static_cast<std::size_t>(i)] * w.dx[i] / hSec - w.f[i];
        constraintMultipliers(w.basis, w.effort, w.lambda.data());
    }

    // the locked clutch whose torque exceeds its static capacity the most, or -1
    int breakaway(double hSec, std::uint64_t noBreak)
    {
        multipliers(hSec);
        int best = -1, k = 0;
        double bestRatio = 1.0;
        for (const auto& p : m.params->of<Clutch>()) {
            if (Clutch::locked(p, s.flag.data()) && !(noBreak >> k & 1)) {
                const double l = w.lambda[static_cast<std::size_t>(p.row)];
                const double cap = Clutch::staticCapacity(p, s.real.data(), w.xs);
                double scale = 0.0;
                for (int i : {p.a, p.b}) {
                    if (i >= 0) scale += std::fabs(m.mass[static_cast<std::size_t>(i)] * w.dx[i] / hSec) + std::fabs(w.f[i]);
                }
                const double tol = 64.0 * kStepEps * scale + 1e-12;
                if (std::fabs(l) > cap + tol) {
                    const double ratio = std::fabs(l) / (cap + tol);
                    if (ratio > bestRatio) {
                        bestRatio = ratio;
                        best = k;
                    }
                }
            }
            ++k;
        }
        return best;
    }

    // the slipping clutch whose slip reaches zero first within the solved interval, or -1;
    // `immediate` when its slip already moved the wrong way from zero
    int crossing(bool& immediate, std::uint64_t exclude)
    {
        int best = -1, k = 0;
        double bestFrac = 2.0;
        immediate = false;
        for (const auto& p : m.params->of<Clutch>()) {
            const int dir = Clutch::direction(p, s.flag.data());
            if (!Clutch::locked(p, s.flag.data()) && dir != 0 && Clutch::kineticCapacity(p, s.real.data(), w.xs) > 0.0 &&
                !(exclude >> k & 1)) {
                const double g0 = dir * slipOf(p, s.x.data());
                const double g1 = dir * slipOf(p, w.x1);
                if (g1 <= 0.0) {
                    const double frac = g0 > 0.0 ? g0 / (g0 - g1) : 0.0;
                    if (frac < bestFrac) {
                        bestFrac = frac;
                        best = k;
                        immediate = !(g0 > 0.0);
                    }
                }
            }
            ++k;
        }
        return best;
    }

    const Clutch::Params& clutch(int k) const { return m.params->of<Clutch>()[static_cast<std::size_t>(k)]; }

    // Illinois regula falsi on the interval length for the first zero of g, a function of the
    // interval's end state `x` that also gives its rounding tolerance: g > 0 at the start, and
    // the workspace holds the solve at `hi` with g <= 0. On return it holds the solve at `tau`.
    template <class G>
    bool findZero(G g, double hi, double tStartNs, double& tau)
    {
        double tol = 0.0;
        double lo = 0.0;
        double glo = g(s.x.data(), tol);
        double ghi = g(w.x1, tol);
        tau = hi;
        if (ghi == 0.0) return true;
        int side = 0;
        const double H = hi;
        for (int it = 0; it < 80; ++it) {
            double t = lo + (hi - lo) * glo / (glo - ghi);
            if (!(t > lo && t < hi)) t = 0.5 * (lo + hi);
            tau = t;
            if (!solve(t, tStartNs + 0.5 * t * 1e9, tStartNs)) return false;
            const double v = g(w.x1, tol);
            if (std::fabs(v) <= tol) break;
            if (v > 0.0) {
                lo = t;
                glo = v;
                if (side == 1) ghi *= 0.5;
                side = 1;
            } else {
                hi = t;
                ghi = v;
                if (side == -1) glo *= 0.5;
                side = -1;
            }
            if (hi - lo <= 4.0 * kStepEps * H) break;
        }
        return true;
    }

    // the slip of clutch k reaches zero
    bool findSlipZero(int k, double hi, double tStartNs, double& tau)
    {
        const Clutch::Params& p = clutch(k);
        const int dir = Clutch::direction(p, s.flag.data());
        return findZero(
            [&](const double* x, double& tol) {
                tol = 2e-12 + 64.0 * kStepEps * (std::fabs(speedOf(x, p.a)) + std::fabs(speedOf(x, p.b)));
                return dir * slipOf(p, x);
            },
            hi, tStartNs, tau);
    }

    // the apply force of pressure-applied clutch k reaches its return spring's
    bool findKink(int k, double hi, double tStartNs, double& tau)
    {
        const Clutch::Params& p = clutch(k);
        const double sign = Clutch::applyMargin(p, s.x.data()) > 0.0 ? 1.0 : -1.0;
        return findZero(
            [&](const double* x, double& tol) {
                tol = 64.0 * kStepEps * (std::fabs(p.gain * (x[p.pressure] - p.pEnv)) + std::fabs(p.springTerm));
                return sign * Clutch::applyMargin(p, x);
            },
            hi, tStartNs, tau);
    }

    // the unlocked pressure-applied clutch whose apply force crosses its return spring's first
    // inside the solved interval (its capacity's kink: zero below, linear in the pressure above),
    // by the linear estimate of the fraction; -1 when none
    int kink(std::uint64_t exclude, double& frac)
    {
        int best = -1, k = 0;
        frac = 2.0;
        for (const auto& p : m.params->of<Clutch>()) {
            if (p.pressure >= 0 && !Clutch::locked(p, s.flag.data()) && !(exclude >> k & 1)) {
                const double c0 = Clutch::applyMargin(p, s.x.data());
                const double c1 = Clutch::applyMargin(p, w.x1);
                if ((c0 > 0.0) != (c1 > 0.0)) {
                    const double f = c0 / (c0 - c1);
                    if (f < frac) {
                        frac = f;
                        best = k;
                    }
                }
            }
            ++k;
        }
        return best;
    }

    // |torque| - static capacity of locked clutch k on the solved interval of hSec: its mean
    // torque against the capacity at the stage (both about their values at mid-interval)
    double overload(int k, double hSec)
    {
        multipliers(hSec);
        const Clutch::Params& p = clutch(k);
        return std::fabs(w.lambda[static_cast<std::size_t>(p.row)]) - Clutch::staticCapacity(p, s.real.data(), w.xs);
    }

    // the locked clutch whose torque, extrapolated to the end of the solved interval, exceeds
    // its capacity there while its mean does not (the multipliers hold this interval's): the
    // line through the previous tick's mean torque (State::mean, at that tick's middle) and this
    // interval's (at its middle); a trigger only, the instant is found by locateBreakaway; -1 if none
    int overloadAtEnd(double atNs, double hSec, std::uint64_t noBreak)
    {
        if (s.tick == 0) return -1;
        const double tPrev = -0.5 * static_cast<double>(m.tickNs);
        const double tMid = atNs + 0.5 * hSec * 1e9;
        const double tEnd = atNs + hSec * 1e9;
        int k = 0;
        for (const auto& p : m.params->of<Clutch>()) {
            if (Clutch::locked(p, s.flag.data()) && !(noBreak >> k & 1)) {
                const double l = w.lambda[static_cast<std::size_t>(p.row)];
                const double lEnd = l + (l - s.mean[static_cast<std::size_t>(p.mean)]) * (tEnd - tMid) / (tMid - tPrev);
                if (std::fabs(lEnd) > Clutch::staticCapacity(p, s.real.data(), w.x1)) return k;
            }
            ++k;
        }
        return -1;
    }

    enum class Break { None, AtStart, Inside };

    // The instant inside the solved interval of hSec at which locked clutch k reaches its
    // capacity: the overload g(t) is known near h/2 (this solve) and near h/4 (a solve of the
    // first half); the line through them gives its zero t*. The interval [0, t*] is solved
    // again and stays locked when no clutch is over its capacity on it (Inside: the workspace
    // holds that solve, tau = t*). `overMean`: the interval's mean torque is over the capacity,
    // and when the line cannot place the zero inside (a torque step at the boundary), or a clutch
    // is over its capacity on [0, t*], it breaks away at the start (AtStart). Otherwise (only the
    // end was estimated over it) a zero beyond the interval means no breakaway: None, with the
    // whole interval solved again.
    bool locateBreakaway(int k, double hSec, double tStartNs, std::uint64_t noBreak, bool overMean, Break& result, double& tau)
    {
        tau = 0.0;
        result = overMean ? Break::AtStart : Break::None;
        const double gHalf = overload(k, hSec);
        if (!solve(0.5 * hSec, tStartNs + 0.25 * hSec * 1e9, tStartNs)) return false;
        const double gQuarter = overload(k, 0.5 * hSec);
        double t = HUGE_VAL;
        if (gHalf > gQuarter) t = 0.25 * hSec - gQuarter * 0.25 * hSec / (gHalf - gQuarter);
        if (t > 1e-9 * hSec && t < hSec) {
            if (!solve(t, tStartNs + 0.5 * t * 1e9, tStartNs)) return false;
            if (breakaway(t, noBreak) >= 0) {
                result = Break::AtStart;
                return true;
            }
            tau = t;
            result = Break::Inside;
            return true;
        }
        if (result == Break::None) return solve(hSec, tStartNs + 0.5 * hSec * 1e9, tStartNs);
        return true;
    }

    bool commit(double hSec)
    {
        CommitContext c = commitContext(hSec);
        // any component may reject the interval (a converter's negative heat, a chamber volume reaching zero, ...)
        std::string why;
        std::string rejectedBy;
        forEachComponentType([&]<class T, std::size_t I>() {
            if constexpr (HasReject<T>) {
                const auto& list = m.params->of<T>();
                for (std::size_t k = 0; k < list.size() && rejectedBy.empty(); ++k) {
                    if (T::reject(list[k], c, why)) rejectedBy = componentId(static_cast<int>(I), static_cast<int>(k));
                }
            }
        });
        if (!rejectedBy.empty()) return fail(rejectedBy, why);
        multipliers(hSec);
        if (m.hasHydraulic || m.prescribedMask) {
            double drawn[kMaxDyn];
            drawnEfforts(m, w, drawn);
            if (m.hasHydraulic) fluidBooks(m, s, w, hSec, drawn);
            if (m.prescribedMask) prescribedBooks(m, s, w, hSec, drawn);
        }
        for (int i = 0; i < m.nTherm; ++i) w.heatIn[static_cast<std::size_t>(i)] = 0.0;
        for (CommitHook hook : m.commitHooks) hook(m, c);
        // advance the states: angle by the stage speed, speed to the end value
        const double inv = 1.0 / hSec;
        for (int i = 0; i < m.nDyn; ++i) {
            const std::size_t k = static_cast<std::size_t>(i);
            s.pos[k] += hSec * w.xs[i];
            s.x[k] = w.x1[i];
            s.rate[k] = w.dx[i] * inv;
        }
        if (m.nTheta > 0) updateStageWeights(m, s, w, hSec);
        thermalStep(m, s, w, hSec);
        ++w.stats.intervals;
        return true;
    }

    // lock clutch k now: the locking impulse's kinetic energy loss is friction heat; false when
    // the lock would tie speeds that speed sources prescribe independently
    bool lock(int k)
    {
        const Clutch::Params& p = clutch(k);
        Clutch::setLocked(p, s.flag.data());
        ensureBasis(m, s, w);
        if (m.prescribedMask) {
            ConstraintRow row;
            Clutch::lockRow(p, row);
            if (unimpliedRow(w.basis, &row, 1, m.prescribedMask) >= 0)
                return fail(clutchId(k), "it locks at equal speeds, but the speeds of its two sides are prescribed independently by "
                                         "speed sources (directly or through rigid constraints): the sources would fight the lock; "
                                         "lower its capacity, or remove one of the sources");
        }
        const double before = kineticEnergy(m, s);
        projectOntoConstraints(w.basis, m.mass.data(), s.x.data());
        const double loss = before - kineticEnergy(m, s);
        for (double& q : w.heatIn) q = 0.0;
        Clutch::bookLockLoss(p, commitContext(0.0), loss);
        for (int i = 0; i < m.nTherm; ++i) {
            const std::size_t j = static_cast<std::size_t>(i);
            s.temp[j] += w.heatIn[j] / m.heatCapacity[j];
        }
        return true;
    }

    // a clutch event at `offsetNs` into this tick
    void record(int k, ClutchEvent::Kind kind, double offsetNs) { w.clutchEvents.add(k, kind, tickStartNs + offsetNs); }

    // the clutches' engagement rule on the present state (Clutch::engage): a clutch that
    // cannot carry torque is freed, one that starts to carry torque at equal speeds locks,
    // and every slip direction comes from the present slip
    bool engageClutches(double atNs)
    {
        int k = 0;
        for (const auto& p : m.params->of<Clutch>()) {
            const double cap = Clutch::staticCapacity(p, s.real.data(), s.x.data());
            switch (Clutch::engage(p, s.flag.data(), speedOf(s.x.data(), p.a), speedOf(s.x.data(), p.b), cap)) {
            case Clutch::Engage::Lock:
                if (!lock(k)) return false;
                record(k, ClutchEvent::Lock, atNs);
                break;
            case Clutch::Engage::Unlock:
                Clutch::setSlipping(p, s.flag.data(), 0);
                record(k, ClutchEvent::Release, atNs);
                break;
            case Clutch::Engage::Keep: break;
            }
            ++k;
        }
        return true;
    }

    bool segment(double aNs, double bNs)
    {
        std::uint64_t noBreak = 0;
        std::uint64_t broke = 0;  // clutches that broke away in this segment
        std::uint64_t kinked = 0; // clutches whose capacity kink ended an interval in this segment
        double at = aNs;
        double stepNs = HUGE_VAL; // interval length the solved speeds allow (crank travel)
        while (at < bNs) {
            if (++intervals > kMaxIntervalsPerTick)
                return fail(m.params->of<Clutch>().empty() ? "-" : clutchId(0),
                            "more than " + std::to_string(kMaxIntervalsPerTick) +
                                " internal intervals in one tick (stick-slip chatter); refine the tick");
            if (!m.params->of<Clutch>().empty() && !engageClutches(at)) return false;
            double endNs = bNs;
            if (stepNs < bNs - at && bNs - (at + stepNs) > 1e-6 * stepNs) endNs = at + stepNs;
            double hSec = (endNs - at) / 1e9;
            const double tStart = tickStartNs + at;
            if (!solve(hSec, tStart + 0.5 * (endNs - at), tStart)) return false;
            // an interval that turned a crank further than its bound (at the solved speeds)
            // is solved again in equal shorter pieces
            if (m.hasIntervalLimit) {
                double maxNs = HUGE_VAL;
                int type = -1, local = -1;
                intervalLimit(w.xs, maxNs, type, local);
                if (endNs - at > maxNs) {
                    const double pieces = std::ceil((bNs - at) / maxNs);
                    if (static_cast<double>(intervals) + pieces > kMaxIntervalsPerTick)
                        return travelFailure(type, local, static_cast<double>(intervals) + pieces);
                    stepNs = (bNs - at) / pieces;
                    continue;
                }
            }
            // a locked clutch asked for more than its capacity breaks away, at the instant its
            // torque reaches the capacity (the interval up to it is committed locked)
            bool overMean = true;
            int brk = breakaway(hSec, noBreak);
            if (brk < 0 && !m.params->of<Clutch>().empty()) {
                brk = overloadAtEnd(at, hSec, noBreak);
                overMean = false;
            }
            if (brk >= 0) {
                const Clutch::Params& p = clutch(brk);
                const int dir = w.lambda[static_cast<std::size_t>(p.row)] > 0.0 ? -1 : 1;
                double tau = 0.0;
                Break how = Break::None;
                if (!locateBreakaway(brk, hSec, tStart, noBreak, overMean, how, tau)) return false;
                if (how != Break::None) {
                    if (how == Break::Inside) {
                        if (!commit(tau)) return false;
                        at += tau * 1e9;
                    }
                    Clutch::setSlipping(p, s.flag.data(), dir);
                    record(brk, ClutchEvent::Breakaway, at);
                    broke |= 1ull << brk;
                    continue;
                }
                noBreak |= 1ull << brk; // its end estimate was not borne out: not again in this segment
            }
            // a pressure-applied clutch's capacity has a kink at its return spring's threshold:
            // the interval ends there (each clutch's first crossing in the segment)
            if (!m.params->of<Clutch>().empty()) {
                double frac = 2.0;
                int kk = kink(kinked, frac);
                double tau = hSec;
                for (int guard = 0; kk >= 0 && guard < 8; ++guard) {
                    kinked |= 1ull << kk;
                    if (frac * tau > 1e-9 * tau && !findKink(kk, tau, tStart, tau)) return false;
                    kk = kink(kinked, frac);
                }
                if (tau < hSec) {
                    hSec = tau;
                    endNs = at + tau * 1e9;
                }
            }
            // a slipping clutch whose slip reaches zero is captured at that instant
            bool immediate = false;
            int k = crossing(immediate, 0);
            if (k >= 0 && immediate) {
                if (!lock(k)) return false;
                record(k, ClutchEvent::Lock, at);
                noBreak |= 1ull << k;
                continue;
            }
            if (k >= 0) {
                double tau = hSec;
                if (!findSlipZero(k, hSec, tStart, tau)) return false;
                // another clutch may cross before it: find the earliest
                for (int guard = 0; guard < 8; ++guard) {
                    bool imm = false;
                    const int other = crossing(imm, 1ull << k);
                    if (other < 0) break;
                    k = other;
                    if (!findSlipZero(k, tau, tStart, tau)) return false;
                }
                if (hSec - tau <= 1e-12 * hSec) {
                    tau = hSec;
                    if (!solve(hSec, tStart + 0.5 * (endNs - at), tStart)) return false;
                }
                if (!commit(tau)) return false;
                if (!lock(k)) return false;
                record(k, ClutchEvent::Lock, tau == hSec ? endNs : at + tau * 1e9);
                // captured again at the very instant it broke away: the interval-mean
                // torque exceeded the capacity while the torque at the interval's start did
                // not (it was rising through it); it stays locked for the rest of the segment
                // and breaks away at a later interval (the one-interval bound, docs/PHYSICS.md)
                if ((broke >> k & 1) && tau <= 1e-6 * hSec) noBreak |= 1ull << k;
                at = tau == hSec ? endNs : at + tau * 1e9;
                continue;
            }
            if (!commit(hSec)) return false;
            at = endNs;
        }
        return true;
    }
};

} // namespace

bool stepTick(const Model& m, State& s, Workspace& w, SolverError& err)
{
    Tick t(m, s, w, err);
    return t.run();
}

} // namespace drivelab
