// Fuzz regressions: every input under tests/fuzz/regressions/ (each once crashed a fuzz
// target or broke one of its invariants; docs/ASSETS.md, "Fuzzing"), every seed of the
// fuzz corpus (labs/, tests/bench/labs/, tests/fuzz/seeds/, the asset fixtures) goes
// through the fuzz target bodies (tests/fuzz/harness.h) in this normal build:
//
//   lab input   -> readLab, compile, normalized lab compiled again, lab written and read
//                  again, 8 ticks                      -> every invariant holds
//   asset input -> readAsset as given, then signed again -> refusals say why, acceptances
//                                                          write back to their own bytes
//
// So a bug the fuzzer once found stays fixed even where clang is not installed.
#include "testutil.h"

#include <QDirIterator>

#include "../fuzz/harness.h"

class TestFuzzRegressions : public QObject {
    Q_OBJECT
private slots:
    void replay_data();
    void replay();
    void everyRegressionIsReplayed();
};

namespace {
// every regular file under `dir` (recursively), except READMEs
QStringList filesUnder(const QString& dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString f = it.next();
        if (!QFileInfo(f).fileName().startsWith("README")) out << f;
    }
    out.sort();
    return out;
}
const QString kRoot = QStringLiteral(DRIVELAB_SOURCE_DIR);
} // namespace

void TestFuzzRegressions::replay_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("asset");
    const std::pair<QString, bool> dirs[] = {
        {kRoot + "/tests/fuzz/regressions/lab", false},
        {kRoot + "/tests/fuzz/regressions/asset", true},
        {kRoot + "/tests/fuzz/seeds/lab", false},
        {kRoot + "/tests/fuzz/seeds/asset", true},
        {kRoot + "/labs", false},
        {kRoot + "/tests/bench/labs", false},
        {kRoot + "/tests/fixtures/assets", true},
    };
    for (const auto& [dir, asset] : dirs) {
        for (const QString& f : filesUnder(dir)) QTest::newRow(qPrintable(f.mid(kRoot.size() + 1))) << f << asset;
    }
}

void TestFuzzRegressions::replay()
{
    QFETCH(QString, file);
    QFETCH(bool, asset);
    QFile f(file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    const auto* data = reinterpret_cast<const std::uint8_t*>(bytes.constData());
    const std::string broken = asset ? drivelab::fuzz::assetOne(data, static_cast<std::size_t>(bytes.size()))
                                     : drivelab::fuzz::labOne(data, static_cast<std::size_t>(bytes.size()));
    QVERIFY2(broken.empty(), broken.c_str());
}

// the regression folders exist and hold only files this test replays
void TestFuzzRegressions::everyRegressionIsReplayed()
{
    const QDir root(kRoot + "/tests/fuzz/regressions");
    QVERIFY(root.exists());
    QCOMPARE(root.entryList(QDir::Dirs | QDir::NoDotAndDotDot, QDir::Name), QStringList({"asset", "lab"}));
    QCOMPARE(root.entryList(QDir::Files).filter(QRegularExpression("^(?!README)")).size(), 0);
}

QTEST_GUILESS_MAIN(TestFuzzRegressions)
#include "tst_fuzzregressions.moc"
