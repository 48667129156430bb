// Command-line care (issue 14): diagnostics always well-formed (one escaped line each,
// valid JSON from --json whatever the input), temporary files never left behind (signals,
// stale files), and the command line itself: an output that is an input, repeated
// options, symbolic links, standard input, FIFOs.
#include "clitestutil.h"
#include "testutil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>

#include <csignal>
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <utime.h>

#include "util/textescape.h"

using namespace drivelab;
using namespace drivelab::test;

class TestCliCare : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void printableText();
    void hostileIdsAreRefusedAndEscaped();
    void jsonAlwaysValid_data();
    void jsonAlwaysValid();
    void killDuringWriteLeavesNoTemp_data();
    void killDuringWriteLeavesNoTemp();
    void staleTempFilesRemoved();
    void outputThatIsAnInputRefused();
    void repeatedOptionsRefused();
    void symlinkedOutputWrittenThrough();
    void standardInputAndFifos();

private:
    QTemporaryDir m_dir;
    QString m_lab; // a small valid lab
    CliResult cli(const QStringList& args) { return runCli(QStringLiteral(DRIVELAB_CLI), args, 60000); }
    QString write(const QString& name, const std::string& text) { return writeTestFile(m_dir, name, text); }
    QStringList temps() const { return QDir(m_dir.path()).entryList({"*.tmp-*"}, QDir::Files | QDir::Hidden | QDir::System); }
};

void TestCliCare::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_lab = write("small.lab.json", lab(runSettings(1000000, 100000000, 10), "[" + rot("a", 1, 10) + "]",
                                        R"([{"id": "d", "type": "damper", "node_a": "a", "parameters": {"damping": 0.5}}])"));
}

void TestCliCare::printableText()
{
    QCOMPARE(drivelab::printableText("ok-ß€😀"), std::string("ok-ß€😀"));
    QCOMPARE(drivelab::printableText("a\nb\x1b[31m"), std::string("a\\x0ab\\x1b[31m"));
    QCOMPARE(drivelab::printableText(std::string("x\0y", 3)), std::string("x\\x00y"));
    QCOMPARE(drivelab::printableText("\xff\xc3"), std::string("\\xff\\xc3"));          // invalid, truncated
    QCOMPARE(drivelab::printableText("\xc2\x85"), std::string("\\xc2\\x85"));          // C1 control NEL
    QCOMPARE(drivelab::printableText("\xed\xa0\x80"), std::string("\\xed\\xa0\\x80")); // a surrogate
    QCOMPARE(drivelab::printableText("\xc0\xaf"), std::string("\\xc0\\xaf"));          // overlong
    QVERIFY(isPrintableText("plain"));
    QVERIFY(!isPrintableText("a\tb"));
}

// ids with a newline, an ESC code, NUL, ": " are refused (exit 2) by the reader, and the
// echo is one line per problem with every control character written as \xNN
void TestCliCare::hostileIdsAreRefusedAndEscaped()
{
    const QString path =
        write("hostile.lab.json", lab(runSettings(1000000, 100000000, 10),
                                      R"([{"id": "a\u001b[31mX\nb", "domain": "rotational", "inertia": 1, "initial_speed": 0},
                                       {"id": "ok", "domain": "rotational", "inertia": 1, "initial_speed": 0}])",
                                      R"([{"id": "c: d", "type": "damper", "node_a": "ok", "parameters": {"damping": 1}},
                                       {"id": "e", "type": "damper", "node_a": "q\u0000\u0085", "parameters": {"damping": 1}},
                                       {"id": "toolong_toolong_toolong_toolong_toolong_toolong_toolong_toolong_x", "type": "damper",
                                        "node_a": "ok", "parameters": {"damping": 1}}])"));
    for (const char* cmd : {"check", "run", "export", "causality"}) {
        QStringList args{cmd, path};
        if (std::string(cmd) == "export") args << "--output" << m_dir.filePath("x.dlasset.json");
        const QProcess::ProcessChannelMode mode = QProcess::SeparateChannels;
        Q_UNUSED(mode);
        QProcess p;
        p.start(QStringLiteral(DRIVELAB_CLI), args);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 2);
        const QByteArray err = p.readAllStandardError() + p.readAllStandardOutput();
        for (char c : err) QVERIFY2(c == '\n' || (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f), err.constData());
        QVERIFY2(isPrintableText(err.toStdString().substr(0, err.indexOf('\n'))), err.constData());
        for (const QByteArray& line : err.split('\n')) {
            if (line.isEmpty() || !line.startsWith(path.toUtf8())) continue;
            QVERIFY2(line.count(": ") >= 3, line.constData()); // FILE: SUBJECT: FIELD: message
        }
        QVERIFY2(err.contains(path.toUtf8() + ": nodes[0]: id: 'a\\x1b[31mX\\x0ab' is not a valid id"), err.constData());
        QVERIFY2(err.contains(path.toUtf8() + ": components[0]: id: 'c: d' is not a valid id"), err.constData());
        QVERIFY2(err.contains(path.toUtf8() + ": components[2]: id: "), err.constData());
    }
}

