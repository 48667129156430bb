// Issue 36 (editor): a rename inside an opened part renames the lab's references to the item's
// paths (docs/EDITOR.md "Opening an instance"). The part `motor_drive` is placed three times: the
// lab's `drive` and `drive2`, and `tw/inner` (an instance inside the inline part `twin`); the lab
// has events on `drive/motor`, `drive2/motor`, `tw/inner/motor`, and one on `drive/motorx` (a
// longer id, not the renamed one) and the file part's `box/ring_brake`.
//  - renaming `motor` to `traction` inside `drive` renames the events of all three instances (the
//    part is shared), leaves the other two, keeps the lab valid, and is one undo step: undo gives
//    back the lab's bytes, redo the renamed ones;
//  - renaming the instance `inner` inside `twin` renames `tw/inner/...` as the head of longer paths;
//  - the references of inputs bound to a controller or signal and of the vehicle results follow too;
//  - a signal renamed inside the part (typed in the Signals panel, which lists the part's signals while
//    the part is shown) is followed the
//    same way: the lab's inputs bound to `drive/cyc`, `drive2/cyc`, `tw/inner/cyc` are rebound in the
//    same undo step; and a signal of the lab named by the results' reference speed follows its rename.
#include <QtTest>

#include "canvas/labscene.h"
#include "canvas/partnavigator.h"
#include "commands/renamecommand.h"
#include "commands/renamesignalcommand.h"
#include "document/labdocument.h"
#include "document/partpaths.h"
#include "mainwindow.h"
#include "panels/signalform.h"
#include "panels/signalspanel.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

class TestPartRename : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void renameInsidePartRenamesTheLabsEvents();
    void bindingsAndResultsFollow();
    void signalRenameInsidePartFollows();
    void labSignalRenameFollowsTheReferenceSpeed();

private:
    /// the two-speed lab with parts, grown as the header says, written into the test's folder
    QString writeLabWithThreeMotors();
    std::vector<std::string> eventComponents() const;

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_w;
    test::ScriptedPrompter m_prompter;
};

void TestPartRename::init()
{
    m_w = test::shownMainWindow(m_dir, &m_prompter);
    QVERIFY(m_w);
}

void TestPartRename::cleanup()
{
    m_prompter.saveChoices.push_back(Prompter::SaveChoice::Discard);
    m_w.reset();
}

QString TestPartRename::writeLabWithThreeMotors()
{
    const QString path =
        test::copyPartsFixtures(m_dir, {QStringLiteral("two-speed-parts.lab.json"), QStringLiteral("two_speed_planetary.part.json")});
    Json lab = Json::parse(test::readAll(path).toStdString());
    Json drive2 = lab["instances"][0];
    drive2["id"] = "drive2";
    lab["instances"].push_back(drive2);
    Json twin = {{"name", "twin"},
                 {"ports", Json::array({{{"name", "shaft"}, {"domain", "rotational"}}})},
                 {"instances", Json::array({{{"id", "inner"}, {"part", "motor_drive"}, {"ports", {{"shaft", "shaft"}}},
                                             {"parameters", {{"peak_torque", 100}}}}})}};
    lab["parts"].push_back(twin);
    lab["instances"].push_back({{"id", "tw"}, {"part", "twin"}, {"ports", {{"shaft", "input"}}}});
    for (const char* c : {"drive/motor", "drive2/motor", "tw/inner/motor", "drive/motorx"})
        lab["events"].push_back({{"time_ns", 1000000000}, {"component", c}, {"input", "command"}, {"value", 0.5}});
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return {};
    f.write(QByteArray::fromStdString(lab.dump(2)));
    return path;
}

std::vector<std::string> TestPartRename::eventComponents() const
{
    std::vector<std::string> out;
    for (const EventSpec& e : m_w->document()->lab().events) out.push_back(e.component);
    return out;
}

