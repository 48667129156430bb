// The quasi-steady torque converter against closed forms (LAB_FORMAT section 2).
#include "convertermaps.h"
#include "testutil.h"

#include "components/rotational/torqueconverter.h"
#include "components/registry.h"

using namespace drivelab;
using namespace drivelab::test;

class TestConverter : public QObject {
    Q_OBJECT
private slots:
    void twoInertiaLinearMap_data();
    void twoInertiaLinearMap();
    void stallDecay();
    void secondOrderRefinement();
    void heatRouting();
    void jacobianMatchesFiniteDifferences();
    void counterRotationContinuous();
    void reverseCoastAndCounterRotationExercised_data();
    void reverseCoastAndCounterRotationExercised();
    void twoConvertersSharingANode();
    void converterBehindGearReflects();
    void lockupEngagesReleasesRecaptures();
    void bothSpeedsZero();
    void negativeHeatRejectedRoundingClamped();
};

// Two inertias, C(s) = k (1 - s), R = 1 in all four maps
//
//   [Jp=0.25] --converter k=0.01-- [Jt=0.5]        driver D, follower F
//
//   T_D = -C wD|wD| = -k (wD - wF) |wD|,  T_F = -T_D: momentum L = Jp wp + Jt wt is conserved
//   with d = (wD - wF) sign(wD) >= 0:  dd/dt = -a d - b d^2,  a = k |L| / (Jp Jt),  b = k / J_D
//   d(t) = a d0 e^{-a t} / (a + b d0 (1 - e^{-a t}))
// The midpoint rule is second order: every boundary within 2e-6 of d0 at 50 us ticks.
void TestConverter::twoInertiaLinearMap_data()
{
    QTest::addColumn<double>("wp0");
    QTest::addColumn<double>("wt0");
    QTest::addColumn<int>("drive");
    QTest::newRow("pump_positive") << 100.0 << 20.0 << 1;
    QTest::newRow("pump_negative") << -100.0 << -20.0 << 2;
    QTest::newRow("turbine_positive") << 20.0 << 100.0 << 3;
    QTest::newRow("turbine_negative") << -20.0 << -100.0 << 4;
}

void TestConverter::twoInertiaLinearMap()
{
    QFETCH(double, wp0);
    QFETCH(double, wt0);
    QFETCH(int, drive);
    const double k = 0.01, jp = 0.25, jt = 0.5;
    DL_COMPILE(model, lab(runSettings(50000, 1000000000, 200), "[" + rot("p", jp, wp0) + "," + rot("t", jt, wt0) + "]",
                          "[" + converterJson("tc", "p", "t", mapJson(linearMap(k))) + "]"));
    DL_SIMULATE(tr, model);
    const bool pumpDrives = drive <= 2;
    const double L = jp * wp0 + jt * wt0;
    const double jd = pumpDrives ? jp : jt;
    const double a = k * std::fabs(L) / (jp * jt), b = k / jd;
    const double sgn = (pumpDrives ? wp0 : wt0) > 0 ? 1.0 : -1.0;
    const double d0 = std::fabs(wp0 - wt0);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double wp = tr.at(i, "p", "speed"), wt = tr.at(i, "t", "speed");
        DL_NEAR(jp * wp + jt * wt, L, 1e-12 * std::fabs(L));
        const double d = (pumpDrives ? wp - wt : wt - wp) * sgn;
        const double e = std::exp(-a * tr.times[i]);
        DL_NEAR(d, a * d0 * e / (a + b * d0 * (1.0 - e)), 2e-6 * d0);
        QCOMPARE(tr.at(i, "tc", "converter_drive"), static_cast<double>(drive));
        if (i > 0) {
            DL_NEAR(tr.at(i, "tc", "torque") + tr.at(i, "tc", "torque_at_b"), 0.0, 1e-12);
            DL_NEAR(tr.at(i, "tc", "torque_at_c"), 0.0, 1e-12);
        }
    }
    // fluid heat equals the kinetic energy lost
    const std::size_t last = tr.rows.size() - 1;
    DL_NEAR(tr.at(last, "tc", "fluid_heat"), tr.energy.kineticInitial - tr.energy.kineticFinal, 1e-9);
    DL_ENERGY_BALANCED(tr);
}

