// Issue 16, the editor's half: the editor reads the core's rules instead of keeping copies.
//
//   edit ──> LabDocument: compile(lab) once ──> diagnostics, Problems
//                                   ├──> RunController: stale check, Run (no compile of its own)
//                                   └──> causality analysis (after its debounce)
//
// - an edit compiles the lab exactly once, however many views follow it (compileCount());
// - the canvas label's key figures are the core's summary (the converter's R and C at s = 0
//   by the model's own interpolation, the motor's peak torque), formatted as before;
// - the converter map editor lists exactly the compiler's map diagnostics and puts each at
//   its cell, from the core's structured findings (no field path read back).
#include <QtTest>

#include "canvas/labeltext.h"
#include "causality/causalitycontroller.h"
#include "causality/causalityui.h"
#include "commands/setvaluecommand.h"
#include "compile/compiler.h"
#include "convertermap/convertermapeditor.h"
#include "document/labdocument.h"
#include "properties/tableeditor.h"
#include "simulation/runcontroller.h"
#include "uitestutil.h"

using namespace drivelab;

class TestSharedCore : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void anEditCompilesOnce();
    void labelsShowTheCoreSummary();
    void mapEditorListsTheCompilersFindings();
    void counterRotationFindingMarksItsPair();

private:
    void setParameter(const char* component, const char* name, const Json& value)
    {
        m_w->document()->push(new SetValueCommand(m_w->document(), {ValueTarget::Kind::Parameter, component, name}, value));
    }
    /// the compiler's diagnostics of a component's converter fields, as the map editor lists them
    QStringList compilerMapLines(const std::string& id) const
    {
        QStringList out;
        for (const auto& d : m_w->document()->diagnosticsFor(id)) {
            if (d.field.rfind("converter.", 0) == 0)
                out << QStringLiteral("%1: %2").arg(QString::fromStdString(d.field), QString::fromStdString(d.message));
        }
        return out;
    }

    QTemporaryDir m_dir;
    MainWindow* m_w = nullptr;
    test::ScriptedPrompter m_prompter;
};

void TestSharedCore::init()
{
    m_w = new MainWindow({m_dir.filePath("recovery"), false});
    m_w->setPrompter(&m_prompter);
    QVERIFY(m_w->openLab(test::labPath("converter-launch.lab.json")));
}

void TestSharedCore::cleanup()
{
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    delete m_w;
}

void TestSharedCore::anEditCompilesOnce()
{
    // every consumer of the compiled lab is live: a run exists (stale checks), the causality
    // overlay is on (debounced analysis)
    RunController* rc = m_w->runController();
    QVERIFY(rc->runTo(0.05));
    m_w->causality()->setOverlayVisible(true);
    CausalityController* causality = m_w->causality()->controller();
    QTRY_VERIFY(!causality->isPending() && !causality->isStale());
    QVERIFY(!rc->isStale());

    const std::uint64_t before = compileCount();
    const int analyses = causality->analyses();
    setParameter("final_drive", "ratio", 4.1);
    QTRY_VERIFY(!causality->isPending() && !causality->isStale());
    QTRY_VERIFY(rc->isStale());
    QTest::qWait(50);
    QCOMPARE(causality->analyses(), analyses + 1);
    QCOMPARE(compileCount() - before, std::uint64_t{1});
    // the run controller's Run uses the same compile
    QVERIFY(m_w->document()->compiled() && m_w->document()->compiled()->model);
    QVERIFY(rc->runTo(0.02));
    QVERIFY(!rc->isStale());
    QCOMPARE(compileCount() - before, std::uint64_t{1});

    // undo is an edit too: once more
    m_w->document()->undoStack()->undo();
    QTRY_VERIFY(!causality->isPending() && !causality->isStale());
    QTest::qWait(50);
    QCOMPARE(compileCount() - before, std::uint64_t{2});
}

