// Every lab in labs/ compiles without diagnostics, runs, balances its energy books, and
// reproduces its pinned fingerprint and final state hash (same lab, same binary, same
// bits; a change here must be a deliberate, documented fix).
#include "labpins.h"
#include "testutil.h"

#include "util/hash.h"

using namespace drivelab;
using namespace drivelab::test;

class TestLabs : public QObject {
    Q_OBJECT
private slots:
    void everyLabIsPinned();
    void runs_data();
    void runs();
    void pauseResumeMatchesUninterrupted();
    void normalizedLabRecompiles();
    void converterLaunchIsPlausible();
};

namespace {
// the pin table is shared with the Qt-free tests (tests/labpins.h)
using Pin = LabPin;
constexpr const auto& kPins = kLabPins;
} // namespace

void TestLabs::everyLabIsPinned()
{
    const QDir labs(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs"));
    const auto files = labs.entryList({"*.lab.json"});
    QCOMPARE(static_cast<std::size_t>(files.size()), std::size(kPins));
    for (const Pin& p : kPins) QVERIFY2(files.contains(p.file), p.file);
}

void TestLabs::runs_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("fingerprint");
    QTest::addColumn<QString>("finalHash");
    for (const Pin& p : kPins) QTest::newRow(p.file) << p.file << p.fingerprint << p.finalHash;
}

void TestLabs::runs()
{
    QFETCH(QString, file);
    QFETCH(QString, fingerprint);
    QFETCH(QString, finalHash);
    const auto loaded = loadLab((QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/") + file).toStdString());
    QVERIFY2(loaded.model, qPrintable(describe(loaded.diagnostics)));
    QVERIFY2(loaded.diagnostics.empty(), qPrintable(describe(loaded.diagnostics)));
    QCOMPARE(QString::fromStdString(toHex16(loaded.model->fingerprint)), fingerprint);
    DL_SIMULATE(tr, loaded.model);
    QCOMPARE(QString::fromStdString(toHex16(tr.finalHash)), finalHash);
    DL_ENERGY_BALANCED(tr);
}

// running in uneven batches (pause/resume) gives the same bits as one uninterrupted run
void TestLabs::pauseResumeMatchesUninterrupted()
{
    for (const Pin& p : kPins) {
        const auto loaded = loadLab(std::string(DRIVELAB_SOURCE_DIR "/labs/") + p.file);
        QVERIFY(loaded.model);
        Session s(loaded.model);
        std::int64_t n = 1;
        while (!s.finished()) {
            QVERIFY(s.run(n).status == BatchStatus::Completed);
            n = n * 3 % 1013 + 1;
        }
        QCOMPARE(QString::fromStdString(toHex16(s.stateHash())), QString(p.finalHash));
    }
}

// the normalized lab (what assets carry) is itself a valid lab with the same fingerprint
void TestLabs::normalizedLabRecompiles()
{
    for (const Pin& p : kPins) {
        const auto loaded = loadLab(std::string(DRIVELAB_SOURCE_DIR "/labs/") + p.file);
        QVERIFY(loaded.model);
        const LabSpec normal = normalizedSpec(*loaded.model);
        const auto again = compile(normal);
        QVERIFY2(again.model, qPrintable(QString(p.file) + "\n" + describe(again.diagnostics)));
        QCOMPARE(toHex16(again.model->fingerprint), toHex16(loaded.model->fingerprint));
    }
}

// the default lab behaves like a converter launch: stall torque ratio near 2 at launch,
// the speed ratio climbs towards coupling, the lockup clutch locks after its event
void TestLabs::converterLaunchIsPlausible()
{
    const auto loaded = loadLab(DRIVELAB_SOURCE_DIR "/labs/converter-launch.lab.json");
    QVERIFY(loaded.model);
    DL_SIMULATE(tr, loaded.model);
    double maxRatio = 0.0;
    bool locked = false;
    for (std::size_t i = 1; i < tr.rows.size(); ++i) {
        const double tp = tr.at(i, "tc", "torque"), tt = tr.at(i, "tc", "torque_at_b");
        if (tp < -10.0) maxRatio = std::max(maxRatio, -tt / tp);
        if (tr.times[i] < 3.0) QCOMPARE(tr.at(i, "lockup", "locked"), 0.0);
        locked = locked || tr.at(i, "lockup", "locked") != 0.0;
    }
    QVERIFY2(maxRatio > 1.7 && maxRatio <= 2.0, qPrintable(QString::number(maxRatio)));
    QVERIFY(locked);
    const std::size_t last = tr.rows.size() - 1;
    QVERIFY(tr.at(last, "wheels", "speed") > 20.0);
    QVERIFY(tr.at(last, "oil", "temperature") > 353.15);
}

QTEST_GUILESS_MAIN(TestLabs)
#include "tst_labs.moc"
