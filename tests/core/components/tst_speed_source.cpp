// speed_source: node_a follows its `speed` input (a kinematic constraint, a flow source Sf).
// Bound to a signal, the input is the signal's value at each interval END; over an interval the
// node's speed moves linearly from its start value w0 to that value w1 (stage speed (w0 + w1)/2,
// angle + h (w0 + w1)/2). The reaction is what the node's balance lacks:
//   impulse = J dw - h (f + drawn)   (f: the other torques on the node, drawn: rigid constraints)
//
//   (1) gear, ramp and sine:   [src]=>[ a: J1 = 0.5 ]--gear w_a = R w_b, R = 2--[ b: J2 = 2 ]
//       tick h = 1 ms, 1 s, a report every tick.
//       ramp: w(t) = 20 rad/s before 0.1 s, then linear to 120 rad/s at 0.6 s, then 120;
//       sine: w(t) = 50 + 20 sin(2 pi 2 t).
//       At every boundary t_k:  w_a(t_k) = w(t_k), w_b = w_a / R (to rounding)
//       angle_a(t_k) = sum_j h (w(t_j-1) + w(t_j)) / 2                      (the trapezoid sum)
//       mean reaction torque over tick k = Jr (w(t_k) - w(t_k-1)) / h,  Jr = J1 + J2 / R^2 = 1
//       mean power over tick k = Jr (w(t_k)^2 - w(t_k-1)^2) / (2 h)
//       (the exact means of Jr dw/dt and Jr w dw/dt); energy residual at rounding.
//
//   (2) damper: [src]=>[ J = 0.3 ]--damper c = 4--ground, input 10 rad/s, an event sets 20 at 0.5 s
//       steady: torque = c w = 40 N m, power = c w^2 = 400 W;
//       the tick after the event: w goes 10 -> 20, stage 15: torque = J 10 / h + c 15 = 3060 N m;
//       after it: 80 N m. Heat of the damper = work of the source (the node ends at 20 rad/s:
//       work = heat + J (20^2 - 10^2) / 2).
//
//       A live edit (Session::setInput) between batches does the same over the next tick.
//
//   (3) clutch: [src a = 4.0025 rad/s]--clutch capacity 5 N m--[ b: J = 1, w0 = 0 ]
//       slipping: b accelerates at 5 rad/s^2 until w_b = a at t* = a / 5 = 0.8005 s, captured,
//       then locked (b follows a, no torque). w_b(t) = 5 t before t*, a after;
//       source work = 5 a t* = a^2, friction heat = a^2 / 2, kinetic energy of b = a^2 / 2;
//       books balance at rounding.
//
//   (3b) a pump: the source ramps a shaft 0 -> 150 rad/s over [0.2, 1.2] s driving a pump into a
//       line with an orifice back to the tank: angle at 2 s = 75 + 0.8 150 = 195 rad; at constant
//       speed the source's torque is the pump's; energy and fluid volume books at rounding.
//
//   (4) causality: a speed source on an inertia is consistent (the inertia in derivative
//       causality, dependent on the source like on ground); two speed sources on one node, or a
//       speed source on a node geared to another speed-sourced node, are conflicts naming them
//       (and the compiler refuses both); a clutch capturing two prescribed speeds stops the run
//       naming the clutch (a: 0 -> 10 rad/s over 1 s, b: 5 rad/s, they meet at 0.5 s).
//
//   (5) the node's initial_speed must equal the input at t = 0 (the signal at t = 0 when bound).
#include "testutil.h"

#include <numbers>

#include "analysis/causality.h"

using namespace drivelab;
using namespace drivelab::test;

class TestSpeedSource : public QObject {
    Q_OBJECT
private slots:
    void gearRamp();
    void gearSine();
    void damper();
    void liveEdit();
    void clutch();
    void drivesAPump();
    void causality();
    void initialSpeed();
};

