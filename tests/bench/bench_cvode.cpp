// Accuracy per unit of work: DriveLab's fixed-tick solver against SUNDIALS CVODE on the
// stiff, event-rich clutch-fill lab (issue 21; docs/PERFORMANCE.md, "Accuracy per unit of
// work"). Timing is reported, never asserted; --smoke checks the events and fails on a
// broken one.
//
//   engine (Je) --- clutch, capacity mu n r max(0, (p - p_env) A - F_spring) --- load (Jl)
//   Te                        ^ p: 20 cm^3 at 1.5 GPa, fed through a laminar orifice    TL
//   events: supply on (fill, lock) / load step (breakaway, slip, relock) / supply off
//   (drain: breakaway, capacity to zero at the spring threshold)
//
// The equations and CVODE's mode switching are in cvodeclutch.cpp. Both solvers integrate
// tests/bench/labs/clutch-fill.lab.json (CVODE reads its numbers from it).
//
// Error of a run against the reference (CVODE, rtol 1e-12), each relative:
//   final speeds |w - w_ref| / |w_ref| (engine, load), clutch heat |Q - Q_ref| / Q_ref, the
//   piston's absolute pressure |p - p_ref| / p_ref at the end and 10 ms after the drain (issue 37:
//   pressures included), and the instants of the locks and breakaways |t - t_ref| / T (T = 0.6 s,
//   the run's length); error = the largest of them; infinite when the sequence of locks and
//   breakaways differs.
// DriveLab runs three times per tick: with the implicit midpoint (the lab's method), the 2-stage
// Gauss-Legendre method (run.method gauss2, rows "DriveLab GL2") and the 2-stage Radau IIA method
// (run.method radau3, rows "DriveLab R3").
// Cases (issue 37: families, not one): the lab as written (fill and drain tau = C/G = 2.05 ms) and
// with the orifice 100x (20.5 us) and 1000x (2.05 us) faster, each with the lab's event times and
// with every event 20 ms earlier (`--case N` runs one; the list prints with --help).
// Work: wall time of one run (a fresh Session and every tick; CVODE's set-up and integration),
// the median of 5 runs, or the minimum of many when a run takes under a millisecond.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "cvodeclutch.h"
#include "io/labfile.h"
#include "solver/session.h"

using namespace drivelab;
using namespace drivelab::bench;

