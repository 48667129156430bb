// Files: every lab opens without diagnostics and re-saves the same content (which the
// command line accepts); save -> reopen -> identical bytes; malformed files lose
// nothing; a save killed half way (a child process, SIGKILL) or failing before commit
// leaves the old file intact; autosave writes a separate recovery copy that is offered
// after a crash (simulated and real); files changed on disk are noticed; the dirty
// marker and the prompt guard unsaved changes.
#include <QDirIterator>
#include <QProcess>
#include <QUndoStack>
#include <QtTest>

#include <csignal>
#include <cstdio>
#include <thread>

#include "canvas/labscene.h"
#include "commands/setvaluecommand.h"
#include "document/labdocument.h"
#include "files/autosaver.h"
#include "files/labfileio.h"
#include "files/recentfiles.h"
#include "panels/problemspanel.h"
#include "spec/labreader.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

// the child's side of the kill tests: start a job, say "ready", then wait to be killed
int childSave(const QString& path)
{
    LabSpec lab;
    lab.name = "huge";
    lab.description = std::string(4 * 1024 * 1024, 'x'); // many chunks
    const QByteArray data = QByteArray::fromStdString(writeLab(lab));
    QString error;
    writeFileAtomically(path, data, &error, [](qint64 written, qint64) {
        if (written >= 64 * 1024) {
            std::printf("ready\n");
            std::fflush(stdout);
            std::this_thread::sleep_for(std::chrono::seconds(60));
        }
        return true;
    });
    return 0;
}

int childAutosave(const QString& dir, const QString& labFile)
{
    LabDocument doc;
    LabFileContent c = readLabFile(labFile);
    if (!c.lab) return 3;
    doc.reset(*c.lab, labFile);
    doc.push(new SetValueCommand(&doc, {ValueTarget::Kind::NodeField, "engine", "inertia"}, Json(0.3125)));
    Autosaver saver(&doc, dir);
    if (!saver.autosaveNow()) return 4;
    std::printf("ready\n");
    std::fflush(stdout);
    std::this_thread::sleep_for(std::chrono::seconds(60));
    return 0;
}

Json withoutLayout(Json j)
{
    if (j.is_object()) j.erase("layout");
    return j;
}

} // namespace

class TestFiles : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void everyLabOpensCleanAndResavesTheSameContent_data();
    void everyLabOpensCleanAndResavesTheSameContent();
    void saveReopenSaveIsIdentical();
    void malformedFilesLoseNothing_data();
    void malformedFilesLoseNothing();
    void killDuringSaveLeavesTheOldFile();
    void failureBeforeCommitLeavesTheOldFile();
    void autosaveWritesARecoveryCopyNotTheFile();
    void recoveryIsOfferedAfterASimulatedCrash();
    void recoveryIsOfferedAfterAKill();
    void changeOnDiskIsDetectedBeforeSaving();
    void changeOnDiskWhileOpenOffersReload();
    void dirtyMarkerAndPrompt();
    void untitledSaveAsksForAPathAndRemembersIt();

private:
    MainWindow* window();
    QString copyLab(const QString& name);
    QTemporaryDir m_dir;
    QString m_recovery;
    QList<MainWindow*> m_windows;
    test::ScriptedPrompter m_prompter;
};

void TestFiles::init()
{
    m_recovery = m_dir.filePath(QStringLiteral("recovery-%1").arg(QDateTime::currentMSecsSinceEpoch()));
    m_prompter = test::ScriptedPrompter{};
}

void TestFiles::cleanup()
{
    qDeleteAll(m_windows);
    m_windows.clear();
}

MainWindow* TestFiles::window()
{
    auto* w = new MainWindow({m_recovery, false});
    w->setPrompter(&m_prompter);
    m_windows << w;
    return w;
}

QString TestFiles::copyLab(const QString& name)
{
    const QString to = m_dir.filePath(QStringLiteral("%1-%2").arg(QDateTime::currentMSecsSinceEpoch()).arg(name));
    QFile::remove(to);
    if (!QFile::copy(test::labPath(name), to)) return {};
    QFile(to).setPermissions(QFile::ReadOwner | QFile::WriteOwner);
    return to;
}

