// Build-type stability: the state hash, the model fingerprint and every reported number
// are the same whether DriveLab is built optimized or not (docs/ASSETS.md, "Build types").
//
//   this build (e.g. Release, -O3 -DNDEBUG) --run LAB--> report A
//   second build (e.g. Debug, -O0), configured and built here in BUILD/buildtype-check
//                                           --run LAB--> report B        A == B, byte for byte
//   asset exported by one build --verify--> the other build: every boundary bit for bit
//
// The second build uses the same compiler (and ccache when this build uses it), builds
// only drivelab-cli, and is reused by later runs, so only the first run is slow. Debug is
// built without -g: debug information does not change the generated code.
#include "assettestutil.h"
#include "fixturechanges.h"

#include <QProcess>
#include <QTemporaryDir>

using namespace drivelab;
using namespace drivelab::test;

class TestBuildTypes : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void reportsIdentical_data();
    void reportsIdentical();
    void assetsCrossVerify();

private:
    QTemporaryDir m_dir;
    QString m_other; // the other build's drivelab-cli
    struct Result {
        int exit = -1;
        QString out, err;
    };
    static Result exec(const QString& program, const QStringList& args, int timeoutMs);
    static QByteArray bytes(const QString& path);
};

TestBuildTypes::Result TestBuildTypes::exec(const QString& program, const QStringList& args, int timeoutMs)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::SeparateChannels);
    p.start(program, args);
    Result r;
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        r.err = "timed out: " + program + " " + args.join(' ');
        return r;
    }
    r.exit = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

QByteArray TestBuildTypes::bytes(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// configure and build the other build type's drivelab-cli
void TestBuildTypes::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString dir = QStringLiteral(DRIVELAB_OTHER_BUILD_DIR);
    const QString type = QStringLiteral(DRIVELAB_OTHER_BUILD_TYPE);
    QStringList configure = {"-S", QStringLiteral(DRIVELAB_SOURCE_DIR), "-B", dir, "-DCMAKE_BUILD_TYPE=" + type,
                             "-DCMAKE_CXX_COMPILER=" + QStringLiteral(DRIVELAB_CXX_COMPILER), "-DDRIVELAB_BUILD_UI=OFF",
                             "-DDRIVELAB_BUILD_TESTS=OFF", "-DCMAKE_CXX_FLAGS_DEBUG=-O0",
                             // a unity build: other inlining, and still the same bits (what this test checks);
                             // 2.2 times less compile time
                             "-DCMAKE_UNITY_BUILD=ON"};
    if (!QStringLiteral(DRIVELAB_CXX_LAUNCHER).isEmpty())
        configure << "-DCMAKE_CXX_COMPILER_LAUNCHER=" + QStringLiteral(DRIVELAB_CXX_LAUNCHER);
    Result r = exec(QStringLiteral(DRIVELAB_CMAKE), configure, 300000);
    QVERIFY2(r.exit == 0, qPrintable(r.out + r.err));
    const QString jobs = qEnvironmentVariableIsSet("CMAKE_BUILD_PARALLEL_LEVEL") ? qEnvironmentVariable("CMAKE_BUILD_PARALLEL_LEVEL") : "2";
    r = exec(QStringLiteral(DRIVELAB_CMAKE), {"--build", dir, "--target", "drivelab-cli", "-j", jobs}, 840000);
    QVERIFY2(r.exit == 0, qPrintable(r.out.right(3000) + r.err.right(3000)));
    m_other = dir + "/bin/drivelab-cli";
    QVERIFY(QFileInfo(m_other).isExecutable());
    // it really is another build: the cache says so and the binaries differ
    QVERIFY(bytes(dir + "/CMakeCache.txt").contains(("CMAKE_BUILD_TYPE:STRING=" + type).toUtf8()));
    QVERIFY(bytes(m_other) != bytes(QStringLiteral(DRIVELAB_CLI)));
    qInfo("comparing %s with this build's %s", qPrintable(m_other), DRIVELAB_CLI);
}

