// Failure paths of the command line (issue 14): a solver failure is exit 3 naming the
// tick and the component, never a signal; a run never exits 0 with non-finite or
// unbalanced energy books.
#include "clitestutil.h"
#include "testutil.h"

#include "io/asset.h"
#include "io/bookcheck.h"
#include "util/hash.h"

#include <algorithm>
#include <functional>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QTemporaryDir>
#include <QRegularExpression>

using namespace drivelab;
using namespace drivelab::test;

namespace {
// The book check at tick 5 of [J = 2 kg m^2, w0 = 10 rad/s] --damper 1 N m s/rad-- ground
// (books of about 100 J), after `edit` changed the state; true when it passes
bool checkEdited(const std::function<void(State&)>& edit, BookProblem& p)
{
    const LoadedLab l = loadLabText(lab(runSettings(1000000, 10000000, 5), "[" + rot("m", 2.0, 10.0) + "]",
                                        R"([{"id": "d", "type": "damper", "node_a": "m", "parameters": {"damping": 1}}])"));
    Session s(l.model);
    s.run(5);
    State edited = s.state();
    edit(edited);
    s.restore(edited);
    std::vector<double> v(s.observableCount());
    s.observe(v.data());
    return BookCheck(*l.model).atBoundary(s, v.data(), p);
}
} // namespace

class TestFailurePaths : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void everyLabFailsCleanly_data();
    void everyLabFailsCleanly();
    void everyLabPassesTheChecks_data();
    void everyLabPassesTheChecks();
    void nonFiniteBooksExit3();
    void unbalancedBooksExit3();
    void reportStreamsInConstantMemory();
    void exportRefusesEarlyAndSurvivesMemoryLimits();
    void assetBooksRecordedAndCompared();

private:
    QTemporaryDir m_dir;
    CliResult cli(const QStringList& args) { return runCli(QStringLiteral(DRIVELAB_CLI), args, 120000); }
    // drivelab-cli ARGS with the address space limited to kib KiB (ulimit -v)
    CliResult limited(int kib, const QStringList& args);
};

void TestFailurePaths::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // the data files the labs refer to (a drive cycle's csv trace, labs/cycles/*.csv) beside the
    // variants written here, in the same folders
    const QDir labs(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs"));
    QDirIterator csv(labs.path(), {"*.csv"}, QDir::Files, QDirIterator::Subdirectories);
    while (csv.hasNext()) {
        const QString from = csv.next(), to = m_dir.filePath(labs.relativeFilePath(from));
        QVERIFY(QDir().mkpath(QFileInfo(to).absolutePath()));
        QVERIFY(QFile::copy(from, to));
    }
}

