// Rigid gear constraints resolved by projection, against closed forms.
#include "testutil.h"

using namespace drivelab;
using namespace drivelab::test;

class TestGears : public QObject {
    Q_OBJECT
private slots:
    void reflectedInertia();
    void planetaryBrakedRing();
    void planetaryBrakedCarrier();
    void inconsistentInitialSpeedsRefused();
};

// Gear reflected inertia
//
//   T=10 --> [Ja=0.2] ==gear r=3 (wa = 3 wb)== [Jb=1.8]
//
//   J_eff at a = Ja + Jb / r^2 = 0.4      wa(t) = wa0 + T t / J_eff = 30 + 25 t
//   wb = wa / 3; gear torque on b = Jb dwb/dt = 15 N m, on a = -(Jb / r^2) dwa/dt = -5 N m
// Constant torque: the midpoint rule is exact up to rounding.
void TestGears::reflectedInertia()
{
    DL_COMPILE(model, lab(runSettings(1000000, 1000000000, 100), "[" + rot("a", 0.2, 30) + "," + rot("b", 1.8, 10) + "]",
                          R"([{"id": "src", "type": "torque_step", "node_a": "a",
                               "parameters": {"step_torque": 10, "offset_torque": 0, "start_time": 0}},
                              {"id": "g", "type": "gear", "node_a": "a", "node_b": "b", "parameters": {"ratio": 3}}])"));
    DL_SIMULATE(tr, model);
    QCOMPARE(tr.rows.size(), std::size_t(11));
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        const double wa = 30.0 + 25.0 * t;
        DL_NEAR(tr.at(i, "a", "speed"), wa, 1e-12 * wa);
        DL_NEAR(tr.at(i, "b", "speed"), wa / 3.0, 1e-12 * wa);
        DL_NEAR(tr.at(i, "a", "angle"), 30.0 * t + 12.5 * t * t, 1e-12 * (1 + wa * t));
        if (i == 0) continue;
        DL_NEAR(tr.at(i, "g", "torque"), -5.0, 1e-9);
        DL_NEAR(tr.at(i, "g", "torque_at_b"), 15.0, 1e-9);
    }
    // source work = T * angle_a; kinetic energy from the closed form
    const double t = 1.0, wa = 55.0;
    DL_NEAR(tr.energy.sourceWork, 10.0 * (30.0 * t + 12.5 * t * t), 1e-9);
    DL_NEAR(tr.energy.kineticFinal, 0.5 * 0.4 * wa * wa, 1e-9);
    DL_ENERGY_BALANCED(tr);
}

// Planetary with braked ring (first gear of a simple planetary)
//
//   T=6 --> sun [Js=0.1]     ring [Jr=0.3] --brake (holding)-- ground     carrier [Jc=3.2]
//   Willis: Zs ws + Zr wr = (Zs + Zr) wc, Zs = 30, Zr = 90; ring held: ws = (1 + Zr/Zs) wc = 4 wc
//   J_eff at sun = Js + Jc / 16 = 0.3, ws = 20 t, wc = 5 t
//   gear torque on carrier Jc dwc/dt = 16 N m; on sun -4 N m (ratio -(1 + Zr/Zs)); on ring -12 N m;
//   the brake holds the ring with +12 N m
void TestGears::planetaryBrakedRing()
{
    DL_COMPILE(model, lab(runSettings(1000000, 500000000, 50),
                          "[" + rot("sun", 0.1, 0) + "," + rot("ring", 0.3, 0) + "," + rot("carrier", 3.2, 0) + "]",
                          R"([{"id": "src", "type": "torque_step", "node_a": "sun",
                               "parameters": {"step_torque": 6, "offset_torque": 0, "start_time": 0}},
                              {"id": "ps", "type": "planetary", "node_a": "sun", "node_b": "ring", "node_c": "carrier",
                               "parameters": {"sun_teeth": 30, "ring_teeth": 90}},
                              {"id": "brake", "type": "clutch", "node_a": "ring", "node_b": "ground",
                               "inputs": {"capacity": 10000}}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        DL_NEAR(tr.at(i, "sun", "speed"), 20.0 * t, 1e-12 * (1 + 20 * t));
        DL_NEAR(tr.at(i, "carrier", "speed"), 5.0 * t, 1e-12 * (1 + 20 * t));
        QCOMPARE(tr.at(i, "ring", "speed"), 0.0);
        QCOMPARE(tr.at(i, "brake", "locked"), 1.0);
        DL_NEAR(tr.at(i, "sun", "speed") / std::max(1e-300, tr.at(i, "carrier", "speed")), i ? 4.0 : 0.0, 1e-12);
        if (i == 0) continue;
        DL_NEAR(tr.at(i, "ps", "torque_at_c"), 16.0, 1e-9);
        DL_NEAR(tr.at(i, "ps", "torque"), -4.0, 1e-9);
        DL_NEAR(tr.at(i, "ps", "torque_at_b"), -12.0, 1e-9);
        DL_NEAR(tr.at(i, "brake", "torque"), 12.0, 1e-9);
        DL_NEAR(tr.at(i, "ps", "torque_at_c") / tr.at(i, "ps", "torque"), -(1.0 + 90.0 / 30.0), 1e-9);
    }
    QCOMPARE(tr.at(tr.rows.size() - 1, "brake", "friction_heat"), 0.0);
    DL_ENERGY_BALANCED(tr);
}

