// Translational elements, transformers in each domain, and the thermal network against
// closed forms.
#include "testutil.h"

#include "components/descriptors.h"
#include "spec/portrules.h"

using namespace drivelab;
using namespace drivelab::test;

class TestDomains : public QObject {
    Q_OBJECT
private slots:
    void massSpringOscillator();
    void forceStepIntoDamper();
    void rotationalTransformer();
    void translationalTransformer();
    void hydraulicTransformer();
    void thermalConductorEqualises();
    void heatSourceWithAmbientLoss();
    void portDomainRule();
};

// Mass-spring oscillator (translational)
//
//   ground --spring k=800 N/m, d0=0.01 m-- [m=2 kg, x0=0.5 m]
//   d(t) = d0 cos(wn t), wn = sqrt(k/m) = 20 rad/s; the position reads x0 + displacement;
//   implicit midpoint: exact rotation by phi = 2 atan(wn h / 2)
void TestDomains::massSpringOscillator()
{
    const double k = 800, m = 2, d0 = 0.01, h = 1e-4, wn = std::sqrt(k / m);
    DL_COMPILE(model, lab(runSettings(100000, 500000000, 50), "[" + mass("body", m, 0, 0.5) + "]",
                          R"([{"id": "s", "type": "translational_spring", "node_a": "body", "node_b": "ground",
                               "parameters": {"stiffness": 800, "initial_deflection": 0.01}}])"));
    DL_SIMULATE(tr, model);
    const double phi = 2.0 * std::atan(wn * h / 2.0);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double n = static_cast<double>(tr.ticks[i]);
        DL_NEAR(tr.at(i, "s", "deflection"), d0 * std::cos(n * phi), 1e-13);
        DL_NEAR(tr.at(i, "body", "position"), 0.5 + d0 * std::cos(n * phi) - d0, 1e-13);
        DL_NEAR(tr.at(i, "body", "velocity"), -d0 * wn * std::sin(n * phi), 1e-12);
        if (i > 0) QVERIFY(std::fabs(tr.at(i, "s", "force") + tr.at(i, "s", "force_at_b")) < 1e-12);
    }
    DL_ENERGY_BALANCED(tr);
}

// A force step into a damper: v(t) = (F/c)(1 - exp(-c t / m)); discrete midpoint
// v_{n+1} = v_n rho + (F/c)(1 - rho), rho = (1 - ch/2m)/(1 + ch/2m).
//   force 100 N at t = 0 --> [m=10 kg] --damper c=50 N s/m-- ground; support reaction -100 N
void TestDomains::forceStepIntoDamper()
{
    const double F = 100, c = 50, m = 10, h = 1e-3;
    DL_COMPILE(
        model,
        lab(runSettings(1000000, 1000000000, 10), "[" + mass("cart", m, 0) + "]",
            R"([{"id": "push", "type": "force_step", "node_a": "cart", "parameters": {"step_force": 100, "offset_force": 0, "start_time": 0}},
                              {"id": "drag", "type": "translational_damper", "node_a": "cart", "parameters": {"damping": 50}}])"));
    DL_SIMULATE(tr, model);
    const double rho = (1 - c * h / (2 * m)) / (1 + c * h / (2 * m));
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double n = static_cast<double>(tr.ticks[i]);
        DL_NEAR(tr.at(i, "cart", "velocity"), F / c * (1 - std::pow(rho, n)), 1e-12);
        DL_NEAR(tr.at(i, "cart", "velocity"), F / c * (1 - std::exp(-c * tr.times[i] / m)),
                F / c * tr.times[i] * std::pow(c / m, 3) * h * h / 12 * 1.1 + 1e-12);
        if (i > 0) {
            DL_NEAR(tr.at(i, "push", "force"), 100.0, 1e-12);
            DL_NEAR(tr.at(i, "push", "force_at_b"), -100.0, 1e-12);
        }
    }
    DL_ENERGY_BALANCED(tr);
}

