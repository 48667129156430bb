// mapped_engine's idle governor (components/rotational/mappedengine.h): sampled at each tick's
// start t_n from the engine speed w_n,
//
//   e_n = w_i - w_n,  I_n = I_{n-1} + h e_n,  u_n = kp e_n + ki I_n  in [0, T_map(w_n, 1) - T_map(w_n, 0)]
//
// held over the tick as a torque demand above the closed-throttle row; the map's part of the
// torque is max(T_map(w, th), min(T_map(w, 0) + u_n, T_map(w, 1))).
//
//   [ e: J = 0.2 kg m^2, w0 = 60 rad/s ]--engine(throttle 0)--ground,  load: torque_source -T_L
//
// The engine: torque map 0 at throttle 0, 150 N m at throttle 1 (every speed), no friction;
// fuel map planar mf = 0.3 + 0.002 w + 0.01 T [g/s] (bilinear tables reproduce it exactly).
// With the torques constant over each tick the midpoint is exact: w_{n+1} = w_n + h (u_n - T_L) / J.
//
//   (1) P only (kp = 2 N m s/rad, w_i = 80 rad/s, T_L = 20 N m): the recurrence above, followed at
//       every report to 1e-9 rad/s; it settles at w* = w_i - T_L / kp = 70 rad/s (the documented
//       offset), with the fuel rate fuel_map(70, 20) = 0.64 g/s, the torque T_L.
//   (2) PI (ki = 10 N m/rad): the recurrence with the integral; it settles at w_i = 80 rad/s with
//       no offset, the torque T_L, the fuel rate fuel_map(80, 20) = 0.66 g/s.
//   (3) bounded by the full-load row: T_L = 200 N m > 150 N m, kp = 20 (the demand beyond the
//       margin from the start): the torque is 150 N m every tick, the speed falls at (150 - 200) / J.
//   (4) the driver takes over: throttle 0.5 (75 N m) above the governor's demand (at most 40 N m
//       here): the torque is 75 N m every tick.
//   Books at rounding in each. (5) bad input: idle_speed without idle_gain, a gain of 0.
#include "core/clitestutil.h"
#include "testutil.h"

#include <QTemporaryDir>

using namespace drivelab;
using namespace drivelab::test;

class TestMappedEngineIdle : public QObject {
    Q_OBJECT
private slots:
    void settles_data();
    void settles();
    void boundedByFullLoad();
    void driverTakesOver();
    void sampledEveryPeriod();
    void badInputRefused();
};

