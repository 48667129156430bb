// tyre: longitudinal slip between the wheel's shaft (node_a, w_w) and the vehicle (node_b, w_v,
// v = r w_v) by Pacejka's Magic Formula (components/vehicle/tyre.h):
//
//   s = r w_w - v,   k = s / max(|v|, v_low),   F = mu D Fz sin(C atan(B k - E (B k - atan(B k))))
//   force F on the vehicle (r F on node_b), -r F on the wheel; slip heat F s.
//
//   [ wheel: J_w ]--tyre(r, Fz, B, C, D, E)--[ car: vehicle_body m or a speed source ]
//
// The test tyre: r = 0.3 m, Fz = 4000 N, B = 10, C = 1.9, D = 1, E = 0.97, J_w = 1.2 kg m^2,
// v_low = 0.1 m/s.
//
//   (1) steady state: both nodes held by speed sources at w_w, w_v (no state moves); for slips
//       from -1 to 1 at 20 m/s, backwards, and below v_low (the denominator v_low), and with
//       friction_scale 0.6: the mean force equals the formula, the reported slip k, the slip heat
//       F s t; the books close (the sources' work = the slip heat).
//   (2) the peak: E = 0: k* = tan(pi/(2 C)) / B (closed form; Tyre::peakSlip to rounding); E = 0.97:
//       B k* - E (B k* - atan(B k*)) = tan(pi/(2 C)) at Tyre::peakSlip, the force there mu D Fz (to
//       rounding), 1 % below and above it less.
//   (3) standstill, driven: the car held at 0, a torque T = 600 N m on the wheel from rest. The
//       wheel creeps to w* with F(r w* / v_low) = T / r (k* from inverting the formula:
//       sin(C atan phi) = T / (r mu D Fz)); the slip rate is about mu B C D Fz r^2 / (J_w v_low)
//       = 5.7e4 1/s, h lambda = 57 at 1 ms: the midpoint alone would ring with the ratio
//       (1 - 28.5)/(1 + 28.5) = -0.93 (a sign change every tick); with the stage fraction
//       th = 1 - 1/(2 z) the wheel's speed rises monotonically to w* (no increment changes sign,
//       at any tick), and the force ends at T / r.
//   (4) standstill, braked: the wheel locked (a speed source at 0), the car (1500 kg, no rolling
//       resistance) on 10 % from rest: it creeps back to v* = -s* with F(s* / v_low) = m g sin(theta)
//       (|v*| < v_low), monotonically, never singular; then stays.
//   (5) launch: a car (1500 kg, Cd 0.3, A 2.2, Cr 0.01) on one lumped driven axle (Fz = 0.6 m g,
//       J_w = 2.4, E = 1: the force at large slip stays near its peak), T = 2000 N m (F demand 6667 N) from rest, 3 s:
//       dry (friction_scale 1, peak 8826 N): the slip stays below k* and the speed follows the
//       rolling car's (m + J/r^2) dv/dt = T / r - F_road(v) (RK4) within 0.5 %;
//       low mu (0.3, peak 2648 N): the wheel spins: the slip passes k* and keeps rising past 1,
//       the force never exceeds mu D Fz, and ends at the formula at the reported slip, near the
//       sliding limit mu D Fz sin(C atan(pi/2)) (E = 1); the car
//       is slower than on the dry road. Books at rounding in both; the slip heat = its power's sum.
//       (With E < 1 the force falls on towards mu D Fz sin(C pi/2) as k grows: 0.16 of the peak for
//       C = 1.9, which a wheel spinning near standstill, k = s / v_low, soon reaches.)
//   (6) bad input through `drivelab-cli check` and `run`: exit 2, `FILE: t: FIELD: message`,
//       nothing written; run.method gauss2 runs it (its stage form: tst_methodvehicle).
//   (7) its bond-graph reading: an R on the relative motion of wheel and vehicle; consistent.
//   (8) a vehicle_body on node_b with another wheel_radius (0.31 m against the tyre's 0.3 m):
//       `drivelab-cli check` accepts it (exit 0) with a warning naming the tyre, the body and
//       both radii, in the text and in --json; the same radius: no warning.
#include "testutil.h"
#include "core/clitestutil.h"

