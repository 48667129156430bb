// mapped_engine: brake torque T = torque_map(w, th) - friction(w), fuel mf = fuel_map(w, T) [g/s],
// fuel cut (th = 0 and w > fuel_cut_speed at an interval's start: mf = 0, T = -friction(w)).
// Per interval, T and mf are taken at the stage point (w_s = (w0 + w1)/2, th the input's mean)
// and held: shaft work h T w_s, fuel h mf, heat h (LHV mf / 1000 - T w_s) to the ledger.
//
//   (1) operating path:   [speed_source w(t)]=>[ e: J = 0.2 ]--engine(th(t))--ground
//       w(t) = 100 + 200 t rad/s, th(t) = 0.2 + 0.6 t over [0, 1] s (signals), h = 1 ms;
//       torque map planar: T_map = 20 + 0.1 w + 150 th, friction 5 + 0.02 w
//         => T(t) = 15 + 0.08 w + 150 th, linear in t: T' = 0.08 * 200 + 150 * 0.6 = 106 N m/s
//       fuel map bilinear: mf = 2.5 + 0.01 w + 0.02 T + q3 w T, q3 = 1e-4
//         => mf(t) quadratic in t with mf'' = 2 c2, c2 = q3 w' T' = 1e-4 * 200 * 106
//       exact integral F(t) = t/6 (mf(0) + 4 mf(t/2) + mf(t))                   (Simpson: exact)
//       the engine's midpoint sum = F(t) - c2 h^2 t / 12              (the midpoint rule's error)
//       so cumulative fuel at every report = F(t) - c2 h^2 t / 12, to rounding; with q3 = 0 it is
//       F(t) itself. Mean torque over tick k = T(t_k - h/2); the observables speed and throttle
//       (the maps' arguments) = w(t_k - h/2) and th(t_k - h/2).
//       Books: heat = LHV fuel / 1000 - sum_k h T(t_k - h/2) w(t_k - h/2); residual at rounding.
//   (2) torque at grid and inside points (speed source at a constant speed, constant throttle):
//       the map value at a grid point; (w, th) = (300, 0.75), the centre of a cell, gives the mean
//       of its four corners; fuel_rate = fuel_map(w, T), bsfc = fuel_rate / (T w) 3.6e6 g/kWh.
//   (3) fuel cut: th = 0 at 300 rad/s > 150: fuel 0, T = -friction(300), bsfc 0; at 100 rad/s
//       (below the cut-off) the fuel map is used; th = 0.01 at 300 rad/s fuels.
//   (4) outside the map: 500 rad/s > the axis end 400: the edge value held, outside_map 1,
//       outside_time the whole run.
//   (5) a free engine on an inertia with its heat into a thermal node: books at rounding.
//   (6) bad input through `drivelab-cli check`: non-monotone axis, a NaN-free but negative fuel
//       flow, an infinite value (1e999, refused by the reader), ragged rows: exit 2 with
//       FILE: ID: FIELD: message, nothing written.
#include "core/clitestutil.h"
#include "testutil.h"

#include <QDir>

using namespace drivelab;
using namespace drivelab::test;

class TestMappedEngine : public QObject {
    Q_OBJECT
private slots:
    void operatingPath_data();
    void operatingPath();
    void gridAndInside();
    void fuelCut();
    void outsideTheMap();
    void freeEngineBooks();
    void refusedByCheck_data();
    void refusedByCheck();
};

