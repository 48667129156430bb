// Hydraulic domain against closed forms: compliant volumes, junctions, reservoirs,
// orifices, pumps, accumulators, cylinders, the mechanical converter and pressure-applied
// clutches (LAB_FORMAT "Hydraulic, translational and thermal types").
#include "testutil.h"

using namespace drivelab;
using namespace drivelab::test;

class TestHydraulic : public QObject {
    Q_OBJECT
private slots:
    void converterOscillator();
    void laminarDrain();
    void stiffDrainDoesNotRing();
    void turbulentOrificeRegularised();
    void pumpIntoOrifice();
    void cylinderBetweenReservoirs();
    void pressureAppliedClutchLocks();
    void accumulatorChargesToEquilibrium();
    void accumulatorBelowPrechargeHoldsNoOil();
    void orificeHeatToThermalNode();
    void junctionsSolvedAtStart();
    void boundPressureSource();
    void invalidHydraulicModels_data();
    void invalidHydraulicModels();
};

// Shaft + mechanical converter + closed volume: a linear oscillator
//
//   [J=0.02] --shaft-- converter D=1e-5 m^3/rad --oil-- [V=1e-3 m^3, beta=1.5e9 Pa]
//   u = p - p_env:   J dw/dt = D u,   (V/beta) du/dt = -D w
//   wn = D sqrt(beta / (J V)) = 86.6 rad/s;  u = u0 cos(wn t),  w = D u0 sin(wn t) / (J wn)
//   implicit midpoint: a rotation by phi = 2 atan(wn h / 2) per step; J w^2/2 + C u^2/2 conserved
void TestHydraulic::converterOscillator()
{
    const double J = 0.02, D = 1e-5, V = 1e-3, beta = 1.5e9, pEnv = 101325.0, u0 = 1e5, h = 1e-4;
    const double wn = D * std::sqrt(beta / (J * V)), C = V / beta;
    DL_COMPILE(model, lab(runSettings(100000, 200000000, 20), "[" + rot("shaft", J, 0) + "," + volumeNode("oil", V, beta, pEnv + u0) + "]",
                          R"([{"id": "mc", "type": "mechanical_converter", "node_a": "oil", "node_b": "shaft",
                               "parameters": {"displacement": 1e-5, "dead_volume": 1e-4, "initial_rotation": 0.1,
                                              "environment_pressure": "atmosphere", "compressibility": false, "density": 850}}])"));
    DL_SIMULATE(tr, model);
    const double phi = 2.0 * std::atan(wn * h / 2.0);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double n = static_cast<double>(tr.ticks[i]);
        const double u = tr.at(i, "oil", "pressure") - pEnv, w = tr.at(i, "shaft", "speed");
        DL_NEAR(u, u0 * std::cos(n * phi), 1e-9 * u0);
        DL_NEAR(w, D * u0 / (J * wn) * std::sin(n * phi), 1e-9 * D * u0 / (J * wn));
        // continuous solution within the midpoint's phase error (wn h)^2/12 per radian
        DL_NEAR(u, u0 * std::cos(wn * tr.times[i]), u0 * (wn * tr.times[i] * (wn * h) * (wn * h) / 12.0 * 1.05 + 1e-9));
        DL_NEAR(0.5 * J * w * w + 0.5 * C * u * u, 0.5 * C * u0 * u0, 1e-9 * 0.5 * C * u0 * u0);
        DL_NEAR(tr.at(i, "mc", "rotation"), 0.1 + tr.at(i, "shaft", "angle"), 1e-15);
    }
    QCOMPARE(tr.energy.numericalDissipation, 0.0);
    DL_ENERGY_BALANCED(tr);
    DL_VOLUME_BALANCED(tr);
}