void TestCliCare::jsonAlwaysValid_data()
{
    QTest::addColumn<QByteArray>("content"); // empty: the file does not exist
    QTest::newRow("missing") << QByteArray();
    QTest::newRow("malformed") << QByteArray("{\"format\": \"drivelab.lab\", ");
    QTest::newRow("raw 0xff") << QByteArray("{\"format\": \"drivelab.lab\", \"version\": 1, \"name\": \"\xff\xfe\"}");
    QTest::newRow("not an object") << QByteArray("[1, 2]");
    QTest::newRow("control ids") << QByteArray(R"({"format": "drivelab.lab", "version": 1, "run": {"tick_ns": 1000, "duration_ns": 1000,
        "report_every_ticks": 1}, "nodes": [{"id": "\u0001\u001b", "domain": "rotational", "inertia": 1, "initial_speed": 0}],
        "components": [{"id": "x", "type": "damper", "node_a": "\u0000", "parameters": {"damping": 1}}], "events": [{"component": "\n",
        "input": "\u0007", "time_ns": 0, "value": 1}]})");
    QTest::newRow("unknown key with bad bytes") << QByteArray("{\"format\": \"drivelab.lab\", \"version\": 1, \"\\u001bkey\": 1}");
}

// check --json and causality --json print one valid JSON document, whatever the input
void TestCliCare::jsonAlwaysValid()
{
    QFETCH(QByteArray, content);
    const QString path = m_dir.filePath(QString("json-%1.lab.json").arg(QTest::currentDataTag()).replace(' ', '_'));
    if (!content.isEmpty()) write(QFileInfo(path).fileName(), content.toStdString());
    for (const char* cmd : {"check", "causality"}) {
        const CliResult r = cli({cmd, path, "--json"});
        QCOMPARE(r.exit, 2);
        QProcess p;
        p.start(QStringLiteral(DRIVELAB_CLI), {cmd, path, "--json"});
        QVERIFY(p.waitForFinished(60000));
        const std::string out = p.readAllStandardOutput().toStdString();
        QVERIFY2(isPrintableText(out.substr(0, 0)) && Json::accept(out), out.c_str());
        const Json j = Json::parse(out);
        QVERIFY2(j.contains("diagnostics") && !j["diagnostics"].empty(), out.c_str());
        if (std::string(cmd) == "causality") {
            QCOMPARE(j["lab_valid"].get<bool>(), false);
            QCOMPARE(j["consistent"].get<bool>(), false);
        }
    }
}

void TestCliCare::killDuringWriteLeavesNoTemp_data()
{
    QTest::addColumn<int>("signal");
    QTest::newRow("SIGINT") << int(SIGINT);
    QTest::newRow("SIGTERM") << int(SIGTERM);
    QTest::newRow("SIGHUP") << int(SIGHUP);
}