void TestFiles::everyLabOpensCleanAndResavesTheSameContent_data()
{
    QTest::addColumn<QString>("path");
    for (const QString& p : test::allLabs()) QTest::newRow(qPrintable(QFileInfo(p).fileName())) << p;
    QVERIFY(test::allLabs().size() >= 3);
}

void TestFiles::everyLabOpensCleanAndResavesTheSameContent()
{
    QFETCH(QString, path);
    MainWindow* w = window();
    QVERIFY(w->openLab(path));
    QVERIFY2(w->document()->diagnostics().empty(), qPrintable(w->problems()->lines().join('\n')));
    QCOMPARE(w->problems()->count(), 0);
    QVERIFY(!w->document()->isModified());
    const QString out = m_dir.filePath(QFileInfo(path).fileName());
    // the data files the lab refers to (the drive cycle's csv trace, labs/cycles/*.csv) beside the
    // copy, in the same folders, as a user saving into another folder copies them (the editor
    // keeps the relative path as written)
    const QDir labs(QFileInfo(path).dir());
    QDirIterator csv(labs.path(), {"*.csv"}, QDir::Files, QDirIterator::Subdirectories);
    while (csv.hasNext()) {
        const QString from = csv.next(), to = m_dir.filePath(labs.relativeFilePath(from));
        QVERIFY(QDir().mkpath(QFileInfo(to).absolutePath()));
        if (!QFile::exists(to)) QVERIFY(QFile::copy(from, to));
    }
    QVERIFY(w->files()->saveTo(out));
    const Json original = Json::parse(test::readAll(path).toStdString());
    const Json saved = Json::parse(test::readAll(out).toStdString());
    // the same content: every key and value of the lab, in the same order; the editor adds its layout
    QCOMPARE(QString::fromStdString(withoutLayout(saved).dump()), QString::fromStdString(withoutLayout(original).dump()));
    QCOMPARE(QString::fromStdString(canonicalJson(withoutLayout(saved))), QString::fromStdString(canonicalJson(withoutLayout(original))));
    for (const auto& n : saved["nodes"]) QVERIFY(saved["layout"].contains(n["id"].get<std::string>()));
    for (const auto& c : saved["components"]) QVERIFY(saved["layout"].contains(c["id"].get<std::string>()));
    // and what the editor saves, the command line runs
    QProcess cli;
    cli.start(QStringLiteral(DRIVELAB_CLI), {QStringLiteral("check"), out});
    QVERIFY(cli.waitForFinished(30000));
    QCOMPARE(cli.exitCode(), 0);
}

void TestFiles::saveReopenSaveIsIdentical()
{
    MainWindow* w = window();
    QVERIFY(w->openLab(test::labPath(QStringLiteral("two-speed-shift.lab.json"))));
    LabDocument* doc = w->document();
    doc->push(new SetValueCommand(doc, {ValueTarget::Kind::Parameter, "gearset", "ring_teeth"}, Json(64)));
    w->scene()->addFromPalette(QStringLiteral("component:torque_converter"), QPointF(-400, 300));
    const QString a = m_dir.filePath(QStringLiteral("a.lab.json"));
    const QString b = m_dir.filePath(QStringLiteral("b.lab.json"));
    QVERIFY(w->files()->saveTo(a));
    MainWindow* w2 = window();
    QVERIFY(w2->openLab(a));
    QVERIFY(!w2->document()->isModified());
    QVERIFY(w2->files()->saveTo(b));
    QCOMPARE(test::readAll(b), test::readAll(a));
    // a lab built from nothing does the same
    MainWindow* w3 = window();
    w3->scene()->addFromPalette(QStringLiteral("node:rotational"), QPointF(0, 0));
    w3->scene()->addFromPalette(QStringLiteral("component:damper"), QPointF(100, 0));
    QVERIFY(w3->files()->saveTo(a));
    MainWindow* w4 = window();
    QVERIFY(w4->openLab(a));
    QVERIFY(w4->files()->saveTo(b));
    QCOMPARE(test::readAll(b), test::readAll(a));
}