#include <QTemporaryDir>

#include <numbers>

#include "analysis/causality.h"
#include "components/vehicle/tyre.h"

using namespace drivelab;
using namespace drivelab::test;

class TestTyre : public QObject {
    Q_OBJECT
private slots:
    void steadyStateForce();
    void peakAtDocumentedSlip();
    void drivenAtStandstill();
    void brakedAtStandstill();
    void launchDryAndLowMu();
    void badInputRefused();
    void gauss2Runs();
    void causality();
    void wheelRadiusMismatchWarned();
};

namespace {

constexpr double kG = 9.80665;
constexpr double kR = 0.3, kFz = 4000.0, kB = 10.0, kC = 1.9, kD = 1.0, kE = 0.97, kJw = 1.2, kVlow = 0.1;

// the Magic Formula, written out here independently of the component
double magic(double k, double mu, double fz, double e = kE)
{
    const double u = kB * k;
    return mu * kD * fz * std::sin(kC * std::atan(u - e * (u - std::atan(u))));
}

// the slip k > 0 where F = f (0 < f < mu D Fz): sin(C atan(phi)) = f / (mu D Fz), then
// u (1 - E) + E atan(u) = phi by bisection on u = B k
double inverseMagic(double f, double mu, double fz)
{
    const double phi = std::tan(std::asin(f / (mu * kD * fz)) / kC);
    double lo = 0.0, hi = 10.0;
    for (int i = 0; i < 300; ++i) {
        const double mid = 0.5 * (lo + hi);
        (mid - kE * (mid - std::atan(mid)) < phi ? lo : hi) = mid;
    }
    return 0.5 * (lo + hi) / kB;
}

std::string tyreJson(const std::string& id, const std::string& a, const std::string& b, const std::string& more = "",
                     const std::string& inputs = "{}")
{
    return R"({"id": ")" + id + R"(", "type": "tyre", "node_a": ")" + a + R"(", "node_b": ")" + b +
           R"(", "parameters": {"wheel_radius": 0.3, "normal_load": 4000, "B": 10, "C": 1.9, "D": 1, "E": 0.97, "wheel_inertia": 1.2)" +
           more + R"(}, "inputs": )" + inputs + "}";
}

std::string speedSource(const std::string& id, const std::string& node, double w)
{
    return R"({"id": ")" + id + R"(", "type": "speed_source", "node_a": ")" + node + R"(", "inputs": {"speed": )" + formatDouble(w) + "}}";
}

// one steady-state case: vehicle speed v, slip speed s, friction scale mu
struct Held {
    double v, s, mu;
};