void TestFailurePaths::everyLabFailsCleanly_data()
{
    QTest::addColumn<QString>("path");
    const QDir labs(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs"));
    for (const QString& f : labs.entryList({"*.lab.json"})) QTest::newRow(qPrintable(f)) << labs.filePath(f);
}

// a failing variant of every shipped lab: every inertia and compliant volume 1e-9 of its
// value (at least the smallest the ranges allow) and two ticks over the whole run, reported
// every tick, beside the drained chamber of testutil.h (its ids prefixed `drained_`): a flow
// source drawing 1000 m^3/s from 1e-4 m^3, which no solve can follow. (The stiffness alone no
// longer fails every lab: since issue 33 a residual within its own rounding is accepted, and
// converter-launch, drive-cycle and mechanical-converter scaled so solve to rounding with
// their books closed.) The solve cannot converge;
// the failure must be exit 3 naming the tick and a component or node of the lab (before
// the fix the fired lab segfaulted while naming the component: the cylinders read the
// thermal pointers the failure path left unset)
void TestFailurePaths::everyLabFailsCleanly()
{
    QFETCH(QString, path);
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    Json lab = Json::parse(f.readAll().toStdString());
    for (Json& n : lab["nodes"]) {
        if (n["domain"] == "rotational") n["inertia"] = std::max(n["inertia"].get<double>() * 1e-9, 1e-9);
        if (n["domain"] == "hydraulic" && n.contains("volume")) n["volume"] = std::max(n["volume"].get<double>() * 1e-9, 1e-12);
    }
    // a sampler's own period (a whole number of the lab's ticks) does not divide the two long ticks: every tick
    for (Json& c : lab["components"])
        if (c.contains("parameters")) c["parameters"].erase("sample_period");
    Json& run = lab["run"];
    run["tick_ns"] = run["duration_ns"].get<std::int64_t>() / 2;
    run["report_every_ticks"] = 1;
    const auto drained = [](std::string id) { return "drained_" + id; };
    for (Json n : Json::parse(kDrainedChamberNodes)) {
        n["id"] = drained(n["id"]);
        lab["nodes"].push_back(n);
    }
    for (Json c : Json::parse(kDrainedChamber)) {
        for (const char* key : {"id", "node_a", "node_b"})
            if (c.contains(key)) c[key] = drained(c[key]);
        if (lab.contains("oil") && c.contains("parameters")) c["parameters"].erase("density"); // the oil gives it
        lab["components"].push_back(c);
    }
    std::vector<std::string> ids;
    for (const Json& n : lab["nodes"]) ids.push_back(n["id"]);
    for (const Json& c : lab["components"]) ids.push_back(c["id"]);
    const QString variant = writeTestFile(m_dir, "failing-" + QFileInfo(path).fileName(), lab.dump(1));
    const QString report = m_dir.filePath("failing.report.json");
    for (const char* cmd : {"run", "export"}) {
        const CliResult r = cli({cmd, variant, "--output", report});
        const int want = std::string(cmd) == "run" ? 3 : 2;
        QVERIFY2(r.exit == want, qPrintable(QString("%1: exit %2: %3").arg(cmd).arg(r.exit).arg(r.err)));
        // (export first prints the lab's warnings: events after the shortened run)
        const QRegularExpression form("(?:^|\\n)" + QRegularExpression::escape(variant) +
                                      ": ([A-Za-z][A-Za-z0-9_-]*): tick [0-9]+ \\(t = [^)]+ s\\): solver failure: [^\\n]+\\n$");
        const QRegularExpressionMatch match = form.match(r.err);
        QVERIFY2(match.hasMatch(), qPrintable(r.err));
        QVERIFY2(std::find(ids.begin(), ids.end(), match.captured(1).toStdString()) != ids.end(), qPrintable(r.err));
        QVERIFY(!QFile::exists(report));
    }
}

// every shipped lab (labs/ and tests/bench/labs/) passes the finiteness and balance checks
void TestFailurePaths::everyLabPassesTheChecks_data()
{
    QTest::addColumn<QString>("path");
    for (const char* dir : {DRIVELAB_SOURCE_DIR "/labs", DRIVELAB_SOURCE_DIR "/tests/bench/labs"}) {
        const QDir labs(QString::fromUtf8(dir));
        for (const QString& f : labs.entryList({"*.lab.json"})) QTest::newRow(qPrintable(f)) << labs.filePath(f);
    }
}

void TestFailurePaths::everyLabPassesTheChecks()
{
    QFETCH(QString, path);
    const CliResult r = cli({"run", path, "--quiet"});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
}

// [J = 1e300 kg m^2, w0 = 1e10 rad/s]: the kinetic energy 0.5 J w^2 overflows at t = 0.
// Before: exit 0 printing "stored -nan -> -nan J". Now the lab is refused before it runs
// (exit 2: the inertia's range), and a state or book that is not finite at a boundary, how
// ever it came about, stops the run: the check itself on a session whose state holds one.
void TestFailurePaths::nonFiniteBooksExit3()
{
    const std::string text = lab(runSettings(1000000, 10000000, 5), "[" + rot("m", 1e300, 1e10) + "]",
                                 R"([{"id": "d", "type": "damper", "node_a": "m", "parameters": {"damping": 1}}])");
    const QString path = writeTestFile(m_dir, "huge.lab.json", text);
    CliResult r = cli({"run", path});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.startsWith(path + ": m: inertia: must be in "), qPrintable(r.err));
    QVERIFY2(!r.out.contains("nan") && !r.out.contains("inf"), qPrintable(r.out));
    const QString out = m_dir.filePath("huge.out.json");
    QCOMPARE(cli({"export", path, "--output", out}).exit, 2);
    QVERIFY(!QFile::exists(out));

    // the check: a non-finite speed names the node and the observable; a non-finite book
    // names the book
    BookProblem p;
    QVERIFY(checkEdited([](State&) {}, p));
    QVERIFY(!checkEdited(
        [](State& st) {
            st.x[0] = std::nan("");
        },
        p));
    QCOMPARE(p.subject, std::string("m"));
    QCOMPARE(p.tick, std::int64_t(5));
    QVERIFY(!p.unbalanced);
    QVERIFY(!checkEdited(
        [](State& st) {
            st.ledger.kineticInitial = HUGE_VAL;
        },
        p));
    QCOMPARE(p.field, std::string("energy.kinetic_initial"));
    QVERIFY(!p.unbalanced);
}