// Stall decay with the turbine braked
//
//   [Jp=0.2, wp0=200] --converter (drive map, C(0) = 0.007, R(0) = 2)-- [Jt] --brake-- ground
//
//   s = 0 throughout:  Jp dwp/dt = -C(0) wp^2  ->  wp(t) = wp0 / (1 + C(0) wp0 t / Jp)
//   turbine torque R(0) C(0) wp^2 = -2 x pump torque; stator = -(pump + turbine) = -C(0) wp^2
//   fluid heat = kinetic energy lost by the pump
void TestConverter::stallDecay()
{
    const double jp = 0.2, wp0 = 200.0, c0 = 0.007;
    DL_COMPILE(model,
               lab(runSettings(50000, 2000000000, 400), "[" + rot("p", jp, wp0) + "," + rot("t", 0.1, 0) + "]",
                   "[" + converterJson("tc", "p", "t", mapJson(driveMap()), mapJson(driveMap()), mapJson(coastMap()), mapJson(coastMap())) +
                       R"(, {"id": "brk", "type": "clutch", "node_a": "t", "node_b": "ground", "inputs": {"capacity": 1e6}}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        const double wp = tr.at(i, "p", "speed");
        DL_NEAR(wp, wp0 / (1.0 + c0 * wp0 * t / jp), 1e-6);
        QCOMPARE(tr.at(i, "t", "speed"), 0.0);
        if (i == 0) continue;
        const double tp = tr.at(i, "tc", "torque"), tt = tr.at(i, "tc", "torque_at_b");
        DL_NEAR(tt, -2.0 * tp, 1e-12 * std::fabs(tp));
        DL_NEAR(tr.at(i, "tc", "torque_at_c"), -(tp + tt), 1e-12 * std::fabs(tp));
        DL_NEAR(tr.at(i, "brk", "torque"), -tt, 1e-9 * std::fabs(tt));
        DL_NEAR(tr.at(i, "tc", "fluid_heat"), 0.5 * jp * (wp0 * wp0 - wp * wp), 1e-9 * jp * wp0 * wp0);
        QCOMPARE(tr.at(i, "tc", "speed_ratio"), 0.0);
    }
    DL_ENERGY_BALANCED(tr);
}

// Second-order refinement: on the two-inertia transient, halving the tick cuts the error
// at t = 0.5 s by about 4 (ratios within [3.6, 4.4]).
void TestConverter::secondOrderRefinement()
{
    const double k = 0.01, jp = 0.25, jt = 0.5, wp0 = 100.0, wt0 = 20.0;
    const double L = jp * wp0 + jt * wt0, a = k * L / (jp * jt), b = k / jp, d0 = wp0 - wt0;
    const double e = std::exp(-a * 0.5);
    const double exact = a * d0 * e / (a + b * d0 * (1.0 - e));
    std::vector<double> errors;
    for (long long tick : {400000LL, 200000LL, 100000LL, 50000LL}) {
        DL_COMPILE(model, lab(runSettings(tick, 500000000, 500000000 / tick), "[" + rot("p", jp, wp0) + "," + rot("t", jt, wt0) + "]",
                              "[" + converterJson("tc", "p", "t", mapJson(linearMap(k))) + "]"));
        DL_SIMULATE(tr, model);
        const std::size_t last = tr.rows.size() - 1;
        errors.push_back(std::fabs(tr.at(last, "p", "speed") - tr.at(last, "t", "speed") - exact));
    }
    for (std::size_t i = 1; i < errors.size(); ++i) {
        const double ratio = errors[i - 1] / errors[i];
        QVERIFY2(ratio > 3.6 && ratio < 4.4, qPrintable(QString("error ratio %1 at refinement %2").arg(ratio).arg(i)));
    }
}

// Heat routing: with a heat node the fluid heat raises its temperature by heat / capacity;
// without one it lands in the external ledger.
void TestConverter::heatRouting()
{
    const std::string nodes = "[" + rot("p", 0.25, 100) + "," + rot("t", 0.5, 0) +
                              R"(, {"id": "oil", "domain": "thermal", "heat_capacity": 2000, "initial_temperature": 350}])";
    DL_COMPILE(toNode, lab(runSettings(50000, 1000000000, 1000), nodes,
                           "[" + converterJson("tc", "p", "t", mapJson(linearMap(0.01)), R"(, "heat_node": "oil")") + "]"));
    DL_SIMULATE(a, toNode);
    const std::size_t last = a.rows.size() - 1;
    const double heat = a.at(last, "tc", "fluid_heat");
    QVERIFY(heat > 100.0);
    DL_NEAR(a.at(last, "oil", "temperature"), 350.0 + heat / 2000.0, 1e-10);
    DL_NEAR(a.energy.heatToNodes, heat, 1e-9);
    QCOMPARE(a.energy.heatToLedger, 0.0);
    DL_ENERGY_BALANCED(a);

    DL_COMPILE(toLedger,
               lab(runSettings(50000, 1000000000, 1000), nodes, "[" + converterJson("tc", "p", "t", mapJson(linearMap(0.01))) + "]"));
    DL_SIMULATE(b, toLedger);
    QCOMPARE(b.at(last, "oil", "temperature"), 350.0);
    QCOMPARE(b.at(last, "tc", "fluid_heat"), heat);
    QCOMPARE(b.energy.heatToNodes, 0.0);
    DL_NEAR(b.energy.heatToLedger, heat, 1e-9);
    DL_ENERGY_BALANCED(b);
}

// The analytic piecewise Jacobian equals central finite differences away from knots
// and from the reference-member switch, in all four drive codes.
void TestConverter::jacobianMatchesFiniteDifferences()
{
    DL_COMPILE(
        model,
        lab(runSettings(50000, 50000, 1), "[" + rot("p", 1, 0) + "," + rot("t", 1, 0) + "]",
            "[" + converterJson("tc", "p", "t", mapJson(driveMap()), mapJson(driveMap()), mapJson(coastMap()), mapJson(coastMap())) + "]"));
    const auto& p = model->params->of<TorqueConverter>()[0];
    const double pts[][2] = {{150, 31}, {150, 101}, {-150, -101}, {-150, 37}, {31, 150}, {-47, -150}, {70, -130}, {-130, 70}};
    for (const auto& pt : pts) {
        TorqueConverter::Reaction r;
        TorqueConverter::react(p, pt[0], pt[1], r);
        const double h = 1e-6;
        TorqueConverter::Reaction a, b;
        TorqueConverter::react(p, pt[0] + h, pt[1], a);
        TorqueConverter::react(p, pt[0] - h, pt[1], b);
        DL_NEAR(r.dpp, (a.tp - b.tp) / (2 * h), 1e-6 * (1 + std::fabs(r.dpp)));
        DL_NEAR(r.dtp, (a.tt - b.tt) / (2 * h), 1e-6 * (1 + std::fabs(r.dtp)));
        TorqueConverter::react(p, pt[0], pt[1] + h, a);
        TorqueConverter::react(p, pt[0], pt[1] - h, b);
        DL_NEAR(r.dpt, (a.tp - b.tp) / (2 * h), 1e-6 * (1 + std::fabs(r.dpt)));
        DL_NEAR(r.dtt, (a.tt - b.tt) / (2 * h), 1e-6 * (1 + std::fabs(r.dtt)));
        // heat power = -(Tp wp + Tt wt) = C |wD|^3 (1 - s R)
        const double q = TorqueConverter::heatPower(p, pt[0], pt[1]);
        DL_NEAR(q, -(r.tp * pt[0] + r.tt * pt[1]), 1e-9 * std::fabs(q) + 1e-12);
    }
}

// Counter-rotation: where the reference member changes at s = -1 (|wp| = |wt|, opposite
// signs) the physical reactions are continuous, with maps whose R(-1) != 1
// (pump_positive R 2, C 0.01 paired with turbine_negative R 0.5, C 0.02).
void TestConverter::counterRotationContinuous()
{
    const std::string pp = mapJson({{-1, 2.0, 0.01}, {0, 2.0, 0.007}, {1, 1, 0}});
    const std::string tn = mapJson({{-1, 0.5, 0.02}, {0, 1.0, 0.003}, {1, 1, 0}});
    const std::string pn = mapJson({{-1, 1.5, 0.01}, {1, 1, 0}});
    const std::string tp = mapJson({{-1, 1.0 / 1.5, 0.015}, {1, 1, 0}});
    DL_COMPILE(model, lab(runSettings(50000, 50000, 1), "[" + rot("p", 1, 0) + "," + rot("t", 1, 0) + "]",
                          "[" + converterJson("tc", "p", "t", pp, pn, tp, tn) + "]"));
    const auto& p = model->params->of<TorqueConverter>()[0];
    for (double w : {10.0, 100.0, 400.0}) {
        for (double sign : {1.0, -1.0}) {
            TorqueConverter::Reaction pumpSide, turbineSide;
            const double eps = 1e-9;
            TorqueConverter::react(p, sign * w, -sign * w * (1 - eps), pumpSide);    // pump drives
            TorqueConverter::react(p, sign * w * (1 - eps), -sign * w, turbineSide); // turbine drives
            QCOMPARE(pumpSide.drive, sign > 0 ? 1 : 2);
            QCOMPARE(turbineSide.drive, sign > 0 ? 4 : 3);
            const double scale = std::fabs(pumpSide.tp) + std::fabs(pumpSide.tt);
            DL_NEAR(pumpSide.tp, turbineSide.tp, 1e-7 * scale);
            DL_NEAR(pumpSide.tt, turbineSide.tt, 1e-7 * scale);
        }
    }
}

// Reverse, coast and counter-rotation, each exercised in a run whose drive codes are checked:
//   counter-rotation 4 -> 1: [Jp=1, wp0=100] --tc-- [Jt=0.5, wt0=-130]: the turbine drives backwards
//     (s < 0); the turbine slows through zero, the reference member changes where |wp| = |wt|
//     at s = -1, and the pump drives forwards (pump_positive) towards L / (Jp + Jt)
//   mirrored 3 -> 2: the same with all speeds negated: the pump ends up driving backwards (reverse)
//   coast 3: [Jp=1, 50] --tc-- [Jt=0.5, 120]: the turbine drives the pump forwards throughout
// With R = 1 (C = k (1 - s)) momentum is conserved; mean torques change smoothly across the
// switch; the books close.
void TestConverter::reverseCoastAndCounterRotationExercised_data()
{
    QTest::addColumn<double>("wp0");
    QTest::addColumn<double>("wt0");
    QTest::addColumn<QString>("drives");
    QTest::newRow("counter-rotation 4 to 1") << 100.0 << -130.0 << "41";
    QTest::newRow("reverse 3 to 2") << -100.0 << 130.0 << "32";
    QTest::newRow("coast 3") << 50.0 << 120.0 << "3";
}

void TestConverter::reverseCoastAndCounterRotationExercised()
{
    QFETCH(double, wp0);
    QFETCH(double, wt0);
    QFETCH(QString, drives);
    DL_COMPILE(model, lab(runSettings(50000, 3000000000, 20), "[" + rot("p", 1.0, wp0) + "," + rot("t", 0.5, wt0) + "]",
                          "[" + converterJson("tc", "p", "t", mapJson(linearMap(0.004))) + "]"));
    DL_SIMULATE(tr, model);
    QString sequence;
    bool counterRotating = false;
    double prevTp = 0.0;
    const double L = wp0 + 0.5 * wt0;
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const QChar drive = QChar('0' + static_cast<int>(tr.at(i, "tc", "converter_drive")));
        if (sequence.isEmpty() || sequence.back() != drive) sequence += drive;
        counterRotating = counterRotating || tr.at(i, "tc", "speed_ratio") < 0.0;
        DL_NEAR(tr.at(i, "p", "speed") + 0.5 * tr.at(i, "t", "speed"), L, 1e-11);
        const double tp = tr.at(i, "tc", "torque");
        if (i > 1) QVERIFY2(std::fabs(tp - prevTp) < 0.05 * std::fabs(prevTp) + 0.05, qPrintable(QString("jump at %1 s").arg(tr.times[i])));
        prevTp = tp;
    }
    QCOMPARE(sequence, drives);
    QCOMPARE(counterRotating, drives.size() == 2);
    DL_ENERGY_BALANCED(tr);
}