// a long `run --output` killed while it writes: the process dies of the signal, the
// temporary file is gone, and the previous report is intact
void TestCliCare::killDuringWriteLeavesNoTemp()
{
    QFETCH(int, signal);
    const QString path = write("long.lab.json", lab(runSettings(1000, 1000000000, 1), "[" + rot("s", 1, 10) + "]",
                                                    R"([{"id": "d", "type": "damper", "node_a": "s", "parameters": {"damping": 0.1}}])"));
    const QString out = write("long.report.json", "previous report");
    for (int round = 0; round < 3; ++round) {
        QProcess p;
        p.start(QStringLiteral(DRIVELAB_CLI), {"run", path, "--output", out, "--quiet"});
        QVERIFY(p.waitForStarted());
        // wait until the temporary file exists and has grown
        QElapsedTimer t;
        t.start();
        while (t.elapsed() < 20000) {
            const QStringList tmp = temps();
            if (!tmp.isEmpty() && QFileInfo(m_dir.filePath(tmp.front())).size() > (1 << 20) * (round + 1)) break;
            QThread::msleep(5);
        }
        QCOMPARE(temps().size(), 1);
        ::kill(static_cast<pid_t>(p.processId()), signal);
        QVERIFY(p.waitForFinished(20000));
        QCOMPARE(p.exitStatus(), QProcess::CrashExit); // died of the signal, re-raised
        QVERIFY2(temps().isEmpty(), qPrintable(temps().join(' ')));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("previous report"));
    }
}

// temporary files of our naming for the same target whose writer is gone are removed at
// the next write; another target's, a foreign name, and a file a living writer holds stay
void TestCliCare::staleTempFilesRemoved()
{
    const QString out = m_dir.filePath("stale.report.json");
    const QString stale1 = write("stale.report.json.tmp-AbC123", std::string(1000, 'x'));
    const QString stale2 = write("stale.report.json.tmp-zzzzzz", "");
    ::utime(stale2.toUtf8().constData(), nullptr);
    struct utimbuf old {
        1000000000, 1000000000
    };
    ::utime(stale2.toUtf8().constData(), &old); // an empty one, old
    const QString other = write("other.report.json.tmp-AbC123", "x");
    const QString foreign = write("stale.report.json.tmp-toolong1", "x");
    const QString held = write("stale.report.json.tmp-HeLd00", "x");
    const int fd = ::open(held.toUtf8().constData(), O_RDONLY);
    QVERIFY(fd >= 0);
    QCOMPARE(::flock(fd, LOCK_EX | LOCK_NB), 0); // a living writer
    const CliResult r = cli({"run", m_lab, "--output", out, "--quiet"});
    QCOMPARE(r.exit, 0);
    QVERIFY(QFile::exists(out));
    QVERIFY(!QFile::exists(stale1));
    QVERIFY(!QFile::exists(stale2));
    QVERIFY(QFile::exists(other));
    QVERIFY(QFile::exists(foreign));
    QVERIFY(QFile::exists(held));
    ::close(fd);
    // export cleans the same way
    const QString asset = m_dir.filePath("stale.dlasset.json");
    const QString stale3 = write("stale.dlasset.json.tmp-Q1w2E3", "partial");
    QCOMPARE(cli({"export", m_lab, "--output", asset, "--quiet"}).exit, 0);
    QVERIFY(!QFile::exists(stale3));
    for (const QString& f : {other, foreign, held}) QFile::remove(f);
}

// `run LAB --output LAB` (also through a symbolic or a hard link) would destroy the lab
void TestCliCare::outputThatIsAnInputRefused()
{
    const QString copy = m_dir.filePath("victim.lab.json");
    QFile::remove(copy);
    QVERIFY(QFile::copy(m_lab, copy));
    const QByteArray before = [&] {
        QFile f(copy);
        f.open(QIODevice::ReadOnly);
        return f.readAll();
    }();
    const QString sym = m_dir.filePath("victim-link.json");
    const QString hard = m_dir.filePath("victim-hard.json");
    QFile::remove(sym);
    QFile::remove(hard);
    QVERIFY(QFile::link(copy, sym));
    QCOMPARE(::link(copy.toUtf8().constData(), hard.toUtf8().constData()), 0);
    for (const char* cmd : {"run", "export"}) {
        for (const QString& out : {copy, sym, hard, m_dir.path() + "/./victim.lab.json"}) {
            const CliResult r = cli({cmd, copy, "--output", out});
            QCOMPARE(r.exit, 2);
            QVERIFY2(r.err.contains("--output: is the input file"), qPrintable(r.err));
        }
    }
    QFile f(copy);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QCOMPARE(f.readAll(), before);
}

