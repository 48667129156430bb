// The 2-stage Gauss-Legendre method as a run option (issue 21; docs/PHYSICS.md, "Gauss-Legendre
// (run.method gauss2)"): order 4 on closed forms, energy books at rounding, a clutch lock at its
// closed-form instant, refused models naming run.method, the default untouched, determinism and
// no allocation per tick.
#include <fstream>
#include <sstream>

#include "testutil.h"

#include "cli/alloccount.h"

using namespace drivelab;
using namespace drivelab::test;

class TestGauss2 : public QObject {
    Q_OBJECT
private slots:
    void quadraticDragToRounding();
    void converterLaunchIsFourthOrder();
    void volumeFillIsFourthOrder();
    void energyBooksCloseAtRounding();
    void clutchLocksAtItsClosedFormInstant();
    void refusedModelsNameTheField();
    void methodIsNormalizedOnlyWhenNotTheDefault();
    void deterministicAndAllocationFree();
};

namespace {

std::string runWith(long long tickNs, long long durationNs, const char* method)
{
    std::string r = runSettings(tickNs, durationNs, durationNs / tickNs);
    if (method) r = r.substr(0, r.size() - 1) + R"(, "method": ")" + method + "\"}";
    return r;
}

double finalValue(const std::shared_ptr<const Model>& model, const std::string& subject, const std::string& name)
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

// a converter map with a capacity coefficient flat up to s = 0.5: the pump torque -C wD|wD| whatever
// s in [-1, 0.5] (falling to 0 at s = 1, as every map must)
const std::string kFlatMap =
    R"([{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.005}, {"speed_ratio": 0, "torque_ratio": 1, "capacity_coefficient": 0.005},)"
    R"( {"speed_ratio": 0.5, "torque_ratio": 1, "capacity_coefficient": 0.005}, {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}])";

std::string dragLab(long long tickNs, const char* method)
{
    return lab(runWith(tickNs, 1000000000, method), "[" + rot("pump", 1.0, 100.0) + "," + rot("turbine", 1e6, 0.0) + "]",
               R"([{"id": "tc", "type": "torque_converter", "node_a": "pump", "node_b": "turbine", "parameters": {"pump_positive": )" + kFlatMap +
                   R"(, "pump_negative": )" + kFlatMap + R"(, "turbine_positive": )" + kFlatMap + R"(, "turbine_negative": )" + kFlatMap +
                   "}}]");
}

std::string fillLab(long long tickNs, const char* method)
{
    return lab(runWith(tickNs, 20000000, method), "[" + reservoir("tank", 1.1e6) + "," + volumeNode("v", 1e-5, 1e9, 1e5) + "]",
               R"([{"id": "o", "type": "orifice", "node_a": "tank", "node_b": "v", "parameters": {"conductance": 1e-12}}])");
}

} // namespace

// Inertia against a quadratic drag (a torque converter whose capacity coefficient is flat, so the
// pump torque is -C w|w| whatever the turbine does)
//
//   [J = 1 kg m^2, w0 = 100 rad/s] --converter, C = 0.005 N m s^2--> turbine (1e6 kg m^2, at rest)
//
//   J dw/dt = -C w^2  =>  w(t) = w0 / (1 + C w0 t / J) = 100 / (1 + 0.5 t): 66.666... rad/s at 1 s
//   (the turbine's speed ratio stays below 1e-6, on the map's flat part). A Riccati equation:
//   the collocation polynomial reproduces this solution, so gauss2 meets it to rounding at 50 ms
//   ticks (measured 2.0e-13 rad/s) where the midpoint is 2.3e-3 rad/s off.
void TestGauss2::quadraticDragToRounding()
{
    const double exact = 100.0 / 1.5;
    DL_COMPILE(model, dragLab(50000000, "gauss2"));
    DL_COMPILE(mid, dragLab(50000000, nullptr));
    const double err = std::fabs(finalValue(model, "pump", "speed") - exact);
    const double midErr = std::fabs(finalValue(mid, "pump", "speed") - exact);
    const QString msg = QString("gauss2 error %1 rad/s, midpoint %2").arg(err).arg(midErr);
    QVERIFY2(err <= 1e-11 * exact && midErr > 1e-3, qPrintable(msg));
    qInfo("%s", qPrintable(msg));
}

