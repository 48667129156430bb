// Issue 36 (editor): copy, paste and rename of instances of parts (docs/EDITOR.md "Labs with parts").
//  - copied instances paste with their parameters and the events on their inner components, under
//    fresh ids, their ports rewired like a component's; one undo step back to the bytes;
//  - pasted into another lab, an instance brings its inline part's definition along; an instance of
//    a part file the lab cannot use, or a part name the lab defines otherwise, refuses the paste
//    with a message naming the part, and nothing changes;
//  - F2 (RenameCommand) renames an instance: the events on its inner components and its layout
//    entry follow, a taken id is refused, undo restores the bytes.
#include <QtTest>

#include "actionset.h"
#include "canvas/canvaseditor.h"
#include "canvas/labscene.h"
#include "commands/renamecommand.h"
#include "document/labdocument.h"
#include "files/filecontroller.h"
#include "mainwindow.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

QString fixture(const QString& name) { return QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/fixtures/parts/") + name; }

} // namespace

class TestPartClipboard : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void instancesPasteWithValuesAndEvents();
    void pasteIntoAnotherLabBringsTheInlinePart();
    void pasteRefusesPartsTheLabCannotUse();
    void renameAnInstance();

private:
    QString copyTwoSpeed();
    QString lastHint(QSignalSpy& spy) const { return spy.isEmpty() ? QString() : spy.last().at(0).toString(); }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_w;
    test::ScriptedPrompter m_prompter;
};

void TestPartClipboard::init()
{
    m_w = test::shownMainWindow(m_dir, &m_prompter);
    QVERIFY(m_w);
}

void TestPartClipboard::cleanup()
{
    for (int i = 0; i < 4; ++i) m_prompter.saveChoices.push_back(Prompter::SaveChoice::Discard);
    m_w.reset();
}

QString TestPartClipboard::copyTwoSpeed()
{
    return test::copyPartsFixtures(m_dir, {QStringLiteral("two-speed-parts.lab.json"), QStringLiteral("two_speed_planetary.part.json")});
}

void TestPartClipboard::instancesPasteWithValuesAndEvents()
{
    QVERIFY(m_w->openLab(copyTwoSpeed()));
    LabDocument* doc = m_w->document();
    const std::string before = writeLab(doc->lab());
    m_w->scene()->selectIds({QStringLiteral("drive"), QStringLiteral("box")});
    m_w->canvasEditor()->copySelection();
    QVERIFY(m_w->canvasEditor()->paste());
    const LabSpec& lab = doc->lab();
    QCOMPARE(lab.instances.size(), std::size_t(4));
    const InstanceSpec* drive = lab.findInstance("drive1");
    const InstanceSpec* box = lab.findInstance("box1");
    QVERIFY2(drive && box, "the copies have fresh ids");
    QCOMPARE(drive->part, std::string("motor_drive"));
    QCOMPARE(drive->parameters, lab.findInstance("drive")->parameters); // "=2*200" as written
    QCOMPARE(box->parameters, lab.findInstance("box")->parameters);
    QCOMPARE(box->ports, lab.findInstance("box")->ports); // the lab's nodes: kept
    QCOMPARE(lab.parts.size(), std::size_t(1));           // the same lab: no second definition
    // the events on the box's brake and clutch follow the copy
    int copied = 0;
    for (const EventSpec& e : lab.events) copied += e.component.rfind("box1/", 0) == 0;
    QCOMPARE(copied, 2);
    QCOMPARE(m_w->scene()->selectedIds(), (std::set<std::string>{"drive1", "box1"}));
    QVERIFY(m_w->scene()->componentItem(QStringLiteral("box1")));
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), before);
}

void TestPartClipboard::pasteIntoAnotherLabBringsTheInlinePart()
{
    QVERIFY(m_w->openLab(copyTwoSpeed()));
    const Json motorPart = m_w->document()->lab().parts[0];
    m_w->scene()->selectIds({QStringLiteral("drive")});
    m_w->canvasEditor()->copySelection();
    QVERIFY(m_w->files()->newLab());
    LabDocument* doc = m_w->document();
    const std::string empty = writeLab(doc->lab());
    QVERIFY(m_w->canvasEditor()->paste());
    QCOMPARE(doc->lab().parts.size(), std::size_t(1));
    QCOMPARE(doc->lab().parts[0], motorPart);
    const InstanceSpec* drive = doc->lab().findInstance("drive");
    QVERIFY(drive);
    QCOMPARE(drive->parameters, Json::parse(R"({"peak_torque": 220, "corner_speed": "=2*200", "max_speed": 600, "command": 0.8})"));
    QCOMPARE(drive->ports, Json::object()); // its node is not in this lab: unbound, as for a component
    QVERIFY(m_w->scene()->componentItem(QStringLiteral("drive")));
    // pasted again: the part is there, the same: no second copy
    QVERIFY(m_w->canvasEditor()->paste());
    QCOMPARE(doc->lab().parts.size(), std::size_t(1));
    QVERIFY(doc->lab().findInstance("drive1"));
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), empty);
}

