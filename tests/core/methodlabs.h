#pragma once
// Labs and readers the methods' tests share (tst_gauss2, tst_radau, tst_midpointevents,
// tst_radauevents, ...): a lab file read and compiled, every clutch event of a run, the run settings
// with a method, the final value of an observable, and the closed-form labs both methods are
// measured on (each test states its own closed form and figures).
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/alloccount.h"
#include "testutil.h"

namespace drivelab::test {

/// a lab file as JSON (a test edits it before it compiles)
inline Json readLab(const char* path)
{
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return Json::parse(text.str());
}

/// the model of a lab that must compile (a fatal test failure naming its diagnostics otherwise)
inline std::shared_ptr<const Model> build(const Json& j)
{
    const LoadedLab l = load(j.dump());
    if (!l.model) qFatal("%s", qPrintable(describe(l.diagnostics)));
    return l.model;
}

// every clutch event of a run (tick by tick: the log keeps only the last 64); ok: completed
inline std::vector<ClutchEvent> allEvents(const std::shared_ptr<const Model>& m, bool& ok)
{
    Session s(m);
    std::vector<ClutchEvent> out;
    std::int64_t seen = 0;
    ok = true;
    for (std::int64_t t = 0; t < m->ticks && ok; ++t) {
        ok = s.run(1).status == BatchStatus::Completed;
        const ClutchEventLog& log = s.clutchEvents();
        for (; seen < log.count; ++seen) out.push_back(log.at(seen));
    }
    return out;
}

/// run settings (testutil.h runSettings) with `method` (null: none given)
inline std::string withMethod(const std::string& run, const char* method)
{
    return method ? run.substr(0, run.size() - 1) + R"(, "method": ")" + method + "\"}" : run;
}

/// run settings of tickNs, durationNs, one boundary at the end, with `method` (null: none given)
inline std::string runWith(long long tickNs, long long durationNs, const char* method)
{
    return withMethod(runSettings(tickNs, durationNs, durationNs / tickNs), method);
}

/// the observable subject.name after the whole run; NaN when the run fails or it is unknown
inline double finalValue(const std::shared_ptr<const Model>& model, const std::string& subject, const std::string& name)
{
    Session s(model);
    if (s.run(model->ticks).status != BatchStatus::Completed) return std::nan("");
    const auto layout = observableLayout(s.model());
    std::vector<double> v(s.observableCount());
    s.observe(v.data());
    for (std::size_t i = 0; i < layout.size(); ++i)
        if (layout[i].subject == subject && layout[i].name == name) return v[i];
    return std::nan("");
}

/// a linear volume fill through a laminar orifice, 20 ms: tank 1.1 MPa, G = 1e-12 m^3/(s Pa),
/// C = 1e-5 / 1e9 m^3/Pa, p0 = 0.1 MPa (tau = C/G = 10 ms)
inline std::string fillLab(long long tickNs, const char* method)
{
    return lab(runWith(tickNs, 20000000, method), "[" + reservoir("tank", 1.1e6) + "," + volumeNode("v", 1e-5, 1e9, 1e5) + "]",
               R"([{"id": "o", "type": "orifice", "node_a": "tank", "node_b": "v", "parameters": {"conductance": 1e-12}}])");
}

/// a brake released by a fast drain (tst_stiffclutchfill, tst_radauevents): T = 40 N m on a disc
/// (0.5 kg m^2, at rest) held by a pressure-applied brake (k = mu n r = 0.0432 m, A = 0.004 m^2,
/// F = 400 N, kinetic ratio 0.9) whose piston (C = 1.33e-14 m^3/Pa) is fed at 0.701325 MPa through
/// G = 6.5e-10 (tau = C/G = 20.5 us); at eventNs the supply drops to ambient
inline std::shared_ptr<const Model> drainBrakeModel(long long tickNs, long long eventNs, long long durationNs, const char* method)
{
    const std::string nodes = "[" + rot("disc", 0.5, 0.0) + R"(, {"id": "supply", "domain": "hydraulic"}, )" +
                              volumeNode("piston", 2e-5, 1.5e9, 701325.0) + "]";
    const std::string comps = R"([{"id": "push", "type": "torque_source", "node_a": "disc", "inputs": {"torque": 40}},
        {"id": "valve", "type": "pressure_source", "node_a": "supply", "inputs": {"pressure": 701325}},
        {"id": "feed", "type": "orifice", "node_a": "supply", "node_b": "piston", "parameters": {"conductance": 6.5e-10}},
        {"id": "brake", "type": "clutch", "node_a": "disc", "node_b": "ground", "pressure_node": "piston",
         "parameters": {"kinetic_ratio": 0.9, "piston_area": 0.004, "friction_coefficient": 0.12, "effective_radius": 0.09,
                        "surfaces": 4, "return_spring_force": 400.0, "environment_pressure": "atmosphere"}}])";
    const LoadedLab l = load(lab(runWith(tickNs, durationNs, method), nodes, comps,
                                 "[{\"time_ns\": " + std::to_string(eventNs) + R"(, "component": "valve", "input": "pressure", "value": 101325}])"));
    if (!l.model) qFatal("%s", qPrintable(describe(l.diagnostics)));
    return l.model;
}

