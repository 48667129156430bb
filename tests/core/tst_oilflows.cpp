// Oil flows in a lab with oil (docs/PHYSICS.md, "Thermal-liquid oil"): the turbulent orifice
// with the oil's density and throttling with thermal expansion.
//
// (1) turbulent orifice between reservoirs (oil at T_u upstream):
//       [tank p_u, T_u] --Cd A, pt-- [tank p_d, T_d]
//       Q = Cd A sqrt(2 / rho(p_u, T_u)) dp / (dp^2 + pt^2)^(1/4),  dp = p_u - p_d
//     (tends to Cd A sqrt(2 dp / rho) above the transition pressure pt), rho(p, T) =
//     rho_r (1 + (p - p_r)/beta - alpha (T - T_r)) of the upstream oil, whichever way it flows.
// (2) throttling with thermal expansion: a flow passing an orifice keeps its enthalpy
//       h(p, T) = c (T - T_r) + (1 - alpha T) p / rho_r
//     (the pair of the model's internal energy c (T - T_r) - alpha p T / rho_r), so at steady state
//       [tank p_t, T_t] --G_in-- [oil volume p_v, T_v] --G_out-- [drain]
//       T_v (rho_r c - alpha p_v) = T_t (rho_r c - alpha p_t) + p_t - p_v
//     i.e. T_v - T_t = (1 - alpha T_t)(p_t - p_v) / (rho_r c - alpha p_v), not (p_t - p_v)/(rho_r c).
#include "oillab.h"
#include "testutil.h"

using namespace drivelab;
using namespace drivelab::test;

class TestOilFlows : public QObject {
    Q_OBJECT
private slots:
    void turbulentOrificeTakesTheOilsDensity();
    void turbulentOrificeFields_data();
    void turbulentOrificeFields();
    void throttlingKeepsTheEnthalpy();
};

namespace {

constexpr double kCd = 0.7, kArea = 1e-6, kPt = 1000.0;

// the regularized turbulent law with the upstream density
double turbulentFlow(double dp, double rho) { return kCd * kArea * std::sqrt(2.0 / rho) * dp / std::sqrt(std::sqrt(dp * dp + kPt * kPt)); }

std::string turbulent(const std::string& id, const std::string& a, const std::string& b, const std::string& extra = "")
{
    return R"({"id": ")" + id + R"(", "type": "orifice", "node_a": ")" + a + R"(", "node_b": ")" + b +
           R"(", "parameters": {"discharge_coefficient": 0.7, "area": 1e-6)" + extra + "}}";
}

double oilScale(const EnergyReport& e)
{
    return std::fabs(e.oilChange) + std::fabs(e.heatToOil) + std::fabs(e.oilEnthalpyIn) + std::fabs(e.oilAbsorbed);
}

} // namespace

// (1)  [hi 5 MPa, 330 K] --fwd--> [lo 0.2 MPa, 300 K];  [lo] --rev--> [hi] (flows back: hi's oil)
//      [hi] --fwd--> [oil volume 1e-4 m^3] --out--> [lo]: the volume's own rho(p, T) drives out
void TestOilFlows::turbulentOrificeTakesTheOilsDensity()
{
    const double ph = 5e6, th = 330.0, pl = 2e5, tl = 300.0;
    DL_COMPILE(model, oilLab(runSettings(1000000, 60000000000, 60000),
                             "[" + tank("hi", ph, th) + "," + tank("lo", pl, tl) + "," + oilVolume("vol", 1e-4, pl, kTr) + "]",
                             "[" + turbulent("fwd", "hi", "lo") + "," + turbulent("rev", "lo", "hi") + "," + turbulent("in", "hi", "vol") + "," +
                                 turbulent("out", "vol", "lo") + "]"));
    DL_SIMULATE(tr, model);
    const std::size_t last = tr.rows.size() - 1;
    const double expect = turbulentFlow(ph - pl, oilDensity(ph, th));
    DL_NEAR(tr.at(last, "fwd", "flow"), expect, 1e-13 * expect);
    DL_NEAR(tr.at(last, "rev", "flow"), -expect, 1e-13 * expect);
    // the textbook law far above the transition pressure: Cd A sqrt(2 dp / rho) to (pt/dp)^2
    DL_NEAR(expect, kCd * kArea * std::sqrt(2.0 * (ph - pl) / oilDensity(ph, th)), 1e-7 * expect);
    // a denser (colder) upstream oil passes less: rho at 330 K vs the reference 313.15 K
    QVERIFY(expect > turbulentFlow(ph - pl, oilDensity(ph, kTr)));
    // the volume settles (residence time V / q = 2 s, 60 s run): what enters leaves, each orifice
    // with its upstream oil's density
    const double pv = tr.at(last, "vol", "pressure"), tv = tr.at(last, "vol", "temperature");
    const double qIn = turbulentFlow(ph - pv, oilDensity(ph, th)), qOut = turbulentFlow(pv - pl, oilDensity(pv, tv));
    DL_NEAR(tr.at(last, "in", "flow"), qIn, 1e-9 * qIn);
    DL_NEAR(tr.at(last, "out", "flow"), qOut, 1e-9 * qOut);
    DL_NEAR(qIn, qOut, 1e-8 * qIn);
    DL_ENERGY_BALANCED(tr);
    QVERIFY(std::fabs(tr.energy.residual) <= 1e-11 * (energyScale(tr.energy) + oilScale(tr.energy)));
}