// Planetary with braked carrier (reverse)
//
//   T=6 --> sun [Js=0.1]     ring [Jr=0.3]     carrier [Jc=3.2] --brake-- ground
//   carrier held: Zs ws + Zr wr = 0 -> wr = -(Zs/Zr) ws = -ws/3
//   J_eff at sun = Js + Jr / 9 = 0.4/3, ws = 45 t, wr = -15 t
void TestGears::planetaryBrakedCarrier()
{
    DL_COMPILE(model, lab(runSettings(1000000, 500000000, 50),
                          "[" + rot("sun", 0.1, 0) + "," + rot("ring", 0.3, 0) + "," + rot("carrier", 3.2, 0) + "]",
                          R"([{"id": "src", "type": "torque_step", "node_a": "sun",
                               "parameters": {"step_torque": 6, "offset_torque": 0, "start_time": 0}},
                              {"id": "ps", "type": "planetary", "node_a": "sun", "node_b": "ring", "node_c": "carrier",
                               "parameters": {"sun_teeth": 30, "ring_teeth": 90}},
                              {"id": "brake", "type": "clutch", "node_a": "carrier", "node_b": "ground",
                               "inputs": {"capacity": 10000}}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        DL_NEAR(tr.at(i, "sun", "speed"), 45.0 * t, 1e-12 * (1 + 45 * t));
        DL_NEAR(tr.at(i, "ring", "speed"), -15.0 * t, 1e-12 * (1 + 45 * t));
        QCOMPARE(tr.at(i, "carrier", "speed"), 0.0);
        if (i == 0) continue;
        // ring gear torque accelerates the ring: Jr * dwr/dt = -4.5 N m
        DL_NEAR(tr.at(i, "ps", "torque_at_b"), -4.5, 1e-9);
    }
    DL_ENERGY_BALANCED(tr);
}

// Initial speeds that violate a gear are refused with the component and a consistent value.
void TestGears::inconsistentInitialSpeedsRefused()
{
    const auto loaded = load(lab(runSettings(1000000, 10000000, 1), "[" + rot("a", 0.2, 30) + "," + rot("b", 1.8, 11) + "]",
                                 R"([{"id": "g", "type": "gear", "node_a": "a", "node_b": "b", "parameters": {"ratio": 3}}])"));
    QVERIFY(!loaded.model);
    QCOMPARE(loaded.diagnostics.size(), std::size_t(1));
    const Diagnostic& d = loaded.diagnostics.items()[0];
    QCOMPARE(d.subject, std::string("g"));
    QVERIFY2(d.message.find("initial_speed to 10") != std::string::npos || d.message.find("initial_speed to 33") != std::string::npos,
             d.message.c_str());
}

QTEST_GUILESS_MAIN(TestGears)
#include "tst_gears.moc"