namespace {

// a lab with a signals section
std::string labWithSignals(const std::string& run, const std::string& sigs, const std::string& nodes, const std::string& components,
                           const std::string& events = "[]")
{
    std::string text = lab(run, nodes, components, events);
    text.pop_back(); // the closing brace
    return text + R"(, "signals": )" + sigs + "}";
}

constexpr double kJ1 = 0.5, kJ2 = 2.0, kR = 2.0;

std::string gearLab(const std::string& signal, double w0)
{
    return labWithSignals(runSettings(1000000, 1000000000, 1), "[" + signal + "]",
                          "[" + rot("a", kJ1, w0) + "," + rot("b", kJ2, w0 / kR) + "]",
                          R"([{"id": "src", "type": "speed_source", "node_a": "a", "inputs": {"speed": {"signal": "w"}}},
                              {"id": "g", "type": "gear", "node_a": "a", "node_b": "b", "parameters": {"ratio": 2}}])");
}

// the checks of (1) against the prescribed w(t)
template <class W> void checkFollows(const Trace& t, W w)
{
    const double h = 1e-3, jr = kJ1 + kJ2 / (kR * kR);
    double angle = 0.0, worstSpeed = 0.0, worstTorque = 0.0, worstPower = 0.0;
    for (std::size_t k = 1; k < t.rows.size(); ++k) {
        const double t0 = static_cast<double>(k - 1) * h, t1 = static_cast<double>(k) * h;
        const double w0 = w(t0), w1 = w(t1);
        angle += h * 0.5 * (w0 + w1);
        worstSpeed = std::fmax(worstSpeed, std::fabs(t.at(k, "a", "speed") - w1) / (1.0 + std::fabs(w1)));
        worstSpeed = std::fmax(worstSpeed, std::fabs(t.at(k, "b", "speed") - w1 / kR) / (1.0 + std::fabs(w1)));
        const double torque = jr * (w1 - w0) / h, power = jr * (w1 * w1 - w0 * w0) / (2.0 * h);
        worstTorque = std::fmax(worstTorque, std::fabs(t.at(k, "src", "torque") - torque) / (1.0 + std::fabs(torque)));
        worstPower = std::fmax(worstPower, std::fabs(t.at(k, "src", "power") - power) / (1.0 + std::fabs(power)));
    }
    const std::size_t last = t.rows.size() - 1;
    qInfo("worst relative errors: speed %.3g, torque %.3g, power %.3g; angle %.17g (expected %.17g); energy residual %.3g J of %.3g J",
          worstSpeed, worstTorque, worstPower, t.at(last, "a", "angle"), angle, t.energy.residual, energyScale(t.energy));
    QVERIFY(worstSpeed < 1e-13);
    // a torque is a difference of speeds over h: the speeds' rounding (1e-16 of 100 rad/s)
    // over 1 ms is 1e-11 N m
    QVERIFY(worstTorque < 1e-9);
    QVERIFY(worstPower < 1e-9);
    DL_NEAR(t.at(last, "a", "angle"), angle, 1e-11 * std::fabs(angle));
    DL_NEAR(t.at(last, "b", "angle"), angle / kR, 1e-11 * std::fabs(angle));
    DL_ENERGY_BALANCED(t);
}

} // namespace

void TestSpeedSource::gearRamp()
{
    DL_COMPILE(model, gearLab(R"({"id": "w", "kind": "ramp", "start": 0.1, "duration": 0.5, "from": 20, "to": 120})", 20.0));
    DL_SIMULATE(t, model);
    const auto w = [](double s) {
        return s <= 0.1 ? 20.0 : s >= 0.6 ? 120.0 : 20.0 + 200.0 * (s - 0.1);
    };
    checkFollows(t, w);
    // during the ramp the torque is Jr * 200 rad/s^2 = 200 N m; at rest 0
    DL_NEAR(t.at(300, "src", "torque"), 200.0, 1e-9);
    DL_NEAR(t.at(800, "src", "torque"), 0.0, 1e-9);
    // the work is the kinetic energy gained: Jr (120^2 - 20^2) / 2 = 7000 J
    DL_NEAR(t.energy.sourceWork, 7000.0, 1e-8);
}

