// Converter map validation (LAB_FORMAT section 2): one test per rule, each asserting
// the exact field reported.
#include "convertermaps.h"
#include "testutil.h"

#include "components/rotational/torqueconvertermap.h"
#include "util/hash.h"

using namespace drivelab;
using namespace drivelab::test;

class TestConverterMaps : public QObject {
    Q_OBJECT
private slots:
    void validMapsCompile();
    void refused_data();
    void refused();
    void missingMapRefused();
    void ninthConverterRefused();
    void converterHasNoInputs();
    void capabilityAndFingerprintTag();
};

namespace {

std::string withMap(const std::string& pp, const std::string& extra = "")
{
    return lab(runSettings(50000, 1000000, 1),
               "[" + rot("p", 0.25, 10) + "," + rot("t", 0.5, 0) +
                   R"(, {"id": "oil", "domain": "thermal", "heat_capacity": 10, "initial_temperature": 300}])",
               "[" + converterJson("tc", "p", "t", pp, mapJson(driveMap()), mapJson(coastMap()), mapJson(coastMap()), extra) + "]");
}

std::vector<MapPoint> drive() { return driveMap(); }

// the compiler's map lines of converter tc, and the core's map findings for the same parameters
// (checkConverterMaps: the one function both the compiler and the map editor call)
void compareFindings(const std::string& text, const Diagnostics& diagnostics)
{
    QStringList compiler, findings;
    for (const auto& d : diagnostics.items()) {
        if (d.subject == "tc" && d.field.rfind("converter.", 0) == 0) compiler << QString::fromStdString(d.field + ": " + d.message);
    }
    if (compiler.isEmpty()) return; // refused before the maps were checked (ports)
    for (const auto& f : checkConverterMaps(Json::parse(text)["components"][0]["parameters"]))
        findings << QString::fromStdString("converter." + f.field() + ": " + f.message);
    QCOMPARE(findings, compiler);
}

} // namespace

void TestConverterMaps::validMapsCompile()
{
    const auto loaded = load(withMap(mapJson(driveMap())));
    QVERIFY2(loaded.model, qPrintable(describe(loaded.diagnostics)));
    QVERIFY(loaded.diagnostics.empty());
}

void TestConverterMaps::refused_data()
{
    QTest::addColumn<QString>("map");
    QTest::addColumn<QString>("extra");
    QTest::addColumn<QString>("field");
    auto pts = drive();
    const auto add = [](const char* name, const std::string& map, const char* field, const std::string& extra = "") {
        QTest::newRow(name) << QString::fromStdString(map) << QString::fromStdString(extra) << field;
    };
    add("not a list", R"({"speed_ratio": 0})", "converter.pump_positive");
    add("one point", mapJson({{1, 1, 0}}), "converter.pump_positive");
    {
        std::vector<MapPoint> many;
        for (int i = 0; i < 33; ++i) many.push_back({-1.0 + 2.0 * i / 32.0, 1.0, i == 32 ? 0.0 : 0.008});
        add("33 points", mapJson(many), "converter.pump_positive");
        many.pop_back();
        many.back() = {1.0, 1.0, 0.0};
        QTest::newRow("32 points accepted") << QString::fromStdString(mapJson(many)) << QString() << QString();
    }
    add("point not an object", R"([{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.008}, 5,
                                   {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}])",
        "converter.pump_positive[1]");
    add("missing column", R"([{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.008},
                              {"speed_ratio": 0, "capacity_coefficient": 0.007},
                              {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}])",
        "converter.pump_positive[1].torque_ratio");
    add("text value", R"([{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.008},
                          {"speed_ratio": 0, "torque_ratio": 2, "capacity_coefficient": "0.007"},
                          {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}])",
        "converter.pump_positive[1].capacity_coefficient");
    add("unknown key in a point", R"([{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.008},
                                      {"speed_ratio": 0, "torque_ratio": 2, "capacity_coefficient": 0.007, "k_factor": 3},
                                      {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}])",
        "converter.pump_positive[1].k_factor");
    pts = drive();
    pts[3].r = -0.5;
    add("negative torque ratio", mapJson(pts), "converter.pump_positive[3].torque_ratio");
    pts = drive();
    pts[2].c = -0.001;
    add("negative capacity", mapJson(pts), "converter.pump_positive[2].capacity_coefficient");
    pts = drive();
    pts[4].s = 1.5;
    add("speed ratio outside [-1, 1]", mapJson(pts), "converter.pump_positive[4].speed_ratio");
    pts = drive();
    pts[0].s = -0.9;
    add("first point not at -1", mapJson(pts), "converter.pump_positive[0].speed_ratio");
    pts = drive();
    pts.back().s = 0.99;
    add("last point not at 1", mapJson(pts), "converter.pump_positive[9].speed_ratio");
    pts = drive();
    std::swap(pts[3], pts[4]);
    add("re-ordered map", mapJson(pts), "converter.pump_positive[4].speed_ratio");
    pts = drive();
    pts[5].s = pts[4].s;
    add("repeated knot", mapJson(pts), "converter.pump_positive[5].speed_ratio");
    pts = drive();
    pts.back().c = 0.0001;
    add("C(1) not zero", mapJson(pts), "converter.pump_positive[9].capacity_coefficient");
    pts = drive();
    pts.back().r = 1.05;
    add("R(1) not one", mapJson(pts), "converter.pump_positive[9].torque_ratio");
    pts = drive();
    pts[7].r = 1.2; // s R = 0.9 * 1.2 = 1.08 at a knot
    add("efficiency above 1 at a knot", mapJson(pts), "converter.pump_positive[7].torque_ratio");
    // knots pass (0.95 at s = 0.5, 0.945 at s = 0.9) but s R(s) peaks at 1.032 near s = 0.697
    add("efficiency above 1 inside a segment", mapJson({{-1, 1, 0.008}, {0, 2, 0.007}, {0.5, 1.9, 0.006}, {0.9, 1.05, 0.003}, {1, 1, 0}}),
        "converter.pump_positive[2].torque_ratio");
    // torque ratios are bounded (at most 1000), so an overflowing slope needs knots a subnormal apart
    add("infinite slope", mapJson({{-1, 1, 0.008}, {-5e-324, 2, 0.007}, {0, 1, 0.007}, {1, 1, 0}}),
        "converter.pump_positive[2].speed_ratio");
    pts = drive();
    pts[0].c = 0.009; // turbine_negative C(-1) stays 0.008: the physical torques differ
    add("counter-rotation mismatch", mapJson(pts), "converter.counter_rotation");
    add("heat node of the wrong domain", mapJson(drive()), "heat_node", R"(, "heat_node": "t")");
    add("pump and turbine the same node", mapJson(drive()), "node_b", R"(, "node_b": "p")");
}

