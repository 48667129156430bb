// Issue 36 (editor): editing a part file and updating the lab's instances of it (docs/EDITOR.md
// "Editing a part file"). The two-speed lab with parts uses the library part two_speed_planetary
// (the file only in the part library folder, not beside the lab) as `box`, with events on
// `box/ring_brake` and `box/direct_clutch`.
//  - linked: `box` opened is editable (its own history: the lab's undo stack and bytes do not
//    change); ring_brake renamed low_brake and a node added, Undo/Redo of the window act on the part;
//    Save Part File writes the file (the rest of the definition as it was, no port nodes), the lab is
//    checked against the saved file and the update (the events follow the rename) is one undo step
//    back to the lab's bytes;
//  - a write that fails (the library folder gone) is refused with the file named, nothing written;
//  - copied: a lab whose inline part of that name shadows the file; Edit Part in the palette opens
//    the file itself; after Save the copy is replaced when the user accepts (one undo step back to
//    the bytes) and left as it is when they decline;
//  - the form of an instance of a library part says where the part is (the library folder, not
//    "beside the lab") and shows the file's parameter descriptions.
#include <QtTest>

#include "actionset.h"
#include "canvas/labscene.h"
#include "canvas/partnavigator.h"
#include "commands/renamecommand.h"
#include "document/labdocument.h"
#include "document/partfilesession.h"
#include "mainwindow.h"
#include "palette/palettewidget.h"
#include "palette/partlibrary.h"
#include "partfileui.h"
#include "properties/instanceform.h"
#include "properties/propertypanel.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

class TestPartFileEdit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void linkedInstancesFollowTheSavedFile();
    void failedWriteIsRefusedAndNothingWritten();
    void inlineCopyIsReplacedOnlyWhenAccepted();
    void instanceFormNamesTheLibraryFileAndItsDescriptions();

private:
    /// the two-speed lab in the test folder and its part file in lib/ (the part library)
    QString setUp();
    QString libraryFile() const { return m_dir.filePath(QStringLiteral("lib/two_speed_planetary.part.json")); }
    Json readJson(const QString& path) const { return Json::parse(test::readAll(path).toStdString()); }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_w;
    test::ScriptedPrompter m_prompter;
};

void TestPartFileEdit::init()
{
    m_prompter = test::ScriptedPrompter();
    m_w = test::shownMainWindow(m_dir, &m_prompter);
    QVERIFY(m_w);
}

void TestPartFileEdit::cleanup()
{
    for (int i = 0; i < 4; ++i) m_prompter.saveChoices.push_back(Prompter::SaveChoice::Discard);
    m_w.reset();
    setPartLibraryFolder(QString());
}

QString TestPartFileEdit::setUp()
{
    const QString lab = test::copyPartsFixtures(m_dir, {QStringLiteral("two-speed-parts.lab.json"), QStringLiteral("two_speed_planetary.part.json")});
    QDir(m_dir.path()).mkpath(QStringLiteral("lib"));
    QFile::remove(libraryFile());
    if (!QFile::rename(m_dir.filePath(QStringLiteral("two_speed_planetary.part.json")), libraryFile())) return {};
    m_w->palette()->setLibraryFolder(m_dir.filePath(QStringLiteral("lib")));
    return lab;
}

