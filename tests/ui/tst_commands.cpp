// Undo/redo of every command type: after each edit the lab is saved through the real
// save path and the file kept; undoing walks back through exactly those files, redoing
// walks forward through them again.
//
//   open converter-launch  ->  step 1 .. N (one command type or macro each)
//   undo N times: file after each undo == file before that step
//   redo N times: file after each redo == file after that step
#include <map>

#include <QUndoStack>
#include <QtTest>

#include "canvas/canvaseditor.h"
#include "canvas/labscene.h"
#include "commands/addeventcommand.h"
#include "commands/additemcommand.h"
#include "commands/connectcommand.h"
#include "commands/deleteitemscommand.h"
#include "commands/disconnectcommand.h"
#include "commands/editeventcommand.h"
#include "commands/labinfocommand.h"
#include "commands/moveitemscommand.h"
#include "commands/pastecommand.h"
#include "commands/removeeventscommand.h"
#include "commands/renamecommand.h"
#include "commands/runsettingscommand.h"
#include "commands/setvaluecommand.h"
#include "commands/transformitemscommand.h"
#include "components/registry.h"
#include "document/clipboard.h"
#include "document/itemfactory.h"
#include "document/labdocument.h"
#include "spec/labreader.h"
#include "spec/runmethods.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

class TestCommands : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::isolate(); }
    void undoRedoEveryCommandType();
    void dragStepsMergeIntoOneMove();
    void runSettingsNamesEachMethod();
    void deleteRestoresBindingsEventsAndLayoutOrder();
    void renameKeepsLayoutPosition();

private:
    QString saved(MainWindow& w)
    {
        const QString path = m_dir.filePath(QStringLiteral("step.lab.json"));
        if (!w.files()->saveTo(path)) return QStringLiteral("<save failed>");
        return QString::fromUtf8(test::readAll(path));
    }
    QTemporaryDir m_dir;
};

