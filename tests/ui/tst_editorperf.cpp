// Issue 36, the editor's speed and drawing of parts (docs/PERFORMANCE.md "Editor: editing a lab of
// 200 components", docs/EDITOR.md "Labs with parts"). Nothing here measures time; each test checks
// the work an edit does, or what is drawn:
//
//   edit ──> LabDocument::push ──> changed() ──> canvas: only the items the edit names
//                    │                               (part interfaces from the cache)
//                    └── (after the edit's event) compile ──> diagnosticsChanged() ──> problems
//
// - a part's interface is read and checked once while its file is unchanged, and again as soon as
//   the file changes (same size, same second: its text is compared, never a stale part);
// - an edit's event does not compile; the compile follows after it, once, gives exactly what a
//   full compile of the lab gives, and its diagnostics reach the canvas; asking for the compiled
//   lab in between compiles at once;
// - a value edit of one instance re-labels that instance only;
// - labels show an expression field as written ("cap =brake_capacity"), not as 0;
// - an instance's ports carry their names; inside an opened part the port nodes are drawn as ports.
#include <QtTest>

#include "canvas/componentitem.h"
#include "canvas/labeltext.h"
#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "canvas/nodeitem.h"
#include "canvas/partnavigator.h"
#include "canvas/portitem.h"
#include "commands/instanceparametercommand.h"
#include "commands/moveitemscommand.h"
#include "commands/setvaluecommand.h"
#include "compile/compiler.h"
#include "document/labdocument.h"
#include "document/partblocks.h"
#include "document/partinterfacecache.h"
#include "document/placement.h"
#include "mainwindow.h"
#include "uitestutil.h"

using namespace drivelab;

class TestEditorPerf : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void partInterfaceIsCachedUntilItsFileChanges();
    void anEditCompilesAfterItsEvent();
    void aValueEditRelabelsOnlyItsItem();
    void labelsShowExpressionsAsWritten();
    void instancePortsCarryTheirNames();
    void portNodesInsideAPartAreDrawnAsPorts();

private:
    QString copy(const QString& lab, const QStringList& parts) { return test::copyPartsFixtures(m_dir, QStringList{lab} + parts); }
    QString twoSpeed()
    {
        return copy(QStringLiteral("two-speed-parts.lab.json"), {QStringLiteral("two_speed_planetary.part.json")});
    }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_w;
    test::ScriptedPrompter m_prompter;
};

void TestEditorPerf::init()
{
    m_w = test::shownMainWindow(m_dir, &m_prompter);
    QVERIFY(m_w);
}

void TestEditorPerf::cleanup()
{
    m_prompter.saveChoices.push_back(Prompter::SaveChoice::Discard);
    m_w.reset();
}

void TestEditorPerf::partInterfaceIsCachedUntilItsFileChanges()
{
    QVERIFY(m_w->openLab(twoSpeed()));
    LabDocument* doc = m_w->document();
    const QString file = m_dir.filePath(QStringLiteral("two_speed_planetary.part.json"));
    // moves of the instance of the part file: its interface is not made again
    const std::size_t before = partInterfaceMisses();
    for (int k = 1; k <= 5; ++k) {
        const Placement p = placementOf(doc->lab(), "box").value_or(Placement{});
        MoveItemsCommand::Moves moves;
        moves["box"] = {p, Placement{p.x + 20.0 * k, p.y, p.rotation, p.flip}};
        doc->push(new MoveItemsCommand(doc, std::move(moves), 1000 + k));
    }
    QVERIFY(m_w->scene()->componentItem(QStringLiteral("box")));
    QCOMPARE(partInterfaceMisses() - before, std::size_t{0});
    auto iface = partInterface(doc->lab(), "two_speed_planetary");
    QVERIFY(iface);
    QCOMPARE(QString::fromStdString(iface->ports.front().name), QStringLiteral("sun"));
    // the file edited on disk, same length, within the same second: the next look-up reads it
    QByteArray bytes = test::readAll(file);
    QVERIFY(bytes.contains("\"sun\""));
    bytes.replace("\"sun\"", "\"sol\"");
    QVERIFY(test::writeAll(file, bytes));
    iface = partInterface(doc->lab(), "two_speed_planetary");
    QVERIFY(iface);
    QCOMPARE(QString::fromStdString(iface->ports.front().name), QStringLiteral("sol"));
    QCOMPARE(partInterfaceMisses() - before, std::size_t{1});
    // an inline part edited in the lab: its new definition, not the cached one
    const auto drive = partInterface(doc->lab(), "motor_drive");
    QVERIFY(drive && drive->ports.front().name == "shaft");
    LabSpec edited = doc->lab();
    edited.parts[0]["ports"][0]["name"] = "axle";
    const auto renamed = partInterface(edited, "motor_drive");
    QVERIFY(renamed);
    QCOMPARE(QString::fromStdString(renamed->ports.front().name), QStringLiteral("axle"));
}