/// drainBrakeModel's first clutch event (the breakaway's instant [s]) with `method`, NaN when the
/// run fails or the first event is no breakaway
inline double drainBrakeBreakaway(long long tickNs, long long eventNs, long long durationNs, const char* method)
{
    const auto model = drainBrakeModel(tickNs, eventNs, durationNs, method);
    Session s(model);
    if (s.run(model->ticks).status != BatchStatus::Completed || s.clutchEvents().count < 1 ||
        s.clutchEvents().at(0).kind != ClutchEvent::Breakaway)
        return std::nan("");
    return s.clutchEvents().at(0).timeNs * 1e-9;
}

/// an inertia (or a mass) on a spring to ground: J = 0.5 kg m^2, k = 200 N m/rad (omega = 20 rad/s),
/// w0 = 10 rad/s, no initial deflection; with `translational` the same numbers as a mass on a
/// translational spring (m = 0.5 kg, k = 200 N/m, v0 = 10 m/s)
inline std::string oscillatorLab(long long tickNs, long long durationNs, long long every, bool translational, const char* method)
{
    const std::string run = withMethod(runSettings(tickNs, durationNs, every), method);
    if (translational)
        return lab(run, "[" + mass("a", 0.5, 10.0) + "]",
                   R"([{"id": "k", "type": "translational_spring", "node_a": "a", "node_b": "ground", "parameters": {"stiffness": 200}}])");
    return lab(run, "[" + rot("a", 0.5, 10.0) + "]",
               R"([{"id": "k", "type": "spring", "node_a": "a", "node_b": "ground", "parameters": {"stiffness": 200}}])");
}

/// two inertias locked by a clutch, the load's damper raising the torque it passes (tst_gauss2
/// `coupledBreakawayIsFourthOrder` gives the closed form: breakaway at 0.75 ln(4/3) s), 0.48 s
inline std::string coupledBreakawayLab(long long tickNs, const char* method)
{
    return lab(runWith(tickNs, 480000000, method), "[" + rot("a", 0.5, 0.0) + "," + rot("b", 1.0, 0.0) + "]",
               R"([{"id": "eng", "type": "torque_source", "node_a": "a", "inputs": {"torque": 60}},
                   {"id": "cl", "type": "clutch", "node_a": "a", "node_b": "b",
                    "parameters": {"kinetic_ratio": 0.9}, "inputs": {"capacity": 45}},
                   {"id": "d", "type": "damper", "node_a": "b", "parameters": {"damping": 2}}])");
}

/// damped shafts and links (springs with dampers) driven by sources, 5 s (tst_gauss2
/// `springBooksCloseAtRounding`)
inline std::string springBooksLab(long long tickNs, const char* method)
{
    const std::string nodes = "[" + rot("e", 0.2, 0.0) + "," + rot("v", 4.5, 0.0) + "," + mass("m1", 2.0, 0.0) + "," + mass("m2", 3.0, 0.0) + "]";
    const std::string comps =
        R"([{"id": "src", "type": "torque_source", "node_a": "e", "inputs": {"torque": 30}},
            {"id": "shaft", "type": "spring", "node_a": "e", "node_b": "v", "parameters": {"stiffness": 900, "damping": 1.5}},
            {"id": "drag", "type": "damper", "node_a": "v", "parameters": {"damping": 0.8}},
            {"id": "push", "type": "force_source", "node_a": "m1", "inputs": {"force": 100}},
            {"id": "link", "type": "translational_spring", "node_a": "m1", "node_b": "m2", "parameters": {"stiffness": 5000, "damping": 20}},
            {"id": "friction", "type": "translational_damper", "node_a": "m2", "parameters": {"damping": 10}}])";
    return lab(runWith(tickNs, 5000000000, method), nodes, comps);
}

/// the step-response lab of the graded start: T 0 -> 50 N m on J = 1e-3 kg m^2 with a damper
/// c = 0.5 N m s (tau = 2 ms), read at 102 ms; `event`: an event at 100 ms (a tick boundary),
/// else a torque_step at 101 ms (inside the tick [100, 102] ms)
inline std::string stepResponseLab(bool event, const char* method)
{
    const std::string nodes = "[" + rot("m", 1e-3, 0.0) + "]";
    const std::string damper = R"({"id": "d", "type": "damper", "node_a": "m", "parameters": {"damping": 0.5}})";
    if (event)
        return lab(runWith(2000000, 102000000, method), nodes,
                   R"([{"id": "src", "type": "torque_source", "node_a": "m", "inputs": {"torque": 0}}, )" + damper + "]",
                   R"([{"time_ns": 100000000, "component": "src", "input": "torque", "value": 50}])");
    return lab(runWith(2000000, 102000000, method), nodes,
               R"([{"id": "src", "type": "torque_step", "node_a": "m", "parameters": {"step_torque": 50, "offset_torque": 0, "start_time": 0.101}}, )" +
                   damper + "]");
}