void TestPartFileEdit::linkedInstancesFollowTheSavedFile()
{
    const QString path = setUp();
    QVERIFY(!path.isEmpty());
    QVERIFY(m_w->openLab(path));
    LabDocument* doc = m_w->document();
    QVERIFY2(doc->isValid(), doc->diagnostics().empty() ? "" : doc->diagnostics().front().message.c_str());
    const std::string before = writeLab(doc->lab());
    const QByteArray fileBefore = test::readAll(libraryFile());
    const Json defBefore = readJson(libraryFile());

    QString why;
    QVERIFY2(m_w->partNavigator()->openPath(QStringLiteral("box"), &why), qPrintable(why));
    LabDocument* view = m_w->scene()->document();
    PartFileSession* session = m_w->partNavigator()->session();
    QVERIFY(session);
    QCOMPARE(view, session->document());
    QVERIFY2(!view->isReadOnly(), "a part file opens for editing");
    QVERIFY(!m_w->actions()->savePart->isEnabled());

    // edits: a rename and a node; the lab is untouched, the part has them
    view->push(new RenameCommand(view, "ring_brake", "low_brake"));
    const QString node = m_w->scene()->addFromPalette(QStringLiteral("node:rotational"), QPointF(0, 200));
    QVERIFY(!node.isEmpty());
    QVERIFY(view->lab().findComponent("low_brake"));
    QCOMPARE(doc->undoStack()->count(), 0);
    QCOMPARE(writeLab(doc->lab()), before);
    QVERIFY(!doc->isModified());
    QVERIFY(session->isModified());
    QVERIFY(m_w->actions()->savePart->isEnabled());
    QVERIFY(m_w->findChild<QLabel*>(QStringLiteral("partFileLabel"))->text().contains(QStringLiteral("unsaved")));
    // the window's Undo and Redo act on the part shown
    QVERIFY(m_w->actions()->undo->isEnabled());
    m_w->actions()->undo->trigger();
    QVERIFY(!view->lab().findNode(node.toStdString()));
    m_w->actions()->redo->trigger();
    QVERIFY(view->lab().findNode(node.toStdString()));
    QCOMPARE(test::readAll(libraryFile()), fileBefore);

    // Save Part File: the file has the edits and the rest as it was; the lab is offered the update
    m_prompter.updateChoices.push_back(true);
    m_w->actions()->savePart->trigger();
    QVERIFY2(m_prompter.errors.isEmpty(), qPrintable(m_prompter.errors.join(QLatin1Char('\n'))));
    QVERIFY(!session->isModified());
    const Json saved = readJson(libraryFile());
    for (const char* k : {"format", "version", "name", "description", "ports", "parameters"}) QCOMPARE(saved[k], defBefore[k]);
    bool renamed = false;
    for (const Json& c : saved["components"]) renamed = renamed || c["id"] == "low_brake";
    QVERIFY2(renamed, saved.dump().c_str());
    QVERIFY(saved.contains("nodes"));
    for (const Json& n : saved["nodes"]) QVERIFY2(n["id"] != "sun" && n["id"] != "case", "no port markers in the part's nodes");
    QCOMPARE(m_prompter.asked.count(QStringLiteral("update-instances")), 1);
    QVERIFY2(m_prompter.updateTexts.last().contains(QStringLiteral("box")), qPrintable(m_prompter.updateTexts.last()));
    // the update: one step of the lab, the events on the renamed brake follow it, the lab is valid
    QCOMPARE(doc->undoStack()->count(), 1);
    QCOMPARE(doc->lab().events[0].component, std::string("box/low_brake"));
    QVERIFY2(doc->isValid(), doc->diagnostics().empty() ? "" : (doc->diagnostics().front().subject + ": " + doc->diagnostics().front().message).c_str());
    const std::string updated = writeLab(doc->lab());
    // the window's Undo is the part's while it is shown: up to the lab, then undo the update
    m_w->partNavigator()->up();
    m_w->actions()->undo->trigger();
    QCOMPARE(writeLab(doc->lab()), before);
    m_w->actions()->redo->trigger();
    QCOMPARE(writeLab(doc->lab()), updated);
    QVERIFY(m_w->files()->save());
    QCOMPARE(test::readAll(path).toStdString(), updated);
}

void TestPartFileEdit::failedWriteIsRefusedAndNothingWritten()
{
    const QString path = setUp();
    QVERIFY(m_w->openLab(path));
    QString why;
    QVERIFY2(m_w->partNavigator()->openPath(QStringLiteral("box"), &why), qPrintable(why));
    const QString node = m_w->scene()->addFromPalette(QStringLiteral("node:rotational"), QPointF(0, 200));
    QVERIFY(!node.isEmpty());
    // the folder goes away under the editor: the write cannot even start
    const QByteArray fileBefore = test::readAll(libraryFile());
    const QString moved = m_dir.filePath(QStringLiteral("lib-moved"));
    QVERIFY(QDir().rename(m_dir.filePath(QStringLiteral("lib")), moved));
    QVERIFY(!m_w->partFiles()->savePart());
    QCOMPARE(m_prompter.errors.size(), 1);
    QVERIFY2(m_prompter.errors.front().contains(QStringLiteral("two_speed_planetary.part.json")), qPrintable(m_prompter.errors.front()));
    QVERIFY(m_w->partNavigator()->session()->isModified());
    QCOMPARE(m_prompter.asked.count(QStringLiteral("update-instances")), 0);
    QVERIFY(QDir().rename(moved, m_dir.filePath(QStringLiteral("lib"))));
    QCOMPARE(test::readAll(libraryFile()), fileBefore);
    QCOMPARE(QDir(m_dir.filePath(QStringLiteral("lib"))).entryList(QDir::Files), QStringList{QStringLiteral("two_speed_planetary.part.json")});
    // back in place, it saves
    QVERIFY(m_w->partFiles()->savePart());
    QVERIFY(test::readAll(libraryFile()) != fileBefore);
}

