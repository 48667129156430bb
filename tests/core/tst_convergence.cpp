// Refinement and in-tick events (issue 21): the fixed-tick solver converges to rounding as the
// tick shrinks, and the instants where a law changes (breakaway, the return-spring threshold of a
// pressure-applied clutch) are located inside the tick, not quantised to it.
#include "testutil.h"

using namespace drivelab;
using namespace drivelab::test;

class TestConvergence : public QObject {
    Q_OBJECT
private slots:
    void smallTicksConvergeToTheDiscreteSolution();
    void breakawayInsideTheTick();
    void springThresholdInsideTheTick();
    void coupledBreakawayConvergesAtSecondOrder();
};

namespace {

/// run a compiled model to its end without sampling (long runs)
Session runToEnd(const std::shared_ptr<const Model>& model, bool& ok)
{
    Session s(model);
    const BatchResult r = s.run(model->ticks);
    ok = r.status == BatchStatus::Completed;
    return s;
}

double observable(const Session& s, const std::string& subject, const std::string& name)
{
    const auto layout = observableLayout(s.model());
    std::vector<double> v(s.observableCount());
    s.observe(v.data());
    for (std::size_t i = 0; i < layout.size(); ++i) {
        if (layout[i].subject == subject && layout[i].name == name) return v[i];
    }
    return std::nan("");
}

} // namespace

// Slowly decaying flywheel at a one-microsecond tick
//
//   [J = 1 kg m^2, w0 = 100 rad/s] --damper c = 0.1 N m s/rad-- ground      (tau = J/c = 10 s)
//
//   The implicit midpoint on J dw/dt = -c w is the exact linear map per tick
//     w_{k+1} = w_k (1 - a)/(1 + a),  a = c h / (2 J),
//   so after N ticks w_N = w0 exp(N (log1p(-a) - log1p(a))) (computed to ~1e-16).
//   With h = 1 us the last rate predicts each tick's increment to h w c/J * 2a = 1e-12 rad/s:
//   a Newton test with an absolute tolerance (2e-12 + 64 eps |w|, before issue 21) accepts that
//   predictor every tick, and the one-signed 1e-12 rad/s per tick adds up to 1e-6 rad/s (1e-8
//   relative) over the 1e6 ticks. The tolerance relative to the change over the tick takes a
//   Newton step instead: what is left is the rounding of 1e6 ticks.
void TestConvergence::smallTicksConvergeToTheDiscreteSolution()
{
    const long long tickNs = 1000;
    const long long ticks = 1000000;
    DL_COMPILE(model, lab(runSettings(tickNs, tickNs * ticks, ticks), "[" + rot("f", 1.0, 100.0) + "]",
                          R"([{"id": "d", "type": "damper", "node_a": "f", "parameters": {"damping": 0.1}}])"));
    bool ok = false;
    const Session s = runToEnd(model, ok);
    QVERIFY(ok);
    const double a = 0.1 * 1e-6 / 2.0;
    const double expected = 100.0 * std::exp(static_cast<double>(ticks) * (std::log1p(-a) - std::log1p(a)));
    const double w = observable(s, "f", "speed");
    QVERIFY2(std::fabs(w - expected) <= 1e-11 * expected,
             qPrintable(QString("w = %1, discrete closed form %2, relative error %3")
                            .arg(w, 0, 'g', 17)
                            .arg(expected, 0, 'g', 17)
                            .arg((w - expected) / expected)));
    // one Newton iteration per tick (the predictor is never taken as it stands)
    QVERIFY(s.stats().newtonIterations >= ticks);
}

