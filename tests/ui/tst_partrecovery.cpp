// Issue 36 (editor): a part file's unsaved edits are protected as the lab's are (docs/EDITOR.md
// "Editing a part file", files/partfilerecovery.h). The two-speed lab with parts uses the part file
// two_speed_planetary.part.json beside it as `box`.
//  - autosave: an edit of the opened file makes a copy in the recovery folder (the definition as Save
//    Part File would write it), never the part file; unchanged: not written again; the timer writes it
//    too; Save Part File, or undoing back to the file, removes it; a running session's copy is no orphan;
//  - a crash (the session gone, its copy and unlocked lock left): the lab's recovery leaves the part's
//    copy alone; Later keeps it; opening the part file again offers it; Recover shows the edits as one
//    undo step of unsaved edits (the file untouched; undo gives the file's network back, redo the
//    edits), and Save Part File writes exactly the copy and offers the lab's update with the renames
//    made before the crash (the lab's event on box/ring_brake follows to box/low_brake), as without it;
//  - at start-up the copy is offered after the lab's; the part file changed on disk since is said in
//    the offer, and Save Part File then asks before overwriting it (Cancel: nothing written);
//  - a copy holding exactly what the file holds is removed without asking; Discard removes a copy.
#include <QtTest>

#include "canvas/labscene.h"
#include "canvas/partnavigator.h"
#include "commands/renamecommand.h"
#include "document/labdocument.h"
#include "document/partfilesession.h"
#include "files/autosaver.h"
#include "files/partfilerecovery.h"
#include "mainwindow.h"
#include "partfileui.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

class TestPartRecovery : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void unsavedEditsAreAutosavedNotWritten();
    void crashedEditsAreOfferedWhenThePartOpensAgain();
    void startupOffersThemAndASaveOverAChangedFileAsks();
    void staleAndDiscardedCopiesGo();

private:
    /// the lab and its part file beside it, in the test's folder
    QString setUp();
    /// open `box` (the part file) in window `w`, rename ring_brake and add a node; the session
    PartFileSession* editThePart(MainWindow* w);
    /// edit the part in a window that then dies without cleaning up; the copy's content
    QByteArray crash();
    QString partFile() const { return m_dir.filePath(QStringLiteral("two_speed_planetary.part.json")); }
    QList<RecoveryEntry> orphans() const { return RecoveryStore(m_dir.filePath(QStringLiteral("recovery"))).orphans(); }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_w;
    test::ScriptedPrompter m_prompter;
};

void TestPartRecovery::init()
{
    QDir(m_dir.filePath(QStringLiteral("recovery"))).removeRecursively();
    m_prompter = test::ScriptedPrompter();
    m_w = test::shownMainWindow(m_dir, &m_prompter);
    QVERIFY(m_w);
}

void TestPartRecovery::cleanup()
{
    for (int i = 0; i < 4; ++i) m_prompter.saveChoices.push_back(Prompter::SaveChoice::Discard);
    m_w.reset();
}

QString TestPartRecovery::setUp()
{
    return test::copyPartsFixtures(m_dir, {QStringLiteral("two-speed-parts.lab.json"), QStringLiteral("two_speed_planetary.part.json")});
}

PartFileSession* TestPartRecovery::editThePart(MainWindow* w)
{
    QString why;
    if (!w->partNavigator()->openPath(QStringLiteral("box"), &why)) return nullptr;
    PartFileSession* s = w->partNavigator()->session();
    if (!s) return nullptr;
    LabDocument* view = s->document();
    view->push(new RenameCommand(view, "ring_brake", "low_brake"));
    if (w->scene()->addFromPalette(QStringLiteral("node:rotational"), QPointF(0, 200)).isEmpty()) return nullptr;
    return s;
}

QByteArray TestPartRecovery::crash()
{
    test::ScriptedPrompter quiet;
    auto crashed = test::shownMainWindow(m_dir, &quiet);
    if (!crashed->openLab(m_dir.filePath(QStringLiteral("two-speed-parts.lab.json")))) return {};
    PartFileSession* s = editThePart(crashed.get());
    if (!s || crashed->partFiles()->recovery()->autosaveNow() != 1) return {};
    const QByteArray copy = s->content();
    // the session dies without cleaning up: its copy stays, its lock is no longer held
    crashed->partFiles()->recovery()->autosaverFor(s)->abandonForTest();
    crashed.reset();
    return copy;
}

