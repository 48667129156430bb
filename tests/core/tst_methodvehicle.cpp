// The vehicle and drive types under the two-stage methods (run.method gauss2, radau3; issue 37,
// target 2; docs/PHYSICS.md, "Gauss-Legendre": supported): vehicle_body, tyre, mapped_engine,
// speed_source and shift_schedule, each at each method's order on a smooth stretch (against a
// closed form or a tight self-reference), their books closed, and the shipped labs that use them
// running with either method.
#include <cstring>
#include <functional>

#include "methodlabs.h"

using namespace drivelab;
using namespace drivelab::test;

class TestMethodVehicle : public QObject {
    Q_OBJECT
private slots:
    void vehicleBodyAtTheMethodsOrder();
    void tyreAtTheMethodsOrder();
    void mappedEngineFuelIsTheStageQuadrature();
    void mappedEngineAtTheMethodsOrder();
    void speedSourceAtTheMethodsOrder();
    void speedSourceBreakawayAtItsInstant();
    void shiftScheduleAtTheMethodsOrder();
    void shippedLabsRunWithEachMethod_data();
    void shippedLabsRunWithEachMethod();
};

namespace {

/// an observable read at the run's end, its error scaled by `scale`
struct Probe {
    const char* subject;
    const char* name;
    double scale;
};

/// the order check of one method: the largest scaled error of the probes against the run at
/// `refTick` (a self-reference), or against `exact` when given, at the three ticks; successive
/// errors must fall by more than 2^(order - 1/2) (gauss2: order 4, radau3: 3). Books closed in every run.
void checkOrder(const char* what, const std::function<std::string(long long, const char*)>& labAt, const long long ticks[3],
                long long refTick, const std::vector<Probe>& probes, const std::vector<double>& exact = {})
{
    for (const char* method : {"gauss2", "radau3"}) {
        std::vector<double> ref = exact;
        if (ref.empty()) {
            DL_COMPILE(model, labAt(refTick, method));
            DL_SIMULATE(trace, model);
            DL_ENERGY_BALANCED(trace);
            for (const Probe& p : probes) ref.push_back(trace.at(trace.rows.size() - 1, p.subject, p.name));
        }
        double err[3];
        for (int k = 0; k < 3; ++k) {
            DL_COMPILE(model, labAt(ticks[k], method));
            DL_SIMULATE(trace, model);
            DL_ENERGY_BALANCED(trace);
            err[k] = 0.0;
            for (std::size_t i = 0; i < probes.size(); ++i)
                err[k] = std::max(err[k], std::fabs(trace.at(trace.rows.size() - 1, probes[i].subject, probes[i].name) - ref[i]) / probes[i].scale);
        }
        const double r1 = err[0] / err[1], r2 = err[1] / err[2];
        const QString msg = QString("%1, %2: errors %3 %4 %5 at %6, %7, %8 us (ratios %9, %10)")
                                .arg(what).arg(method).arg(err[0]).arg(err[1]).arg(err[2])
                                .arg(ticks[0] / 1000).arg(ticks[1] / 1000).arg(ticks[2] / 1000).arg(r1).arg(r2);
        qInfo("%s", qPrintable(msg));
        const double order = std::pow(2.0, std::strcmp(method, "gauss2") ? 2.5 : 3.5);
        QVERIFY2(r1 > order && r2 > order, qPrintable(msg));
    }
}

/// an engine inertia driving a car through an elastic driveshaft, on a 3 % grade, 2 s:
///   [engine J = 0.2, 30 rad/s] --src 150 N m; shaft k = 300 N m/rad, c = 2-- [axle 0.5, 30 rad/s: car 1500 kg, r = 0.3 m,
///   coast-down F0 133, F1 2, F2 0.42]
std::string vehicleLab(long long tickNs, const char* method)
{
    return lab(runWith(tickNs, 2000000000, method), "[" + rot("engine", 0.2, 30.0) + "," + rot("axle", 0.5, 30.0) + "]",
               R"([{"id": "src", "type": "torque_source", "node_a": "engine", "inputs": {"torque": 150}},
                   {"id": "shaft", "type": "spring", "node_a": "engine", "node_b": "axle", "parameters": {"stiffness": 300, "damping": 2}},
                   {"id": "car", "type": "vehicle_body", "node_a": "axle", "inputs": {"grade": 3},
                    "parameters": {"mass": 1500, "wheel_radius": 0.3, "coastdown_f0": 133, "coastdown_f1": 2, "coastdown_f2": 0.42}}])");
}

