// The vehicle results of a run (io/vehicleresults.h; docs/FORMATS.md "Vehicle results"), each
// against an independent computation:
//
//   (1) positive tractive energy of every shipped cycle: a speed source drives the wheel node so
//       that the vehicle (coast-down F0 + F1 v + F2 v^2, m = 1500 kg, r = 0.3 m) follows the csv
//       exactly (linear between the 1 Hz samples);
//           [speed_source] --> ( wheel ) ==r== [ car ]
//       the test reads the csv itself and integrates  PTE = int max(0, F_road(v) + m a) v dt
//       by the trapezoid rule on 1000 sub-steps of each second (a constant over a second).
//       The product takes each tick's energy exactly (road-load work by the midpoint, kinetic
//       energy exactly); the two differ by the quadratures only:
//           |PTE - PTE_ref| <= sum_s (h^2/24 + h_ref^2/12) max|d^2(F v)/dt^2| + crossings,
//           d^2(F v)/dt^2 = a^2 (6 F2 v + 2 F1) on a second with acceleration a.
//   (2) cumulative fuel = the integral of the fuel map along a prescribed operating path: the
//       crank follows w(t) = 100 + 30 t rad/s, throttle 1, torque map T = 0.2 w, so the brake
//       torque is linear in t and the bilinear fuel map mf(w, T) a quadratic q(t); the midpoint
//       rule gives exactly  int q dt - T h^2 q'' / 24  (Simpson's rule gives the integral).
//       L/100 km = (m_fuel / rho) / (distance / 100 km), g CO2/km = m_fuel c (44.009/12.011) / km.
//   (3) trace following on a constructed trace: the vehicle holds 10 m/s, the reference is
//       10 m/s + d(t), d = 0, 0, +1, -1, 0 m/s at 0, 10, 20, 30, 40 s (a km/h table, scale 1/3.6):
//           rms = sqrt(int d^2 / 40 s) = sqrt(3 x 10/3 / 40) m/s,  worst = 1 m/s at 20 s,
//           outside +-2 km/h (b = 5/9 m/s): 10 (1 - b) + 2 x 5 (1 - b) + 10 (1 - b) s.
//   (4) 0-100 km/h on a constant-force launch from rest (torque r F on the wheel):
//           no aero:  v = F t / m_eff                      -> t100 = m_eff v100 / F (the midpoint is exact)
//           aero k v^2: v = V tanh(t / tau), V = sqrt(F/k), tau = m_eff / sqrt(F k)
//                                                           -> t100 = tau atanh(v100 / V), second order in h
//       top speed, positive tractive energy (= 1/2 m_e v^2 without road load) and gradeability
//       100 tan(asin(m_e a / (m g))) from the same closed form.
//   (5) the energy split of a converter driveline on two ECE-15 cycles (labs/drive-cycle.lab.json
//       with a vehicle body instead of the wheel inertia and the road-load damper) sums to the
//       books: every category equals the sum of its components' own losses, the uncategorised
//       heat is rounding, and the parts sum to source_work - residual.
//   (6) bad input (fuel density 0, a NaN carbon fraction, a reference naming no signal): refused
//       `FILE: ID: FIELD: message`, exit 2, nothing written; the report's vehicle section is the
//       summary's, and a lab without a vehicle body has none.
#include "testutil.h"
#include "core/clitestutil.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <fstream>
#include <sstream>

#include "compile/compiler.h"
#include "io/checkedrun.h"
#include "io/labfile.h"
#include "io/vehicleresults.h"
#include "spec/labpath.h"
#include "spec/labreader.h"
#include "spec/labwriter.h"
#include "study/study.h"

using namespace drivelab;
using namespace drivelab::test;

class TestVehicleResults : public QObject {
    Q_OBJECT
private slots:
    void positiveTractiveEnergyOfEachCycle();
    void fuelAlongAPrescribedPath();
    void traceFollowing();
    void timeTo100OnAConstantForceLaunch();
    void energySplitSumsToTheBooks();
    void badInputRefused();
    void reportAndSweepCarryTheResults();
};