void TestFiles::malformedFilesLoseNothing_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::newRow("not json") << QByteArray("{ \"format\": \"drivelab.lab\", ");
    QTest::newRow("empty") << QByteArray("");
    QTest::newRow("wrong format") << QByteArray(R"({"format": "something", "version": 1})");
    QTest::newRow("newer version") << QByteArray(
        R"({"format": "drivelab.lab", "version": 99, "name": "x", "run": {}, "nodes": [], "components": [], "events": []})");
    QTest::newRow("unknown key") << QByteArray(
        R"({"format": "drivelab.lab", "version": 1, "name": "x", "run": {"tick_ns": 1, "duration_ns": 1, "report_every_ticks": 1}, "nodes": [], "components": [], "events": [], "colour": 3})");
    QTest::newRow("unknown type") << QByteArray(
        R"({"format": "drivelab.lab", "version": 1, "name": "x", "run": {"tick_ns": 1, "duration_ns": 1, "report_every_ticks": 1}, "nodes": [], "components": [{"id": "a", "type": "warp_drive"}], "events": []})");
    QTest::newRow("deep nesting") << QByteArray(QByteArray(200, '[') + QByteArray(200, ']'));
    QTest::newRow("binary") << QByteArray("\x00\xff\xfe garbage", 11);
}

void TestFiles::malformedFilesLoseNothing()
{
    QFETCH(QByteArray, content);
    MainWindow* w = window();
    QVERIFY(w->openLab(test::labPath(QStringLiteral("converter-launch.lab.json"))));
    w->document()->push(new SetValueCommand(w->document(), {ValueTarget::Kind::NodeField, "engine", "inertia"}, Json(0.5)));
    const std::string before = writeLab(w->document()->lab());
    const QString bad = m_dir.filePath(QStringLiteral("bad.lab.json"));
    QVERIFY(test::writeAll(bad, content));
    QVERIFY(!w->openLab(bad));
    // the open lab is untouched, still modified, and no question was asked
    QCOMPARE(writeLab(w->document()->lab()), before);
    QVERIFY(w->document()->isModified());
    QVERIFY(m_prompter.asked.isEmpty());
    // the bad file is untouched, its problems listed as the command line prints them
    QCOMPARE(test::readAll(bad), content);
    QProcess cli;
    cli.start(QStringLiteral(DRIVELAB_CLI), {QStringLiteral("check"), bad});
    QVERIFY(cli.waitForFinished(30000));
    QCOMPARE(cli.exitCode(), 2);
    const QStringList expected = QString::fromUtf8(cli.readAllStandardError()).split('\n', Qt::SkipEmptyParts);
    QStringList shown;
    for (const QString& l : w->problems()->lines()) {
        if (l.startsWith(bad)) shown << l;
    }
    QCOMPARE(shown, expected);
}

void TestFiles::killDuringSaveLeavesTheOldFile()
{
    const QString path = copyLab(QStringLiteral("converter-launch.lab.json"));
    const QByteArray before = test::readAll(path);
    QProcess child;
    child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--child-save"), path});
    QVERIFY(child.waitForStarted());
    QVERIFY(child.waitForReadyRead(30000));
    QCOMPARE(child.readLine().trimmed(), QByteArray("ready"));
    child.kill(); // SIGKILL half way through the save
    QVERIFY(child.waitForFinished(10000));
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);
    QCOMPARE(test::readAll(path), before);
    MainWindow* w = window();
    QVERIFY(w->openLab(path));
    QVERIFY(w->document()->diagnostics().empty());
}

