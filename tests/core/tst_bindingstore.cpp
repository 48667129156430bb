// The signal store (solver/signalstore.h; issue 37, target 4): each time signal's value for the
// bound inputs is computed once per interval, the controllers' sampling pass and the tick's first
// interval sharing it. These labs each have a sampler (a speed controller) so the sampling pass
// fills the store with the whole tick's mean before the intervals ask, and each checks against a
// closed form that an interval never gets another interval's value:
//
//   (1) a tick split by a step inside it:  ground ]--[tau = 4t]--[step 1 N m at ts]--> [ J = 2 ]
//       The midpoint with each interval's exact mean gives the exact impulse per interval, so
//       w(t) = (2 t^2 + max(0, t - ts)) / J at every boundary (to rounding). A store that handed
//       the split tick's first interval [tn, ts] the whole tick's mean (kept by its start only)
//       would give w an error of 4 (h - h1) h1 / (2 J) ~ 1e-7 rad/s (h = 0.7 ms, h1 = 0.1 ms).
//   (2) trial intervals of a lock at slip zero (the ramp capacity of tst_signals, w0 = 40 rad/s so
//       that t* falls inside a tick): J w' = tau0 - k t while slipping, lock at
//       t* = (tau0 + sqrt(tau0^2 + 2 k J w0)) / k; the trial intervals [tn, tn + tau] that find t*
//       take the ramp's mean over themselves, not over the tick: the lock's instant (the event
//       log's) within 1e-9 s of t* (the tick's mean instead: about 1e-7 s off). (The lock tick's
//       mean brake torque cannot tell: the brake's impulse over the tick is J w_n + tau0 h either way.)
//   (3) a controller-bound input after sampling: a P controller (kp) on a shaft held at rest
//       with its target bound to r(t) = t; its output u_n = kp r_n (r_n = r's mean over tick n
//       = t_n + h/2) drives a torque source on a load J2 over the same tick n. The load's speed
//       at T = N h:  w = sum kp (t_n + h/2) h / J2 = kp T^2 / (2 J2)  (the midpoint sum of a line
//       is exact). An input kept from the sampling pass (before the controller sampled: its
//       output of tick n - 1) would give kp (T - h)^2 / (2 J2).
#include "testutil.h"

#include <cmath>

using namespace drivelab;
using namespace drivelab::test;

class TestBindingStore : public QObject {
    Q_OBJECT
private slots:
    void splitTickIntervalsGetTheirOwnMean();
    void lockTrialIntervalsGetTheirOwnMean();
    void controllerInputTakesTheNewOutput();
};

namespace {
// a speed controller on its own shaft at rest, its target bound to `signal` (a sampler that
// asks for the signal's mean over every whole tick); its output drives nothing
std::string probe(const std::string& signal)
{
    return R"({"id": "probe", "type": "speed_controller", "node_a": "probe_shaft",
               "parameters": {"proportional_gain": 1, "integral_gain": 0, "output_min": -1e9, "output_max": 1e9},
               "inputs": {"target": {"signal": ")" +
           signal + R"("}}})";
}
} // namespace

void TestBindingStore::splitTickIntervalsGetTheirOwnMean()
{
    const double J = 2.0, ts = 0.2003; // 0.2003 s lies 0.1 ms into the tick [0.2002, 0.2009]
    DL_COMPILE(model, lab(runSettings(700000, 700000000, 1), "[" + rot("shaft", J, 0.0) + ", " + rot("probe_shaft", 1.0, 0.0) + "]",
                          R"([{"id": "src", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": {"signal": "line"}}},
                              {"id": "kick", "type": "torque_step", "node_a": "shaft",
                               "parameters": {"step_torque": 1, "offset_torque": 0, "start_time": 0.2003}},
                              )" + probe("line") + "]",
                          "[]", R"([{"id": "line", "kind": "table", "points": [[0, 0], [1, 4]]}])"));
    DL_SIMULATE(t, model);
    QVERIFY(t.intervals > static_cast<std::int64_t>(model->ticks)); // the step split a tick
    double worst = 0.0;
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        const double tt = t.times[i];
        const double exact = (2.0 * tt * tt + std::max(0.0, tt - ts)) / J;
        worst = std::max(worst, std::fabs(t.at(i, "shaft", "speed") - exact));
    }
    QVERIFY2(worst < 1e-13, qPrintable(QString("largest speed error %1 rad/s").arg(worst)));
}