void TestPartRename::renameInsidePartRenamesTheLabsEvents()
{
    const QString path = writeLabWithThreeMotors();
    QVERIFY(!path.isEmpty());
    QVERIFY(m_w->openLab(path));
    LabDocument* doc = m_w->document();
    const auto& problems = doc->diagnostics();
    // the only problem is the event on the motor that does not exist (drive/motorx)
    for (const Diagnostic& d : problems) QVERIFY2(d.subject == "drive/motorx" || d.severity != Severity::Error, d.message.c_str());
    const std::string before = writeLab(doc->lab());
    QCOMPARE(eventComponents(), (std::vector<std::string>{"box/ring_brake", "box/direct_clutch", "drive/motor", "drive2/motor",
                                                          "tw/inner/motor", "drive/motorx"}));
    QCOMPARE(instancePathsOf(doc->lab(), "motor_drive"), (std::vector<std::string>{"drive", "drive2", "tw/inner"}));

    // rename the motor inside `drive` (as F2 or the form's id field do: a RenameCommand on the view)
    QString why;
    QVERIFY2(m_w->partNavigator()->openPath(QStringLiteral("drive"), &why), qPrintable(why));
    LabDocument* view = m_w->scene()->document();
    QVERIFY(view != doc);
    const int steps = doc->undoStack()->count();
    view->push(new RenameCommand(view, "motor", "traction"));
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    QCOMPARE(eventComponents(), (std::vector<std::string>{"box/ring_brake", "box/direct_clutch", "drive/traction", "drive2/traction",
                                                          "tw/inner/traction", "drive/motorx"}));
    QVERIFY(doc->lab().parts[0]["components"][0]["id"] == "traction");
    for (const Diagnostic& d : doc->diagnostics())
        QVERIFY2(d.subject == "drive/motorx" || d.severity != Severity::Error, (d.subject + ": " + d.message).c_str());
    const std::string renamed = writeLab(doc->lab());

    // one undo step: the lab's bytes back; redo: the renamed ones
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), before);
    QVERIFY2(m_w->scene()->componentItem(QStringLiteral("motor")), "the view shows the motor again");
    doc->undoStack()->redo();
    QCOMPARE(writeLab(doc->lab()), renamed);

    // the instance `inner` inside the inline part `twin`: the head of the longer paths
    m_w->partNavigator()->up();
    QVERIFY2(m_w->partNavigator()->openPath(QStringLiteral("tw"), &why), qPrintable(why));
    view = m_w->scene()->document();
    view->push(new RenameCommand(view, "inner", "inner2"));
    QCOMPARE(eventComponents()[4], std::string("tw/inner2/traction"));
    QCOMPARE(eventComponents()[2], std::string("drive/traction"));
    for (const Diagnostic& d : doc->diagnostics())
        QVERIFY2(d.subject == "drive/motorx" || d.severity != Severity::Error, (d.subject + ": " + d.message).c_str());
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), renamed);
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), before);
}

void TestPartRename::bindingsAndResultsFollow()
{
    PathReferences refs;
    refs.inputs.push_back({{"torque", {{"controller", "box/driver"}, {"scale", 2}}}, {"command", 0.5}});
    refs.inputs.push_back({{"command", {{"signal", "box/driver_cycle"}}}});
    refs.results = {{"vehicle", "box/driver/x"}, {"reference_speed", {{"signal", "other/driver"}}}};
    const PathReferences was = refs;
    QVERIFY(renameInsideInstances(refs, {"box"}, "driver", "pilot"));
    QCOMPARE(refs.inputs[0]["torque"]["controller"], Json("box/pilot"));
    QCOMPARE(refs.inputs[0]["torque"]["scale"], Json(2));
    QCOMPARE(refs.inputs[1], was.inputs[1]); // box/driver_cycle is another id
    QCOMPARE(refs.results["vehicle"], Json("box/pilot/x"));
    QCOMPARE(refs.results["reference_speed"], was.results["reference_speed"]);
    QVERIFY(!renameInsideInstances(refs, {"box"}, "nothing", "else"));
}

QTEST_MAIN(TestPartRename)
#include "tst_partrename.moc"