namespace {

const std::string kLab = std::string(DRIVELAB_SOURCE_DIR) + "/tests/bench/labs/clutch-fill.lab.json";

Json readJson(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return Json::parse(ss.str());
}

// DriveLab's methods: the midpoint (the lab's), gauss2, radau3 (run.method)
constexpr const char* kMethods[3] = {nullptr, "gauss2", "radau3"};

// the lab compiled at another tick (the report stride set to the whole run), with run.method
// `method` (null: the lab's, the midpoint)
std::shared_ptr<const Model> compileAt(Json lab, std::int64_t tickNs, const char* method = nullptr)
{
    const std::int64_t duration = lab.at("run").at("duration_ns").get<std::int64_t>();
    lab["run"]["tick_ns"] = tickNs;
    if (method) lab["run"]["method"] = method;
    lab["run"]["report_every_ticks"] = duration / tickNs;
    LoadedLab l = loadLabText(lab.dump());
    if (!l.model) {
        for (const auto& d : l.diagnostics.items()) std::fprintf(stderr, "%s\n", formatDiagnostic(kLab, d).c_str());
        std::exit(2);
    }
    return l.model;
}

struct DriveLabRun {
    Outcome o;
    std::int64_t ticks = 0;
    double newtonPerTick = 0.0;
};

// the observables the benchmark reads, the tick of the last input step (the drain) and the tick
// the pressure is read at (ClutchFill::probe)
struct Probe {
    int engine = 0, load = 0, heat = 0, pressure = 0;
    std::int64_t lastStepTick = 0, probeTick = -1;
};

// one run of the lab: every tick, in batches, reading the clutch events after each batch
DriveLabRun runDriveLab(const std::shared_ptr<const Model>& model, const Probe& probe)
{
    DriveLabRun r;
    Session s(model);
    std::int64_t seen = 0;
    std::vector<double> obs(s.observableCount());
    while (!s.finished()) {
        if (s.tick() == probe.lastStepTick || s.tick() == probe.probeTick) {
            s.observe(obs.data());
            if (s.tick() == probe.lastStepTick) r.o.heatLast = obs[static_cast<std::size_t>(probe.heat)];
            if (s.tick() == probe.probeTick) r.o.pProbe = obs[static_cast<std::size_t>(probe.pressure)];
        }
        std::int64_t n = 4096;
        for (std::int64_t at : {probe.lastStepTick, probe.probeTick})
            if (s.tick() < at) n = std::min(n, at - s.tick());
        const BatchResult b = s.run(n);
        if (b.status != BatchStatus::Completed) {
            r.o.ok = false;
            r.o.error = "solver failure: " + b.error.message;
            return r;
        }
        const ClutchEventLog& log = s.clutchEvents();
        if (log.count - seen > ClutchEventLog::kSize) {
            r.o.ok = false;
            r.o.error = "more than 64 clutch events in one batch";
        }
        for (std::int64_t i = std::max(seen, log.count - ClutchEventLog::kSize); i < log.count; ++i)
            r.o.events.push_back({static_cast<ModelEvent::Kind>(log.at(i).kind), log.at(i).timeNs * 1e-9});
        seen = log.count;
    }
    s.observe(obs.data());
    r.o.we = obs[static_cast<std::size_t>(probe.engine)];
    r.o.wl = obs[static_cast<std::size_t>(probe.load)];
    r.o.heat = obs[static_cast<std::size_t>(probe.heat)];
    r.o.p = obs[static_cast<std::size_t>(probe.pressure)];
    r.ticks = s.tick();
    r.newtonPerTick = static_cast<double>(s.stats().newtonIterations) / static_cast<double>(r.ticks);
    return r;
}

int observable(const Model& m, const char* subject, const char* name)
{
    const auto layout = observableLayout(m);
    for (std::size_t i = 0; i < layout.size(); ++i)
        if (layout[i].subject == subject && layout[i].name == name) return static_cast<int>(i);
    std::fprintf(stderr, "no observable %s.%s\n", subject, name);
    std::exit(2);
}

Probe probeOf(const Model& m, const ClutchFill& f, std::int64_t tickNs)
{
    Probe p{observable(m, "engine", "speed"), observable(m, "load", "speed"), observable(m, "clutch", "friction_heat"),
            observable(m, "piston", "pressure")};
    p.lastStepTick = f.steps.empty() ? -1 : std::llround(f.steps.back().time * 1e9) / tickNs;
    p.probeTick = f.probe < 0.0 ? -1 : std::llround(f.probe * 1e9) / tickNs;
    return p;
}

// wall time of fn [s]: the median of 5 runs, the minimum of up to 200 (0.2 s) under 1 ms
template <class F> double timeRuns(F&& fn)
{
    using clock = std::chrono::steady_clock;
    auto once = [&] {
        const auto a = clock::now();
        fn();
        return std::chrono::duration<double>(clock::now() - a).count();
    };
    std::vector<double> t{once()};
    if (t[0] < 1e-3) {
        double spent = t[0];
        for (int i = 0; i < 200 && spent < 0.2; ++i) spent += t.emplace_back(once());
        return *std::min_element(t.begin(), t.end());
    }
    const int reps = t[0] > 4.0 ? 3 : 5;
    while (static_cast<int>(t.size()) < reps) t.push_back(once());
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
}

// the events the two solvers both report: locks, breakaways, releases
std::vector<ModelEvent> clutchEvents(const std::vector<ModelEvent>& all)
{
    std::vector<ModelEvent> out;
    for (const auto& e : all)
        if (e.kind == ModelEvent::Lock || e.kind == ModelEvent::Breakaway || e.kind == ModelEvent::Release) out.push_back(e);
    return out;
}

struct Errors {
    double we = 0, wl = 0, heat = 0, p = 0, pProbe = 0;
    double lockDt = 0, breakDt = 0; ///< largest |t - t_ref| of the locks and of the breakaways [s]
    bool sameEvents = true;
    double total = 0;
};

Errors compare(const Outcome& o, const Outcome& ref, double duration)
{
    Errors e;
    e.we = std::fabs(o.we - ref.we) / std::fabs(ref.we);
    e.wl = std::fabs(o.wl - ref.wl) / std::fabs(ref.wl);
    e.heat = std::fabs(o.heat - ref.heat) / std::fabs(ref.heat);
    e.p = std::fabs(o.p - ref.p) / std::fabs(ref.p);
    e.pProbe = std::fabs(o.pProbe - ref.pProbe) / std::fabs(ref.pProbe);
    const auto a = clutchEvents(o.events), b = clutchEvents(ref.events);
    e.sameEvents = o.ok && a.size() == b.size();
    for (std::size_t i = 0; e.sameEvents && i < a.size(); ++i) {
        if (a[i].kind != b[i].kind) e.sameEvents = false;
        double& dt = a[i].kind == ModelEvent::Lock ? e.lockDt : e.breakDt;
        dt = std::max(dt, std::fabs(a[i].time - b[i].time));
    }
    e.total = e.sameEvents ? std::max({e.we, e.wl, e.heat, e.p, e.pProbe, e.lockDt / duration, e.breakDt / duration}) : HUGE_VAL;
    return e;
}

std::string sequence(const std::vector<ModelEvent>& ev)
{
    std::string s;
    for (const auto& e : ev) s += std::string(s.empty() ? "" : ", ") + eventName(e.kind);
    return s;
}

std::string tickText(std::int64_t ns)
{
    char b[32];
    if (ns >= 1000000)
        std::snprintf(b, sizeof b, "%g ms", static_cast<double>(ns) / 1e6);
    else if (ns >= 1000)
        std::snprintf(b, sizeof b, "%g µs", static_cast<double>(ns) / 1e3);
    else
        std::snprintf(b, sizeof b, "%lld ns", static_cast<long long>(ns));
    return b;
}

struct Row {
    bool cvode = false;
    int method = 0; ///< DriveLab's: index into kMethods
    std::string setting;
    Errors err;
    double wall = 0; ///< [s]
    double nsPerTick = 0, newtonPerTick = 0;
    Outcome o;
};

const char* solverName(const Row& r)
{
    static constexpr const char* names[3] = {"DriveLab", "DriveLab GL2", "DriveLab R3"};
    return r.cvode ? "CVODE" : names[r.method];
}

void printRow(const Row& r)
{
    char err[32];
    if (std::isinf(r.err.total))
        std::snprintf(err, sizeof err, "events differ");
    else
        std::snprintf(err, sizeof err, "%.2e", r.err.total);
    std::printf("| %s | %s | %s | %.1e | %.1e | %.1e | %.1e | %.1e | %.1e | %.1e | %.3f |", solverName(r), r.setting.c_str(), err,
                r.err.we, r.err.wl, r.err.heat, r.err.p, r.err.pProbe, r.err.lockDt, r.err.breakDt, r.wall * 1e3);
    if (r.cvode)
        std::printf(" — | — | %lld | %lld | %lld |\n", static_cast<long long>(r.o.steps), static_cast<long long>(r.o.rhs),
                    static_cast<long long>(r.o.jac));
    else
        std::printf(" %.0f | %.4f | — | — | — |\n", r.nsPerTick, r.newtonPerTick);
}

// where the error comes from: each lock and breakaway, signed (t - t_ref) [s], and the heat
// just before the drain (the last input step), relative (the speeds there are exact to rounding:
// the clutch is locked, so they follow from the momentum the sources gave)
void printDetail(const std::vector<Row>& rows, const Outcome& ref)
{
    const auto expected = clutchEvents(ref.events);
    std::printf("\n| solver | setting |");
    for (const auto& e : expected) std::printf(" %s at %.6f s: t − t_ref [s] |", eventName(e.kind), e.time);
    std::printf(" heat before the drain (relative) |\n|---|---|");
    for (std::size_t i = 0; i <= expected.size(); ++i) std::printf("---|");
    std::printf("\n");
    for (const Row& r : rows) {
        std::printf("| %s | %s |", solverName(r), r.setting.c_str());
        const auto got = clutchEvents(r.o.events);
        for (std::size_t i = 0; i < expected.size(); ++i) {
            if (r.err.sameEvents)
                std::printf(" %+.2e |", got[i].time - expected[i].time);
            else
                std::printf(" — |");
        }
        std::printf(" %.1e |\n", std::fabs(r.o.heatLast - ref.heatLast) / ref.heatLast);
    }
}

void printEvents(const char* title, const Outcome& o)
{
    std::printf("%s: ", title);
    for (std::size_t i = 0; i < o.events.size(); ++i)
        std::printf("%s%s %.12f s", i ? ", " : "", eventName(o.events[i].kind), o.events[i].time);
    std::printf("\n  final speeds: engine %.12f, load %.12f rad/s; clutch heat %.12f J\n", o.we, o.wl, o.heat);
}

// --smoke: the reference at rtol 1e-10 must show the lab's story (lock, breakaway, lock,
// breakaway, with the spring threshold crossed on the fill and on the drain), and DriveLab at a
// 10 µs tick the same locks and breakaways in the same order, the locks and breakaways within
// kEventTol (both located inside the tick, docs/PHYSICS.md), the final speeds within kSpeedTol
// and the heat within kHeatTol. Measured at 10 µs: locks 1.7e-9 s, breakaways 4.5e-9 s, speeds
// 7.6e-10, heat 1.1e-8; a breakaway taken at a tick's start (5e-6 s here on average), a
// threshold left to the stage pressure (the fill's lock 8e-5 s late at 1 ms, 2e-7 s at 10 µs), a
// lock located to the tick only or a lost slip phase fails.
// The same for gauss2 at a 1 ms tick against kGl2Tol (the largest relative error: speeds, heat,
// event instants over the run's length) and the breakaways within kGl2BreakTol: measured 5.9e-8
// and 2.5e-9 s; the breakaway on the line through the mean overloads (second order) was 8.0e-8 s
// off, and without the graded start after the input steps the error was 1.3e-7.
ClutchFill modelOf(const Json& lab);

int smoke(const Json& lab, const ClutchFill& m, const Json& stiff)
{
    constexpr std::int64_t kTickNs = 10000;
    constexpr double kEventTol = 5e-8, kSpeedTol = 1e-8, kHeatTol = 1e-7;
    const Outcome ref = runCvode(m, 1e-10);
    const auto model = compileAt(lab, kTickNs);
    const DriveLabRun d = runDriveLab(model, probeOf(*model, m, kTickNs));
    printEvents("CVODE rtol 1e-10", ref);
    printEvents("DriveLab 10 µs", d.o);
    if (!ref.ok || !d.o.ok) {
        std::printf("FAIL: %s%s\n", ref.error.c_str(), d.o.error.c_str());
        return 1;
    }
    const Errors e = compare(d.o, ref, m.duration);
    const auto expected = clutchEvents(ref.events);
    const std::vector<int> story = {ModelEvent::SpringUp, ModelEvent::Lock,      ModelEvent::Breakaway,
                                    ModelEvent::Lock,     ModelEvent::Breakaway, ModelEvent::SpringDown};
    std::vector<int> got;
    for (const auto& ev : ref.events) got.push_back(ev.kind);
    if (got != story) std::printf("the reference does not tell the lab's story: [%s]\n", sequence(ref.events).c_str());
    const bool pass = got == story && e.sameEvents && e.lockDt <= kEventTol && e.breakDt <= kEventTol && e.we <= kSpeedTol &&
                      e.wl <= kSpeedTol && e.heat <= kHeatTol;
    std::printf("sequence: CVODE [%s], DriveLab [%s]\n", sequence(expected).c_str(), sequence(clutchEvents(d.o.events)).c_str());
    std::printf("locks off by %.3e s, breakaways by %.3e s (tolerance %.0e); speeds %.2e, %.2e (tolerance %.0e), heat %.2e "
                "(tolerance %.0e)\n%s\n",
                e.lockDt, e.breakDt, kEventTol, e.we, e.wl, kSpeedTol, e.heat, kHeatTol, pass ? "PASS" : "FAIL");
    constexpr std::int64_t kGl2TickNs = 1000000;
    constexpr double kGl2Tol = 1e-7, kGl2BreakTol = 1e-8;
    const auto gl2Model = compileAt(lab, kGl2TickNs, "gauss2");
    const DriveLabRun g = runDriveLab(gl2Model, probeOf(*gl2Model, m, kGl2TickNs));
    const Errors eg = compare(g.o, ref, m.duration);
    // the tolerance is on speeds, heat and instants (the pressures, issue 37's addition, are shown:
    // 10 ms after the drain gauss2's 1 ms tick is 1.3e-5 off there, the drain's transient at h/tau = 1/2)
    const double egTotal = std::max({eg.we, eg.wl, eg.heat, eg.lockDt / m.duration, eg.breakDt / m.duration});
    const bool gl2Pass = g.o.ok && eg.sameEvents && egTotal <= kGl2Tol && eg.breakDt <= kGl2BreakTol;
    std::printf("DriveLab GL2 1 ms: %s; error %.2e (tolerance %.0e), breakaways off by %.3e s (tolerance %.0e), locks by %.3e s; "
                "pressures %.1e, %.1e\n%s\n",
                g.o.ok ? "ran" : g.o.error.c_str(), egTotal, kGl2Tol, eg.breakDt, kGl2BreakTol, eg.lockDt, eg.p, eg.pProbe,
                gl2Pass ? "PASS" : "FAIL");
    // radau3 on the stiff variant (the orifice 100x faster, tau = 20.5 us) at a 10 ms tick against
    // CVODE on it at rtol 1e-10: the same locks and breakaways, the largest relative error
    // (speeds, heat, pressures, instants over the run's length) within kR3Tol, issue 37's tightest
    // target. Measured 6.9e-9 (the engine's speed; 5.5e-8 with radau3's fixed grading down to
    // L/4096, 2.2e-7 with breakaways 2.1e-8 s before it); gauss2 there holds the drained piston at
    // 0.34 MPa (error 2.3) and the midpoint at 10 ms is 1e-2 off.
    constexpr std::int64_t kR3TickNs = 10000000;
    constexpr double kR3Tol = 1e-8;
    const ClutchFill ms = modelOf(stiff);
    const Outcome refS = runCvode(ms, 1e-10);
    const auto r3Model = compileAt(stiff, kR3TickNs, "radau3");
    const DriveLabRun r3 = runDriveLab(r3Model, probeOf(*r3Model, ms, kR3TickNs));
    const Errors er = compare(r3.o, refS, ms.duration);
    const bool r3Pass = refS.ok && r3.o.ok && er.sameEvents && er.total <= kR3Tol;
    std::printf("DriveLab R3 10 ms, orifice 100x: %s; error %.2e (tolerance %.0e): speeds %.1e %.1e, heat %.1e, pressures %.1e %.1e, "
                "locks %.1e s, breakaways %.1e s\n%s\n",
                r3.o.ok ? "ran" : r3.o.error.c_str(), er.total, kR3Tol, er.we, er.wl, er.heat, er.p, er.pProbe, er.lockDt, er.breakDt,
                r3Pass ? "PASS" : "FAIL");
    return pass && gl2Pass && r3Pass ? 0 : 1;
}

// issue 37's families: the orifice's conductance multiplied (fill and drain 100x, 1000x faster)
// and the events after the fill moved 20 ms earlier
struct Case {
    const char* name;
    double conductance; ///< factor on the lab's
    double shift;       ///< [s] earlier, every event but the first
};
constexpr Case kCases[] = {
    {"as written (tau = C/G = 2.05 ms), events at 10, 250, 300, 450 ms", 1.0, 0.0},
    {"orifice 100x (tau 20.5 us), events at 10, 250, 300, 450 ms", 100.0, 0.0},
    {"orifice 1000x (tau 2.05 us), events at 10, 250, 300, 450 ms", 1000.0, 0.0},
    {"as written (tau 2.05 ms), events at 10, 230, 280, 430 ms", 1.0, 0.02},
    {"orifice 100x (tau 20.5 us), events at 10, 230, 280, 430 ms", 100.0, 0.02},
    {"orifice 1000x (tau 2.05 us), events at 10, 230, 280, 430 ms", 1000.0, 0.02},
};

Json variant(Json lab, const Case& c)
{
    for (auto& comp : lab["components"])
        if (comp["id"] == "feed") comp["parameters"]["conductance"] = comp["parameters"]["conductance"].get<double>() * c.conductance;
    bool first = true;
    for (auto& e : lab["events"]) {
        if (!first) e["time_ns"] = e["time_ns"].get<std::int64_t>() - std::llround(c.shift * 1e9);
        first = false;
    }
    return lab;
}

// the model CVODE integrates, with the pressure read 10 ms after the last input step (the drain)
ClutchFill modelOf(const Json& lab)
{
    ClutchFill m = readClutchFill(lab);
    if (!m.steps.empty()) m.probe = m.steps.back().time + 0.01;
    return m;
}

void runCase(const Json& lab, double maxSeconds, int onlyMethod)
{
    const ClutchFill m = modelOf(lab);
    const Outcome ref = runCvode(m, 1e-12);
    const Outcome check = runCvode(m, 1e-11);
    if (!ref.ok || !check.ok) {
        std::fprintf(stderr, "reference failed: %s%s\n", ref.error.c_str(), check.error.c_str());
        return;
    }
    printEvents("Reference (CVODE rtol 1e-12)", ref);
    const Errors rc = compare(check, ref, m.duration);
    std::printf("  against rtol 1e-11: speeds %.1e, %.1e, heat %.1e, pressures %.1e, %.1e relative; locks %.1e s, breakaways %.1e s; "
                "error %.1e\n\n",
                rc.we, rc.wl, rc.heat, rc.p, rc.pProbe, rc.lockDt, rc.breakDt, rc.total);

    std::vector<Row> rows;
    const std::int64_t ticks[] = {10000000, 5000000, 2000000, 1000000, 500000, 200000, 100000, 50000, 20000, 10000, 5000, 2000, 1000, 500};
    for (int method = 0; method < 3; ++method) {
        if (onlyMethod >= 0 && method != onlyMethod) continue;
        for (std::int64_t tick : ticks) {
            const auto model = compileAt(lab, tick, kMethods[method]);
            const Probe probe = probeOf(*model, m, tick);
            Row r;
            r.method = method;
            r.setting = tickText(tick);
            DriveLabRun d;
            const auto start = std::chrono::steady_clock::now();
            d = runDriveLab(model, probe);
            if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > maxSeconds) {
                std::printf("(%s %s skipped: one run takes more than %g s)\n", solverName(r), r.setting.c_str(), maxSeconds);
                continue;
            }
            r.wall = timeRuns([&] {
                d = runDriveLab(model, probe);
            });
            r.o = d.o;
            r.err = compare(d.o, ref, m.duration);
            r.nsPerTick = r.wall * 1e9 / static_cast<double>(d.ticks);
            r.newtonPerTick = d.newtonPerTick;
            rows.push_back(r);
        }
    }
    for (int k = 3; k <= 11; ++k) {
        const double rtol = std::pow(10.0, -k);
        Row r;
        r.cvode = true;
        r.setting = "rtol 1e-" + std::to_string(k);
        Outcome o;
        r.wall = timeRuns([&] {
            o = runCvode(m, rtol);
        });
        r.o = o;
        r.err = compare(o, ref, m.duration);
        rows.push_back(r);
    }

