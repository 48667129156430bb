// The command-line contract (LAB_FORMAT sections 3 and 4), exercised on the real binary.
#include "clitestutil.h"
#include "testutil.h"

#include <QProcess>
#include <QTemporaryDir>

using namespace drivelab;
using namespace drivelab::test;

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void runEveryLab_data();
    void runEveryLab();
    void sameLabTwiceSameBytes();
    void layoutNameDescriptionDoNotChangeResults();
    void invalidInput_data();
    void invalidInput();
    void unreadableFiles();
    void solverFailureExit3();
    void checkJson();
    void usageErrors();
    void helpForEveryCommand_data();
    void helpForEveryCommand();
    void helpOverview();

private:
    QTemporaryDir m_dir;
    using Result = drivelab::test::CliResult;
    Result cli(const QStringList& args);
    QString write(const QString& name, const std::string& text);
};

TestCli::Result TestCli::cli(const QStringList& args) { return drivelab::test::runCli(QStringLiteral(DRIVELAB_CLI), args, 60000); }

QString TestCli::write(const QString& name, const std::string& text) { return drivelab::test::writeTestFile(m_dir, name, text); }

void TestCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QFileInfo(QStringLiteral(DRIVELAB_CLI)).isExecutable());
}

void TestCli::runEveryLab_data()
{
    QTest::addColumn<QString>("path");
    const QDir labs(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs"));
    for (const QString& f : labs.entryList({"*.lab.json"})) QTest::newRow(qPrintable(f)) << labs.filePath(f);
}

// every lab runs, and its report has every node and component at every boundary with
// all observables, boundaries at tick 0, every N ticks and after the last tick
void TestCli::runEveryLab()
{
    QFETCH(QString, path);
    const QString out = m_dir.filePath(QFileInfo(path).baseName() + ".report.json");
    const Result r = cli({"run", path, "--output", out, "--quiet"});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const Json report = Json::parse(f.readAll().toStdString());
    QCOMPARE(report["format"].get<std::string>(), std::string("drivelab.report"));
    QCOMPARE(report["version"].get<int>(), 1);
    QCOMPARE(report["model_fingerprint"].get<std::string>().size(), std::size_t(16));
    QCOMPARE(report["final_state_hash"].get<std::string>().size(), std::size_t(16));
    const auto loaded = loadLab(path.toStdString());
    QVERIFY(loaded.model);
    const Model& m = *loaded.model;
    const auto& b = report["boundaries"];
    QCOMPARE(static_cast<std::int64_t>(b.size()), m.boundaryCount());
    QCOMPARE(b.front()["tick"].get<std::int64_t>(), std::int64_t(0));
    QCOMPARE(b.back()["tick"].get<std::int64_t>(), m.ticks);
    for (std::size_t i = 1; i + 1 < b.size(); ++i) QCOMPARE(b[i]["tick"].get<std::int64_t>(), static_cast<std::int64_t>(i) * m.reportEvery);
    for (const auto& boundary : b) {
        for (const auto& n : m.nodes) {
            QVERIFY(boundary["nodes"].contains(n.id));
            QCOMPARE(boundary["nodes"][n.id].size(), n.desc->observables.size());
        }
        for (const auto& c : m.components) {
            QVERIFY(boundary["components"].contains(c.id));
            for (const auto& o : c.observables()) QVERIFY(boundary["components"][c.id].contains(o.name));
        }
    }
    for (const char* k : {"kinetic_initial", "kinetic_final", "stored_initial", "stored_final", "source_work", "heat_to_nodes",
                          "heat_to_ledger", "residual"})
        QVERIFY2(report["energy"].contains(k), k);
    const auto& e = report["energy"];
    const double scale = std::fabs(e["stored_initial"].get<double>()) + std::fabs(e["stored_final"].get<double>()) +
                         std::fabs(e["source_work"].get<double>()) + e["heat_to_nodes"].get<double>() + e["heat_to_ledger"].get<double>();
    QVERIFY(std::fabs(e["residual"].get<double>()) <= residualBound(scale, report["ticks"].get<long long>()));
}

void TestCli::sameLabTwiceSameBytes()
{
    const QString lab = QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/converter-launch.lab.json");
    const QString a = m_dir.filePath("twice-a.json"), b = m_dir.filePath("twice-b.json");
    QCOMPARE(cli({"run", lab, "--output", a, "--quiet"}).exit, 0);
    QCOMPARE(cli({"run", lab, "--output", b, "--quiet"}).exit, 0);
    QFile fa(a), fb(b);
    QVERIFY(fa.open(QIODevice::ReadOnly) && fb.open(QIODevice::ReadOnly));
    const QByteArray da = fa.readAll();
    QVERIFY(da.size() > 1000);
    QCOMPARE(da, fb.readAll());
}

// layout, name and description never change the fingerprint or the results
void TestCli::layoutNameDescriptionDoNotChangeResults()
{
    std::string text;
    Diagnostics d;
    QVERIFY(readTextFile(DRIVELAB_SOURCE_DIR "/labs/two-speed-shift.lab.json", text, d));
    Json j = Json::parse(text);
    const QString original = write("orig.lab.json", text);
    j["layout"] = Json{{"input", Json{{"x", 10}, {"y", 20}, {"rotation", 90}}}, {"wheels", Json{{"x", -3.5}}}};
    j["name"] = "renamed";
    j["description"] = Json{{"author", "someone"}, {"notes", Json::array({1, 2})}};
    const QString edited = write("edited.lab.json", j.dump(2));
    const QString ra = m_dir.filePath("orig.report.json"), rb = m_dir.filePath("edited.report.json");
    QCOMPARE(cli({"run", original, "--output", ra, "--quiet"}).exit, 0);
    QCOMPARE(cli({"run", edited, "--output", rb, "--quiet"}).exit, 0);
    QFile fa(ra), fb(rb);
    QVERIFY(fa.open(QIODevice::ReadOnly) && fb.open(QIODevice::ReadOnly));
    Json a = Json::parse(fa.readAll().toStdString()), b = Json::parse(fb.readAll().toStdString());
    QCOMPARE(b["lab"].get<std::string>(), std::string("renamed"));
    a.erase("lab");
    b.erase("lab");
    QCOMPARE(a.dump(), b.dump());
}

void TestCli::invalidInput_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("line");
    const std::string run = runSettings(1000000, 10000000, 1);
    const std::string nodes = "[" + rot("a", 1, 10) + "]";
    QTest::newRow("malformed JSON") << R"({"format": "drivelab.lab",)"
                                    << "-: -: malformed JSON";
    QTest::newRow("wrong type") << QString::fromStdString(
                                       lab(run, R"([{"id": "a", "domain": "rotational", "inertia": "1", "initial_speed": 0}])", "[]"))
                                << "a: inertia: must be a number";
    QTest::newRow("infinity") << QString::fromStdString(
                                     lab(run, R"([{"id": "a", "domain": "rotational", "inertia": 1e400, "initial_speed": 0}])", "[]"))
                              << "-: -: malformed JSON";
    QTest::newRow("missing field") << QString::fromStdString(lab(run, R"([{"id": "a", "domain": "rotational", "inertia": 1}])", "[]"))
                                   << "a: initial_speed: missing";
    QTest::newRow("unknown id") << QString::fromStdString(
                                       lab(run, nodes, R"([{"id": "d", "type": "damper", "node_a": "zz", "parameters": {"damping": 1}}])"))
                                << "d: node_a: unknown node 'zz'";
    QTest::newRow("out of range") << QString::fromStdString(lab(
                                         run, nodes, R"([{"id": "d", "type": "damper", "node_a": "a", "parameters": {"damping": -2}}])"))
                                  << "d: damper.damping: must be in [0, 1e+09]";
    QTest::newRow("bad converter map")
        << QString::fromStdString(lab(run, nodes + "", R"([{"id": "tc", "type": "torque_converter", "node_a": "a", "node_b": "ground"}])"))
        << "tc: node_b: cannot be ground";
    const std::string map =
        R"([{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.008}, {"speed_ratio": 0, "torque_ratio": 2, "capacity_coefficient": 0.007}, {"speed_ratio": 0.5, "torque_ratio": 1.9, "capacity_coefficient": 0.006}, {"speed_ratio": 0.9, "torque_ratio": 1.05, "capacity_coefficient": 0.003}, {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}])";
    QTest::newRow("converter map peaking inside a segment")
        << QString::fromStdString(
               lab(run, "[" + rot("a", 1, 10) + "," + rot("b", 1, 0) + "]",
                   R"([{"id": "tc", "type": "torque_converter", "node_a": "a", "node_b": "b", "parameters": {"pump_positive": )" + map +
                       R"(, "pump_negative": )" + map + R"(, "turbine_positive": )" + map + R"(, "turbine_negative": )" + map + "}}]"))
        << "tc: converter.pump_positive[2].torque_ratio: efficiency (speed_ratio times torque_ratio) peaks at";
    QTest::newRow("unknown key") << QString::fromStdString(lab(run, nodes, "[]").insert(1, R"("extra": true, )"))
                                 << "-: extra: unknown key";
}