void TestEditorPerf::anEditCompilesAfterItsEvent()
{
    QVERIFY(m_w->openLab(twoSpeed()));
    LabDocument* doc = m_w->document();
    QVERIFY(doc->isValid());
    QTest::qWait(20);
    QSignalSpy announced(doc, &LabDocument::diagnosticsChanged);
    const std::uint64_t before = compileCount();
    // an instance parameter out of its range: an error the compile names
    doc->push(new InstanceParameterCommand(doc, "box", "brake_capacity", Json(-5.0)));
    QCOMPARE(compileCount() - before, std::uint64_t{0}); // the edit's own event did not compile
    QVERIFY(doc->diagnosticsPending());
    QCOMPARE(announced.count(), 0);
    ComponentItem* box = m_w->scene()->componentItem(QStringLiteral("box"));
    QVERIFY(box);
    QVERIFY(!box->hasErrors());
    // after the event: one compile, announced, on the canvas
    QTRY_COMPARE(announced.count(), 1);
    QCOMPARE(compileCount() - before, std::uint64_t{1});
    QVERIFY(!doc->diagnosticsPending());
    QVERIFY(!doc->isValid());
    QVERIFY2(box->hasErrors(), "the instance shows its error");
    // exactly what a full compile of the lab gives (the test's own compiles not counted)
    const std::uint64_t mine = compileCount();
    const CompileResult full = compile(doc->lab());
    QCOMPARE(doc->diagnostics().size(), full.diagnostics.items().size());
    for (std::size_t i = 0; i < full.diagnostics.items().size(); ++i) {
        QCOMPARE(doc->diagnostics()[i].subject, full.diagnostics.items()[i].subject);
        QCOMPARE(doc->diagnostics()[i].field, full.diagnostics.items()[i].field);
        QCOMPARE(doc->diagnostics()[i].message, full.diagnostics.items()[i].message);
    }
    // asked for before the compile ran: compiled at once, the same compile (not twice)
    doc->undoStack()->undo();
    QVERIFY(doc->diagnosticsPending());
    const auto compiled = doc->compiled();
    QVERIFY(compiled && compiled->model);
    QVERIFY(!doc->diagnosticsPending());
    const std::uint64_t edits = compileCount() - mine - 1; // the full compile above
    QCOMPARE(edits, std::uint64_t{1});                    // the undo's, asked for
    QCOMPARE(compiled->model->fingerprint, compile(doc->lab()).model->fingerprint);
    QTRY_COMPARE(announced.count(), 2);
    QTest::qWait(20);
    QCOMPARE(compileCount() - mine - 2, std::uint64_t{1}); // not compiled again by its posted call
    QVERIFY(!box->hasErrors());
}

void TestEditorPerf::aValueEditRelabelsOnlyItsItem()
{
    QVERIFY(m_w->openLab(twoSpeed()));
    LabDocument* doc = m_w->document();
    LabScene* scene = m_w->scene();
    ComponentItem* box = scene->componentItem(QStringLiteral("box"));
    ComponentItem* drive = scene->componentItem(QStringLiteral("drive"));
    QVERIFY(box && drive);
    // a label the scene would set again on a full sync, changed behind its back
    drive->setLabel(QStringLiteral("marker"));
    doc->push(new InstanceParameterCommand(doc, "box", "brake_capacity", Json(950.0)));
    QVERIFY(box->detail().contains(QStringLiteral("950")));
    QCOMPARE(drive->detail(), QStringLiteral("marker")); // untouched: not synced again
    QCOMPARE(scene->componentItem(QStringLiteral("box")), box);
}