// a single wheel and car, the car a vehicle_body, the wheel driven by a torque (standstill, launch)
std::string carWithTyre(const std::string& run, double torque, const std::string& tyreMore, const std::string& tyreInputs,
                        const std::string& body, const std::string& bodyInputs)
{
    return lab(run, "[" + rot("wheel", 0.01, 0.0) + "," + rot("car", 0.01, 0.0) + "]",
               "[" + tyreJson("t", "wheel", "car", tyreMore, tyreInputs) + R"(,
                {"id": "car_body", "type": "vehicle_body", "node_a": "car", "parameters": {"wheel_radius": 0.3, )" +
                   body + R"(}, "inputs": )" + bodyInputs + R"(},
                {"id": "drive", "type": "torque_source", "node_a": "wheel", "inputs": {"torque": )" +
                   formatDouble(torque) + "}}]");
}

} // namespace

void TestTyre::steadyStateForce()
{
    const Held cases[] = {{20.0, -10.0, 1.0}, {20.0, -1.0, 1.0}, {20.0, 0.0, 1.0}, {20.0, 0.4, 1.0}, {20.0, 2.0, 1.0},
                          {20.0, 6.0, 1.0},   {20.0, 20.0, 1.0}, {-10.0, 1.0, 1.0}, {0.05, 0.02, 1.0}, {0.0, -0.03, 1.0},
                          {20.0, 2.0, 0.6}};
    std::string nodes = "[", comps = "[";
    for (std::size_t i = 0; i < std::size(cases); ++i) {
        const std::string n = std::to_string(i);
        const double ww = (cases[i].v + cases[i].s) / kR, wv = cases[i].v / kR;
        nodes += (i ? "," : "") + rot("w" + n, 1.0, ww) + "," + rot("v" + n, 1.0, wv);
        comps += (i ? "," : "") + speedSource("sw" + n, "w" + n, ww) + "," + speedSource("sv" + n, "v" + n, wv) + "," +
                 tyreJson("t" + n, "w" + n, "v" + n, "", R"({"friction_scale": )" + formatDouble(cases[i].mu) + "}");
    }
    DL_COMPILE(model, lab(runSettings(1000000, 100000000, 50), nodes + "]", comps + "]"));
    DL_SIMULATE(t, model);
    const std::size_t last = t.rows.size() - 1;
    double heat = 0.0;
    for (std::size_t i = 0; i < std::size(cases); ++i) {
        const std::string id = "t" + std::to_string(i);
        const double k = cases[i].s / std::fmax(std::fabs(cases[i].v), kVlow), f = magic(k, cases[i].mu, kFz);
        qInfo("v %6g m/s, s %6g m/s: k %8.4f, F %10.4f N (run %10.4f N)", cases[i].v, cases[i].s, k, f, t.at(last, id, "force"));
        DL_NEAR(t.at(last, id, "force"), f, 1e-12 * kFz);
        DL_NEAR(t.at(last, id, "torque"), -kR * f, 1e-12 * kFz);
        DL_NEAR(t.at(last, id, "slip"), k, 1e-12 * std::fmax(1.0, std::fabs(k)));
        DL_NEAR(t.at(last, id, "slip_speed"), cases[i].s, 1e-12 * 20.0);
        DL_NEAR(t.at(last, id, "slip_power"), f * cases[i].s, 1e-12 * kFz * 20.0);
        DL_NEAR(t.at(last, id, "slip_heat"), f * cases[i].s * 0.1, 1e-12 * kFz * 20.0);
        QVERIFY(t.at(last, id, "slip_heat") >= 0.0);
        heat += f * cases[i].s * 0.1;
    }
    // the sources' work is the slip heat (the speeds never change)
    DL_NEAR(t.energy.heatToLedger, heat, 1e-12 * heat);
    DL_NEAR(t.energy.sourceWork, heat, 1e-12 * heat);
    DL_ENERGY_BALANCED(t);
}

void TestTyre::peakAtDocumentedSlip()
{
    // E = 0: the closed form
    DL_NEAR(Tyre::peakSlip(kB, kC, 0.0), std::tan(std::numbers::pi / (2.0 * kC)) / kB, 1e-15);
    QVERIFY(std::isinf(Tyre::peakSlip(kB, 1.0, kE)));
    // E = 0.97: the argument at k* is tan(pi / (2 C)), and the run's force there is the peak
    const double ks = Tyre::peakSlip(kB, kC, kE), u = kB * ks;
    DL_NEAR(u - kE * (u - std::atan(u)), std::tan(std::numbers::pi / (2.0 * kC)), 1e-14);
    qInfo("peak slip k* = %.10f", ks);
    const double v = 20.0, slips[] = {0.99 * ks, ks, 1.01 * ks};
    std::string nodes = "[", comps = "[";
    for (int i = 0; i < 3; ++i) {
        const std::string n = std::to_string(i);
        const double ww = v * (1.0 + slips[i]) / kR, wv = v / kR;
        nodes += (i ? "," : "") + rot("w" + n, 1.0, ww) + "," + rot("v" + n, 1.0, wv);
        comps += (i ? "," : "") + speedSource("sw" + n, "w" + n, ww) + "," + speedSource("sv" + n, "v" + n, wv) + "," +
                 tyreJson("t" + n, "w" + n, "v" + n);
    }
    DL_COMPILE(model, lab(runSettings(1000000, 10000000, 10), nodes + "]", comps + "]"));
    DL_SIMULATE(t, model);
    const double below = t.at(1, "t0", "force"), peak = t.at(1, "t1", "force"), above = t.at(1, "t2", "force");
    qInfo("F at 0.99 k*, k*, 1.01 k*: %.9f, %.9f, %.9f N", below, peak, above);
    DL_NEAR(peak, kD * kFz, 1e-12 * kFz);
    QVERIFY(below < peak && above < peak);
    DL_NEAR(below, magic(slips[0], 1.0, kFz), 1e-12 * kFz);
    DL_NEAR(above, magic(slips[2], 1.0, kFz), 1e-12 * kFz);
}

void TestTyre::drivenAtStandstill()
{
    const double torque = 600.0, h = 0.001;
    // the car held at 0 (the other axle's brakes), the wheel driven from rest
    const std::string text = lab(runSettings(1000000, 1000000000, 1), "[" + rot("wheel", 0.01, 0.0) + "," + rot("car", 1.0, 0.0) + "]",
                                 "[" + tyreJson("t", "wheel", "car") + "," + speedSource("hold", "car", 0.0) +
                                     R"(, {"id": "drive", "type": "torque_source", "node_a": "wheel", "inputs": {"torque": 600}}])");
    DL_COMPILE(model, text);
    DL_SIMULATE(t, model);
    const double ks = inverseMagic(torque / kR, 1.0, kFz), wStar = ks * kVlow / kR;
    const double z = h * kB * kC * kD * kFz * kR * kR / (kJw * kVlow);
    qInfo("k* = %.9g, w* = %.9g rad/s; h lambda = %.3g: the midpoint's ratio would be %.3f", ks, wStar, z,
          (1.0 - z / 2.0) / (1.0 + z / 2.0));
    // no increment of the wheel's speed changes sign, at any tick
    int flips = 0;
    double previous = 0.0;
    for (std::size_t row = 1; row < t.rows.size(); ++row) {
        const double d = t.at(row, "wheel", "speed") - t.at(row - 1, "wheel", "speed");
        if (d * previous < 0.0 && std::fabs(d) > 1e-13 * wStar) ++flips;
        if (d != 0.0) previous = d;
        QVERIFY(std::isfinite(t.at(row, "t", "force")));
    }
    const std::size_t last = t.rows.size() - 1;
    qInfo("sign changes of the wheel's increments: %d; w(1 s) = %.12g rad/s, F = %.12g N", flips, t.at(last, "wheel", "speed"),
          t.at(last, "t", "force"));
    QCOMPARE(flips, 0);
    DL_NEAR(t.at(last, "wheel", "speed"), wStar, 1e-9 * wStar);
    DL_NEAR(t.at(last, "t", "force"), torque / kR, 1e-9 * torque / kR);
    DL_NEAR(t.at(last, "t", "slip"), ks, 1e-9 * ks);
    DL_ENERGY_BALANCED(t);
}

void TestTyre::brakedAtStandstill()
{
    const double m = 1500.0, sinTheta = 0.1 / std::sqrt(1.01);
    const std::string text = lab(runSettings(1000000, 2000000000, 1), "[" + rot("wheel", 0.01, 0.0) + "," + rot("car", 0.01, 0.0) + "]",
                                 "[" + tyreJson("t", "wheel", "car") + "," + speedSource("brake", "wheel", 0.0) + R"(,
                {"id": "car_body", "type": "vehicle_body", "node_a": "car", "parameters": {"mass": 1500, "wheel_radius": 0.3,
                 "drag_coefficient": 0, "frontal_area": 0, "rolling_coefficient": 0}, "inputs": {"grade": 10}}])");
    DL_COMPILE(model, text);
    DL_SIMULATE(t, model);
    // the creep: F(s* / v_low) = m g sin(theta), v* = -s*
    const double vStar = -inverseMagic(m * kG * sinTheta, 1.0, kFz) * kVlow;
    int flips = 0;
    double previous = 0.0;
    for (std::size_t row = 1; row < t.rows.size(); ++row) {
        const double v = t.at(row, "car_body", "speed"), d = v - t.at(row - 1, "car_body", "speed");
        if (d * previous < 0.0 && std::fabs(d) > 1e-13 * std::fabs(vStar)) ++flips;
        if (d != 0.0) previous = d;
        QVERIFY(std::isfinite(v) && v <= 0.0 && v >= vStar * (1.0 + 1e-9));
    }
    const std::size_t last = t.rows.size() - 1;
    qInfo("v* = %.9g m/s (run %.9g m/s), sign changes of its increments: %d", vStar, t.at(last, "car_body", "speed"), flips);
    QCOMPARE(flips, 0);
    QVERIFY(std::fabs(vStar) < kVlow);
    DL_NEAR(t.at(last, "car_body", "speed"), vStar, 1e-9 * std::fabs(vStar));
    DL_NEAR(t.at(last, "t", "force"), m * kG * sinTheta, 1e-9 * m * kG);
    DL_ENERGY_BALANCED(t);
}