// The fired lab at one 1 s tick used to exit 0 with books 16 % off (the crank travel bound
// was dropped without a word); it now fails the tick naming a cylinder (exit 3). A valid lab
// whose books do not close is not known; the check itself on a session whose books were
// made to miss: exit-3 material, named by book and tick, beyond the documented tolerance only.
void TestFailurePaths::unbalancedBooksExit3()
{
    QFile f(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/fired-converter.lab.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    Json fired = Json::parse(f.readAll().toStdString());
    fired["run"] = Json{{"tick_ns", 1000000000}, {"duration_ns", 1000000000}, {"report_every_ticks", 1}};
    const QString path = writeTestFile(m_dir, "coarse.lab.json", fired.dump());
    const QString out = m_dir.filePath("coarse.report.json");
    CliResult r = cli({"run", path, "--output", out});
    QCOMPARE(r.exit, 3);
    QVERIFY2(
        QRegularExpression(QRegularExpression::escape(path) + ": cyl[0-9]: tick 0 \\(t = 0 s\\): solver failure: ").match(r.err).hasMatch(),
        qPrintable(r.err));
    QVERIFY(!QFile::exists(out));
    QCOMPARE(cli({"export", path, "--output", out}).exit, 2);
    QVERIFY(!QFile::exists(out));
    r = cli({"run", path, "--output", out, "--allow-unbalanced"}); // a solver failure is never allowed
    QCOMPARE(r.exit, 3);
    QVERIFY(!QFile::exists(out));

    // the check: 1 J of source work that never happened, against books of about 100 J
    BookProblem p;
    QVERIFY(checkEdited(
        [](State& st) {
            st.ledger.sourceWork.add(1e-12 * 100.0);
        },
        p)); // within the tolerance
    QVERIFY(!checkEdited(
        [](State& st) {
            st.ledger.sourceWork.add(1.0);
        },
        p));
    QCOMPARE(p.field, std::string("energy.residual"));
    QCOMPARE(p.subject, std::string("-"));
    QCOMPARE(p.tick, std::int64_t(5));
    QVERIFY(p.unbalanced);
    QVERIFY2(QString::fromStdString(p.message).startsWith("the books do not balance: residual "), p.message.c_str());
}

CliResult TestFailurePaths::limited(int kib, const QStringList& args)
{
    QStringList quoted;
    for (const QString& a : args) quoted << "'" + a + "'";
    return runCli(QStringLiteral("/bin/bash"),
                  {"-c", QString("ulimit -v %1; exec '%2' %3").arg(kib).arg(QStringLiteral(DRIVELAB_CLI), quoted.join(' '))}, 300000);
}

// 1,000,001 report boundaries (the documented maximum) of a one-shaft lab: the report is
// about 100 MB; it streams to its file, so the run fits in 200 MiB of address space
// (before: every boundary was kept as text and the whole report built in memory: killed
// by std::bad_alloc)
void TestFailurePaths::reportStreamsInConstantMemory()
{
    const QString path = writeTestFile(m_dir, "long.lab.json",
                                       lab(runSettings(1000, 1000000000, 1), "[" + rot("s", 1, 10) + "]",
                                           R"([{"id": "d", "type": "damper", "node_a": "s", "parameters": {"damping": 0.1}}])"));
    const QString out = m_dir.filePath("long.report.json");
    const CliResult r = limited(200 * 1024, {"run", path, "--output", out, "--quiet"});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    QFile rep(out);
    QVERIFY(rep.open(QIODevice::ReadOnly));
    qint64 lines = 0;
    while (!rep.atEnd()) {
        if (rep.readLine().startsWith("    {\"tick\": ")) ++lines;
    }
    QCOMPARE(lines, qint64(1000001));
    rep.close();
    QFile::remove(out);
}

// export: an asset over 16 MiB is refused before the run, with the estimate; an
// allocation failure is a message and exit 2, never an abort, and leaves no file
void TestFailurePaths::exportRefusesEarlyAndSurvivesMemoryLimits()
{
    QFile f(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/converter-launch.lab.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    Json lab = Json::parse(f.readAll().toStdString());
    lab["run"]["tick_ns"] = 5000;
    lab["run"]["report_every_ticks"] = 1;
    const QString huge = writeTestFile(m_dir, "huge-export.lab.json", lab.dump());
    const QString out = m_dir.filePath("export.dlasset.json");
    CliResult r = limited(100 * 1024, {"export", huge, "--output", out});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.contains(": -: run.report_every_ticks: the asset would be about ") && r.err.contains("(1000001 boundaries)"),
             qPrintable(r.err));
    // about 9 MB of asset: fine with room, out of memory in 80 MiB
    lab["run"]["tick_ns"] = 50000;
    lab["run"]["report_every_ticks"] = 12;
    const QString mid = writeTestFile(m_dir, "mid-export.lab.json", lab.dump());
    r = limited(80 * 1024, {"export", mid, "--output", out});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.startsWith("drivelab-cli: out of memory:"), qPrintable(r.err));
    QVERIFY(!QFile::exists(out));
    QCOMPARE(QDir(m_dir.path()).entryList({"*.tmp-*"}).size(), 0);
}