// Converter launch, smooth map (one segment on 0 < s < 1): self-convergence at order 4
//
//   T = 100 N m --> [pump 0.5 kg m^2, 150 rad/s] --converter--> [turbine 2 kg m^2, 0] --damper 0.5-- ground
//   C(s) = 0.005 (1 - s), R(s) = 2 - s  (smooth while 0 < s < 1: no knot is crossed)
//
//   No closed form: the differences between the speeds at 1 s for ticks h, h/2, h/4 fall as h^4,
//   |w_h - w_h/2| / |w_h/2 - w_h/4| = 16 (measured 16.10 and 16.03 from 100 ms to 12.5 ms).
void TestGauss2::converterLaunchIsFourthOrder()
{
    const std::string map =
        R"([{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.005}, {"speed_ratio": 0, "torque_ratio": 2, "capacity_coefficient": 0.005},)"
        R"( {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}])";
    double w[4];
    const long long ticks[4] = {100000000, 50000000, 25000000, 12500000};
    for (int k = 0; k < 4; ++k) {
        DL_COMPILE(model, lab(runWith(ticks[k], 1000000000, "gauss2"), "[" + rot("pump", 0.5, 150.0) + "," + rot("turbine", 2.0, 0.0) + "]",
                              R"([{"id": "src", "type": "torque_source", "node_a": "pump", "inputs": {"torque": 100}},
                                  {"id": "d", "type": "damper", "node_a": "turbine", "parameters": {"damping": 0.5}},
                                  {"id": "tc", "type": "torque_converter", "node_a": "pump", "node_b": "turbine", "parameters": {"pump_positive": )" +
                                  map + R"(, "pump_negative": )" + map + R"(, "turbine_positive": )" + map + R"(, "turbine_negative": )" + map +
                                  "}}]"));
        w[k] = finalValue(model, "turbine", "speed");
    }
    const double r1 = std::fabs(w[0] - w[1]) / std::fabs(w[1] - w[2]), r2 = std::fabs(w[1] - w[2]) / std::fabs(w[2] - w[3]);
    const QString msg = QString("turbine %1 %2 %3 %4 rad/s (ratios %5, %6)").arg(w[0], 0, 'g', 15).arg(w[1], 0, 'g', 15).arg(w[2], 0, 'g', 15).arg(w[3], 0, 'g', 15).arg(r1).arg(r2);
    QVERIFY2(r1 > 14.0 && r1 < 18.0 && r2 > 14.0 && r2 < 18.0, qPrintable(msg));
    qInfo("%s", qPrintable(msg));
}

// Linear volume fill through a laminar orifice
//
//   tank (1.1 MPa) --orifice G = 1e-12 m^3/(s Pa)--> [v: C = V / beta = 1e-5 / 1e9 = 1e-14 m^3/Pa, p0 = 0.1 MPa]
//
//   C dp/dt = G (p_s - p)  =>  p(t) = p_s + (p0 - p_s) exp(-t G / C), tau = C / G = 10 ms; at 20 ms
//   p = 1.1e6 - 1e6 e^-2. gauss2 at 2, 1, 0.5 ms: each halving cuts the error 16x (measured 16.03, 16.01:
//   0.60, 0.038, 0.0023 Pa).
void TestGauss2::volumeFillIsFourthOrder()
{
    const double exact = 1.1e6 - 1e6 * std::exp(-2.0);
    double err[3];
    const long long ticks[3] = {2000000, 1000000, 500000};
    for (int k = 0; k < 3; ++k) {
        DL_COMPILE(model, fillLab(ticks[k], "gauss2"));
        err[k] = std::fabs(finalValue(model, "v", "pressure") - exact);
    }
    const double r1 = err[0] / err[1], r2 = err[1] / err[2];
    const QString msg = QString("errors %1 %2 %3 Pa (ratios %4, %5)").arg(err[0]).arg(err[1]).arg(err[2]).arg(r1).arg(r2);
    QVERIFY2(r1 > 14.0 && r1 < 18.0 && r2 > 14.0 && r2 < 18.0, qPrintable(msg));
    qInfo("%s", qPrintable(msg));
}

// Energy books: a torque source spins an engine that drags a load through a damper, a clutch
// slipping and locking, a flat-map converter, and a pressure-applied brake fed from a tank
//
//   T = 80 N m --> [engine 0.3] --damper 0.05-- [load 0.6, 20 rad/s] --clutch 40 N m-- engine
//                                 load --converter--> [out 2.0] ; tank --orifice--> [v] applies a brake on out
//
//   Gauss-Legendre conserves quadratic invariants: 1/2 J (w1^2 - w0^2) = h sum_i b_i J k_i X_i
//   exactly, and every stage's work is booked at its stage values with weight b_i h, so the
//   residual stored change + heat - source work is rounding (held to residualBound, 1e-11 of the
//   energy moved per 1e5 ticks), as the midpoint's.
void TestGauss2::energyBooksCloseAtRounding()
{
    const std::string nodes = "[" + rot("engine", 0.3, 0.0) + "," + rot("load", 0.6, 20.0) + "," + rot("out", 2.0, 0.0) + "," +
                              reservoir("tank", 2e6) + "," + volumeNode("v", 2e-5, 1.5e9, 1e5) + "]";
    const std::string comps =
        R"([{"id": "src", "type": "torque_source", "node_a": "engine", "inputs": {"torque": 80}},
            {"id": "d", "type": "damper", "node_a": "engine", "node_b": "load", "parameters": {"damping": 0.05}},
            {"id": "c", "type": "clutch", "node_a": "engine", "node_b": "load", "inputs": {"capacity": 40}},
            {"id": "tc", "type": "torque_converter", "node_a": "load", "node_b": "out", "parameters": {"pump_positive": )" + kFlatMap +
        R"(, "pump_negative": )" + kFlatMap + R"(, "turbine_positive": )" + kFlatMap + R"(, "turbine_negative": )" + kFlatMap + R"(}},
            {"id": "o", "type": "orifice", "node_a": "tank", "node_b": "v", "parameters": {"conductance": 1e-11}},
            {"id": "brake", "type": "clutch", "node_a": "out", "node_b": "ground", "pressure_node": "v",
             "parameters": {"kinetic_ratio": 0.9, "piston_area": 0.002, "friction_coefficient": 0.12, "effective_radius": 0.09,
                            "surfaces": 2, "return_spring_force": 300}}])";
    DL_COMPILE(model, lab(runWith(200000, 400000000, "gauss2"), nodes, comps));
    DL_SIMULATE(trace, model);
    DL_ENERGY_BALANCED(trace);
    DL_VOLUME_BALANCED(trace);
    QVERIFY(trace.energy.sourceWork > 100.0);
    QVERIFY(trace.energy.heatToLedger > 1.0);
    qInfo("residual %.3e J of %.3e J source work", trace.energy.residual, trace.energy.sourceWork);
}