    std::printf("| solver | setting | error | engine speed | load speed | heat | pressure at end | pressure 10 ms after the drain | "
                "locks Δt [s] | breakaways Δt [s] | wall [ms] | ns/tick | Newton/tick | steps | RHS | Jac |\n"
                "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (const Row& r : rows) printRow(r);

    printDetail(rows, ref);

    std::printf("\n| target | DriveLab: cheapest tick | wall [ms] | GL2: cheapest tick | wall [ms] | R3: cheapest tick | wall [ms] | "
                "CVODE: cheapest rtol | wall [ms] | DriveLab / CVODE | GL2 / CVODE | R3 / CVODE |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int k = 3; k <= 8; ++k) {
        const double target = std::pow(10.0, -k);
        const Row* best[4] = {nullptr, nullptr, nullptr, nullptr}; // DriveLab's three methods, CVODE
        for (const Row& r : rows) {
            const int which = r.cvode ? 3 : r.method;
            if (r.err.total <= target && (!best[which] || r.wall < best[which]->wall)) best[which] = &r;
        }
        std::printf("| 1e-%d |", k);
        for (const Row* b : best) {
            if (b)
                std::printf(" %s | %.3f |", b->setting.c_str(), b->wall * 1e3);
            else
                std::printf(" none | — |");
        }
        for (int d = 0; d < 3; ++d) {
            if (best[d] && best[3])
                std::printf(" %.2f |", best[d]->wall / best[3]->wall);
            else
                std::printf(" — |");
        }
        std::printf("\n");
    }
}

} // namespace