/// a wheel slipping against a car, 1 s: [engine 0.2, 35 rad/s] --shaft k 2000 N m/rad, c 1-- [axle 0.05 + wheel 2 kg m^2,
/// 35 rad/s] --tyre (r 0.3, Fz 2 kN, B 10, C 1.9, D 1, E 0.97)-- [car node 0.05, 33.3 rad/s: 1500 kg, r 0.3, Cd 0.3, A 2.2,
/// Cr 0.01]; 400 N m on the engine (the shaft rings at ~100 rad/s, so the slip keeps moving)
std::string tyreLab(long long tickNs, const char* method)
{
    return lab(runWith(tickNs, 1000000000, method),
               "[" + rot("engine", 0.2, 35.0) + "," + rot("axle", 0.05, 35.0) + "," + rot("carnode", 0.05, 100.0 / 3.0) + "]",
               R"([{"id": "drive", "type": "torque_source", "node_a": "engine", "inputs": {"torque": 400}},
                   {"id": "shaft", "type": "spring", "node_a": "engine", "node_b": "axle", "parameters": {"stiffness": 2000, "damping": 1}},
                   {"id": "tyre", "type": "tyre", "node_a": "axle", "node_b": "carnode",
                    "parameters": {"wheel_radius": 0.3, "normal_load": 2000, "B": 10, "C": 1.9, "D": 1, "E": 0.97, "wheel_inertia": 2}},
                   {"id": "car", "type": "vehicle_body", "node_a": "carnode",
                    "parameters": {"mass": 1500, "wheel_radius": 0.3, "drag_coefficient": 0.3, "frontal_area": 2.2, "rolling_coefficient": 0.01}}])");
}

/// the mapped engine's tables: torque planar T_map = 20 + 0.1 w + 150 th over w in [0, 400], th in [0, 1]; friction
/// 5 + 0.02 w; fuel bilinear mf = 2.5 + 0.01 w + 0.02 T + 1e-4 w T [g/s] over w in [0, 400], T in [-50, 250]
double engineFuel(double w, double t) { return 2.5 + 0.01 * w + 0.02 * t + 1e-4 * w * t; }
std::string engineJson(const std::string& node)
{
    Json torque{{"x", {0, 400}}, {"y", {0, 1}}, {"values", {{20.0, 170.0}, {60.0, 210.0}}}};
    Json fuel{{"x", {0, 400}}, {"y", {-50, 250}}, {"values", {{engineFuel(0, -50), engineFuel(0, 250)}, {engineFuel(400, -50), engineFuel(400, 250)}}}};
    return R"({"id": "eng", "type": "mapped_engine", "node_a": ")" + node + R"(", "inputs": {"throttle": 0.5},
               "parameters": {"torque_map": )" + torque.dump() + R"(, "fuel_map": )" + fuel.dump() +
           R"(, "friction_curve": [{"speed": 0, "torque": 5}, {"speed": 400, "torque": 13}], "lower_heating_value": 43000000}})";
}

/// the engine on a flywheel, a spring to a load with a damper, 1 s:
///   [e 0.2, 150 rad/s] --eng (throttle 0.5)--; --k 200, c 1-- [load 1.0, 150 rad/s] --damper 0.5-- ground
std::string engineLab(long long tickNs, const char* method)
{
    return lab(runWith(tickNs, 1000000000, method), "[" + rot("e", 0.2, 150.0) + "," + rot("load", 1.0, 150.0) + "]",
               "[" + engineJson("e") + R"(,
                   {"id": "k", "type": "spring", "node_a": "e", "node_b": "load", "parameters": {"stiffness": 200, "damping": 1}},
                   {"id": "d", "type": "damper", "node_a": "load", "parameters": {"damping": 0.5}}])");
}

