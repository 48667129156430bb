// speed_controller: a discrete PI(D) sampled once per tick; a torque source driven by it.
//
//   [ driver ]--reads w--> [ J ] <--tau = u_n-- [ src (torque = {"controller": "driver"}) ]
//
//   (1) P only (kp, target r constant): the torque u_n = kp (r - w_n) is held over tick n, and
//       the midpoint rule is exact for a constant torque on an inertia, so
//         w_{n+1} = w_n + (h kp / J) (r - w_n)   ->   w_n = r - (r - w_0) (1 - h kp / J)^n
//       exactly (to rounding); it tends to the continuous r - (r - w0) exp(-kp t / J) as h -> 0.
//   (2) PI, limits wide: J w'' + kp w' + ki w = ki r (for t > 0), J = 1, kp = 2, ki = 5:
//         w(t) = r (1 - e^{-t} (cos 2t - sin(2t) / 2))      (w(0) = 0, J w'(0) = kp r; the
//       discrete law holds u_n over each tick, so the two agree to O(h))
//       The same recurrence written out here (an independent few lines) matches to rounding.
//   (3) anti-windup: limits [-3, 3]: while the output sits at a limit and the error pushes
//       further, the integral holds; the recurrence with that rule matches to rounding, and the
//       integral never exceeds what the unsaturated stretches add.
//   (4) the controller's state rolls back with a failed/cancelled batch and is in the state hash;
//       its target bound to a signal (the coming tick's mean).
#include "testutil.h"

#include <cmath>

#include "analysis/causality.h"
#include "components/registry.h"

using namespace drivelab;
using namespace drivelab::test;

class TestSpeedController : public QObject {
    Q_OBJECT
private slots:
    void proportional();
    void proportionalIntegral();
    void antiWindup();
    void stateAndSignals();
    void errors();
    void causality();
};

namespace {
std::string loop(double J, double kp, double ki, double lo, double hi, const std::string& target, long long tickNs, long long durationNs,
                 const std::string& signalList = "")
{
    return lab(runSettings(tickNs, durationNs, 1), "[" + rot("shaft", J, 0.0) + "]",
               R"([{"id": "src", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": {"controller": "driver"}}},
                   {"id": "driver", "type": "speed_controller", "node_a": "shaft",
                    "parameters": {"proportional_gain": )" +
                   formatDouble(kp) + R"(, "integral_gain": )" + formatDouble(ki) + R"(, "output_min": )" + formatDouble(lo) +
                   R"(, "output_max": )" + formatDouble(hi) + R"(},
                    "inputs": {"target": )" +
                   target + "}}]",
               "[]", signalList);
}

// the discrete law, written out: returns w at every tick boundary
std::vector<double> recurrence(double J, double kp, double ki, double lo, double hi, double r, double h, int n,
                               std::vector<double>* integrals = nullptr)
{
    std::vector<double> w{0.0};
    double I = 0.0;
    for (int k = 0; k < n; ++k) {
        const double e = r - w.back();
        const double Ic = I + h * e;
        double u = kp * e + ki * Ic;
        bool hold = false;
        if (u > hi) {
            u = hi;
            hold = e > 0.0;
        } else if (u < lo) {
            u = lo;
            hold = e < 0.0;
        }
        if (!hold) I = Ic;
        if (integrals) integrals->push_back(I);
        w.push_back(w.back() + h * u / J);
    }
    return w;
}
} // namespace