void TestCommands::undoRedoEveryCommandType()
{
    MainWindow w({m_dir.filePath(QStringLiteral("recovery")), false});
    test::ScriptedPrompter prompter;
    w.setPrompter(&prompter);
    QVERIFY(w.openLab(test::labPath(QStringLiteral("converter-launch.lab.json"))));
    LabDocument* doc = w.document();
    QUndoStack* undo = doc->undoStack();
    QStringList files{saved(w)};
    QStringList names;
    const auto step = [&](const QString& name, const std::function<void()>& edit) {
        const int before = undo->index();
        edit();
        QVERIFY2(undo->index() == before + 1, qPrintable(name + ": expected exactly one undo step"));
        files << saved(w);
        names << name;
        QVERIFY2(files.back() != files[files.size() - 2], qPrintable(name + ": the edit changed nothing"));
    };

    step("add node", [&] {
        w.scene()->addFromPalette("node:rotational", QPointF(900, 300));
    });
    const std::string shaft = doc->lab().nodes.back().id;
    step("add component", [&] {
        w.scene()->addFromPalette("component:spring", QPointF(1000, 300));
    });
    const std::string spring = doc->lab().components.back().id;
    step("connect", [&] {
        doc->push(new ConnectCommand(doc, spring, "node_a", "wheels"));
    });
    step("connect (port to a node ahead of node_a in the ports)", [&] {
        doc->push(new ConnectCommand(doc, spring, "node_b", shaft));
    });
    step("connect (replace a binding)", [&] {
        doc->push(new ConnectCommand(doc, spring, "node_b", "ground"));
    });
    step("disconnect", [&] {
        doc->push(new DisconnectCommand(doc, "tc", "heat_node"));
    });
    step("move (a merged drag)", [&] {
        for (int i = 1; i <= 3; ++i) {
            MoveItemsCommand::Moves m;
            const Placement from = *placementOf(doc->lab(), "tc");
            Placement to = from;
            to.x += 10.0 * i;
            m["tc"] = {from, to};
            doc->push(new MoveItemsCommand(doc, m, 77));
        }
    });
    step("rotate", [&] {
        doc->push(new TransformItemsCommand(doc, {"engine", "tc"}, TransformItemsCommand::Operation::RotateClockwise));
    });
    step("flip", [&] {
        doc->push(new TransformItemsCommand(doc, {"lockup"}, TransformItemsCommand::Operation::Flip));
    });
    step("rename node", [&] {
        doc->push(new RenameCommand(doc, "turbine", "turbine_shaft"));
    });
    step("rename component with events", [&] {
        doc->push(new RenameCommand(doc, "lockup", "lockup_clutch"));
    });
    step("set node field", [&] {
        doc->push(new SetValueCommand(doc, {ValueTarget::Kind::NodeField, "engine", "inertia"}, Json(0.3)));
    });
    step("set parameter", [&] {
        doc->push(new SetValueCommand(doc, {ValueTarget::Kind::Parameter, "final_drive", "ratio"}, Json(7.5)));
    });
    step("clear optional parameter", [&] {
        doc->push(new SetValueCommand(doc, {ValueTarget::Kind::Parameter, "lockup_clutch", "kinetic_ratio"}, std::nullopt));
    });
    step("set input", [&] {
        doc->push(new SetValueCommand(doc, {ValueTarget::Kind::Input, "engine_torque", "command"}, Json(0.25)));
    });
    step("set table", [&] {
        Json map = doc->lab().findComponent("tc")->parameters["pump_positive"];
        map[3]["torque_ratio"] = 1.55;
        doc->push(new SetValueCommand(doc, {ValueTarget::Kind::Parameter, "tc", "pump_positive"}, map));
    });
    step("paste", [&] {
        auto bundle = pasteBundle(doc->lab(), copyItems(doc->lab(), {"lockup_clutch", "engine"}), 40.0);
        QVERIFY(bundle.has_value());
        doc->push(new PasteCommand(doc, std::move(*bundle)));
    });
    step("add component (damper)", [&] {
        const ComponentDescriptor* d = findComponentDescriptor("damper");
        doc->push(new AddItemCommand(doc, newComponentBundle(doc->lab(), *d, {0, 600, 0, false})));
    });
    const std::string damper = doc->lab().components.back().id;
    step("connect to a new node (macro of add and connect)", [&] {
        ItemBundle node = newNodeBundle(doc->lab(), *nodeDomainDescriptor(Domain::Thermal), {0, 700, 0, false});
        const std::string id = node.nodes.front().spec.id;
        undo->beginMacro("connect to new node");
        doc->push(new AddItemCommand(doc, std::move(node)));
        doc->push(new ConnectCommand(doc, damper, "heat_node", id));
        undo->endMacro();
    });
    step("delete node with bindings", [&] {
        doc->push(new DeleteItemsCommand(doc, {"turbine_shaft"}));
    });
    step("delete component with events", [&] {
        doc->push(new DeleteItemsCommand(doc, {"engine_torque"}));
    });
    step("run settings", [&] {
        RunSpec r = doc->lab().run;
        r.durationNs = 6000000000;
        doc->push(new RunSettingsCommand(doc, r));
    });
    step("lab info", [&] {
        doc->push(new LabInfoCommand(doc, "renamed-lab", Json("new text")));
    });
    step("add event", [&] {
        doc->push(new AddEventCommand(doc, {4000000000, "lockup_clutch", "capacity", 10.0}, 0));
    });
    step("edit event", [&] {
        doc->push(new EditEventCommand(doc, 1, {3500000000, "lockup_clutch", "capacity", 500.0}));
    });
    step("remove events", [&] {
        doc->push(new RemoveEventsCommand(doc, {0, 1}));
    });
    step("delete selection through the canvas", [&] {
        w.scene()->selectIds({"final_drive", "oil"});
        w.canvasEditor()->deleteSelection();
    });

    // back through every state
    for (int i = files.size() - 1; i > 0; --i) {
        undo->undo();
        const QString now = saved(w);
        QVERIFY2(now == files[i - 1], qPrintable(QStringLiteral("undo of '%1' did not restore the file before it").arg(names[i - 1])));
    }
    QVERIFY(!undo->canUndo());
    QCOMPARE(names.size(), 27);
    // and forward again
    for (int i = 1; i < files.size(); ++i) {
        undo->redo();
        const QString now = saved(w);
        QVERIFY2(now == files[i], qPrintable(QStringLiteral("redo of '%1' did not give the file after it").arg(names[i - 1])));
    }
    QVERIFY(!undo->canRedo());
}

// the undo text of a method change names the method set, as the Method box does: each of the
// core's methods (runMethods()), and back to the midpoint from radau3
void TestCommands::runSettingsNamesEachMethod()
{
    LabDocument doc;
    LabSpec lab;
    lab.nodes.push_back({"a", "rotational", Json{{"inertia", 1.0}, {"initial_speed", 0.0}}});
    doc.reset(lab, QString());
    const std::map<RunMethod, QString> names{{RunMethod::Midpoint, QStringLiteral("Set method implicit midpoint")},
                                             {RunMethod::Gauss2, QStringLiteral("Set method Gauss–Legendre")},
                                             {RunMethod::Radau3, QStringLiteral("Set method Radau IIA")}};
    QCOMPARE(names.size(), runMethods().size());
    QCOMPARE(doc.lab().run.method, RunMethod::Absent);
    for (const RunMethodInfo& m : runMethods()) { // midpoint (from absent), gauss2, radau3
        RunSpec r = doc.lab().run;
        r.method = m.method;
        doc.push(new RunSettingsCommand(&doc, r));
        QCOMPARE(doc.undoStack()->undoText(), names.at(m.method));
    }
    QCOMPARE(doc.lab().run.method, RunMethod::Radau3);
    RunSpec back = doc.lab().run;
    back.method = RunMethod::Midpoint;
    doc.push(new RunSettingsCommand(&doc, back));
    QCOMPARE(doc.undoStack()->undoText(), names.at(RunMethod::Midpoint));
    doc.undoStack()->undo();
    QCOMPARE(doc.lab().run.method, RunMethod::Radau3);
}