void TestSpeedSource::gearSine()
{
    DL_COMPILE(model, gearLab(R"({"id": "w", "kind": "sine", "amplitude": 20, "frequency": 2, "offset": 50})", 50.0));
    DL_SIMULATE(t, model);
    const auto w = [](double s) {
        return 50.0 + 20.0 * std::sin(2.0 * std::numbers::pi * 2.0 * s);
    };
    checkFollows(t, w);
}

void TestSpeedSource::damper()
{
    DL_COMPILE(model, lab(runSettings(1000000, 1000000000, 1), "[" + rot("s", 0.3, 10.0) + "]",
                          R"([{"id": "src", "type": "speed_source", "node_a": "s", "inputs": {"speed": 10}},
                              {"id": "d", "type": "damper", "node_a": "s", "parameters": {"damping": 4}}])",
                          R"([{"time_ns": 500000000, "component": "src", "input": "speed", "value": 20}])"));
    DL_SIMULATE(t, model);
    DL_NEAR(t.at(100, "src", "torque"), 40.0, 1e-12);
    DL_NEAR(t.at(100, "src", "power"), 400.0, 1e-10);
    DL_NEAR(t.at(100, "d", "torque"), -40.0, 1e-12);
    // the tick after the event (boundary 501 ends it): 10 -> 20 rad/s, stage 15
    DL_NEAR(t.at(500, "s", "speed"), 10.0, 0.0);
    DL_NEAR(t.at(501, "s", "speed"), 20.0, 0.0);
    DL_NEAR(t.at(501, "src", "torque"), 0.3 * 10.0 / 1e-3 + 4.0 * 15.0, 1e-9);
    DL_NEAR(t.at(501, "src", "power"), (0.3 * 10.0 / 1e-3 + 4.0 * 15.0) * 15.0, 1e-8);
    DL_NEAR(t.at(700, "src", "torque"), 80.0, 1e-12);
    DL_NEAR(t.at(1000, "s", "angle"), 0.5 * 10.0 + 1e-3 * 15.0 + 0.499 * 20.0, 1e-11);
    // work = heat + kinetic energy gained
    const double heat = t.at(1000, "d", "heat");
    DL_NEAR(t.energy.sourceWork, heat + 0.5 * 0.3 * (400.0 - 100.0), 1e-9);
    DL_ENERGY_BALANCED(t);
}

// a live edit (Session::setInput) between batches acts like the event: 10 -> 20 rad/s over
// the next tick, with the finite reaction J 10 / h + c 15
void TestSpeedSource::liveEdit()
{
    DL_COMPILE(model, lab(runSettings(1000000, 1000000000, 1), "[" + rot("s", 0.3, 10.0) + "]",
                          R"([{"id": "src", "type": "speed_source", "node_a": "s", "inputs": {"speed": 10}},
                              {"id": "d", "type": "damper", "node_a": "s", "parameters": {"damping": 4}}])"));
    Session s(model);
    QCOMPARE(s.run(10).status, BatchStatus::Completed);
    QVERIFY(s.setInput("src", "speed", 20.0));
    QCOMPARE(s.state().x[0], 10.0);
    QCOMPARE(s.run(1).status, BatchStatus::Completed);
    QCOMPARE(s.state().x[0], 20.0);
    const std::vector<ObservableRef> layout = observableLayout(*model);
    std::vector<double> v(s.observableCount());
    s.observe(v.data());
    double torque = 0.0;
    for (std::size_t i = 0; i < layout.size(); ++i) {
        if (layout[i].subject == "src" && layout[i].name == "torque") torque = v[i];
    }
    DL_NEAR(torque, 0.3 * 10.0 / 1e-3 + 4.0 * 15.0, 1e-9);
}