void TestOilFlows::turbulentOrificeFields_data()
{
    QTest::addColumn<bool>("withOil");
    QTest::addColumn<QString>("extra"); // parameters beyond discharge_coefficient and area ("-area": without area)
    QTest::addColumn<QString>("field"); // the refused field (empty: compiles)
    QTest::newRow("oil: no density") << true << "" << "";
    QTest::newRow("oil: density given") << true << ", \"density\": 850" << "orifice.density";
    QTest::newRow("oil: area missing") << true << "-area" << "orifice.area";
    QTest::newRow("oil: laminar with density") << true << "laminar, \"density\": 850" << "orifice.density";
    QTest::newRow("no oil: density missing") << false << "" << "orifice.density";
    QTest::newRow("no oil: density given") << false << ", \"density\": 850" << "";
}

// with oil the turbulent set is discharge_coefficient and area (density refused: the oil gives
// it); without oil density is required as before; each refusal names the field, and only it
void TestOilFlows::turbulentOrificeFields()
{
    QFETCH(bool, withOil);
    QFETCH(QString, extra);
    QFETCH(QString, field);
    std::string params = R"("discharge_coefficient": 0.7, "area": 1e-6)" + extra.toStdString();
    if (extra == "-area") params = R"("discharge_coefficient": 0.7)";
    if (extra.startsWith("laminar")) params = R"("conductance": 1e-10)" + extra.mid(7).toStdString();
    const std::string nodes = "[" + tank("t", 2e5, 300) + "," + oilVolume("v", 1e-4, 1e5, 300) + "]";
    const std::string comps = R"([{"id": "o", "type": "orifice", "node_a": "t", "node_b": "v", "parameters": {)" + params + "}}]";
    const std::string run = runSettings(1000000, 10000000, 10);
    const std::string text = withOil ? oilLab(run, nodes, comps)
                                     : lab(run, "[" + reservoir("t", 2e5) + "," + volumeNode("v", 1e-4, kBeta, 1e5) + "]", comps);
    const auto loaded = load(text);
    if (field.isEmpty()) {
        QVERIFY2(loaded.model != nullptr, qPrintable(describe(loaded.diagnostics)));
        return;
    }
    QVERIFY(loaded.model == nullptr);
    QCOMPARE(static_cast<int>(loaded.diagnostics.items().size()), 1);
    const auto& d = loaded.diagnostics.items().front();
    QVERIFY2(d.subject == "o" && d.field == field.toStdString(), qPrintable(describe(loaded.diagnostics)));
}

// (2)  [tank 7.1 MPa, 323.15 K] --G_in = 1e-11-- [oil volume 1e-4 m^3] --G_out = 1e-9-- [drain p_r]
//      a 70 bar drop at 323 K: (1 - alpha T) dp / (rho c) = 3.28 K, where dp / (rho c) = 4.24 K
void TestOilFlows::throttlingKeepsTheEnthalpy()
{
    const double pt = 7e6 + kPr, tt = 323.15;
    DL_COMPILE(model, oilLab(runSettings(1000000, 30000000000, 30000),
                             "[" + tank("tank", pt, tt) + "," + oilVolume("vol", 1e-4, kPr, kTr) + "," + reservoir("drain", kPr) + "]",
                             R"([{"id": "inlet", "type": "orifice", "node_a": "tank", "node_b": "vol", "parameters": {"conductance": 1e-11}},
                                 {"id": "outlet", "type": "orifice", "node_a": "vol", "node_b": "drain", "parameters": {"conductance": 1e-9}}])"));
    DL_SIMULATE(tr, model);
    const std::size_t last = tr.rows.size() - 1;
    const double pv = tr.at(last, "vol", "pressure"), tv = tr.at(last, "vol", "temperature");
    // residence time V / q = 1.4 s: after 30 s the transient is exp(-21) away
    const double rc = kRho * kC;
    DL_NEAR(tv, (tt * (rc - kAlpha * pt) + pt - pv) / (rc - kAlpha * pv), 1e-9);
    const double dp = pt - pv;
    QVERIFY(dp > 6.9e6);
    DL_NEAR(tv - tt, (1.0 - kAlpha * tt) * dp / rc, 0.01 * (tv - tt)); // to alpha p / (rho c)
    QVERIFY(tv - tt < 0.8 * dp / rc);
    DL_ENERGY_BALANCED(tr);
    QVERIFY(std::fabs(tr.energy.residual) <= 1e-11 * (energyScale(tr.energy) + oilScale(tr.energy)));
}

QTEST_GUILESS_MAIN(TestOilFlows)
#include "tst_oilflows.moc"