// Laminar drain of a volume through an orifice into a reservoir
//
//   [V=1e-4 m^3, beta=1.5e9, p0=1e7 Pa] --orifice G=1e-11-- tank 1e5 Pa
//   p - p_r = (p0 - p_r) exp(-t / tau),  tau = V / (beta G) = 6.67 ms
//   h / tau = 0.015 (resolved): theta = 1/2, p_n - p_r = (p0 - p_r) rho^n, rho = (1 - z/2)/(1 + z/2)
void TestHydraulic::laminarDrain()
{
    const double V = 1e-4, beta = 1.5e9, G = 1e-11, p0 = 1e7, pr = 1e5, h = 1e-4;
    const double tau = V / (beta * G), z = h / tau;
    DL_COMPILE(model,
               lab(runSettings(100000, 50000000, 10), "[" + volumeNode("vol", V, beta, p0) + "," + reservoir("tank", pr) + "]",
                   R"([{"id": "orf", "type": "orifice", "node_a": "vol", "node_b": "tank", "parameters": {"conductance": 1e-11}}])"));
    DL_SIMULATE(tr, model);
    const double rho = (1.0 - z / 2.0) / (1.0 + z / 2.0);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double p = tr.at(i, "vol", "pressure");
        DL_NEAR(p - pr, (p0 - pr) * std::pow(rho, static_cast<double>(tr.ticks[i])), 1e-6 + 1e-12 * p0);
        DL_NEAR(p - pr, (p0 - pr) * std::exp(-tr.times[i] / tau), (p0 - pr) * tr.times[i] / tau * z * z / 12.0 * 1.05 + 1e-6);
        // the mean flow over the last tick is G times the mean drop, within one tick's change (z)
        if (i > 0) DL_NEAR(tr.at(i, "orf", "flow"), G * tr.at(i, "orf", "pressure_drop"), 1.01 * z * G * tr.at(i, "orf", "pressure_drop"));
    }
    // every cubic metre the volume lost went into the tank
    DL_NEAR(tr.energy.volumeSupplied, V / beta * (tr.at(tr.rows.size() - 1, "vol", "pressure") - p0), 1e-18);
    QCOMPARE(tr.energy.numericalDissipation, 0.0);
    DL_ENERGY_BALANCED(tr);
    DL_VOLUME_BALANCED(tr);
}

// The same drain with a time constant 100x and 150x shorter than the tick: the step is
// monotone, never rings and never undershoots the reservoir (theta = 1 - tau/h makes the
// one-step factor exactly 0); the energy the method removes is booked as numerical
// dissipation, not hidden in the residual.
void TestHydraulic::stiffDrainDoesNotRing()
{
    for (double G : {1e-8 / 1.5, 1e-8}) {
        const double V = 1e-4, beta = 1.5e9, p0 = 1e7, pr = 1e5;
        DL_COMPILE(model, lab(runSettings(1000000, 20000000, 1), "[" + volumeNode("vol", V, beta, p0) + "," + reservoir("tank", pr) + "]",
                              R"([{"id": "orf", "type": "orifice", "node_a": "vol", "node_b": "tank", "parameters": {"conductance": )" +
                                  formatDouble(G) + "}}]"));
        DL_SIMULATE(tr, model);
        const double tau = V / (beta * G);
        QVERIFY(1e-3 / tau >= 99.0);
        double prev = p0;
        for (std::size_t i = 1; i < tr.rows.size(); ++i) {
            const double p = tr.at(i, "vol", "pressure");
            QVERIFY2(p <= prev + 1e-6, qPrintable(QString("rises at %1").arg(tr.times[i])));
            QVERIFY2(p >= pr - 1e-6, qPrintable(QString("undershoots the reservoir: %1 Pa").arg(p - pr, 0, 'g', 17)));
            DL_NEAR(p, pr, 1e-6); // the exact solution is within exp(-100) of the reservoir after one tick
            prev = p;
        }
        QVERIFY(tr.energy.numericalDissipation > 0.9 * tr.energy.storedInitial);
        DL_ENERGY_BALANCED(tr);
        DL_VOLUME_BALANCED(tr);
    }
}