void TestSpeedSource::clutch()
{
    const double a = 4.0025;
    DL_COMPILE(model, lab(runSettings(1000000, 1000000000, 1), "[" + rot("s", 0.2, a) + "," + rot("b", 1.0, 0.0) + "]",
                          R"([{"id": "src", "type": "speed_source", "node_a": "s", "inputs": {"speed": 4.0025}},
                              {"id": "c", "type": "clutch", "node_a": "s", "node_b": "b", "inputs": {"capacity": 5}}])"));
    DL_SIMULATE(t, model);
    DL_NEAR(t.at(400, "b", "speed"), 2.0, 1e-12);
    DL_NEAR(t.at(400, "src", "torque"), 5.0, 1e-12);
    DL_NEAR(t.at(400, "s", "speed"), a, 0.0);
    QCOMPARE(t.at(1000, "c", "locked"), 1.0);
    DL_NEAR(t.at(1000, "b", "speed"), a, 1e-12);
    DL_NEAR(t.at(1000, "src", "torque"), 0.0, 1e-9);
    DL_NEAR(t.energy.sourceWork, a * a, 1e-9);
    DL_NEAR(t.at(1000, "c", "friction_heat"), a * a / 2.0, 1e-9);
    DL_ENERGY_BALANCED(t);
}

void TestSpeedSource::drivesAPump()
{
    std::string text = lab(runSettings(1000000, 2000000000, 500),
                           "[" + rot("shaft", 0.05, 0.0) + "," + reservoir("tank", 1e5) + "," + volumeNode("line", 1e-4, 1.5e9, 1e5) + "]",
                           R"([{"id": "src", "type": "speed_source", "node_a": "shaft", "inputs": {"speed": {"signal": "w"}}},
                               {"id": "p", "type": "pump", "node_a": "shaft", "node_b": "tank", "node_c": "line",
                                "parameters": {"displacement": 2e-6, "leakage_conductance": 1e-12}},
                               {"id": "o", "type": "orifice", "node_a": "line", "node_b": "tank", "parameters": {"conductance": 1e-10}}])");
    text.pop_back();
    text += R"(, "signals": [{"id": "w", "kind": "ramp", "start": 0.2, "duration": 1, "from": 0, "to": 150}]})";
    DL_COMPILE(model, text);
    DL_SIMULATE(t, model);
    DL_NEAR(t.at(4, "shaft", "speed"), 150.0, 0.0);
    DL_NEAR(t.at(4, "shaft", "angle"), 75.0 + 0.8 * 150.0, 1e-10);
    // at constant speed the source holds the pump's torque
    DL_NEAR(t.at(4, "src", "torque"), -t.at(4, "p", "torque"), 1e-9 * std::fabs(t.at(4, "p", "torque")));
    QVERIFY(t.at(4, "src", "torque") > 1.0);
    DL_ENERGY_BALANCED(t);
    DL_VOLUME_BALANCED(t);
}

