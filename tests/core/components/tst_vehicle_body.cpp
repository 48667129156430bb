// vehicle_body: a vehicle's longitudinal motion on its driven axle through the wheel radius r
// (v = r w). Its mass m r^2 and rotating inertia J_rot join the axle node's inertia J_node:
// M = J_node + m r^2 + J_rot, the equivalent mass m_eff = M / r^2. Road load F(v) = F_aero +
// F_roll + F_grade acts as -r F on the node (components/vehicle/vehiclebody.h).
//
//   [ wheel: J_node ] ==r== [ car: m, J_rot, road load, grade ]      (speed_source on wheel in 3-5)
//
// The car of (1)-(2): m = 1500 kg, r = 0.3 m, J_rot = 4.5 kg m^2, J_node = 0.9 kg m^2
// -> M = 140.4 kg m^2, m_eff = 1560 kg.
//
//   (1) coast-down F0 + F2 v^2 on the flat from v0 = 30 m/s (F0 = 150 N, F2 = 0.45 N s^2/m^2):
//       m_eff dv/dt = -(F0 + F2 v^2)  ->  v(t) = a tan(atan(v0 / a) - sqrt(F0 F2) t / m_eff),
//       a = sqrt(F0 / F2), until the stop at T = m_eff atan(v0 / a) / sqrt(F0 F2) = 194.4 s.
//       The implicit midpoint's exact recurrence (stage vs = (v_n + v_n+1)/2):
//         (2 m_eff / h)(vs - v_n) + F0 sat(vs / v_s) + F2 vs^2 = 0   (a quadratic in vs)
//       followed at every boundary to 1e-10 v0, through the stop into the standstill band, where
//       the speed decays without ever turning negative. Against the continuous v(t) at 25, 50,
//       100, 150 and 190 s the error is the method's second order, predicted: with f(v) =
//       -(F0 + F2 v^2)/m_eff the midpoint's local error is h^3 tau, tau = f'' f^2/24 - f'^2 f/12,
//       so v_h(t) - v(t) = -h^2 E(t) + O(h^4) with E' = f'(v(t)) E + tau(t), E(0) = 0 (integrated
//       here by RK4 along the closed form). At h = 10 ms and 20 ms the error must be h^2 E within
//       2 % (the O(h^4) rest) plus 2e-11 m/s (the solve's tolerance over the run).
//       Books: the whole kinetic energy 1/2 M w0^2 ends as heat (rounding).
//   (2) coast-down F1 only (F1 = 30 N s/m): v(t) = v0 exp(-k t), k = F1 / m_eff; the midpoint
//       gives v_n = v0 q^n, q = (1 - h k / 2)/(1 + h k / 2), i.e. v0 exp(-k t - n (h k)^3/12 ...):
//       relative error to the continuous form t k^3 h^2 / 12.
//   (3) climb and descent at constant speed (a speed source holds v = 15 m/s), physical road
//       load (Cd 0.3, A 2.2 m^2, rho 1.2, Cr 0.01, Cr1 1e-4 s/m), grade +10 % for 10 s, then an
//       event sets -10 %: height(10 s) = sin(atan 0.1) 15 10 m, the potential energy m g z and the
//       stored energy 1/2 M w^2 + m g z exact (rounding); after the descent z = 0 and the source's
//       work is exactly the road-load heat: the books close.
//   (4) constant tractive power: the speed source follows v(t) = sqrt(v0^2 + 2 P t / m_eff) (P =
//       30 kW, v0 = 5 m/s; a table signal with the value at every tick) on a coast-down road
//       load: over every tick the source's mean power is P + F(vs) vs at the stage speed vs,
//       the distance the trapezoid sum of v, and the continuous distance
//       s(t) = m_eff ((v0^2 + 2 P t / m_eff)^(3/2) - v0^3) / (3 P) within T h^2 max|v''| / 12.
//   (5) head wind (v = 20 m/s held, F2 = 0.45, v_wind = 5 m/s): aero force F2 (v + v_w)^2, heat
//       at the air speed F2 (v + v_w)^3 t, the wind's work F2 (v + v_w)^2 v_w t (a source).
//   (6) standstill (rolling resistance as a Coulomb friction regularised over v_s = 0.01 m/s):
//       at rest on the flat with nothing driving: speed and distance stay exactly 0; on 5 %
//       with Cr = 0.01 the car rolls back with a = -m g (sin - Cr cos) / m_eff (exact per tick
//       beyond the band); on 0.5 % it creeps back at v* = -v_s tan(theta) / Cr (the documented
//       band), monotone, never beyond v*.
//   (7) bad input through `drivelab-cli check` and `run`: exit 2, `FILE: car: FIELD: message`,
//       nothing written.
//       run.method gauss2 runs it (its stage form: tst_methodvehicle).
//   (8) its bond-graph reading: R and Se on the wheel's 1-junction; consistent.
#include "testutil.h"
#include "core/clitestutil.h"