void TestFiles::failureBeforeCommitLeavesTheOldFile()
{
    const QString path = copyLab(QStringLiteral("clutch-engagement.lab.json"));
    const QByteArray before = test::readAll(path);
    MainWindow* w = window();
    QVERIFY(w->openLab(path));
    w->document()->push(new SetValueCommand(w->document(), {ValueTarget::Kind::NodeField, "vehicle", "inertia"}, Json(9.0)));
    w->files()->setSaveProgress([](qint64 written, qint64 total) {
        return written < total;
    }); // fail after the last byte
    QVERIFY(!w->files()->save());
    QCOMPARE(test::readAll(path), before);
    QVERIFY(w->document()->isModified());
    QCOMPARE(m_prompter.errors.size(), 1);
    QVERIFY(m_prompter.errors.front().contains(QStringLiteral("not changed")));
    // no temporary file is left behind
    const QStringList left = QDir(QFileInfo(path).absolutePath()).entryList({QFileInfo(path).fileName() + "*"}, QDir::Files);
    QCOMPARE(left, QStringList{QFileInfo(path).fileName()});
    // and the next save goes through
    w->files()->setSaveProgress({});
    QVERIFY(w->files()->save());
    QVERIFY(!w->document()->isModified());
    QVERIFY(test::readAll(path) != before);
}

void TestFiles::autosaveWritesARecoveryCopyNotTheFile()
{
    const QString path = copyLab(QStringLiteral("converter-launch.lab.json"));
    const QByteArray before = test::readAll(path);
    MainWindow* w = window();
    QCOMPARE(w->autosaver()->interval(), 60 * 1000);
    QVERIFY(w->openLab(path));
    QVERIFY(!w->autosaver()->autosaveNow()); // nothing unsaved: nothing written
    w->document()->push(new SetValueCommand(w->document(), {ValueTarget::Kind::NodeField, "engine", "inertia"}, Json(0.75)));
    QVERIFY(w->autosaver()->autosaveNow());
    const QString copy = w->autosaver()->recoveryPath();
    QVERIFY(QFileInfo(copy).absolutePath() != QFileInfo(path).absolutePath());
    QCOMPARE(test::readAll(copy), QByteArray::fromStdString(writeLab(w->document()->lab())));
    QCOMPARE(test::readAll(path), before);
    QVERIFY(!w->autosaver()->autosaveNow()); // unchanged since: not written again
    // the timer does it too
    w->document()->push(new SetValueCommand(w->document(), {ValueTarget::Kind::NodeField, "engine", "inertia"}, Json(0.8)));
    w->autosaver()->setInterval(50);
    QTRY_COMPARE(test::readAll(copy), QByteArray::fromStdString(writeLab(w->document()->lab())));
    QCOMPARE(test::readAll(path), before);
    // a save makes the copy obsolete
    QVERIFY(w->files()->save());
    QVERIFY(!QFile::exists(copy));
    // the running session's copy is never offered to another window
    w->document()->push(new SetValueCommand(w->document(), {ValueTarget::Kind::NodeField, "engine", "inertia"}, Json(0.9)));
    QVERIFY(w->autosaver()->autosaveNow());
    QVERIFY(RecoveryStore(m_recovery).orphans().isEmpty());
}

void TestFiles::recoveryIsOfferedAfterASimulatedCrash()
{
    const QString path = copyLab(QStringLiteral("converter-launch.lab.json"));
    const QByteArray before = test::readAll(path);
    MainWindow* crashed = window();
    QVERIFY(crashed->openLab(path));
    crashed->document()->push(new SetValueCommand(crashed->document(), {ValueTarget::Kind::Parameter, "final_drive", "ratio"}, Json(9.5)));
    QVERIFY(crashed->autosaver()->autosaveNow());
    const std::string unsaved = writeLab(crashed->document()->lab());
    crashed->autosaver()->abandonForTest(); // the session dies without cleaning up
    m_windows.removeAll(crashed);
    delete crashed;
    QCOMPARE(RecoveryStore(m_recovery).orphans().size(), 1);
    // "later" keeps it; "recover" brings it back as unsaved changes to the user's file
    MainWindow* w = window();
    m_prompter.recoveryChoices = {Prompter::RecoveryChoice::Later};
    w->offerRecovery();
    QCOMPARE(RecoveryStore(m_recovery).orphans().size(), 1);
    m_prompter.recoveryChoices = {Prompter::RecoveryChoice::Recover};
    w->offerRecovery();
    QCOMPARE(writeLab(w->document()->lab()), unsaved);
    QVERIFY(w->document()->isModified());
    QCOMPARE(w->document()->filePath(), QFileInfo(path).absoluteFilePath());
    QCOMPARE(test::readAll(path), before);
    QVERIFY(RecoveryStore(m_recovery).orphans().isEmpty());
    // saving writes the recovered lab to the user's file (it did not change meanwhile: no conflict)
    QVERIFY(w->files()->save());
    QVERIFY(!m_prompter.asked.contains(QStringLiteral("conflict")));
    QCOMPARE(test::readAll(path).toStdString(), unsaved);
}