/// a speed source on a ramp (10 -> 50 rad/s over 1 s) through a gear (w_a = 2 w_c: c a dependent of the
/// prescribed state) and a damped spring to an inertia, 1 s:
///   [a: src ramp] =gear 2= [c 0.1] --k 100, c 0.5-- [b 0.5, 5 rad/s] --damper 0.2-- ground
std::string sourceLab(long long tickNs, const char* method)
{
    return lab(runWith(tickNs, 1000000000, method), "[" + rot("a", 0.3, 10.0) + "," + rot("c", 0.1, 5.0) + "," + rot("b", 0.5, 5.0) + "]",
               R"([{"id": "src", "type": "speed_source", "node_a": "a", "inputs": {"speed": {"signal": "w"}}},
                   {"id": "g", "type": "gear", "node_a": "a", "node_b": "c", "parameters": {"ratio": 2}},
                   {"id": "k", "type": "spring", "node_a": "c", "node_b": "b", "parameters": {"stiffness": 100, "damping": 0.5}},
                   {"id": "d", "type": "damper", "node_a": "b", "parameters": {"damping": 0.2}}])",
               "[]", R"([{"id": "w", "kind": "ramp", "start": 0, "duration": 1, "from": 10, "to": 50}])");
}

} // namespace

// vehicle_body: an engine driving a car up a 3 % grade through an elastic shaft (vehicleLab). Per stage
// the body books b_i h at its stage speed v_i: heats F_aero (v + wind) b_i h and F_roll v b_i h, height
// sin(theta) v b_i h (its m g z stored), so F v b_i h = the heats + m g dz per stage; its inertia is
// the node's. Self-reference at 0.3125 ms; errors (speeds / 30 rad/s, height / 1 m) at 10, 5, 2.5 ms
// fall 16x (gauss2) and 8x (radau3) per halving (asked 2^3.5, 2^2.5); books closed in every run.
void TestMethodVehicle::vehicleBodyAtTheMethodsOrder()
{
    const long long ticks[3] = {10000000, 5000000, 2500000};
    checkOrder("vehicle_body", vehicleLab, ticks, 312500,
               {{"engine", "speed", 30.0}, {"axle", "speed", 30.0}, {"car", "height", 1.0}, {"car", "distance", 10.0}});
    // the acceleration's mean over the last tick is r (w(T) - w(T - h)) / h: each stage books its share
    for (const char* method : {"gauss2", "radau3"}) {
        Json j = Json::parse(vehicleLab(10000000, method));
        j["run"]["report_every_ticks"] = 1;
        DL_COMPILE(everyTick, j.dump());
        DL_SIMULATE(trace, everyTick);
        const std::size_t last = trace.rows.size() - 1;
        const double a = trace.at(last, "car", "acceleration");
        const double expected = 0.3 * (trace.at(last, "axle", "speed") - trace.at(last - 1, "axle", "speed")) / 0.01;
        QVERIFY2(std::fabs(a - expected) <= 1e-12 * (std::fabs(expected) + 1.0),
                 qPrintable(QString("%1: acceleration %2, r dw / h %3").arg(method).arg(a, 0, 'g', 17).arg(expected, 0, 'g', 17)));
    }
}

// tyre: a wheel driven at 400 N m through an elastic shaft, slipping against a car at 10 m/s (tyreLab),
// slip ~0.05 below the peak; the force is taken at each stage's speeds (no stage fraction), the slip heat b_i h F_i s_i per
// stage. The slip mode's rate lambda ~ mu B C D Fz r^2 / (J_w v) = 167 1/s: h lambda 0.33 to 0.08 at
// 2, 1, 0.5 ms. Self-reference at 62.5 us; errors (speeds / 35 rad/s, slip heat / 1 kJ) fall 16x / 8x.
void TestMethodVehicle::tyreAtTheMethodsOrder()
{
    const long long ticks[3] = {2000000, 1000000, 500000};
    checkOrder("tyre", tyreLab, ticks, 62500,
               {{"engine", "speed", 35.0}, {"axle", "speed", 35.0}, {"carnode", "speed", 35.0}, {"tyre", "slip_heat", 1000.0}});
}

