// The asset command line (LAB_FORMAT sections 4 and 6) on the real binary:
//
//   lab --export--> asset --verify--> exit 0 (every boundary and the final hash bit for bit)
//   lab --run--> report  ==  asset --run--> report   (byte for byte)
//
// What it proves: every lab exports, verifies and replays bit for bit, and running its
// asset writes the very report running the lab writes; exporting twice gives the same
// bytes; every fixture verifies and runs to its recorded boundaries; a replay difference,
// a flipped byte, a future version, bad usage, an invalid lab and a lab that fails all
// exit 2 with a FILE: ID: FIELD: message line and leave no file behind.
#include "clitestutil.h"
#include "assettestutil.h"
#include "fixturechanges.h"

#include <QProcess>
#include <QTemporaryDir>

using namespace drivelab;
using namespace drivelab::test;

class TestAssetCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void everyLab_data();
    void everyLab();
    void fixturesVerifyAndRun();
    void replayDifferenceNamed();
    void damagedAssetsRefused();
    void exportFailures();

private:
    QTemporaryDir m_dir;
    using Result = drivelab::test::CliResult;
    Result cli(const QStringList& args);
    QString write(const QString& name, const std::string& text);
    static QByteArray bytes(const QString& path);
};

TestAssetCli::Result TestAssetCli::cli(const QStringList& args)
{
    return drivelab::test::runCli(QStringLiteral(DRIVELAB_CLI), args, 120000);
}

QString TestAssetCli::write(const QString& name, const std::string& text) { return drivelab::test::writeTestFile(m_dir, name, text); }

QByteArray TestAssetCli::bytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void TestAssetCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QFileInfo(QStringLiteral(DRIVELAB_CLI)).isExecutable());
}

void TestAssetCli::everyLab_data()
{
    QTest::addColumn<QString>("lab");
    for (const std::string& p : labFiles())
        QTest::newRow(QFileInfo(QString::fromStdString(p)).fileName().toUtf8()) << QString::fromStdString(p);
}

void TestAssetCli::everyLab()
{
    QFETCH(QString, lab);
    const QString base = m_dir.filePath(QFileInfo(lab).baseName());
    const QString asset = base + ".dlasset.json", again = base + ".again.dlasset.json";
    Result r = cli({"export", lab, "--output", asset});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("asset version 2"), qPrintable(r.out));
    QCOMPARE(cli({"export", lab, "--output", again, "--quiet"}).exit, 0);
    QCOMPARE(bytes(again), bytes(asset));
    r = cli({"verify", asset});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    QVERIFY2(r.out.contains("reproduced bit for bit"), qPrintable(r.out));
    QVERIFY2(r.err.isEmpty(), qPrintable(r.err));
    const QString fromLab = base + ".lab.report.json", fromAsset = base + ".asset.report.json";
    QCOMPARE(cli({"run", lab, "--output", fromLab, "--quiet"}).exit, 0);
    r = cli({"run", asset, "--output", fromAsset, "--quiet"});
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    QVERIFY(bytes(fromLab).size() > 1000);
    QCOMPARE(bytes(fromAsset), bytes(fromLab));
}