void TestPartRecovery::unsavedEditsAreAutosavedNotWritten()
{
    const QString lab = setUp();
    QVERIFY(m_w->openLab(lab));
    const QByteArray fileBefore = test::readAll(partFile());
    PartFileRecovery* recovery = m_w->partFiles()->recovery();
    QString why;
    QVERIFY2(m_w->partNavigator()->openPath(QStringLiteral("box"), &why), qPrintable(why));
    QCOMPARE(recovery->autosaveNow(), 0); // nothing unsaved: nothing written
    PartFileSession* s = editThePart(m_w.get());
    QVERIFY(s);
    QVERIFY(s->isModified());
    QCOMPARE(recovery->autosaveNow(), 1);
    Autosaver* saver = recovery->autosaverFor(s);
    QVERIFY(saver);
    const QString copy = saver->recoveryPath();
    QVERIFY(copy.endsWith(QStringLiteral(".part.json")));
    QCOMPARE(QFileInfo(copy).absolutePath(), QFileInfo(m_dir.filePath(QStringLiteral("recovery"))).absoluteFilePath());
    QCOMPARE(test::readAll(copy), s->content());
    QVERIFY(test::readAll(copy).contains("low_brake"));
    QCOMPARE(test::readAll(partFile()), fileBefore);
    QCOMPARE(recovery->autosaveNow(), 0); // unchanged since: not written again
    // the running session's copy is not offered to anyone
    QVERIFY(orphans().isEmpty());
    // the timer writes it too
    saver->setInterval(50);
    s->document()->push(new RenameCommand(s->document(), "direct_clutch", "high_clutch"));
    QTRY_COMPARE(test::readAll(copy), s->content());
    QVERIFY(test::readAll(copy).contains("high_clutch"));
    QCOMPARE(test::readAll(partFile()), fileBefore);
    // undoing back to the file makes the copy obsolete
    while (s->document()->undoStack()->canUndo()) s->document()->undoStack()->undo();
    QVERIFY(!s->isModified());
    QVERIFY(!QFile::exists(copy));
    // and so does a save
    s->document()->undoStack()->redo();
    QCOMPARE(recovery->autosaveNow(), 1);
    QVERIFY(QFile::exists(copy));
    QVERIFY(m_w->partFiles()->savePart());
    QVERIFY(!QFile::exists(copy));
    QVERIFY(QDir(m_dir.filePath(QStringLiteral("recovery"))).entryList({QStringLiteral("*.json")}, QDir::Files).isEmpty());
}

void TestPartRecovery::crashedEditsAreOfferedWhenThePartOpensAgain()
{
    const QString lab = setUp();
    const QByteArray fileBefore = test::readAll(partFile());
    const QByteArray unsaved = crash();
    QVERIFY(!unsaved.isEmpty());
    QCOMPARE(test::readAll(partFile()), fileBefore);
    const auto left = orphans();
    QCOMPARE(left.size(), 1);
    QVERIFY(left.front().part);
    QCOMPARE(left.front().original, QFileInfo(partFile()).absoluteFilePath());
    QVERIFY(!left.front().originalChanged);

    // the lab's recovery does not take it for a lab; Later keeps it
    QVERIFY(m_w->openLab(lab));
    m_prompter.recoveryChoices = {Prompter::RecoveryChoice::Later};
    m_w->offerRecovery();
    QCOMPARE(m_prompter.asked.count(QStringLiteral("recover")), 1);
    QVERIFY(m_prompter.recoveryEntries.front().part);
    QCOMPARE(orphans().size(), 1);
    QVERIFY(m_w->partNavigator()->path().isEmpty());
    QVERIFY(!m_w->document()->isModified());

    // opening the part file again offers it; Recover: unsaved edits, one undo step, the file untouched
    m_prompter.recoveryChoices = {Prompter::RecoveryChoice::Recover};
    QString why;
    QVERIFY2(m_w->partNavigator()->openPath(QStringLiteral("box"), &why), qPrintable(why));
    QCOMPARE(m_prompter.asked.count(QStringLiteral("recover")), 2);
    PartFileSession* s = m_w->partNavigator()->session();
    QVERIFY(s);
    QVERIFY(s->isModified());
    QCOMPARE(s->content(), unsaved);
    QCOMPARE(test::readAll(partFile()), fileBefore);
    QVERIFY(!m_w->document()->isModified());
    QVERIFY(orphans().isEmpty());
    // this session's own copy protects the recovered edits from here on
    QVERIFY(m_w->partFiles()->recovery()->autosaverFor(s));
    QCOMPARE(test::readAll(m_w->partFiles()->recovery()->autosaverFor(s)->recoveryPath()), unsaved);
    QCOMPARE(s->document()->undoStack()->count(), 1);
    // the copy kept the edits' rename, for the lab's update after Save Part File
    const std::vector<std::pair<std::string, std::string>> renamed{{"ring_brake", "low_brake"}};
    QCOMPARE(s->renames(), renamed);
    s->document()->undoStack()->undo();
    QVERIFY(!s->isModified());
    QVERIFY(s->document()->lab().findComponent("ring_brake"));
    s->document()->undoStack()->redo();
    QCOMPARE(s->content(), unsaved);
    // going up and opening it again does not ask again
    m_w->partNavigator()->up();
    QVERIFY2(m_w->partNavigator()->openPath(QStringLiteral("box"), &why), qPrintable(why));
    QCOMPARE(m_prompter.asked.count(QStringLiteral("recover")), 2);
    // Save Part File writes exactly the recovered edits (the file did not change: no question) and
    // offers the lab's update: its event on box/ring_brake follows the rename made before the crash
    const auto brakeEvent = [this] {
        for (const EventSpec& e : m_w->document()->lab().events)
            if (e.component == "box/ring_brake" || e.component == "box/low_brake") return e.component;
        return std::string();
    };
    QCOMPARE(brakeEvent(), std::string("box/ring_brake"));
    m_prompter.updateChoices = {true};
    QVERIFY(m_w->partFiles()->savePart());
    QVERIFY(!m_prompter.asked.contains(QStringLiteral("conflict")));
    QCOMPARE(test::readAll(partFile()), unsaved);
    QCOMPARE(m_prompter.asked.count(QStringLiteral("update-instances")), 1);
    QCOMPARE(brakeEvent(), std::string("box/low_brake"));
    QVERIFY(m_w->document()->isValid());
}

