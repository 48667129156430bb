// Thermal-liquid volumes (oil temperatures) under the two-stage methods (run.method gauss2,
// radau3; issue 37 target 2; docs/PHYSICS.md, "Thermal-liquid volumes at the stages").
//
// (1) A closed oil volume heated through a wall and by a slipping clutch
//
//       [wall: Tw = 373.15 K, 1e12 J/K] --G = 100 W/K-- [oil V = 1e-4 m^3, beta 1.5e9, 313.15 K, 1e5 Pa]
//       (a closed valve from a tank holds it: no flow)          ^ clutch (capacity 10 N m) slipping at
//                                                                 w = 20 rad/s against ground: Q = 200 W
//
//     No flow: the oil mass m0 = rho(p0, T0) V stays, p - p0 = beta alpha (T - T0) exactly, and the
//     energy row c m dT/dt = Q + G (Tw - T) + T alpha V dp/dt becomes
//       (c m0 - k T) dT/dt = G (T_inf - T),   k = alpha^2 beta V,   T_inf = Tw + Q / G
//     so with u = T_inf - T (separable):
//       (c m0 - k T_inf) ln(u / u0) + k (u - u0) = -G t
//     (c m0 = 165 J/K, k T = 23 J/K, tau ~ 1.4 s), solved for u by Newton. Without the clutch
//     Q = 0 (the wall alone). Each method's error in T at 1 s falls 16x (gauss2) and 8x (radau3)
//     per halved tick (200, 100, 50 ms; asked > 2^3.5 and 2^2.5; measured gauss2 15.99, 15.58,
//     radau3 7.86, 7.93; below ~2e-9 K the wall's own drift, -4.5e-9 K from the 4.5 kJ it gives,
//     floors gauss2: 11.2, 2.7 at 25 and 12.5 ms), p follows T to the solve's
//     tolerance, and the books close at rounding: the heat the wall gave and the clutch's are the
//     oil's change c m0 dT - k d(T^2)/2 (the gauss2 quadrature's error booked as numerical).
// (2) labs/thermal-lockup.lab.json over its first launch (3 s: the pump charging, the converter's
//     and the lockup's heat in the sump, the apply at 2.5 s and the lock) with each method: the
//     final speeds, pressures and oil temperatures within 1e-6 of the midpoint's at a quarter of
//     the lab's tick (each scaled by its size in the lab: 100 rad/s, 2 MPa, 10 K), books closed.
//     radau3 at the lab's tick (0.1 ms); gauss2 at 50 us: at 0.1 ms its end on the stiff pump
//     outlet (C = 1.3e-13 m^3/Pa against the relief's conductance: tau ~ 1e-6 s << h) is not
//     damped (R(inf) = 1, issue 37 cause 1; hydraulic-lockup without oil shows it at 50 us).
// (3) adiabatic compression at the stages (tst_thermalliquid's case (2)):
//       speed source w = -10 rad/s -- mechanical_converter D = 1e-6 m^3/rad -- [oil V = 1e-4 m^3, closed]
//     q = -D w = 1e-5 m^3/s into the volume for 0.1 s (dp ~ 17 MPa, dT ~ 2.3 K):
//       (V/beta) p' - V alpha T' = q,   (c m - alpha^2 beta V T) T' = alpha T q (beta - p)
//     against RK4 (4000 steps): at a 10 ms tick (10 intervals) each method is within 1e-9 of p
//     and 1e-9 K of T (the midpoint meets that bound at 0.1 ms); the chamber's oil booked as
//     absorbed at the volume's stage state, books closed.
// (4) thermal-lockup's first second with each method: no allocation per tick, one final hash
//     through two sessions and a fork.
#include <cstring>
#include <fstream>
#include <sstream>

#include "methodlabs.h"
#include "oillab.h"

using namespace drivelab;
using namespace drivelab::test;

class TestMethodThermal : public QObject {
    Q_OBJECT
private slots:
    void heatedClosedVolumeAtTheMethodsOrder();
    void thermalLockupConvergesToTheMidpoint();
    void converterCompressesClosedVolume();
    void deterministicAndAllocationFree();
};

namespace {

constexpr double kV = 1e-4, kP0 = 1e5, kT0 = 313.15, kTw = 373.15, kG = 100.0;

std::string heatedVolumeLab(long long tickNs, const char* method, double clutchSpeed)
{
    std::string nodes = "[" + tank("tank", 1e5, kT0) + "," + oilVolume("vol", kV, kP0, kT0) + "," + thermalNode("wall", 1e12, kTw);
    std::string comps = R"([{"id": "valve", "type": "orifice", "node_a": "tank", "node_b": "vol", "heat_node": "wall",
                             "parameters": {"conductance": 1e-10, "wall_conductance": 100}, "inputs": {"opening": 0}})";
    if (clutchSpeed != 0.0) {
        nodes += "," + rot("s", 1.0, clutchSpeed);
        comps += R"(, {"id": "hold", "type": "speed_source", "node_a": "s", "inputs": {"speed": )" + formatDouble(clutchSpeed) +
                 R"(}}, {"id": "brake", "type": "clutch", "node_a": "s", "node_b": "ground", "oil_node": "vol", "inputs": {"capacity": 10}})";
    }
    return oilLab(runWith(tickNs, 1000000000, method), nodes + "]", comps + "]");
}

