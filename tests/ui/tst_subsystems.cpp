// Issue 36 (editor half): labs with parts in the editor.
//  - a version-2 lab with parts and instances opens with each instance drawn as a block whose
//    ports are the part's exposed ports (domains, bindings, wires), runs (observables named by
//    path: box/ring_brake), and saves back the lab as written (parts and instances byte for byte);
//  - an instance's port is wired with the mouse like a component's, one undo step back to the bytes;
//  - the live plots' picker lists the observables inside instances under their path ids.
#include <QApplication>
#include <QTreeWidget>
#include <QtTest>

#include "actionset.h"
#include "canvas/canvaseditor.h"
#include "canvas/componentitem.h"
#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "canvas/nodeitem.h"
#include "canvas/portitem.h"
#include "canvas/wireitem.h"
#include "document/labdocument.h"
#include "files/filecontroller.h"
#include "mainwindow.h"
#include "plots/plotarea.h"
#include "properties/expressionedit.h"
#include "properties/instanceform.h"
#include "properties/propertypanel.h"
#include "plots/plotpanel.h"
#include "simulation/runcontroller.h"
#include "solver/session.h"
#include "spec/labreader.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

class TestSubsystems : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void instancesAreBlocksWithTheirPorts();
    void labWithPartsSavesAsWritten();
    void instancePortIsWiredByMouse();
    void runPlotsObservablesInsideInstances();
    void deleteAnInstanceAndUndo();
    void instanceFormEditsParameters();
    void groupAndUngroupWithKeys();
    void ungroupPutsItemsBackWhereTheyWere();

private:
    QPoint at(const QPointF& scenePos) const { return m_w->view()->mapFromScene(scenePos); }
    void drag(const QPointF& from, const QPointF& to);
    /// the two-speed lab with parts, copied with its part file into the test's folder
    QString copyTwoSpeed();

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_w;
    test::ScriptedPrompter m_prompter;
};

void TestSubsystems::init()
{
    m_w = test::shownMainWindow(m_dir, &m_prompter);
    QVERIFY(m_w);
}

void TestSubsystems::cleanup()
{
    m_prompter.saveChoices.push_back(Prompter::SaveChoice::Discard);
    m_w.reset();
}

QString TestSubsystems::copyTwoSpeed()
{
    return test::copyPartsFixtures(m_dir, {QStringLiteral("two-speed-parts.lab.json"), QStringLiteral("two_speed_planetary.part.json")});
}

void TestSubsystems::drag(const QPointF& from, const QPointF& to)
{
    QWidget* vp = m_w->view()->viewport();
    QTest::mousePress(vp, Qt::LeftButton, {}, at(from));
    for (int i = 1; i <= 6; ++i) QTest::mouseMove(vp, at(from + (to - from) * (i / 6.0)));
    QTest::mouseRelease(vp, Qt::LeftButton, {}, at(to));
}

