// Fluid component types the two-stage methods (run.method gauss2, radau3) support since issue 37
// target 2 (docs/PHYSICS.md, "Storage at the stages"): accumulators, mechanical converters,
// hydraulic cylinders and hydraulic transformers, each at each method's order against a tight
// self-reference with its books closed, and the shipped labs that use them run with both methods.
#include <cstring>
#include <fstream>
#include <sstream>

#include "methodlabs.h"

using namespace drivelab;
using namespace drivelab::test;

class TestMethodFluid : public QObject {
    Q_OBJECT
private slots:
    void accumulatorAtTheMethodsOrder();
    void converterAtTheMethodsOrder();
    void cylinderAndTransformerAtTheMethodsOrder();
    void junctionAtTheMethodsOrder();
    void shippedLabsRunWithBothMethods();
    void deterministicAndAllocationFree();
};

namespace {

/// a lab file of labs/ as JSON with `method` and, if durationNs > 0, the run cut to that length
/// with one report at its end (tickNs > 0: that tick)
Json shippedLab(const char* name, const char* method, long long tickNs = 0, long long durationNs = 0)
{
    std::ifstream in(std::string(DRIVELAB_SOURCE_DIR "/labs/") + name + ".lab.json");
    std::stringstream text;
    text << in.rdbuf();
    Json j = Json::parse(text.str());
    if (method) j["run"]["method"] = method;
    if (tickNs > 0) j["run"]["tick_ns"] = tickNs;
    if (durationNs > 0) {
        const long long tick = j["run"]["tick_ns"].get<long long>();
        j["run"]["duration_ns"] = durationNs;
        j["run"]["report_every_ticks"] = durationNs / tick;
    }
    return j;
}

/// the largest of |a_k - ref_k| / scale_k over the named observables at the end of a run
struct Probe {
    const char* subject;
    const char* name;
    double scale;
};

/// run `text` and return the observables' final values (NaN when the run fails); books checked
std::vector<double> finalValues(const std::string& text, const std::vector<Probe>& probes)
{
    const LoadedLab l = load(text);
    if (!l.model) qFatal("%s", qPrintable(describe(l.diagnostics)));
    const Trace t = simulate(l.model);
    std::vector<double> v;
    for (const Probe& p : probes) v.push_back(t.ok ? t.at(t.rows.size() - 1, p.subject, p.name) : std::nan(""));
    return v;
}

double probeError(const std::vector<double>& a, const std::vector<double>& ref, const std::vector<Probe>& probes)
{
    double e = 0.0;
    for (std::size_t k = 0; k < probes.size(); ++k) {
        const double d = std::fabs(a[k] - ref[k]) / probes[k].scale;
        if (!std::isfinite(d)) return HUGE_VAL; // a failed run (NaN) is no agreement
        e = std::fmax(e, d);
    }
    return e;
}

/// the order check every test here makes: labAt(tick) at three halved ticks and at tick/16 of the
/// finest (the self-reference); each method's ratios of successive errors must exceed 2^3.5
/// (gauss2) or 2^2.5 (radau3); every run's energy books close at rounding, and its volume books
/// unless `volumeBooks` is false (a node so stiff that the Newton's absolute pressure tolerance
/// times its compliance, per interval, exceeds the check's rounding bound at these ticks; the
/// midpoint's books then miss it alike)
template <class LabAt>
void checkSelfConvergence(const char* what, LabAt labAt, const long long (&ticks)[3], const std::vector<Probe>& probes, bool volumeBooks = true)
{
    for (const char* method : {"gauss2", "radau3"}) {
        const std::string refText = labAt(ticks[2] / 16, method);
        const std::vector<double> ref = finalValues(refText, probes);
        QVERIFY2(std::isfinite(ref[0]), qPrintable(QString("%1, %2: the reference run failed").arg(what).arg(method)));
        double err[3];
        for (int k = 0; k < 3; ++k) {
            const std::string text = labAt(ticks[k], method);
            DL_COMPILE(model, text);
            DL_SIMULATE(trace, model);
            DL_ENERGY_BALANCED(trace);
            if (volumeBooks) DL_VOLUME_BALANCED(trace);
            std::vector<double> v;
            for (const Probe& p : probes) v.push_back(trace.at(trace.rows.size() - 1, p.subject, p.name));
            err[k] = probeError(v, ref, probes);
        }
        const double r1 = err[0] / err[1], r2 = err[1] / err[2];
        const QString msg = QString("%1, %2: errors %3 %4 %5 against the tick/16 reference (ratios %6, %7)")
                                .arg(what).arg(method).arg(err[0]).arg(err[1]).arg(err[2]).arg(r1).arg(r2);
        qInfo("%s", qPrintable(msg));
        const double order = std::pow(2.0, std::strcmp(method, "gauss2") ? 2.5 : 3.5);
        QVERIFY2(r1 > order && r2 > order, qPrintable(msg));
    }
}

} // namespace

