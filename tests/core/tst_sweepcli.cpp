// `drivelab-cli sweep` as a user runs it (docs/FORMATS.md "Sweeps", "Sweep results"):
//
//   sweep S --output R --jobs 1   ==  sweep S --output R --jobs 2   (byte for byte)
//   sweep S --variant K --output L; run L  -> the fingerprint and final hash of row K
//   Ctrl+C while running  -> exit 130, R holds the finished rows by index; --resume finishes
//                            it into the same bytes as an uninterrupted run
//   kill -9 while running -> R.partial holds the rows; --resume finishes the same bytes
//   half the variants invalid -> exit 0, error rows; an invalid sweep -> exit 2, the field named
//   sweep S --variant K --output OTHER/DIR/v.lab.json; run it  -> row K's hashes (its csv file found)
//   the lab or its csv file edited, then --resume  -> exit 2, the table left as it was
//   (an edit a factor overrides keeps every row's model: the resume goes on)
//   --output a FIFO or a device (/dev/null)  -> exit 2 before any variant runs, no R.partial
#include "clitestutil.h"
#include "testutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>
#include <csignal>
#include <sys/stat.h>
#include <tuple>

using namespace drivelab;
using namespace drivelab::test;

class TestSweepCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void sameFileWhateverTheJobs();
    void variantLabRunsToTheRow();
    void interruptKeepsRowsAndResumes();
    void killResumesFromJournal();
    void invalidVariantsAndSweeps();
    void variantWrittenElsewhereRuns();
    void resumeRefusesRowsOfAnotherModel_data();
    void resumeRefusesRowsOfAnotherModel();
    void outputNotRegularFile_data();
    void outputNotRegularFile();

private:
    QTemporaryDir m_dir;
    QString m_sweep; // a slower copy of the capacity sweep: 48 variants of 200,000 ticks
    CliResult cli(const QStringList& args) { return runCli(QStringLiteral(DRIVELAB_CLI), args, 120000); }
    static QByteArray bytes(const QString& path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    }
    void interrupted(bool hard);
};

namespace {
const QString kFixtures = QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/fixtures/sweeps");
}

void TestSweepCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    std::string lab = bytes(kFixtures + "/two-inertia.lab.json").toStdString();
    const std::string tick = R"("tick_ns": 1000000, "duration_ns": 1000000000)";
    QVERIFY(lab.find(tick) != std::string::npos);
    lab.replace(lab.find(tick), tick.size(), R"("tick_ns": 10000, "duration_ns": 2000000000)");
    writeTestFile(m_dir, "slow.lab.json", lab);
    m_sweep = writeTestFile(m_dir, "slow.sweep.json", R"({"format": "drivelab.sweep", "version": 1, "lab": "slow.lab.json",
        "factors": [{"path": "clutch.inputs.capacity", "range": {"from": 40.0, "to": 200.0, "count": 16}},
                    {"path": "load.inertia", "values": [0.4, 0.8, 1.6]}],
        "metrics": [{"name": "lock_s", "reduce": "lock_time", "component": "clutch"},
                    {"name": "w_max", "reduce": "max", "observable": "load.speed"}]})");
}

void TestSweepCli::sameFileWhateverTheJobs()
{
    const QString sweep = kFixtures + "/capacity.sweep.json";
    const QString a = m_dir.filePath("j1.csv"), b = m_dir.filePath("j2.csv"), c = m_dir.filePath("j2.json");
    CliResult r = cli({"sweep", sweep, "--output", a, "--jobs", "1"});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    QVERIFY(r.out.contains("12 variants"));
    r = cli({"sweep", sweep, "--output", b, "--jobs", "2", "--quiet"});
    QCOMPARE(r.exit, 0);
    QVERIFY(r.out.isEmpty());
    QCOMPARE(bytes(b), bytes(a));
    QVERIFY(!QFile::exists(b + ".partial"));
    QVERIFY(bytes(a).startsWith("index,clutch.inputs.capacity,load.inertia,lock_s,"));
    QCOMPARE(bytes(a).count('\n'), 13);
    // JSON: one valid document with the same numbers
    r = cli({"sweep", sweep, "--output", c, "--json", "--quiet"});
    QCOMPARE(r.exit, 0);
    const Json j = Json::parse(bytes(c).toStdString());
    QCOMPARE(j["format"].get<std::string>(), std::string("drivelab.sweep-results"));
    QCOMPARE(j["rows"].size(), std::size_t{12});
    const QList<QByteArray> csv = bytes(a).split('\n');
    QCOMPARE(QByteArray::fromStdString(formatDouble(j["rows"][5]["lock_s"].get<double>())), csv[6].split(',')[3]);
}