void TestSubsystems::instancesAreBlocksWithTheirPorts()
{
    QVERIFY(m_w->openLab(copyTwoSpeed()));
    QVERIFY2(m_w->document()->isValid(), "the fixture compiles");
    LabScene* scene = m_w->scene();
    // the box: the part file's four ports, in its order, bound as the instance says
    ComponentItem* box = scene->componentItem(QStringLiteral("box"));
    QVERIFY2(box, "the instance 'box' is drawn");
    QStringList names;
    for (PortItem* p : box->ports()) names << p->name();
    QCOMPARE(names, (QStringList{"sun", "ring", "carrier", "case"}));
    QCOMPARE(box->port(QStringLiteral("sun"))->node(), QStringLiteral("input"));
    QCOMPARE(box->port(QStringLiteral("carrier"))->node(), QStringLiteral("carrier"));
    QCOMPARE(box->port(QStringLiteral("case"))->domain(), Domain::Thermal);
    QCOMPARE(box->port(QStringLiteral("ring"))->domain(), Domain::Rotational);
    QCOMPARE(box->port(QStringLiteral("case"))->binding(), PortItem::Binding::Node);
    for (const char* port : {"sun", "ring", "carrier", "case"}) {
        WireItem* w = scene->wire(QStringLiteral("box"), QString::fromLatin1(port));
        QVERIFY2(w, port);
        QVERIFY(w->route().size() >= 2);
    }
    // the inline motor part: one port, its given parameters on the label (as written)
    ComponentItem* drive = scene->componentItem(QStringLiteral("drive"));
    QVERIFY(drive);
    QCOMPARE(drive->ports().size(), 1);
    QCOMPARE(drive->port(QStringLiteral("shaft"))->node(), QStringLiteral("input"));
    QVERIFY2(drive->detail().contains(QStringLiteral("corner_speed =2*200")), qPrintable(drive->detail()));
    // every instance got a place of its own, upright (its caption stays readable)
    QVERIFY(!box->sceneBoundingRect().intersects(drive->sceneBoundingRect()));
    QCOMPARE(drive->placement().rotation % 180, 0);
    QCOMPARE(box->placement().rotation % 180, 0);
    QVERIFY(!box->symbolRect().isEmpty());
}

void TestSubsystems::labWithPartsSavesAsWritten()
{
    const QString path = copyTwoSpeed();
    const QByteArray original = test::readAll(path);
    QVERIFY(m_w->openLab(path));
    QVERIFY(m_w->files()->save());
    const QByteArray saved = test::readAll(path);
    // the editor adds its layout (an entry per node, component and instance); everything else is
    // what the writer makes of the file (the same as drivelab-cli's writer), byte for byte
    const LabReadResult read = readLab(original.toStdString());
    QVERIFY(read.lab);
    LabReadResult back = readLab(saved.toStdString());
    QVERIFY(back.lab);
    QVERIFY(back.lab->layout.contains("box"));
    QVERIFY(back.lab->layout.contains("drive"));
    back.lab->layout = Json::object();
    QCOMPARE(writeLab(*back.lab), writeLab(*read.lab));
    // opened again and saved: the same bytes
    QVERIFY(m_w->openLab(path));
    QVERIFY(m_w->files()->save());
    QCOMPARE(test::readAll(path), saved);
}

void TestSubsystems::instancePortIsWiredByMouse()
{
    QVERIFY(m_w->openLab(copyTwoSpeed()));
    LabDocument* doc = m_w->document();
    const std::string before = writeLab(doc->lab());
    // free the box's ring port through the undo stack's own command path: right-click menus do
    // the same; here drag the port onto the wheels node instead (a rotational node: accepted)
    ComponentItem* box = m_w->scene()->componentItem(QStringLiteral("box"));
    NodeItem* wheels = m_w->scene()->nodeItem(QStringLiteral("wheels"));
    QVERIFY(box && wheels);
    m_w->view()->centerOn(box);
    m_w->view()->ensureVisible(wheels);
    drag(box->port(QStringLiteral("ring"))->scenePos(), wheels->scenePos());
    QCOMPARE(QString::fromStdString(doc->lab().findInstance("box")->ports["ring"].get<std::string>()), QStringLiteral("wheels"));
    QCOMPARE(m_w->scene()->componentItem(QStringLiteral("box"))->port(QStringLiteral("ring"))->node(), QStringLiteral("wheels"));
    // the key order of the instance's ports is kept (a binding replaced in place)
    QStringList keys;
    for (auto it = doc->lab().findInstance("box")->ports.begin(); it != doc->lab().findInstance("box")->ports.end(); ++it)
        keys << QString::fromStdString(it.key());
    QCOMPARE(keys, (QStringList{"sun", "ring", "carrier", "case"}));
    // a thermal port refuses a rotational node
    box = m_w->scene()->componentItem(QStringLiteral("box"));
    drag(box->port(QStringLiteral("case"))->scenePos(), m_w->scene()->nodeItem(QStringLiteral("carrier"))->scenePos());
    QCOMPARE(QString::fromStdString(doc->lab().findInstance("box")->ports["case"].get<std::string>()), QStringLiteral("gearbox"));
    // one undo step back to the bytes
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), before);
}