namespace {

constexpr double kLhv = 4.3e7;

std::string labWithSignals(const std::string& run, const std::string& sigs, const std::string& nodes, const std::string& components)
{
    std::string text = lab(run, nodes, components);
    text.pop_back();
    return text + R"(, "signals": )" + sigs + "}";
}

// a table of f over the axes, as lab JSON
template <class F> std::string table(const std::vector<double>& xs, const std::vector<double>& ys, F f)
{
    Json t{{"x", xs}, {"y", ys}, {"values", Json::array()}};
    for (double x : xs) {
        Json row = Json::array();
        for (double y : ys) row.push_back(f(x, y));
        t["values"].push_back(row);
    }
    return t.dump();
}

std::string pathEngine(double q3)
{
    const std::string torque = table({0, 150, 220, 400}, {0, 0.3, 1}, [](double w, double th) {
        return 20.0 + 0.1 * w + 150.0 * th;
    });
    const std::string fuel = table({0, 120, 260, 400}, {-100, 40, 300}, [q3](double w, double t) {
        return 2.5 + 0.01 * w + 0.02 * t + q3 * w * t;
    });
    return R"({"id": "eng", "type": "mapped_engine", "node_a": "e", "inputs": {"throttle": {"signal": "th"}},
               "parameters": {"torque_map": )" +
           torque + R"(, "fuel_map": )" + fuel + R"(, "friction_curve": [{"speed": 0, "torque": 5}, {"speed": 400, "torque": 13}],
               "lower_heating_value": 43000000}})";
}

// the engine at a constant speed and throttle: torque_map over {100, 200, 400} x {0, 0.5, 1}
const double kTw[] = {100, 200, 400}, kTth[] = {0, 0.5, 1};
const double kTv[3][3] = {{10, 80, 120}, {20, 110, 190}, {15, 130, 170}};

std::string gridEngine(double speed, double throttle)
{
    Json t{{"x", {100, 200, 400}}, {"y", {0, 0.5, 1}}, {"values", Json::array()}};
    for (const auto& row : kTv) t["values"].push_back({row[0], row[1], row[2]});
    const std::string fuel = table({0, 400}, {-50, 250}, [](double w, double tq) {
        return 1.7 + 0.01 * w + 0.03 * tq;
    });
    return lab(runSettings(1000000, 20000000, 20), "[" + rot("e", 0.1, speed) + "]",
               R"([{"id": "src", "type": "speed_source", "node_a": "e", "inputs": {"speed": )" + formatDouble(speed) + R"(}},
                   {"id": "eng", "type": "mapped_engine", "node_a": "e", "inputs": {"throttle": )" +
                   formatDouble(throttle) + R"(}, "parameters": {"torque_map": )" + t.dump() + R"(, "fuel_map": )" + fuel +
                   R"(, "friction_curve": [{"speed": 0, "torque": 4}, {"speed": 400, "torque": 12}],
                   "lower_heating_value": 43000000, "fuel_cut_speed": 150}}])");
}

double gridFuel(double w, double t) { return 1.7 + 0.01 * w + 0.03 * t; }
double gridFriction(double w) { return 4.0 + 0.02 * w; }

} // namespace

void TestMappedEngine::operatingPath_data()
{
    QTest::addColumn<double>("q3");
    QTest::newRow("planar fuel map: the midpoint sum is the integral") << 0.0;
    QTest::newRow("bilinear fuel map: the integral minus the midpoint error") << 1e-4;
}