#include <QTemporaryDir>

#include <numbers>

#include "analysis/causality.h"

using namespace drivelab;
using namespace drivelab::test;

class TestVehicleBody : public QObject {
    Q_OBJECT
private slots:
    void coastDownF0F2();
    void coastDownF1();
    void climbAndDescent();
    void constantTractivePower();
    void headWind();
    void restsOnTheFlat();
    void rollsBackOnASteepGrade();
    void creepsOnAGentleGrade();
    void badInputRefused();
    void gauss2Runs();
    void causality();
};

namespace {

constexpr double kG = 9.80665;
constexpr double kM = 1500.0, kR = 0.3, kJrot = 4.5, kJnode = 0.9;
constexpr double kMeff = (kJnode + kM * kR * kR + kJrot) / (kR * kR); // 1560 kg
constexpr double kBand = 0.01;

// one vehicle on node "wheel" (J_node, initial speed v0 / r); extra components appended
std::string carLab(const std::string& run, double v0, const std::string& params, const std::string& inputs = "{}",
                   const std::string& more = "", const std::string& events = "[]", const std::string& signalList = "")
{
    return lab(run, "[" + rot("wheel", kJnode, v0 / kR) + "]",
               R"([{"id": "car", "type": "vehicle_body", "node_a": "wheel", "parameters": {"mass": 1500, "wheel_radius": 0.3,
                    "rotating_inertia": 4.5, )" +
                   params + R"(}, "inputs": )" + inputs + "}" + more + "]",
               events, signalList);
}

// the speed of the car (m/s) at a boundary
double speed(const Trace& t, std::size_t row) { return t.at(row, "car", "speed"); }

// one midpoint step of m_eff dv/dt = -(F0 sat(v / v_s) + F1 v + F2 v |v|) for v >= 0: the stage
// speed solves F2 vs^2 + B vs + C = 0 (the root that is >= 0), then v1 = 2 vs - v0
double midpointStep(double v0, double h, double f0, double f1, double f2)
{
    const auto stage = [&](bool inBand) {
        const double a = f2, b = 2.0 * kMeff / h + f1 + (inBand ? f0 / kBand : 0.0), c = (inBand ? 0.0 : f0) - 2.0 * kMeff * v0 / h;
        return -2.0 * c / (b + std::sqrt(b * b - 4.0 * a * c));
    };
    double vs = stage(false);
    if (vs < kBand) vs = stage(true);
    return 2.0 * vs - v0;
}