// Turbulent orifice: Q = Cd A sqrt(2 dp / rho) well above the transition pressure, and a
// smooth linear law through dp = 0 (Newton converges through a flow reversal).
//   [V=1e-4, p0=1e7] --orifice Cd 0.7, A 1e-6, rho 850-- tank 1e5: at the first boundary
//   the mean flow equals the square-root law at the mean pressure drop (within the tick's change)
void TestHydraulic::turbulentOrificeRegularised()
{
    DL_COMPILE(model,
               lab(runSettings(10000, 200000000, 100), "[" + volumeNode("vol", 1e-4, 1.5e9, 1e7) + "," + reservoir("tank", 1e5) + "]",
                   R"([{"id": "orf", "type": "orifice", "node_a": "vol", "node_b": "tank",
                               "parameters": {"discharge_coefficient": 0.7, "area": 1e-6, "density": 850}}])"));
    DL_SIMULATE(tr, model);
    const double dp = tr.at(1, "orf", "pressure_drop");
    const double law = 0.7 * 1e-6 * std::sqrt(2.0 * dp / 850.0);
    DL_NEAR(tr.at(1, "orf", "flow"), law, 1e-3 * law);
    const double last = tr.at(tr.rows.size() - 1, "vol", "pressure");
    QVERIFY(last > 1e5 && last < 1.01e5);
    DL_ENERGY_BALANCED(tr);
    DL_VOLUME_BALANCED(tr);
}

// Pump into an orifice
//
//   shaft [J=1e6, w=150 rad/s] --pump D=1e-6 m^3/rad-- tank -> [V=1e-4] --orifice G=1e-11-- tank
//   steady state: p = p_r + D w / G = 1.51e7 Pa; shaft torque -D (p - p_r) = -15 N m;
//   an ideal pump loses nothing: all shaft work is throttled in the orifice
void TestHydraulic::pumpIntoOrifice()
{
    const double D = 1e-6, G = 1e-11, pr = 1e5;
    DL_COMPILE(
        model,
        lab(runSettings(100000, 200000000, 100),
            "[" + rot("shaft", 1e6, 150) + "," + reservoir("tank", pr) + "," + volumeNode("line", 1e-4, 1.5e9, pr) + "]",
            R"([{"id": "pmp", "type": "pump", "node_a": "shaft", "node_b": "tank", "node_c": "line", "parameters": {"displacement": 1e-6}},
                              {"id": "orf", "type": "orifice", "node_a": "line", "node_b": "tank", "parameters": {"conductance": 1e-11}}])"));
    DL_SIMULATE(tr, model);
    const std::size_t last = tr.rows.size() - 1;
    const double w = tr.at(last, "shaft", "speed");
    const double p = tr.at(last, "line", "pressure");
    DL_NEAR(p, pr + D * w / G, 0.1);
    DL_NEAR(tr.at(last, "pmp", "torque"), -D * (p - pr), 1e-6);
    DL_NEAR(tr.at(last, "pmp", "flow"), D * w, 1e-12);
    DL_NEAR(tr.at(last, "pmp", "pressure_rise"), p - pr, 1e-9);
    QVERIFY(std::fabs(tr.at(last, "pmp", "heat")) < 1e-9);
    DL_ENERGY_BALANCED(tr);
    DL_VOLUME_BALANCED(tr);
}

