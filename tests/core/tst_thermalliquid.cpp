// Thermal-liquid oil (docs/PHYSICS.md, "Thermal-liquid oil") against closed forms and
// independently integrated solutions.
//
// The oil: rho(p, T) = rho_r (1 + (p - p_r)/beta - alpha (T - T_r)), c constant, Walther
// viscosity through (40 degC, nu40) and (100 degC, nu100). A thermal-liquid volume V holds
// oil of mass m = rho(p, T) V and obeys
//   mass     (V/beta) dp/dt - V alpha dT/dt = sum of volume flows in (reference volumes)
//   energy   c m dT/dt = sum over inflows q (e_up - e) + losses + walls + T alpha V dp/dt - alpha p T n
//   with the flow energy e(p, T) = rho_r c (T - T_r) - alpha p T of each reference volume of oil and
//   n = (V/beta) dp/dt - V alpha dT/dt the oil the volume gains (its enthalpy's -alpha p T part)
// Books: the oil's internal energy U = c m (T - T_r) - V alpha p T (its compression energy
// stays in `stored`) changes by what losses, walls and flows bring; the energy residual
// counts it and sits at rounding level.
//
// (1) heated closed volume: no flow, so m is constant and (p - p0) = beta alpha (T - T0)
//     exactly; a wall G to a fixed-temperature mass Tw:
//       (c m - alpha^2 beta V T) dT/dt = G (Tw - T)
//     and the heat in is  c m (T1 - T0) - alpha^2 beta V (T1^2 - T0^2)/2  (exact for the midpoint rule).
// (2) adiabatic compression: a converter driven at constant speed pushes q into a closed
//     volume: the two equations above with no heat and n = q:
//       (c m - alpha^2 beta V T) dT/dt = alpha T q (beta - p),  (V/beta) dp/dt = q + V alpha dT/dt
//     (to leading order T1 = T0 exp(alpha dp / (rho c))); reference: RK4 on the pair in time.
// (3) throttling from a tank through an orifice into a small volume that drains through a
//     second orifice: the flow keeps its enthalpy, so at steady state (e(p_t, T_t) + p_t = e(p_v, T_v) + p_v)
//       T_vol (rho_r c - alpha p_vol) = T_tank (rho_r c - alpha p_tank) + p_tank - p_vol.
// (4) viscosity: a laminar orifice between reservoirs at T passes G nu(T_r)/nu(T) dp; at
//     100 degC that is G nu40/nu100 dp (Walther passes through its two points).
// (5) seed 001's mechanical converter term by term: tau = D (p - p_env), V = V_dead + D theta,
//     dm/dt = rho (D w + (V/beta) dp/dt), and it neither stores nor dissipates.
// (7) causality: a thermal-liquid volume is a two-port C (pressure and oil temperature), in
//     integral causality on both bonds; walls are Rs between the oil and the thermal node,
//     losses left in the oil Sf's into its temperature junction.
// (6) a brake's friction heat into a closed oil volume: heat = J w0^2 / 2 = the oil's
//     c m dT - alpha^2 beta V d(T^2)/2.
#include "oillab.h"
#include "testutil.h"

#include <functional>

#include "analysis/causality.h"
#include "spec/labpath.h"
#include "spec/labreader.h"

using namespace drivelab;
using namespace drivelab::test;

class TestThermalLiquid : public QObject {
    Q_OBJECT
private slots:
    void heatedClosedVolume();
    void adiabaticCompression();
    void throttlingSteadyState();
    void viscosityScalesLeakage();
    void mechanicalConverterSeedTerms();
    void brakeHeatIntoOil();
    void causalityTwoPortStorage();
    void studyPathsReachTheOil();
    void refusedModels_data();
    void refusedModels();
};

namespace {

double mass(double v, double p, double t) { return v * oilDensity(p, t); }

// Walther through the data-sheet points, written out independently of the product
double walther(double t)
{
    const double z40 = std::log10(std::log10(kNu40 + 0.7)), z100 = std::log10(std::log10(kNu100 + 0.7));
    const double b = (z40 - z100) / (std::log10(373.15) - std::log10(313.15));
    return std::pow(10.0, std::pow(10.0, z40 - b * (std::log10(t) - std::log10(313.15)))) - 0.7;
}

double oilScale(const EnergyReport& e)
{
    return std::fabs(e.oilChange) + std::fabs(e.heatToOil) + std::fabs(e.oilEnthalpyIn) + std::fabs(e.oilAbsorbed);
}

} // namespace

