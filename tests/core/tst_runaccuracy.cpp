// run.accuracy (issue 37, target 5; docs/FORMATS.md run.accuracy): the relative tolerance a lab asks
// for is stored exactly as written, written back byte for byte, refused visibly (naming
// run.accuracy) when it is not a number from 1e-12 to 0.5, and honoured by `drivelab-cli run` the
// way `--accuracy` is (the saved tolerance is the model's, as a Simulink or Dymola tolerance is).
// The accuracy search can be cancelled between and within its runs (the editor's Cancel).
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <atomic>

#include "clitestutil.h"
#include "compile/compiler.h"
#include "io/labfile.h"
#include "spec/labreader.h"
#include "spec/labwriter.h"
#include "study/accuracy.h"

using namespace drivelab;
using namespace drivelab::test;

class TestRunAccuracy : public QObject {
    Q_OBJECT
private slots:
    void readAndWrittenExactly();
    void refusedNamingTheField_data();
    void refusedNamingTheField();
    void theCommandLineRunsTheSavedAccuracy();
    void theSearchCanBeCancelled();
};

namespace {

const std::string kLab = DRIVELAB_SOURCE_DIR "/labs/tyre-spin.lab.json";

std::string labText()
{
    QFile f(QString::fromStdString(kLab));
    if (!f.open(QIODevice::ReadOnly)) qFatal("cannot read %s", kLab.c_str());
    return f.readAll().toStdString();
}

/// the shipped lab with `"accuracy": VALUE` added to its run object
std::string withAccuracy(const std::string& value)
{
    return replaceOnce(labText(), "\"tick_ns\"", "\"accuracy\": " + value + ", \"tick_ns\"");
}

} // namespace

void TestRunAccuracy::readAndWrittenExactly()
{
    for (const char* value : {"1e-06", "2.5e-07", "1e-12", "0.5", "0.001"}) {
        const LabReadResult r = readLab(withAccuracy(value));
        QVERIFY2(r.lab && !r.diagnostics.hasErrors(), value);
        QCOMPARE(r.lab->run.accuracy, std::strtod(value, nullptr));
        // written and read back: the same value and the same bytes
        const std::string once = writeLab(*r.lab);
        QVERIFY2(once.find("\"accuracy\"") != std::string::npos, once.c_str());
        const LabReadResult again = readLab(once);
        QVERIFY(again.lab);
        QCOMPARE(again.lab->run.accuracy, r.lab->run.accuracy);
        QCOMPARE(writeLab(*again.lab), once);
    }
    // absent: nothing written (a lab without it keeps its bytes)
    const LabReadResult plain = readLab(labText());
    QVERIFY(plain.lab);
    QCOMPARE(plain.lab->run.accuracy, 0.0);
    QVERIFY(writeLab(*plain.lab).find("accuracy") == std::string::npos);
    // the model does not depend on it: the same fingerprint with and without
    const LoadedLab a = loadLab(kLab);
    LabSpec s = *a.spec;
    s.run.accuracy = 1e-6;
    QCOMPARE(compile(s).model->fingerprint, a.model->fingerprint);
}

void TestRunAccuracy::refusedNamingTheField_data()
{
    QTest::addColumn<QString>("value");
    QTest::newRow("negative") << "-1e-6";
    QTest::newRow("zero") << "0";
    QTest::newRow("too small") << "1e-13";
    QTest::newRow("too large") << "0.6";
    QTest::newRow("text") << "\"1e-6\"";
    QTest::newRow("bool") << "true";
    QTest::newRow("null") << "null";
}

void TestRunAccuracy::refusedNamingTheField()
{
    QFETCH(QString, value);
    const LabReadResult r = readLab(withAccuracy(value.toStdString()));
    QVERIFY(r.diagnostics.hasErrors());
    bool named = false;
    for (const Diagnostic& d : r.diagnostics.items())
        named = named || (d.field == "run.accuracy" && d.message.find("must be a relative tolerance from 1e-12 to 0.5") != std::string::npos);
    QVERIFY2(named, qPrintable(value));
    // the command line says the same and runs nothing
    QTemporaryDir dir;
    const QString path = writeTestFile(dir, "bad.lab.json", withAccuracy(value.toStdString()));
    const CliResult c = runCli(QStringLiteral(DRIVELAB_CLI), {"run", path}, 60000);
    QCOMPARE(c.exit, 2);
    QVERIFY2(c.err.contains("run.accuracy: must be a relative tolerance from 1e-12 to 0.5"), qPrintable(c.err));
}