void TestMappedEngine::operatingPath()
{
    QFETCH(double, q3);
    const double h = 1e-3;
    DL_COMPILE(model, labWithSignals(runSettings(1000000, 1000000000, 100),
                                     R"([{"id": "w", "kind": "ramp", "start": 0, "duration": 1, "from": 100, "to": 300},
                                         {"id": "th", "kind": "ramp", "start": 0, "duration": 1, "from": 0.2, "to": 0.8}])",
                                     "[" + rot("e", 0.2, 100.0) + "]",
                                     R"([{"id": "src", "type": "speed_source", "node_a": "e", "inputs": {"speed": {"signal": "w"}}},)" +
                                         pathEngine(q3) + "]"));
    DL_SIMULATE(t, model);
    const auto w = [](double s) { return 100.0 + 200.0 * s; };
    const auto th = [](double s) { return 0.2 + 0.6 * s; };
    const auto torque = [&](double s) { return 20.0 + 0.1 * w(s) + 150.0 * th(s) - (5.0 + 0.02 * w(s)); };
    const auto mf = [&](double s) { return 2.5 + 0.01 * w(s) + 0.02 * torque(s) + q3 * w(s) * torque(s); };
    const double c2 = q3 * 200.0 * (0.08 * 200.0 + 150.0 * 0.6);
    double worst = 0.0;
    for (std::size_t k = 1; k < t.rows.size(); ++k) {
        const double s = t.times[k];
        const double exact = s / 6.0 * (mf(0.0) + 4.0 * mf(s / 2.0) + mf(s));
        const double expected = exact - c2 * h * h * s / 12.0;
        worst = std::fmax(worst, std::fabs(t.at(k, "eng", "fuel_mass") - expected) / expected);
        DL_NEAR(t.at(k, "eng", "torque"), torque(s - h / 2.0), 1e-11);
        DL_NEAR(t.at(k, "eng", "fuel_rate"), mf(s - h / 2.0), 1e-12);
        // the maps' arguments over the last tick (the editor's operating point): the ramps at its midpoint
        DL_NEAR(t.at(k, "eng", "speed"), w(s - h / 2.0), 1e-12);
        DL_NEAR(t.at(k, "eng", "throttle"), th(s - h / 2.0), 1e-12);
        QCOMPARE(t.at(k, "eng", "outside_map"), 0.0);
    }
    const std::size_t last = t.rows.size() - 1;
    const double exactEnd = (mf(0.0) + 4.0 * mf(0.5) + mf(1.0)) / 6.0;
    qInfo("fuel %.17g g, exact integral %.17g g, midpoint correction %.3g g; worst relative deviation %.3g", t.at(last, "eng", "fuel_mass"),
          exactEnd, c2 * h * h / 12.0, worst);
    QVERIFY(worst < 1e-13);
    if (q3 != 0.0) QVERIFY(std::fabs(t.at(last, "eng", "fuel_mass") - exactEnd) > 1e3 * worst * exactEnd); // the correction is seen
    // books: heat = fuel energy - shaft work (the midpoint sum of T w), residual at rounding
    double shaft = 0.0;
    for (int k = 1; k <= 1000; ++k) {
        const double s = (k - 0.5) * h;
        shaft += h * torque(s) * w(s);
    }
    const double fuel = t.at(last, "eng", "fuel_mass");
    DL_NEAR(t.at(last, "eng", "heat"), kLhv * fuel / 1000.0 - shaft, 1e-9 * kLhv * fuel / 1000.0);
    DL_NEAR(t.energy.heatToLedger, t.at(last, "eng", "heat"), 1e-9 * kLhv * fuel / 1000.0);
    DL_ENERGY_BALANCED(t);
}

void TestMappedEngine::gridAndInside()
{
    for (int i = 0; i < 3; ++i) {
        for (int j = 1; j < 3; ++j) {
            DL_COMPILE(model, gridEngine(kTw[i], kTth[j]));
            DL_SIMULATE(t, model);
            const double tq = kTv[i][j] - gridFriction(kTw[i]);
            DL_NEAR(t.at(1, "eng", "torque"), tq, 1e-12);
            DL_NEAR(t.at(1, "eng", "fuel_rate"), gridFuel(kTw[i], tq), 1e-12);
            DL_NEAR(t.at(1, "eng", "bsfc"), gridFuel(kTw[i], tq) / (tq * kTw[i]) * 3.6e6, 1e-9);
            QCOMPARE(t.at(1, "eng", "outside_map"), 0.0);
        }
    }
    // the centre of the cell [200, 400] x [0.5, 1]: the mean of its corners
    DL_COMPILE(model, gridEngine(300.0, 0.75));
    DL_SIMULATE(t, model);
    const double tq = (kTv[1][1] + kTv[1][2] + kTv[2][1] + kTv[2][2]) / 4.0 - gridFriction(300.0);
    DL_NEAR(t.at(1, "eng", "torque"), tq, 1e-12);
    DL_NEAR(t.at(1, "eng", "power"), tq * 300.0, 1e-9);
    DL_NEAR(t.at(1, "eng", "fuel_mass"), 0.02 * gridFuel(300.0, tq), 1e-13);
    DL_ENERGY_BALANCED(t);
}

