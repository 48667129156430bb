// No command writes over a file it read (issue 33, item 6). Every command that writes a file
// (run, export, sweep, sweep --json, sweep --resume, sweep --variant) refuses an --output that
// reaches a file it read:
//
//   inputs:   the sweep  -> its lab -> the csv file the lab's signal reads (apply.csv)
//   reached:  as given | DIR/./F | DIR/sub/../F | a symbolic link to F | a hard link to F
//   and the sweep's journal RESULTS.partial when it reaches one of them
//
// Each refusal: exit 2, `OUTPUT: -: --output: is the input file F ...`, and every input keeps
// its bytes. The files are compared by device and inode (util/readlog.h), not by name.
#include "clitestutil.h"
#include "testutil.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace drivelab;
using namespace drivelab::test;

class TestCliOutputs : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void outputThatReachesAnInputRefused_data();
    void outputThatReachesAnInputRefused();
    void journalThatReachesAnInputRefused();
    void standardInputThatIsTheOutputRefused();
    void otherOutputsStillWritten();

private:
    QTemporaryDir m_dir;
    QString m_in;                      // the folder with the sweep, the lab and the csv file
    QMap<QString, QByteArray> m_bytes; // each input's bytes
    CliResult cli(const QStringList& args) { return runCli(QStringLiteral(DRIVELAB_CLI), args, 60000); }
    QString input(const QString& which) const { return m_in + "/" + which; }
    void checkInputsIntact();
};

namespace {
const QString kFixtures = QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/fixtures/sweeps");
const QStringList kInputs = {"csv-apply.sweep.json", "csv-apply.lab.json", "apply.csv"};

QByteArray bytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}
} // namespace

void TestCliOutputs::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_in = m_dir.filePath("in");
}

// every test (and every row) starts from fresh inputs: a failure cannot spill into the next
void TestCliOutputs::init()
{
    QVERIFY(QDir(m_in).removeRecursively());
    QVERIFY(QDir().mkpath(m_in + "/sub"));
    for (const QString& f : kInputs) {
        QFile::remove(m_dir.filePath("sym-" + f));
        QFile::remove(m_dir.filePath("hard-" + f));
        QVERIFY(QFile::copy(kFixtures + "/" + f, input(f)));
        m_bytes[f] = bytes(input(f));
        // the other ways to reach it
        QVERIFY(QFile::link(input(f), m_dir.filePath("sym-" + f)));
        QCOMPARE(::link(input(f).toUtf8().constData(), m_dir.filePath("hard-" + f).toUtf8().constData()), 0);
    }
}

void TestCliOutputs::checkInputsIntact()
{
    for (const QString& f : kInputs) QVERIFY2(bytes(input(f)) == m_bytes[f], qPrintable(f + " was changed"));
    QVERIFY(QDir(m_in).entryList({"*.tmp-*"}, QDir::Files | QDir::Hidden).isEmpty());
}

void TestCliOutputs::outputThatReachesAnInputRefused_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("input");
    const QString sweep = input("csv-apply.sweep.json"), lab = input("csv-apply.lab.json");
    // each command that writes, with the inputs it reads
    const QList<QPair<QStringList, QStringList>> commands = {
        {{"run", lab, "--quiet"}, {"csv-apply.lab.json", "apply.csv"}},
        {{"export", lab, "--quiet"}, {"csv-apply.lab.json", "apply.csv"}},
        {{"sweep", sweep, "--quiet"}, kInputs},
        {{"sweep", sweep, "--json", "--quiet"}, kInputs},
        {{"sweep", sweep, "--resume", "--quiet"}, kInputs},
        {{"sweep", sweep, "--variant", "0", "--quiet"}, kInputs},
    };
    for (const auto& [args, inputs] : commands) {
        for (const QString& f : inputs) {
            const QList<QPair<QString, QString>> ways = {{"as given", input(f)},
                                                         {"DIR/./F", m_in + "/./" + f},
                                                         {"DIR/sub/../F", m_in + "/sub/../" + f},
                                                         {"symbolic link", m_dir.filePath("sym-" + f)},
                                                         {"hard link", m_dir.filePath("hard-" + f)}};
            for (const auto& [how, path] : ways) {
                const QString name = args.mid(0, args.size() - 1).join(' ').replace(m_in + "/", "") + " --output " + f + " (" + how + ")";
                QTest::newRow(qPrintable(name)) << (args + QStringList{"--output", path}) << f;
            }
        }
    }
}

void TestCliOutputs::outputThatReachesAnInputRefused()
{
    QFETCH(QStringList, args);
    QFETCH(QString, input);
    const CliResult r = cli(args);
    QVERIFY2(r.exit == 2, qPrintable(QString::number(r.exit) + ": " + r.err));
    QVERIFY2(r.err.contains("--output: is the input file") && r.err.contains(input), qPrintable(r.err));
    checkInputsIntact();
}

// RESULTS.partial is written as the rows finish: it must not reach an input either
void TestCliOutputs::journalThatReachesAnInputRefused()
{
    const QString out = m_dir.filePath("table.csv");
    for (const QString& f : kInputs) {
        QFile::remove(out + ".partial");
        QVERIFY(QFile::link(input(f), out + ".partial"));
        const CliResult r = cli({"sweep", input("csv-apply.sweep.json"), "--output", out, "--quiet"});
        QCOMPARE(r.exit, 2);
        QVERIFY2(r.err.contains("--output's journal: is the input file") && r.err.contains(f), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
        checkInputsIntact();
    }
    QFile::remove(out + ".partial");
}

// `run - --output LAB < LAB`: standard input that is the output file is refused too
void TestCliOutputs::standardInputThatIsTheOutputRefused()
{
    for (const char* cmd : {"run", "export"}) {
        QProcess p;
        p.setStandardInputFile(input("csv-apply.lab.json"));
        p.setWorkingDirectory(m_in);
        p.start(QStringLiteral(DRIVELAB_CLI), {cmd, "-", "--output", "csv-apply.lab.json"});
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QCOMPARE(p.exitCode(), 2);
        QVERIFY2(err.contains("--output: is the input file - (standard input)"), qPrintable(err));
        checkInputsIntact();
    }
}

// the same commands with an output that is no input write it (the check refuses nothing else)
void TestCliOutputs::otherOutputsStillWritten()
{
    const QString sweep = input("csv-apply.sweep.json"), lab = input("csv-apply.lab.json");
    const QList<QStringList> calls = {{"run", lab, "--quiet", "--output", m_in + "/report.json"},
                                      {"export", lab, "--quiet", "--output", m_in + "/lab.dlasset.json"},
                                      {"sweep", sweep, "--quiet", "--output", m_in + "/table.csv"},
                                      {"sweep", sweep, "--quiet", "--output", m_in + "/table.csv", "--resume"},
                                      {"sweep", sweep, "--quiet", "--variant", "3", "--output", m_in + "/v3.lab.json"}};
    for (const QStringList& args : calls) {
        const CliResult r = cli(args);
        QVERIFY2(r.exit == 0, qPrintable(args.join(' ') + ": " + r.err));
        QVERIFY(QFile::exists(args.last() == "--resume" ? args[args.size() - 2] : args.last()));
    }
    checkInputsIntact();
}

QTEST_GUILESS_MAIN(TestCliOutputs)
#include "tst_clioutputs.moc"