// A gas accumulator charged through an orifice
//
//   tank 3 MPa --orifice G = 2e-9 m^3/(s Pa)--> [port] --accumulator: V0 = 1 l at p0 = 1 MPa, n = 1.4
//
//   the oil held V(p) = V0 (1 - (p0/p)^(1/n)), so V'(p) dp/dt = G (3 MPa - p) (+ C dp/dt with a volume):
//   from 1.5 MPa, tau = V'(p)/G = 0.18 s at the start. Two ports: without volume (the accumulator's
//   compliance alone: gauss2's conservative end inverts V) and with 1 l at 5 MPa bulk modulus
//   (C = 2e-10 m^3/Pa, the same size as V'). Ticks 20, 10, 5 ms over 0.3 s against 5/16 ms.
void TestMethodFluid::accumulatorAtTheMethodsOrder()
{
    for (bool withVolume : {false, true}) {
        const auto labAt = [&](long long tickNs, const char* method) {
            const std::string port = withVolume ? volumeNode("port", 1e-3, 5e6, 1.5e6) : junction("port");
            return lab(runWith(tickNs, 300000000, method), "[" + reservoir("tank", 3e6) + "," + port + "]",
                       R"([{"id": "o", "type": "orifice", "node_a": "tank", "node_b": "port", "parameters": {"conductance": 2e-9}},
                           {"id": "acc", "type": "accumulator", "node_a": "port",
                            "parameters": {"gas_volume": 0.001, "precharge_pressure": 1e6, "polytropic_index": 1.4,
                                           "initial_pressure": 1.5e6}}])");
        };
        const long long ticks[3] = {20000000, 10000000, 5000000};
        checkSelfConvergence(withVolume ? "accumulator on a volume" : "accumulator on a port without volume", labAt, ticks,
                             {{"port", "pressure", 3e6}, {"acc", "oil_volume", 1e-3}});
    }
}

// labs/mechanical-converter.lab.json over its first 10 ms: the flow source fills the chamber
// (compliance (V_dead + D theta)/beta = 6.7e-14 m^3/Pa, moving with the shaft) against the shaft's
// spring; the oil column and the shaft ring at D/sqrt(J C) = 1.7e4 rad/s. Ticks 16, 8, 4 us
// (W h = 0.27 to 0.07) against 0.25 us, in the shaft's speed and the chamber's pressure. The
// volume books are checked at the lab's own tick (shippedLabsRunWithBothMethods): at 4 us the
// chamber's residual within the Newton's absolute pressure tolerance sums to 3e-17 m^3 of 1e-6
// over the 2500 intervals, above the check's 1e-12 relative (the midpoint: 3e-17 at 1 us).
void TestMethodFluid::converterAtTheMethodsOrder()
{
    const auto labAt = [](long long tickNs, const char* method) { return shippedLab("mechanical-converter", method, tickNs, 10000000).dump(); };
    const long long ticks[3] = {16000, 8000, 4000};
    checkSelfConvergence("mechanical-converter", labAt, ticks, {{"shaft", "speed", 0.1}, {"chamber", "pressure", 1e5}}, false);
}