// A cylinder between two reservoirs accelerating a mass
//
//   tank A 5e6 Pa -- [A_A = 2e-3] cylinder [A_B = 1e-3] -- tank B 1e6 Pa;  rod [m = 50 kg]
//   F = A_A p_A - A_B p_B = 9000 N,  v = F t / m = 180 t,  flows A_A v out of A, A_B v into B
void TestHydraulic::cylinderBetweenReservoirs()
{
    DL_COMPILE(model, lab(runSettings(1000000, 100000000, 10),
                          "[" + reservoir("pa", 5e6) + "," + reservoir("pb", 1e6) + "," + mass("rod", 50, 0, 0.2) + "]",
                          R"([{"id": "cyl", "type": "hydraulic_cylinder", "node_a": "pa", "node_b": "pb", "node_c": "rod",
                               "parameters": {"area_a": 2e-3, "area_b": 1e-3}}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        DL_NEAR(tr.at(i, "rod", "velocity"), 180.0 * t, 1e-12);
        DL_NEAR(tr.at(i, "rod", "position"), 0.2 + 90.0 * t * t, 1e-12);
        if (i == 0) continue;
        DL_NEAR(tr.at(i, "cyl", "force"), 9000.0, 1e-9);
        DL_NEAR(tr.at(i, "cyl", "flow_a"), 2e-3 * 180.0 * (t - 0.0005), 1e-12);
    }
    // the reservoirs did the work: p_A A_A x - p_B A_B x = F x = kinetic energy
    DL_NEAR(tr.energy.sourceWork, tr.energy.kineticFinal, 1e-9);
    DL_ENERGY_BALANCED(tr);
    DL_VOLUME_BALANCED(tr);
}

// A pressure-applied clutch slips with capacity mu n r (dp A - F_spring) and locks on time
//
//   [Ja=0.5, 100 rad/s] ==clutch== [Jb=1.5, 0];  apply junction held by a pressure source:
//   atmospheric until 0.1 s (capacity 0: the spring holds the piston back), then +1e6 Pa:
//   capacity = 0.12 * 6 * 0.08 * (1e6 * 0.005 - 200) = 276.48 N m
//   lock at t* = 0.1 + 100 / (276.48 (1/0.5 + 1/1.5)) s, common speed 25 rad/s, heat 1875 J
void TestHydraulic::pressureAppliedClutchLocks()
{
    DL_COMPILE(model,
               lab(runSettings(100000, 400000000, 1), "[" + rot("a", 0.5, 100) + "," + rot("b", 1.5, 0) + "," + junction("apply") + "]",
                   R"([{"id": "valve", "type": "pressure_source", "node_a": "apply", "inputs": {"pressure": 101325}},
                              {"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "pressure_node": "apply",
                               "parameters": {"piston_area": 0.005, "friction_coefficient": 0.12, "effective_radius": 0.08,
                                              "surfaces": 6, "return_spring_force": 200}}])",
                   R"([{"time_ns": 100000000, "component": "valve", "input": "pressure", "value": 1101325}])"));
    DL_SIMULATE(tr, model);
    const double cap = 0.12 * 6 * 0.08 * (1e6 * 0.005 - 200.0);
    const double tStar = 0.1 + 100.0 / (cap * (1.0 / 0.5 + 1.0 / 1.5));
    std::size_t firstLocked = 0;
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        if (t <= 0.1) {
            QCOMPARE(tr.at(i, "a", "speed"), 100.0);
        } else if (t < tStar) {
            DL_NEAR(tr.at(i, "a", "speed"), 100.0 - cap / 0.5 * (t - 0.1), 1e-9);
            DL_NEAR(tr.at(i, "c", "torque"), -cap, 1e-9);
        } else if (!firstLocked) {
            firstLocked = i;
        }
    }
    QVERIFY(firstLocked > 0);
    QCOMPARE(tr.ticks[firstLocked], static_cast<std::int64_t>(std::ceil(tStar / 1e-4)));
    QCOMPARE(tr.at(firstLocked, "c", "locked"), 1.0);
    DL_NEAR(tr.at(firstLocked, "b", "speed"), 25.0, 1e-9);
    DL_NEAR(tr.at(tr.rows.size() - 1, "c", "friction_heat"), 1875.0, 1e-7);
    DL_ENERGY_BALANCED(tr);
}