void TestEditorPerf::labelsShowExpressionsAsWritten()
{
    // the part's brake inside: its capacity input is the part's parameter
    const Json body = Json::parse(R"({"id": "brake", "type": "clutch", "node_a": "carrier", "node_b": "case",
        "parameters": {"kinetic_ratio": "=kinetic_ratio"}, "inputs": {"capacity": "=brake_capacity"}})");
    ComponentSpec brake;
    brake.id = "brake";
    brake.type = "clutch";
    brake.parameters = body["parameters"];
    brake.inputs = body["inputs"];
    const QString detail = componentDetail(brake);
    QVERIFY2(detail.contains(QStringLiteral("cap =brake_capacity")), qPrintable(detail));
    QVERIFY2(!detail.contains(QStringLiteral("cap 0")), qPrintable(detail));
    // a motor whose curve is written with expressions: no peak computed from the numbers alone
    ComponentSpec motor;
    motor.id = "motor";
    motor.type = "motor";
    motor.parameters = Json::parse(R"({"torque_curve": [{"speed": 0, "torque": "=peak_torque"},
        {"speed": "=corner_speed", "torque": "=peak_torque"}, {"speed": "=max_speed", "torque": 0}]})");
    motor.inputs = Json::parse(R"({"command": "=command"})");
    const QString m = componentDetail(motor);
    QVERIFY2(!m.contains(QStringLiteral("peak 0")), qPrintable(m));
    QVERIFY2(m.contains(QStringLiteral("cmd =command")), qPrintable(m));
    // a node field written as an expression
    NodeSpec shaft;
    shaft.id = "ring";
    shaft.domain = "rotational";
    shaft.fields = Json::parse(R"({"inertia": "=ring_inertia"})");
    const QString n = nodeDetail(shaft);
    QVERIFY2(n.contains(QStringLiteral("J =ring_inertia")), qPrintable(n));
    // numbers as before
    shaft.fields = Json::parse(R"({"inertia": 0.25})");
    QCOMPARE(nodeDetail(shaft), QStringLiteral("J 0.25 kg·m²"));
}

void TestEditorPerf::instancePortsCarryTheirNames()
{
    QVERIFY(m_w->openLab(twoSpeed()));
    ComponentItem* box = m_w->scene()->componentItem(QStringLiteral("box"));
    QVERIFY(box);
    const QStringList names = {QStringLiteral("sun"), QStringLiteral("ring"), QStringLiteral("carrier"), QStringLiteral("case")};
    for (const QString& name : names) {
        PortItem* p = box->port(name);
        QVERIFY2(p, qPrintable(name));
        QVERIFY(p->showsName());
        // the name inside the block, beside the marker, within what the item paints
        const QRectF r = p->nameRect();
        QVERIFY(!r.isEmpty());
        QVERIFY(p->boundingRect().contains(r));
        const QRectF inScene = p->mapRectToScene(r);
        QVERIFY2(box->mapRectToScene(box->symbolRect()).adjusted(-1, -1, 1, 1).contains(inScene), qPrintable(name));
        QVERIFY2(p->toolTip().contains(QStringLiteral("exposed port")), qPrintable(p->toolTip()));
    }
    // a plain component's ports keep their plain markers
    QVERIFY(m_w->openLab(test::labPath(QStringLiteral("converter-launch.lab.json"))));
    for (QGraphicsItem* i : m_w->scene()->items()) {
        if (i->type() != kPortItemType) continue;
        QVERIFY(!static_cast<PortItem*>(i)->showsName());
        QVERIFY(static_cast<PortItem*>(i)->nameRect().isEmpty());
    }
}

void TestEditorPerf::portNodesInsideAPartAreDrawnAsPorts()
{
    QVERIFY(m_w->openLab(twoSpeed()));
    LabScene* scene = m_w->scene();
    QVERIFY(m_w->partNavigator()->openInstance(QStringLiteral("box")));
    const QStringList ports = {QStringLiteral("sun"), QStringLiteral("ring"), QStringLiteral("carrier"), QStringLiteral("case")};
    int plain = 0;
    for (QGraphicsItem* i : scene->items()) {
        if (i->type() != kNodeItemType) continue;
        auto* n = static_cast<NodeItem*>(i);
        if (ports.contains(n->id())) {
            QVERIFY2(n->isExposedPort(), qPrintable(n->id()));
            const QString domain = n->id() == QStringLiteral("case") ? QStringLiteral("thermal") : QStringLiteral("rotational");
            QVERIFY2(n->detail().startsWith(QStringLiteral("port · ") + domain), qPrintable(n->detail()));
            QVERIFY2(n->toolTip().contains(QStringLiteral("exposed port")), qPrintable(n->toolTip()));
        } else {
            QVERIFY2(!n->isExposedPort(), qPrintable(n->id()));
            ++plain;
        }
    }
    QCOMPARE(plain, 0); // every node of this part is one of its ports
    // back at the lab: no node is a port (input, ring, carrier, ... are plain nodes there)
    m_w->partNavigator()->up();
    for (QGraphicsItem* i : scene->items()) {
        if (i->type() == kNodeItemType) QVERIFY(!static_cast<NodeItem*>(i)->isExposedPort());
    }
}

QTEST_MAIN(TestEditorPerf)
#include "tst_editorperf.moc"