void TestCommands::dragStepsMergeIntoOneMove()
{
    LabDocument doc;
    LabSpec lab;
    lab.nodes.push_back({"a", "rotational", Json{{"inertia", 1.0}, {"initial_speed", 0.0}}});
    writePlacement(lab, "a", {0, 0, 0, false});
    doc.reset(lab, QString());
    for (int i = 1; i <= 5; ++i) {
        MoveItemsCommand::Moves m;
        m["a"] = {Placement{0, 0, 0, false}, Placement{10.0 * i, 0, 0, false}};
        doc.push(new MoveItemsCommand(&doc, m, 5));
    }
    QCOMPARE(doc.undoStack()->count(), 1);
    QCOMPARE(placementOf(doc.lab(), "a")->x, 50.0);
    doc.undoStack()->undo();
    QCOMPARE(placementOf(doc.lab(), "a")->x, 0.0);
    // a new drag is a new command
    doc.undoStack()->redo();
    MoveItemsCommand::Moves m;
    m["a"] = {Placement{50, 0, 0, false}, Placement{60, 0, 0, false}};
    doc.push(new MoveItemsCommand(&doc, m, 6));
    QCOMPARE(doc.undoStack()->count(), 2);
    // a drag back to where it started leaves nothing to undo
    MoveItemsCommand::Moves back;
    back["a"] = {Placement{60, 0, 0, false}, Placement{70, 0, 0, false}};
    doc.push(new MoveItemsCommand(&doc, back, 7));
    MoveItemsCommand::Moves home;
    home["a"] = {Placement{60, 0, 0, false}, Placement{60, 0, 0, false}};
    doc.push(new MoveItemsCommand(&doc, home, 7));
    QCOMPARE(doc.undoStack()->count(), 2);
}

void TestCommands::deleteRestoresBindingsEventsAndLayoutOrder()
{
    LabDocument doc;
    const auto text = test::readAll(test::labPath(QStringLiteral("two-speed-shift.lab.json")));
    auto r = readLab(text.toStdString());
    QVERIFY(r.lab);
    LabSpec lab = *r.lab;
    for (const auto& n : lab.nodes) writePlacement(lab, n.id, {1, 2, 0, false});
    for (const auto& c : lab.components) writePlacement(lab, c.id, {3, 4, 90, true});
    doc.reset(lab, QString());
    const std::string before = writeLab(doc.lab());
    // a node in the middle (bound by several components) and a component with events
    doc.push(new DeleteItemsCommand(&doc, {"ring", "direct_clutch", "input"}));
    QVERIFY(doc.lab().findNode("ring") == nullptr);
    for (const auto& c : doc.lab().components) {
        for (const auto& [port, node] : c.ports) QVERIFY(node != "ring" && node != "input");
    }
    for (const auto& e : doc.lab().events) QVERIFY(e.component != "direct_clutch");
    doc.undoStack()->undo();
    QCOMPARE(writeLab(doc.lab()), before);
}

void TestCommands::renameKeepsLayoutPosition()
{
    LabDocument doc;
    LabSpec lab;
    lab.nodes.push_back({"a", "rotational", Json{{"inertia", 1.0}, {"initial_speed", 0.0}}});
    lab.nodes.push_back({"b", "rotational", Json{{"inertia", 1.0}, {"initial_speed", 0.0}}});
    writePlacement(lab, "a", {0, 0, 0, false});
    writePlacement(lab, "b", {100, 0, 0, false});
    doc.reset(lab, QString());
    const std::string before = writeLab(doc.lab());
    QVERIFY(RenameCommand::whyNot(doc.lab(), "a", "b").size() > 0);
    QVERIFY(RenameCommand::whyNot(doc.lab(), "a", "9x").size() > 0);
    QVERIFY(RenameCommand::whyNot(doc.lab(), "a", "ground").size() > 0);
    doc.push(new RenameCommand(&doc, "a", "alpha"));
    QCOMPARE(doc.lab().layout.begin().key(), std::string("alpha"));
    doc.undoStack()->undo();
    QCOMPARE(writeLab(doc.lab()), before);
}

QTEST_MAIN(TestCommands)
#include "tst_commands.moc"