// A cylinder and a pressure intensifier
//
//   tank 2 MPa --G 1e-10--> [A: 0.1 l, beta 1e8] --cylinder (A_A 1e-3, A_B 5e-4 m^2)--> [B: 0.1 l] --G 1e-10--> drain 0.1 MPa
//                                                   rod: 1 kg on a spring 1e4 N/m and a damper 50 N s/m
//   [A] --transformer ratio 2 (p_C = 2 p_A)--> [C: 0.1 l] --G 5e-11--> drain
//
//   C/G = 10 ms, the oil spring A_A^2 / C_A = 1e6 N/m on 1 kg: 1e3 rad/s. Ticks 0.4, 0.2, 0.1 ms
//   over 40 ms against 0.1/16 ms, in the rod's velocity and the three pressures.
void TestMethodFluid::cylinderAndTransformerAtTheMethodsOrder()
{
    const auto labAt = [](long long tickNs, const char* method) {
        const std::string nodes = "[" + reservoir("tank", 2e6) + "," + reservoir("drain", 1e5) + "," + volumeNode("A", 1e-4, 1e8, 1e5) + "," +
                                  volumeNode("B", 1e-4, 1e8, 1e5) + "," + volumeNode("C", 1e-4, 1e8, 2e5) + "," + mass("rod", 1.0, 0.0) + "]";
        return lab(runWith(tickNs, 40000000, method), nodes,
                   R"([{"id": "in", "type": "orifice", "node_a": "tank", "node_b": "A", "parameters": {"conductance": 1e-10}},
                       {"id": "cyl", "type": "hydraulic_cylinder", "node_a": "A", "node_b": "B", "node_c": "rod",
                        "parameters": {"area_a": 1e-3, "area_b": 5e-4}},
                       {"id": "out", "type": "orifice", "node_a": "B", "node_b": "drain", "parameters": {"conductance": 1e-10}},
                       {"id": "k", "type": "translational_spring", "node_a": "rod", "node_b": "ground", "parameters": {"stiffness": 1e4}},
                       {"id": "d", "type": "translational_damper", "node_a": "rod", "parameters": {"damping": 50}},
                       {"id": "boost", "type": "transformer", "node_a": "A", "node_b": "C", "parameters": {"ratio": 2}},
                       {"id": "leak", "type": "orifice", "node_a": "C", "node_b": "drain", "parameters": {"conductance": 5e-11}}])");
    };
    const long long ticks[3] = {400000, 200000, 100000};
    checkSelfConvergence("cylinder and transformer", labAt, ticks,
                         {{"rod", "velocity", 1.0}, {"A", "pressure", 2e6}, {"B", "pressure", 2e6}, {"C", "pressure", 4e6}});
}

// A junction between a turbulent and a laminar orifice (an algebraic pressure: the stage conditions
// of an index-1 system)
//
//   tank 3 MPa --turbulent orifice (Cd 0.7, 2 mm^2, rho 850, p_t 1e4 Pa)--> [j: no volume] --G 2e-11--> [v: 1 l, beta 1e9]
//
//   j's flows balance at every instant, Cd A sqrt(2/rho) (p_t - p_j)/((p_t - p_j)^2 + p_tr^2)^(1/4) = G (p_j - p_v),
//   nonlinear in p_j, so the stage extrapolation to the interval's end would be second order in p_j
//   (R(inf) = 1 for gauss2); the solved end keeps the fourth (docs/PHYSICS.md, "Junctions at the
//   stages"). v fills with C/G_eff ~ 50 ms. Ticks 8, 4, 2 ms over 0.2 s against 2/16 ms, in p_j and p_v.
void TestMethodFluid::junctionAtTheMethodsOrder()
{
    const auto labAt = [](long long tickNs, const char* method) {
        return lab(runWith(tickNs, 200000000, method), "[" + reservoir("tank", 3e6) + "," + junction("j") + "," + volumeNode("v", 1e-3, 1e9, 1e5) + "]",
                   R"([{"id": "jet", "type": "orifice", "node_a": "tank", "node_b": "j",
                        "parameters": {"discharge_coefficient": 0.7, "area": 2e-6, "density": 850, "transition_pressure": 1e4}},
                       {"id": "lam", "type": "orifice", "node_a": "j", "node_b": "v", "parameters": {"conductance": 2e-11}}])");
    };
    const long long ticks[3] = {8000000, 4000000, 2000000};
    checkSelfConvergence("junction", labAt, ticks, {{"j", "pressure", 3e6}, {"v", "pressure", 3e6}});
}