// mapped_engine on a prescribed line: [speed_source w(t) = 100 + 200 t (a ramp signal)] => [e] --eng (th 0.5)
// With the throttle constant, T(t) = 20 + 0.1 w + 75 - (5 + 0.02 w) = 90 + 0.08 w is linear in t (T' = 16 N m/s)
// and mf(t) = fuel(w(t), T(t)) quadratic, mf'' = 2 1e-4 w' T' = 0.64 g/s^3. The stages lie on the line
// exactly (the speed source's stage form), so the fuel booked, sum_i b_i h mf(X_i), is the stage quadrature
// of mf: exact for a quadratic with both methods (Gauss 2-point: degree 3; Radau 2-point: degree 2), so at
// 1 s fuel_mass = F(1) = (mf(0) + 4 mf(1/2) + mf(1)) / 6 (Simpson, exact) to rounding. The midpoint's
// sum is F(1) - mf'' h^2 / 24 (the check that tells them apart: 2.7e-6 g at 10 ms).
void TestMethodVehicle::mappedEngineFuelIsTheStageQuadrature()
{
    const auto mf = [](double t) {
        const double w = 100.0 + 200.0 * t;
        return engineFuel(w, 90.0 + 0.08 * w);
    };
    const double exact = (mf(0.0) + 4.0 * mf(0.5) + mf(1.0)) / 6.0, h = 0.01;
    for (const char* method : {"gauss2", "radau3", static_cast<const char*>(nullptr)}) {
        DL_COMPILE(model, lab(runWith(10000000, 1000000000, method), "[" + rot("e", 0.2, 100.0) + "]",
                              R"([{"id": "src", "type": "speed_source", "node_a": "e", "inputs": {"speed": {"signal": "w"}}}, )" +
                                  engineJson("e") + "]",
                              "[]", R"([{"id": "w", "kind": "ramp", "start": 0, "duration": 1, "from": 100, "to": 300}])"));
        DL_SIMULATE(trace, model);
        DL_ENERGY_BALANCED(trace);
        const double fuel = trace.at(trace.rows.size() - 1, "eng", "fuel_mass");
        const double expected = method ? exact : exact - 0.64 * h * h / 24.0;
        const QString msg = QString("%1: fuel %2 g, expected %3 g (Simpson %4)")
                                .arg(method ? method : "midpoint").arg(fuel, 0, 'g', 17).arg(expected, 0, 'g', 17).arg(exact, 0, 'g', 17);
        qInfo("%s", qPrintable(msg));
        QVERIFY2(std::fabs(fuel - expected) <= 1e-12 * exact, qPrintable(msg));
    }
}

// mapped_engine free: the engine on a flywheel driving a damped load through a spring (engineLab); the
// map torque and the fuel flow at each stage's speed. Self-reference at 0.3125 ms; errors (speeds /
// 150 rad/s, fuel / 1 g) at 10, 5, 2.5 ms fall 16x / 8x.
void TestMethodVehicle::mappedEngineAtTheMethodsOrder()
{
    const long long ticks[3] = {10000000, 5000000, 2500000};
    checkOrder("mapped_engine", engineLab, ticks, 312500, {{"e", "speed", 150.0}, {"load", "speed", 150.0}, {"eng", "fuel_mass", 1.0}});
}

// speed_source: its node on the line from w0 to the input's value at the interval's end, so its stages
// X_i = w0 + c_i dw and a gear's dependent c by PF c_i dw (sourceLab); the ramp is linear, so the
// prescribed path is the exact one at every tick. Self-reference at 0.3125 ms; errors (speeds / 10 rad/s,
// deflection / 0.1 rad) at 10, 5, 2.5 ms fall 16x / 8x; its reaction's work is source work per stage.
void TestMethodVehicle::speedSourceAtTheMethodsOrder()
{
    const long long ticks[3] = {10000000, 5000000, 2500000};
    checkOrder("speed_source", sourceLab, ticks, 312500, {{"b", "speed", 10.0}, {"c", "speed", 10.0}, {"k", "deflection", 0.1}});
}