// Two converters sharing a node, against an independent reference: the same ODE
// integrated with classical RK4 at 1/20 of the tick.
//
//   [Ja=0.3, 150] --tc1 k=0.01-- [Jm=0.2, 40] --tc2 k=0.02-- [Jb=0.6, -10]
//   C = k (1 - s), R = 1: each converter moves momentum, total momentum is conserved
void TestConverter::twoConvertersSharingANode()
{
    DL_COMPILE(model,
               lab(runSettings(50000, 1000000000, 100), "[" + rot("a", 0.3, 150) + "," + rot("m", 0.2, 40) + "," + rot("b", 0.6, -10) + "]",
                   "[" + converterJson("tc1", "a", "m", mapJson(linearMap(0.01))) + "," +
                       converterJson("tc2", "m", "b", mapJson(linearMap(0.02))) + "]"));
    DL_SIMULATE(tr, model);
    // reference: torque on the driver = -k (wD - wF)|wD| for C = k(1-s), R = 1
    const auto pair = [](double wp, double wt, double k, double& tp, double& tt) {
        const bool pumpDrives = std::fabs(wp) >= std::fabs(wt);
        const double d = pumpDrives ? wp : wt, f = pumpDrives ? wt : wp;
        const double td = -k * (d - f) * std::fabs(d);
        tp = pumpDrives ? td : -td;
        tt = -tp;
    };
    double w[3] = {150, 40, -10};
    const double J[3] = {0.3, 0.2, 0.6};
    const auto rhs = [&](const double* x, double* dx) {
        double t1p, t1t, t2p, t2t;
        pair(x[0], x[1], 0.01, t1p, t1t);
        pair(x[1], x[2], 0.02, t2p, t2t);
        dx[0] = t1p / J[0];
        dx[1] = (t1t + t2p) / J[1];
        dx[2] = t2t / J[2];
    };
    const double h = 50e-6 / 20;
    std::size_t row = 1;
    for (long step = 1; step <= 20 * 20000; ++step) {
        double k1[3], k2[3], k3[3], k4[3], x[3];
        rhs(w, k1);
        for (int i = 0; i < 3; ++i) x[i] = w[i] + 0.5 * h * k1[i];
        rhs(x, k2);
        for (int i = 0; i < 3; ++i) x[i] = w[i] + 0.5 * h * k2[i];
        rhs(x, k3);
        for (int i = 0; i < 3; ++i) x[i] = w[i] + h * k3[i];
        rhs(x, k4);
        for (int i = 0; i < 3; ++i) w[i] += h / 6.0 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
        if (step % (20 * 100) == 0) {
            DL_NEAR(tr.at(row, "a", "speed"), w[0], 1e-4);
            DL_NEAR(tr.at(row, "m", "speed"), w[1], 1e-4);
            DL_NEAR(tr.at(row, "b", "speed"), w[2], 1e-4);
            ++row;
        }
    }
    QCOMPARE(row, tr.rows.size());
    const std::size_t last = tr.rows.size() - 1;
    DL_NEAR(tr.at(last, "tc1", "fluid_heat") + tr.at(last, "tc2", "fluid_heat"), tr.energy.kineticInitial - tr.energy.kineticFinal, 1e-9);
    DL_ENERGY_BALANCED(tr);
}

