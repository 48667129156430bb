// sample_period: a sampler's own period T = N h (components/common/sampleperiod.h), on a
// speed_controller driving a torque source on an inertia (with a damper for the smooth case).
//
//   [ driver, period T ]--reads w at t = kT--> [ J ] <--tau = u_k-- [ src (torque = {"controller": "driver"}) ]
//                                               |
//                                           [ c ] (damper to ground, case 3 only)
//
//   (1) P and PI with T = 5 h, target r constant: the controller samples at t_k = k T only,
//         e_k = r - w(t_k),  I_k = I_{k-1} + T e_k,  u_k = kp e_k + ki I_k,
//       and holds u_k over the five ticks of [t_k, t_k + T). A constant torque on an inertia is
//       integrated exactly by the midpoint rule, so at every tick n = 5 k + m (m = 0..4)
//         w(t_n) = w(t_k) + m h u_k / J,   w(t_{k+1}) = w(t_k) + T u_k / J
//       and, for P alone, the closed form w(t_k) = r - (r - w_0) (1 - T kp / J)^k.
//       The output observable is the same at all five boundaries of a period.
//   (2) a period that is not a whole number of ticks is refused: the message names the
//       component, the field speed_controller.sample_period and the run's tick.
//   (3) order: J w' = u_k - c w with u_k held over [t_k, t_k + T) is smooth within each period,
//       and the sample instants are tick boundaries at every tick dividing T, so the runs at
//       h, h/2, h/4 converge to the run at h/16 at the method's own order (midpoint, T = 8 ms,
//       h = 4 ms: the error falls 4x per halving; gauss2, T = h = 40 ms, c = 20: 16x). The target follows a ramp signal: the sampler reads
//       its mean over the coming period (not the tick), so that too is the same at every tick.
//       Without a period (the controller samples every tick) the same runs differ at first
//       order (about 2x per halving): the model itself changes with the tick.
//   (4) the accuracy search (study/accuracy.h) only halves the lab's tick: every tick it tries
//       and picks divides the period, and every method's search runs (none fails to compile).
#include "testutil.h"

#include <cmath>

#include "components/registry.h"
#include "study/accuracy.h"

using namespace drivelab;
using namespace drivelab::test;

class TestSamplePeriod : public QObject {
    Q_OBJECT
private slots:
    void proportionalHeldOverPeriod();
    void proportionalIntegralRecursion();
    void refusesPeriodOffTheTick();
    void convergesAtTheMethodsOrder();
    void accuracySearchKeepsThePeriod();
};

namespace {
/// the loop of the sketch; `period` "" for none, `damping` 0 for none, `method` null for the midpoint
std::string loop(double J, double kp, double ki, const std::string& period, const std::string& target, long long tickNs,
                 long long durationNs, double damping = 0.0, const char* method = nullptr, const std::string& signalList = "")
{
    const std::string periodField = period.empty() ? "" : R"(, "sample_period": )" + period;
    const std::string damper =
        damping > 0.0 ? R"(, {"id": "drag", "type": "damper", "node_a": "shaft", "parameters": {"damping": )" + formatDouble(damping) + "}}"
                      : "";
    std::string run = runSettings(tickNs, durationNs, 1);
    if (method) run = run.substr(0, run.size() - 1) + R"(, "method": ")" + method + "\"}";
    return lab(run, "[" + rot("shaft", J, 0.0) + "]",
               R"([{"id": "src", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": {"controller": "driver"}}},
                   {"id": "driver", "type": "speed_controller", "node_a": "shaft",
                    "parameters": {"proportional_gain": )" +
                   formatDouble(kp) + R"(, "integral_gain": )" + formatDouble(ki) +
                   R"(, "output_min": -1e6, "output_max": 1e6)" + periodField + R"(},
                    "inputs": {"target": )" +
                   target + "}}" + damper + "]",
               "[]", signalList);
}

/// the discrete law of the sketch, written out: w at every tick boundary for N ticks per sample
std::vector<double> recursion(double J, double kp, double ki, double r, double h, int N, int ticks)
{
    std::vector<double> w{0.0};
    double I = 0.0, u = 0.0;
    for (int n = 0; n < ticks; ++n) {
        if (n % N == 0) {
            const double e = r - w.back();
            I += N * h * e;
            u = kp * e + ki * I;
        }
        w.push_back(w.back() + h * u / J);
    }
    return w;
}