void TestSubsystems::runPlotsObservablesInsideInstances()
{
    QVERIFY(m_w->openLab(copyTwoSpeed()));
    QVERIFY(m_w->runController()->runTo(0.5));
    const auto& model = m_w->runController()->model();
    QVERIFY(model);
    QStringList subjects;
    for (const ObservableRef& r : observableLayout(*model)) subjects << QString::fromStdString(r.subject);
    QVERIFY(subjects.contains(QStringLiteral("box/ring_brake")));
    QVERIFY(subjects.contains(QStringLiteral("drive/motor")));
    // the picker lists them under their path ids; a double-click plots one
    PlotArea* area = m_w->runController()->plots();
    area->showPicker();
    auto* picker = area->findChild<QDialog*>(QStringLiteral("observablePicker"));
    QVERIFY(picker);
    auto* tree = picker->findChild<QTreeWidget*>();
    const auto found = tree->findItems(QStringLiteral("box/ring_brake"), Qt::MatchExactly);
    QCOMPARE(found.size(), 1);
    QTreeWidgetItem* heat = nullptr;
    for (int i = 0; i < found[0]->childCount(); ++i) {
        if (found[0]->child(i)->text(0) == QLatin1String("friction_heat")) heat = found[0]->child(i);
    }
    QVERIFY(heat);
    QVERIFY(QTest::qWaitForWindowExposed(picker));
    found[0]->setExpanded(true);
    tree->scrollToItem(heat);
    const QRect r = tree->visualItemRect(heat);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, r.center());
    QTest::mouseDClick(tree->viewport(), Qt::LeftButton, {}, r.center());
    QStringList plotted;
    for (PlotPanel* p : area->panels()) {
        for (const auto& k : p->keys()) plotted << k.text();
    }
    QVERIFY2(plotted.contains(QStringLiteral("box/ring_brake.friction_heat")), qPrintable(plotted.join(QLatin1Char(' '))));
    picker->close();
}

void TestSubsystems::deleteAnInstanceAndUndo()
{
    QVERIFY(m_w->openLab(copyTwoSpeed()));
    LabDocument* doc = m_w->document();
    const std::string before = writeLab(doc->lab());
    ComponentItem* box = m_w->scene()->componentItem(QStringLiteral("box"));
    m_w->view()->centerOn(box);
    QTest::mouseClick(m_w->view()->viewport(), Qt::LeftButton, {}, at(box->scenePos()));
    QCOMPARE(m_w->scene()->selectedIds(), (std::set<std::string>{"box"}));
    QTest::keyClick(m_w->view(), Qt::Key_Delete);
    QVERIFY(!doc->lab().findInstance("box"));
    QVERIFY(!m_w->scene()->componentItem(QStringLiteral("box")));
    // its events (on box/ring_brake, box/direct_clutch) and its layout entry go with it
    QVERIFY(doc->lab().events.empty());
    QVERIFY(!doc->lab().layout.contains("box"));
    // deleting the node an instance's port is bound to unbinds that port; undo puts it back in place
    m_w->scene()->selectIds({QStringLiteral("input")});
    QTest::keyClick(m_w->view(), Qt::Key_Delete);
    QVERIFY(!doc->lab().findInstance("drive")->ports.contains("shaft"));
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), before);
    QVERIFY(m_w->scene()->componentItem(QStringLiteral("box")));
}