/// T(t) of (1): (c m0 - k T_inf) ln(u/u0) + k (u - u0) = -G t, u = T_inf - T, by Newton on u
double closedFormT(double t, double q)
{
    const double m0 = oilDensity(kP0, kT0) * kV, k = kAlpha * kAlpha * kBeta * kV;
    const double tInf = kTw + q / kG, u0 = tInf - kT0, a = kC * m0 - k * tInf;
    double u = u0 * std::exp(-kG * t / a);
    for (int it = 0; it < 60; ++it) {
        const double r = a * std::log(u / u0) + k * (u - u0) + kG * t;
        const double step = r / (a / u + k);
        u -= step;
        if (std::fabs(step) <= 1e-16 * std::fabs(u)) break;
    }
    return tInf - u;
}

/// labs/thermal-lockup.lab.json with `method` at tickNs over durationNs, one report at the end
std::string thermalLockup(const char* method, long long tickNs, long long durationNs)
{
    std::ifstream in(DRIVELAB_SOURCE_DIR "/labs/thermal-lockup.lab.json");
    std::stringstream text;
    text << in.rdbuf();
    Json j = Json::parse(text.str());
    j["run"]["method"] = method;
    j["run"]["tick_ns"] = tickNs;
    j["run"]["duration_ns"] = durationNs;
    j["run"]["report_every_ticks"] = durationNs / tickNs;
    return j.dump();
}

} // namespace

void TestMethodThermal::heatedClosedVolumeAtTheMethodsOrder()
{
    for (double speed : {0.0, 20.0}) {
        const double q = 10.0 * speed;
        const double exact = closedFormT(1.0, q);
        for (const char* method : {"gauss2", "radau3"}) {
            double err[3];
            const long long ticks[3] = {200000000, 100000000, 50000000};
            for (int k = 0; k < 3; ++k) {
                DL_COMPILE(model, heatedVolumeLab(ticks[k], method, speed));
                DL_SIMULATE(tr, model);
                DL_ENERGY_BALANCED(tr);
                DL_VOLUME_BALANCED(tr);
                const std::size_t last = tr.rows.size() - 1;
                const double t1 = tr.at(last, "vol", "temperature"), p1 = tr.at(last, "vol", "pressure");
                DL_NEAR(p1 - kP0, kBeta * kAlpha * (t1 - kT0), 1e-5 + 1e-13 * p1);
                err[k] = std::fabs(t1 - exact);
                // what came in (the wall's heat, the clutch's) is the oil's change
                const double m0 = oilDensity(kP0, kT0) * kV, kk = kAlpha * kAlpha * kBeta * kV;
                const double in = -tr.energy.heatToNodes + tr.energy.heatToOil;
                const double change = kC * m0 * (t1 - kT0) - 0.5 * kk * (t1 * t1 - kT0 * kT0);
                QVERIFY2(std::fabs(in - change) <= 1e-6 * std::fabs(change) + 1e-9,
                         qPrintable(QString("%1: heat in %2 J, the oil's change %3 J").arg(method).arg(in, 0, 'g', 15).arg(change, 0, 'g', 15)));
            }
            const double r1 = err[0] / err[1], r2 = err[1] / err[2];
            const QString msg = QString("heated volume (Q = %1 W), %2: errors %3 %4 %5 K against the closed form %6 K (ratios %7, %8)")
                                    .arg(q).arg(method).arg(err[0]).arg(err[1]).arg(err[2]).arg(exact, 0, 'g', 12).arg(r1).arg(r2);
            qInfo("%s", qPrintable(msg));
            const double order = std::pow(2.0, std::strcmp(method, "gauss2") ? 2.5 : 3.5);
            QVERIFY2(r1 > order && r2 > order && err[2] < 2e-5, qPrintable(msg));
        }
    }
}