void TestSpeedController::proportional()
{
    const double J = 2.0, kp = 4.0, r = 10.0, h = 1e-3;
    DL_COMPILE(model, loop(J, kp, 0.0, -1000.0, 1000.0, "10", 1000000, 1000000000));
    const Trace t = simulate(model);
    QVERIFY(t.ok);
    double worst = 0.0, worstContinuous = 0.0;
    for (std::size_t n = 0; n < t.rows.size(); ++n) {
        const double exact = r - r * std::pow(1.0 - h * kp / J, static_cast<double>(n));
        worst = std::max(worst, std::fabs(t.at(n, "shaft", "speed") - exact));
        worstContinuous = std::max(worstContinuous, std::fabs(t.at(n, "shaft", "speed") - (r - r * std::exp(-kp * t.times[n] / J))));
    }
    QVERIFY2(worst < 1e-12, qPrintable(QString::number(worst)));
    // the sampled loop against the continuous one: O(h) (r kp h / (2 J e) = 3.7e-3 at most)
    QVERIFY2(worstContinuous < 4e-3 && worstContinuous > 1e-4, qPrintable(QString::number(worstContinuous)));
    // the output at boundary n is u_{n-1} = kp (r - w_{n-1}), held over the tick that ended there
    QCOMPARE(t.at(1, "driver", "output"), kp * r);
    QCOMPARE(t.at(2, "driver", "output"), kp * (r - h * kp / J * r));
    QVERIFY(std::fabs(t.energy.residual) <= kRoundingLevel * energyScale(t.energy));
}

void TestSpeedController::proportionalIntegral()
{
    const double J = 1.0, kp = 2.0, ki = 5.0, r = 10.0;
    for (long long tickNs : {1000000LL, 100000LL}) {
        const double h = static_cast<double>(tickNs) * 1e-9;
        DL_COMPILE(model, loop(J, kp, ki, -1e6, 1e6, "10", tickNs, 3000000000LL));
        const Trace t = simulate(model);
        QVERIFY(t.ok);
        const auto w = recurrence(J, kp, ki, -1e6, 1e6, r, h, static_cast<int>(t.rows.size()) - 1);
        double worst = 0.0, worstContinuous = 0.0;
        for (std::size_t n = 0; n < t.rows.size(); ++n) {
            worst = std::max(worst, std::fabs(t.at(n, "shaft", "speed") - w[n]));
            const double tt = t.times[n];
            // continuous closed loop from rest with the error's step at t = 0: w(0) = 0, J w'(0) = kp r
            const double exact = r * (1.0 - std::exp(-tt) * (std::cos(2.0 * tt) - 0.5 * std::sin(2.0 * tt)));
            worstContinuous = std::max(worstContinuous, std::fabs(t.at(n, "shaft", "speed") - exact)); // first order: about 1.09 h r
        }
        QVERIFY2(worst < 1e-11, qPrintable(QString::number(worst)));
        QVERIFY2(worstContinuous < 1.5 * h * r && worstContinuous > 0.5 * h * r,
                 qPrintable(QString("h %1: %2").arg(h).arg(worstContinuous)));
    }
}

void TestSpeedController::antiWindup()
{
    const double J = 1.0, kp = 2.0, ki = 5.0, r = 10.0, h = 1e-3;
    DL_COMPILE(model, loop(J, kp, ki, -3.0, 3.0, "10", 1000000, 8000000000LL));
    const Trace t = simulate(model);
    QVERIFY(t.ok);
    std::vector<double> integrals;
    const auto w = recurrence(J, kp, ki, -3.0, 3.0, r, h, static_cast<int>(t.rows.size()) - 1, &integrals);
    double worst = 0.0;
    int saturatedTicks = 0;
    for (std::size_t n = 1; n < t.rows.size(); ++n) {
        worst = std::max(worst, std::fabs(t.at(n, "shaft", "speed") - w[n]));
        QVERIFY(std::fabs(t.at(n, "driver", "integral") - integrals[n - 1]) < 1e-9);
        QVERIFY(t.at(n, "driver", "output") <= 3.0 && t.at(n, "driver", "output") >= -3.0);
        saturatedTicks += t.at(n, "driver", "saturated") == 1.0;
    }
    QVERIFY2(worst < 1e-10, qPrintable(QString::number(worst)));
    // it saturates while accelerating at 3 rad/s^2 (about 3 s), and the integral did not wind up:
    // without the rule it would hold about r t / 2 = 15 rad there; with it it stays below r / ki + small
    QVERIFY(saturatedTicks > 2000);
    QVERIFY(t.at(2500, "driver", "integral") < 1.0);
    QVERIFY(std::fabs(t.rows.back()[0] - r) < 0.05); // it settles on the target
}