void TestCliCare::repeatedOptionsRefused()
{
    const QString out = m_dir.filePath("twice.json");
    const QList<QStringList> calls = {{"run", m_lab, "--output", out, "--output", out + "2"},
                                      {"run", m_lab, "--quiet", "--quiet"},
                                      {"run", m_lab, "--allow-unbalanced", "--allow-unbalanced"},
                                      {"check", m_lab, "--json", "--json"},
                                      {"causality", m_lab, "--json", "--json"},
                                      {"bench", m_lab, "--repeat", "1", "--repeat", "2"},
                                      {"export", m_lab, "--output", out, "--output", out},
                                      {"verify", out, "--quiet", "--quiet"}};
    for (const QStringList& args : calls) {
        const CliResult r = cli(args);
        QVERIFY2(r.exit == 2, qPrintable(args.join(' ')));
        QVERIFY2(r.err.contains("given twice"), qPrintable(r.err));
    }
    QVERIFY(!QFile::exists(out));
    QVERIFY(!QFile::exists(out + "2"));
}

// a symbolic link as the output is written through: its target gets the report, the link
// stays a link; a dangling link, a directory and a FIFO are refused
void TestCliCare::symlinkedOutputWrittenThrough()
{
    const QString target = write("target.report.json", "old");
    const QString link = m_dir.filePath("link.report.json");
    QFile::remove(link);
    QVERIFY(QFile::link(target, link));
    QCOMPARE(cli({"run", m_lab, "--output", link, "--quiet"}).exit, 0);
    QVERIFY(QFileInfo(link).isSymLink());
    QFile f(target);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QVERIFY(f.readAll().startsWith("{\n  \"format\": \"drivelab.report\""));
    const QString dangling = m_dir.filePath("dangling.json");
    QFile::remove(dangling);
    QVERIFY(QFile::link(m_dir.filePath("nowhere/none.json"), dangling));
    CliResult r = cli({"run", m_lab, "--output", dangling});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.contains("symbolic link whose target cannot be resolved"), qPrintable(r.err));
    r = cli({"run", m_lab, "--output", m_dir.path()});
    QCOMPARE(r.exit, 2);
    const QString fifo = m_dir.filePath("out.fifo");
    QCOMPARE(::mkfifo(fifo.toUtf8().constData(), 0600), 0);
    r = cli({"export", m_lab, "--output", fifo});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.contains("is not a regular file"), qPrintable(r.err));
    QVERIFY(temps().isEmpty());
}

// `-` reads the lab from standard input; a FIFO without a writer is refused at once
void TestCliCare::standardInputAndFifos()
{
    QFile f(m_lab);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    for (const char* cmd : {"run", "check", "causality"}) {
        QProcess p;
        p.start(QStringLiteral(DRIVELAB_CLI), {cmd, "-"});
        QVERIFY(p.waitForStarted());
        p.write(text);
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    }
    const QString fifo = m_dir.filePath("in.fifo");
    QCOMPARE(::mkfifo(fifo.toUtf8().constData(), 0600), 0);
    for (const char* cmd : {"run", "check", "causality", "export", "verify", "bench"}) {
        QStringList args{cmd, fifo};
        if (std::string(cmd) == "export") args << "--output" << m_dir.filePath("fifo.dlasset.json");
        QElapsedTimer t;
        t.start();
        const CliResult r = runCli(QStringLiteral(DRIVELAB_CLI), args, 10000);
        QVERIFY2(r.exit == 2, cmd); // -1: it blocked
        QVERIFY2(r.err.contains("is not a regular file"), qPrintable(r.err));
        QVERIFY(t.elapsed() < 10000);
    }
}

QTEST_GUILESS_MAIN(TestCliCare)
#include "tst_clicare.moc"
