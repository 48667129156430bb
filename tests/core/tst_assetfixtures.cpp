// Every asset version ever written stays readable (LAB_FORMAT section 6, docs/ASSETS.md):
//
//   tests/fixtures/assets/v1/*.dlasset.json   written once by `drivelab-cli export`, never edited
//   tests/fixtures/assets/vN/...               one folder per later version, each with fixtures
//
// What it proves: there are fixtures for every version from 1 to kAssetVersion and none
// for versions this build does not know; each fixture reads without a diagnostic as the
// version of its folder and replays bit for bit (every boundary and the final state hash);
// the fixtures of the newest version are exactly what the writer writes today; and a dense
// sample of one-byte flips in every fixture is refused.
#include "assettestutil.h"
#include "fixturechanges.h"

#include <random>

using namespace drivelab;
using namespace drivelab::test;

class TestAssetFixtures : public QObject {
    Q_OBJECT
private slots:
    void everyVersionHasFixtures();
    void fixtures_data();
    void fixtures();
};

namespace {
const QString kRoot = QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/fixtures/assets");
}

void TestAssetFixtures::everyVersionHasFixtures()
{
    const QDir root(kRoot);
    QVERIFY(root.exists());
    QStringList versions = root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name);
    for (int v = 1; v <= kAssetVersion; ++v) {
        const QString name = QString("v%1").arg(v);
        QVERIFY2(versions.removeAll(name) == 1, qPrintable("no fixtures for asset version " + QString::number(v)));
        QVERIFY2(!QDir(root.filePath(name)).entryList({"*.dlasset.json"}, QDir::Files).isEmpty(), qPrintable(name + " is empty"));
    }
    QVERIFY2(versions.isEmpty(), qPrintable("folders for versions this build does not know: " + versions.join(", ")));
    QVERIFY2(root.entryList(QDir::Files).isEmpty(), "fixtures belong in a version folder");
}

void TestAssetFixtures::fixtures_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("version");
    const QDir root(kRoot);
    int rows = 0;
    for (const QString& v : root.entryList({"v*"}, QDir::Dirs, QDir::Name)) {
        const QDir dir(root.filePath(v));
        for (const QString& f : dir.entryList({"*.dlasset.json"}, QDir::Files, QDir::Name)) {
            QTest::newRow(qPrintable(v + "/" + f)) << dir.filePath(f) << v.mid(1).toInt();
            ++rows;
        }
    }
    if (rows == 0) QTest::newRow("no fixtures") << QString() << 0;
}

void TestAssetFixtures::fixtures()
{
    QFETCH(QString, path);
    QFETCH(int, version);
    QVERIFY2(!path.isEmpty(), "no fixtures under tests/fixtures/assets");
    const std::string text = fileText(path.toStdString());
    QVERIFY(!text.empty());
    const AssetReadResult r = readAssetFile(path.toStdString());
    QVERIFY2(r.asset, joined(r.diagnostics).c_str());
    QVERIFY2(r.diagnostics.empty(), joined(r.diagnostics).c_str());
    const Asset& a = *r.asset;
    QCOMPARE(a.version, version);
    QVERIFY(a.boundaries.size() >= 2);

    const AssetReplay replay = replayAsset(a);
    if (const FixtureChange* change = fixtureChange(path.toStdString())) {
        // a deliberate change of results: the record stays what that build computed
        QVERIFY2(!replay.ok, "a fixture listed in tests/fixturechanges.h replays: remove it from the list");
        QCOMPARE(replay.boundary, change->boundary);
        QCOMPARE(replay.field, std::string(change->field));
    } else {
        QVERIFY2(replay.ok, qPrintable(QString::fromStdString(replay.field + ": " + replay.message)));
        QCOMPARE(replay.boundariesChecked, a.boundaries.size());
    }

    if (version == kAssetVersion) {
        Asset copy = a;
        QVERIFY2(writeAsset(copy) == text, "the writer no longer writes this fixture's bytes");
    }

    // a dense deterministic sample of one-byte flips: all refused
    std::mt19937_64 rng(static_cast<std::uint64_t>(text.size()));
    const std::size_t samples = 250;
    for (std::size_t k = 0; k < samples; ++k) {
        const std::size_t lo = text.size() * k / samples, hi = text.size() * (k + 1) / samples;
        const std::size_t pos = lo + rng() % (hi - lo);
        std::string flipped = text;
        flipped[pos] = static_cast<char>(static_cast<unsigned char>(flipped[pos]) ^ (1 + rng() % 255));
        const AssetReadResult f = readAsset(flipped);
        QVERIFY2(!f.asset, qPrintable(QString("a flip at byte %1 was accepted").arg(pos)));
        QVERIFY(f.diagnostics.hasErrors());
    }
}

QTEST_GUILESS_MAIN(TestAssetFixtures)
#include "tst_assetfixtures.moc"