// Brake under a ramp torque: breakaway located inside the tick
//
//   T(t) = k t --> [J = 0.5 kg m^2, w0 = 0] --brake (capacity C = 33.35 N m, kinetic ratio 1)-- ground
//
//   Held while k t < C: breakaway at t_b = C / k = 0.3335 s, inside the tick [0.333, 0.334] of 1 ms.
//   Then J dw/dt = k t - C = k (t - t_b), so w(t) = k (t - t_b)^2 / (2 J): 2.772225 rad/s at 0.5 s;
//   friction heat = int C w dt = C k (t - t_b)^3 / (6 J) = 5.131 J (+ the midpoint's O(h^2) term).
//   The held torque is linear in time, so the estimate of the breakaway from the interval's mean
//   torque near h/2 and h/4 is exact, and after it the midpoint with the ramp's exact mean per
//   interval is exact: the speed holds to rounding. Deciding breakaway on the tick's mean torque
//   (before issue 21) let it slip from the tick's start, 0.5 ms early, a first-order error.
void TestConvergence::breakawayInsideTheTick()
{
    const double J = 0.5, k = 100.0, C = 33.35, tb = C / k, tEnd = 0.5;
    DL_COMPILE(model, lab(runSettings(1000000, 500000000, 1), "[" + rot("m", J, 0.0) + "]",
                          R"([{"id": "push", "type": "torque_source", "node_a": "m", "inputs": {"torque": {"signal": "ramp"}}},
                              {"id": "brk", "type": "clutch", "node_a": "m", "node_b": "ground",
                               "parameters": {"kinetic_ratio": 1}, "inputs": {"capacity": 33.35}}])",
                          "[]", R"([{"id": "ramp", "kind": "ramp", "start": 0, "duration": 1, "from": 0, "to": 100}])"));
    Session s(model);
    QCOMPARE(s.run(model->ticks).status, BatchStatus::Completed);
    const double w = observable(s, "m", "speed");
    const double expected = k * (tEnd - tb) * (tEnd - tb) / (2.0 * J);
    DL_NEAR(w, expected, 1e-11 * expected);
    // the heat is the midpoint's: h C (w0 + w1)/2 per interval, above the exact integral by
    // C w'' h^3 / 12 per interval (w'' = k/J): one interval of 0.5 ms, then 166 of 1 ms
    const double heat = C * k * std::pow(tEnd - tb, 3) / (6.0 * J) + C * (k / J) * (std::pow(5e-4, 3) + 166.0 * 1e-9) / 12.0;
    DL_NEAR(observable(s, "brk", "friction_heat"), heat, 1e-10 * heat);
    // one event: the breakaway, at t_b to rounding of the nanosecond clock
    const ClutchEventLog& log = s.clutchEvents();
    QCOMPARE(log.count, std::int64_t(1));
    QCOMPARE(log.at(0).kind, ClutchEvent::Breakaway);
    DL_NEAR(log.at(0).timeNs * 1e-9, tb, 1e-12);
    const EnergyReport e = s.energy();
    QVERIFY2(std::fabs(e.residual) <= 1e-12 * energyScale(e), qPrintable(QString::number(e.residual)));
}

// Pressure-applied brake filling at a constant flow: the return spring's threshold inside the tick
//
//   reservoir --flow source Q = 1e-6 m^3/s--> [volume V = 1e-4 m^3, beta = 1e9 Pa, p0 = 101325 Pa]
//                                                   | pressure_node
//   [J = 0.5, w0 = 100 rad/s] --brake (A = 1e-3 m^2, mu = 0.1, n = 2, r = 0.1 m, F = 2003 N)-- ground
//
//   p(t) = p0 + beta Q t / V (1e7 Pa/s), capacity C(t) = mu n r max(0, (p - p_env) A - F): zero
//   until t_s = F / (A 1e7 Pa/s) = 0.2003 s (inside the tick [0.200, 0.201] of 1 ms), then
//   G (t - t_s) with G = mu n r A 1e7 = 200 N m/s. Slipping: w(t) = w0 - G (t - t_s)^2 / (2 J):
//   82.06... rad/s at 0.5 s. The pressure is linear in time (exact in the midpoint), the capacity
//   linear on each side of t_s: with the interval ended at the threshold the speed is exact to
//   rounding. One stage pressure for the whole tick (before issue 21) gives that tick an impulse of
//   h G (0.2005 - t_s) = 4.0e-5 N m s where the exact one is G (0.201 - t_s)^2 / 2 = 4.9e-5.
void TestConvergence::springThresholdInsideTheTick()
{
    const double J = 0.5, w0 = 100.0, ts = 0.2003, G = 200.0, tEnd = 0.5;
    DL_COMPILE(model, lab(runSettings(1000000, 500000000, 1),
                          "[" + rot("m", J, w0) + "," + reservoir("tank", 101325.0) + "," + volumeNode("apply", 1e-4, 1e9, 101325.0) + "]",
                          R"([{"id": "fill", "type": "flow_source", "node_a": "tank", "node_b": "apply", "inputs": {"flow": 1e-6}},
                              {"id": "brk", "type": "clutch", "node_a": "m", "node_b": "ground", "pressure_node": "apply",
                               "parameters": {"kinetic_ratio": 1, "piston_area": 1e-3, "friction_coefficient": 0.1,
                                              "effective_radius": 0.1, "surfaces": 2, "return_spring_force": 2003}}])"));
    Session s(model);
    QCOMPARE(s.run(model->ticks).status, BatchStatus::Completed);
    const double w = observable(s, "m", "speed");
    const double expected = w0 - G * (tEnd - ts) * (tEnd - ts) / (2.0 * J);
    DL_NEAR(w, expected, 1e-12 * w0);
    DL_NEAR(observable(s, "apply", "pressure"), 101325.0 + 1e7 * tEnd, 1e-9 * 5e6);
    const double heat = 0.5 * J * (w0 * w0 - expected * expected);
    DL_NEAR(observable(s, "brk", "friction_heat"), heat, 1e-10 * heat);
    QCOMPARE(s.clutchEvents().count, std::int64_t(0)); // it slips throughout
}