// (1)  [wall mass Tw = 373.15 K, 1e12 J/K] --G = 100 W/K-- [oil V = 1e-4 m^3, 313.15 K, 1e5 Pa]
//      (held by a closed valve from a tank: no flow)
void TestThermalLiquid::heatedClosedVolume()
{
    const double V = 1e-4, p0 = 1e5, t0 = 313.15, tw = 373.15, G = 100.0;
    DL_COMPILE(model,
               oilLab(runSettings(1000000, 2000000000, 100),
                      "[" + tank("tank", 1e5, t0) + "," + oilVolume("vol", V, p0, t0) + "," + thermalNode("wall", 1e12, tw) + "]",
                      R"([{"id": "valve", "type": "orifice", "node_a": "tank", "node_b": "vol", "heat_node": "wall",
                           "parameters": {"conductance": 1e-10, "wall_conductance": 100}, "inputs": {"opening": 0}}])"));
    DL_SIMULATE(tr, model);
    const double m0 = mass(V, p0, t0);
    const double k = kAlpha * kAlpha * kBeta * V;
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double t = tr.at(i, "vol", "temperature"), p = tr.at(i, "vol", "pressure");
        // fixed mass: the pressure follows the expansion exactly (within the solve's tolerance)
        DL_NEAR(p - p0, kBeta * kAlpha * (t - t0), 1e-5 + 1e-13 * p);
        // the independently integrated trajectory, within the midpoint rule's error
        const auto ref = rk4<1>({t0}, tr.times[i], 20000, [&](const std::array<double, 1>& y) {
            return std::array<double, 1>{G * (tw - y[0]) / (kC * m0 - k * y[0])};
        });
        DL_NEAR(t, ref[0], 2e-6);
    }
    const double t1 = tr.at(tr.rows.size() - 1, "vol", "temperature");
    QVERIFY(t1 - t0 > 30.0);
    // the heat the wall gave is what the oil took: c m dT - k d(T^2)/2 (exact at every step)
    const double heatIn = -tr.energy.heatToNodes;
    DL_NEAR(heatIn, kC * m0 * (t1 - t0) - 0.5 * k * (t1 * t1 - t0 * t0), 1e-9 * heatIn);
    // no flow: nothing flowed in or was absorbed; the oil's energy changed by the heat and the
    // compression energy it gained
    QCOMPARE(tr.energy.oilEnthalpyIn, 0.0);
    QCOMPARE(tr.energy.heatToOil, 0.0);
    DL_ENERGY_BALANCED(tr);
    QVERIFY(std::fabs(tr.energy.residual) <= 1e-11 * (energyScale(tr.energy) + oilScale(tr.energy)));
    DL_VOLUME_BALANCED(tr);
}