// the coast-down (1) at tick h against the continuous form and the predicted error -h^2 E(t)
// at the check times: the worst |error + h^2 E| / (0.02 h^2 |E| + 2e-11), i.e. <= 1 passes
double coastDownErrorRatio(long long tickNs)
{
    const double f0 = 150.0, f2 = 0.45, v0 = 30.0, a = std::sqrt(f0 / f2), rate = std::sqrt(f0 * f2) / kMeff;
    const double h = static_cast<double>(tickNs) * 1e-9;
    const auto model = load(carLab(runSettings(tickNs, 200000000000LL, 1000000000LL / tickNs), v0,
                                   R"("coastdown_f0": 150, "coastdown_f1": 0, "coastdown_f2": 0.45)"))
                           .model;
    if (!model) return 1e300;
    const Trace t = simulate(model);
    const auto exact = [&](double s) {
        return a * std::tan(std::atan(v0 / a) - rate * s);
    };
    // E' = f'(v) E + tau along the exact v(t), RK4 with 1 ms steps
    const auto dE = [&](double s, double e) {
        const double v = exact(s), f = -(f0 + f2 * v * v) / kMeff, fp = -2.0 * f2 * v / kMeff, fpp = -2.0 * f2 / kMeff;
        return fp * e + fpp * f * f / 24.0 - fp * fp * f / 12.0;
    };
    double e = 0.0, s = 0.0, worst = 0.0;
    for (const double at : {25.0, 50.0, 100.0, 150.0, 190.0}) {
        const double step = 1e-3;
        while (s < at - 0.5 * step) {
            const double k1 = dE(s, e), k2 = dE(s + step / 2, e + step / 2 * k1), k3 = dE(s + step / 2, e + step / 2 * k2),
                         k4 = dE(s + step, e + step * k3);
            e += step / 6.0 * (k1 + 2.0 * k2 + 2.0 * k3 + k4);
            s += step;
        }
        const double error = speed(t, static_cast<std::size_t>(at)) - exact(at);
        const double ratio = std::fabs(error + h * h * e) / (0.02 * h * h * std::fabs(e) + 2e-11);
        qInfo("h = %g s, t = %g s: error %.4g m/s, predicted %.4g m/s", h, at, error, -h * h * e);
        worst = std::fmax(worst, ratio);
    }
    return worst;
}

} // namespace

void TestVehicleBody::coastDownF0F2()
{
    const double f0 = 150.0, f2 = 0.45, v0 = 30.0, h = 0.01;
    DL_COMPILE(model,
               carLab(runSettings(10000000, 220000000000LL, 100), v0, R"("coastdown_f0": 150, "coastdown_f1": 0, "coastdown_f2": 0.45)"));
    DL_SIMULATE(t, model);
    // the exact recurrence at every boundary, through the stop
    double v = v0, worst = 0.0;
    for (std::size_t row = 1; row < t.rows.size(); ++row) {
        for (int k = 0; k < 100; ++k) v = midpointStep(v, h, f0, 0.0, f2);
        worst = std::fmax(worst, std::fabs(speed(t, row) - v));
        QVERIFY2(speed(t, row) >= 0.0, qPrintable(QString("negative speed %1 m/s at %2 s").arg(speed(t, row)).arg(t.times[row])));
        QVERIFY(speed(t, row) <= speed(t, row - 1));
    }
    const std::size_t last = t.rows.size() - 1;
    qInfo("worst deviation from the midpoint recurrence %.3g m/s; speed at 220 s %.3g m/s; residual %.3g J", worst, speed(t, last),
          t.energy.residual);
    QVERIFY(worst < 1e-10 * v0);
    QVERIFY(speed(t, last) < kBand);
    // the continuous form: the midpoint's predicted second-order error
    QVERIFY(coastDownErrorRatio(10000000) <= 1.0);
    QVERIFY(coastDownErrorRatio(20000000) <= 1.0);
    // books: the kinetic energy ends as heat
    const double m = kMeff * kR * kR, w0 = v0 / kR, w1 = speed(t, last) / kR;
    DL_NEAR(t.energy.storedInitial, 0.5 * m * w0 * w0, 1e-12 * t.energy.storedInitial);
    DL_NEAR(t.energy.heatToLedger, 0.5 * m * (w0 * w0 - w1 * w1), 1e-12 * t.energy.storedInitial);
    DL_NEAR(t.at(last, "car", "rolling_heat") + t.at(last, "car", "aero_heat"), t.energy.heatToLedger, 1e-12 * t.energy.storedInitial);
    DL_ENERGY_BALANCED(t);
}