/// the shaft's speed at the end of the run
double finalSpeed(const std::string& text)
{
    const LoadedLab l = load(text);
    if (!l.model) return std::nan("");
    const Trace t = simulate(l.model);
    return t.ok ? t.rows.back()[0] : std::nan("");
}
} // namespace

void TestSamplePeriod::proportionalHeldOverPeriod()
{
    const double J = 2.0, kp = 40.0, r = 10.0, h = 1e-3, T = 5e-3;
    DL_COMPILE(model, loop(J, kp, 0.0, "0.005", "10", 1000000, 500000000));
    const Trace t = simulate(model);
    QVERIFY(t.ok);
    double worst = 0.0;
    for (std::size_t n = 0; n < t.rows.size(); ++n) {
        const std::size_t k = n / 5, m = n % 5;
        const double wk = r - r * std::pow(1.0 - T * kp / J, static_cast<double>(k));
        const double exact = wk + static_cast<double>(m) * h * kp * (r - wk) / J;
        worst = std::max(worst, std::fabs(t.at(n, "shaft", "speed") - exact));
    }
    QVERIFY2(worst < 1e-12, qPrintable(QString::number(worst)));
    // the output sampled at t = 0 is held over the five ticks of the first period, the next from t = T
    for (std::size_t n = 1; n <= 5; ++n) QCOMPARE(t.at(n, "driver", "output"), kp * r);
    const double w1 = T * kp * r / J;
    QCOMPARE(t.at(6, "driver", "output"), kp * (r - w1));
    QCOMPARE(t.at(10, "driver", "output"), kp * (r - w1));
    QVERIFY(t.at(11, "driver", "output") != kp * (r - w1));
    QVERIFY(std::fabs(t.energy.residual) <= kRoundingLevel * energyScale(t.energy));
}

void TestSamplePeriod::proportionalIntegralRecursion()
{
    const double J = 1.0, kp = 2.0, ki = 5.0, r = 10.0;
    // the same period T = 10 ms at two ticks: each run is the recursion with N = T / h
    for (long long tickNs : {2000000LL, 500000LL}) {
        const double h = static_cast<double>(tickNs) * 1e-9;
        const int N = static_cast<int>(10000000LL / tickNs);
        DL_COMPILE(model, loop(J, kp, ki, "0.01", "10", tickNs, 2000000000LL));
        const Trace t = simulate(model);
        QVERIFY(t.ok);
        const auto w = recursion(J, kp, ki, r, h, N, static_cast<int>(t.rows.size()) - 1);
        double worst = 0.0;
        for (std::size_t n = 0; n < t.rows.size(); ++n) worst = std::max(worst, std::fabs(t.at(n, "shaft", "speed") - w[n]));
        QVERIFY2(worst < 1e-11, qPrintable(QString("h %1: %2").arg(h).arg(worst)));
        // at the samples both ticks see the same law: the speed there does not depend on h (to rounding)
        const std::size_t atOneSecond = static_cast<std::size_t>(1000000000LL / tickNs);
        const double w1 = recursion(J, kp, ki, r, 1e-2, 1, 100).back();
        QVERIFY2(std::fabs(t.at(atOneSecond, "shaft", "speed") - w1) < 1e-11, qPrintable(QString::number(t.at(atOneSecond, "shaft", "speed") - w1)));
    }
}

void TestSamplePeriod::refusesPeriodOffTheTick()
{
    const auto errorsOf = [](const std::string& text) {
        const LoadedLab l = load(text);
        return l.model ? QString() : describe(l.diagnostics);
    };
    // 1.5 ms at a 1 ms tick: one tick and 500000 ns
    const QString e = errorsOf(loop(1.0, 1.0, 0.0, "0.0015", "1", 1000000, 10000000));
    QVERIFY2(e.contains("driver: speed_controller.sample_period: must be a whole number of the run's ticks") &&
                 e.contains("1500000 ns is 1 ticks of 1000000 ns and 500000 ns"),
             qPrintable(e));
    // below the tick
    QVERIFY(errorsOf(loop(1.0, 1.0, 0.0, "0.0005", "1", 1000000, 10000000)).contains("driver: speed_controller.sample_period"));
    // not a whole number of nanoseconds, and out of range
    QVERIFY(errorsOf(loop(1.0, 1.0, 0.0, "1.5e-9", "1", 1, 10)).contains("whole number of nanoseconds"));
    QVERIFY(errorsOf(loop(1.0, 1.0, 0.0, "0", "1", 1000000, 10000000)).contains("driver: speed_controller.sample_period"));
    // a whole number of ticks compiles, and so does the tick itself
    QVERIFY(errorsOf(loop(1.0, 1.0, 0.0, "0.003", "1", 1000000, 10000000)).isEmpty());
    QVERIFY(errorsOf(loop(1.0, 1.0, 0.0, "0.001", "1", 1000000, 10000000)).isEmpty());
}