// version-2 assets record the energy books; verify compares them with the replay's. An
// asset whose books were edited (and re-signed) is refused naming the book; a version-1
// asset (no books) still verifies
void TestFailurePaths::assetBooksRecordedAndCompared()
{
    const QString asset = m_dir.filePath("books.dlasset.json");
    CliResult r = cli({"export", QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/hydraulic-lockup.lab.json"), "--output", asset});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    QFile f(asset);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const Json doc = Json::parse(f.readAll().toStdString());
    f.close();
    QCOMPARE(doc["version"].get<int>(), 2);
    QVERIFY(doc["expected"]["energy"].is_object());
    QVERIFY(doc["expected"]["fluid_volume"].is_object());
    QCOMPARE(cli({"verify", asset}).exit, 0);
    for (const char* book : {"source_work", "residual"}) {
        Json edited = doc;
        const double v = edited["expected"]["energy"][book].get<double>();
        edited["expected"]["energy"][book] = std::nextafter(v, HUGE_VAL);
        edited["signature"] = toHex16(assetSignatureV1(edited));
        const QString path = writeTestFile(m_dir, QString("edited-%1.dlasset.json").arg(book), assetTextV1(edited));
        r = cli({"verify", path});
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.startsWith(path + ": -: expected.energy." + book + ": the replay differs: recorded "), qPrintable(r.err));
    }
    Json missing = doc;
    missing["expected"].erase("energy");
    missing["signature"] = toHex16(assetSignatureV1(missing));
    const QString path = writeTestFile(m_dir, "no-books.dlasset.json", assetTextV1(missing));
    r = cli({"verify", path});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.contains(": -: expected.energy: missing or not an object"), qPrintable(r.err));
    r = cli({"verify", QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/fixtures/assets/v1/two-speed-shift.dlasset.json")});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
}

QTEST_GUILESS_MAIN(TestFailurePaths)
#include "tst_failurepaths.moc"