// A converter behind a gear: the load seen through the gear is a reflected inertia.
//
//   [Jp] --tc-- [Jt] ==gear r=4== [JL]   equals   [Jp] --tc-- [Jt + JL / r^2]
void TestConverter::converterBehindGearReflects()
{
    const std::string conv =
        converterJson("tc", "p", "t", mapJson(driveMap()), mapJson(driveMap()), mapJson(coastMap()), mapJson(coastMap()));
    DL_COMPILE(geared, lab(runSettings(50000, 1000000000, 100),
                           "[" + rot("p", 0.25, 200) + "," + rot("t", 0.05, 0) + "," + rot("load", 8.0, 0) + "]",
                           "[" + conv + R"(, {"id": "g", "type": "gear", "node_a": "t", "node_b": "load", "parameters": {"ratio": 4}}])"));
    DL_COMPILE(lumped, lab(runSettings(50000, 1000000000, 100), "[" + rot("p", 0.25, 200) + "," + rot("t", 0.05 + 8.0 / 16.0, 0) + "]",
                           "[" + conv + "]"));
    DL_SIMULATE(a, geared);
    DL_SIMULATE(b, lumped);
    for (std::size_t i = 0; i < a.rows.size(); ++i) {
        DL_NEAR(a.at(i, "p", "speed"), b.at(i, "p", "speed"), 1e-10 * 200);
        DL_NEAR(a.at(i, "t", "speed"), b.at(i, "t", "speed"), 1e-10 * 200);
        DL_NEAR(a.at(i, "load", "speed"), b.at(i, "t", "speed") / 4.0, 1e-10 * 200);
        DL_NEAR(a.at(i, "tc", "torque_at_b"), b.at(i, "tc", "torque_at_b"), 1e-8);
        // the gear's mean torque on the load is the load's share of the turbine torque, JL / r / J_lumped.
        // Each run meets its speed-residual tolerance (about 4e-12 rad/s here) independently, and a
        // mean torque is J dw / h: the two may differ by 2 x JL (tol / r) / h = 2 x 8 x 1e-12 / 5e-5 ~ 3e-7
        if (i > 0) DL_NEAR(a.at(i, "g", "torque_at_b"), 8.0 / 4.0 * b.at(i, "tc", "torque_at_b") / 0.55, 1e-6);
    }
    DL_ENERGY_BALANCED(a);
}