void TestSubsystems::instanceFormEditsParameters()
{
    QVERIFY(m_w->openLab(copyTwoSpeed()));
    LabDocument* doc = m_w->document();
    std::vector<std::string> states{writeLab(doc->lab())};
    ComponentItem* box = m_w->scene()->componentItem(QStringLiteral("box"));
    m_w->view()->centerOn(box);
    QTest::mouseClick(m_w->view()->viewport(), Qt::LeftButton, {}, at(box->scenePos()));
    InstanceForm* form = m_w->properties()->instanceForm();
    QVERIFY2(form, "clicking an instance shows its form");
    // every parameter of the part, as the instance gives it (or empty with the part's default)
    for (const char* n : {"sun_teeth", "ring_ratio", "brake_capacity", "kinetic_ratio"}) QVERIFY2(form->parameterEdit(QString::fromLatin1(n)), n);
    ExpressionEdit* capacity = form->parameterEdit(QStringLiteral("brake_capacity"));
    ExpressionEdit* teeth = form->parameterEdit(QStringLiteral("sun_teeth"));
    QCOMPARE(capacity->text(), QStringLiteral("900"));
    QCOMPARE(teeth->text(), QString());
    QCOMPARE(teeth->placeholderText(), QStringLiteral("default: 30"));
    const auto given = [&](const char* n) { return doc->lab().findInstance("box")->parameters.value(n, Json()); };
    // a number, typed and committed with Return
    test::retype(capacity, QStringLiteral("800"));
    QTest::keyClick(capacity, Qt::Key_Return);
    QCOMPARE(given("brake_capacity"), Json(800.0));
    states.push_back(writeLab(doc->lab()));
    // an expression is stored as typed
    test::retype(capacity, QStringLiteral("=2*400"));
    QTest::keyClick(capacity, Qt::Key_Return);
    QCOMPARE(given("brake_capacity"), Json("=2*400"));
    QVERIFY(doc->isValid());
    states.push_back(writeLab(doc->lab()));
    // a broken expression is refused whole with muParser's reason; the lab keeps its value
    test::retype(capacity, QStringLiteral("=2*"));
    QTest::keyClick(capacity, Qt::Key_Return);
    QCOMPARE(given("brake_capacity"), Json("=2*400"));
    QVERIFY(capacity->property("unfinished").toBool());
    QVERIFY2(capacity->toolTip().contains(QStringLiteral("Unexpected end of expression")), qPrintable(capacity->toolTip()));
    QTest::keyClick(capacity, Qt::Key_Escape);
    QCOMPARE(capacity->text(), QStringLiteral("=2*400"));
    QVERIFY(!capacity->property("unfinished").toBool());
    // half-typed numbers are refused too
    test::retype(capacity, QStringLiteral("1e"));
    QTest::keyClick(capacity, Qt::Key_Return);
    QCOMPARE(given("brake_capacity"), Json("=2*400"));
    QTest::keyClick(capacity, Qt::Key_Escape);
    // a value out of the part's range is stored and marked with the core's message
    test::retype(capacity, QStringLiteral("-5"));
    QTest::keyClick(capacity, Qt::Key_Return);
    QCOMPARE(given("brake_capacity"), Json(-5.0));
    QVERIFY(!doc->isValid());
    form = m_w->properties()->instanceForm();
    capacity = form->parameterEdit(QStringLiteral("brake_capacity"));
    QTRY_VERIFY(capacity->property("problem").toBool()); // marked with the edit's compile, after its event
    QVERIFY2(capacity->toolTip().contains(QStringLiteral("must be in [0")), qPrintable(capacity->toolTip()));
    states.push_back(writeLab(doc->lab()));
    // a parameter the instance did not give goes where the part lists it (before brake_capacity)
    teeth = form->parameterEdit(QStringLiteral("sun_teeth"));
    test::retype(teeth, QStringLiteral("32"));
    QTest::keyClick(teeth, Qt::Key_Tab);
    QStringList keys;
    for (auto it = doc->lab().findInstance("box")->parameters.begin(); it != doc->lab().findInstance("box")->parameters.end(); ++it)
        keys << QString::fromStdString(it.key());
    QCOMPARE(keys, (QStringList{"sun_teeth", "brake_capacity"}));
    states.push_back(writeLab(doc->lab()));
    // cleared: the part's default again (the key is removed)
    teeth = m_w->properties()->instanceForm()->parameterEdit(QStringLiteral("sun_teeth"));
    test::retype(teeth, QString());
    QTest::keyClick(teeth, Qt::Key_Return);
    QVERIFY(!doc->lab().findInstance("box")->parameters.contains("sun_teeth"));
    states.push_back(writeLab(doc->lab()));
    // each commit one undo step, byte for byte both ways
    test::walkUndoRedo(doc, states);
}