/// the clutch-lock check both two-stage methods pass (each test states the closed form):
/// [J1 = 0.5, 100 rad/s] --clutch 50 N m-- [J2 = 1.5, 20 rad/s] at a 7 ms tick locks at
/// t* = 0.6 s (root-found to 1e-12 s) and both then turn at 40 rad/s to rounding
inline void checkClutchLocksAtItsClosedFormInstant(const char* method)
{
    DL_COMPILE(model, lab(runWith(7000000, 700000000, method), "[" + rot("a", 0.5, 100.0) + "," + rot("b", 1.5, 20.0) + "]",
                          R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "parameters": {"kinetic_ratio": 1}, "inputs": {"capacity": 50}}])"));
    Session s(model);
    QVERIFY(s.run(model->ticks).status == BatchStatus::Completed);
    const ClutchEventLog& log = s.clutchEvents();
    QCOMPARE(log.count, std::int64_t(1));
    QCOMPARE(log.at(0).kind, ClutchEvent::Lock);
    const double tLock = log.at(0).timeNs * 1e-9;
    QVERIFY2(std::fabs(tLock - 0.6) <= 1e-12, qPrintable(QString("lock at %1 s, closed form 0.6 s").arg(tLock, 0, 'g', 17)));
    std::vector<double> v(s.observableCount());
    s.observe(v.data());
    const auto layout = observableLayout(*model);
    for (std::size_t i = 0; i < layout.size(); ++i)
        if (layout[i].name == "speed") QVERIFY2(std::fabs(v[i] - 40.0) <= 1e-12 * 40.0, qPrintable(QString::number(v[i], 'g', 17)));
}

/// same bits through a second session and its fork at half the run: both end at `hash`
inline void checkForkReproduces(const std::shared_ptr<const Model>& model, std::uint64_t hash)
{
    Session s2(model);
    QVERIFY(s2.run(model->ticks / 2).status == BatchStatus::Completed);
    Session f = s2.fork();
    QVERIFY(s2.run(model->ticks).status == BatchStatus::Completed);
    QVERIFY(f.run(model->ticks).status == BatchStatus::Completed);
    QCOMPARE(s2.stateHash(), hash);
    QCOMPARE(f.stateHash(), hash);
}

/// same lab, same bits, no allocation: the clutch-fill benchmark (fill, lock, breakaway, relock,
/// drain) run with `method` twice and through a fork gives one final hash, and its ticks allocate
/// nothing on the heap
inline void checkDeterministicAndAllocationFree(const char* method)
{
    std::ifstream in(DRIVELAB_SOURCE_DIR "/tests/bench/labs/clutch-fill.lab.json");
    std::stringstream text;
    text << in.rdbuf();
    Json j = Json::parse(text.str());
    j["run"]["method"] = method;
    DL_COMPILE(model, j.dump());
    Session s1(model);
    std::vector<double> obs(s1.observableCount());
    const std::uint64_t before = allocationCount();
    while (!s1.finished()) {
        QVERIFY(s1.run(model->reportEvery).status == BatchStatus::Completed);
        s1.observe(obs.data());
    }
    QCOMPARE(allocationCount() - before, std::uint64_t(0));
    QVERIFY(s1.clutchEvents().count >= 4);
    checkForkReproduces(model, s1.stateHash());
}

/// the undamped oscillator's order (oscillatorLab; each test states the closed form): the error
/// at 1 s, |(w, W d) - exact| with w(t) = 10 cos(20 t), d(t) = 0.5 sin(20 t), over the ticks 20,
/// 10, 5, 2.5 ms with `method`, rotational and translational; every ratio of successive errors
/// must lie in (lo, hi) (2^order between them)
inline void checkOscillatorRatios(const char* method, double lo, double hi)
{
    const double W = 20.0, t = 1.0;
    const long long ticks[4] = {20000000, 10000000, 5000000, 2500000};
    for (bool translational : {false, true}) {
        const char* speed = translational ? "velocity" : "speed";
        double err[4];
        for (int k = 0; k < 4; ++k) {
            DL_COMPILE(model, oscillatorLab(ticks[k], 1000000000, 1000000000 / ticks[k], translational, method));
            DL_SIMULATE(trace, model);
            const std::size_t last = trace.rows.size() - 1;
            const double w = trace.at(last, "a", speed), d = trace.at(last, "k", "deflection");
            err[k] = std::hypot(w - 10.0 * std::cos(W * t), W * (d - 10.0 / W * std::sin(W * t)));
        }
        const double r1 = err[0] / err[1], r2 = err[1] / err[2], r3 = err[2] / err[3];
        const QString msg = QString("%1: errors %2 %3 %4 %5 (ratios %6, %7, %8)")
                                .arg(translational ? "translational" : "rotational")
                                .arg(err[0]).arg(err[1]).arg(err[2]).arg(err[3]).arg(r1).arg(r2).arg(r3);
        qInfo("%s", qPrintable(msg));
        QVERIFY2(r1 > lo && r1 < hi && r2 > lo && r2 < hi && r3 > lo && r3 < hi, qPrintable(msg));
    }
}

} // namespace drivelab::test