// Rotational transformer (lever/gear): w_a = r w_b with r = 4; torque T on a accelerates
// both with J_eff = Ja + Jb / r^2; effort_b = -r effort_a, power in at a equals power out at b.
//   T = 8 --> [Ja=0.1] --TF r=4-- [Jb=1.6]:  J_eff = 0.2, dwa/dt = 40, dwb/dt = 10
void TestDomains::rotationalTransformer()
{
    DL_COMPILE(
        model,
        lab(runSettings(1000000, 200000000, 20), "[" + rot("a", 0.1, 0) + "," + rot("b", 1.6, 0) + "]",
            R"([{"id": "src", "type": "torque_step", "node_a": "a", "parameters": {"step_torque": 8, "offset_torque": 0, "start_time": 0}},
                              {"id": "tf", "type": "transformer", "node_a": "a", "node_b": "b", "parameters": {"ratio": 4}}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 1; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        DL_NEAR(tr.at(i, "a", "speed"), 40 * t, 1e-12);
        DL_NEAR(tr.at(i, "b", "speed"), 10 * t, 1e-12);
        DL_NEAR(tr.at(i, "tf", "flow_a"), 4 * tr.at(i, "tf", "flow_b"), 1e-12);
        DL_NEAR(tr.at(i, "tf", "effort_b"), 16.0, 1e-9); // Jb dwb/dt on b
        DL_NEAR(tr.at(i, "tf", "effort_a"), -4.0, 1e-9); // -(Jb / r^2) dwa/dt on a
        // no power is created or lost
        DL_NEAR(tr.at(i, "tf", "effort_a") * tr.at(i, "tf", "flow_a") + tr.at(i, "tf", "effort_b") * tr.at(i, "tf", "flow_b"), 0.0, 1e-9);
    }
    DL_ENERGY_BALANCED(tr);
}

// Translational transformer (lever): v_a = r v_b, r = 2; force 30 N on a.
//   m_eff = ma + mb / r^2 = 1 + 8/4 = 3 kg: dva/dt = 10, dvb/dt = 5
void TestDomains::translationalTransformer()
{
    DL_COMPILE(
        model,
        lab(runSettings(1000000, 100000000, 10), "[" + mass("a", 1, 0) + "," + mass("b", 8, 0) + "]",
            R"([{"id": "push", "type": "force_step", "node_a": "a", "parameters": {"step_force": 30, "offset_force": 0, "start_time": 0}},
                              {"id": "lever", "type": "transformer", "node_a": "a", "node_b": "b", "parameters": {"ratio": 2}}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 1; i < tr.rows.size(); ++i) {
        const double t = tr.times[i];
        DL_NEAR(tr.at(i, "a", "velocity"), 10 * t, 1e-12);
        DL_NEAR(tr.at(i, "b", "velocity"), 5 * t, 1e-12);
        DL_NEAR(tr.at(i, "lever", "effort_b"), 40.0, 1e-9);
        DL_NEAR(tr.at(i, "lever", "effort_a") * tr.at(i, "lever", "flow_a") + tr.at(i, "lever", "effort_b") * tr.at(i, "lever", "flow_b"),
                0.0, 1e-9);
    }
    DL_ENERGY_BALANCED(tr);
}

// Hydraulic transformer (pressure intensifier): p_b = r p_a, Q_a = r Q_b, r = 2.5.
//   source 4e6 Pa on junction a --TF-- junction b --orifice G=1e-11-- tank 1e5 Pa
//   p_b = 1e7 Pa, Q_b = G (p_b - 1e5), Q_a = r Q_b; hydraulic power p_a Q_a = p_b Q_b
void TestDomains::hydraulicTransformer()
{
    DL_COMPILE(model, lab(runSettings(100000, 10000000, 10), "[" + junction("a") + "," + junction("b") + "," + reservoir("tank", 1e5) + "]",
                          R"([{"id": "src", "type": "pressure_source", "node_a": "a", "inputs": {"pressure": 4e6}},
                              {"id": "tf", "type": "transformer", "node_a": "a", "node_b": "b", "parameters": {"ratio": 2.5}},
                              {"id": "orf", "type": "orifice", "node_a": "b", "node_b": "tank", "parameters": {"conductance": 1e-11}}])"));
    DL_SIMULATE(tr, model);
    const double qb = 1e-11 * (1e7 - 1e5);
    for (std::size_t i = 1; i < tr.rows.size(); ++i) {
        DL_NEAR(tr.at(i, "b", "pressure"), 1e7, 1e-6);
        DL_NEAR(tr.at(i, "tf", "effort_b"), 2.5 * tr.at(i, "tf", "effort_a"), 1e-6);
        DL_NEAR(tr.at(i, "tf", "flow_b"), qb, 1e-15);
        DL_NEAR(tr.at(i, "tf", "flow_a"), 2.5 * qb, 1e-15);
        DL_NEAR(tr.at(i, "src", "flow"), 2.5 * qb, 1e-15);
        DL_NEAR(tr.at(i, "tf", "effort_a") * tr.at(i, "tf", "flow_a"), tr.at(i, "tf", "effort_b") * tr.at(i, "tf", "flow_b"), 1e-6);
    }
    DL_ENERGY_BALANCED(tr);
    DL_VOLUME_BALANCED(tr);
}

// Two thermal masses joined by a conductor equalise exponentially:
//   [C1=100, 400 K] --G=5 W/K-- [C2=300, 300 K]:  dT = dT0 exp(-t/tau), 1/tau = G (1/C1 + 1/C2)
//   implicit midpoint: dT_n = dT0 rho^n, rho = (1 - z/2)/(1 + z/2), z = h / tau;
//   C1 T1 + C2 T2 is conserved; the conductor's mean heat flow is G times the mean dT
void TestDomains::thermalConductorEqualises()
{
    const double c1 = 100, c2 = 300, g = 5, h = 1e-2;
    const double z = h * g * (1 / c1 + 1 / c2);
    DL_COMPILE(model,
               lab(runSettings(10000000, 20000000000, 100), "[" + thermalNode("hot", c1, 400) + "," + thermalNode("cold", c2, 300) + "]",
                   R"([{"id": "k", "type": "thermal_conductor", "node_a": "hot", "node_b": "cold", "parameters": {"conductance": 5}}])"));
    DL_SIMULATE(tr, model);
    const double rho = (1 - z / 2) / (1 + z / 2);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t1 = tr.at(i, "hot", "temperature"), t2 = tr.at(i, "cold", "temperature");
        DL_NEAR(t1 - t2, 100 * std::pow(rho, static_cast<double>(tr.ticks[i])), 1e-10);
        // rounding of the rises: 2000 ticks x (C1 + C2) x eps x 100 K = 2e-8 J
        DL_NEAR(c1 * (t1 - 400) + c2 * (t2 - 300), 0.0, 2e-8);
        if (i > 0) QVERIFY(tr.at(i, "k", "heat_flow") > 0.0);
    }
    DL_NEAR(tr.energy.thermalResidual, 0.0, 2e-8);
}

// A heat source into a mass with an ambient loss:
//   P = 50 W --> [C = 100 J/K, 300 K] --G_amb = 2 W/K-- 300 K:
//   T = 300 + (P / G)(1 - exp(-G t / C)); the thermal books close
void TestDomains::heatSourceWithAmbientLoss()
{
    const double P = 50, C = 100, G = 2, h = 1e-2;
    DL_COMPILE(model, lab(runSettings(10000000, 100000000000, 500), "[" + thermalNode("block", C, 300, G, 300) + "]",
                          R"([{"id": "heater", "type": "heat_source", "node_a": "block", "inputs": {"power": 50}}])"));
    DL_SIMULATE(tr, model);
    const double z = h * G / C, rho = (1 - z / 2) / (1 + z / 2);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double T = tr.at(i, "block", "temperature");
        DL_NEAR(T, 300 + P / G * (1 - std::pow(rho, static_cast<double>(tr.ticks[i]))), 1e-9);
        DL_NEAR(T, 300 + P / G * (1 - std::exp(-G * tr.times[i] / C)), P / G * tr.times[i] * std::pow(G / C, 3) * h * h / 12 * 1.1 + 1e-9);
        if (i > 0) DL_NEAR(tr.at(i, "heater", "power"), 50.0, 1e-12);
    }
    DL_NEAR(tr.energy.heatFromSources, P * 100.0, 1e-9);
    DL_NEAR(tr.energy.thermalResidual, 0.0, 1e-7);
}