// (2)  speed source w = -10 rad/s -- converter D = 1e-6 m^3/rad -- [oil V = 1e-4 m^3, closed]
//      q = -D w = 1e-5 m^3/s into the volume for 0.1 s: dp ~ 15 MPa, dT ~ 2 K
void TestThermalLiquid::adiabaticCompression()
{
    const double V = 1e-4, p0 = 1e5, t0 = 313.15, D = 1e-6, w = -10.0, q = -D * w;
    DL_COMPILE(model, oilLab(runSettings(100000, 100000000, 100),
                             "[" + rot("shaft", 0.01, w) + "," + oilVolume("vol", V, p0, t0) + "]",
                             R"([{"id": "src", "type": "speed_source", "node_a": "shaft", "inputs": {"speed": -10}},
                                 {"id": "mc", "type": "mechanical_converter", "node_a": "vol", "node_b": "shaft",
                                  "parameters": {"displacement": 1e-6, "dead_volume": 1e-6, "initial_rotation": 10,
                                                 "environment_pressure": "atmosphere", "compressibility": false}}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        // y = (p, T): (V/beta) p' - V alpha T' = q;  c m T' = T alpha V p' - alpha p T q
        const auto ref = rk4<2>({p0, t0}, tr.times[i], 4000, [&](const std::array<double, 2>& y) {
            const double dT = kAlpha * y[1] * q * (kBeta - y[0]) / (kC * mass(V, y[0], y[1]) - kAlpha * kAlpha * kBeta * V * y[1]);
            return std::array<double, 2>{kBeta * (q + V * kAlpha * dT) / V, dT};
        });
        DL_NEAR(tr.at(i, "vol", "pressure"), ref[0], 1e-9 * ref[0]);
        DL_NEAR(tr.at(i, "vol", "temperature"), ref[1], 1e-9);
    }
    const std::size_t last = tr.rows.size() - 1;
    const double dp = tr.at(last, "vol", "pressure") - p0, dT = tr.at(last, "vol", "temperature") - t0;
    QVERIFY(dp > 1.4e7);
    // the textbook isentropic rise T alpha dp / (rho c), to the density's change over the run
    DL_NEAR(dT, t0 * (std::exp(kAlpha * dp / (kRho * kC)) - 1.0), 0.02 * dT);
    // the oil the chamber pushed in came at the volume's state: its flow energy booked as absorbed
    QVERIFY(tr.energy.oilAbsorbed != 0.0);
    DL_ENERGY_BALANCED(tr);
    QVERIFY(std::fabs(tr.energy.residual) <= 1e-11 * (energyScale(tr.energy) + oilScale(tr.energy)));
    DL_VOLUME_BALANCED(tr);
}

// (3)  tank 5 MPa, 330 K --orifice G-- [oil V = 1e-5 m^3] --orifice G-- drain 0.1 MPa (oil at T_r)
//      steady state: p_vol near (p_tank + p_drain)/2, T_vol (rho c - alpha p_vol) = T_tank (rho c - alpha p_tank) + p_tank - p_vol
void TestThermalLiquid::throttlingSteadyState()
{
    const double pt = 5e6, pd = kPr, tt = 330.0, G = 1e-10;
    DL_COMPILE(model, oilLab(runSettings(50000, 1000000000, 2000),
                             "[" + tank("tank", pt, tt) + "," + oilVolume("vol", 1e-5, kPr, kTr) + "," + reservoir("drain", pd) + "]",
                             R"([{"id": "inlet", "type": "orifice", "node_a": "tank", "node_b": "vol", "parameters": {"conductance": 1e-10}},
                                 {"id": "outlet", "type": "orifice", "node_a": "vol", "node_b": "drain", "parameters": {"conductance": 1e-10}}])"));
    DL_SIMULATE(tr, model);
    const std::size_t last = tr.rows.size() - 1;
    const double pv = tr.at(last, "vol", "pressure"), tv = tr.at(last, "vol", "temperature");
    // residence time V/q = 0.04 s: after 1 s the transient is exp(-25) away
    DL_NEAR(tv, (tt * (kRho * kC - kAlpha * pt) + pt - pv) / (kRho * kC - kAlpha * pv), 1e-9);
    QVERIFY(tv - tt > 0.5);
    // the two restrictions see different mean temperatures, so the volume is not at the
    // arithmetic mean pressure: the flows agree at the conductances nu_r/nu(T_film)
    const double fIn = walther(kTr) / walther(0.5 * (tt + tv)), fOut = walther(kTr) / walther(0.5 * (tv + kTr));
    DL_NEAR(pv, (fIn * pt + fOut * pd) / (fIn + fOut), 1e-6 * pv);
    DL_NEAR(tr.at(last, "inlet", "flow"), G * fIn * (pt - pv), 1e-9 * G * fIn * (pt - pv));
    // books: the inlet's loss stayed in the oil, the outlet's went to the ledger with the oil
    DL_NEAR(tr.energy.heatToOil, tr.at(last, "inlet", "heat"), 1e-12 * tr.energy.heatToOil);
    DL_NEAR(tr.energy.heatToLedger, tr.at(last, "outlet", "heat"), 1e-12 * tr.energy.heatToLedger);
    DL_ENERGY_BALANCED(tr);
    QVERIFY(std::fabs(tr.energy.residual) <= 1e-11 * (energyScale(tr.energy) + oilScale(tr.energy)));
    // the volume books close within what the solve's pressure tolerance (1e-6 Pa) lets each
    // tick leave in the volume's compliance (the flows depend on temperature through the
    // viscosity, so the Newton residual is not exactly zero)
    const double vs = std::fabs(tr.energy.volumeSupplied) + std::fabs(tr.energy.volumeStored);
    QVERIFY(std::fabs(tr.energy.volumeResidual) <= kRoundingLevel * vs + static_cast<double>(tr.ticks.back()) * (1e-5 / kBeta) * 1e-6);
}

// (4)  tank p1, T --orifice G (given at 40 degC)-- tank p2, T  at T = 40, 70, 100 degC
void TestThermalLiquid::viscosityScalesLeakage()
{
    for (double t : {313.15, 343.15, 373.15}) {
        DL_COMPILE(model, oilLab(runSettings(1000000, 10000000, 10), "[" + tank("hi", 2e6, t) + "," + tank("lo", 1e6, t) + "]",
                                 R"([{"id": "leak", "type": "orifice", "node_a": "hi", "node_b": "lo", "parameters": {"conductance": 1e-11}}])"));
        DL_SIMULATE(tr, model);
        const double expect = 1e-11 * (walther(kTr) / walther(t)) * 1e6;
        DL_NEAR(tr.at(1, "leak", "flow"), expect, 1e-12 * expect);
        if (t == 373.15) DL_NEAR(tr.at(1, "leak", "flow"), 1e-11 * kNu40 / kNu100 * 1e6, 1e-9 * expect);
        if (t == 313.15) QCOMPARE(tr.at(1, "leak", "flow"), 1e-11 * 1e6);
    }
}

// (5)  [J = 0.02, w0 = 5] --converter, seed 001 defaults (D = 1e-3, V_dead = 1e-6, theta0 = 0.1,
//      p_env atmosphere, p0 = 15000 Pa, T0 = 20 degC), compressible-- [oil V = 1e-3 m^3]
//      one interval per tick, theta = 1/2 (no conductance): the stage values are the means
//      of the boundary values, so every term is checked to rounding
void TestThermalLiquid::mechanicalConverterSeedTerms()
{
    const double D = 1e-3, vDead = 1e-6, th0 = 0.1, pEnv = 101325.0, p0 = 15000.0, t0 = 293.15, h = 1e-4, V = 1e-3;
    DL_COMPILE(model, oilLab(runSettings(100000, 20000000, 1), "[" + rot("shaft", 0.02, 5.0) + "," + oilVolume("oil", V, p0, t0) + "]",
                             R"([{"id": "mc", "type": "mechanical_converter", "node_a": "oil", "node_b": "shaft",
                                 "parameters": {"displacement": 0.001, "dead_volume": 1e-6, "initial_rotation": 0.1,
                                                "environment_pressure": "atmosphere", "compressibility": true, "bulk_modulus": 1.5e9}}])"));
    DL_SIMULATE(tr, model);
    for (std::size_t i = 1; i < tr.rows.size(); ++i) {
        const double pa = tr.at(i - 1, "oil", "pressure"), pb = tr.at(i, "oil", "pressure");
        const double ta = tr.at(i - 1, "oil", "temperature"), tb = tr.at(i, "oil", "temperature");
        const double wa = tr.at(i - 1, "shaft", "speed"), wb = tr.at(i, "shaft", "speed");
        const double aa = tr.at(i - 1, "shaft", "angle"), ab = tr.at(i, "shaft", "angle");
        const double ps = 0.5 * (pa + pb), ts = 0.5 * (ta + tb), ws = 0.5 * (wa + wb);
        // (5) torque, (4) chamber volume, (3) rotation
        DL_NEAR(tr.at(i, "mc", "torque"), D * (ps - pEnv), 1e-9 * D * std::fabs(ps - pEnv) + 1e-12);
        DL_NEAR(tr.at(i, "mc", "chamber_volume"), vDead + D * (th0 + ab), 1e-18);
        DL_NEAR(tr.at(i, "mc", "rotation"), th0 + ab, 1e-15);
        // (2) mass flow with compression at the stage: rho (D w + (V/beta) dp/dt)
        const double vs = vDead + D * (th0 + 0.5 * (aa + ab));
        const double rho = kRho * (1.0 + (ps - kPr) / 1.5e9 - kAlpha * (ts - kTr));
        const double mdot = rho * (D * ws + vs / 1.5e9 * (pb - pa) / h);
        DL_NEAR(tr.at(i, "mc", "mass_flow"), mdot, 1e-9 * std::fabs(mdot) + 1e-12);
        // (1) without the compression term the flow is D w
        DL_NEAR(tr.at(i, "mc", "flow"), D * ws, 1e-9 * std::fabs(D * ws) + 1e-15);
    }
    // (6), (7): the converter stores and dissipates nothing: the books close with no heat
    QCOMPARE(tr.energy.heatToLedger, 0.0);
    QCOMPARE(tr.energy.heatToOil, 0.0);
    DL_ENERGY_BALANCED(tr);
    QVERIFY(std::fabs(tr.energy.residual) <= 1e-11 * (energyScale(tr.energy) + oilScale(tr.energy)));
    DL_VOLUME_BALANCED(tr);
}

