// Parts and instances from the command line (issue 36, docs/FORMATS.md "Parts and instances",
// "Command line"): `check` names an expression's instance path; `causality` and `check` name
// nested instance paths (gearbox/p1/ring) in a conflict; `--parts-dir DIR` finds part files in
// library folders for run, check, causality and sweep, and refuses a DIR that is not a folder.
// (The flattening itself: tst_parts.)
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "clitestutil.h"
#include "util/jsonwrite.h"

using namespace drivelab;

class TestPartsCli : public QObject {
    Q_OBJECT
private slots:
    void cliCheckNamesPaths();
    void cliCausalityNamesNestedPaths();
    void cliPartsDir();
};

namespace {

const std::string kDir = DRIVELAB_SOURCE_DIR "/tests/fixtures/parts/";

std::string readAll(const std::string& path)
{
    std::ifstream f(path);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

// a minimal lab of one shaft and a thermal node with whatever parts, instances and components
std::string partsLab(const std::string& parts, const std::string& instances, const std::string& components = "[]")
{
    return R"({"format": "drivelab.lab", "version": 2, "run": {"tick_ns": 1000000, "duration_ns": 10000000, "report_every_ticks": 5},
      "nodes": [{"id": "shaft", "domain": "rotational", "inertia": 1.0, "initial_speed": 10.0},
                {"id": "case", "domain": "thermal", "heat_capacity": 100.0, "initial_temperature": 300.0}],
      "components": )" + components + R"(, "parts": )" + parts + R"(, "instances": )" + instances + "}";
}

} // namespace

void TestPartsCli::cliCheckNamesPaths()
{
    QTemporaryDir dir;
    std::string bad = readAll(kDir + "two-speed-parts.lab.json");
    bad.replace(bad.find("\"brake_capacity\": 900"), 21, "\"brake_capacity\": \"=9e2 +\"");
    std::filesystem::copy_file(kDir + "two_speed_planetary.part.json", dir.filePath("two_speed_planetary.part.json").toStdString());
    const QString lab = test::writeTestFile(dir, "bad.lab.json", bad);
    const test::CliResult r = test::runCli(DRIVELAB_CLI, {"check", lab}, 60000);
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.contains("bad.lab.json: box: parameters.brake_capacity: \"=9e2 +\""), qPrintable(r.err));
    const test::CliResult ok = test::runCli(DRIVELAB_CLI, {"check", QString::fromStdString(kDir + "fired-parts.lab.json")}, 60000);
    QCOMPARE(ok.exit, 0);
}

void TestPartsCli::cliCausalityNamesNestedPaths()
{
    // lab -> gearbox (part box) -> p1 (part stage): a speed source holds p1's ring, geared 2:1 to
    // the lab's shaft, which a speed source of the lab also drives: two speed setters through a
    // rigid gear, a conflict whose elements, the text and `check` name the nested paths
    const std::string lab = partsLab(
        R"([{"name": "stage", "ports": [{"name": "out", "domain": "rotational"}],
             "nodes": [{"id": "ring", "domain": "rotational", "inertia": 0.1, "initial_speed": 20}],
             "components": [{"id": "hold", "type": "speed_source", "node_a": "ring", "inputs": {"speed": 20}},
                            {"id": "mesh", "type": "gear", "node_a": "ring", "node_b": "out", "parameters": {"ratio": 2}}]},
            {"name": "box", "ports": [{"name": "out", "domain": "rotational"}], "instances": [{"id": "p1", "part": "stage", "ports": {"out": "out"}}]}])",
        R"([{"id": "gearbox", "part": "box", "ports": {"out": "shaft"}}])",
        R"([{"id": "drive", "type": "speed_source", "node_a": "shaft", "inputs": {"speed": 10}}])");
    QTemporaryDir dir;
    const QString path = test::writeTestFile(dir, "nested.lab.json", lab);
    const test::CliResult json = test::runCli(DRIVELAB_CLI, {"causality", path, "--json"}, 60000);
    QCOMPARE(json.exit, 2);
    const Json doc = Json::parse(json.out.toStdString());
    QCOMPARE(doc["consistent"].get<bool>(), false);
    QCOMPARE(doc["conflicts"].size(), std::size_t{1});
    QCOMPARE(doc["conflicts"][0]["elements"].dump(), std::string(R"(["gearbox/p1/hold","gearbox/p1/ring","gearbox/p1/mesh","drive"])"));
    const test::CliResult text = test::runCli(DRIVELAB_CLI, {"causality", path}, 60000);
    QVERIFY2(text.out.contains("speed source 'gearbox/p1/hold' and speed source 'drive' both impose the speed of node 'shaft' through gear "
                               "'gearbox/p1/mesh'"),
             qPrintable(text.out));
    QVERIFY2(text.out.contains("gearbox/p1/ring     I   derivative"), qPrintable(text.out));
    const test::CliResult check = test::runCli(DRIVELAB_CLI, {"check", path}, 60000);
    QCOMPARE(check.exit, 2);
    QVERIFY2(check.err.contains("nested.lab.json: gearbox/p1/mesh: -: this gear's rigid constraint ties speeds"), qPrintable(check.err));
}