void TestSharedCore::labelsShowTheCoreSummary()
{
    const LabSpec& lab = m_w->document()->lab();
    // the converter: R and C at s = 0 of pump_positive (a knot: 2 and 0.007)
    QCOMPARE(componentDetail(*lab.findComponent("tc")), QStringLiteral("stall R 2   C₀ 0.007"));
    // the motor: the curve's peak, then the first input
    QCOMPARE(componentDetail(*lab.findComponent("engine_torque")), QStringLiteral("peak 250 N·m   cmd 0.12"));
    // s = 0 between two knots: interpolated by the model's lookup (R 1.5, C 0.006)
    const Json rows = Json::parse(R"([{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.008},
        {"speed_ratio": 0.5, "torque_ratio": 1.75, "capacity_coefficient": 0.005},
        {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}])");
    setParameter("tc", "pump_positive", rows);
    QCOMPARE(componentDetail(*lab.findComponent("tc")), QStringLiteral("stall R 1.5   C₀ 0.006"));
    // the item on the canvas shows the same text
    m_w->scene();
    QCOMPARE(componentDetail(*m_w->document()->lab().findComponent("tc")), QStringLiteral("stall R 1.5   C₀ 0.006"));
}

void TestSharedCore::mapEditorListsTheCompilersFindings()
{
    ConverterMapEditor* editor = m_w->openMapEditor("tc");
    QVERIFY(editor);
    TableModel* model = editor->table()->model();
    // s·R = 1.2 at point 5 and C != 0 at s = 1: the compiler's lines, at their cells
    Json rows = m_w->document()->lab().findComponent("tc")->parameters["pump_positive"];
    rows[5]["torque_ratio"] = 1.5;
    rows[9]["capacity_coefficient"] = 0.001;
    setParameter("tc", "pump_positive", rows);
    const QStringList compiler = compilerMapLines("tc");
    QCOMPARE(compiler.size(), 1); // the end rule stops the efficiency checks of this map
    QCOMPARE(editor->problemLines(), compiler);
    QVERIFY(!model->problems(9, 2).isEmpty());
    rows[9]["capacity_coefficient"] = 0;
    setParameter("tc", "pump_positive", rows);
    QCOMPARE(editor->problemLines(), compilerMapLines("tc"));
    QVERIFY(editor->problemLines().front().startsWith("converter.pump_positive[5].torque_ratio: efficiency"));
    QCOMPARE(model->problems(5, 1).size(), 1);
    // a shape error (a cell out of its column's range) is the descriptor's table check
    rows[5]["torque_ratio"] = -1.0;
    setParameter("tc", "pump_positive", rows);
    QCOMPARE(editor->problemLines(), compilerMapLines("tc"));
    QVERIFY(!model->problems(5, 1).isEmpty());
    // clean again: the ✔ line
    m_w->document()->undoStack()->undo();
    m_w->document()->undoStack()->undo();
    m_w->document()->undoStack()->undo();
    QVERIFY(compilerMapLines("tc").isEmpty());
    QCOMPARE(editor->problemLines().size(), 1);
    QVERIFY(editor->problemLines().front().startsWith(QStringLiteral("✔")));
}

void TestSharedCore::counterRotationFindingMarksItsPair()
{
    ConverterMapEditor* editor = m_w->openMapEditor("tc");
    QVERIFY(editor);
    Json rows = m_w->document()->lab().findComponent("tc")->parameters["turbine_positive"];
    rows[0]["torque_ratio"] = 1.25;
    setParameter("tc", "turbine_positive", rows);
    QCOMPARE(editor->problemLines(), compilerMapLines("tc"));
    QCOMPARE(editor->problemLines().size(), 1);
    QVERIFY(editor->problemLines().front().startsWith("converter.counter_rotation: at speed_ratio -1, pump_negative"));
    // pair 1: pump_negative and turbine_positive, first row, R and C
    editor->showMap("counter_rotation");
    QCOMPARE(editor->currentMap(), QString("pump_negative"));
    QVERIFY(!editor->table()->model()->problems(0, 1).isEmpty());
    editor->showMap("pump_positive");
    QVERIFY(editor->table()->model()->problems(0, 1).isEmpty());
}

QTEST_MAIN(TestSharedCore)
#include "tst_sharedcore.moc"
