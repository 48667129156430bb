// Clutches and brakes: stick/slip with capture at the exact slip zero, breakaway.
#include "testutil.h"
#include "convertermaps.h"

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
    void reappliedAfterReversalClosesSlipAtCapacity();
    void reappliedAfterReversalSlipGrows();
    void liveCapacityChangeActsOnPresentSlip();
    void openClutchAtEqualSpeedsIsFree();
    void lockupRecapturedOnCoastSlipsFirst();
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

// Clutch re-applied after its slip changed sign (the slip closes at the capacity's rate)
//
//   [Ja=1, wa0=10] ==clutch== [Jb=1, wb0=0] <-- T_b = 10 N m for t < 1.5 s, then 0
//   capacity 0 until 1.5 s, then 1 N m (kinetic ratio 1)
//
//   t < 1.5 s: free, wa = 10, wb = 10 t; at 1.5 s wb = 15 overtakes wa (slip a - b = -5)
//   t > 1.5 s: friction of 1 N m opposes the present slip: dwa/dt = +1, dwb/dt = -1,
//              wa = 10 + (t - 1.5), wb = 15 - (t - 1.5), slip = -5 + 2 (t - 1.5)
//   lock at t* = 4 s at the common speed 12.5 rad/s; friction heat
//   Ja Jb / (Ja + Jb) * 5^2 / 2 = 6.25 J (a stale slip direction would lock at 1.5 s)
void TestClutch::reappliedAfterReversalClosesSlipAtCapacity()
{
    DL_COMPILE(model, lab(runSettings(1000000, 6000000000, 10), "[" + rot("a", 1.0, 10.0) + "," + rot("b", 1.0, 0.0) + "]",
                          R"([{"id": "src", "type": "torque_step", "node_a": "b",
                               "parameters": {"step_torque": -10, "offset_torque": 10, "start_time": 1.5}},
                              {"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "inputs": {"capacity": 0}}])",
                          R"([{"time_ns": 1500000000, "component": "c", "input": "capacity", "value": 1.0}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        if (t <= 1.5) {
            QCOMPARE(tr.at(i, "c", "locked"), 0.0);
            DL_NEAR(tr.at(i, "a", "speed"), 10.0, 1e-12);
            DL_NEAR(tr.at(i, "b", "speed"), 10.0 * t, 1e-11);
        } else if (t < 4.0 - 1e-9) {
            QCOMPARE(tr.at(i, "c", "locked"), 0.0);
            DL_NEAR(tr.at(i, "a", "speed"), 10.0 + (t - 1.5), 1e-11);
            DL_NEAR(tr.at(i, "b", "speed"), 15.0 - (t - 1.5), 1e-11);
            DL_NEAR(tr.at(i, "c", "torque"), 1.0, 1e-12);
        } else if (t > 4.0 + 1e-9) { // the slip reaches zero at the boundary t = 4 s itself
            QCOMPARE(tr.at(i, "c", "locked"), 1.0);
            DL_NEAR(tr.at(i, "a", "speed"), 12.5, 1e-10);
            DL_NEAR(tr.at(i, "b", "speed"), 12.5, 1e-10);
        }
    }
    DL_NEAR(tr.at(tr.rows.size() - 1, "c", "friction_heat"), 6.25, 1e-9);
    DL_ENERGY_BALANCED(tr);
}