void TestMethodThermal::thermalLockupConvergesToTheMidpoint()
{
    const auto labText = [](const char* method, long long tickNs) { return thermalLockup(method, tickNs, 3000000000LL); };
    struct Probe {
        const char* subject;
        const char* name;
        double scale;
    };
    const Probe probes[] = {{"engine", "speed", 100.0},       {"turbine", "speed", 100.0},        {"wheels", "speed", 100.0},
                            {"sump", "pressure", 2e6},        {"pump_out", "pressure", 2e6},      {"accumulator_port", "pressure", 2e6},
                            {"piston", "pressure", 2e6},      {"sump", "temperature", 10.0},      {"pump_out", "temperature", 10.0},
                            {"piston", "temperature", 10.0}};
    DL_COMPILE(refModel, labText("midpoint", 25000));
    DL_SIMULATE(ref, refModel);
    const std::size_t lastRef = ref.rows.size() - 1;
    // the lab warms its oil over the launch: the check is not on a still state
    QVERIFY(ref.at(lastRef, "sump", "temperature") - 313.15 > 1.0);
    for (const auto& [method, tick] : {std::pair<const char*, long long>{"radau3", 100000}, {"gauss2", 50000}}) {
        DL_COMPILE(model, labText(method, tick));
        DL_SIMULATE(tr, model);
        DL_ENERGY_BALANCED(tr);
        // the lab's oil is closed (no reservoir): nothing moves through the volume books, whose
        // residual is what the solve's mass rows leave within their tolerance, as the midpoint's
        // (6.6e-17 m^3 at 25 us, 6e-16 at the lab's tick): within 1e-12 of the lab's 3.22 l
        QVERIFY2(std::fabs(tr.energy.volumeResidual) <= 1e-12 * 3.22e-3, qPrintable(QString::number(tr.energy.volumeResidual)));
        const std::size_t last = tr.rows.size() - 1;
        double worst = 0.0;
        QString where;
        for (const Probe& p : probes) {
            const double d = std::fabs(tr.at(last, p.subject, p.name) - ref.at(lastRef, p.subject, p.name)) / p.scale;
            if (!(d <= worst)) {
                worst = d;
                where = QString("%1.%2").arg(p.subject).arg(p.name);
            }
        }
        const QString msg = QString("thermal-lockup, %1 at %2 us: %3 from the midpoint at 25 us (%4); energy residual %5 J, volume %6 m^3")
                                .arg(method).arg(tick / 1000).arg(worst).arg(where).arg(tr.energy.residual).arg(tr.energy.volumeResidual);
        qInfo("%s", qPrintable(msg));
        QVERIFY2(worst < 1e-6, qPrintable(msg));
    }
}

void TestMethodThermal::converterCompressesClosedVolume()
{
    const double q = 1e-5;
    for (const char* method : {"gauss2", "radau3"}) {
        DL_COMPILE(model, oilLab(runWith(10000000, 100000000, method), "[" + rot("shaft", 0.01, -10.0) + "," + oilVolume("vol", kV, kP0, kT0) + "]",
                                 R"([{"id": "src", "type": "speed_source", "node_a": "shaft", "inputs": {"speed": -10}},
                                     {"id": "mc", "type": "mechanical_converter", "node_a": "vol", "node_b": "shaft",
                                      "parameters": {"displacement": 1e-6, "dead_volume": 1e-6, "initial_rotation": 10,
                                                     "environment_pressure": "atmosphere", "compressibility": false}}])"));
        DL_SIMULATE(tr, model);
        const auto ref = rk4<2>({kP0, kT0}, 0.1, 4000, [&](const std::array<double, 2>& y) {
            const double m = oilDensity(y[0], y[1]) * kV;
            const double dT = kAlpha * y[1] * q * (kBeta - y[0]) / (kC * m - kAlpha * kAlpha * kBeta * kV * y[1]);
            return std::array<double, 2>{kBeta * (q + kV * kAlpha * dT) / kV, dT};
        });
        const std::size_t last = tr.rows.size() - 1;
        const double p1 = tr.at(last, "vol", "pressure"), t1 = tr.at(last, "vol", "temperature");
        qInfo("%s: p %.12g Pa (RK4 %.12g), T %.12g K (RK4 %.12g)", method, p1, ref[0], t1, ref[1]);
        QVERIFY(p1 - kP0 > 1.6e7);
        DL_NEAR(p1, ref[0], 1e-9 * ref[0]);
        DL_NEAR(t1, ref[1], 1e-9);
        QVERIFY(tr.energy.oilAbsorbed != 0.0);
        DL_ENERGY_BALANCED(tr);
        DL_VOLUME_BALANCED(tr);
    }
}

void TestMethodThermal::deterministicAndAllocationFree()
{
    for (const char* method : {"gauss2", "radau3"}) {
        DL_COMPILE(model, thermalLockup(method, 100000, 1000000000LL));
        Session s1(model);
        const std::uint64_t before = allocationCount();
        QVERIFY(s1.run(model->ticks).status == BatchStatus::Completed);
        QCOMPARE(allocationCount() - before, std::uint64_t(0));
        checkForkReproduces(model, s1.stateHash());
    }
}

QTEST_GUILESS_MAIN(TestMethodThermal)
#include "tst_methodthermal.moc"