// A speed source drives a load through a clutch that breaks away:
//
//   [a: src w = 10 + 20 t] --clutch (30 N m, kinetic 0.9)-- [b: J = 0.5, 10 rad/s] --spring k = 4 N m/rad-- ground
//
// Locked, b follows the source (angle 10 t + 10 t^2): the clutch carries J w' + k angle = 10 + 40 t + 40 t^2
// N m, the capacity at t^2 + t = 1/2, t* = (sqrt(3) - 1)/2 = 0.366 s (inside a 7 ms tick). The torque at an
// instant includes the prescribed acceleration (the dependent's J PF w_a'), so the breakaway is root-found
// at t* to 1e-12 s with both methods (without it the torque would miss J w' = 10 N m).
void TestMethodVehicle::speedSourceBreakawayAtItsInstant()
{
    for (const char* method : {"gauss2", "radau3"}) {
        DL_COMPILE(model, lab(runWith(7000000, 700000000, method), "[" + rot("a", 0.3, 10.0) + "," + rot("b", 0.5, 10.0) + "]",
                              R"([{"id": "src", "type": "speed_source", "node_a": "a", "inputs": {"speed": {"signal": "w"}}},
                                  {"id": "cl", "type": "clutch", "node_a": "a", "node_b": "b", "parameters": {"kinetic_ratio": 0.9},
                                   "inputs": {"capacity": 30}},
                                  {"id": "k", "type": "spring", "node_a": "b", "node_b": "ground", "parameters": {"stiffness": 4}}])",
                              "[]", R"([{"id": "w", "kind": "ramp", "start": 0, "duration": 1, "from": 10, "to": 30}])"));
        Session s(model);
        QVERIFY(s.run(model->ticks).status == BatchStatus::Completed);
        const ClutchEventLog& log = s.clutchEvents();
        double tBreak = -1.0;
        for (std::int64_t i = 0; i < log.count; ++i)
            if (log.at(i).kind == ClutchEvent::Breakaway && tBreak < 0.0) tBreak = log.at(i).timeNs * 1e-9;
        const double exact = 0.5 * (std::sqrt(3.0) - 1.0);
        const QString msg = QString("%1: %2 events, breakaway at %3 s, closed form %4 s")
                                .arg(method).arg(log.count).arg(tBreak, 0, 'g', 17).arg(exact, 0, 'g', 17);
        qInfo("%s", qPrintable(msg));
        QVERIFY2(std::fabs(tBreak - exact) <= 1e-12, qPrintable(msg));
    }
}

// shift_schedule: sampled once per tick from the state at the tick's start, its capacities held over
// the tick (as the speed controller). The wheels follow v = 5 t + 0.0016 m/s (a speed source, r = 0.5 m),
// so v_n is exact at every boundary with either method and the 1-2 line (10.0011 m/s at throttle 0.5)
// is crossed at t = 1.9999 s: the shift comes at the sample at 2.0 s for ticks of 10, 5 and 2.5 ms alike.
// Brake A (gear 1, 10 N m, kinetic ratio 1) slows a load J = 1 kg m^2 from 200 rad/s against a damper
// c = 1 N m s, and is released (fill and release times 0) at the shift:
//   w(t) = (w0 + F/c) exp(-c t/J) - F/c  (t <= 2 s),   w(3) = w(2) exp(-c/J)
// The error of w(3 s) falls 16x / 8x per halved tick from 10 to 2.5 ms.
void TestMethodVehicle::shiftScheduleAtTheMethodsOrder()
{
    const auto shiftLab = [](long long tickNs, const char* method) {
        const std::string params = R"({"wheel_radius": 0.5, "min_time_in_gear": 1,
            "elements": [{"element": "A", "capacity": 10, "fill_time": 0, "release_time": 0},
                         {"element": "B", "capacity": 400, "fill_time": 0, "release_time": 0},
                         {"element": "C", "capacity": 500, "fill_time": 0, "release_time": 0}],
            "gears": [{"gear": 1, "element": "A"}, {"gear": 1, "element": "C"}, {"gear": 2, "element": "B"}, {"gear": 2, "element": "C"}],
            "upshift": [{"from_gear": 1, "throttle": 0, "speed": 6.0011}, {"from_gear": 1, "throttle": 1, "speed": 14.0011}],
            "downshift": [{"from_gear": 2, "throttle": 0, "speed": 3.0007}, {"from_gear": 2, "throttle": 1, "speed": 9.0007}]})";
        return lab(runWith(tickNs, 3000000000, method),
                   "[" + rot("wheels", 1.0, 0.0032) + "," + rot("load", 1.0, 200.0) + "," + rot("xB", 0.1, 0.0) + "," + rot("xC", 0.1, 0.0) + "]",
                   R"([{"id": "road", "type": "speed_source", "node_a": "wheels", "inputs": {"speed": {"signal": "v", "scale": 2}}},
                       {"id": "tcu", "type": "shift_schedule", "node_a": "wheels", "parameters": )" +
                       params + R"(, "inputs": {"throttle": 0.5}},
                       {"id": "A", "type": "clutch", "node_a": "load", "node_b": "ground", "parameters": {"kinetic_ratio": 1},
                        "inputs": {"capacity": {"controller": "tcu"}}},
                       {"id": "B", "type": "clutch", "node_a": "xB", "node_b": "ground", "inputs": {"capacity": {"controller": "tcu"}}},
                       {"id": "C", "type": "clutch", "node_a": "xC", "node_b": "ground", "inputs": {"capacity": {"controller": "tcu"}}},
                       {"id": "d", "type": "damper", "node_a": "load", "parameters": {"damping": 1}}])",
                   "[]", R"([{"id": "v", "kind": "table", "points": [[0, 0.0016], [4, 20.0016]]}])");
    };
    const double w2 = 210.0 * std::exp(-2.0) - 10.0, w3 = w2 * std::exp(-1.0); // 18.42, 6.78 rad/s
    const long long ticks[3] = {10000000, 5000000, 2500000};
    checkOrder("shift_schedule", shiftLab, ticks, 0, {{"load", "speed", 10.0}}, {w3});
    for (const char* method : {"gauss2", "radau3"}) {
        DL_COMPILE(model, shiftLab(10000000, method));
        DL_SIMULATE(trace, model);
        QCOMPARE(trace.at(trace.rows.size() - 1, "tcu", "gear"), 2.0);
        QCOMPARE(trace.at(trace.rows.size() - 1, "tcu", "shifts"), 1.0);
    }
}