void TestPartRename::signalRenameInsidePartFollows()
{
    // the motor part gets a signal `cyc`; three torque sources of the lab are bound to it through
    // each instance, one to another id that merely starts the same (`drive/cycx`)
    const QString path = writeLabWithThreeMotors();
    QVERIFY(!path.isEmpty());
    {
        Json lab = Json::parse(test::readAll(path).toStdString());
        lab["parts"][0]["signals"] = Json::array({{{"id", "cyc"}, {"kind", "table"}, {"points", Json::array({{0, 1.0}, {10, 2.0}})}}});
        const char* bound[] = {"drive/cyc", "drive2/cyc", "tw/inner/cyc", "drive/cycx"};
        for (int k = 0; k < 4; ++k)
            lab["components"].push_back({{"id", "aux" + std::to_string(k)}, {"type", "torque_source"}, {"node_a", "wheels"},
                                         {"inputs", {{"torque", {{"signal", bound[k]}}}}}});
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(QByteArray::fromStdString(lab.dump(2)));
    }
    QVERIFY(m_w->openLab(path));
    LabDocument* doc = m_w->document();
    const auto boundTo = [doc] {
        std::vector<std::string> out;
        for (int k = 0; k < 4; ++k) out.push_back(doc->lab().findComponent("aux" + std::to_string(k))->inputs["torque"]["signal"]);
        return out;
    };
    const auto signalErrors = [doc] {
        int n = 0;
        for (const Diagnostic& d : doc->diagnostics()) n += d.severity == Severity::Error && d.subject.rfind("aux", 0) == 0 ? 1 : 0;
        return n;
    };
    QCOMPARE(signalErrors(), 1); // only drive/cycx does not exist
    const std::string before = writeLab(doc->lab());

    // open `drive`: the Signals panel lists the part's signals (not the lab's), and renaming `cyc`
    // in its form (a RenameSignalCommand on the part's view) is one undo step of the lab
    QString why;
    QVERIFY2(m_w->partNavigator()->openPath(QStringLiteral("drive"), &why), qPrintable(why));
    LabDocument* view = m_w->scene()->document();
    QVERIFY(view != doc);
    SignalsPanel* panel = m_w->signalsPanel();
    QCOMPARE(panel->document(), view);
    QCOMPARE(panel->ids(), QStringList{QStringLiteral("cyc")});
    const int steps = doc->undoStack()->count();
    panel->showSignal(QStringLiteral("cyc"));
    QLineEdit* idEdit = panel->form()->idEdit();
    idEdit->selectAll();
    QTest::keyClicks(idEdit, QStringLiteral("pedal"));
    QTest::keyClick(idEdit, Qt::Key_Return);
    QCOMPARE(panel->ids(), QStringList{QStringLiteral("pedal")});
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    QCOMPARE(doc->lab().parts[0]["signals"][0]["id"], Json("pedal"));
    QCOMPARE(boundTo(), (std::vector<std::string>{"drive/pedal", "drive2/pedal", "tw/inner/pedal", "drive/cycx"}));
    QCOMPARE(signalErrors(), 1);
    const std::string renamed = writeLab(doc->lab());

    // one undo step: the lab's bytes back; redo: the renamed ones
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), before);
    doc->undoStack()->redo();
    QCOMPARE(writeLab(doc->lab()), renamed);

    // back at the lab, the panel lists the lab's own signals again
    m_w->partNavigator()->goTo(0);
    QCOMPARE(panel->document(), doc);
    QCOMPARE(panel->ids(), QStringList{});
}

void TestPartRename::labSignalRenameFollowsTheReferenceSpeed()
{
    // car-ftp75's results follow the signal `cycle` (reference_speed.signal); renaming the signal in
    // the lab rebinds the driver's input and the results, so the lab stays valid
    QVERIFY(m_w->openLab(test::labPath(QStringLiteral("car-ftp75.lab.json"))));
    LabDocument* doc = m_w->document();
    const auto errors = [doc] {
        std::vector<std::string> out;
        for (const Diagnostic& d : doc->diagnostics())
            if (d.severity == Severity::Error) out.push_back(d.subject + ": " + d.message);
        return out;
    };
    QCOMPARE(errors(), std::vector<std::string>{});
    QCOMPARE(doc->lab().results["reference_speed"]["signal"], Json("cycle"));
    const std::string before = writeLab(doc->lab());
    doc->push(new RenameSignalCommand(doc, "cycle", "ftp75"));
    QCOMPARE(doc->lab().results["reference_speed"]["signal"], Json("ftp75"));
    QCOMPARE(errors(), std::vector<std::string>{});
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), before);
}