// every fixture of every version: verify passes, and `run` reproduces its record
void TestAssetCli::fixturesVerifyAndRun()
{
    const QDir root(QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/fixtures/assets"));
    int count = 0;
    for (const QString& v : root.entryList({"v*"}, QDir::Dirs, QDir::Name)) {
        const QDir dir(root.filePath(v));
        for (const QString& f : dir.entryList({"*.dlasset.json"}, QDir::Files, QDir::Name)) {
            const QString path = dir.filePath(f);
            const FixtureChange* change = fixtureChange(path.toStdString());
            Result r = cli({"verify", path});
            if (change) {
                // a deliberate change of results: verify names the first differing boundary
                QVERIFY2(r.exit == 2, qPrintable(path + "\n" + r.err));
                QVERIFY2(r.err.contains(QString::fromUtf8(change->field.data(), static_cast<int>(change->field.size()))),
                         qPrintable(r.err));
            } else {
                QVERIFY2(r.exit == 0, qPrintable(path + "\n" + r.err));
            }
            const QString report = m_dir.filePath(v + "-" + f + ".report.json");
            r = cli({"run", path, "--output", report, "--quiet"});
            QVERIFY2(r.exit == 0, qPrintable(r.err));
            const Json rep = Json::parse(bytes(report).toStdString());
            const Json fix = Json::parse(bytes(path).toStdString());
            QCOMPARE(rep["model_fingerprint"], fix["model_fingerprint"]);
            if (change) {
                // the run reproduces the record up to the change
                for (std::int64_t i = 0; i < change->boundary; ++i)
                    QCOMPARE(canonicalJson(rep["boundaries"][static_cast<std::size_t>(i)]),
                             canonicalJson(fix["expected"]["boundaries"][static_cast<std::size_t>(i)]));
                ++count;
                continue;
            }
            QCOMPARE(rep["final_state_hash"], fix["expected"]["final_state_hash"]);
            QCOMPARE(rep["ticks"], fix["expected"]["ticks"]);
            QCOMPARE(canonicalJson(rep["boundaries"]), canonicalJson(fix["expected"]["boundaries"]));
            ++count;
        }
    }
    QVERIFY(count >= 3);
}

// a recorded value one ulp away: verify exits 2 naming the boundary and the field
void TestAssetCli::replayDifferenceNamed()
{
    Json doc = document(assetOfLabText(smallLabText()));
    auto& v = doc["expected"]["boundaries"][2]["nodes"]["turbine"]["speed"];
    v = std::nextafter(v.get<double>(), 1e300);
    const QString path = write("ulp.dlasset.json", resign(doc));
    const Result r = cli({"verify", path});
    QCOMPARE(r.exit, 2);
    // the small lab's lockup clutch never engages: its model warning may come first
    QVERIFY2(r.err.startsWith(path + ": -: expected.boundaries[2].nodes.turbine.speed: the replay differs: recorded ") ||
                 r.err.contains("\n" + path + ": -: expected.boundaries[2].nodes.turbine.speed: the replay differs: recorded "),
             qPrintable(r.err));
    QVERIFY2(r.err.contains("(boundary 2 of 4, tick 800"), qPrintable(r.err));
    QVERIFY(r.out.isEmpty());
}

// flipped bytes, future versions, labs given to verify, missing files: exit 2, one line
// per problem, and `run` of a damaged asset writes no report
void TestAssetCli::damagedAssetsRefused()
{
    const std::string good = assetOfLabText(smallLabText());
    std::string flipped = good;
    const std::size_t at = flipped.find("\"inertia\": 0.25") + 13;
    flipped[at] = '3';
    const QString bad = write("flipped.dlasset.json", flipped);
    Result r = cli({"verify", bad});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.startsWith(bad + ": -: signature: does not match the content"), qPrintable(r.err));
    const QString report = m_dir.filePath("flipped.report.json");
    r = cli({"run", bad, "--output", report});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.startsWith(bad + ": -: signature: does not match the content"), qPrintable(r.err));
    QVERIFY(!QFile::exists(report));

    Json doc = document(good);
    doc["version"] = 999;
    const QString future = write("future.dlasset.json", resign(doc));
    r = cli({"verify", future});
    QCOMPARE(r.exit, 2);
    QCOMPARE(r.err, future + ": -: version: asset version 999 was written by a newer DriveLab; this build reads asset versions 1 to 2: "
                             "open it with a newer DriveLab\n");

    const QString lab = QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/two-speed-shift.lab.json");
    r = cli({"verify", lab});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.startsWith(lab + ": -: format: unknown format \"drivelab.lab\""), qPrintable(r.err));
    const QString missing = m_dir.filePath("missing.dlasset.json");
    r = cli({"verify", missing});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.startsWith(missing + ": -: -: cannot open"), qPrintable(r.err));
    QCOMPARE(cli({"verify"}).exit, 2);
    QCOMPARE(cli({"verify", bad, "--json"}).exit, 2);
}

// export refuses without --output, an invalid lab (with its diagnostics) and a lab that
// fails to run (naming the tick and component), and never leaves a partial file: an
// existing asset at the path survives
void TestAssetCli::exportFailures()
{
    const QString lab = QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/two-speed-shift.lab.json");
    QCOMPARE(cli({"export", lab}).exit, 2);
    QCOMPARE(cli({"export", "--output", m_dir.filePath("x.dlasset.json")}).exit, 2);
    QCOMPARE(cli({"export", lab, "--output"}).exit, 2);

    const QString out = write("kept.dlasset.json", "previous asset");
    const QString invalid = write("invalid.lab.json", test::lab(runSettings(1000000, 10000000, 1), "[" + rot("a", -1, 0) + "]", "[]"));
    Result r = cli({"export", invalid, "--output", out});
    QCOMPARE(r.exit, 2);
    QVERIFY2(r.err.startsWith(invalid + ": a: inertia: must be"), qPrintable(r.err));
    QCOMPARE(bytes(out), QByteArray("previous asset"));

    const QString failing =
        write("overflow.lab.json", test::lab(runSettings(1000000, 100000000, 10), kDrainedChamberNodes, kDrainedChamber));
    r = cli({"export", failing, "--output", out});
    QCOMPARE(r.exit, 2);
    // the same form as run's (issue 14)
    QVERIFY2(r.err.startsWith(failing + ": rocket: tick 0 (t = 0 s): solver failure:"), qPrintable(r.err));
    QCOMPARE(bytes(out), QByteArray("previous asset"));
    const QDir dir(m_dir.path());
    QCOMPARE(dir.entryList({"*.tmp-*"}, QDir::Files).size(), 0);
}

QTEST_GUILESS_MAIN(TestAssetCli)
#include "tst_assetcli.moc"