// Clutch lock at its closed-form instant
//
//   [J1 = 0.5, w1 = 100 rad/s] --clutch, capacity C = 50 N m (kinetic ratio 1)-- [J2 = 1.5, w2 = 20 rad/s]
//
//   slipping: J1 dw1/dt = -C, J2 dw2/dt = C, so the slip 80 - C (1/J1 + 1/J2) t reaches 0 at
//   t* = 80 / (50 (2 + 2/3)) = 0.6 s, inside the tick [0.595, 0.6) ... of 7 ms ticks (not a boundary);
//   then both turn at the momentum's speed (0.5 100 + 1.5 20) / 2 = 40 rad/s. The lock is root-found on
//   the gauss2 interval length (clutchevents.cpp, unchanged): within 1e-12 s.
void TestGauss2::clutchLocksAtItsClosedFormInstant()
{
    DL_COMPILE(model, lab(runWith(7000000, 700000000, "gauss2"), "[" + rot("a", 0.5, 100.0) + "," + rot("b", 1.5, 20.0) + "]",
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

// Refused: an unknown method, a method that is not a string, an unsupported component type, a
// pure junction; each diagnostic names the subject and run.method
void TestGauss2::refusedModelsNameTheField()
{
    const std::string nodes = "[" + rot("a", 1.0, 10.0) + "]";
    const std::string damper = R"([{"id": "d", "type": "damper", "node_a": "a", "parameters": {"damping": 1}}])";
    struct Case {
        std::string text, subject, needle;
    };
    const Case cases[] = {
        {lab(runWith(1000000, 10000000, "rk4"), nodes, damper), "-", "must be \"midpoint\" (the default) or \"gauss2\""},
        {lab(R"({"tick_ns": 1000000, "duration_ns": 10000000, "report_every_ticks": 1, "method": 2})", nodes, damper), "-", "must be"},
        {lab(runWith(1000000, 10000000, "gauss2"), "[" + rot("a", 1.0, 10.0) + "," + rot("b", 1.0, 0.0) + "]",
             R"([{"id": "k", "type": "spring", "node_a": "a", "node_b": "b", "parameters": {"stiffness": 100}}])"),
         "k", "gauss2 does not support spring yet"},
        {lab(runWith(1000000, 10000000, "gauss2"), "[" + reservoir("t", 2e5) + "," + junction("j") + "," + reservoir("u", 1e5) + "]",
             R"([{"id": "o1", "type": "orifice", "node_a": "t", "node_b": "j", "parameters": {"conductance": 1e-11}},
                 {"id": "o2", "type": "orifice", "node_a": "j", "node_b": "u", "parameters": {"conductance": 1e-11}}])"),
         "j", "gauss2 does not support a hydraulic junction"},
    };
    for (const Case& c : cases) {
        const LoadedLab l = load(c.text);
        QVERIFY(!l.model);
        bool found = false;
        for (const auto& d : l.diagnostics.items())
            found = found || (d.subject == c.subject && d.field == "run.method" && d.message.find(c.needle) != std::string::npos);
        QVERIFY2(found, qPrintable(describe(l.diagnostics)));
    }
}

// Absent and "midpoint" give the same model (same fingerprint, same bits: the default the seed
// specifies); "gauss2" is written into the normalized lab and changes the fingerprint
void TestGauss2::methodIsNormalizedOnlyWhenNotTheDefault()
{
    DL_COMPILE(absent, dragLab(10000000, nullptr));
    DL_COMPILE(mid, dragLab(10000000, "midpoint"));
    DL_COMPILE(gl, dragLab(10000000, "gauss2"));
    QCOMPARE(absent->fingerprint, mid->fingerprint);
    QVERIFY(absent->fingerprint != gl->fingerprint);
    QVERIFY(!absent->normalized.at("run").contains("method"));
    QCOMPARE(gl->normalized.at("run").at("method").get<std::string>(), std::string("gauss2"));
    Session a(absent), b(mid);
    QVERIFY(a.run(absent->ticks).status == BatchStatus::Completed);
    QVERIFY(b.run(mid->ticks).status == BatchStatus::Completed);
    QCOMPARE(a.stateHash(), b.stateHash());
}

// Same lab, same bits: two sessions and a fork give one final hash; the clutch-fill benchmark
// with gauss2 (fill, lock, breakaway, relock, drain) runs without a heap allocation per tick
void TestGauss2::deterministicAndAllocationFree()
{
    std::ifstream in(DRIVELAB_SOURCE_DIR "/tests/bench/labs/clutch-fill.lab.json");
    std::stringstream text;
    text << in.rdbuf();
    Json j = Json::parse(text.str());
    j["run"]["method"] = "gauss2";
    DL_COMPILE(model, j.dump());
    Session s1(model), s2(model);
    std::vector<double> obs(s1.observableCount());
    const std::uint64_t before = allocationCount();
    while (!s1.finished()) {
        QVERIFY(s1.run(model->reportEvery).status == BatchStatus::Completed);
        s1.observe(obs.data());
    }
    QCOMPARE(allocationCount() - before, std::uint64_t(0));
    QVERIFY(s1.clutchEvents().count >= 4);
    QVERIFY(s2.run(model->ticks / 2).status == BatchStatus::Completed);
    Session f = s2.fork();
    QVERIFY(s2.run(model->ticks).status == BatchStatus::Completed);
    QVERIFY(f.run(model->ticks).status == BatchStatus::Completed);
    QCOMPARE(s2.stateHash(), s1.stateHash());
    QCOMPARE(f.stateHash(), s1.stateHash());
}

QTEST_GUILESS_MAIN(TestGauss2)
#include "tst_gauss2.moc"