void TestSpeedSource::causality()
{
    // consistent: the source drives an inertia (and, through a gear, another)
    {
        DL_COMPILE(model, gearLab(R"({"id": "w", "kind": "sine", "amplitude": 20, "frequency": 2, "offset": 50})", 50.0));
        const CausalityReport r = analyzeCausality(*model, initialLockMask(*model));
        QVERIFY2(r.consistent, qPrintable(QString::fromStdString(causalityText(r))));
        bool found = false;
        for (const CausalityElement& e : r.elements) found = found || (e.id == "src" && e.kind == "Sf" && e.causality == "fixed");
        QVERIFY2(found, qPrintable(QString::fromStdString(causalityText(r))));
    }
    const auto conflictNaming = [](const CausalityReport& r, const std::vector<std::string>& ids) {
        for (const CausalityConflict& c : r.conflicts) {
            bool all = true;
            for (const std::string& id : ids) all = all && std::find(c.elements.begin(), c.elements.end(), id) != c.elements.end();
            if (all) return true;
        }
        return false;
    };
    // two sources on one node: a conflict, and the compiler refuses it
    {
        const std::string text = lab(runSettings(1000000, 10000000, 1), "[" + rot("a", 1.0, 0.0) + "]",
                                     R"([{"id": "s1", "type": "speed_source", "node_a": "a"},
                                         {"id": "s2", "type": "speed_source", "node_a": "a"}])");
        const LoadedLab l = load(text);
        QVERIFY(!l.model);
        QVERIFY2(describe(l.diagnostics).contains("already has its speed prescribed by 's1'"), qPrintable(describe(l.diagnostics)));
        const LabReadResult read = readLabJson(Json::parse(text));
        QVERIFY(read.lab);
        const CausalityReport r = analyzeCausality(*read.lab);
        QVERIFY(!r.consistent);
        QVERIFY2(conflictNaming(r, {"s1", "s2"}), qPrintable(QString::fromStdString(causalityText(r))));
    }
    // a source on a node geared to another speed-sourced node
    {
        const std::string text = lab(runSettings(1000000, 10000000, 1), "[" + rot("a", 1.0, 2.0) + "," + rot("b", 1.0, 1.0) + "]",
                                     R"([{"id": "s1", "type": "speed_source", "node_a": "a", "inputs": {"speed": 2}},
                                         {"id": "g", "type": "gear", "node_a": "a", "node_b": "b", "parameters": {"ratio": 2}},
                                         {"id": "s2", "type": "speed_source", "node_a": "b", "inputs": {"speed": 1}}])");
        const LabReadResult read = readLabJson(Json::parse(text));
        QVERIFY(read.lab);
        const CausalityReport r = analyzeCausality(*read.lab);
        QVERIFY(!r.consistent);
        QVERIFY2(conflictNaming(r, {"s1", "s2"}), qPrintable(QString::fromStdString(causalityText(r))));
        // the compiler refuses it too, naming the gear the sources would fight
        const LoadedLab l = load(text);
        QVERIFY(!l.model);
        QVERIFY2(describe(l.diagnostics).contains("lab: g: -: this gear's rigid constraint ties speeds that speed sources prescribe"),
                 qPrintable(describe(l.diagnostics)));
    }
    // a clutch that would lock two prescribed speeds together stops the run, naming it
    {
        std::string text = lab(runSettings(1000000, 1000000000, 10), "[" + rot("a", 1.0, 0.0) + "," + rot("b", 1.0, 5.0) + "]",
                               R"([{"id": "s1", "type": "speed_source", "node_a": "a", "inputs": {"speed": {"signal": "up"}}},
                                   {"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "inputs": {"capacity": 50}},
                                   {"id": "s2", "type": "speed_source", "node_a": "b", "inputs": {"speed": 5}}])");
        text.pop_back();
        text += R"(, "signals": [{"id": "up", "kind": "ramp", "duration": 1, "from": 0, "to": 10}]})";
        DL_COMPILE(model, text);
        const Trace t = simulate(model);
        QVERIFY(!t.ok);
        QCOMPARE(t.error.subject, std::string("c"));
        QVERIFY2(t.error.message.find("prescribed independently by speed sources") != std::string::npos, t.error.message.c_str());
        QVERIFY(std::fabs(t.error.time - 0.5) < 0.011);
    }
}

void TestSpeedSource::initialSpeed()
{
    const LoadedLab l = load(labWithSignals(
        runSettings(1000000, 10000000, 1), R"([{"id": "w", "kind": "ramp", "duration": 1, "from": 7, "to": 9}])",
        "[" + rot("a", 1.0, 3.0) + "]", R"([{"id": "src", "type": "speed_source", "node_a": "a", "inputs": {"speed": {"signal": "w"}}}])"));
    QVERIFY(!l.model);
    const QString d = describe(l.diagnostics);
    QVERIFY2(d.contains("a: initial_speed: is 3.0 but 'src' prescribes") && d.contains("set initial_speed to 7.0") &&
                 d.contains("signal 'w'"),
             qPrintable(d));
}

QTEST_GUILESS_MAIN(TestSpeedSource)
#include "tst_speed_source.moc"