void TestPartFileEdit::inlineCopyIsReplacedOnlyWhenAccepted()
{
    const QString path = setUp();
    // the lab holds its own copy of the library part (inline parts win over files)
    Json lab = readJson(path);
    Json copy = readJson(libraryFile());
    copy.erase("format");
    copy.erase("version");
    lab["parts"].push_back(copy);
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QByteArray::fromStdString(lab.dump(2)));
    }
    QVERIFY(m_w->openLab(path));
    LabDocument* doc = m_w->document();
    QVERIFY2(doc->isValid(), doc->diagnostics().empty() ? "" : doc->diagnostics().front().message.c_str());
    const std::string before = writeLab(doc->lab());

    // Edit Part in the palette opens the library file itself (the lab's `box` opens the copy)
    const QString file = m_w->palette()->partFile(QStringLiteral("two_speed_planetary"));
    QCOMPARE(QFileInfo(file).canonicalFilePath(), QFileInfo(libraryFile()).canonicalFilePath());
    emit m_w->palette()->editPartRequested(file);
    PartFileSession* session = m_w->partNavigator()->session();
    QVERIFY(session);
    QVERIFY(m_w->partNavigator()->crumbs().last().contains(QStringLiteral("two_speed_planetary.part.json")));
    LabDocument* view = m_w->scene()->document();
    view->push(new RenameCommand(view, "ring_brake", "low_brake"));

    // declined: the file is saved, the lab stays as it was
    m_prompter.updateChoices.push_back(false);
    QVERIFY(m_w->partFiles()->savePart());
    QCOMPARE(m_prompter.asked.count(QStringLiteral("update-instances")), 1);
    QVERIFY2(m_prompter.updateTexts.last().contains(QStringLiteral("copy")), qPrintable(m_prompter.updateTexts.last()));
    QCOMPARE(writeLab(doc->lab()), before);
    QCOMPARE(doc->undoStack()->count(), 0);

    // accepted (after another edit): the copy is the saved part, the events follow, one undo step
    view->push(new RenameCommand(view, "direct_clutch", "high_clutch"));
    m_prompter.updateChoices.push_back(true);
    QVERIFY(m_w->partFiles()->savePart());
    QCOMPARE(doc->undoStack()->count(), 1);
    Json saved = readJson(libraryFile());
    saved.erase("format");
    saved.erase("version");
    QCOMPARE(doc->lab().parts.back(), saved);
    // only the rename since the last save is carried to the events: the first was declined, so its
    // event still names the old brake, and the lab says so
    QCOMPARE(doc->lab().events[0].component, std::string("box/ring_brake"));
    QVERIFY(!doc->isValid());
    QCOMPARE(doc->lab().events[1].component, std::string("box/high_clutch"));
    const std::string updated = writeLab(doc->lab());
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), before);
    doc->undoStack()->redo();
    QCOMPARE(writeLab(doc->lab()), updated);
}

void TestPartFileEdit::instanceFormNamesTheLibraryFileAndItsDescriptions()
{
    const QString path = setUp();
    QVERIFY(m_w->openLab(path));
    m_w->scene()->selectIds({QStringLiteral("box")});
    InstanceForm* form = m_w->properties()->instanceForm();
    QVERIFY(form);
    const auto* origin = form->findChild<QLabel*>(QStringLiteral("instanceOrigin"));
    QVERIFY(origin);
    QVERIFY2(origin->text().contains(QStringLiteral("part library")), qPrintable(origin->text()));
    QVERIFY2(origin->text().contains(QDir::toNativeSeparators(m_dir.filePath(QStringLiteral("lib")))), qPrintable(origin->text()));
    bool described = false;
    for (const QLabel* l : form->findChildren<QLabel*>()) described = described || l->text().contains(QStringLiteral("ring brake capacity at t = 0"));
    QVERIFY2(described, "the file's description of brake_capacity is shown");
    // the inline part `drive` is the lab's own
    m_w->scene()->selectIds({QStringLiteral("drive")});
    QVERIFY(m_w->properties()->instanceForm()->findChild<QLabel*>(QStringLiteral("instanceOrigin"))->text().contains(QStringLiteral("this lab's parts")));
    // beside the lab
    QVERIFY(QFile::copy(libraryFile(), m_dir.filePath(QStringLiteral("two_speed_planetary.part.json"))));
    QVERIFY(m_w->openLab(path));
    m_w->scene()->selectIds({QStringLiteral("box")});
    const QString beside = m_w->properties()->instanceForm()->findChild<QLabel*>(QStringLiteral("instanceOrigin"))->text();
    QVERIFY2(beside.contains(QStringLiteral("beside the lab")), qPrintable(beside));
    QFile::remove(m_dir.filePath(QStringLiteral("two_speed_planetary.part.json")));
}

QTEST_MAIN(TestPartFileEdit)
#include "tst_partfileedit.moc"