void TestBindingStore::lockTrialIntervalsGetTheirOwnMean()
{
    const double J = 0.2, w0 = 40.0, tau0 = 5.0, k = 100.0; // t* = 0.45311 s: 0.11 ms into its tick
    DL_COMPILE(model, lab(runSettings(1000000, 1000000000, 1), "[" + rot("shaft", J, w0) + ", " + rot("probe_shaft", 1.0, 0.0) + "]",
                          R"([{"id": "push", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": 5}},
                              {"id": "brake", "type": "clutch", "node_a": "shaft", "node_b": "ground",
                               "inputs": {"capacity": {"signal": "apply"}}},
                              )" + probe("apply") + "]",
                          "[]", R"([{"id": "apply", "kind": "ramp", "start": 0, "duration": 10, "from": 0, "to": 1000}])"));
    Session s(model);
    QVERIFY(s.run(model->ticks).status == BatchStatus::Completed);
    const double tStar = (tau0 + std::sqrt(tau0 * tau0 + 2.0 * k * J * w0)) / k;
    const ClutchEventLog& log = s.clutchEvents();
    QCOMPARE(log.count, std::int64_t(1));
    QCOMPARE(log.at(0).kind, ClutchEvent::Lock);
    const double found = log.at(0).timeNs * 1e-9;
    QVERIFY2(std::fabs(found - tStar) < 1e-9, qPrintable(QString("locked at %1 s, exact %2 s").arg(found, 0, 'g', 15).arg(tStar, 0, 'g', 15)));
}

void TestBindingStore::controllerInputTakesTheNewOutput()
{
    const double kp = 3.0, J2 = 0.5, T = 0.5, h = 1e-3;
    DL_COMPILE(model, lab(runSettings(1000000, 500000000, 100), "[" + rot("probe_shaft", 1.0, 0.0) + ", " + rot("load", J2, 0.0) + "]",
                          R"([{"id": "pid", "type": "speed_controller", "node_a": "probe_shaft",
                               "parameters": {"proportional_gain": 3, "integral_gain": 0, "output_min": -1e9, "output_max": 1e9},
                               "inputs": {"target": {"signal": "line"}}},
                              {"id": "drive", "type": "torque_source", "node_a": "load", "inputs": {"torque": {"controller": "pid"}}}])",
                          "[]", R"([{"id": "line", "kind": "table", "points": [[0, 0], [1, 1]]}])"));
    DL_SIMULATE(t, model);
    const std::size_t last = t.rows.size() - 1;
    QCOMPARE(t.times[last], T);
    QCOMPARE(t.at(last, "probe_shaft", "speed"), 0.0);
    // the output the controller sampled at the last tick's start, t = T - h: kp (T - h/2)
    DL_NEAR(t.at(last, "pid", "output"), kp * (T - 0.5 * h), 1e-14);
    const double exact = kp * T * T / (2.0 * J2), lagged = kp * (T - h) * (T - h) / (2.0 * J2);
    const double w = t.at(last, "load", "speed");
    QVERIFY2(std::fabs(w - exact) < 1e-12,
             qPrintable(QString("load speed %1, exact %2 (an input kept from before sampling gives %3)").arg(w, 0, 'g', 17).arg(exact, 0, 'g', 17).arg(lagged, 0, 'g', 17)));
}

QTEST_GUILESS_MAIN(TestBindingStore)
#include "tst_bindingstore.moc"