// labs/mechanical-converter.lab.json (2 s) and labs/hydraulic-lockup.lab.json (5 s: the accumulator
// on a port without volume, below its precharge at the start, the pressure-applied lockup) run with
// gauss2 and radau3 at their own ticks: books closed at rounding, and the final speeds and pressures
// within 1e-6 of the midpoint's, each scaled by its size in the lab (measured 3.1e-9 to 4.8e-9: the
// midpoint's own error at those ticks; figures in the log)
void TestMethodFluid::shippedLabsRunWithBothMethods()
{
    struct Case {
        const char* lab;
        std::vector<Probe> probes;
        double tol;
    };
    const Case cases[] = {
        {"mechanical-converter", {{"shaft", "speed", 0.1}, {"chamber", "pressure", 1e6}}, 1e-6},
        {"hydraulic-lockup", {{"wheels", "speed", 10.0}, {"engine", "speed", 100.0}, {"accumulator_port", "pressure", 1e6}, {"piston", "pressure", 1e6}}, 1e-6},
    };
    for (const Case& c : cases) {
        const std::vector<double> mid = finalValues(shippedLab(c.lab, nullptr).dump(), c.probes);
        for (const char* method : {"gauss2", "radau3"}) {
            DL_COMPILE(model, shippedLab(c.lab, method).dump());
            DL_SIMULATE(trace, model);
            DL_ENERGY_BALANCED(trace);
            DL_VOLUME_BALANCED(trace);
            std::vector<double> v;
            for (const Probe& p : c.probes) v.push_back(trace.at(trace.rows.size() - 1, p.subject, p.name));
            const double e = probeError(v, mid, c.probes);
            QString msg = QString("%1, %2: largest scaled difference from the midpoint %3 (energy residual %4 J, volume %5 m^3)")
                              .arg(c.lab).arg(method).arg(e).arg(trace.energy.residual).arg(trace.energy.volumeResidual);
            for (std::size_t k = 0; k < v.size(); ++k)
                msg += QString("; %1.%2 %3 (midpoint %4)").arg(c.probes[k].subject, c.probes[k].name).arg(v[k], 0, 'g', 10).arg(mid[k], 0, 'g', 10);
            qInfo("%s", qPrintable(msg));
            QVERIFY2(e < c.tol, qPrintable(msg));
        }
    }
}

// Same lab, same bits, no allocation: labs/hydraulic-lockup.lab.json's first 3 s (the accumulator's
// port below and above its precharge, gauss2's solved ends, the lockup's apply) with either method,
// run twice and through a fork at 1.5 s, gives one final hash, and its ticks allocate nothing
void TestMethodFluid::deterministicAndAllocationFree()
{
    for (const char* method : {"gauss2", "radau3"}) {
        DL_COMPILE(model, shippedLab("hydraulic-lockup", method, 0, 3000000000).dump());
        Session s1(model);
        const std::uint64_t before = allocationCount();
        QVERIFY(s1.run(model->ticks).status == BatchStatus::Completed);
        QCOMPARE(allocationCount() - before, std::uint64_t(0));
        checkForkReproduces(model, s1.stateHash());
    }
}

QTEST_GUILESS_MAIN(TestMethodFluid)
#include "tst_methodfluid.moc"