namespace {

constexpr double kJ = 0.2, kW0 = 60.0, kWi = 80.0, kH = 1e-3, kFull = 150.0;

double fuelMap(double w, double t) { return 0.3 + 0.002 * w + 0.01 * t; }

std::string governedLab(long long durationNs, double load, double throttle, const std::string& governor)
{
    const std::string fuel = R"({"x": [0, 400], "y": [0, 250], "values": [[)" + formatDouble(fuelMap(0, 0)) + ", " +
                             formatDouble(fuelMap(0, 250)) + "], [" + formatDouble(fuelMap(400, 0)) + ", " +
                             formatDouble(fuelMap(400, 250)) + "]]}";
    return lab(runSettings(1000000, durationNs, 100), "[" + rot("e", kJ, kW0) + "]",
               R"([{"id": "eng", "type": "mapped_engine", "node_a": "e", "inputs": {"throttle": )" + formatDouble(throttle) +
                   R"(}, "parameters": {"torque_map": {"x": [0, 400], "y": [0, 1], "values": [[0, 150], [0, 150]]}, "fuel_map": )" +
                   fuel + R"(, "lower_heating_value": 43000000)" + governor + R"(}},
                   {"id": "load", "type": "torque_source", "node_a": "e", "inputs": {"torque": )" +
                   formatDouble(-load) + "}}]");
}

} // namespace

void TestMappedEngineIdle::settles_data()
{
    QTest::addColumn<double>("ki");
    QTest::newRow("P: offset T_L / kp") << 0.0;
    QTest::newRow("PI: no offset") << 10.0;
}

void TestMappedEngineIdle::settles()
{
    QFETCH(double, ki);
    const double kp = 2.0, load = 20.0;
    const std::string governor = R"(, "idle_speed": 80, "idle_gain": 2)" + (ki > 0.0 ? R"(, "idle_integral_gain": )" + formatDouble(ki) : "");
    DL_COMPILE(model, governedLab(20000000000LL, load, 0.0, governor));
    DL_SIMULATE(t, model);
    // the sampled loop, written out: w at every tick, the mean stage speed of the last tick
    double w = kW0, integral = 0.0, worst = 0.0;
    std::size_t row = 1;
    for (long long n = 0; n < 20000; ++n) {
        const double e = kWi - w;
        const double next = integral + kH * e;
        double u = kp * e + ki * next;
        const int sat = u > kFull ? 1 : (u < 0.0 ? -1 : 0);
        u = u > kFull ? kFull : (u < 0.0 ? 0.0 : u);
        if (!((sat > 0 && e > 0.0) || (sat < 0 && e < 0.0))) integral = next;
        const double w1 = w + kH * (u - load) / kJ;
        if ((n + 1) % 100 == 0) {
            worst = std::fmax(worst, std::fabs(t.at(row, "eng", "speed") - 0.5 * (w + w1)));
            DL_NEAR(t.at(row, "eng", "speed"), 0.5 * (w + w1), 1e-9);
            DL_NEAR(t.at(row, "eng", "torque"), u, 1e-9);
            ++row;
        }
        w = w1;
    }
    const std::size_t last = t.rows.size() - 1;
    const double wStar = ki > 0.0 ? kWi : kWi - load / kp;
    qInfo("settled at %.12f rad/s (w* %.12f); worst deviation from the recurrence %.3g rad/s", t.at(last, "eng", "speed"), wStar, worst);
    DL_NEAR(t.at(last, "eng", "speed"), wStar, 1e-9);
    DL_NEAR(t.at(last, "eng", "torque"), load, 1e-9);
    DL_NEAR(t.at(last, "eng", "fuel_rate"), fuelMap(wStar, load), 1e-9);
    DL_ENERGY_BALANCED(t);
}

void TestMappedEngineIdle::boundedByFullLoad()
{
    // kp = 20: u_0 = 20 (80 - 60) = 400 N m, beyond the 150 N m margin from the first tick on
    DL_COMPILE(model, governedLab(200000000LL, 200.0, 0.0, R"(, "idle_speed": 80, "idle_gain": 20, "idle_integral_gain": 10)"));
    DL_SIMULATE(t, model);
    for (std::size_t row = 1; row < t.rows.size(); ++row) {
        QCOMPARE(t.at(row, "eng", "torque"), kFull);
        DL_NEAR(t.at(row, "eng", "speed"), kW0 + (kFull - 200.0) / kJ * (0.1 * static_cast<double>(row) - 0.5 * kH), 1e-9);
    }
    DL_ENERGY_BALANCED(t);
}

void TestMappedEngineIdle::driverTakesOver()
{
    DL_COMPILE(model, governedLab(200000000LL, 20.0, 0.5, R"(, "idle_speed": 80, "idle_gain": 2)"));
    DL_SIMULATE(t, model);
    for (std::size_t row = 1; row < t.rows.size(); ++row) QCOMPARE(t.at(row, "eng", "torque"), 75.0);
    DL_ENERGY_BALANCED(t);
}

// sample_period 5 ms at the 1 ms tick (components/common/sampleperiod.h): the governor samples at
// t_k = k T only, I += T e_k, and holds u_k over the five ticks of the period; the recurrence of
// settles() with that rule, P + I, followed to 1e-9 rad/s
void TestMappedEngineIdle::sampledEveryPeriod()
{
    const double kp = 2.0, ki = 10.0, load = 20.0, T = 5e-3;
    DL_COMPILE(model, governedLab(2000000000LL, load, 0.0, R"(, "idle_speed": 80, "idle_gain": 2, "idle_integral_gain": 10, "sample_period": 0.005)"));
    DL_SIMULATE(t, model);
    double w = kW0, integral = 0.0, u = 0.0;
    std::size_t row = 1;
    for (long long n = 0; n < 2000; ++n) {
        if (n % 5 == 0) {
            const double e = kWi - w;
            const double next = integral + T * e;
            u = kp * e + ki * next;
            const int sat = u > kFull ? 1 : (u < 0.0 ? -1 : 0);
            u = u > kFull ? kFull : (u < 0.0 ? 0.0 : u);
            if (!((sat > 0 && e > 0.0) || (sat < 0 && e < 0.0))) integral = next;
        }
        const double w1 = w + kH * (u - load) / kJ;
        if ((n + 1) % 100 == 0) {
            DL_NEAR(t.at(row, "eng", "speed"), 0.5 * (w + w1), 1e-9);
            DL_NEAR(t.at(row, "eng", "torque"), u, 1e-9);
            ++row;
        }
        w = w1;
    }
    DL_ENERGY_BALANCED(t);
}

void TestMappedEngineIdle::badInputRefused()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    checkCliRefuses(dir, governedLab(10000000, 20.0, 0.0, R"(, "idle_speed": 80)"),
                    "eng: mapped_engine.idle_gain: missing: an idle governor needs idle_speed and idle_gain");
    checkCliRefuses(dir, governedLab(10000000, 20.0, 0.0, R"(, "idle_gain": 2, "idle_integral_gain": 1)"),
                    "eng: mapped_engine.idle_speed: missing: an idle governor needs idle_speed and idle_gain");
    checkCliRefuses(dir, governedLab(10000000, 20.0, 0.0, R"(, "idle_speed": 80, "idle_gain": 0)"),
                    "eng: mapped_engine.idle_gain: must be in (0, 1e+09]");
    // a sample period without a governor, and one off the tick
    checkCliRefuses(dir, governedLab(10000000, 20.0, 0.0, R"(, "sample_period": 0.005)"),
                    "eng: mapped_engine.sample_period: only the idle governor samples");
    checkCliRefuses(dir, governedLab(10000000, 20.0, 0.0, R"(, "idle_speed": 80, "idle_gain": 2, "sample_period": 0.0025)"),
                    "eng: mapped_engine.sample_period: must be a whole number of the run's ticks");
}

QTEST_GUILESS_MAIN(TestMappedEngineIdle)
#include "tst_mapped_engine_idle.moc"