void TestVehicleBody::coastDownF1()
{
    const double f1 = 30.0, v0 = 30.0, h = 0.01, k = f1 / kMeff, q = (1.0 - h * k / 2.0) / (1.0 + h * k / 2.0);
    DL_COMPILE(model,
               carLab(runSettings(10000000, 100000000000LL, 100), v0, R"("coastdown_f0": 0, "coastdown_f1": 30, "coastdown_f2": 0)"));
    DL_SIMULATE(t, model);
    double worstDiscrete = 0.0;
    for (std::size_t row = 0; row < t.rows.size(); ++row) {
        const double n = static_cast<double>(t.ticks[row]), time = t.times[row];
        const double discrete = v0 * std::pow(q, n);
        worstDiscrete = std::fmax(worstDiscrete, std::fabs(speed(t, row) - discrete) / discrete);
        // the continuous form within the midpoint's t k^3 h^2 / 12
        DL_NEAR(speed(t, row), v0 * std::exp(-k * time), discrete * (time * k * k * k * h * h / 12.0 * 1.05) + 1e-12 * v0);
        QCOMPARE(t.at(row, "car", "aero_heat"), 0.0);
    }
    qInfo("worst relative deviation from v0 q^n %.3g", worstDiscrete);
    QVERIFY(worstDiscrete < 1e-11);
    const std::size_t last = t.rows.size() - 1;
    DL_NEAR(t.at(last, "car", "rolling_heat"), 0.5 * kMeff * (v0 * v0 - speed(t, last) * speed(t, last)), 1e-8);
    DL_ENERGY_BALANCED(t);
}

namespace {
// (3): a speed source holds the wheel at 50 rad/s (15 m/s) on a physical road load
std::string climbLab(long long durationNs, const std::string& events)
{
    return carLab(runSettings(1000000, durationNs, 1000), 15.0,
                  R"("drag_coefficient": 0.3, "frontal_area": 2.2, "air_density": 1.2, "rolling_coefficient": 0.01,
                     "rolling_speed_coefficient": 1e-4)",
                  R"({"grade": 10})", R"(, {"id": "src", "type": "speed_source", "node_a": "wheel", "inputs": {"speed": 50}})", events);
}
} // namespace

void TestVehicleBody::climbAndDescent()
{
    const double v = 15.0, sin = 0.1 / std::sqrt(1.01), cos = 1.0 / std::sqrt(1.01);
    const double aero = 0.5 * 1.2 * 0.3 * 2.2 * v * v, roll = kM * kG * cos * (0.01 + 1e-4 * v), grade = kM * kG * sin;
    const double kinetic = 0.5 * kMeff * v * v;
    {
        DL_COMPILE(model, climbLab(10000000000LL, "[]"));
        DL_SIMULATE(t, model);
        const std::size_t last = t.rows.size() - 1;
        const double z = sin * v * 10.0;
        DL_NEAR(t.at(last, "car", "height"), z, 1e-12 * z);
        DL_NEAR(t.at(last, "car", "distance"), 150.0, 1e-12 * 150.0);
        DL_NEAR(t.at(last, "car", "grade_force"), grade, 1e-12 * grade);
        DL_NEAR(t.at(last, "car", "aero_force"), aero, 1e-12 * aero);
        DL_NEAR(t.at(last, "car", "rolling_force"), roll, 1e-12 * roll);
        DL_NEAR(t.at(last, "car", "road_load_force"), aero + roll + grade, 1e-12 * grade);
        DL_NEAR(t.at(last, "car", "road_load_power"), (aero + roll + grade) * v, 1e-12 * grade * v);
        DL_NEAR(t.at(last, "src", "torque"), kR * (aero + roll + grade), 1e-9 * grade);
        QCOMPARE(t.at(last, "car", "speed_kmh"), 54.0);
        QCOMPARE(t.at(last, "car", "acceleration"), 0.0);
        // potential energy m g z exact; the kinetic energy includes 1/2 m v^2 and the rotating parts
        DL_NEAR(t.energy.storedInitial, kinetic, 1e-12 * kinetic);
        DL_NEAR(t.energy.storedFinal, kinetic + kM * kG * z, 1e-12 * (kinetic + kM * kG * z));
        DL_NEAR(t.energy.heatToLedger, (aero + roll) * v * 10.0, 1e-10 * (aero + roll) * v * 10.0);
        DL_NEAR(t.energy.sourceWork, (aero + roll + grade) * v * 10.0, 1e-10 * grade * v * 10.0);
        DL_ENERGY_BALANCED(t);
    }
    {
        DL_COMPILE(model, climbLab(20000000000LL, R"([{"time_ns": 10000000000, "component": "car", "input": "grade", "value": -10}])"));
        DL_SIMULATE(t, model);
        const std::size_t last = t.rows.size() - 1;
        DL_NEAR(t.at(10, "car", "height"), sin * v * 10.0, 1e-12 * 150.0);
        DL_NEAR(t.at(last, "car", "height"), 0.0, 1e-12 * 150.0);
        DL_NEAR(t.at(last, "car", "grade_force"), -grade, 1e-12 * grade);
        // the descent returns the potential energy: the source's work is the road-load heat
        DL_NEAR(t.energy.storedFinal, t.energy.storedInitial, 1e-12 * kinetic);
        DL_NEAR(t.energy.heatToLedger, (aero + roll) * v * 20.0, 1e-10 * (aero + roll) * v * 20.0);
        DL_NEAR(t.energy.sourceWork, t.energy.heatToLedger, 1e-10 * t.energy.heatToLedger);
        DL_ENERGY_BALANCED(t);
    }
}

