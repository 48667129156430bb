// Clutches and brakes: stick/slip with capture at the exact slip zero, breakaway.
#include "testutil.h"

using namespace drivelab;
using namespace drivelab::test;

class TestClutch : public QObject {
    Q_OBJECT
private slots:
    void slipThenLock();
    void brakeHoldsBelowCapacity();
    void brakeBreaksAwayAboveCapacity();
    void lockedClutchBreaksAwayWhenReleased();
    void frictionHeatToThermalNode();
};

// Clutch slip then lock
//
//   [Ja=0.5, wa0=100] ==clutch (capacity 60 N m)== [Jb=1.5, wb0=0]
//
//   slipping: dwa/dt = -60/0.5 = -120, dwb/dt = 60/1.5 = 40, slip = 100 - 160 t
//   lock at t* = 100/160 = 0.625 s (inside tick 2083 of 0.3 ms), common speed
//   (Ja wa0 + Jb wb0)/(Ja + Jb) = 25 rad/s; friction heat = Ja Jb / (Ja + Jb) dw^2 / 2 = 1875 J
void TestClutch::slipThenLock()
{
    DL_COMPILE(model, lab(runSettings(300000, 1200000000, 1), "[" + rot("a", 0.5, 100) + "," + rot("b", 1.5, 0) + "]",
                          R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "inputs": {"capacity": 60}}])"));
    DL_SIMULATE(tr, model);
    const double tStar = 0.625;
    std::size_t firstLocked = 0;
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        if (t < tStar) {
            QCOMPARE(tr.at(i, "c", "locked"), 0.0);
            DL_NEAR(tr.at(i, "a", "speed"), 100.0 - 120.0 * t, 1e-11);
            DL_NEAR(tr.at(i, "b", "speed"), 40.0 * t, 1e-11);
            DL_NEAR(tr.at(i, "c", "slip_speed"), 100.0 - 160.0 * t, 1e-11);
            if (i > 0) DL_NEAR(tr.at(i, "c", "torque"), -60.0, 1e-12);
        } else {
            if (!firstLocked) firstLocked = i;
            QCOMPARE(tr.at(i, "c", "locked"), 1.0);
            QCOMPARE(tr.at(i, "c", "slip_speed"), 0.0);
            DL_NEAR(tr.at(i, "a", "speed"), 25.0, 1e-11);
            DL_NEAR(tr.at(i, "b", "speed"), 25.0, 1e-11);
        }
    }
    // the lock happens inside tick 2083: the first locked boundary is tick 2084
    QCOMPARE(tr.ticks[firstLocked], std::int64_t(2084));
    // in that tick the clutch slipped for (t* - 0.6249 s) of the 0.3 ms
    DL_NEAR(tr.at(firstLocked, "c", "torque"), -60.0 * (tStar - 0.6249) / 0.0003, 1e-6);
    DL_NEAR(tr.at(tr.rows.size() - 1, "c", "friction_heat"), 1875.0, 1e-9);
    DL_NEAR(tr.energy.heatToLedger, 1875.0, 1e-9);
    DL_ENERGY_BALANCED(tr);
}

// Brake holding against a torque below its capacity
//
//   torque step 80 N m at ts = 10.5 ms --> [J=2, w0=0] --brake (capacity 100 N m)-- ground
//   holds: w = 0 throughout; brake torque = -80 N m once the step acts
void TestClutch::brakeHoldsBelowCapacity()
{
    DL_COMPILE(model, lab(runSettings(1000000, 50000000, 1), "[" + rot("m", 2.0, 0) + "]",
                          R"([{"id": "src", "type": "torque_step", "node_a": "m",
                               "parameters": {"step_torque": 80, "offset_torque": 0, "start_time": 0.0105}},
                              {"id": "brk", "type": "clutch", "node_a": "m", "node_b": "ground",
                               "parameters": {"kinetic_ratio": 0.8}, "inputs": {"capacity": 100}}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        QCOMPARE(tr.at(i, "m", "speed"), 0.0);
        QCOMPARE(tr.at(i, "brk", "locked"), 1.0);
    }
    DL_NEAR(tr.at(10, "brk", "torque"), 0.0, 1e-12);
    DL_NEAR(tr.at(11, "brk", "torque"), -80.0 * 0.5, 1e-9); // the step acts for half of tick 10
    DL_NEAR(tr.at(20, "brk", "torque"), -80.0, 1e-9);
    QCOMPARE(tr.energy.heatToLedger, 0.0);
    DL_ENERGY_BALANCED(tr);
}