void TestSubsystems::groupAndUngroupWithKeys()
{
    QVERIFY(m_w->openLab(copyTwoSpeed()));
    LabDocument* doc = m_w->document();
    const LabSpec original = doc->lab();
    const std::string before = writeLab(doc->lab());
    // select the final drive, the road load and the wheels with the mouse (Ctrl+click adds)
    LabScene* scene = m_w->scene();
    QWidget* vp = m_w->view()->viewport();
    m_w->view()->fitInView(scene->contentRect(), Qt::KeepAspectRatio);
    QTest::mouseClick(vp, Qt::LeftButton, {}, at(scene->componentItem(QStringLiteral("final_drive"))->scenePos()));
    QTest::mouseClick(vp, Qt::LeftButton, Qt::ControlModifier, at(scene->componentItem(QStringLiteral("road_load"))->scenePos()));
    QTest::mouseClick(vp, Qt::LeftButton, Qt::ControlModifier, at(scene->nodeItem(QStringLiteral("wheels"))->scenePos()));
    QCOMPARE(scene->selectedIds(), (std::set<std::string>{"final_drive", "road_load", "wheels"}));
    QVERIFY(m_w->actions()->group->isEnabled());
    m_w->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_w.get()));
    m_w->view()->setFocus();
    QTest::keyClick(m_w->view(), Qt::Key_G, Qt::ControlModifier);
    // a part with the crossing wire (final_drive to carrier) as its one port, placed by an instance
    const LabSpec& lab = doc->lab();
    QVERIFY2(lab.findInstance("subsystem1"), "Ctrl+G made an instance");
    QVERIFY(!lab.findComponent("final_drive") && !lab.findComponent("road_load") && !lab.findNode("wheels"));
    const Json& part = lab.parts.back();
    QCOMPARE(part["name"], Json("subsystem1"));
    QCOMPARE(part["ports"], Json::parse(R"([{"name": "carrier", "domain": "rotational"}])"));
    QCOMPARE(part["nodes"].size(), std::size_t(1));
    QCOMPARE(part["components"].size(), std::size_t(2));
    QCOMPARE(lab.findInstance("subsystem1")->ports, Json::parse(R"({"carrier": "carrier"})"));
    QVERIFY2(doc->isValid(), doc->diagnostics().empty() ? "" : doc->diagnostics().front().message.c_str());
    ComponentItem* block = scene->componentItem(QStringLiteral("subsystem1"));
    QVERIFY(block);
    QCOMPARE(block->port(QStringLiteral("carrier"))->node(), QStringLiteral("carrier"));
    QCOMPARE(scene->selectedIds(), (std::set<std::string>{"subsystem1"}));
    const std::string grouped = writeLab(doc->lab());
    // one undo step back to the bytes, redo to the group
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), before);
    doc->undoStack()->redo();
    QCOMPARE(writeLab(doc->lab()), grouped);
    // the grouped lab runs: the wheels' speed is an observable of the instance's path
    QVERIFY(m_w->runController()->runTo(0.1));
    bool wheels = false;
    for (const ObservableRef& r : observableLayout(*m_w->runController()->model())) wheels = wheels || r.subject == "subsystem1/wheels";
    QVERIFY(wheels);
    // Ungroup (Ctrl+Shift+G): every item back as it was, the part gone
    scene->selectIds({QStringLiteral("subsystem1")});
    m_w->view()->setFocus();
    QTest::keyClick(m_w->view(), Qt::Key_G, Qt::ControlModifier | Qt::ShiftModifier);
    QVERIFY(!doc->lab().findInstance("subsystem1"));
    QCOMPARE(doc->lab().parts, original.parts);
    QCOMPARE(doc->lab().instances.size(), original.instances.size());
    QCOMPARE(writeLab(doc->lab()).size(), before.size());
    for (const char* id : {"final_drive", "road_load"}) {
        QVERIFY(doc->lab().findComponent(id));
        QCOMPARE(doc->lab().findComponent(id)->ports, original.findComponent(id)->ports);
        QCOMPARE(doc->lab().findComponent(id)->parameters, original.findComponent(id)->parameters);
    }
    QCOMPARE(doc->lab().findNode("wheels")->fields, original.findNode("wheels")->fields);
    QCOMPARE(doc->lab().layout["wheels"], original.layout["wheels"]);
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), grouped);
    // a part file's instance is not ungrouped: the status bar says why, nothing changes
    scene->selectIds({QStringLiteral("box")});
    QSignalSpy hints(m_w->canvasEditor(), &CanvasEditor::hint);
    m_w->view()->setFocus();
    QTest::keyClick(m_w->view(), Qt::Key_G, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(writeLab(doc->lab()), grouped);
    QVERIFY(!hints.isEmpty());
    QVERIFY2(hints.last().at(0).toString().contains(QStringLiteral("two_speed_planetary.part.json")), qPrintable(hints.last().at(0).toString()));
}