// Clutch re-applied after its slip changed sign, against a torque larger than its capacity
//
//   [Ja=1, wa0=10] ==clutch== [Jb=1, wb0=0] <-- T_b = 10 N m throughout
//   capacity 0 until 1.5 s, then 1 N m
//
//   t > 1.5 s: slip a - b < 0 and friction 1 N m on a: dwa/dt = +1, dwb/dt = 10 - 1 = 9;
//   the slip grows (-5 - 8 (t - 1.5)), the clutch never locks; heat rate = 1 * |slip|
void TestClutch::reappliedAfterReversalSlipGrows()
{
    DL_COMPILE(model, lab(runSettings(1000000, 3000000000, 10), "[" + rot("a", 1.0, 10.0) + "," + rot("b", 1.0, 0.0) + "]",
                          R"([{"id": "src", "type": "torque_step", "node_a": "b",
                               "parameters": {"step_torque": 0, "offset_torque": 10, "start_time": 0}},
                              {"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "inputs": {"capacity": 0}}])",
                          R"([{"time_ns": 1500000000, "component": "c", "input": "capacity", "value": 1.0}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        if (t <= 1.5) continue;
        QCOMPARE(tr.at(i, "c", "locked"), 0.0);
        DL_NEAR(tr.at(i, "a", "speed"), 10.0 + (t - 1.5), 1e-11);
        DL_NEAR(tr.at(i, "b", "speed"), 15.0 + 9.0 * (t - 1.5), 1e-10);
    }
    // heat = integral of 5 + 8 s over s in [0, 1.5] = 7.5 + 9 = 16.5 J
    DL_NEAR(tr.at(tr.rows.size() - 1, "c", "friction_heat"), 16.5, 1e-9);
    DL_ENERGY_BALANCED(tr);
}

// The same re-application as a live input change between batches (Session::setInput):
// identical bits to the event at that boundary
void TestClutch::liveCapacityChangeActsOnPresentSlip()
{
    const std::string nodes = "[" + rot("a", 1.0, 10.0) + "," + rot("b", 1.0, 0.0) + "]";
    const std::string comps = R"([{"id": "src", "type": "torque_step", "node_a": "b",
                                   "parameters": {"step_torque": -10, "offset_torque": 10, "start_time": 1.5}},
                                  {"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "inputs": {"capacity": 0}}])";
    DL_COMPILE(withEvent, lab(runSettings(1000000, 6000000000, 10), nodes, comps,
                              R"([{"time_ns": 1500000000, "component": "c", "input": "capacity", "value": 1.0}])"));
    DL_COMPILE(live, lab(runSettings(1000000, 6000000000, 10), nodes, comps));
    Session a(withEvent);
    Session b(live);
    QCOMPARE(a.run(1500).status, BatchStatus::Completed);
    QCOMPARE(b.run(1500).status, BatchStatus::Completed);
    QVERIFY(b.setInput("c", "capacity", 1.0));
    QCOMPARE(a.run(100000).status, BatchStatus::Completed);
    QCOMPARE(b.run(100000).status, BatchStatus::Completed);
    std::vector<double> va(a.observableCount()), vb(b.observableCount());
    a.observe(va.data());
    b.observe(vb.data());
    QCOMPARE(vb, va);
    // the same state bit for bit (the event cursor aside: one lab has an event, the other none)
    QCOMPARE(b.state().x, a.state().x);
    QCOMPARE(b.state().pos, a.state().pos);
    QCOMPARE(b.state().real, a.state().real);
    QCOMPARE(b.state().flag, a.state().flag);
    QCOMPARE(b.state().mean, a.state().mean);
    DL_NEAR(b.state().x[0], 12.5, 1e-10);
}

// An open clutch (capacity 0) whose sides turn together is free, not locked
//
//   [Ja=1, w0=5] ==clutch== [Jb=2, w0=5], no torques
//   capacity 0 until 0.5 s: locked = 0 (an open clutch carries nothing); 10 N m from 0.5 s:
//   equal speeds, so it locks at once (locked = 1); 0 again from 1 s: free (locked = 0)
void TestClutch::openClutchAtEqualSpeedsIsFree()
{
    DL_COMPILE(model, lab(runSettings(1000000, 1500000000, 10), "[" + rot("a", 1.0, 5.0) + "," + rot("b", 2.0, 5.0) + "]",
                          R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b"}])",
                          R"([{"time_ns": 500000000, "component": "c", "input": "capacity", "value": 10.0},
                              {"time_ns": 1000000000, "component": "c", "input": "capacity", "value": 0.0}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        const bool applied = t > 0.5 && t <= 1.0;
        QCOMPARE(tr.at(i, "c", "locked"), applied ? 1.0 : 0.0);
        QCOMPARE(tr.at(i, "a", "speed"), 5.0);
        QCOMPARE(tr.at(i, "b", "speed"), 5.0);
    }
    DL_ENERGY_BALANCED(tr);
}

// A converter's lockup recaptured while the turbine overruns the pump (coast)
//
//   engine torque 40 N m, then -60 N m from 0.25 s --> [pump J=0.4, w0=100] ==converter== [turbine J=3, w0=100]
//   lockup (kinetic ratio 0.9): 400 N m (locked at t = 0, equal speeds), released at 0.2 s,
//   re-applied at 120 N m at 0.5 s while the turbine overruns the pump
//
//   after 0.5 s the lockup carries kinetic friction 0.9 * 120 = 108 N m that opposes the
//   present slip (it speeds the pump up: torque on the pump +108 N m), the slip closes at the
//   rate that torque allows, and the lockup locks only when the slip reaches zero; its heat
//   is the integral of 108 |slip|. (A direction left from the release would lock it at once.)
void TestClutch::lockupRecapturedOnCoastSlipsFirst()
{
    const std::string map = mapJson(driveMap()), coast = mapJson(coastMap());
    DL_COMPILE(model, lab(runSettings(100000, 1200000000, 10), "[" + rot("pump", 0.4, 100.0) + "," + rot("turbine", 3.0, 100.0) + "]",
                          "[" + converterJson("tc", "pump", "turbine", map, coast, map, coast) +
                              R"(, {"id": "engine", "type": "torque_step", "node_a": "pump",
                                    "parameters": {"step_torque": -100, "offset_torque": 40, "start_time": 0.25}},
                                  {"id": "lockup", "type": "clutch", "node_a": "pump", "node_b": "turbine",
                                   "parameters": {"kinetic_ratio": 0.9}, "inputs": {"capacity": 400}}])",
                          R"([{"time_ns": 200000000, "component": "lockup", "input": "capacity", "value": 0},
                              {"time_ns": 500000000, "component": "lockup", "input": "capacity", "value": 120}])"));
    DL_SIMULATE(tr, model);
    std::size_t applied = 0, relocked = 0;
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        if (tr.times[i] < 0.2 - 1e-12) QCOMPARE(tr.at(i, "lockup", "locked"), 1.0);
        if (!applied && tr.times[i] >= 0.5 - 1e-12) applied = i;
        if (applied && i > applied && !relocked && tr.at(i, "lockup", "locked") == 1.0) relocked = i;
    }
    QVERIFY(applied > 0);
    const double slipAtApply = tr.at(applied, "lockup", "slip_speed");
    QVERIFY2(slipAtApply < -5.0, qPrintable(QString("the turbine overruns the pump by %1 rad/s").arg(-slipAtApply)));
    QVERIFY2(relocked > applied + 1, "the lockup locked at once instead of slipping");
    double previous = slipAtApply;
    for (std::size_t i = applied + 1; i < relocked; ++i) {
        // slipping: the full kinetic torque speeds the pump up, the slip closes monotonically
        QCOMPARE(tr.at(i, "lockup", "locked"), 0.0);
        DL_NEAR(tr.at(i, "lockup", "torque"), 108.0, 1e-9);
        const double slip = tr.at(i, "lockup", "slip_speed");
        QVERIFY(slip < 0.0 && slip > previous);
        previous = slip;
    }
    QCOMPARE(tr.at(relocked, "lockup", "slip_speed"), 0.0);
    // heat while slipping = the integral of 108 |slip|: at least that of the last boundary's
    // slip over the slipping time (|slip| only falls)
    const double heatBefore = tr.at(applied, "lockup", "friction_heat");
    QVERIFY(tr.at(relocked, "lockup", "friction_heat") - heatBefore > 108.0 * (-previous) * (tr.times[relocked - 1] - tr.times[applied]));
    DL_ENERGY_BALANCED(tr);
}

QTEST_GUILESS_MAIN(TestClutch)
#include "tst_clutch.moc"