void TestPartsCli::cliPartsDir()
{
    // a lab away from the library: `--parts-dir labs/parts` (any command that reads a lab, as often
    // as needed) finds the part files; the lab is then the shipped one, bit for bit
    QTemporaryDir dir, empty;
    const QString shipped = DRIVELAB_SOURCE_DIR "/labs/parts";
    const QString lab = test::writeTestFile(dir, "launch.lab.json", readAll(shipped.toStdString() + "/differential-launch.lab.json"));
    const test::CliResult without = test::runCli(DRIVELAB_CLI, {"check", lab}, 60000);
    QCOMPARE(without.exit, 2);
    QVERIFY2(without.err.contains("launch.lab.json: axle: part: no part 'open_differential'"), qPrintable(without.err));
    const QStringList dirs{"--parts-dir", empty.path(), "--parts-dir", shipped};
    const test::CliResult check = test::runCli(DRIVELAB_CLI, QStringList{"check", lab} + dirs, 60000);
    QCOMPARE(check.exit, 0);
    const test::CliResult run = test::runCli(DRIVELAB_CLI, QStringList{"run", lab} + dirs, 120000);
    const test::CliResult original = test::runCli(DRIVELAB_CLI, {"run", shipped + "/differential-launch.lab.json"}, 120000);
    QCOMPARE(run.exit, 0);
    const QRegularExpression final("fingerprint [0-9a-f]{16}, final state [0-9a-f]{16}");
    QVERIFY2(final.match(run.out).hasMatch(), qPrintable(run.out));
    QCOMPARE(final.match(run.out).captured(), final.match(original.out).captured());
    QCOMPARE(test::runCli(DRIVELAB_CLI, QStringList{"causality", lab} + dirs, 60000).exit, 0);
    // a sweep over an instance's parameter, its lab's parts from the library
    const QString sweep = test::writeTestFile(
        dir, "split.sweep.json",
        R"({"format": "drivelab.sweep", "version": 1, "lab": "launch.lab.json",
            "factors": [{"path": "axle.road_friction_right", "values": [0.3, 1.0]}],
            "metrics": [{"name": "v_end", "reduce": "final", "observable": "car.speed"}]})");
    const QString results = dir.filePath("split.csv");
    QCOMPARE(test::runCli(DRIVELAB_CLI, {"sweep", sweep, "--output", results, "--quiet"}, 120000).exit, 2);
    const test::CliResult swept = test::runCli(DRIVELAB_CLI, QStringList{"sweep", sweep, "--output", results, "--quiet", "--jobs", "1"} + dirs, 240000);
    QVERIFY2(swept.exit == 0, qPrintable(swept.err));
    // usage errors
    const test::CliResult bad = test::runCli(DRIVELAB_CLI, {"check", lab, "--parts-dir", dir.filePath("nowhere")}, 60000);
    QCOMPARE(bad.exit, 2);
    QVERIFY2(bad.err.contains("drivelab-cli check: --parts-dir '" + dir.filePath("nowhere") + "' is not a folder"), qPrintable(bad.err));
    QCOMPARE(test::runCli(DRIVELAB_CLI, {"check", lab, "--parts-dir"}, 60000).exit, 2);
}

QTEST_GUILESS_MAIN(TestPartsCli)
#include "tst_partscli.moc"
