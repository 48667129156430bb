// Springs, dampers, torque steps and motors against closed forms.
#include "testutil.h"

using namespace drivelab;
using namespace drivelab::test;

class TestElements : public QObject {
    Q_OBJECT
private slots:
    void springOscillator();
    void damperDecay();
    void damperHeatToThermalNode();
    void torqueStepWithoutSupport();
    void torqueStepWithSupport();
    void motorOnTorqueCurve();
    void motorCurveClampedAtEnds();
    void motorCommandEvent();
};

// Spring-inertia oscillator
//
//   ground --spring k=200, d0=0.1-- [J=0.5]
//
//   continuous: d(t) = d0 cos(wn t), w(t) = -d0 wn sin(wn t), wn = sqrt(k/J) = 20 rad/s
//   implicit midpoint: an exact rotation by phi = 2 atan(wn h / 2) per step, so
//   d_n = d0 cos(n phi), w_n = -d0 wn sin(n phi), and k d^2/2 + J w^2/2 is conserved exactly
void TestElements::springOscillator()
{
    const double k = 200, J = 0.5, d0 = 0.1, h = 1e-4, wn = std::sqrt(k / J);
    DL_COMPILE(model, lab(runSettings(100000, 1000000000, 100), "[" + rot("m", J, 0) + "]",
                          R"([{"id": "s", "type": "spring", "node_a": "m", "node_b": "ground",
                               "parameters": {"stiffness": 200, "initial_deflection": 0.1}}])"));
    DL_SIMULATE(tr, model);
    const double phi = 2.0 * std::atan(wn * h / 2.0);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double n = static_cast<double>(tr.ticks[i]);
        DL_NEAR(tr.at(i, "s", "deflection"), d0 * std::cos(n * phi), 1e-12 * d0);
        DL_NEAR(tr.at(i, "m", "speed"), -d0 * wn * std::sin(n * phi), 1e-12 * d0 * wn);
        // the continuous solution, within the midpoint's phase error (wn h)^2/12 per radian
        const double t = tr.times[i];
        DL_NEAR(tr.at(i, "s", "deflection"), d0 * std::cos(wn * t), d0 * (wn * t * (wn * h) * (wn * h) / 12.0 * 1.01 + 1e-12));
    }
    // energy k d0^2 / 2 = 1 J conserved
    DL_NEAR(tr.energy.storedInitial, 1.0, 1e-15);
    DL_NEAR(tr.energy.storedFinal, 1.0, 1e-12);
    DL_ENERGY_BALANCED(tr);
}

// Damper decay
//
//   ground --damper c=0.5-- [J=2, w0=100]
//
//   continuous: w(t) = w0 exp(-c t / J); heat = J (w0^2 - w^2) / 2
//   implicit midpoint: w_{n+1} = w_n (1 - c h / 2J) / (1 + c h / 2J)
void TestElements::damperDecay()
{
    const double c = 0.5, J = 2.0, w0 = 100.0, h = 1e-3;
    DL_COMPILE(model, lab(runSettings(1000000, 4000000000, 100), "[" + rot("m", J, w0) + "]",
                          R"([{"id": "d", "type": "damper", "node_a": "m", "parameters": {"damping": 0.5}}])"));
    DL_SIMULATE(tr, model);
    const double rho = (1.0 - c * h / (2 * J)) / (1.0 + c * h / (2 * J));
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double w = tr.at(i, "m", "speed");
        DL_NEAR(w, w0 * std::pow(rho, static_cast<double>(tr.ticks[i])), 1e-12 * w0);
        const double t = tr.times[i];
        // second order: error ~ w0 t (c/J)^3 h^2 / 12
        DL_NEAR(w, w0 * std::exp(-c * t / J), w0 * t * std::pow(c / J, 3) * h * h / 12.0 * 1.1 + 1e-12 * w0);
        DL_NEAR(tr.at(i, "d", "heat"), 0.5 * J * (w0 * w0 - w * w), 1e-10 * J * w0 * w0);
        if (i > 0) DL_NEAR(tr.at(i, "d", "torque") + c * w, 0.0, c * w0 * c * h / J);
    }
    QCOMPARE(tr.energy.heatToNodes, 0.0);
    DL_NEAR(tr.energy.heatToLedger, tr.at(tr.rows.size() - 1, "d", "heat"), 1e-12 * J * w0 * w0);
    DL_ENERGY_BALANCED(tr);
}