void TestFiles::recoveryIsOfferedAfterAKill()
{
    const QString path = copyLab(QStringLiteral("converter-launch.lab.json"));
    const QByteArray before = test::readAll(path);
    QProcess child;
    child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("--child-autosave"), m_recovery, path});
    QVERIFY(child.waitForStarted());
    QVERIFY(child.waitForReadyRead(30000));
    QCOMPARE(child.readLine().trimmed(), QByteArray("ready"));
    // while it runs, its copy is not an orphan
    QVERIFY(RecoveryStore(m_recovery).orphans().isEmpty());
    child.kill();
    QVERIFY(child.waitForFinished(10000));
    const auto orphans = RecoveryStore(m_recovery).orphans();
    QCOMPARE(orphans.size(), 1);
    QCOMPARE(orphans.front().original, path);
    MainWindow* w = window();
    m_prompter.recoveryChoices = {Prompter::RecoveryChoice::Recover};
    w->offerRecovery();
    QCOMPARE(w->document()->lab().findNode("engine")->fields["inertia"].get<double>(), 0.3125);
    QVERIFY(w->document()->isModified());
    QCOMPARE(test::readAll(path), before);
    // "discard" removes a copy for good
    MainWindow* other = window();
    QVERIFY(other->openLab(path));
    other->document()->push(new SetValueCommand(other->document(), {ValueTarget::Kind::NodeField, "engine", "inertia"}, Json(0.6)));
    QVERIFY(other->autosaver()->autosaveNow());
    other->autosaver()->abandonForTest();
    m_prompter.recoveryChoices = {Prompter::RecoveryChoice::Discard};
    window()->offerRecovery();
    QVERIFY(RecoveryStore(m_recovery).orphans().isEmpty());
}

void TestFiles::changeOnDiskIsDetectedBeforeSaving()
{
    const QString path = copyLab(QStringLiteral("clutch-engagement.lab.json"));
    MainWindow* w = window();
    QVERIFY(w->openLab(path));
    w->document()->push(new SetValueCommand(w->document(), {ValueTarget::Kind::NodeField, "vehicle", "inertia"}, Json(5.0)));
    const QByteArray theirs = test::readAll(path).replace("\"clutch-engagement\"", "\"edited-elsewhere\"");
    QVERIFY(test::writeAll(path, theirs));
    m_prompter.reloadChoices = {false, false, false};
    m_prompter.conflictChoices = {Prompter::ConflictChoice::Cancel};
    QVERIFY(!w->files()->save());
    QVERIFY(m_prompter.asked.contains(QStringLiteral("conflict")));
    QCOMPARE(test::readAll(path), theirs);
    m_prompter.conflictChoices = {Prompter::ConflictChoice::Overwrite};
    QVERIFY(w->files()->save());
    QCOMPARE(test::readAll(path).toStdString(), writeLab(w->document()->lab()));
    // our own save is not someone else's change
    m_prompter.asked.clear();
    w->document()->push(new SetValueCommand(w->document(), {ValueTarget::Kind::NodeField, "vehicle", "inertia"}, Json(6.0)));
    QVERIFY(w->files()->save());
    QVERIFY(!m_prompter.asked.contains(QStringLiteral("conflict")));
}

void TestFiles::changeOnDiskWhileOpenOffersReload()
{
    const QString path = copyLab(QStringLiteral("clutch-engagement.lab.json"));
    MainWindow* w = window();
    QVERIFY(w->openLab(path));
    m_prompter.reloadChoices = {true};
    QByteArray theirs = test::readAll(path);
    theirs.replace("\"inertia\": 4.5", "\"inertia\": 7.25");
    QVERIFY(test::writeAll(path, theirs));
    QTRY_VERIFY_WITH_TIMEOUT(m_prompter.asked.contains(QStringLiteral("reload")), 10000);
    QTRY_COMPARE(w->document()->lab().findNode("vehicle")->fields["inertia"].get<double>(), 7.25);
    QVERIFY(!w->document()->isModified());
}