void TestVehicleBody::constantTractivePower()
{
    const double p = 30000.0, v0 = 5.0, h = 0.01, f0 = 150.0, f2 = 0.45, duration = 10.0;
    const auto vAt = [&](double s) {
        return std::sqrt(v0 * v0 + 2.0 * p * s / kMeff);
    };
    std::string points = "[";
    for (int k = 0; k <= 1000; ++k) points += (k ? ", [" : "[") + formatDouble(k * h) + ", " + formatDouble(vAt(k * h) / kR) + "]";
    points += "]";
    DL_COMPILE(model, carLab(runSettings(10000000, 10000000000LL, 1), v0, R"("coastdown_f0": 150, "coastdown_f1": 0, "coastdown_f2": 0.45)",
                             "{}", R"(, {"id": "src", "type": "speed_source", "node_a": "wheel", "inputs": {"speed": {"signal": "w"}}})",
                             "[]", R"([{"id": "w", "kind": "table", "points": )" + points + "}]"));
    DL_SIMULATE(t, model);
    double distance = 0.0, worstPower = 0.0;
    for (std::size_t row = 1; row < t.rows.size(); ++row) {
        // the table's own values (what the source follows), rounded as the file holds them
        const double w0 = std::stod(formatDouble(vAt(static_cast<double>(row - 1) * h) / kR));
        const double w1 = std::stod(formatDouble(vAt(static_cast<double>(row) * h) / kR));
        const double vs = kR * 0.5 * (w0 + w1);
        distance += h * vs;
        const double expected = 0.5 * kMeff * kR * kR * (w1 * w1 - w0 * w0) / h + (f0 + f2 * vs * vs) * vs;
        worstPower = std::fmax(worstPower, std::fabs(t.at(row, "src", "power") - expected) / p);
        DL_NEAR(t.at(row, "car", "road_load_power"), (f0 + f2 * vs * vs) * vs, 1e-9 * p);
        DL_NEAR(t.at(row, "car", "acceleration"), kR * (w1 - w0) / h, 1e-9);
    }
    qInfo("worst relative deviation of the source's power from P + F(vs) vs: %.3g", worstPower);
    QVERIFY(worstPower < 1e-9);
    // the tractive part is P within the table's rounding
    const std::size_t last = t.rows.size() - 1;
    DL_NEAR(t.at(last, "car", "distance"), distance, 1e-12 * distance);
    const double exact = kMeff * (std::pow(vAt(duration), 3.0) - v0 * v0 * v0) / (3.0 * p);
    const double vpp = p * p / (kMeff * kMeff * v0 * v0 * v0); // max |v''| (at v0)
    qInfo("distance %.12g m, continuous %.12g m, bound %.3g m", t.at(last, "car", "distance"), exact, duration * h * h * vpp / 12.0);
    DL_NEAR(t.at(last, "car", "distance"), exact, duration * h * h * vpp / 12.0);
    DL_ENERGY_BALANCED(t);
}