void TestSweepCli::variantLabRunsToTheRow()
{
    const QString sweep = kFixtures + "/capacity.sweep.json";
    const QString table = m_dir.filePath("v.csv"), lab = m_dir.filePath("variant7.lab.json");
    QCOMPARE(cli({"sweep", sweep, "--output", table, "--quiet"}).exit, 0);
    CliResult r = cli({"sweep", sweep, "--variant", "7", "--output", lab});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    r = cli({"run", lab});
    QCOMPARE(r.exit, 0);
    const QList<QByteArray> row = bytes(table).split('\n')[8].split(',');
    QCOMPARE(row[0], QByteArray("7"));
    const QString fingerprint = QString::fromLatin1(row[row.size() - 3]), hash = QString::fromLatin1(row[row.size() - 2]);
    QVERIFY2(r.out.contains("fingerprint " + fingerprint + ", final state " + hash), qPrintable(r.out + " vs " + fingerprint + " " + hash));
    r = cli({"sweep", sweep, "--variant", "12", "--output", lab});
    QCOMPARE(r.exit, 2);
    QVERIFY(r.err.contains("the study has 12 variants"));
}

void TestSweepCli::interrupted(bool hard)
{
    const QString whole = m_dir.filePath(hard ? "whole-k.csv" : "whole-i.csv");
    const QString out = m_dir.filePath(hard ? "killed.csv" : "stopped.csv");
    CliResult r = cli({"sweep", m_sweep, "--output", whole, "--jobs", "2", "--quiet"});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    QProcess p;
    p.start(QStringLiteral(DRIVELAB_CLI), {"sweep", m_sweep, "--output", out, "--jobs", "1", "--quiet"});
    QVERIFY(p.waitForStarted());
    // wait for a few rows in the journal, then stop it
    QElapsedTimer t;
    t.start();
    while (bytes(out + ".partial").count('\n') < 4 && t.elapsed() < 60000 && p.state() == QProcess::Running) QThread::msleep(5);
    QVERIFY2(p.state() == QProcess::Running, "the sweep ended before it could be stopped: make it slower");
    if (hard) {
        p.kill();
    } else {
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
    }
    QVERIFY(p.waitForFinished(60000));
    if (hard) {
        QVERIFY(!QFile::exists(out));
        QVERIFY(bytes(out + ".partial").count('\n') >= 4);
    } else {
        QCOMPARE(p.exitCode(), 130);
        QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains("run again with --resume"));
        QVERIFY(!QFile::exists(out + ".partial"));
        const QByteArray kept = bytes(out);
        const int rows = static_cast<int>(kept.count('\n')) - 1;
        QVERIFY2(rows >= 3 && rows < 48, qPrintable(QString::number(rows)));
        // the kept rows are the uninterrupted run's rows, in index order
        for (const QByteArray& line : kept.split('\n')) QVERIFY(bytes(whole).contains(line));
    }
    r = cli({"sweep", m_sweep, "--output", out, "--jobs", "2", "--resume"});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    QVERIFY2(!r.out.contains("(48 run now"), qPrintable(r.out)); // the kept rows were not run again
    QCOMPARE(bytes(out), bytes(whole));
    QVERIFY(!QFile::exists(out + ".partial"));
}

void TestSweepCli::interruptKeepsRowsAndResumes() { interrupted(false); }
void TestSweepCli::killResumesFromJournal() { interrupted(true); }

void TestSweepCli::invalidVariantsAndSweeps()
{
    const QString lab = kFixtures + "/two-inertia.lab.json";
    const QString half =
        writeTestFile(m_dir, "half.sweep.json", R"({"format": "drivelab.sweep", "version": 1, "lab": ")" + lab.toStdString() + R"(",
        "factors": [{"path": "engine.inertia", "values": [0.2, -0.2, 0.3, 0.0]}], "metrics": []})");
    const QString out = m_dir.filePath("half.csv");
    CliResult r = cli({"sweep", half, "--output", out});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    QVERIFY(r.out.contains("2 with errors"));
    const QList<QByteArray> lines = bytes(out).split('\n');
    QVERIFY(lines[1].endsWith(","));
    QVERIFY2(lines[2].contains(",\"does not compile: engine: inertia:") || lines[2].contains(",does not compile: engine: inertia:"),
             lines[2].constData());
    QVERIFY(lines[3].endsWith(","));
    // a resume keeps the error rows (they come out the same again) and runs nothing
    const QByteArray whole = bytes(out);
    r = cli({"sweep", half, "--output", out, "--resume"});
    QVERIFY2(r.exit == 0 && r.out.contains("(0 run now"), qPrintable(r.err + r.out));
    QCOMPARE(bytes(out), whole);
    // a resume with another study's file is refused and the file is left as it was
    const QString other =
        writeTestFile(m_dir, "other.sweep.json", R"({"format": "drivelab.sweep", "version": 1, "lab": ")" + lab.toStdString() + R"(",
        "factors": [{"path": "load.inertia", "values": [0.2, 0.3]}], "metrics": []})");
    const QByteArray before = bytes(out);
    r = cli({"sweep", other, "--output", out, "--resume"});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.contains("cannot resume") && r.err.contains("not this study's"), qPrintable(r.err));
    QCOMPARE(bytes(out), before);
    // invalid sweeps: the file and the field named, exit 2, nothing written
    const QString bad =
        writeTestFile(m_dir, "bad.sweep.json", R"({"format": "drivelab.sweep", "version": 1, "lab": ")" + lab.toStdString() + R"(",
        "factors": [{"path": "clutch.clutch.capacity", "values": [1.0]}], "metrics": []})");
    r = cli({"sweep", bad, "--output", m_dir.filePath("bad.csv")});
    QCOMPARE(r.exit, 2);
    QVERIFY2(
        r.err.contains("bad.sweep.json: -: factors[0].path: path 'clutch.clutch.capacity': clutch 'clutch' has no parameter 'capacity'"),
        qPrintable(r.err));
    QVERIFY(!QFile::exists(m_dir.filePath("bad.csv")));
    r = cli({"sweep", bad});
    QCOMPARE(r.exit, 2);
    QVERIFY(r.err.contains("--output"));
    r = cli({"sweep", bad, "--output", m_dir.filePath("x.csv"), "--jobs", "0"});
    QCOMPARE(r.exit, 2);
    QVERIFY(r.err.contains("--jobs needs a whole number from 1"));
}