void TestTyre::launchDryAndLowMu()
{
    const double m = 1500.0, fz = 0.6 * m * kG, torque = 2000.0, jw = 2.4;
    const std::string body = R"("mass": 1500, "drag_coefficient": 0.3, "frontal_area": 2.2, "rolling_coefficient": 0.01)";
    const auto launch = [&](double mu) {
        std::string text = carWithTyre(runSettings(1000000, 3000000000, 10), torque, "", R"({"friction_scale": )" + formatDouble(mu) + "}",
                                       body, "{}");
        text.replace(text.find(R"("normal_load": 4000)"), 19, R"("normal_load": )" + formatDouble(fz));
        text.replace(text.find(R"("wheel_inertia": 1.2)"), 20, R"("wheel_inertia": 2.4)");
        text.replace(text.find(R"("E": 0.97)"), 9, R"("E": 1)");
        return load(text).model;
    };
    const auto dryModel = launch(1.0), wetModel = launch(0.3);
    QVERIFY(dryModel && wetModel);
    DL_SIMULATE(dry, dryModel);
    DL_SIMULATE(wet, wetModel);
    const double ks = Tyre::peakSlip(kB, kC, 1.0);
    // dry: below the peak all along; the speed of the rolling car (RK4, 0.1 ms)
    double worstSlip = 0.0;
    for (std::size_t row = 1; row < dry.rows.size(); ++row) worstSlip = std::fmax(worstSlip, dry.at(row, "t", "slip"));
    const double meff = m + (jw + 0.02) / (kR * kR), k = 0.5 * 1.225 * 0.3 * 2.2, c0 = m * kG * 0.01;
    const auto accel = [&](double v) {
        return (torque / kR - k * v * v - c0 * std::fmin(1.0, v / 0.01)) / meff;
    };
    double v = 0.0;
    for (int i = 0; i < 30000; ++i) {
        const double s = 1e-4, k1 = accel(v), k2 = accel(v + s / 2 * k1), k3 = accel(v + s / 2 * k2), k4 = accel(v + s * k3);
        v += s / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
    }
    const std::size_t last = dry.rows.size() - 1;
    qInfo("dry: worst slip %.4f (k* %.4f), v(3 s) %.6f m/s, rolling car %.6f m/s", worstSlip, ks, dry.at(last, "car_body", "speed"), v);
    QVERIFY(worstSlip < ks);
    DL_NEAR(dry.at(last, "car_body", "speed"), v, 0.005 * v);
    // low mu: the wheel spins; the force stays below the peak
    const double peak = 0.3 * kD * fz;
    double worstForce = 0.0, firstPast = -1.0;
    for (std::size_t row = 1; row < wet.rows.size(); ++row) {
        worstForce = std::fmax(worstForce, wet.at(row, "t", "force"));
        if (firstPast < 0.0 && wet.at(row, "t", "slip") > ks) firstPast = wet.times[row];
        if (firstPast >= 0.0 && row + 1 < wet.rows.size()) QVERIFY(wet.at(row + 1, "t", "slip") > wet.at(row, "t", "slip"));
    }
    const double kEnd = wet.at(last, "t", "slip");
    qInfo("low mu: slip passes k* at %.3f s, slip(3 s) %.3f, worst force %.3f N (peak %.3f N), F(3 s) %.3f N (formula %.3f N), "
          "v(3 s) %.4f m/s",
          firstPast, kEnd, worstForce, peak, wet.at(last, "t", "force"), magic(kEnd, 0.3, fz, 1.0), wet.at(last, "car_body", "speed"));
    QVERIFY(firstPast >= 0.0 && firstPast < 1.0);
    QVERIFY(kEnd > 1.0);
    QVERIFY(worstForce <= peak * (1.0 + 1e-12));
    DL_NEAR(wet.at(last, "t", "force"), magic(kEnd, 0.3, fz, 1.0), 1e-3 * peak);
    // E = 1 bounds the sliding force: D sin(C atan(pi/2)) (0.944 of the peak), reached as k grows
    DL_NEAR(wet.at(last, "t", "force"), peak * std::sin(kC * std::atan(0.5 * std::numbers::pi)), 1e-2 * peak);
    QVERIFY(wet.at(last, "car_body", "speed") < 0.5 * dry.at(last, "car_body", "speed"));
    // books: the slip heat is the ledger's share beyond the road load
    for (const Trace* t : {&dry, &wet}) {
        DL_NEAR(t->energy.heatToLedger,
                t->at(last, "t", "slip_heat") + t->at(last, "car_body", "aero_heat") + t->at(last, "car_body", "rolling_heat"),
                1e-11 * t->energy.sourceWork);
        DL_ENERGY_BALANCED((*t));
    }
    qInfo("slip heat: dry %.1f J, low mu %.1f J of %.1f J and %.1f J of drive work", dry.at(last, "t", "slip_heat"),
          wet.at(last, "t", "slip_heat"), dry.energy.sourceWork, wet.energy.sourceWork);
}