// Accumulator charge to the polytropic equilibrium
//
//   supply 5e6 Pa --orifice G=1e-8-- [junction + accumulator V0=1e-3, p0=2e6, n=1.4]
//   equilibrium p = 5e6, oil = V0 (1 - (p0 / p)^(1/n)), gas = V0 (p0 / p)^(1/n)
void TestHydraulic::accumulatorChargesToEquilibrium()
{
    const double V0 = 1e-3, p0 = 2e6, n = 1.4, ps = 5e6;
    DL_COMPILE(model,
               lab(runSettings(100000, 300000000, 100), "[" + reservoir("supply", ps) + "," + junction("acc_port") + "]",
                   R"([{"id": "line", "type": "orifice", "node_a": "supply", "node_b": "acc_port", "parameters": {"conductance": 1e-8}},
                              {"id": "acc", "type": "accumulator", "node_a": "acc_port",
                               "parameters": {"gas_volume": 1e-3, "precharge_pressure": 2e6, "polytropic_index": 1.4, "initial_pressure": 2e6}}])"));
    DL_SIMULATE(tr, model);
    const std::size_t last = tr.rows.size() - 1;
    const double gas = V0 * std::pow(p0 / ps, 1.0 / n);
    DL_NEAR(tr.at(last, "acc_port", "pressure"), ps, 1e-3);
    DL_NEAR(tr.at(last, "acc", "gas_volume"), gas, 1e-12);
    DL_NEAR(tr.at(last, "acc", "oil_volume"), V0 - gas, 1e-12);
    QCOMPARE(tr.at(0, "acc", "oil_volume"), 0.0);
    // the supply delivered exactly the oil the accumulator holds
    DL_NEAR(tr.energy.volumeSupplied, V0 - gas, 1e-12);
    DL_ENERGY_BALANCED(tr);
    // volume books: each interval's solve leaves a flow residual within its tolerance,
    // at most (1e-6 Pa + 64 eps 2p) times the compliance V0 / (n p0): over 3000 ticks at
    // 5e6 Pa that bounds the books by 3000 x 1.2e-6 Pa x 3.6e-10 m^3/Pa = 1.3e-12 m^3
    QVERIFY2(std::fabs(tr.energy.volumeResidual) <= 3000 * (1e-6 + 64 * 2.2e-16 * 1e7) * V0 / (n * p0),
             qPrintable(QString::number(tr.energy.volumeResidual)));
}

