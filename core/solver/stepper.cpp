#include "solver/stepper.h"
#include "solver/clutchevents.h"
#include "solver/gauss2.h"
#include "solver/gradederror.h"
#include "solver/intervalbooks.h"
#include "solver/intervalcontext.h"

#include <bit>
#include <cmath>

#include "solver/linear.h"
#include "solver/newton.h"
#include "components/registry.h"

namespace drivelab {

namespace {

// the graded start's depth d: a graded segment of length L is solved in L/2^d, L/2^d,
// L/2^(d-1), ..., L/2 (docs/PHYSICS.md, "Gauss-Legendre": graded start; "Radau IIA"). gauss2: 3.
// radau3, the method for fluid time constants far below the tick: 12, so that at a 10 ms tick
// the first pieces (2.4 us) resolve a transient of a few microseconds (a breakaway 11 us after a
// drain with tau = 20 us was 2.1e-8 s off at every tick from 10 ms to 500 us with d = 3)
constexpr int kMaxGradeDepth = 12;
constexpr int gradeDepth(IntegrationMethod method) { return method == IntegrationMethod::Radau3 ? kMaxGradeDepth : 3; }

class Tick final : public IntervalSolve {
public:
    Tick(const Model& m, State& s, Workspace& w, SolverError& err)
        : m(m), s(s), w(w), err(err), tickStartNs(static_cast<double>(s.tick) * static_cast<double>(m.tickNs)), ev(m, s, w, *this)
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
        if (m.hasSamplers && !sampleControllers(m, s, w, tickStartNs, err)) return false;
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
        // gauss2, radau3: a segment that begins at a discontinuity of the inputs (an event applied
        // at this boundary, a source step at the tick's start or at a cut) starts graded
        // (segment; docs/PHYSICS.md "Gauss-Legendre")
        const bool gauss2 = twoStage(m.method);
        const bool gradeStart = gauss2 && (inputsChanged || (m.hasBreakpoints && stepAtStart()));
        double a = 0.0;
        for (int i = 0; i <= nCuts; ++i) {
            const double b = i < nCuts ? cuts[i] : tickNs;
            if (b <= a) continue;
            const bool graded = i == 0 ? gradeStart : gauss2;
            const double pieces = std::ceil((b - a) / maxNs);
            if (pieces > kMaxIntervalsPerTick) return travelFailure(limType, limLocal, pieces);
            if (pieces > 1.0) {
                for (int k = 1; k < static_cast<int>(pieces); ++k) {
                    const double mid = a + (b - a) * k / pieces;
                    if (!segment(a + (b - a) * (k - 1) / pieces, mid, graded && k == 1)) return false;
                }
                if (!segment(a + (b - a) * (pieces - 1.0) / pieces, b, false)) return false;
            } else if (!segment(a, b, graded)) {
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
    ClutchEvents ev;
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

    // a source step (a breakpoint hook) at this tick's start: the tick before did not split at
    // it (its end is not inside), so this tick begins at the step
    bool stepAtStart() const
    {
        bool any = false;
        forEachComponentType([&]<class T, std::size_t>() {
            if constexpr (HasBreakpoint<T>) {
                for (const auto& p : m.params->of<T>()) {
                    double at;
                    if (T::breakpoint(p, tickStartNs - 0.5, std::nextafter(tickStartNs, HUGE_VAL), at)) any = true;
                }
            }
        });
        return any;
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

    bool solve(double hSec, double tMidNs, double tStartNs) override
    {
        if (!m.bindings.empty()) applyBindings(m, s, w, hSec, tStartNs);
        ensureBasis(m, s, w);
        if (m.prescribedMask) prescribe();
        int worst = 0;
        if (twoStage(m.method) ? solveGauss2(m, s, w, hSec, tStartNs, worst) : solveInterval(m, s, w, hSec, tMidNs, worst))
            return true;
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
        setIntervalContext(c, m, s, w.dx, hSec);
        c.xs = w.xs;
        c.weight = m.nTheta == 0 ? m.stageWeight.data() : w.weight;
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

    // any component may reject the interval (a converter's negative heat, a chamber volume
    // reaching zero, ...), on any of its commit contexts (one per stage); true after fail()
    bool rejected(const CommitContext* cs, int count)
    {
        std::string why;
        int type = -1, local = -1; // the first component that refused (its id is built only then)
        forEachComponentType([&]<class T, std::size_t I>() {
            if constexpr (HasReject<T>) {
                if (type >= 0) return;
                const auto& list = m.params->of<T>();
                for (std::size_t k = 0, n = list.size(); k < n; ++k) {
                    for (int st = 0; st < count; ++st) {
                        if (T::reject(list[k], cs[st], why)) {
                            type = static_cast<int>(I);
                            local = static_cast<int>(k);
                            return;
                        }
                    }
                }
            }
        });
        if (type < 0) return false;
        fail(componentId(type, local), why);
        return true;
    }

    bool commit(double hSec)
    {
        if (twoStage(m.method)) return commitGauss2(hSec);
        CommitContext c = commitContext(hSec);
        if (rejected(&c, 1)) return false;
        if (m.nRows > 0) ev.multipliers(hSec); // no constraint rows: no multipliers to read
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

    // a gauss2 or radau3 interval: every component commits each stage with weight b_i h at its
    // stage values (its efforts, its constraint multipliers); the states advance by the same quadrature
    bool commitGauss2(double hSec)
    {
        Gauss2Work& g = *w.g2;
        const double* bw = stageWeights(m.method);
        CommitContext c[2];
        for (int st = 0; st < 2; ++st) {
            c[st] = commitContext(bw[st] * hSec);
            c[st].share = bw[st];
            c[st].xs = g.X[st];
            c[st].scratch = g.scratch[st].data();
            c[st].lambda = g.lambda[st].data();
            c[st].supply = g.supply[st];
        }
        if (rejected(c, 2)) return false;
        gauss2Books(m, s, w, hSec);
        ev.multipliers(hSec); // the interval's mean multipliers, sum_i b_i lambda_i
        for (int i = 0; i < m.nTherm; ++i) w.heatIn[static_cast<std::size_t>(i)] = 0.0;
        for (int st = 0; st < 2; ++st)
            for (CommitHook hook : m.commitHooks) hook(m, c[st]);
        const double inv = 1.0 / hSec;
        for (int i = 0; i < m.nDyn; ++i) {
            const std::size_t k = static_cast<std::size_t>(i);
            s.pos[k] += hSec * (bw[0] * g.X[0][i] + bw[1] * g.X[1][i]);
            s.x[k] = w.x1[i];
            s.rate[k] = w.dx[i] * inv;
        }
        keepStageStart(m, s, w, hSec);
        thermalStep(m, s, w, hSec);
        ++w.stats.intervals;
        return true;
    }

    // lock clutch k now: the locking impulse's kinetic energy loss is friction heat; false when
    // the lock would tie speeds that speed sources prescribe independently
    bool lock(int k)
    {
        const Clutch::Params& p = ev.clutch(k);
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

    // solve [aNs, bNs] of this tick; graded (gauss2, radau3: the segment begins at a discontinuity
    // of the inputs): its intervals end at least at a + L/2^d, ..., a + L/4, a + L/2 (L = b - a,
    // d = gradeDepth: 3 for gauss2, so the transient after the step is resolved in L/8, L/8, L/4,
    // L/2; 12 for radau3)
    bool segment(double aNs, double bNs, bool graded)
    {
        std::uint64_t noBreak = 0;
        std::uint64_t broke = 0;  // clutches that broke away in this segment
        std::uint64_t kinked = 0; // clutches whose capacity kink ended an interval in this segment
        double at = aNs;
        double stepNs = HUGE_VAL; // interval length the solved speeds allow (crank travel)
        const double lengthNs = bNs - aNs;
        // (a tick already split into many intervals keeps the shallow grading, so the deep one
        // never brings it to the interval limit)
        const int depth = !graded ? 0 : intervals + gradeDepth(m.method) + 16 <= kMaxIntervalsPerTick ? gradeDepth(m.method) : 3;
        double grades[kMaxGradeDepth];
        int nextGrade = depth;
        if (graded) {
            double frac = 0.5; // 2^-(depth - g), exact: the boundaries a + L/2^(depth - g)
            for (int g = depth; g-- > 0; frac *= 0.5) grades[g] = aNs + frac * lengthNs;
            nextGrade = 0;
        }
        // radau3's deep grading takes its pieces from its embedded error estimate (gradederror.h):
        // the first L/2^d, each next 0.9 e^-1/3 times the last (between 0.2 and 2 times), a piece
        // with e > 1 solved again shorter; while the doublings that would finish the segment and
        // 16 intervals stay in hand (else, or without an estimate, each piece doubles the last)
        const bool adaptive = depth == kMaxGradeDepth && m.method == IntegrationMethod::Radau3;
        bool estimate = adaptive;
        double pieceNs = adaptive ? grades[0] - aNs : HUGE_VAL; // the next piece
        double a0[kMaxDyn];        // the rates at `at` (a0At)
        double a0At = -1.0;
        double peak[kMaxDyn] = {}; // the largest |a0| in the segment
        while (at < bNs) {
            if (++intervals > kMaxIntervalsPerTick)
                return fail(m.params->of<Clutch>().empty() ? "-" : clutchId(0),
                            "more than " + std::to_string(kMaxIntervalsPerTick) +
                                " internal intervals in one tick (stick-slip chatter); refine the tick");
            if (!m.params->of<Clutch>().empty() && !engageClutches(at)) return false;
            double endNs = bNs;
            if (stepNs < bNs - at && bNs - (at + stepNs) > 1e-6 * stepNs) endNs = at + stepNs;
            while (nextGrade < depth && grades[nextGrade] - at <= 1e-6 * lengthNs) ++nextGrade;
            if (adaptive) {
                if (pieceNs < endNs - at && endNs - (at + pieceNs) > 1e-6 * pieceNs) endNs = at + pieceNs;
            } else if (nextGrade < depth && grades[nextGrade] < endNs) {
                endNs = grades[nextGrade];
            }
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
            if (adaptive) {
                // the doublings that would finish the segment from this piece shortened 5x
                int finish = 3;
                for (double q = endNs - at; q < bNs - at && finish < kMaxIntervalsPerTick; q *= 2.0) ++finish;
                bool control = estimate && intervals + finish + 16 < kMaxIntervalsPerTick;
                if (control && a0At != at) {
                    control = estimate = gradedStartRates(m, s, w, hSec, tStart, a0, peak);
                    a0At = at;
                }
                pieceNs = 2.0 * (endNs - at); // without an estimate: doubling to the segment's end
                if (control) {
                    const double e = gradedErrorNorm(m, s, w, hSec, a0, peak, kGradedRtol);
                    if (e > 0.0) pieceNs = (endNs - at) * std::fmin(2.0, std::fmax(0.2, 0.9 / std::cbrt(e)));
                    if (e > 1.0) continue; // solved again, shorter
                }
            }
            // a locked clutch asked for more than its capacity breaks away, at the instant its
            // torque reaches the capacity (the interval up to it is committed locked)
            const bool clutches = !m.params->of<Clutch>().empty(); // the clutch events need a clutch
            bool overMean = true;
            int brk = clutches ? ev.breakaway(hSec, noBreak) : -1;
            if (brk < 0 && clutches) {
                brk = ev.overloadAtEnd(at, tStart, hSec, noBreak);
                overMean = false;
            }
            if (brk >= 0) {
                const Clutch::Params& p = ev.clutch(brk);
                const int dir = w.lambda[static_cast<std::size_t>(p.row)] > 0.0 ? -1 : 1;
                double tau = 0.0;
                ClutchEvents::Break how = ClutchEvents::Break::None;
                if (!ev.locateBreakaway(brk, hSec, tStart, noBreak, overMean, how, tau)) return false;
                if (how != ClutchEvents::Break::None) {
                    if (how == ClutchEvents::Break::Inside) {
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
            if (clutches) {
                double frac = 2.0;
                int kk = ev.kink(kinked, frac);
                double tau = hSec;
                for (int guard = 0; kk >= 0 && guard < 8; ++guard) {
                    kinked |= 1ull << kk;
                    if (frac * tau > 1e-9 * tau && !ev.findKink(kk, tau, tStart, tau)) return false;
                    kk = ev.kink(kinked, frac);
                }
                if (tau < hSec) {
                    hSec = tau;
                    endNs = at + tau * 1e9;
                }
            }
            // a slipping clutch whose slip reaches zero is captured at that instant
            bool immediate = false;
            int k = clutches ? ev.crossing(immediate, 0) : -1;
            if (k >= 0 && immediate) {
                if (!lock(k)) return false;
                record(k, ClutchEvent::Lock, at);
                noBreak |= 1ull << k;
                continue;
            }
            if (k >= 0) {
                double tau = hSec;
                if (!ev.findSlipZero(k, hSec, tStart, tau)) return false;
                // another clutch may cross before it: find the earliest
                for (int guard = 0; guard < 8; ++guard) {
                    bool imm = false;
                    const int other = ev.crossing(imm, 1ull << k);
                    if (other < 0) break;
                    k = other;
                    if (!ev.findSlipZero(k, tau, tStart, tau)) return false;
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