void TestSubsystems::ungroupPutsItemsBackWhereTheyWere()
{
    // the shipped two-speed lab, laid out (so every item has a layout entry, in the lab's order)
    const QString path = m_dir.filePath(QStringLiteral("two-speed-shift.lab.json"));
    QFile::remove(path);
    QVERIFY(QFile::copy(test::labPath(QStringLiteral("two-speed-shift.lab.json")), path));
    QFile(path).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    QVERIFY(m_w->openLab(path));
    LabDocument* doc = m_w->document();
    QVERIFY(m_w->files()->save());
    const QByteArray opened = test::readAll(path);
    QCOMPARE(writeLab(doc->lab()), opened.toStdString());
    for (bool laidOut : {false, true}) {
        if (laidOut) {
            m_w->actions()->arrange->trigger();
            QVERIFY(doc->lab().layout.size() >= 11);
        }
        const std::string before = writeLab(doc->lab());
        // the gear set, its brake and clutch and the ring node: the middle of the lab's lists, two events on them
        m_w->scene()->selectIds({QStringLiteral("gearset"), QStringLiteral("ring_brake"), QStringLiteral("direct_clutch"), QStringLiteral("ring")});
        m_w->actions()->group->trigger();
        QVERIFY(doc->lab().findInstance("subsystem1"));
        QVERIFY(!doc->lab().findNode("ring"));
        QCOMPARE(doc->lab().events.front().component, std::string("subsystem1/ring_brake"));
        const std::string grouped = writeLab(doc->lab());
        m_w->scene()->selectIds({QStringLiteral("subsystem1")});
        m_w->actions()->ungroup->trigger();
        QVERIFY(!doc->lab().findInstance("subsystem1"));
        // every item where it stood: the lab's bytes
        QCOMPARE(writeLab(doc->lab()), before);
        // undo: grouped again, byte for byte; undo again: as before
        doc->undoStack()->undo();
        QCOMPARE(writeLab(doc->lab()), grouped);
        doc->undoStack()->undo();
        QCOMPARE(writeLab(doc->lab()), before);
        doc->undoStack()->redo();
        doc->undoStack()->redo();
        QCOMPARE(writeLab(doc->lab()), before);
    }
    // saved after the round trips (and the arrange undone), the file is the one opened
    doc->undoStack()->setIndex(0);
    QVERIFY(m_w->files()->save());
    QCOMPARE(test::readAll(path), opened);
}

QTEST_MAIN(TestSubsystems)
#include "tst_subsystems.moc"