// the fingerprint and final hash `run` prints for a lab
namespace {
QString runHashes(const CliResult& r)
{
    const qsizetype at = r.out.indexOf("fingerprint ");
    return at < 0 ? QString() : r.out.mid(at, QStringLiteral("fingerprint 0123456789abcdef, final state 0123456789abcdef").size());
}
} // namespace

// a variant written to another folder names the csv file its lab reads from there: it runs to
// the row's fingerprint and final hash (issue 33, item 7)
void TestSweepCli::variantWrittenElsewhereRuns()
{
    QVERIFY(QDir().mkpath(m_dir.filePath("study/in")) && QDir().mkpath(m_dir.filePath("elsewhere/deeper")));
    for (const char* f : {"csv-apply.sweep.json", "csv-apply.lab.json", "apply.csv"})
        QVERIFY(QFile::copy(kFixtures + "/" + f, m_dir.filePath(QString("study/in/") + f)));
    const QString sweep = m_dir.filePath("study/in/csv-apply.sweep.json"), table = m_dir.filePath("study/rows.csv");
    QCOMPARE(cli({"sweep", sweep, "--output", table, "--quiet"}).exit, 0);
    const QList<QByteArray> lines = bytes(table).split('\n');
    for (const QString& out :
         {m_dir.filePath("elsewhere/deeper/v.lab.json"), m_dir.filePath("study/in/beside.lab.json"), m_dir.filePath("v-top.lab.json")}) {
        for (int k = 0; k < 4; ++k) {
            CliResult r = cli({"sweep", sweep, "--variant", QString::number(k), "--output", out, "--quiet"});
            QVERIFY2(r.exit == 0, qPrintable(r.err));
            r = cli({"run", out, "--quiet"});
            QVERIFY2(r.exit == 0, qPrintable(out + ": " + r.err));
            r = cli({"run", out});
            const QList<QByteArray> row = lines[k + 1].split(',');
            QCOMPARE(runHashes(r), "fingerprint " + QString::fromLatin1(row[row.size() - 3]) + ", final state " +
                                       QString::fromLatin1(row[row.size() - 2]));
        }
        // the file is named from the variant's folder; beside the lab it stays as written
        const Json lab = Json::parse(bytes(out).toStdString());
        const std::string file = lab["signals"][0]["file"].get<std::string>();
        if (out.endsWith("beside.lab.json"))
            QCOMPARE(file, std::string("apply.csv"));
        else
            QCOMPARE(file, std::string(out.endsWith("v-top.lab.json") ? "study/in/apply.csv" : "../../study/in/apply.csv"));
    }
}

// a resume after the lab (or the file it reads) was edited would mix two models in one table:
// refused, the table left as it was; an edit that every variant overrides changes no row's model
void TestSweepCli::resumeRefusesRowsOfAnotherModel_data()
{
    QTest::addColumn<bool>("json");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<bool>("refused");
    QTest::addColumn<bool>("journal"); // the kept rows in RESULTS.partial (a killed run), not RESULTS
    const QString lab = "csv-apply.lab.json";
    for (bool json : {false, true}) {
        const QString f = json ? " (json)" : " (csv)";
        // name, file, from, to, refused, journal
        const QList<std::tuple<QString, QString, QString, QString, bool, bool>> edits = {
            {"engine inertia", lab, "\"inertia\": 0.2", "\"inertia\": 0.25", true, false},
            {"engine inertia, journal", lab, "\"inertia\": 0.2", "\"inertia\": 0.25", true, true},
            {"csv trace", "apply.csv", "0.05,0.5", "0.05,0.6", true, false},
            {"run duration", lab, "500000000", "400000000", true, false},
            {"a value a factor sets", lab, "\"inertia\": 0.8", "\"inertia\": 0.9", false, false},
            {"layout only", lab, "\"events\": []", "\"events\": [], \"layout\": {}", false, false},
            {"layout only, journal", lab, "\"events\": []", "\"events\": [], \"layout\": {}", false, true}};
        for (const auto& [name, file, from, to, refused, journal] : edits)
            QTest::newRow(qPrintable(name + f)) << json << file << from << to << refused << journal;
    }
}