// Below its precharge an accumulator holds no oil: a junction fed at 1e6 Pa (precharge 2e6)
// settles at 1e6 Pa with the accumulator empty.
void TestHydraulic::accumulatorBelowPrechargeHoldsNoOil()
{
    DL_COMPILE(model,
               lab(runSettings(100000, 10000000, 10), "[" + reservoir("supply", 1e6) + "," + junction("acc_port") + "]",
                   R"([{"id": "line", "type": "orifice", "node_a": "supply", "node_b": "acc_port", "parameters": {"conductance": 1e-8}},
                              {"id": "acc", "type": "accumulator", "node_a": "acc_port",
                               "parameters": {"gas_volume": 1e-3, "precharge_pressure": 2e6, "polytropic_index": 1.4, "initial_pressure": 1.5e6}}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        QCOMPARE(tr.at(i, "acc", "oil_volume"), 0.0);
        QCOMPARE(tr.at(i, "acc", "gas_volume"), 1e-3);
    }
    DL_NEAR(tr.at(tr.rows.size() - 1, "acc_port", "pressure"), 1e6, 1e-6);
    DL_ENERGY_BALANCED(tr);
}

// Throttling heat routed to a thermal node: its temperature rises by heat / capacity.
void TestHydraulic::orificeHeatToThermalNode()
{
    DL_COMPILE(
        model,
        lab(runSettings(100000, 50000000, 100),
            "[" + volumeNode("vol", 1e-4, 1.5e9, 1e7) + "," + reservoir("tank", 1e5) + "," + thermalNode("oil", 50, 320) + "]",
            R"([{"id": "orf", "type": "orifice", "node_a": "vol", "node_b": "tank", "heat_node": "oil", "parameters": {"conductance": 1e-11}}])"));
    DL_SIMULATE(tr, model);
    const std::size_t last = tr.rows.size() - 1;
    const double heat = tr.at(last, "orf", "heat");
    QVERIFY(heat > 3.0);
    DL_NEAR(tr.at(last, "oil", "temperature"), 320.0 + heat / 50.0, 1e-12);
    DL_NEAR(tr.energy.heatToNodes, heat, 1e-12);
    DL_ENERGY_BALANCED(tr);
}

// Junction pressures are solved at t = 0 (two orifices in series through a pure junction:
// the junction sits where the two flows balance, whatever initial_pressure guessed).
//   supply 9e6 --G1=3e-11-- mid --G2=1e-11-- tank 1e5:  p_mid = (G1 p_s + G2 p_t) / (G1 + G2)
void TestHydraulic::junctionsSolvedAtStart()
{
    DL_COMPILE(model, lab(runSettings(100000, 1000000, 1),
                          "[" + reservoir("supply", 9e6) + "," + reservoir("tank", 1e5) +
                              R"(, {"id": "mid", "domain": "hydraulic", "initial_pressure": 5e5}])",
                          R"([{"id": "r1", "type": "orifice", "node_a": "supply", "node_b": "mid", "parameters": {"conductance": 3e-11}},
                              {"id": "r2", "type": "orifice", "node_a": "mid", "node_b": "tank", "parameters": {"conductance": 1e-11}}])"));
    DL_SIMULATE(tr, model);
    const double expected = (3e-11 * 9e6 + 1e-11 * 1e5) / 4e-11;
    for (std::size_t i = 0; i < tr.rows.size(); ++i) DL_NEAR(tr.at(i, "mid", "pressure"), expected, 1e-6);
    DL_ENERGY_BALANCED(tr);
    DL_VOLUME_BALANCED(tr);
}

// a pressure source bound to a signal (a ramp 1e5 -> 2e5 Pa over 1 s) compiles and holds its
// junction at the signal's mean over each interval: 1e5 (1 + 0.0095) Pa over the tick ending at 10 ms
void TestHydraulic::boundPressureSource()
{
    std::string text = lab(runSettings(1000000, 10000000, 10), "[" + junction("j") + "," + reservoir("t", 1e5) + "]",
                           R"([{"id": "ps", "type": "pressure_source", "node_a": "j", "inputs": {"pressure": {"signal": "p"}}},
                               {"id": "o", "type": "orifice", "node_a": "j", "node_b": "t", "parameters": {"conductance": 1e-9}}])");
    text.pop_back();
    text += R"(, "signals": [{"id": "p", "kind": "ramp", "duration": 1, "from": 100000, "to": 200000}]})";
    DL_COMPILE(model, text);
    DL_SIMULATE(t, model);
    DL_NEAR(t.at(0, "j", "pressure"), 1e5, 0.0);
    DL_NEAR(t.at(1, "j", "pressure"), 100950.0, 1e-8);
}