namespace {

constexpr double kM = 1500.0, kR = 0.3;
constexpr double kF0 = 150.0, kF1 = 2.0, kF2 = 0.45, kBand = 0.01;

/// run a model through the checked run (as `run` does) and return its vehicle results
VehicleSummary results(const std::shared_ptr<const Model>& model, EnergyReport* books = nullptr)
{
    Session s(model);
    ReportWriter w(*model);
    const RunOutcome r = runChecked(s, w, RunOptions{});
    if (r.status != RunStatus::Completed) qFatal("run failed: %s %s", r.solver.message.c_str(), r.books.message.c_str());
    if (!w.vehicle().present()) qFatal("no vehicle results");
    if (books) *books = s.energy();
    return w.vehicle().finish(s.energy());
}

double get(const VehicleSummary& v, const std::string& name)
{
    double x = 0.0;
    if (!v.value(name, x)) qFatal("no result %s", name.c_str());
    return x;
}

/// a cycle csv as the test reads it: speeds in m/s at t = 0, 1, 2, ... s
std::vector<double> readCycle(const std::string& file, double toMs)
{
    std::ifstream in(file);
    std::vector<double> v;
    std::string line;
    bool first = true;
    while (std::getline(in, line)) {
        if (line.empty() || line[0] == '#') continue;
        std::replace(line.begin(), line.end(), ',', ' ');
        std::istringstream row(line);
        double t = 0.0, x = 0.0;
        if (!(row >> t >> x)) {
            if (first) {
                first = false;
                continue; // the header
            }
            qFatal("%s: cannot read '%s'", file.c_str(), line.c_str());
        }
        first = false;
        if (t != static_cast<double>(v.size())) qFatal("%s: not 1 Hz at %g s", file.c_str(), t);
        v.push_back(x * toMs);
    }
    return v;
}

double roadLoad(double v)
{
    const double sat = std::fabs(v) < kBand ? v / kBand : (v > 0.0 ? 1.0 : -1.0);
    return kF0 * sat + kF1 * v + kF2 * v * std::fabs(v);
}

std::string carParams() { return R"("mass": 1500, "wheel_radius": 0.3, "coastdown_f0": 150, "coastdown_f1": 2, "coastdown_f2": 0.45)"; }

} // namespace