// (6)  [J = 0.5, w0 = 100] --brake, 20 N m, oil_node--  [closed oil V = 1e-4 m^3]
//      the shaft stops at J w0 / 20 = 2.5 s; heat J w0^2 / 2 = 2500 J warms the oil:
//      c m (T1 - T0) - alpha^2 beta V (T1^2 - T0^2) / 2 = 2500 J
void TestThermalLiquid::brakeHeatIntoOil()
{
    const double V = 1e-4, p0 = 1e5, t0 = 313.15;
    DL_COMPILE(model, oilLab(runSettings(1000000, 3000000000, 100), "[" + rot("shaft", 0.5, 100.0) + "," + oilVolume("sump", V, p0, t0) + "]",
                             R"([{"id": "brake", "type": "clutch", "node_a": "shaft", "node_b": "ground", "oil_node": "sump",
                                 "parameters": {"kinetic_ratio": 1}, "inputs": {"capacity": 20}}])"));
    DL_SIMULATE(tr, model);
    const std::size_t last = tr.rows.size() - 1;
    QCOMPARE(tr.at(last, "shaft", "speed"), 0.0);
    const double t1 = tr.at(last, "sump", "temperature"), m0 = mass(V, p0, t0);
    const double k = kAlpha * kAlpha * kBeta * V;
    DL_NEAR(tr.energy.heatToOil, 2500.0, 1e-9);
    DL_NEAR(kC * m0 * (t1 - t0) - 0.5 * k * (t1 * t1 - t0 * t0), 2500.0, 1e-8);
    DL_NEAR(tr.at(last, "sump", "pressure") - p0, kBeta * kAlpha * (t1 - t0), 1e-5);
    DL_ENERGY_BALANCED(tr);
    QVERIFY(std::fabs(tr.energy.residual) <= 1e-11 * (energyScale(tr.energy) + oilScale(tr.energy)));
}

