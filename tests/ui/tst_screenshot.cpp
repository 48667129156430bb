// `drivelab --screenshot PATH [LAB]` renders the main window (or, with --maps, the
// converter map editor) to a PNG and exits 0, with no display needed; a lab that
// cannot be read still gives a picture (with its problems) and stays untouched.
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QtTest>

#include "uitestutil.h"

class TestScreenshot : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { drivelab::test::isolate(); }
    void mainWindow();
    void mapEditor();
    void unreadableLab();

private:
    int run(const QStringList& args);
    static int colours(const QImage& image);
    QTemporaryDir m_dir;
};

int TestScreenshot::run(const QStringList& args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    env.remove(QStringLiteral("QT_QPA_PLATFORM")); // the command picks offscreen itself
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), m_dir.filePath("config"));
    env.insert(QStringLiteral("XDG_DATA_HOME"), m_dir.filePath("data"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(DRIVELAB_GUI), args);
    if (!p.waitForFinished(60000)) return -1;
    return p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
}

int TestScreenshot::colours(const QImage& image)
{
    QSet<QRgb> seen;
    for (int y = 0; y < image.height(); y += 3) {
        for (int x = 0; x < image.width(); x += 3) seen.insert(image.pixel(x, y));
    }
    return seen.size();
}

void TestScreenshot::mainWindow()
{
    const QString out = m_dir.filePath("main.png");
    QCOMPARE(run({"--screenshot", out, drivelab::test::labPath("converter-launch.lab.json")}), 0);
    const QImage image(out);
    QCOMPARE(image.size(), QSize(1600, 1000));
    QVERIFY(colours(image) > 200);
    QCOMPARE(run({"--screenshot", m_dir.filePath("small.png"), "--size", "1024x700", drivelab::test::labPath("two-speed-shift.lab.json")}),
             0);
    QCOMPARE(QImage(m_dir.filePath("small.png")).size(), QSize(1024, 700));
}

void TestScreenshot::mapEditor()
{
    const QString out = m_dir.filePath("maps.png");
    QCOMPARE(run({"--screenshot", out, "--maps", "tc", drivelab::test::labPath("converter-launch.lab.json")}), 0);
    const QImage image(out);
    QVERIFY(!image.isNull());
    QVERIFY(image.width() >= 800 && image.width() < 1600);
    QVERIFY(colours(image) > 100);
}

void TestScreenshot::unreadableLab()
{
    const QString bad = m_dir.filePath("broken.lab.json");
    QVERIFY(drivelab::test::writeAll(bad, "{ broken"));
    const QString out = m_dir.filePath("broken.png");
    QCOMPARE(run({"--screenshot", out, "--problems", bad}), 0);
    QVERIFY(!QImage(out).isNull());
    QCOMPARE(drivelab::test::readAll(bad), QByteArray("{ broken"));
}

QTEST_MAIN(TestScreenshot)
#include "tst_screenshot.moc"