// Brake breaking away above its capacity
//
//   torque step 150 N m at ts = 10.5 ms --> [J=2] --brake (static 100, kinetic 0.8 x 100 = 80 N m)-- ground
//   after ts: dw/dt = (150 - 80) / 2 = 35, w = 35 (t - ts); heat = 80 * 35 (t - ts)^2 / 2
void TestClutch::brakeBreaksAwayAboveCapacity()
{
    DL_COMPILE(model, lab(runSettings(1000000, 50000000, 1), "[" + rot("m", 2.0, 0) + "]",
                          R"([{"id": "src", "type": "torque_step", "node_a": "m",
                               "parameters": {"step_torque": 150, "offset_torque": 0, "start_time": 0.0105}},
                              {"id": "brk", "type": "clutch", "node_a": "m", "node_b": "ground",
                               "parameters": {"kinetic_ratio": 0.8}, "inputs": {"capacity": 100}}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        const double dt = std::max(0.0, t - 0.0105);
        DL_NEAR(tr.at(i, "m", "speed"), 35.0 * dt, 1e-12);
        QCOMPARE(tr.at(i, "brk", "locked"), t < 0.0105 ? 1.0 : 0.0);
        DL_NEAR(tr.at(i, "brk", "friction_heat"), 80.0 * 35.0 * dt * dt / 2.0, 1e-10);
        if (t > 0.012) DL_NEAR(tr.at(i, "brk", "torque"), -80.0, 1e-12);
    }
    DL_ENERGY_BALANCED(tr);
}

// A locked clutch whose capacity is released by an event breaks away at that boundary.
//
//   torque 20 N m --> [Ja=1] ==clutch (100 N m, locked)== [Jb=3]
//   locked: both accelerate at 20/4 = 5 rad/s^2; at 0.2 s the capacity drops to 2 N m
//   (kinetic ratio 1): a: (20 - 2)/1 = 18, b: 2/3 rad/s^2
void TestClutch::lockedClutchBreaksAwayWhenReleased()
{
    DL_COMPILE(model, lab(runSettings(1000000, 400000000, 10), "[" + rot("a", 1.0, 0) + "," + rot("b", 3.0, 0) + "]",
                          R"([{"id": "src", "type": "torque_step", "node_a": "a",
                               "parameters": {"step_torque": 20, "offset_torque": 0, "start_time": 0}},
                              {"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "inputs": {"capacity": 100}}])",
                          R"([{"time_ns": 200000000, "component": "c", "input": "capacity", "value": 2}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        if (t <= 0.2) {
            DL_NEAR(tr.at(i, "a", "speed"), 5.0 * t, 1e-12);
            DL_NEAR(tr.at(i, "b", "speed"), 5.0 * t, 1e-12);
            QCOMPARE(tr.at(i, "c", "locked"), 1.0);
            if (i > 0) DL_NEAR(tr.at(i, "c", "torque"), -15.0, 1e-9);
        } else {
            DL_NEAR(tr.at(i, "a", "speed"), 1.0 + 18.0 * (t - 0.2), 1e-12);
            DL_NEAR(tr.at(i, "b", "speed"), 1.0 + (2.0 / 3.0) * (t - 0.2), 1e-12);
            QCOMPARE(tr.at(i, "c", "locked"), 0.0);
        }
    }
    DL_ENERGY_BALANCED(tr);
}

// Friction heat routed to the clutch's heat node: temperature rise = heat / capacity.
void TestClutch::frictionHeatToThermalNode()
{
    DL_COMPILE(model, lab(runSettings(300000, 1200000000, 100),
                          "[" + rot("a", 0.5, 100) + "," + rot("b", 1.5, 0) +
                              R"(, {"id": "oil", "domain": "thermal", "heat_capacity": 500, "initial_temperature": 320}])",
                          R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "heat_node": "oil",
                               "inputs": {"capacity": 60}}])"));
    DL_SIMULATE(tr, model);
    const std::size_t last = tr.rows.size() - 1;
    DL_NEAR(tr.at(last, "c", "friction_heat"), 1875.0, 1e-9);
    DL_NEAR(tr.at(last, "oil", "temperature"), 320.0 + 1875.0 / 500.0, 1e-10);
    DL_NEAR(tr.energy.heatToNodes, 1875.0, 1e-9);
    DL_ENERGY_BALANCED(tr);
}

QTEST_GUILESS_MAIN(TestClutch)
#include "tst_clutch.moc"