void TestFiles::dirtyMarkerAndPrompt()
{
    const QString path = copyLab(QStringLiteral("converter-launch.lab.json"));
    MainWindow* w = window();
    w->show();
    QVERIFY(w->openLab(path));
    QVERIFY(!w->isWindowModified());
    QVERIFY(w->windowTitle().contains(QStringLiteral("[*]")));
    w->document()->push(new SetValueCommand(w->document(), {ValueTarget::Kind::NodeField, "engine", "inertia"}, Json(0.4)));
    QVERIFY(w->isWindowModified());
    // undo back to the saved state clears the marker
    w->document()->undoStack()->undo();
    QVERIFY(!w->isWindowModified());
    w->document()->undoStack()->redo();
    // closing asks; Cancel keeps everything
    m_prompter.saveChoices = {Prompter::SaveChoice::Cancel};
    QVERIFY(!w->close());
    QVERIFY(w->isVisible());
    QVERIFY(w->document()->isModified());
    // opening another lab asks too; Save writes the file first
    m_prompter.saveChoices = {Prompter::SaveChoice::Save};
    QVERIFY(w->openLab(test::labPath(QStringLiteral("two-speed-shift.lab.json"))));
    QCOMPARE(Json::parse(test::readAll(path).toStdString())["nodes"][0]["inertia"].get<double>(), 0.4);
    // New with Discard drops the changes
    w->document()->push(new SetValueCommand(w->document(), {ValueTarget::Kind::NodeField, "input", "inertia"}, Json(0.4)));
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    QVERIFY(w->files()->newLab());
    QVERIFY(w->document()->lab().nodes.empty());
    QVERIFY(!w->isWindowModified());
    QCOMPARE(m_prompter.asked.count(QStringLiteral("save-changes")), 3);
    // the recent list has what was opened, newest first
    const QStringList recent = RecentFiles().files();
    QVERIFY(recent.size() >= 2);
    QCOMPARE(recent.front(), QFileInfo(test::labPath(QStringLiteral("two-speed-shift.lab.json"))).absoluteFilePath());
    QVERIFY(recent.contains(QFileInfo(path).absoluteFilePath()));
}

void TestFiles::untitledSaveAsksForAPathAndRemembersIt()
{
    MainWindow* w = window();
    w->scene()->addFromPalette(QStringLiteral("node:rotational"), QPointF(0, 0));
    m_prompter.nextSavePath = m_dir.filePath(QStringLiteral("fresh"));
    QVERIFY(w->files()->save());
    QVERIFY(m_prompter.asked.contains(QStringLiteral("save-path")));
    const QString saved = m_dir.filePath(QStringLiteral("fresh.lab.json"));
    QVERIFY(QFile::exists(saved));
    QCOMPARE(w->document()->filePath(), saved);
    QVERIFY(w->windowTitle().startsWith(QStringLiteral("fresh.lab.json")));
    m_prompter.asked.clear();
    w->scene()->addFromPalette(QStringLiteral("node:thermal"), QPointF(100, 0));
    QVERIFY(w->files()->save());
    QVERIFY(!m_prompter.asked.contains(QStringLiteral("save-path")));
}

int main(int argc, char** argv)
{
    if (argc >= 3 && std::strcmp(argv[1], "--child-save") == 0) {
        QCoreApplication app(argc, argv);
        return childSave(QString::fromLocal8Bit(argv[2]));
    }
    if (argc >= 4 && std::strcmp(argv[1], "--child-autosave") == 0) {
        QCoreApplication app(argc, argv);
        app.setApplicationName(QStringLiteral("DriveLabTests"));
        return childAutosave(QString::fromLocal8Bit(argv[2]), QString::fromLocal8Bit(argv[3]));
    }
    QApplication app(argc, argv);
    TestFiles t;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&t, argc, argv);
}

#include "tst_files.moc"