void TestMappedEngine::fuelCut()
{
    {
        DL_COMPILE(model, gridEngine(300.0, 0.0));
        DL_SIMULATE(t, model);
        DL_NEAR(t.at(1, "eng", "torque"), -gridFriction(300.0), 1e-12);
        QCOMPARE(t.at(1, "eng", "fuel_rate"), 0.0);
        QCOMPARE(t.at(1, "eng", "fuel_mass"), 0.0);
        QCOMPARE(t.at(1, "eng", "bsfc"), 0.0);
        QCOMPARE(t.at(1, "eng", "fuel_cut"), 1.0);
        // motoring: the shaft work taken in is all heat
        DL_NEAR(t.at(1, "eng", "heat"), gridFriction(300.0) * 300.0 * 0.02, 1e-10);
        DL_ENERGY_BALANCED(t);
    }
    {
        // below the cut-off speed the map fuels at throttle 0 (idle)
        DL_COMPILE(model, gridEngine(100.0, 0.0));
        DL_SIMULATE(t, model);
        const double tq = kTv[0][0] - gridFriction(100.0);
        DL_NEAR(t.at(1, "eng", "torque"), tq, 1e-12);
        DL_NEAR(t.at(1, "eng", "fuel_rate"), gridFuel(100.0, tq), 1e-12);
        QCOMPARE(t.at(1, "eng", "fuel_cut"), 0.0);
    }
    {
        DL_COMPILE(model, gridEngine(300.0, 0.01));
        DL_SIMULATE(t, model);
        QVERIFY(t.at(1, "eng", "fuel_rate") > 0.0);
        QCOMPARE(t.at(1, "eng", "fuel_cut"), 0.0);
    }
}

void TestMappedEngine::outsideTheMap()
{
    DL_COMPILE(model, gridEngine(500.0, 1.0));
    DL_SIMULATE(t, model);
    // torque map and friction curve held at 400 rad/s
    const double tq = kTv[2][2] - gridFriction(400.0);
    DL_NEAR(t.at(1, "eng", "torque"), tq, 1e-12);
    QCOMPARE(t.at(1, "eng", "outside_map"), 1.0);
    DL_NEAR(t.at(1, "eng", "outside_time"), 0.02, 1e-15);
    // the fuel map is held at its speed end 400 too
    DL_NEAR(t.at(1, "eng", "fuel_rate"), gridFuel(400.0, tq), 1e-12);
    DL_COMPILE(inside, gridEngine(400.0, 1.0));
    DL_SIMULATE(u, inside);
    QCOMPARE(u.at(1, "eng", "outside_time"), 0.0);
}

void TestMappedEngine::freeEngineBooks()
{
    DL_COMPILE(model, lab(runSettings(1000000, 2000000000, 100), "[" + rot("e", 0.15, 80.0) + "," + thermalNode("block", 2e4, 300.0) + "]",
                          R"([{"id": "eng", "type": "mapped_engine", "node_a": "e", "heat_node": "block", "inputs": {"throttle": 0.6},
                              "parameters": {"torque_map": {"x": [0, 100, 300, 650], "y": [0, 1],
                                                            "values": [[0, 0], [0, 150], [0, 200], [0, 160]]},
                                             "friction_curve": [{"speed": 0, "torque": 10}, {"speed": 650, "torque": 30}],
                                             "fuel_map": {"x": [0, 650], "y": [-50, 250], "values": [[0.3, 0.3], [0.5, 13]]},
                                             "lower_heating_value": 43000000}},
                             {"id": "load", "type": "damper", "node_a": "e", "parameters": {"damping": 0.3}}])"));
    DL_SIMULATE(t, model);
    const std::size_t last = t.rows.size() - 1;
    QVERIFY(t.at(last, "e", "speed") > 80.0);
    QVERIFY(t.at(last, "eng", "fuel_mass") > 0.0);
    DL_NEAR(t.energy.heatToNodes, t.at(last, "eng", "heat"), 1e-9 * std::fabs(t.at(last, "eng", "heat")));
    DL_NEAR(t.energy.heatToLedger, t.at(last, "load", "heat"), 1e-9 * std::fabs(t.at(last, "load", "heat")) + 1e-9);
    DL_ENERGY_BALANCED(t);
}