void TestMethodVehicle::shippedLabsRunWithEachMethod_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("method");
    QTest::addColumn<long long>("durationNs");
    // the drive cycles are cut to their first 120 s (their full runs: docs/PHYSICS.md's table)
    const struct {
        const char* name;
        long long duration;
    } labs[] = {{"car-launch", 0},       {"car-hill-start", 0}, {"car-low-mu", 0}, {"car-wltc", 120000000000LL}, {"car-ftp75", 120000000000LL},
                {"drive-cycle", 120000000000LL}, {"tyre-spin", 0}, {"shift-schedule", 0}};
    for (const auto& l : labs)
        for (const char* method : {"gauss2", "radau3"})
            QTest::newRow((std::string(l.name) + " " + method).c_str()) << QString(l.name) << QString(method) << l.duration;
}

// Every shipped lab with the vehicle and drive types runs with gauss2 and radau3 (a copy of the lab
// with run.method set) and completes with its books closed; the drive cycles over their first 120 s here
// (their whole runs and each lab's measured order: docs/PHYSICS.md, "Which method for which lab").
void TestMethodVehicle::shippedLabsRunWithEachMethod()
{
    QFETCH(QString, name);
    QFETCH(QString, method);
    QFETCH(long long, durationNs);
    const std::string path = std::string(DRIVELAB_SOURCE_DIR "/labs/") + name.toStdString() + ".lab.json";
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    Json j = Json::parse(text.str());
    if (durationNs > 0) j["run"]["duration_ns"] = durationNs;
    j["run"]["method"] = method.toStdString();
    const LoadedLab l = loadLabText(j.dump(), labBaseDir(path));
    QVERIFY2(l.model, qPrintable(describe(l.diagnostics)));
    DL_SIMULATE(trace, l.model);
    DL_ENERGY_BALANCED(trace);
    qInfo("%s %s: %lld ticks, %lld intervals, residual %g J over %g J moved", qPrintable(name), qPrintable(method),
          static_cast<long long>(trace.ticks.back()), static_cast<long long>(trace.intervals), trace.energy.residual,
          energyScale(trace.energy));
}

QTEST_GUILESS_MAIN(TestMethodVehicle)
#include "tst_methodvehicle.moc"