//      tank --orifice (wall to the case)-- [oil volume] --orifice-- drain, a clutch heating the oil
void TestThermalLiquid::causalityTwoPortStorage()
{
    DL_COMPILE(model, oilLab(runSettings(1000000, 10000000, 10),
                             "[" + tank("tank", 3e5, 320) + "," + oilVolume("vol", 1e-4, 2e5, 313.15) + "," + reservoir("drain", kPr) + "," +
                                 thermalNode("case", 1e4, 300) + "," + rot("s", 1, 1) + "]",
                             R"([{"id": "inlet", "type": "orifice", "node_a": "tank", "node_b": "vol", "heat_node": "case",
                                  "parameters": {"conductance": 1e-10, "wall_conductance": 10}},
                                 {"id": "outlet", "type": "orifice", "node_a": "vol", "node_b": "drain", "parameters": {"conductance": 1e-10}},
                                 {"id": "brake", "type": "clutch", "node_a": "s", "node_b": "ground", "oil_node": "vol", "inputs": {"capacity": 1}}])"));
    const CausalityReport r = analyzeCausality(*model, initialLockMask(*model));
    const QString text = QString::fromStdString(causalityText(r));
    QVERIFY2(r.consistent, qPrintable(text));
    const auto element = [&](const std::string& id) -> const CausalityElement* {
        for (const CausalityElement& e : r.elements)
            if (e.id == id) return &e;
        return nullptr;
    };
    const CausalityElement* vol = element("vol");
    QVERIFY2(vol && vol->kind == "C" && vol->causality == "integral", qPrintable(text));
    QVERIFY2(element("j0_vol.oil") && element("j0_vol.oil")->owner == "vol", qPrintable(text));
    // both of the C's bonds: it sets the effort (pressure on one, temperature on the other)
    int bonds = 0;
    for (const CausalityBond& b : r.bonds) {
        if (b.from != "vol" && b.to != "vol") continue;
        ++bonds;
        QCOMPARE(b.effortFrom, std::string("vol"));
    }
    QCOMPARE(bonds, 2);
    QVERIFY2(element("inlet.wall") && element("inlet.wall")->kind == "R", qPrintable(text));
    QVERIFY2(element("inlet.losses") && element("inlet.losses")->kind == "Sf", qPrintable(text));
    QVERIFY2(element("brake.heat") && element("brake.heat")->kind == "Sf", qPrintable(text));
    // the outlet's losses go downstream; the drain has no oil temperature, so its reading puts
    // them on the volume's oil (where they go when the flow reverses): structure, not values
    bool outletIntoVol = false;
    for (const CausalityBond& b : r.bonds) outletIntoVol = outletIntoVol || (b.from == "outlet.losses" && b.to == "j0_vol.oil");
    QVERIFY2(outletIntoVol, qPrintable(text));
}