void TestConverterMaps::refused()
{
    QFETCH(QString, map);
    QFETCH(QString, extra);
    QFETCH(QString, field);
    std::string text = withMap(map.toStdString(), extra.toStdString());
    if (extra.contains("node_b")) {
        // the port override replaces the turbine binding written by converterJson
        const auto at = text.find(R"("node_b": "t")");
        text.erase(at, std::string(R"("node_b": "t")").size() + 2);
    }
    const auto loaded = load(text);
    if (field.isEmpty()) {
        QVERIFY2(loaded.model, qPrintable(describe(loaded.diagnostics)));
        return;
    }
    QVERIFY(!loaded.model);
    bool found = false;
    for (const auto& d : loaded.diagnostics.items()) {
        if (d.subject == "tc" && d.field == field.toStdString()) found = true;
    }
    QVERIFY2(found, qPrintable("expected tc: " + field + "; got\n" + describe(loaded.diagnostics)));
    compareFindings(text, loaded.diagnostics);
    // the first diagnostic names this field: no unrelated noise ahead of it
    QCOMPARE(QString::fromStdString(loaded.diagnostics.items()[0].field), field);
}

void TestConverterMaps::missingMapRefused()
{
    const std::string text = lab(runSettings(50000, 1000000, 1), "[" + rot("p", 0.25, 10) + "," + rot("t", 0.5, 0) + "]",
                                 R"([{"id": "tc", "type": "torque_converter", "node_a": "p", "node_b": "t",
                                      "parameters": {"pump_positive": )" +
                                     mapJson(driveMap()) + R"(, "pump_negative": )" + mapJson(driveMap()) + R"(, "turbine_positive": )" +
                                     mapJson(coastMap()) + "}}]");
    const auto loaded = load(text);
    QVERIFY(!loaded.model);
    QCOMPARE(loaded.diagnostics.size(), std::size_t(1));
    QCOMPARE(loaded.diagnostics.items()[0].field, std::string("converter.turbine_negative"));
    QVERIFY(loaded.diagnostics.items()[0].message.find("missing") != std::string::npos);
    compareFindings(text, loaded.diagnostics);
}

void TestConverterMaps::ninthConverterRefused()
{
    std::string nodes = "[", comps = "[";
    for (int i = 0; i < 9; ++i) {
        const std::string p = "p" + std::to_string(i), t = "t" + std::to_string(i);
        nodes += (i ? "," : "") + rot(p, 1, 10) + "," + rot(t, 1, 0);
        comps += (i ? "," : "") + converterJson("tc" + std::to_string(i), p, t, mapJson(linearMap(0.01)));
    }
    const auto loaded = load(lab(runSettings(50000, 1000000, 1), nodes + "]", comps + "]"));
    QVERIFY(!loaded.model);
    QCOMPARE(loaded.diagnostics.items()[0].subject, std::string("tc8"));
    QCOMPARE(loaded.diagnostics.items()[0].field, std::string("type"));
    QVERIFY(loaded.diagnostics.items()[0].message.find("at most 8") != std::string::npos);
}

void TestConverterMaps::converterHasNoInputs()
{
    const auto loaded = load(lab(runSettings(50000, 1000000, 1), "[" + rot("p", 1, 10) + "," + rot("t", 1, 0) + "]",
                                 "[" + converterJson("tc", "p", "t", mapJson(linearMap(0.01))) + "]",
                                 R"([{"time_ns": 0, "component": "tc", "input": "capacity", "value": 1}])"));
    QVERIFY(!loaded.model);
    QCOMPARE(loaded.diagnostics.items()[0].field, std::string("events[0].input"));
    QVERIFY(loaded.diagnostics.items()[0].message.find("no inputs") != std::string::npos);
}

// Converter models advertise quasisteady_converter_powertrain; converter-free models advertise
// nothing and their fingerprint is the plain hash of the canonical normalized lab.
void TestConverterMaps::capabilityAndFingerprintTag()
{
    const auto with = load(withMap(mapJson(driveMap())));
    QVERIFY(with.model);
    QCOMPARE(with.model->capabilities, std::vector<std::string>{"quasisteady_converter_powertrain"});
    const auto without = load(lab(runSettings(50000, 1000000, 1), "[" + rot("p", 1, 10) + "]",
                                  R"([{"id": "d", "type": "damper", "node_a": "p", "parameters": {"damping": 1}}])"));
    QVERIFY(without.model);
    QVERIFY(without.model->capabilities.empty());
    QCOMPARE(without.model->fingerprint, hashBytes(canonicalJson(without.model->normalized)));
    QVERIFY(with.model->fingerprint != hashBytes(canonicalJson(with.model->normalized)));
}

QTEST_GUILESS_MAIN(TestConverterMaps)
#include "tst_convertermaps.moc"