// Heat routing: a damper with a heat node raises its temperature by heat / capacity.
//
//   ground --damper c=0.5, heat_node oil (C = 100 J/K, adiabatic)-- [J=2, w0=100]
//   T_oil = 300 K + heat / 100 J/K; all heat lands in heat_to_nodes, none in the ledger
void TestElements::damperHeatToThermalNode()
{
    DL_COMPILE(model, lab(runSettings(1000000, 1000000000, 100),
                          "[" + rot("m", 2.0, 100.0) +
                              R"(, {"id": "oil", "domain": "thermal", "heat_capacity": 100, "initial_temperature": 300}])",
                          R"([{"id": "d", "type": "damper", "node_a": "m", "heat_node": "oil", "parameters": {"damping": 0.5}}])"));
    DL_SIMULATE(tr, model);
    const std::size_t last = tr.rows.size() - 1;
    const double heat = tr.at(last, "d", "heat");
    QVERIFY(heat > 1000.0);
    DL_NEAR(tr.at(last, "oil", "temperature"), 300.0 + heat / 100.0, 1e-10);
    DL_NEAR(tr.energy.heatToNodes, heat, 1e-10);
    QCOMPARE(tr.energy.heatToLedger, 0.0);
    DL_ENERGY_BALANCED(tr);
}

// Torque step inside a tick, grounded support
//
//   tau(t) = offset + (t < ts ? 0 : step), offset 1, step 4, ts = 12.34 ms (inside tick 12 of 1 ms)
//   --> [J=0.5]:  w(t) = (offset t + step max(0, t - ts)) / J   (piecewise linear: exact when split at ts)
//   mean torque over tick 12: offset + step (13 ms - ts) / 1 ms = 3.64 N m
void TestElements::torqueStepWithoutSupport()
{
    DL_COMPILE(model, lab(runSettings(1000000, 30000000, 1), "[" + rot("m", 0.5, 0) + "]",
                          R"([{"id": "src", "type": "torque_step", "node_a": "m",
                               "parameters": {"step_torque": 4, "offset_torque": 1, "start_time": 0.01234}}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        DL_NEAR(tr.at(i, "m", "speed"), (t + 4.0 * std::max(0.0, t - 0.01234)) / 0.5, 1e-13);
    }
    DL_NEAR(tr.at(12, "src", "torque"), 1.0, 1e-12);
    DL_NEAR(tr.at(13, "src", "torque"), 1.0 + 4.0 * 0.66, 1e-12);
    DL_NEAR(tr.at(14, "src", "torque"), 5.0, 1e-12);
    DL_NEAR(tr.at(13, "src", "torque_at_b"), -(1.0 + 4.0 * 0.66), 1e-12);
    DL_ENERGY_BALANCED(tr);
}

// Torque step with support: the reaction acts on the support node
//
//   [Jb=1.5] support <-- -tau -- torque_step -- tau --> [Ja=0.5]
//   wa = (offset t + step (t - ts)+) / Ja,  wb = -(same) / Jb,  Ja wa + Jb wb = 0
void TestElements::torqueStepWithSupport()
{
    DL_COMPILE(model, lab(runSettings(1000000, 30000000, 1), "[" + rot("a", 0.5, 0) + "," + rot("b", 1.5, 0) + "]",
                          R"([{"id": "src", "type": "torque_step", "node_a": "a", "node_b": "b",
                               "parameters": {"step_torque": 4, "offset_torque": 1, "start_time": 0.01234}}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        const double impulse = t + 4.0 * std::max(0.0, t - 0.01234);
        DL_NEAR(tr.at(i, "a", "speed"), impulse / 0.5, 1e-13);
        DL_NEAR(tr.at(i, "b", "speed"), -impulse / 1.5, 1e-13);
        DL_NEAR(0.5 * tr.at(i, "a", "speed") + 1.5 * tr.at(i, "b", "speed"), 0.0, 1e-14);
    }
    DL_NEAR(tr.at(13, "src", "torque_at_b"), -(1.0 + 4.0 * 0.66), 1e-12);
    DL_ENERGY_BALANCED(tr);
}