// a sweep varies the oil by the path oil.FIELD (docs/FORMATS.md, "Sweeps"): defaults read,
// values set, refused values and unknown fields named
void TestThermalLiquid::studyPathsReachTheOil()
{
    LabReadResult read = readLab(oilLab(runSettings(1000000, 10000000, 10), "[" + oilVolume("v", 1e-4, 1e5, 300) + "]", "[]"));
    QVERIFY(read.lab);
    LabSpec* spec = &*read.lab;
    double v = 0.0;
    std::string why;
    QVERIFY2(getLabValue(*spec, "oil.viscosity_40c", v, why), why.c_str());
    QCOMPARE(v, 46.0);
    QVERIFY2(getLabValue(*spec, "oil.reference_temperature", v, why), why.c_str()); // absent: its default
    QCOMPARE(v, 313.15);
    QVERIFY2(setLabValue(*spec, "oil.viscosity_40c", 68.0, why), why.c_str());
    QCOMPARE(spec->oil["viscosity_40c"].get<double>(), 68.0);
    QVERIFY(!getLabValue(*spec, "oil.colour", v, why));
    QVERIFY2(why.find("colour") != std::string::npos, why.c_str());
    LabSpec none;
    QVERIFY(!getLabValue(none, "oil.density", v, why));
    QVERIFY2(why.find("no oil") != std::string::npos, why.c_str());
}