void TestBuildTypes::reportsIdentical_data()
{
    QTest::addColumn<QString>("lab");
    QStringList labs;
    for (const std::string& p : labFiles()) labs << QString::fromStdString(p);
    const QDir bench(QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/bench/labs"));
    for (const QString& f : bench.entryList({"*.lab.json"}, QDir::Files, QDir::Name)) labs << bench.filePath(f);
    for (const QString& l : labs) QTest::newRow(QFileInfo(l).fileName().toUtf8()) << l;
}

// the whole report (fingerprint, final hash, every boundary, the energy books), byte for byte
void TestBuildTypes::reportsIdentical()
{
    QFETCH(QString, lab);
    const QString a = m_dir.filePath(QFileInfo(lab).baseName() + ".this.json");
    const QString b = m_dir.filePath(QFileInfo(lab).baseName() + ".other.json");
    Result r = exec(QStringLiteral(DRIVELAB_CLI), {"run", lab, "--output", a, "--quiet"}, 120000);
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    r = exec(m_other, {"run", lab, "--output", b, "--quiet"}, 300000);
    QVERIFY2(r.exit == 0, qPrintable(r.err));
    const QByteArray ra = bytes(a), rb = bytes(b);
    QVERIFY(ra.size() > 1000);
    if (ra != rb) {
        const Json ja = Json::parse(ra.toStdString()), jb = Json::parse(rb.toStdString());
        QCOMPARE(QString::fromStdString(jb["model_fingerprint"].get<std::string>()),
                 QString::fromStdString(ja["model_fingerprint"].get<std::string>()));
        QCOMPARE(QString::fromStdString(jb["final_state_hash"].get<std::string>()),
                 QString::fromStdString(ja["final_state_hash"].get<std::string>()));
        for (std::size_t i = 0; i < ja["boundaries"].size(); ++i)
            QCOMPARE(QString::fromStdString(canonicalJson(jb["boundaries"][i])),
                     QString::fromStdString(canonicalJson(ja["boundaries"][i])));
        QFAIL("the reports differ outside the boundaries and hashes (energy books)");
    }
}

// an asset exported by one build verifies bit for bit in the other, both ways; both builds
// export the same bytes; every fixture verifies in the other build too
void TestBuildTypes::assetsCrossVerify()
{
    for (const std::string& p : labFiles()) {
        const QString lab = QString::fromStdString(p);
        const QString a = m_dir.filePath(QFileInfo(lab).baseName() + ".this.dlasset.json");
        const QString b = m_dir.filePath(QFileInfo(lab).baseName() + ".other.dlasset.json");
        QCOMPARE(exec(QStringLiteral(DRIVELAB_CLI), {"export", lab, "--output", a, "--quiet"}, 120000).exit, 0);
        QCOMPARE(exec(m_other, {"export", lab, "--output", b, "--quiet"}, 300000).exit, 0);
        QCOMPARE(bytes(b), bytes(a));
        Result r = exec(m_other, {"verify", a}, 300000);
        QVERIFY2(r.exit == 0, qPrintable(r.err));
        r = exec(QStringLiteral(DRIVELAB_CLI), {"verify", b}, 120000);
        QVERIFY2(r.exit == 0, qPrintable(r.err));
    }
    const QDir root(QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/fixtures/assets"));
    for (const QString& v : root.entryList({"v*"}, QDir::Dirs, QDir::Name)) {
        const QDir dir(root.filePath(v));
        for (const QString& f : dir.entryList({"*.dlasset.json"}, QDir::Files, QDir::Name)) {
            const Result r = exec(m_other, {"verify", dir.filePath(f)}, 300000);
            // a fixture a deliberate change of results makes differ fails the same way in both builds
            const int expected = fixtureChange(dir.filePath(f).toStdString()) ? 2 : 0;
            QVERIFY2(r.exit == expected, qPrintable(dir.filePath(f) + "\n" + r.err));
        }
    }
}

QTEST_GUILESS_MAIN(TestBuildTypes)
#include "tst_buildtypes.moc"