void TestSpeedController::stateAndSignals()
{
    const std::string text = loop(1.0, 2.0, 5.0, -50.0, 50.0, R"({"signal": "set"})", 1000000, 2000000000,
                                  R"([{"id": "set", "kind": "ramp", "start": 0.2, "duration": 1, "from": 0, "to": 20}])");
    DL_COMPILE(model, text);
    Session a(model), b(model);
    QCOMPARE(a.run(700).status, BatchStatus::Completed);
    QCOMPARE(b.run(700).status, BatchStatus::Completed);
    QCOMPARE(a.stateHash(), b.stateHash());
    // a fork runs on identically; a cancelled batch rolls the integral back
    Session fork = a.fork();
    const State before = a.state();
    std::atomic<bool> cancel{false};
    QCOMPARE(a.run(300).status, BatchStatus::Completed);
    QCOMPARE(fork.run(300).status, BatchStatus::Completed);
    QCOMPARE(a.stateHash(), fork.stateHash());
    Session c(model);
    c.restore(before);
    cancel = true;
    QCOMPARE(c.run(300, &cancel).status, BatchStatus::Cancelled);
    QCOMPARE(c.stateHash(), hashState(before));
    // the controller's state is in the hash: a different integral gives a different hash
    State changed = before;
    changed.real[static_cast<std::size_t>(model->params->of<SpeedController>()[0].state)] += 1e-9;
    QVERIFY(hashState(changed) != hashState(before));
    // following a ramp of slope a = 20 rad/s^2 on [0.2, 1.2] s: the continuous loop's error is
    // E(s)/R(s) = s^2 / (s^2 + 2 s + 5), so e(t) = a/2 [g(t - 0.2) - g(t - 1.2)], g(u) = e^-u sin 2u
    // (u > 0); the sampled loop follows it to O(h). `error` is the last sample's (at t - h).
    const Trace t = simulate(model);
    QVERIFY(t.ok);
    const auto g = [](double u) {
        return u > 0.0 ? std::exp(-u) * std::sin(2.0 * u) : 0.0;
    };
    double worst = 0.0;
    for (std::size_t n = 1; n < t.rows.size(); ++n) {
        const double ts = t.times[n] - 1e-3;
        worst = std::max(worst, std::fabs(t.at(n, "driver", "error") - 10.0 * (g(ts - 0.2) - g(ts - 1.2))));
    }
    QVERIFY2(worst < 0.05, qPrintable(QString::number(worst)));
}

void TestSpeedController::errors()
{
    const auto errorsOf = [](const std::string& text) {
        const LoadedLab l = load(text);
        return l.model ? QString() : describe(l.diagnostics);
    };
    QVERIFY(errorsOf(loop(1.0, 1.0, 0.0, 5.0, 5.0, "1", 1000000, 10000000))
                .contains("driver: speed_controller.output_max: must be greater than output_min"));
    // an input bound to a component with no output
    const std::string bad =
        lab(runSettings(1000000, 10000000, 1), "[" + rot("shaft", 1.0, 0.0) + "]",
            R"([{"id": "src", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": {"controller": "other"}}},
                                    {"id": "other", "type": "torque_source", "node_a": "shaft"}])");
    QVERIFY2(errorsOf(bad).contains("src: inputs.torque.controller: 'other' is a torque_source: it has no output"),
             qPrintable(errorsOf(bad)));
}

void TestSpeedController::causality()
{
    DL_COMPILE(model, loop(2.0, 4.0, 0.0, -1000.0, 1000.0, "10", 1000000, 10000000));
    const CausalityReport r = analyzeCausality(*model, initialLockMask(*model));
    QVERIFY2(r.consistent, qPrintable(QString::fromStdString(causalityText(r))));
}

QTEST_GUILESS_MAIN(TestSpeedController)
#include "tst_speed_controller.moc"