// A lockup clutch in parallel with the converter engages, releases and recaptures.
//
//   motor 150 N m --> [Jp=0.25] --converter + lockup clutch-- [Jt=0.05] ==gear 5== [JL=40] --damper 2--
//   lockup capacity: 0, 400 N m at 1.0 s (engage: slip, capture, lock), 0 at 2.0 s (release),
//   400 N m at 2.5 s (recapture). While locked s = 1: the converter transmits nothing.
void TestConverter::lockupEngagesReleasesRecaptures()
{
    DL_COMPILE(model,
               lab(runSettings(50000, 3500000000, 100),
                   "[" + rot("p", 0.25, 100) + "," + rot("t", 0.05, 0) + "," + rot("load", 40.0, 0) + "]",
                   "[" + converterJson("tc", "p", "t", mapJson(driveMap()), mapJson(driveMap()), mapJson(coastMap()), mapJson(coastMap())) +
                       R"(, {"id": "eng", "type": "motor", "node_a": "p", "inputs": {"command": 1},
                                    "parameters": {"torque_curve": [{"speed": 0, "torque": 150}, {"speed": 600, "torque": 150}, {"speed": 700, "torque": 0}]}},
                                 {"id": "lockup", "type": "clutch", "node_a": "p", "node_b": "t", "inputs": {"capacity": 0}},
                                 {"id": "g", "type": "gear", "node_a": "t", "node_b": "load", "parameters": {"ratio": 5}},
                                 {"id": "drag", "type": "damper", "node_a": "load", "parameters": {"damping": 2}}])",
                   R"([{"time_ns": 1000000000, "component": "lockup", "input": "capacity", "value": 400},
                              {"time_ns": 2000000000, "component": "lockup", "input": "capacity", "value": 0},
                              {"time_ns": 2500000000, "component": "lockup", "input": "capacity", "value": 400}])"));
    DL_SIMULATE(tr, model);
    std::string phases;
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const char c = tr.at(i, "lockup", "locked") != 0.0 ? 'L' : 's';
        if (phases.empty() || phases.back() != c) phases.push_back(c);
        if (c == 'L' && i > 0 && tr.at(i - 1, "lockup", "locked") != 0.0) {
            // a whole tick locked: equal speeds, no fluid torque, no fluid heat
            QCOMPARE(tr.at(i, "lockup", "slip_speed"), 0.0);
            DL_NEAR(tr.at(i, "tc", "torque"), 0.0, 1e-12);
            DL_NEAR(tr.at(i, "tc", "heat_flow"), 0.0, 1e-12);
            QCOMPARE(tr.at(i, "tc", "speed_ratio"), 1.0);
        }
    }
    QCOMPARE(phases, std::string("sLsL"));
    const std::size_t last = tr.rows.size() - 1;
    QVERIFY(tr.at(last, "lockup", "friction_heat") > 0.0);
    QVERIFY(tr.at(last, "tc", "fluid_heat") > 0.0);
    DL_ENERGY_BALANCED(tr);
}