void TestVehicleBody::headWind()
{
    const double v = 20.0, vw = 5.0, f2 = 0.45, time = 10.0;
    DL_COMPILE(model, carLab(runSettings(1000000, 10000000000LL, 1000), v, R"("coastdown_f0": 0, "coastdown_f1": 0, "coastdown_f2": 0.45)",
                             R"({"head_wind": 5})",
                             R"(, {"id": "src", "type": "speed_source", "node_a": "wheel", "inputs": {"speed": 66.66666666666667}})"));
    DL_SIMULATE(t, model);
    const std::size_t last = t.rows.size() - 1;
    const double vv = speed(t, last), force = f2 * (vv + vw) * (vv + vw);
    DL_NEAR(vv, v, 1e-12 * v);
    DL_NEAR(t.at(last, "car", "aero_force"), force, 1e-12 * force);
    DL_NEAR(t.at(last, "car", "aero_heat"), force * (vv + vw) * time, 1e-10 * force * (vv + vw) * time);
    // the source supplies F v, the wind F v_w
    DL_NEAR(t.energy.sourceWork, force * (vv + vw) * time, 1e-10 * force * (vv + vw) * time);
    DL_NEAR(t.at(last, "src", "power"), force * vv, 1e-9 * force * vv);
    DL_ENERGY_BALANCED(t);
}

void TestVehicleBody::restsOnTheFlat()
{
    for (const char* params :
         {R"("coastdown_f0": 150, "coastdown_f1": 5, "coastdown_f2": 0.45)",
          R"("drag_coefficient": 0.3, "frontal_area": 2.2, "rolling_coefficient": 0.012, "rolling_speed_coefficient": 1e-4)"}) {
        DL_COMPILE(model, carLab(runSettings(1000000, 10000000000LL, 1000), 0.0, params));
        DL_SIMULATE(t, model);
        for (std::size_t row = 0; row < t.rows.size(); ++row) {
            QCOMPARE(speed(t, row), 0.0);
            QCOMPARE(t.at(row, "car", "distance"), 0.0);
            QCOMPARE(t.at(row, "car", "road_load_force"), 0.0);
        }
        QCOMPARE(t.energy.heatToLedger, 0.0);
        QCOMPARE(t.energy.residual, 0.0);
    }
}

void TestVehicleBody::rollsBackOnASteepGrade()
{
    // 5 % > Cr = 1 %: from rest it rolls back; beyond the band a = -m g (sin - Cr cos) / m_eff
    const double sin = 0.05 / std::sqrt(1.0025), cos = 1.0 / std::sqrt(1.0025);
    DL_COMPILE(model, carLab(runSettings(1000000, 5000000000LL, 100), 0.0,
                             R"("drag_coefficient": 0, "frontal_area": 2.2, "rolling_coefficient": 0.01)", R"({"grade": 5})"));
    DL_SIMULATE(t, model);
    const double a = -kM * kG * (sin - 0.01 * cos) / kMeff;
    const std::size_t last = t.rows.size() - 1;
    QVERIFY(speed(t, last) < -kBand);
    DL_NEAR(t.at(last, "car", "acceleration"), a, 1e-9 * std::fabs(a));
    DL_NEAR(t.at(last, "car", "rolling_force"), -kM * kG * cos * 0.01, 1e-9);
    QVERIFY(t.at(last, "car", "height") < 0.0);
    // the potential energy lost = kinetic energy gained + rolling heat
    DL_NEAR(-kM * kG * t.at(last, "car", "height"), 0.5 * kMeff * speed(t, last) * speed(t, last) + t.at(last, "car", "rolling_heat"),
            1e-8);
    DL_ENERGY_BALANCED(t);
}