// bad input: exit 2, one FILE: ID: FIELD: message line per problem, and no report file
// (an existing report at the path is left untouched)
void TestCli::invalidInput()
{
    QFETCH(QString, text);
    QFETCH(QString, line);
    const QString path = write("bad.lab.json", text.toStdString());
    const QString out = m_dir.filePath("bad.report.json");
    QFile::remove(out);
    Result r = cli({"run", path, "--output", out});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.startsWith(path + ": " + line), qPrintable(r.err));
    QVERIFY(!QFile::exists(out));
    write("bad.report.json", "previous report");
    r = cli({"run", path, "--output", out});
    QCOMPARE(r.exit, 2);
    QFile f(out);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), QByteArray("previous report"));
    r = cli({"check", path});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.startsWith(path + ": " + line), qPrintable(r.err));
}

void TestCli::unreadableFiles()
{
    const QString missing = m_dir.filePath("does-not-exist.lab.json");
    Result r = cli({"run", missing, "--output", m_dir.filePath("x.json")});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.startsWith(missing + ": -: -: cannot open"), qPrintable(r.err));
    r = cli({"check", m_dir.path()});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.contains("directory"), qPrintable(r.err));
    const QString empty = write("empty.lab.json", "");
    r = cli({"check", empty});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.startsWith(empty + ": -: -: malformed JSON"), qPrintable(r.err));
}

