// Diagnostics do not cascade (issue 34, item 3): one mistake is reported once, at its place;
// what merely depends on the faulty part is not reported again as if it were wrong too.
//
//   oil section with a bad value  ->  one error on "oil"; no "the lab has no oil section", no
//                                     "missing density" or wall errors on the pumps, converters,
//                                     accumulators and volumes that use the oil
//   oil section not an object     ->  one error on "oil"
//   node of an unknown domain     ->  one error on the node; no "unknown node" on its ports
//   controller with a bad value   ->  the controller's error; no "unknown component" on the
//                                     inputs it drives
//   signal with a bad value       ->  the signal's error; nothing on the inputs bound to it
// and `drivelab-cli check` prints the one line and still exits 2.
#include "testutil.h"

#include <QDir>
#include <QFile>

#include <set>

#include "clitestutil.h"

using namespace drivelab;
using namespace drivelab::test;

class TestDiagCascade : public QObject {
    Q_OBJECT
private slots:
    void badOilIsReportedOnce_data();
    void badOilIsReportedOnce();
    void oilThatIsNoObjectIsReportedOnce();
    void nodeOfUnknownDomainIsReportedOnce();
    void badControllerIsReportedOnce();
    void badSignalIsReportedOnce();
    void cliCheckPrintsTheCauseOnce();
};

namespace {

// a shipped lab's JSON
Json shippedLab(const char* name)
{
    QFile f(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/") + QString::fromLatin1(name));
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", name);
    return Json::parse(f.readAll().toStdString());
}

// the subjects of all diagnostics
std::set<std::string> subjects(const Diagnostics& d)
{
    std::set<std::string> out;
    for (const auto& x : d.items()) out.insert(x.subject);
    return out;
}

int errors(const Diagnostics& d)
{
    int n = 0;
    for (const auto& x : d.items()) n += x.severity == Severity::Error ? 1 : 0;
    return n;
}

// the first component of a type in a lab's JSON
Json& componentOfType(Json& lab, const std::string& type)
{
    for (Json& c : lab["components"]) {
        if (c["type"] == type) return c;
    }
    qFatal("no %s", type.c_str());
}

} // namespace

void TestDiagCascade::badOilIsReportedOnce_data()
{
    QTest::addColumn<QString>("lab");
    // every shipped lab with an oil section (thermal-lockup: volumes with initial_temperature,
    // pumps, walls, an accumulator, converters and orifices that read the oil)
    int rows = 0;
    for (const QString& name : QDir(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs")).entryList({QStringLiteral("*.lab.json")}, QDir::Files)) {
        if (!shippedLab(name.toLatin1().constData()).contains("oil")) continue;
        QTest::newRow(name.toLatin1().constData()) << name;
        ++rows;
    }
    QVERIFY(rows >= 1);
}

void TestDiagCascade::badOilIsReportedOnce()
{
    QFETCH(QString, lab);
    Json j = shippedLab(lab.toLatin1().constData());
    QVERIFY(j.contains("oil"));
    QVERIFY2(load(j.dump()).model, qPrintable(lab)); // the lab as shipped is valid
    j["oil"]["viscosity_40c"] = 46.0;
    j["oil"]["viscosity_100c"] = 50.0; // above viscosity_40c: oil that thickens as it warms
    const LoadedLab r = loadLabText(j.dump(), std::string(DRIVELAB_SOURCE_DIR "/labs"));
    QVERIFY(!r.model);
    QCOMPARE(r.diagnostics.size(), std::size_t{1});
    const Diagnostic& d = r.diagnostics.items().front();
    QVERIFY2(d.subject == "oil" && d.field == "viscosity_100c", qPrintable(describe(r.diagnostics)));
    QVERIFY(d.message.find("must be below viscosity_40c") != std::string::npos);
}

void TestDiagCascade::oilThatIsNoObjectIsReportedOnce()
{
    Json j = shippedLab("thermal-lockup.lab.json");
    j["oil"] = 5;
    const LoadedLab r = load(j.dump());
    QVERIFY(!r.model);
    QVERIFY2(subjects(r.diagnostics) == std::set<std::string>{"oil"}, qPrintable(describe(r.diagnostics)));
    QCOMPARE(errors(r.diagnostics), 1);
}

void TestDiagCascade::nodeOfUnknownDomainIsReportedOnce()
{
    // a shaft whose domain is misspelt: the clutch and spring on it are not "unknown node"
    Json j = shippedLab("clutch-engagement.lab.json");
    std::string id;
    for (Json& n : j["nodes"]) {
        if (n["domain"] == "rotational") {
            n["domain"] = "rotatoinal";
            id = n["id"].get<std::string>();
            break;
        }
    }
    int ports = 0; // ports bound to it
    for (const Json& c : j["components"]) {
        for (auto it = c.begin(); it != c.end(); ++it) ports += it.value().is_string() && it.value() == id && it.key() != "id" ? 1 : 0;
    }
    QVERIFY(ports >= 1);
    const LoadedLab r = load(j.dump());
    QVERIFY(!r.model);
    QVERIFY2(subjects(r.diagnostics) == std::set<std::string>{id}, qPrintable(describe(r.diagnostics)));
    QCOMPARE(errors(r.diagnostics), 1);
}

void TestDiagCascade::badControllerIsReportedOnce()
{
    // drive-cycle: the throttle and brake drivers are speed controllers bound to inputs
    Json j = shippedLab("drive-cycle.lab.json");
    Json& pid = componentOfType(j, "speed_controller");
    const std::string id = pid["id"].get<std::string>();
    pid["parameters"]["no_such_gain"] = 1.0;
    const LoadedLab r = loadLabText(j.dump(), std::string(DRIVELAB_SOURCE_DIR "/labs"));
    QVERIFY(!r.model);
    QVERIFY2(subjects(r.diagnostics) == std::set<std::string>{id}, qPrintable(describe(r.diagnostics)));
    QCOMPARE(errors(r.diagnostics), 1);
}

void TestDiagCascade::badSignalIsReportedOnce()
{
    Json j = shippedLab("drive-cycle.lab.json");
    Json& sig = j["signals"][0];
    const std::string id = sig["id"].get<std::string>();
    sig["no_such_field"] = 1.0;
    const LoadedLab r = loadLabText(j.dump(), std::string(DRIVELAB_SOURCE_DIR "/labs"));
    QVERIFY(!r.model);
    QVERIFY2(subjects(r.diagnostics) == std::set<std::string>{id}, qPrintable(describe(r.diagnostics)));
    QCOMPARE(errors(r.diagnostics), 1);
}

void TestDiagCascade::cliCheckPrintsTheCauseOnce()
{
    Json j = shippedLab("thermal-lockup.lab.json");
    j["oil"]["viscosity_100c"] = j["oil"]["viscosity_40c"].get<double>() + 1.0;
    QTemporaryDir dir;
    const QString path = writeTestFile(dir, QStringLiteral("bad-oil.lab.json"), j.dump(2));
    const CliResult c = runCli(QStringLiteral(DRIVELAB_CLI), {QStringLiteral("check"), path}, 60000);
    QCOMPARE(c.exit, 2);
    const QStringList lines = (c.out + c.err).split(QLatin1Char('\n'), Qt::SkipEmptyParts).filter(QStringLiteral("bad-oil.lab.json:"));
    QVERIFY2(lines.size() == 1, qPrintable(c.out + c.err));
    QVERIFY2(lines.front().contains(QStringLiteral("oil: viscosity_100c:")), qPrintable(lines.front()));
}

QTEST_GUILESS_MAIN(TestDiagCascade)
#include "tst_diagcascade.moc"