void TestHydraulic::invalidHydraulicModels_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("subject");
    QTest::addColumn<QString>("field");
    const std::string run = runSettings(100000, 1000000, 1);
    const auto add = [](const char* name, const std::string& text, const char* subject, const char* field) {
        QTest::newRow(name) << QString::fromStdString(text) << subject << field;
    };
    add("reservoir with a volume", lab(run, R"([{"id": "t", "domain": "hydraulic", "fixed_pressure": 1e5, "volume": 1e-3}])", "[]"), "t",
        "volume");
    add("volume without bulk modulus", lab(run, R"([{"id": "v", "domain": "hydraulic", "volume": 1e-3, "initial_pressure": 1e5}])", "[]"),
        "v", "bulk_modulus");
    add("bulk modulus without volume", lab(run, R"([{"id": "j", "domain": "hydraulic", "bulk_modulus": 1.5e9}])", "[]"), "j",
        "bulk_modulus");
    add("pressure source on a volume",
        lab(run, "[" + volumeNode("v", 1e-3, 1.5e9, 1e5) + "]", R"([{"id": "ps", "type": "pressure_source", "node_a": "v"}])"), "ps",
        "node_a");
    add("two pressure sources on one junction",
        lab(run, "[" + junction("j") + "]",
            R"([{"id": "s1", "type": "pressure_source", "node_a": "j"}, {"id": "s2", "type": "pressure_source", "node_a": "j"}])"),
        "s2", "node_a");
    add("orifice with both laws",
        lab(run, "[" + junction("a") + "," + reservoir("t", 1e5) + "]",
            R"([{"id": "o", "type": "orifice", "node_a": "a", "node_b": "t", "parameters": {"conductance": 1e-10, "area": 1e-6}}])"),
        "o", "orifice.conductance");
    add("turbulent orifice missing density",
        lab(run, "[" + junction("a") + "," + reservoir("t", 1e5) + "]",
            R"([{"id": "o", "type": "orifice", "node_a": "a", "node_b": "t", "parameters": {"discharge_coefficient": 0.7, "area": 1e-6}}])"),
        "o", "orifice.density");
    add("accumulator pressure differs from its node",
        lab(run, "[" + volumeNode("v", 1e-3, 1.5e9, 1e5) + "]",
            R"([{"id": "acc", "type": "accumulator", "node_a": "v", "parameters": {"gas_volume": 1e-3, "precharge_pressure": 2e6, "polytropic_index": 1.4, "initial_pressure": 3e6}}])"),
        "acc", "accumulator.initial_pressure");
    add("pump table not starting at 0",
        lab(run, "[" + rot("s", 1, 10) + "," + reservoir("t", 1e5) + "," + junction("o") + "]",
            R"([{"id": "p", "type": "pump", "node_a": "s", "node_b": "t", "node_c": "o", "parameters": {"displacement": 1e-6, "delivery_table": [{"pressure_rise": 1e5, "efficiency": 1}, {"pressure_rise": 2e7, "efficiency": 0}]}}])"),
        "p", "pump.delivery_table[0].pressure_rise");
    add("pump table rising efficiency",
        lab(run, "[" + rot("s", 1, 10) + "," + reservoir("t", 1e5) + "," + junction("o") + "]",
            R"([{"id": "p", "type": "pump", "node_a": "s", "node_b": "t", "node_c": "o", "parameters": {"displacement": 1e-6, "delivery_table": [{"pressure_rise": 0, "efficiency": 1}, {"pressure_rise": 1e7, "efficiency": 0.9}, {"pressure_rise": 1.5e7, "efficiency": 0.95}, {"pressure_rise": 2e7, "efficiency": 0}]}}])"),
        "p", "pump.delivery_table[2].efficiency");
    add("pump table without cut-off",
        lab(run, "[" + rot("s", 1, 10) + "," + reservoir("t", 1e5) + "," + junction("o") + "]",
            R"([{"id": "p", "type": "pump", "node_a": "s", "node_b": "t", "node_c": "o", "parameters": {"displacement": 1e-6, "delivery_table": [{"pressure_rise": 0, "efficiency": 1}, {"pressure_rise": 2e7, "efficiency": 0.5}]}}])"),
        "p", "pump.delivery_table[1].efficiency");
    add("compressible converter without bulk modulus",
        lab(run, "[" + rot("s", 1, 0) + "," + volumeNode("v", 1e-3, 1.5e9, 1e5) + "]",
            R"([{"id": "mc", "type": "mechanical_converter", "node_a": "v", "node_b": "s", "parameters": {"displacement": 1e-5, "dead_volume": 1e-6, "initial_rotation": 0.1, "environment_pressure": "atmosphere", "compressibility": true, "density": 850}}])"),
        "mc", "mechanical_converter.bulk_modulus");
    add("converter chamber empty at start",
        lab(run, "[" + rot("s", 1, 0) + "," + volumeNode("v", 1e-3, 1.5e9, 1e5) + "]",
            R"([{"id": "mc", "type": "mechanical_converter", "node_a": "v", "node_b": "s", "parameters": {"displacement": 1e-3, "dead_volume": 1e-6, "initial_rotation": -0.1, "environment_pressure": "atmosphere", "compressibility": false, "density": 850}}])"),
        "mc", "mechanical_converter.initial_rotation");
    add("environment pressure keyword misspelt",
        lab(run, "[" + rot("s", 1, 0) + "," + volumeNode("v", 1e-3, 1.5e9, 1e5) + "]",
            R"([{"id": "mc", "type": "mechanical_converter", "node_a": "v", "node_b": "s", "parameters": {"displacement": 1e-5, "dead_volume": 1e-6, "initial_rotation": 0.1, "environment_pressure": "atmospheric", "compressibility": false, "density": 850}}])"),
        "mc", "mechanical_converter.environment_pressure");
    add("clutch with pressure node and capacity input",
        lab(run, "[" + rot("a", 1, 0) + "," + rot("b", 1, 0) + "," + junction("j") + "]",
            R"([{"id": "ps", "type": "pressure_source", "node_a": "j"}, {"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "pressure_node": "j", "inputs": {"capacity": 5}, "parameters": {"piston_area": 0.005, "friction_coefficient": 0.1, "effective_radius": 0.1, "surfaces": 2}}])"),
        "c", "inputs.capacity");
    add("clutch with pressure node missing area",
        lab(run, "[" + rot("a", 1, 0) + "," + rot("b", 1, 0) + "," + junction("j") + "]",
            R"([{"id": "ps", "type": "pressure_source", "node_a": "j"}, {"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "pressure_node": "j", "parameters": {"friction_coefficient": 0.1, "effective_radius": 0.1, "surfaces": 2}}])"),
        "c", "clutch.piston_area");
    add("piston area without pressure node",
        lab(run, "[" + rot("a", 1, 0) + "," + rot("b", 1, 0) + "]",
            R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "parameters": {"piston_area": 0.005}}])"),
        "c", "clutch.piston_area");
    add("capacity event on a pressure-applied clutch",
        lab(run, "[" + rot("a", 1, 0) + "," + rot("b", 1, 0) + "," + junction("j") + "]",
            R"([{"id": "ps", "type": "pressure_source", "node_a": "j"}, {"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "pressure_node": "j", "parameters": {"piston_area": 0.005, "friction_coefficient": 0.1, "effective_radius": 0.1, "surfaces": 2}}])",
            R"([{"time_ns": 0, "component": "c", "input": "capacity", "value": 3}])"),
        "c", "events[0].input");
    add("transformer across domains",
        lab(run, "[" + rot("a", 1, 0) + "," + mass("b", 1, 0) + "]",
            R"([{"id": "tf", "type": "transformer", "node_a": "a", "node_b": "b", "parameters": {"ratio": 2}}])"),
        "tf", "node_b");
    add("cylinder rod on a rotational node",
        lab(run, "[" + junction("a") + "," + junction("b") + "," + rot("r", 1, 0) + "]",
            R"([{"id": "cy", "type": "hydraulic_cylinder", "node_a": "a", "node_b": "b", "node_c": "r", "parameters": {"area_a": 1e-3, "area_b": 5e-4}}])"),
        "cy", "node_c");
}

void TestHydraulic::invalidHydraulicModels()
{
    QFETCH(QString, text);
    QFETCH(QString, subject);
    QFETCH(QString, field);
    const auto loaded = load(text.toStdString());
    QVERIFY(!loaded.model);
    bool found = false;
    for (const auto& d : loaded.diagnostics.items())
        found = found || (d.subject == subject.toStdString() && d.field == field.toStdString());
    QVERIFY2(found, qPrintable("expected " + subject + ": " + field + ", got\n" + describe(loaded.diagnostics)));
}

QTEST_GUILESS_MAIN(TestHydraulic)
#include "tst_hydraulic.moc"