void TestVehicleBody::creepsOnAGentleGrade()
{
    // 0.5 % < Cr = 1 %: inside the band the rolling force is Cr m g cos v / v_s; it balances the
    // grade at v* = -v_s tan(theta) / Cr, approached monotonically (midpoint ratio > 0)
    DL_COMPILE(model, carLab(runSettings(1000000, 5000000000LL, 10), 0.0,
                             R"("drag_coefficient": 0, "frontal_area": 2.2, "rolling_coefficient": 0.01)", R"({"grade": 0.5})"));
    DL_SIMULATE(t, model);
    const double vStar = -kBand * 0.005 / 0.01;
    for (std::size_t row = 1; row < t.rows.size(); ++row) {
        QVERIFY(speed(t, row) <= speed(t, row - 1));
        QVERIFY(speed(t, row) >= vStar - 1e-15);
    }
    DL_NEAR(speed(t, t.rows.size() - 1), vStar, 1e-12);
    DL_ENERGY_BALANCED(t);
}

void TestVehicleBody::badInputRefused()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string good =
        carLab(runSettings(1000000, 10000000, 1), 10.0, R"("coastdown_f0": 150, "coastdown_f1": 0, "coastdown_f2": 0.45)");
    const auto with = [&](const std::string& from, const std::string& to) { return replaceOnce(good, from, to); };
    struct Case {
        std::string text, line;
    };
    const Case cases[] = {
        {with(R"("mass": 1500)", R"("mass": -1500)"), "car: vehicle_body.mass: must be in [1e-06, 1e+09]"},
        {with(R"("wheel_radius": 0.3)", R"("wheel_radius": -0.3)"), "car: vehicle_body.wheel_radius: must be in [1e-04, 100]"},
        {with(R"("coastdown_f1": 0)", R"("coastdown_f1": 0, "drag_coefficient": 0.3)"),
         "car: vehicle_body.drag_coefficient: the coast-down road load"},
        {with(R"("coastdown_f1": 0, )", ""), "car: vehicle_body.coastdown_f1: missing"},
        {with(R"("coastdown_f0": 150, "coastdown_f1": 0, "coastdown_f2": 0.45)", R"("frontal_area": 2)"),
         "car: vehicle_body.drag_coefficient: missing"},
        {with(R"("inputs": {})", R"("inputs": {"grade": 101})"), "car: inputs.grade: must be in [-100, 100]"},
        {with(R"("mass": 1500)", R"("mass": NaN)"), "-: -:"},
    };
    for (const Case& c : cases) {
        checkCliRefuses(dir, c.text, c.line);
        if (QTest::currentTestFailed()) return;
    }
}

// run.method gauss2 takes it in its stage form (docs/PHYSICS.md; its order: tst_methodvehicle)
void TestVehicleBody::gauss2Runs()
{
    std::string text = carLab(runSettings(1000000, 10000000, 1), 10.0, R"("coastdown_f0": 150, "coastdown_f1": 0, "coastdown_f2": 0.45)");
    text.replace(text.find(R"("report_every_ticks": 1)"), 23, R"("report_every_ticks": 1, "method": "gauss2")");
    DL_COMPILE(model, text);
    DL_SIMULATE(trace, model);
    DL_ENERGY_BALANCED(trace);
}

void TestVehicleBody::causality()
{
    DL_COMPILE(model, carLab(runSettings(1000000, 10000000, 1), 10.0, R"("coastdown_f0": 150, "coastdown_f1": 0, "coastdown_f2": 0.45)"));
    const CausalityReport r = analyzeCausality(*model, initialLockMask(*model));
    QVERIFY2(r.consistent, qPrintable(QString::fromStdString(causalityText(r))));
    bool road = false, grade = false;
    for (const CausalityElement& e : r.elements) {
        road = road || (e.id == "car.road" && e.kind == "R");
        grade = grade || (e.id == "car.grade" && e.kind == "Se");
    }
    QVERIFY2(road && grade, qPrintable(QString::fromStdString(causalityText(r))));
}

QTEST_GUILESS_MAIN(TestVehicleBody)
#include "tst_vehicle_body.moc"