// Both speeds zero: zero reactions, zero heat, drive 0, speed ratio 0.
void TestConverter::bothSpeedsZero()
{
    DL_COMPILE(model, lab(runSettings(50000, 5000000, 10), "[" + rot("p", 0.25, 0) + "," + rot("t", 0.5, 0) + "]",
                          "[" + converterJson("tc", "p", "t", mapJson(linearMap(0.01))) + "]"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        QCOMPARE(tr.at(i, "tc", "converter_drive"), 0.0);
        QCOMPARE(tr.at(i, "tc", "speed_ratio"), 0.0);
        QCOMPARE(tr.at(i, "tc", "torque"), 0.0);
        QCOMPARE(tr.at(i, "tc", "fluid_heat"), 0.0);
        QCOMPARE(tr.at(i, "p", "speed"), 0.0);
    }
}

// An interval whose heat -h (Tp wp + Tt wt) is negative beyond the rounding of the solved
// speeds is rejected; a rounding-sized negative is clamped to zero when committed.
void TestConverter::negativeHeatRejectedRoundingClamped()
{
    DL_COMPILE(model, lab(runSettings(50000, 50000, 1), "[" + rot("p", 1, 0) + "," + rot("t", 1, 0) + "]",
                          "[" + converterJson("tc", "p", "t", mapJson(linearMap(0.01))) + "]"));
    const auto& p = model->params->of<TorqueConverter>()[0];
    double x[2] = {100.0, 50.0};
    double scratch[2] = {10.0, 0.0}; // a pump torque that would push energy into the shafts
    double real[2] = {0.0, 0.0}, acc[3] = {0.0, 0.0, 0.0};
    CompensatedSum ledger, nodes, work;
    CommitContext c;
    c.x0 = x;
    c.x1 = x;
    c.xs = x;
    c.scratch = scratch;
    c.real = real;
    c.acc = acc;
    c.heatToLedger = &ledger;
    c.heatToNodes = &nodes;
    c.sourceWork = &work;
    c.h = 1e-3;
    double q, bound;
    QVERIFY(TorqueConverter::rejects(p, c, q, bound));
    DL_NEAR(q, -1.0, 1e-15);
    scratch[0] = -1e-17; // heat +1e-18: fine
    QVERIFY(!TorqueConverter::rejects(p, c, q, bound));
    // equal speeds, torques equal and opposite but for the last bit: a rounding-sized negative
    x[1] = 100.0;
    scratch[0] = -10.0;
    scratch[1] = 10.000000000000002;
    QVERIFY(!TorqueConverter::rejects(p, c, q, bound));
    QVERIFY(q < 0.0 && -q <= bound);
    TorqueConverter::commit(p, c);
    QCOMPARE(ledger.value(), 0.0);
    QCOMPARE(real[0], 0.0);
}

QTEST_GUILESS_MAIN(TestConverter)
#include "tst_converter.moc"