int main(int argc, char** argv)
{
    bool smokeMode = false;
    double maxSeconds = 20.0;
    int only = -1;
    int onlyMethod = -1; // --method N: DriveLab's method N only (0 midpoint, 1 gauss2, 2 radau3)
    constexpr int nCases = static_cast<int>(sizeof kCases / sizeof kCases[0]);
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--smoke"))
            smokeMode = true;
        else if (!std::strcmp(argv[i], "--max-seconds") && i + 1 < argc)
            maxSeconds = std::atof(argv[++i]);
        else if (!std::strcmp(argv[i], "--case") && i + 1 < argc && (only = std::atoi(argv[++i])) >= 0 && only < nCases)
            continue;
        else if (!std::strcmp(argv[i], "--method") && i + 1 < argc && (onlyMethod = std::atoi(argv[++i])) >= 0 && onlyMethod < 3)
            continue;
        else {
            std::fprintf(stderr, "usage: bench_cvode [--smoke] [--max-seconds S] [--case N] [--method 0|1|2 (midpoint, gauss2, "
                                 "radau3 only)]\ncases:\n");
            for (int c = 0; c < nCases; ++c) std::fprintf(stderr, "  %d: %s\n", c, kCases[c].name);
            return 2;
        }
    }
    const Json lab = readJson(kLab);
    if (smokeMode) return smoke(lab, modelOf(lab), variant(lab, kCases[1]));
    for (int c = 0; c < nCases; ++c) {
        if (only >= 0 && c != only) continue;
        std::printf("\n## Case %d: %s\n\n", c, kCases[c].name);
        std::fflush(stdout);
        runCase(variant(lab, kCases[c]), maxSeconds, onlyMethod);
        std::fflush(stdout);
    }
    return 0;
}