// The port-domain rule, written once (spec/portrules.h): a fixed port takes its own domain; a
// transformer's ports take rotational, translational or hydraulic, the one of node_a's node.
// The compiler reports exactly these verdicts.
void TestDomains::portDomainRule()
{
    const ComponentDescriptor* tf = findComponentDescriptor("transformer");
    const ComponentDescriptor* clutch = findComponentDescriptor("clutch");
    QVERIFY(tf && clutch);
    const PortDescriptor& b = *tf->port("node_b");
    QVERIFY(b.sameDomainAsA);
    QVERIFY(checkPortDomain(b, Domain::Hydraulic, std::nullopt) == PortDomainCheck::Accepted);
    QVERIFY(checkPortDomain(b, Domain::Hydraulic, Domain::Hydraulic) == PortDomainCheck::Accepted);
    QVERIFY(checkPortDomain(b, Domain::Translational, Domain::Rotational) == PortDomainCheck::DiffersFromA);
    QVERIFY(checkPortDomain(b, Domain::Thermal, std::nullopt) == PortDomainCheck::Thermal);
    QVERIFY(portDomain(b, Domain::Translational) == Domain::Translational);
    QVERIFY(portDomain(b, std::nullopt) == b.domain);
    const PortDescriptor& heat = *clutch->port("heat_node");
    QVERIFY(checkPortDomain(heat, Domain::Thermal, Domain::Rotational) == PortDomainCheck::Accepted);
    QVERIFY(checkPortDomain(heat, Domain::Rotational, std::nullopt) == PortDomainCheck::WrongDomain);
    QVERIFY(portDomain(heat, Domain::Rotational) == Domain::Thermal);
    QVERIFY(!portAcceptsGround(heat));
    // the compiler's verdict on a translational node_b behind a rotational node_a
    const auto loaded = load(lab(runSettings(1000, 1000000, 1), "[" + rot("a", 1, 0) + "," + mass("m", 1, 0, 0) + "]",
                                 R"([{"id": "tf", "type": "transformer", "node_a": "a", "node_b": "m", "parameters": {"ratio": 2}}])"));
    QVERIFY(!loaded.model);
    QCOMPARE(loaded.diagnostics.items()[0].field, std::string("node_b"));
    QVERIFY(loaded.diagnostics.items()[0].message.find("but node_a is rotational") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestDomains)
#include "tst_domains.moc"