void TestPartClipboard::pasteRefusesPartsTheLabCannotUse()
{
    QVERIFY(m_w->openLab(copyTwoSpeed()));
    QSignalSpy hints(m_w->canvasEditor(), &CanvasEditor::hint);
    // the planetary is a part file beside the lab: a new lab (no folder) cannot use it
    m_w->scene()->selectIds({QStringLiteral("box")});
    m_w->canvasEditor()->copySelection();
    QVERIFY(m_w->files()->newLab());
    LabDocument* doc = m_w->document();
    const std::string empty = writeLab(doc->lab());
    QVERIFY(!m_w->canvasEditor()->paste());
    QCOMPARE(writeLab(doc->lab()), empty);
    QVERIFY2(lastHint(hints).contains(QStringLiteral("two_speed_planetary")), qPrintable(lastHint(hints)));
    QCOMPARE(doc->undoStack()->count(), 0);
    // a lab with another part called motor_drive refuses the motor
    QVERIFY(m_w->openLab(copyTwoSpeed()));
    m_w->scene()->selectIds({QStringLiteral("drive")});
    m_w->canvasEditor()->copySelection();
    QByteArray other = test::readAll(fixture(QStringLiteral("two-speed-parts.lab.json")));
    other.replace("\"default\": 400", "\"default\": 410");
    const QString otherPath = m_dir.filePath(QStringLiteral("other.lab.json"));
    QVERIFY(test::writeAll(otherPath, other));
    QVERIFY(m_w->openLab(otherPath));
    const std::string otherBytes = writeLab(m_w->document()->lab());
    QVERIFY(!m_w->canvasEditor()->paste());
    QCOMPARE(writeLab(m_w->document()->lab()), otherBytes);
    QVERIFY2(lastHint(hints).contains(QStringLiteral("another part called motor_drive")), qPrintable(lastHint(hints)));
}

void TestPartClipboard::renameAnInstance()
{
    QVERIFY(m_w->openLab(copyTwoSpeed()));
    LabDocument* doc = m_w->document();
    m_w->actions()->arrange->trigger(); // every item has a layout entry
    const std::string before = writeLab(doc->lab());
    const auto layoutAt = [&](const std::string& key) {
        std::size_t k = 0;
        for (auto it = doc->lab().layout.begin(); it != doc->lab().layout.end(); ++it, ++k) {
            if (it.key() == key) return k;
        }
        return std::size_t(999);
    };
    const std::size_t boxAt = layoutAt("box");
    QVERIFY(boxAt != 999);
    // taken and invalid ids are refused with the reason
    QVERIFY(RenameCommand::whyNot(doc->lab(), "box", "gearbox").contains(QStringLiteral("already used")));
    QVERIFY(!RenameCommand::whyNot(doc->lab(), "box", "2box").isEmpty());
    QVERIFY(RenameCommand::whyNot(doc->lab(), "box", "planetary").isEmpty());
    doc->push(new RenameCommand(doc, "box", "planetary"));
    QVERIFY(!doc->lab().findInstance("box"));
    QVERIFY(doc->lab().findInstance("planetary"));
    QCOMPARE(doc->lab().events[0].component, std::string("planetary/ring_brake"));
    QCOMPARE(doc->lab().events[1].component, std::string("planetary/direct_clutch"));
    QCOMPARE(layoutAt("planetary"), boxAt);
    QVERIFY2(doc->isValid(), doc->diagnostics().empty() ? "" : doc->diagnostics().front().message.c_str());
    QVERIFY(m_w->scene()->componentItem(QStringLiteral("planetary")));
    QVERIFY(!m_w->scene()->componentItem(QStringLiteral("box")));
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), before);
}

QTEST_MAIN(TestPartClipboard)
#include "tst_partclipboard.moc"