void TestMappedEngine::refusedByCheck_data()
{
    QTest::addColumn<QString>("torqueMap");
    QTest::addColumn<QString>("fuelMap");
    QTest::addColumn<QString>("expected");
    const QString goodT = QStringLiteral(R"({"x": [0, 400], "y": [0, 1], "values": [[0, 0], [0, 100]]})");
    const QString goodF = QStringLiteral(R"({"x": [0, 400], "y": [-50, 250], "values": [[0.2, 0.2], [0.5, 9]]})");
    QTest::newRow("non-monotone speed axis") << QStringLiteral(R"({"x": [0, 400, 300], "y": [0, 1], "values": [[0, 0], [0, 100], [0, 90]]})")
                                             << goodF
                                             << QStringLiteral("eng: mapped_engine.torque_map.x[2]: the speed axis must increase strictly "
                                                               "(300.0 follows 400.0); reorder or remove the point");
    QTest::newRow("negative fuel flow") << goodT << QStringLiteral(R"({"x": [0, 400], "y": [-50, 250], "values": [[0.2, 0.2], [-0.5, 9]]})")
                                        << QStringLiteral("eng: mapped_engine.fuel_map.values[1][0]: must be in [0, 1e+06] [g/s] (got -0.5)");
    QTest::newRow("throttle axis beyond 1") << QStringLiteral(R"({"x": [0, 400], "y": [0, 1.5], "values": [[0, 0], [0, 100]]})") << goodF
                                            << QStringLiteral("eng: mapped_engine.torque_map.y[1]: must be in [0, 1]");
    QTest::newRow("ragged rows") << goodT << QStringLiteral(R"({"x": [0, 400], "y": [-50, 250], "values": [[0.2, 0.2], [9]]})")
                                 << QStringLiteral("eng: mapped_engine.fuel_map.values[1]: has 1 values; it needs one per torque point (2)");
    QTest::newRow("infinite value") << goodT << QStringLiteral(R"({"x": [0, 400], "y": [-50, 250], "values": [[0.2, 1e999], [0.5, 9]]})")
                                    << QStringLiteral("-: -: ");
}

void TestMappedEngine::refusedByCheck()
{
    QFETCH(QString, torqueMap);
    QFETCH(QString, fuelMap);
    QFETCH(QString, expected);
    const std::string text = lab(runSettings(1000000, 10000000, 1), "[" + rot("e", 0.1, 100.0) + "]",
                                 R"([{"id": "eng", "type": "mapped_engine", "node_a": "e", "parameters": {"torque_map": )" +
                                     torqueMap.toStdString() + R"(, "fuel_map": )" + fuelMap.toStdString() +
                                     R"(, "lower_heating_value": 43000000}}])");
    QTemporaryDir dir;
    const QString path = writeTestFile(dir, QStringLiteral("bad.lab.json"), text);
    const CliResult r = runCli(QStringLiteral(DRIVELAB_CLI), {QStringLiteral("check"), path}, 30000);
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.contains(QStringLiteral("bad.lab.json: ") + expected), qPrintable(r.err));
    QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot).size(), qsizetype(1)); // nothing written
}

QTEST_APPLESS_MAIN(TestMappedEngine)
#include "tst_mapped_engine.moc"