void TestPartRecovery::startupOffersThemAndASaveOverAChangedFileAsks()
{
    const QString lab = setUp();
    const QByteArray unsaved = crash();
    QVERIFY(!unsaved.isEmpty());
    // someone changes the part file meanwhile
    Json theirs = Json::parse(test::readAll(partFile()).toStdString());
    theirs["description"] = "edited elsewhere";
    const QByteArray theirBytes = QByteArray::fromStdString(theirs.dump(2));
    QVERIFY(test::writeAll(partFile(), theirBytes));

    // at start-up (the lab given on the command line), the copy is offered, saying so
    QVERIFY(m_w->openLab(lab));
    m_prompter.recoveryChoices = {Prompter::RecoveryChoice::Recover};
    m_w->offerRecovery();
    QCOMPARE(m_prompter.recoveryEntries.size(), 1);
    QVERIFY(m_prompter.recoveryEntries.front().part);
    QVERIFY(m_prompter.recoveryEntries.front().originalChanged);
    PartFileSession* s = m_w->partNavigator()->session();
    QVERIFY2(s, "the recovered part file is shown");
    QCOMPARE(QFileInfo(s->file()).absoluteFilePath(), QFileInfo(partFile()).absoluteFilePath());
    QVERIFY(s->isModified());
    QVERIFY(s->document()->lab().findComponent("low_brake"));
    QCOMPARE(test::readAll(partFile()), theirBytes);
    // Save Part File asks before overwriting their change; Cancel writes nothing
    m_prompter.conflictChoices = {Prompter::ConflictChoice::Cancel};
    QVERIFY(!m_w->partFiles()->savePart());
    QCOMPARE(m_prompter.asked.count(QStringLiteral("conflict")), 1);
    QCOMPARE(test::readAll(partFile()), theirBytes);
    QVERIFY(s->isModified());
    QVERIFY(m_prompter.errors.isEmpty());
    // Overwrite writes the edits
    m_prompter.conflictChoices = {Prompter::ConflictChoice::Overwrite};
    QVERIFY(m_w->partFiles()->savePart());
    QVERIFY(!s->isModified());
    QVERIFY(test::readAll(partFile()).contains("low_brake"));
}

void TestPartRecovery::staleAndDiscardedCopiesGo()
{
    const QString lab = setUp();
    // a copy of what the file now holds (the session saved, then died before removing it)
    const QByteArray unsaved = crash();
    QVERIFY(!unsaved.isEmpty());
    QVERIFY(test::writeAll(partFile(), unsaved));
    QCOMPARE(orphans().size(), 1);
    QVERIFY(m_w->openLab(lab));
    m_w->offerRecovery();
    QVERIFY(!m_prompter.asked.contains(QStringLiteral("recover")));
    QVERIFY(orphans().isEmpty());
    QVERIFY(m_w->partNavigator()->path().isEmpty());
    // Discard removes a copy for good
    QVERIFY(!crash().isEmpty());
    QCOMPARE(orphans().size(), 1);
    m_prompter.recoveryChoices = {Prompter::RecoveryChoice::Discard};
    m_w->offerRecovery();
    QCOMPARE(m_prompter.asked.count(QStringLiteral("recover")), 1);
    QVERIFY(orphans().isEmpty());
    QVERIFY(QDir(m_dir.filePath(QStringLiteral("recovery"))).entryList({QStringLiteral("*.json")}, QDir::Files).isEmpty());
    QCOMPARE(test::readAll(partFile()), unsaved);
}

QTEST_MAIN(TestPartRecovery)
#include "tst_partrecovery.moc"