// a solver failure: exit 3, the tick and the component named, no report file
//   a flow source draws 1000 m^3/s from a chamber of 1e-4 m^3 (every value inside its range, but
//   the chamber cannot deliver it): the implicit solve of the first tick does not converge
void TestCli::solverFailureExit3()
{
    const QString path = write("overflow.lab.json", lab(runSettings(1000000, 100000000, 10), kDrainedChamberNodes, kDrainedChamber));
    const QString out = m_dir.filePath("overflow.report.json");
    const Result r = cli({"run", path, "--output", out});
    QCOMPARE(r.exit, 3);
    QVERIFY2(r.err.startsWith(path + ": rocket: tick 0 (t = 0 s): solver failure:"), qPrintable(r.err));
    QVERIFY(!QFile::exists(out));
}

void TestCli::checkJson()
{
    const QString bad =
        write("check.lab.json", lab(runSettings(1000000, 10000000, 1), "[" + rot("a", -1, 0) + "]",
                                    R"([{"id": "d", "type": "damper", "node_a": "a", "parameters": {"damping": 1, "x": 1}}])"));
    Result r = cli({"check", bad, "--json"});
    QCOMPARE(r.exit, 2);
    const Json j = Json::parse(r.out.toStdString());
    QCOMPARE(j["diagnostics"].size(), std::size_t(2));
    QCOMPARE(j["diagnostics"][0]["severity"].get<std::string>(), std::string("error"));
    QCOMPARE(j["diagnostics"][0]["component"].get<std::string>(), std::string("a"));
    QCOMPARE(j["diagnostics"][0]["field"].get<std::string>(), std::string("inertia"));
    QCOMPARE(j["diagnostics"][1]["component"].get<std::string>(), std::string("d"));
    QCOMPARE(j["diagnostics"][1]["field"].get<std::string>(), std::string("damper.x"));
    r = cli({"check", QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/converter-launch.lab.json"), "--json"});
    QCOMPARE(r.exit, 0);
    QCOMPARE(Json::parse(r.out.toStdString())["diagnostics"].size(), std::size_t(0));
    // a clutch that can never carry torque: a warning, and check still exits 0 (issue 15)
    const QString idle = write("idle.lab.json", lab(runSettings(1000000, 10000000, 1), "[" + rot("a", 1, 10) + "," + rot("b", 2, 0) + "]",
                                                    R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b"}])"));
    r = cli({"check", idle, "--json"});
    QCOMPARE(r.exit, 0);
    const Json w = Json::parse(r.out.toStdString());
    QCOMPARE(w["diagnostics"].size(), std::size_t(1));
    QCOMPARE(w["diagnostics"][0]["severity"].get<std::string>(), std::string("warning"));
    QCOMPARE(w["diagnostics"][0]["field"].get<std::string>(), std::string("inputs.capacity"));
    r = cli({"check", idle});
    QCOMPARE(r.exit, 0);
    QVERIFY2(r.err.contains("never carry torque"), qPrintable(r.err));
}

void TestCli::usageErrors()
{
    QCOMPARE(cli({}).exit, 2);
    QCOMPARE(cli({"fly"}).exit, 2);
    QCOMPARE(cli({"run"}).exit, 2);
    QCOMPARE(cli({"run", "a", "b"}).exit, 2);
    QCOMPARE(cli({"bench", "x", "--repeat", "zero"}).exit, 2);
    QCOMPARE(cli({"help"}).exit, 0);
}

// `COMMAND --help`, `COMMAND -h` and `help COMMAND` print that command's usage on stdout and
// exit 0 (issue 33, item 12), also after other arguments, and do nothing else
void TestCli::helpForEveryCommand_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QString>("option"); // an option the usage must name
    const QList<QPair<QString, QString>> commands = {{"run", "--allow-unbalanced"}, {"check", "--json"},    {"bench", "--repeat N"},
                                                     {"causality", "--json"},       {"export", "--output"}, {"verify", "--quiet"},
                                                     {"sweep", "--variant K"},      {"mcp", "--root DIR"},  {"help", "COMMAND"},
                                                     {"export-fmu", "--output-var"}};
    for (const auto& [command, option] : commands) QTest::newRow(qPrintable(command)) << command << option;
}

void TestCli::helpForEveryCommand()
{
    QFETCH(QString, command);
    QFETCH(QString, option);
    const QString out = m_dir.filePath("help-" + command + ".json");
    const Result help = cli({"help", command});
    QCOMPARE(help.exit, 0);
    QVERIFY2(help.out.startsWith("usage: drivelab-cli " + command + " "), qPrintable(help.out));
    QVERIFY2(help.out.contains(option), qPrintable(help.out));
    QVERIFY(help.err.isEmpty());
    QList<QStringList> calls;
    if (command != "help") {
        // after an argument (mcp takes no file: after an option)
        const QStringList first = command == "mcp" ? QStringList{"--max-ticks", "5"} : QStringList{"lab.json"};
        calls = {{command, "--help"},
                 {command, "-h"},
                 QStringList{command} + first + QStringList{"--help"},
                 QStringList{command} + first + QStringList{"-h"}};
        // after options that would write or fail: still only the usage
        if (command == "run" || command == "export" || command == "sweep" || command == "export-fmu") calls.append({command, "x.lab.json", "--output", out, "--help"});
    }
    for (const QStringList& args : calls) {
        const Result r = cli(args);
        QVERIFY2(r.exit == 0, qPrintable(args.join(' ') + ": " + r.err));
        QCOMPARE(r.out, help.out);
        QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    }
    QVERIFY(!QFile::exists(out));
}

// `drivelab-cli --help`, `-h` and `help`: every command's synopsis, exit 0; `help NOSUCH`: exit 2
void TestCli::helpOverview()
{
    const Result help = cli({"help"});
    QCOMPARE(help.exit, 0);
    for (const char* c : {"run", "check", "bench", "causality", "export", "verify", "sweep", "mcp", "help", "export-fmu"})
        QVERIFY2(help.out.contains(QString("\n  ") + c + " "), c);
    QVERIFY(help.out.contains("COMMAND --help"));
    for (const char* opt : {"--help", "-h"}) {
        const Result r = cli({opt});
        QCOMPARE(r.exit, 0);
        QCOMPARE(r.out, help.out);
    }
    Result r = cli({"help", "fly"});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.contains("no command 'fly'"), qPrintable(r.err));
    r = cli({"help", "run", "check"});
    QCOMPARE(r.exit, 2);
    // an unknown option is still a usage error
    r = cli({"run", "--hepl"});
    QCOMPARE(r.exit, 2);
    QVERIFY(r.err.contains("unknown option '--hepl'"));
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