void TestSweepCli::resumeRefusesRowsOfAnotherModel()
{
    QFETCH(bool, json);
    QFETCH(QString, file);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(bool, refused);
    QFETCH(bool, journal);
    const QString dir = m_dir.filePath(QString("edit-%1").arg(QTest::currentDataTag()).replace(' ', '-'));
    QVERIFY(QDir().mkpath(dir));
    for (const char* f : {"csv-apply.sweep.json", "csv-apply.lab.json", "apply.csv"})
        QVERIFY(QFile::copy(kFixtures + "/" + f, dir + "/" + f));
    const QString sweep = dir + "/csv-apply.sweep.json", table = dir + (json ? "/rows.json" : "/rows.csv");
    QStringList args{"sweep", sweep, "--output", table, "--jobs", "1"};
    if (json) args << "--json";
    QCOMPARE(cli(args).exit, 0);
    // keep rows 0 and 2 only, as a stopped run would
    QList<QByteArray> lines = bytes(table).split('\n');
    const QByteArray whole = bytes(table);
    QByteArray kept = json ? lines.mid(0, 3).join('\n') + "\n" + lines[3] + "\n" + lines[5].chopped(1) + "\n]}\n"
                           : lines[0] + "\n" + lines[1] + "\n" + lines[3] + "\n";
    const QString keptIn = journal ? table + ".partial" : table;
    if (journal) QVERIFY(QFile::remove(table));
    {
        QFile t(keptIn);
        QVERIFY(t.open(QIODevice::WriteOnly));
        t.write(kept);
    }
    // edit the lab or its csv file
    QByteArray text = bytes(dir + "/" + file);
    QVERIFY2(text.count(from.toUtf8()) == 1, qPrintable(from));
    text.replace(from.toUtf8(), to.toUtf8());
    {
        QFile e(dir + "/" + file);
        QVERIFY(e.open(QIODevice::WriteOnly));
        e.write(text);
    }
    const CliResult r = cli(args + QStringList{"--resume"});
    if (refused) {
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains("cannot resume: row 0 was computed for model fingerprint") && r.err.contains("changed since"),
                 qPrintable(r.err));
        QCOMPARE(bytes(keptIn), kept);
        QVERIFY(!QFile::exists(journal ? table : table + ".partial"));
    } else {
        QVERIFY2(r.exit == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains("(2 run now"), qPrintable(r.out));
        QCOMPARE(bytes(table), whole);
    }
}

void TestSweepCli::outputNotRegularFile_data()
{
    QTest::addColumn<QString>("output");
    QTest::addColumn<bool>("resume");
    const QString fifo = m_dir.filePath("results.fifo");
    QVERIFY(::mkfifo(fifo.toLocal8Bit().constData(), 0600) == 0);
    QTest::newRow("fifo") << fifo << false;
    QTest::newRow("fifo --resume") << fifo << true;
    QTest::newRow("/dev/null") << QStringLiteral("/dev/null") << false;
}

// the final write refuses a device or FIFO (docs/FORMATS.md "Outputs"), so the sweep refuses it
// before it runs anything and leaves no journal RESULTS.partial beside it (none in /dev either)
void TestSweepCli::outputNotRegularFile()
{
    QFETCH(QString, output);
    QFETCH(bool, resume);
    const QString journal = output + ".partial";
    QVERIFY2(!QFile::exists(journal), qPrintable(journal + " exists before the test; remove it"));
    QStringList args{"sweep", kFixtures + "/capacity.sweep.json", "--output", output, "--jobs", "1"};
    if (resume) args << "--resume";
    const CliResult r = cli(args);
    const bool left = QFile::exists(journal);
    if (left) QFile::remove(journal);
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.contains("is not a regular file (a FIFO, a device or a socket)"), qPrintable(r.err));
    QVERIFY2(r.out.isEmpty(), qPrintable(r.out)); // no variant ran
    QVERIFY2(!left, qPrintable(journal + " was written"));
}

QTEST_GUILESS_MAIN(TestSweepCli)
#include "tst_sweepcli.moc"