void TestTyre::badInputRefused()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string good = carWithTyre(runSettings(1000000, 10000000, 1), 100.0, "", "{}",
                                         R"("mass": 1500, "coastdown_f0": 150, "coastdown_f1": 0, "coastdown_f2": 0.45)", "{}");
    const auto with = [&](const std::string& from, const std::string& to) { return replaceOnce(good, from, to); };
    struct Case {
        std::string text, line;
    };
    const Case cases[] = {
        {with(R"("wheel_radius": 0.3, "normal_load")", R"("wheel_radius": -0.3, "normal_load")"),
         "t: tyre.wheel_radius: must be in [1e-04, 100]"},
        {with(R"("normal_load": 4000)", R"("normal_load": 0)"), "t: tyre.normal_load: must be in (0, 1e+08]"},
        {with(R"("normal_load": 4000)", R"("normal_load": -4000)"), "t: tyre.normal_load: must be in (0, 1e+08]"},
        {with(R"("B": 10)", R"("B": "NaN")"), "t: tyre.B: must be a number"},
        {with(R"("B": 10)", R"("B": NaN)"), "-: -:"},
        {with(R"("C": 1.9)", R"("C": 3.5)"), "t: tyre.C: must be in (0, 3]"},
        {with(R"("C": 1.9)", R"("C": 2.3)"), "t: tyre.C: above 2 the force would reverse at large slip unless E = 1"},
        {with(R"("E": 0.97)", R"("E": 1.5)"), "t: tyre.E: must be in [-100, 1]"},
        {with(R"("inputs": {}})", R"("inputs": {"friction_scale": -1}})"), "t: inputs.friction_scale: must be in [0, 10]"},
        {with(R"("node_b": "car")", R"("node_b": "wheel")"), "t: node_b: must differ from node_a"},
    };
    for (const Case& c : cases) {
        checkCliRefuses(dir, c.text, c.line);
        if (QTest::currentTestFailed()) return;
    }
}