void TestVehicleResults::positiveTractiveEnergyOfEachCycle()
{
    struct Case {
        const char* file;
        double toMs;
    };
    const Case cases[] = {{"wltc-class3b.csv", 1.0 / 3.6}, {"udds.csv", 0.44704}, {"ftp75.csv", 0.44704}, {"hwfet.csv", 0.44704},
                          {"nedc.csv", 1.0 / 3.6}};
    const double h = 0.01, hRef = 1e-3;
    for (const Case& c : cases) {
        const std::string path = std::string(DRIVELAB_SOURCE_DIR) + "/labs/cycles/" + c.file;
        const std::vector<double> v = readCycle(path, c.toMs);
        QVERIFY(v.size() > 100);
        // the reference: the trapezoid rule on 1000 sub-steps of every second
        double ref = 0.0, bound = 0.0;
        for (std::size_t k = 0; k + 1 < v.size(); ++k) {
            const double a = v[k + 1] - v[k];
            const int n = 1000;
            double prev = 0.0;
            for (int j = 0; j <= n; ++j) {
                const double x = v[k] + a * j / n;
                const double f = std::max(0.0, roadLoad(x) + kM * a) * x;
                if (j > 0) ref += 0.5 * (prev + f) * hRef;
                prev = f;
            }
            // the quadratures: sum of (h^2/24 + h_ref^2/12) int |d^2 (F v)/dt^2|, beyond the standstill band
            // a^2 (6 F2 v + 2 F1), inside it (F0 v^2 / v_s) also 2 F0 a^2 / v_s over at most v_s / |a|; a kink of
            // F0 sat(v/v_s) v (its slope jumps by F0 |a| at v_s) h^2/8 times the jump; a sign change of
            // F + m a inside the second (max(0, .) of a tick against the exact) h^2 v |dF/dt|
            const double vMax = std::max(v[k], v[k + 1]), quad = h * h / 24.0 + hRef * hRef / 12.0;
            bound += quad * a * a * (6.0 * kF2 * vMax + 2.0 * kF1);
            if (std::min(v[k], v[k + 1]) < kBand && a != 0.0) bound += quad * 2.0 * kF0 * std::fabs(a) + (h * h + hRef * hRef) / 8.0 * kF0 * std::fabs(a);
            if ((roadLoad(v[k]) + kM * a > 0.0) != (roadLoad(v[k + 1]) + kM * a > 0.0))
                bound += (h * h + hRef * hRef) * vMax * std::fabs(a) * (kF1 + 2.0 * kF2 * vMax + (std::min(v[k], v[k + 1]) < kBand ? kF0 / kBand : 0.0));
        }
        const double duration = static_cast<double>(v.size() - 1);
        const std::string text =
            lab(runSettings(10000000, static_cast<long long>(duration) * 1000000000LL, 100), "[" + rot("wheel", 1e-6, 0.0) + "]",
                R"([{"id": "drive", "type": "speed_source", "node_a": "wheel", "inputs": {"speed": {"signal": "cycle", "scale": )" +
                    formatDouble(c.toMs / kR) + R"(}}},
                    {"id": "car", "type": "vehicle_body", "node_a": "wheel", "parameters": {)" +
                    carParams() + "}}]",
                "[]", R"([{"id": "cycle", "kind": "csv", "file": ")" + path + R"("}])");
        DL_COMPILE(model, text);
        const VehicleSummary s = results(model);
        const double pte = get(s, "positive_tractive_energy");
        qInfo("%s: positive tractive energy %.9g J, reference %.9g J, difference %.3g J (bound %.3g J)", c.file, pte, ref, pte - ref,
              bound);
        QVERIFY(std::fabs(pte - ref) <= bound);
        // the distance is the trapezoid sum of the samples, exactly the csv's
        double distance = 0.0;
        for (std::size_t k = 0; k + 1 < v.size(); ++k) distance += 0.5 * (v[k] + v[k + 1]);
        DL_NEAR(get(s, "distance"), distance, 1e-9 * distance);
        DL_NEAR(get(s, "top_speed_kmh"), 3.6 * *std::max_element(v.begin(), v.end()), 1e-9);
        QVERIFY(std::isnan(get(s, "trace_rms_kmh"))); // no reference named
    }
}

void TestVehicleResults::fuelAlongAPrescribedPath()
{
    // the path: w(t) = 100 + 30 t over 10 s; T = 0.2 w (torque map at throttle 1, no friction)
    const double h = 0.01, duration = 10.0, rho = 745.0, carbon = 0.866;
    const std::string text =
        lab(runSettings(10000000, 10000000000LL, 100), "[" + rot("crank", 0.1, 100.0) + "]",
            R"([{"id": "drive", "type": "speed_source", "node_a": "crank", "inputs": {"speed": {"signal": "w"}}},
                {"id": "engine", "type": "mapped_engine", "node_a": "crank", "parameters": {
                   "torque_map": {"x": [0, 1000], "y": [0, 1], "values": [[0, 0], [0, 200]]},
                   "fuel_map": {"x": [0, 1000], "y": [0, 300], "values": [[0.1, 0.5], [2.0, 9.0]]},
                   "lower_heating_value": 43000000, "fuel_density": 745, "fuel_carbon_fraction": 0.866},
                 "inputs": {"throttle": 1}},
                {"id": "car", "type": "vehicle_body", "node_a": "crank", "parameters": {"mass": 1500, "wheel_radius": 0.3,
                   "coastdown_f0": 150, "coastdown_f1": 2, "coastdown_f2": 0.45}}])",
            "[]", R"([{"id": "w", "kind": "ramp", "start": 0, "duration": 10, "from": 100, "to": 400}])");
    DL_COMPILE(model, text);
    const VehicleSummary s = results(model);
    // mf along the path, bilinear: f(w, T) on x = [0, 1000], y = [0, 300]
    const auto mf = [](double t) {
        const double w = 100.0 + 30.0 * t, torque = 0.2 * w, x = w / 1000.0, y = torque / 300.0;
        return 0.1 * (1 - x) * (1 - y) + 0.5 * (1 - x) * y + 2.0 * x * (1 - y) + 9.0 * x * y;
    };
    const double exact = duration / 6.0 * (mf(0.0) + 4.0 * mf(duration / 2.0) + mf(duration)); // Simpson: exact for a quadratic
    const double curvature = (mf(2.0) - 2.0 * mf(1.0) + mf(0.0));                               // q'' (1 s steps)
    const double midpoint = exact - duration * h * h * curvature / 24.0;
    qInfo("fuel %.15g g, the integral %.15g g, the midpoint rule's %.15g g", get(s, "fuel_mass"), exact, midpoint);
    DL_NEAR(get(s, "fuel_mass"), midpoint, 1e-12 * exact);
    // distance: r times the angle, w linear: r (100 T + 15 T^2)
    const double distance = kR * (100.0 * duration + 15.0 * duration * duration);
    DL_NEAR(get(s, "distance"), distance, 1e-9 * distance);
    // L/100 km and g CO2/km from the fuel data
    const double fuel = get(s, "fuel_mass");
    const double litres = fuel / 1000.0 / rho * 1000.0;
    DL_NEAR(get(s, "fuel_volume"), litres, 1e-14 * litres);
    DL_NEAR(get(s, "fuel_l_per_100km"), litres * 100.0 / (distance / 1000.0), 1e-9 * litres * 100.0 / (distance / 1000.0));
    const double co2 = fuel * carbon * 44.009 / 12.011;
    DL_NEAR(get(s, "co2_mass"), co2, 1e-13 * co2);
    DL_NEAR(get(s, "co2_g_per_km"), co2 / (distance / 1000.0), 1e-9 * co2 / (distance / 1000.0));
    // a litre of this petrol: 745 g x 0.866 x 3.664 = 2364 g CO2 (published petrol figures: 2.3-2.4 kg/L)
    DL_NEAR(get(s, "co2_mass") / get(s, "fuel_volume"), 745.0 * 0.866 * 44.009 / 12.011, 1e-9);
}