void TestSamplePeriod::convergesAtTheMethodsOrder()
{
    // J = 1, kp = 2, ki = 5, the target ramping 0 -> 20 rad/s over [0.1, 1.1] s; the midpoint with
    // c = 0.5 and T = 8 ms at 4, 2, 1 ms; gauss2 (4th order: far smaller errors) with c = 20 and
    // T = 40 ms at 40, 20, 10 ms, so that its errors stay well above rounding
    const std::string ramp = R"([{"id": "set", "kind": "ramp", "start": 0.1, "duration": 1, "from": 0, "to": 20}])";
    const auto speedAt = [&](const std::string& period, long long tickNs, const char* method, double c = 0.5) {
        return finalSpeed(loop(1.0, 2.0, 5.0, period, R"({"signal": "set"})", tickNs, 1200000000LL, c, method, ramp));
    };
    struct Case {
        const char* method;
        double least; // the least error ratio per halving at the method's order (4x: 2nd, 16x: 4th)
        const char* period;
        long long tickNs; // the coarsest tick; then h/2, h/4 and the reference at h/16
        double damping;
    };
    for (const Case& c : {Case{nullptr, 3.5, "0.008", 4000000, 0.5}, Case{"gauss2", 12.0, "0.04", 40000000, 20.0}}) {
        const double ref = speedAt(c.period, c.tickNs / 16, c.method, c.damping);
        const double e1 = std::fabs(speedAt(c.period, c.tickNs, c.method, c.damping) - ref);
        const double e2 = std::fabs(speedAt(c.period, c.tickNs / 2, c.method, c.damping) - ref);
        const double e3 = std::fabs(speedAt(c.period, c.tickNs / 4, c.method, c.damping) - ref);
        qInfo("%s: errors %.3g %.3g %.3g, ratios %.3g %.3g", c.method ? c.method : "midpoint", e1, e2, e3, e1 / e2, e2 / e3);
        QVERIFY2(e1 > 0.0 && e2 > 0.0 && e3 > 0.0, qPrintable(QString("%1 %2 %3").arg(e1).arg(e2).arg(e3)));
        // the finer pair's ratio is polluted by the reference's own error (h/16): the coarse pairs are the measure
        QVERIFY2(e1 / e2 > c.least && e2 / e3 > 0.8 * c.least,
                 qPrintable(QString("%1: errors %2 %3 %4, ratios %5 %6").arg(c.method ? c.method : "midpoint").arg(e1).arg(e2).arg(e3).arg(e1 / e2).arg(e2 / e3)));
    }
    // without a period the runs at h and h/2 differ at first order: the sampled model moves with h
    const double ref = speedAt("", 250000, nullptr);
    const double e1 = std::fabs(speedAt("", 4000000, nullptr) - ref), e2 = std::fabs(speedAt("", 2000000, nullptr) - ref);
    qInfo("every tick: errors %.3g %.3g, ratio %.3g", e1, e2, e1 / e2);
    QVERIFY2(e1 / e2 < 2.5 && e1 / e2 > 1.5, qPrintable(QString("every tick: ratio %1").arg(e1 / e2)));
}

void TestSamplePeriod::accuracySearchKeepsThePeriod()
{
    const std::string ramp = R"([{"id": "set", "kind": "ramp", "start": 0.1, "duration": 1, "from": 0, "to": 20}])";
    const LoadedLab l = load(loop(1.0, 2.0, 5.0, "0.008", R"({"signal": "set"})", 4000000, 400000000LL, 0.5, nullptr, ramp));
    QVERIFY(l.model && l.spec);
    const study::AccuracyChoice c = study::chooseMethodAndTick(*l.spec, 1e-6, 4);
    QVERIFY(c.chosen >= 0);
    for (const study::MethodTicks& m : c.methods) {
        QVERIFY2(m.compiles && m.failure.empty(), m.failure.c_str());
        QVERIFY(m.tickNs > 0 && 8000000 % m.tickNs == 0);
    }
}

QTEST_GUILESS_MAIN(TestSamplePeriod)
#include "tst_sample_period.moc"