// run.method gauss2 takes it in its stage form (docs/PHYSICS.md; its order: tst_methodvehicle)
void TestTyre::gauss2Runs()
{
    std::string text = carWithTyre(runSettings(1000000, 10000000, 1), 100.0, "", "{}",
                                   R"("mass": 1500, "coastdown_f0": 150, "coastdown_f1": 0, "coastdown_f2": 0.45)", "{}");
    text.replace(text.find(R"("report_every_ticks": 1)"), 23, R"("report_every_ticks": 1, "method": "gauss2")");
    DL_COMPILE(model, text);
    DL_SIMULATE(trace, model);
    DL_ENERGY_BALANCED(trace);
}

void TestTyre::causality()
{
    DL_COMPILE(model, carWithTyre(runSettings(1000000, 10000000, 1), 100.0, "", "{}",
                                  R"("mass": 1500, "coastdown_f0": 150, "coastdown_f1": 0, "coastdown_f2": 0.45)", "{}"));
    const CausalityReport r = analyzeCausality(*model, initialLockMask(*model));
    QVERIFY2(r.consistent, qPrintable(QString::fromStdString(causalityText(r))));
    bool slip = false;
    for (const CausalityElement& e : r.elements) slip = slip || (e.id == "t" && e.kind == "R");
    QVERIFY2(slip, qPrintable(QString::fromStdString(causalityText(r))));
}