// Two inertias locked by a clutch, the load's damper raising the torque it passes
//
//   T = 60 N m --> [Ja = 0.5] ==clutch (C = 45 N m, kinetic ratio 0.9)== [Jb = 1.0] --damper c = 0.5-- ground
//
//   Locked (J = 1.5): w(t) = (T/c)(1 - exp(-c t / J)) = 120 (1 - exp(-t/3)); the clutch passes
//   lambda = Jb dw/dt + c w = (Jb T + c Ja w)/J = 40 + w/6, which reaches C at w_b = 30 rad/s:
//   t_b = 3 ln(4/3) = 0.8630... s, inside a tick for every tick below. Then it slips at
//   kC = 40.5 N m: wa = 30 + (T - kC)(t - t_b)/Ja, wb = kC/c + (30 - kC/c) exp(-c (t - t_b)/Jb).
//   The torque rises smoothly through the capacity, so the located breakaway keeps the method's
//   second order: the errors at 1.2 s fall about 4x per halved tick (measured 3.3x and 4.8x for
//   the speeds, 3.7x and 5.5x for the instant: where t_b falls in its tick moves the constant);
//   more than 2.8x is asked, as a first-order error falls 2x. Taken at a tick's start (before
//   issue 21) the instant was up to half a tick off: 2.5e-4 s at 0.5 ms, against 7e-9 s now.
void TestConvergence::coupledBreakawayConvergesAtSecondOrder()
{
    const double T = 60.0, c = 0.5, Ja = 0.5, Jb = 1.0, kC = 0.9 * 45.0, tEnd = 1.2;
    const double tb = 3.0 * std::log(4.0 / 3.0);
    const double wa = 30.0 + (T - kC) * (tEnd - tb) / Ja;
    const double wb = kC / c + (30.0 - kC / c) * std::exp(-c * (tEnd - tb) / Jb);
    double err[3], eventErr[3];
    const long long ticks[3] = {2000000, 1000000, 500000};
    for (int r = 0; r < 3; ++r) {
        DL_COMPILE(model, lab(runSettings(ticks[r], 1200000000, 1), "[" + rot("a", Ja, 0.0) + "," + rot("b", Jb, 0.0) + "]",
                              R"([{"id": "eng", "type": "torque_source", "node_a": "a", "inputs": {"torque": 60}},
                                  {"id": "cl", "type": "clutch", "node_a": "a", "node_b": "b",
                                   "parameters": {"kinetic_ratio": 0.9}, "inputs": {"capacity": 45}},
                                  {"id": "d", "type": "damper", "node_a": "b", "parameters": {"damping": 0.5}}])"));
        Session s(model);
        QCOMPARE(s.run(model->ticks).status, BatchStatus::Completed);
        err[r] = std::max(std::fabs(observable(s, "a", "speed") - wa), std::fabs(observable(s, "b", "speed") - wb));
        QCOMPARE(s.clutchEvents().count, std::int64_t(1));
        QCOMPARE(s.clutchEvents().at(0).kind, ClutchEvent::Breakaway);
        eventErr[r] = std::fabs(s.clutchEvents().at(0).timeNs * 1e-9 - tb);
        const EnergyReport e = s.energy();
        QVERIFY2(std::fabs(e.residual) <= 1e-12 * energyScale(e), qPrintable(QString::number(e.residual)));
    }
    const QString figures = QString("speed errors %1 %2 %3, breakaway %4 %5 %6 s")
                                .arg(err[0])
                                .arg(err[1])
                                .arg(err[2])
                                .arg(eventErr[0])
                                .arg(eventErr[1])
                                .arg(eventErr[2]);
    QVERIFY2(err[0] / err[1] > 2.8 && err[1] / err[2] > 2.8, qPrintable(figures));
    QVERIFY2(eventErr[0] / eventErr[1] > 2.8 && eventErr[1] / eventErr[2] > 2.8, qPrintable(figures));
    QVERIFY2(err[2] < 1e-4 && eventErr[2] < 1e-6, qPrintable(figures));
}

QTEST_APPLESS_MAIN(TestConvergence)
#include "tst_convergence.moc"