void TestRunAccuracy::theCommandLineRunsTheSavedAccuracy()
{
    // tyre-spin at 1e-6: its own tick (1 ms, midpoint) estimates about 3e-5, so the search chooses
    QTemporaryDir dir;
    const QString saved = writeTestFile(dir, "acc.lab.json", withAccuracy("1e-06"));
    const QString cli = QStringLiteral(DRIVELAB_CLI);
    const CliResult fromLab = runCli(cli, {"run", saved}, 300000);
    const CliResult fromFlag = runCli(cli, {"run", QString::fromStdString(kLab), "--accuracy", "1e-6"}, 300000);
    QCOMPARE(fromLab.exit, 0);
    QCOMPARE(fromFlag.exit, 0);
    const qsizetype at = fromFlag.out.indexOf("  chosen: ");
    QVERIFY2(at >= 0, qPrintable(fromFlag.out));
    const QString chosen = fromFlag.out.mid(at, fromFlag.out.indexOf('\n', at) - at);
    QVERIFY2(fromLab.out.contains(chosen), qPrintable(fromLab.out));
    QVERIFY2(!chosen.contains("tick 1000000 ns"), qPrintable(chosen));
    // the same run: the final state line (ticks, tick, fingerprint and state hash) matches
    const auto finalLine = [](const QString& out) {
        const qsizetype i = out.indexOf("lab '");
        return out.mid(i, out.indexOf('\n', i) - i);
    };
    QCOMPARE(finalLine(fromLab.out), finalLine(fromFlag.out));
    // --method runs the lab's own tick with that method instead
    const CliResult method = runCli(cli, {"run", saved, "--method", "midpoint"}, 300000);
    QCOMPARE(method.exit, 0);
    QVERIFY2(!method.out.contains("chosen:") && method.out.contains("ticks of 1000000 ns"), qPrintable(method.out));
}

void TestRunAccuracy::theSearchCanBeCancelled()
{
    const LoadedLab lab = loadLab(kLab);
    QVERIFY(lab.model);
    // raised from the start: nothing runs, nothing is chosen
    std::atomic<bool> cancel{true};
    int calls = 0;
    const study::AccuracyChoice none = study::chooseMethodAndTick(*lab.spec, 1e-6, 6, [&](int, int) { ++calls; }, &cancel);
    QVERIFY(none.cancelled);
    QCOMPARE(none.chosen, -1);
    QCOMPARE(calls, 0);
    // raised after the first run: the search stops there
    cancel.store(false);
    int last = 0, total = 0;
    const study::AccuracyChoice stopped = study::chooseMethodAndTick(
        *lab.spec, 1e-6, 6,
        [&](int done, int all) {
            last = done;
            total = all;
            cancel.store(true);
        },
        &cancel);
    QVERIFY(stopped.cancelled);
    QCOMPARE(stopped.chosen, -1);
    QCOMPARE(last, 1);
    QCOMPARE(total, 3 * (6 + 3));
    // not raised: progress reaches its total and the choice is the plain search's
    cancel.store(false);
    const study::AccuracyChoice full = study::chooseMethodAndTick(*lab.spec, 1e-6, 6, [&](int done, int) { last = done; }, &cancel);
    const study::AccuracyChoice plain = study::chooseMethodAndTick(*lab.spec, 1e-6, 6);
    QVERIFY(!full.cancelled);
    QCOMPARE(last, total);
    QCOMPARE(full.chosen, plain.chosen);
    QVERIFY(full.chosen >= 0);
    QCOMPARE(full.methods[full.chosen].tickNs, plain.methods[plain.chosen].tickNs);
}

QTEST_MAIN(TestRunAccuracy)
#include "tst_runaccuracy.moc"