void TestVehicleResults::traceFollowing()
{
    const double v0 = 10.0, b = 2.0 / 3.6;
    // the reference in km/h: 3.6 (10 + d)
    std::string points;
    const double d[] = {0.0, 0.0, 1.0, -1.0, 0.0};
    for (int i = 0; i < 5; ++i) points += (i ? ", [" : "[") + formatDouble(10.0 * i) + ", " + formatDouble(3.6 * (v0 + d[i])) + "]";
    const std::string text = R"({"format": "drivelab.lab", "version": 1, "run": )" + runSettings(10000000, 40000000000LL, 100) +
                             R"(, "nodes": [)" + rot("wheel", 1e-6, v0 / kR) + R"(],
        "components": [{"id": "hold", "type": "speed_source", "node_a": "wheel", "inputs": {"speed": )" +
                             formatDouble(v0 / kR) + R"(}},
                       {"id": "car", "type": "vehicle_body", "node_a": "wheel", "parameters": {)" +
                             carParams() + R"(}}],
        "signals": [{"id": "cycle", "kind": "table", "points": [)" +
                             points + R"(]}],
        "results": {"reference_speed": {"signal": "cycle", "scale": )" +
                             formatDouble(1.0 / 3.6) + "}}}";
    DL_COMPILE(model, text);
    const VehicleSummary s = results(model);
    const double rms = std::sqrt(3.0 * 10.0 / 3.0 / 40.0), outside = 10.0 * (1 - b) + 2.0 * 5.0 * (1 - b) + 10.0 * (1 - b);
    qInfo("rms %.15g km/h (expected %.15g), worst %.15g km/h at %g s, outside %.15g s (expected %.15g)", get(s, "trace_rms_kmh"),
          3.6 * rms, get(s, "trace_worst_kmh"), get(s, "trace_worst_time"), get(s, "trace_outside_time"), outside);
    DL_NEAR(get(s, "trace_rms_kmh"), 3.6 * rms, 1e-12);
    DL_NEAR(get(s, "trace_worst_kmh"), 3.6, 1e-12);
    DL_NEAR(get(s, "trace_worst_time"), 20.0, 1e-12);
    DL_NEAR(get(s, "trace_outside_time"), outside, 1e-9);
    QCOMPARE(s.reference, std::string("cycle"));
    // the band's measure for one linear piece, both sides and none
    DL_NEAR(timeOutsideBand(0.0, 2.0, 1.0, 1.0), 0.5, 1e-15);
    DL_NEAR(timeOutsideBand(2.0, -2.0, 1.0, 1.0), 0.5, 1e-15);
    QCOMPARE(timeOutsideBand(0.5, -0.5, 1.0, 1.0), 0.0);
    QCOMPARE(timeOutsideBand(3.0, 1.5, 1.0, 0.1), 0.1);
}

namespace {

/// a launch from rest: torque r F on the wheel; aero k (coast-down F2), no rolling
std::string launchLab(long long tickNs, double force, double k, double seconds)
{
    return lab(runSettings(tickNs, static_cast<long long>(seconds * 1e9), 1000000000LL / tickNs), "[" + rot("wheel", 0.5, 0.0) + "]",
               R"([{"id": "push", "type": "torque_source", "node_a": "wheel", "inputs": {"torque": )" + formatDouble(force * kR) + R"(}},
                   {"id": "car", "type": "vehicle_body", "node_a": "wheel", "parameters": {"mass": 1500, "wheel_radius": 0.3,
                    "rotating_inertia": 2.7, "coastdown_f0": 0, "coastdown_f1": 0, "coastdown_f2": )" +
                   formatDouble(k) + "}}]");
}

} // namespace

void TestVehicleResults::timeTo100OnAConstantForceLaunch()
{
    const double force = 6000.0, v100 = 100.0 / 3.6, g = 9.80665;
    const double mEff = (0.5 + kM * kR * kR + 2.7) / (kR * kR); // the node's inertia too
    const double mE = kM + 2.7 / (kR * kR);                     // the vehicle's (the results' m_e)
    {
        // no aero: v = F t / m_eff, exact under the midpoint
        DL_COMPILE(model, launchLab(1000000, force, 0.0, 10.0));
        const VehicleSummary s = results(model);
        qInfo("no aero: 0-100 %.15g s, closed form %.15g s", get(s, "time_0_100_kmh"), mEff * v100 / force);
        DL_NEAR(get(s, "time_0_100_kmh"), mEff * v100 / force, 1e-12 * mEff * v100 / force);
        const double vEnd = force * 10.0 / mEff;
        DL_NEAR(get(s, "top_speed_kmh"), 3.6 * vEnd, 1e-11 * vEnd);
        DL_NEAR(get(s, "positive_tractive_energy"), 0.5 * mE * vEnd * vEnd, 1e-11 * mE * vEnd * vEnd);
        const double excess = mE * force / mEff;
        DL_NEAR(get(s, "max_excess_force"), excess, 1e-9 * excess);
        DL_NEAR(get(s, "gradeability"), 100.0 * std::tan(std::asin(excess / (kM * g))), 1e-9);
    }
    // aero: v = V tanh(t / tau). Two second-order errors, each bounded: the midpoint's speed
    // error, h^2 int |tau| dt with tau = f'' f^2/24 - f'^2 f/12 its local error per h^3 (f(v) = (F -
    // k v^2) / m_eff), turned into time by 1/f; and the linear interpolation of the crossing between
    // two samples, h^2/8 |v''| / v' with v'' = f' f
    const double k = 0.45, vMax = std::sqrt(force / k), tau = mEff / std::sqrt(force * k);
    const double t100 = tau * std::atanh(v100 / vMax);
    const auto f = [&](double v) { return (force - k * v * v) / mEff; };
    const auto fp = [&](double v) { return -2.0 * k * v / mEff; };
    double maxTau = 0.0;
    for (int i = 0; i <= 1000; ++i) {
        const double v = v100 * i / 1000.0, fv = f(v);
        maxTau = std::max(maxTau, std::fabs(-2.0 * k / mEff * fv * fv / 24.0 - fp(v) * fp(v) * fv / 12.0));
    }
    for (const long long tickNs : {2000000LL, 1000000LL}) {
        const double h = static_cast<double>(tickNs) * 1e-9;
        const double bound = h * h * (t100 * maxTau / f(v100) + std::fabs(fp(v100)) / 8.0) + 1e-12;
        DL_COMPILE(model, launchLab(tickNs, force, k, 60.0));
        const VehicleSummary s = results(model);
        const double error = get(s, "time_0_100_kmh") - t100;
        qInfo("aero, h = %g ms: 0-100 %.12g s, closed form %.12g s, error %.3g s (bound %.3g s); top speed %.12g km/h, closed form %.12g",
              h * 1e3, get(s, "time_0_100_kmh"), t100, error, bound, get(s, "top_speed_kmh"), 3.6 * vMax * std::tanh(60.0 / tau));
        QVERIFY(std::fabs(error) <= bound);
        DL_NEAR(get(s, "top_speed_kmh"), 3.6 * vMax * std::tanh(60.0 / tau), 1e-6);
    }
}

namespace {

/// labs/drive-cycle.lab.json with a vehicle body (1400 kg, 0.3 m, coast-down road load) in place of
/// the wheels' inertia and the road-load damper, and the cycle as its reference speed
LabSpec driveCycleWithVehicle()
{
    std::ifstream in(std::string(DRIVELAB_SOURCE_DIR) + "/labs/drive-cycle.lab.json");
    std::stringstream text;
    text << in.rdbuf();
    Json j = Json::parse(text.str());
    for (Json& n : j["nodes"])
        if (n["id"] == "wheels") n["inertia"] = 1.0;
    Json comps = Json::array();
    for (Json& c : j["components"]) {
        if (c["id"] == "road_load") continue;
        comps.push_back(c);
    }
    comps.push_back(Json::parse(R"({"id": "car", "type": "vehicle_body", "node_a": "wheels", "parameters": {"mass": 1400,
        "wheel_radius": 0.3, "rotating_inertia": 0, "coastdown_f0": 140, "coastdown_f1": 1.5, "coastdown_f2": 0.42}})"));
    j["components"] = comps;
    j["results"] = Json::parse(R"({"vehicle": "car", "reference_speed": {"signal": "cycle", "scale": 0.2777777777777778}})");
    LabReadResult r = readLabJson(j);
    if (!r.lab) qFatal("the drive-cycle variant does not read");
    r.lab->baseDir = std::string(DRIVELAB_SOURCE_DIR) + "/labs";
    return *r.lab;
}

} // namespace

void TestVehicleResults::energySplitSumsToTheBooks()
{
    const CompileResult c = compile(driveCycleWithVehicle());
    QVERIFY2(c.model, qPrintable(describe(c.diagnostics)));
    EnergyReport books;
    const VehicleSummary s = results(c.model, &books);
    // every category is the sum of its components' own cumulative losses, read from the run
    Session check(c.model);
    QVERIFY(check.run(c.model->ticks).status == BatchStatus::Completed);
    std::vector<double> v(check.observableCount());
    check.observe(v.data());
    const auto layout = observableLayout(*c.model);
    const auto at = [&](const char* id, const char* name) {
        for (std::size_t i = 0; i < layout.size(); ++i)
            if (layout[i].subject == id && layout[i].name == name) return v[i];
        qFatal("no %s.%s", id, name);
    };
    DL_NEAR(get(s, "energy_split.converter"), at("tc", "fluid_heat"), 0.0);
    DL_NEAR(get(s, "energy_split.clutches"), at("lockup", "friction_heat") + at("direct_clutch", "friction_heat"), 1e-9);
    DL_NEAR(get(s, "energy_split.brakes"), at("ring_brake", "friction_heat") + at("service_brake", "friction_heat"), 1e-9);
    DL_NEAR(get(s, "energy_split.dampers"), at("engine_friction", "heat"), 0.0);
    DL_NEAR(get(s, "energy_split.aero"), at("car", "aero_heat"), 0.0);
    DL_NEAR(get(s, "energy_split.rolling"), at("car", "rolling_heat"), 0.0);
    DL_NEAR(get(s, "energy_split.grade"), 0.0, 0.0);
    // the categorised losses are all the heat the books hold
    const double heat = books.heatToNodes + books.heatToLedger;
    double sum = 0.0;
    for (const auto& [name, e] : s.split) sum += e;
    qInfo("heat %.12g J, uncategorised %.3g J; split sum %.12g J, source work - residual %.12g J", heat, get(s, "energy_split.other_heat"),
          sum, books.sourceWork - books.residual);
    QVERIFY(std::fabs(get(s, "energy_split.other_heat")) <= 1e-12 * heat);
    DL_NEAR(sum, books.sourceWork - books.residual, 1e-12 * books.sourceWork);
    // the per-component list carries each loss once
    double parts = 0.0;
    for (const SplitPart& p : s.parts) parts += p.energy;
    DL_NEAR(parts, heat, 1e-12 * heat);
    // trace following of the PI driver (docs/DRIVE_CYCLE.md: inside the +-2 km/h band)
    qInfo("trace: rms %.4g km/h, worst %.4g km/h at %g s, outside %.4g s; PTE %.6g MJ", get(s, "trace_rms_kmh"), get(s, "trace_worst_kmh"),
          get(s, "trace_worst_time"), get(s, "trace_outside_time"), get(s, "positive_tractive_energy") / 1e6);
    QVERIFY(get(s, "trace_rms_kmh") > 0.0 && get(s, "trace_rms_kmh") < 2.0);
}

void TestVehicleResults::badInputRefused()
{
    QTemporaryDir dir;
    const auto engineLab = [](const std::string& fuel) {
        return lab(runSettings(1000000, 100000000, 10), "[" + rot("crank", 0.1, 100.0) + "]",
                   R"([{"id": "engine", "type": "mapped_engine", "node_a": "crank", "parameters": {
                       "torque_map": {"x": [0, 1000], "y": [0, 1], "values": [[0, 0], [0, 200]]},
                       "fuel_map": {"x": [0, 1000], "y": [0, 300], "values": [[0.1, 0.5], [2.0, 9.0]]},
                       "lower_heating_value": 43000000, )" +
                       fuel + R"(}},
                   {"id": "car", "type": "vehicle_body", "node_a": "crank", "parameters": {)" +
                       carParams() + "}}]");
    };
    struct Case {
        std::string text, line;
    };
    const Case cases[] = {
        {engineLab(R"("fuel_density": 0, "fuel_carbon_fraction": 0.866)"), "engine: mapped_engine.fuel_density: must be in [0.001, 1e+05]"},
        {engineLab(R"("fuel_density": -745, "fuel_carbon_fraction": 0.866)"), "engine: mapped_engine.fuel_density: must be in"},
        {engineLab(R"("fuel_density": 745, "fuel_carbon_fraction": 1.5)"), "engine: mapped_engine.fuel_carbon_fraction: must be in [0, 1]"},
        {engineLab(R"("fuel_density": 745, "fuel_carbon_fraction": NaN)"), ": -: -: "}, // JSON has no NaN
    };
    const QString cli = DRIVELAB_CLI;
    int k = 0;
    for (const Case& c : cases) {
        const QString file = writeTestFile(dir, QString("bad%1.lab.json").arg(k++), c.text);
        const QString out = dir.filePath("report.json");
        for (const QStringList& args : {QStringList{"check", file}, QStringList{"run", file, "--output", out}}) {
            const CliResult r = runCli(cli, args, 30000);
            qInfo("%s", qPrintable(r.err.trimmed()));
            QCOMPARE(r.exit, 2);
            QVERIFY2(r.err.contains(QString::fromStdString(file.toStdString() + ": " + c.line).mid(0)) ||
                         r.err.contains(QString::fromStdString(c.line)),
                     qPrintable(r.err));
            QVERIFY(r.err.startsWith(file + ": "));
            QVERIFY(!QFile::exists(out));
        }
    }
    // a NaN carbon fraction set through a value path (Python's Lab.set, a sweep factor): refused there
    LabReadResult r = readLab(engineLab(R"("fuel_density": 745, "fuel_carbon_fraction": 0.866)"));
    QVERIFY(r.lab);
    std::string why;
    QVERIFY(!setLabValue(*r.lab, "engine.mapped_engine.fuel_carbon_fraction", std::nan(""), why));
    qInfo("set: %s", why.c_str());
    QVERIFY(!why.empty());
    // and put into the spec directly (an editor field, a program building a spec): the compiler
    r.lab->findComponent("engine")->parameters["fuel_carbon_fraction"] = std::nan("");
    const CompileResult nan = compile(*r.lab);
    qInfo("%s", qPrintable(describe(nan.diagnostics)));
    QVERIFY(!nan.model);
    QVERIFY2(describe(nan.diagnostics).contains("engine: mapped_engine.fuel_carbon_fraction: "), qPrintable(describe(nan.diagnostics)));
    // the results section: a reference that names no signal, an unknown field, a vehicle that is not one
    struct Section {
        std::string results, line;
    };
    const Section sections[] = {
        {R"({"reference_speed": {"signal": "nope"}})", "results: reference_speed.signal: 'nope' is not a signal of the lab"},
        {R"({"reference_speed": {"signal": "cycle", "scale": 0}})", "results: reference_speed.scale: must not be 0"},
        {R"({"vehicle": "engine"})", "results: vehicle: 'engine' is not a vehicle_body of the lab"},
        {R"({"fuel": 1})", "results: fuel: unknown field 'fuel'"},
    };
    for (const Section& s : sections) {
        std::string text = engineLab(R"("fuel_density": 745)");
        text.pop_back();
        text += R"(, "signals": [{"id": "cycle", "kind": "step", "time": 1, "after": 50}], "results": )" + s.results + "}";
        const QString file = writeTestFile(dir, QString("bad%1.lab.json").arg(k++), text);
        const CliResult rr = runCli(cli, {"check", file}, 30000);
        qInfo("%s", qPrintable(rr.err.trimmed()));
        QCOMPARE(rr.exit, 2);
        QVERIFY2(rr.err.contains(file + ": " + QString::fromStdString(s.line)), qPrintable(rr.err));
    }
}

void TestVehicleResults::reportAndSweepCarryTheResults()
{
    QTemporaryDir dir;
    const double force = 6000.0;
    const std::string text = launchLab(1000000, force, 0.45, 20.0);
    const QString file = writeTestFile(dir, "launch.lab.json", text);
    const QString out = dir.filePath("report.json");
    const CliResult r = runCli(DRIVELAB_CLI, {"run", file, "--output", out, "--quiet"}, 60000);
    QCOMPARE(r.exit, 0);
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const Json report = Json::parse(f.readAll().toStdString());
    QVERIFY(report.contains("vehicle"));
    DL_COMPILE(model, text);
    const VehicleSummary s = results(model);
    const Json section = report["vehicle"];
    const Json mine = s.toJson();
    QCOMPARE(section.dump(), mine.dump()); // the same numbers, bit for bit
    QVERIFY(section["time_0_100_kmh"].is_number());
    QVERIFY(section["fuel_mass"].is_null()); // no engine
    // the sweep: a vehicle result as a metric, the same value
    const Json sweep = Json::parse(R"({"format": "drivelab.sweep", "version": 1, "lab": "launch.lab.json",
        "factors": [{"path": "push.inputs.torque", "values": [1800]}],
        "metrics": [{"name": "t100", "reduce": "vehicle", "result": "time_0_100_kmh"},
                    {"name": "aero", "reduce": "vehicle", "result": "energy_split.aero"},
                    {"name": "top", "reduce": "vehicle", "result": "top_speed_kmh"}]})");
    study::Study st;
    Diagnostics d;
    QVERIFY2(study::prepareStudyJson(sweep, dir.path().toStdString(), st, d), qPrintable(describe(d)));
    const study::Row row = study::runVariant(st, 0);
    QVERIFY2(row.error.empty(), row.error.c_str());
    QCOMPARE(row.metrics[0], get(s, "time_0_100_kmh"));
    QCOMPARE(row.metrics[1], get(s, "energy_split.aero"));
    QCOMPARE(row.metrics[2], get(s, "top_speed_kmh"));
    // a result name that is not one is refused before anything runs
    Json bad = sweep;
    bad["metrics"][0]["result"] = "litres";
    study::Study st2;
    Diagnostics d2;
    QVERIFY(!study::prepareStudyJson(bad, dir.path().toStdString(), st2, d2));
    QVERIFY2(describe(d2).contains("metrics[0].result"), qPrintable(describe(d2)));
    // a lab without a vehicle body has no vehicle section
    const QString plain = writeTestFile(dir, "plain.lab.json",
                                        lab(runSettings(1000000, 10000000, 5), "[" + rot("a", 1.0, 1.0) + "]",
                                            R"([{"id": "d", "type": "damper", "node_a": "a", "parameters": {"damping": 1}}])"));
    QCOMPARE(runCli(DRIVELAB_CLI, {"run", plain, "--output", out, "--quiet"}, 30000).exit, 0);
    QFile g(out);
    QVERIFY(g.open(QIODevice::ReadOnly));
    QVERIFY(!Json::parse(g.readAll().toStdString()).contains("vehicle"));
}

QTEST_GUILESS_MAIN(TestVehicleResults)
#include "tst_vehicleresults.moc"