// Motor on a torque curve
//
//   motor, curve T(w) = 100 - 0.5 w (points (0, 100), (200, 0)), command 1 --> [J=0.5, w0=0]
//   continuous: w(t) = 200 (1 - exp(-t / tau)), tau = J / 0.5 = 1 s
//   implicit midpoint: (200 - w_{n+1}) = (200 - w_n) (1 - a) / (1 + a), a = h / (2 tau)
void TestElements::motorOnTorqueCurve()
{
    const double h = 1e-3, a = h / 2.0;
    DL_COMPILE(model, lab(runSettings(1000000, 3000000000, 100), "[" + rot("m", 0.5, 0) + "]",
                          R"([{"id": "mot", "type": "motor", "node_a": "m", "inputs": {"command": 1},
                               "parameters": {"torque_curve": [{"speed": 0, "torque": 100}, {"speed": 200, "torque": 0}]}}])"));
    DL_SIMULATE(tr, model);
    const double rho = (1.0 - a) / (1.0 + a);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double w = tr.at(i, "m", "speed");
        DL_NEAR(w, 200.0 - 200.0 * std::pow(rho, static_cast<double>(tr.ticks[i])), 1e-11);
        DL_NEAR(w, 200.0 * (1.0 - std::exp(-tr.times[i])), 200.0 * tr.times[i] * h * h / 12.0 * 1.1 + 1e-11);
        if (i > 0) {
            // mean torque over the last tick = J dw/dt; mean power = work / h
            const double tq = tr.at(i, "mot", "torque");
            QVERIFY(tq > 0.0 && tq <= 100.0);
            QVERIFY(tr.at(i, "mot", "power") > 0.0);
        }
    }
    DL_NEAR(tr.energy.sourceWork, tr.energy.kineticFinal, 1e-9);
    DL_ENERGY_BALANCED(tr);
}

// Beyond its ends the curve is held: above 200 rad/s the torque is the last point's (0),
// below 0 rad/s the first point's (100 N m at command 1).
void TestElements::motorCurveClampedAtEnds()
{
    DL_COMPILE(model, lab(runSettings(1000000, 200000000, 10), "[" + rot("fast", 0.5, 300) + "," + rot("back", 0.5, -50) + "]",
                          R"([{"id": "m1", "type": "motor", "node_a": "fast", "inputs": {"command": 1},
                               "parameters": {"torque_curve": [{"speed": 0, "torque": 100}, {"speed": 200, "torque": 0}]}},
                              {"id": "m2", "type": "motor", "node_a": "back", "inputs": {"command": 1},
                               "parameters": {"torque_curve": [{"speed": 0, "torque": 100}, {"speed": 200, "torque": 0}]}}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        QCOMPARE(tr.at(i, "fast", "speed"), 300.0);
        DL_NEAR(tr.at(i, "back", "speed"), -50.0 + 200.0 * tr.times[i], 1e-12);
    }
}

// An event changes the command at the first tick boundary at or after its time:
// command 1 until 0.5 s, then -0.5 (event at 0.4995 s, tick 1 ms -> boundary 0.5 s).
void TestElements::motorCommandEvent()
{
    DL_COMPILE(model, lab(runSettings(1000000, 1000000000, 1), "[" + rot("m", 1.0, 0) + "]",
                          R"([{"id": "mot", "type": "motor", "node_a": "m", "inputs": {"command": 1},
                               "parameters": {"torque_curve": [{"speed": -1000, "torque": 10}, {"speed": 1000, "torque": 10}]}}])",
                          R"([{"time_ns": 499500000, "component": "mot", "input": "command", "value": -0.5}])"));
    DL_SIMULATE(tr, model);
    // 10 N m for 0.5 s, then -5 N m
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        const double w = t <= 0.5 ? 10.0 * t : 5.0 - 5.0 * (t - 0.5);
        DL_NEAR(tr.at(i, "m", "speed"), w, 1e-11);
    }
    DL_NEAR(tr.at(500, "mot", "torque"), 10.0, 1e-12); // the tick ending at 0.5 s
    DL_NEAR(tr.at(501, "mot", "torque"), -5.0, 1e-12); // first tick after the event
    DL_ENERGY_BALANCED(tr);
}

QTEST_GUILESS_MAIN(TestElements)
#include "tst_elements.moc"