void TestThermalLiquid::refusedModels_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("subject");
    QTest::addColumn<QString>("field");
    const std::string run = runSettings(1000000, 10000000, 10);
    QTest::newRow("temperature without oil") << QString::fromStdString(lab(run, "[" + tank("t", 1e5, 300) + "]", "[]")) << "t" << "temperature";
    QTest::newRow("volume temperature without oil")
        << QString::fromStdString(lab(run, "[" + oilVolume("v", 1e-4, 1e5, 300) + "]", "[]")) << "v" << "initial_temperature";
    QTest::newRow("junction with temperature")
        << QString::fromStdString(oilLab(run, R"([{"id": "j", "domain": "hydraulic", "initial_temperature": 300}])", "[]")) << "j"
        << "initial_temperature";
    QTest::newRow("oil field NaN-like string")
        << QString::fromStdString(oilLab(run, "[" + oilVolume("v", 1e-4, 1e5, 300) + "]", "[]",
                                         R"({"density": "870", "thermal_expansion": 7e-4, "specific_heat": 1900, "viscosity_40c": 46, "viscosity_100c": 6.8})"))
        << "oil" << "density";
    QTest::newRow("oil unknown field")
        << QString::fromStdString(oilLab(run, "[]", "[]",
                                         R"({"density": 870, "thermal_expansion": 7e-4, "specific_heat": 1900, "viscosity_40c": 46, "viscosity_100c": 6.8, "colour": 1})"))
        << "oil" << "colour";
    QTest::newRow("oil thickens when warm")
        << QString::fromStdString(oilLab(run, "[]", "[]",
                                         R"({"density": 870, "thermal_expansion": 7e-4, "specific_heat": 1900, "viscosity_40c": 6.8, "viscosity_100c": 46})"))
        << "oil" << "viscosity_100c";
    QTest::newRow("oil missing specific heat")
        << QString::fromStdString(oilLab(run, "[]", "[]", R"({"density": 870, "thermal_expansion": 7e-4, "viscosity_40c": 46, "viscosity_100c": 6.8})"))
        << "oil" << "specific_heat";
    QTest::newRow("transformer on a thermal-liquid volume")
        << QString::fromStdString(oilLab(run, "[" + oilVolume("v", 1e-4, 1e5, 300) + "," + tank("t", 1e5, 300) + "]",
                                         R"([{"id": "x", "type": "transformer", "node_a": "t", "node_b": "v", "parameters": {"ratio": 2}}])"))
        << "x" << "node_b";
    QTest::newRow("throttling heat to a node without a wall")
        << QString::fromStdString(oilLab(run, "[" + tank("t", 1e5, 300) + "," + oilVolume("v", 1e-4, 1e5, 300) + "," + thermalNode("w", 1e3, 300) + "]",
                                         R"([{"id": "o", "type": "orifice", "node_a": "t", "node_b": "v", "heat_node": "w", "parameters": {"conductance": 1e-10}}])"))
        << "o" << "heat_node";
    QTest::newRow("turbulent density given with oil")
        << QString::fromStdString(oilLab(run, "[" + tank("t", 1e5, 300) + "," + oilVolume("v", 1e-4, 1e5, 300) + "]",
                                         R"([{"id": "o", "type": "orifice", "node_a": "t", "node_b": "v", "parameters": {"discharge_coefficient": 0.7, "area": 1e-6, "density": 850}}])"))
        << "o" << "orifice.density";
    QTest::newRow("wall on an isothermal volume")
        << QString::fromStdString(oilLab(run, "[" + tank("t", 1e5, 300) + "," + volumeNode("v", 1e-4, kBeta, 1e5) + "," + thermalNode("w", 1e3, 300) + "]",
                                         R"([{"id": "o", "type": "orifice", "node_a": "t", "node_b": "v", "heat_node": "w", "parameters": {"conductance": 1e-10, "wall_conductance": 5}}])"))
        << "o" << "orifice.wall_conductance";
    QTest::newRow("clutch heat into an isothermal volume")
        << QString::fromStdString(oilLab(run, "[" + rot("s", 1, 1) + "," + volumeNode("v", 1e-4, kBeta, 1e5) + "]",
                                         R"([{"id": "c", "type": "clutch", "node_a": "s", "node_b": "ground", "oil_node": "v", "inputs": {"capacity": 1}}])"))
        << "c" << "oil_node";
}

// every refusal names the subject and the field, and nothing compiles
void TestThermalLiquid::refusedModels()
{
    QFETCH(QString, text);
    QFETCH(QString, subject);
    QFETCH(QString, field);
    const auto loaded = load(text.toStdString());
    QVERIFY(loaded.model == nullptr);
    bool found = false;
    for (const auto& d : loaded.diagnostics.items()) found = found || (d.subject == subject.toStdString() && d.field == field.toStdString());
    QVERIFY2(found, qPrintable(describe(loaded.diagnostics)));
}

QTEST_GUILESS_MAIN(TestThermalLiquid)
#include "tst_thermalliquid.moc"