void TestTyre::wheelRadiusMismatchWarned()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString cli = QStringLiteral(DRIVELAB_CLI);
    const std::string body = R"("mass": 1500, "coastdown_f0": 150, "coastdown_f1": 0, "coastdown_f2": 0.45)";
    const std::string same = carWithTyre(runSettings(1000000, 10000000, 1), 100.0, "", "{}", body, "{}");
    const std::string other = replaceOnce(same, R"("wheel_radius": 0.3, "mass")", R"("wheel_radius": 0.31, "mass")");
    const QString path = writeTestFile(dir, QStringLiteral("radius.lab.json"), other);
    CliResult r = runCli(cli, {QStringLiteral("check"), path}, 60000);
    QCOMPARE(r.exit, 0);
    const QString line = path + QStringLiteral(": t: tyre.wheel_radius: warning: 0.3 m differs from the wheel_radius 0.31 m of "
                                               "vehicle_body 'car_body' on its node_b");
    QVERIFY2(r.err.contains(line), qPrintable(r.err));
    r = runCli(cli, {QStringLiteral("check"), path, QStringLiteral("--json")}, 60000);
    QCOMPARE(r.exit, 0);
    const Json doc = Json::parse(r.out.toStdString());
    bool found = false;
    for (const Json& d : doc["diagnostics"])
        found = found || (d["severity"] == "warning" && d["component"] == "t" && d["field"] == "tyre.wheel_radius" &&
                          d["message"].get<std::string>().find("vehicle_body 'car_body'") != std::string::npos);
    QVERIFY2(found, qPrintable(r.out));
    r = runCli(cli, {QStringLiteral("check"), writeTestFile(dir, QStringLiteral("same.lab.json"), same)}, 60000);
    QCOMPARE(r.exit, 0);
    QVERIFY2(!r.err.contains(QStringLiteral("wheel_radius")), qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestTyre)
#include "tst_tyre.moc"
