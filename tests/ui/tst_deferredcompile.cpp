// Issue 36, the editor's compile after an edit's event (docs/PERFORMANCE.md "Editor: editing a lab
// of 200 components", docs/EDITOR.md "Problems"). An edit marks the document's compile pending and
// posts it; it runs as its own event right after the edit's, or at once when something asks for
// the compiled lab or its diagnostics first:
//
//   edit ─┬─> push ──> changed()                       (the edit's event: no compile)
//   edit ─┘      └─> posted once ──> compile ──> diagnosticsChanged() ──> marks, Problems
//   Run / Export / causality ──> compiled() ──> (pending? compile now) ──> the model of the lab now
//
// What a user relies on, checked here (nothing measures time):
// - a Run started in the edit's own event, before the posted compile, runs the edited lab: the
//   model's fingerprint is the fresh compile's, and the run ends in the state a headless run of
//   the edited lab ends in (bit for bit);
// - the edits of one event (several values, a macro, undo and redo) compile once, the latest text,
//   and what it reports equals a fresh compile of the lab as it is;
// - no widget paints while the compile is pending: a repaint requested before the posted call ran
//   (the platform's update timer may come first) runs the compile and its announcement ahead of
//   itself, so the problem marks drawn are those of the text as it is;
// - closing the window, or deleting the document, with the compile pending is safe (the posted
//   call goes with the document);
// - an edit in the Signals panel, in a table field of the property form or in the 2-D table editor
//   compiles after its event like any other (their problem marks arrive with diagnosticsChanged),
//   and the marks then shown are those of the edited text.
#include <QtTest>

#include "canvas/labscene.h"
#include "commands/setvaluecommand.h"
#include "compile/compiler.h"
#include "document/labdocument.h"
#include "io/labfile.h"
#include "mainwindow.h"
#include "panels/problemspanel.h"
#include "panels/signalform.h"
#include "panels/signalspanel.h"
#include "properties/fieldeditors.h"
#include "properties/itemform.h"
#include "properties/propertypanel.h"
#include "properties/tableeditor.h"
#include "properties/tablemodel.h"
#include "table2d/table2ddialog.h"
#include "table2d/table2deditor.h"
#include "table2d/table2dmodel.h"
#include "simulation/runcontroller.h"
#include "solver/session.h"
#include "runtestutil.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

// records, for every paint of a widget, whether the document's compile was pending then
class PaintWatch : public QObject {
public:
    explicit PaintWatch(const LabDocument* doc) : m_doc(doc) { qApp->installEventFilter(this); }
    ~PaintWatch() override { qApp->removeEventFilter(this); }
    int paints = 0;
    int pendingPaints = 0;

protected:
    bool eventFilter(QObject* o, QEvent* e) override
    {
        if (e->type() == QEvent::Paint && o->isWidgetType()) {
            ++paints;
            if (m_doc->diagnosticsPending()) ++pendingPaints;
        }
        return false;
    }

private:
    const LabDocument* m_doc;
};

ValueTarget turbineInertia() { return {ValueTarget::Kind::NodeField, "turbine", "inertia"}; }

// the lab's problems as a fresh compile of it reports them
void compareWithFreshCompile(const LabDocument* doc)
{
    const CompileResult full = compile(doc->lab());
    const auto& items = full.diagnostics.items();
    QCOMPARE(doc->diagnostics().size(), items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        QCOMPARE(doc->diagnostics()[i].subject, items[i].subject);
        QCOMPARE(doc->diagnostics()[i].field, items[i].field);
        QCOMPARE(doc->diagnostics()[i].message, items[i].message);
    }
    QCOMPARE(doc->compiled()->model != nullptr, full.model != nullptr);
    if (full.model) QCOMPARE(doc->compiled()->model->fingerprint, full.model->fingerprint);
}

} // namespace

class TestDeferredCompile : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void aRunRightAfterAnEditRunsTheEditedLab();
    void editsOfOneEventCompileOnceTheLatest();
    void noPaintWhileTheCompileIsPending();
    void closingWithACompilePendingIsSafe();
    void signalAndTableEditsCompileAfterTheEvent();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_w;
    test::ScriptedPrompter m_prompter;
};

void TestDeferredCompile::init()
{
    m_w = test::shownMainWindow(m_dir, &m_prompter);
    QVERIFY(m_w);
    QVERIFY(m_w->openLab(test::labPath(QStringLiteral("mechanical-converter.lab.json"))));
    QVERIFY(!m_w->document()->diagnosticsPending()); // opening a lab compiles at once
}

void TestDeferredCompile::cleanup()
{
    m_prompter.saveChoices.push_back(Prompter::SaveChoice::Discard);
    m_w.reset();
}

void TestDeferredCompile::aRunRightAfterAnEditRunsTheEditedLab()
{
    LabDocument* doc = m_w->document();
    const std::uint64_t original = doc->compiled()->model->fingerprint;
    const double damping = doc->lab().findComponent("bearing")->parameters["damping"].get<double>();
    doc->push(new SetValueCommand(doc, {ValueTarget::Kind::Parameter, "bearing", "damping"}, Json(damping * 2.0)));
    QVERIFY(doc->diagnosticsPending());
    const std::uint64_t before = compileCount();
    // Run (F5) in the same event, before the posted compile: it compiles the lab as it is now
    RunController* rc = m_w->runController();
    rc->run();
    QVERIFY(rc->model());
    QCOMPARE(compileCount() - before, std::uint64_t{1});
    const CompileResult edited = compile(doc->lab()); // the test's own compile (counted below)
    QVERIFY(edited.model);
    QVERIFY(edited.model->fingerprint != original);
    QCOMPARE(rc->model()->fingerprint, edited.model->fingerprint);
    QVERIFY(test::waitIdle(rc));
    QCOMPARE(rc->state(), RunState::Finished);
    // the run ends where a headless run of the edited lab ends, bit for bit
    Session headless(edited.model);
    QCOMPARE(headless.run(edited.model->ticks).status, BatchStatus::Completed);
    QCOMPARE(rc->status().branches.front().hash, headless.stateHash());
    QVERIFY(!rc->isStale());
    QVERIFY(!doc->diagnosticsPending());
    QCOMPARE(compileCount() - before, std::uint64_t{2}); // the Run's and the test's: the posted call did not compile again
}

void TestDeferredCompile::editsOfOneEventCompileOnceTheLatest()
{
    QVERIFY(m_w->openLab(test::labPath(QStringLiteral("converter-launch.lab.json"))));
    LabDocument* doc = m_w->document();
    QSignalSpy announced(doc, &LabDocument::diagnosticsChanged);
    const std::uint64_t before = compileCount();
    // three values, a macro of two, an undo and a redo: one event (values the lab takes: a lab with
    // errors would also be compiled by the causality overlay's analysis of the lab as written)
    doc->push(new SetValueCommand(doc, turbineInertia(), Json(0.07)));
    doc->push(new SetValueCommand(doc, turbineInertia(), Json(0.08)));
    doc->push(new SetValueCommand(doc, {ValueTarget::Kind::Parameter, "road_load", "damping"}, Json(7.0)));
    doc->beginMacro(QStringLiteral("two"));
    doc->push(new SetValueCommand(doc, turbineInertia(), Json(0.09)));
    doc->push(new SetValueCommand(doc, {ValueTarget::Kind::Parameter, "road_load", "damping"}, Json(8.0)));
    doc->endMacro();
    doc->undoStack()->undo();
    doc->undoStack()->redo();
    QCOMPARE(compileCount() - before, std::uint64_t{0});
    QVERIFY(doc->diagnosticsPending());
    QCOMPARE(announced.count(), 0);
    // after the event: one compile of the latest text, announced once
    QTRY_COMPARE(announced.count(), 1);
    QCOMPARE(compileCount() - before, std::uint64_t{1});
    QVERIFY(!doc->diagnosticsPending());
    QCOMPARE(doc->lab().findNode("turbine")->fields["inertia"].get<double>(), 0.09);
    QCOMPARE(doc->lab().findComponent("road_load")->parameters["damping"].get<double>(), 8.0);
    const std::uint64_t mine = compileCount();
    compareWithFreshCompile(doc);
    const std::uint64_t fresh = compileCount() - mine; // the comparison's own compiles
    // undo of the macro, then redo and undo again, in one event: one compile, the undone text
    doc->undoStack()->undo();
    doc->undoStack()->redo();
    doc->undoStack()->undo();
    QVERIFY(doc->diagnosticsPending());
    QTRY_COMPARE(announced.count(), 2);
    QCOMPARE(compileCount() - mine - fresh, std::uint64_t{1});
    QCOMPARE(doc->lab().findNode("turbine")->fields["inertia"].get<double>(), 0.08);
    QCOMPARE(doc->lab().findComponent("road_load")->parameters["damping"].get<double>(), 7.0);
    compareWithFreshCompile(doc);
    // and the Problems list is the compile's
    QTRY_COMPARE(m_w->problems()->count(), static_cast<int>(doc->diagnostics().size()));
}

void TestDeferredCompile::noPaintWhileTheCompileIsPending()
{
    QVERIFY(m_w->openLab(test::labPath(QStringLiteral("converter-launch.lab.json"))));
    LabDocument* doc = m_w->document();
    m_w->scene()->selectIds({QStringLiteral("turbine")}); // its property form shows its marks
    QTest::qWait(50);
    PaintWatch watch(doc);
    // an error, then its fix: each edit's marks are painted only once its compile ran
    doc->push(new SetValueCommand(doc, turbineInertia(), Json(-1.0)));
    QVERIFY(doc->diagnosticsPending());
    QTRY_VERIFY(!doc->diagnosticsPending());
    QTRY_VERIFY(watch.paints > 0);
    QVERIFY(m_w->problems()->count() > 0);
    const int first = watch.paints;
    doc->undoStack()->undo();
    QVERIFY(doc->diagnosticsPending());
    QTRY_VERIFY(watch.paints > first);
    QCOMPARE(watch.pendingPaints, 0);
    QVERIFY(doc->isValid());
}

void TestDeferredCompile::closingWithACompilePendingIsSafe()
{
    LabDocument* doc = m_w->document();
    const std::uint64_t before = compileCount();
    doc->push(new SetValueCommand(doc, {ValueTarget::Kind::Parameter, "bearing", "damping"}, Json(3.0)));
    QVERIFY(doc->diagnosticsPending());
    // the window closes (its document with it) before the posted compile ran
    m_prompter.saveChoices.push_back(Prompter::SaveChoice::Discard);
    m_w.reset();
    QCoreApplication::processEvents();
    QCoreApplication::sendPostedEvents();
    QCOMPARE(compileCount() - before, std::uint64_t{0}); // the posted compile went with it
    // a document of its own, deleted with its compile pending
    LoadedLab loaded = loadLab(test::labPath(QStringLiteral("converter-launch.lab.json")).toStdString());
    QVERIFY(loaded.spec);
    auto* own = new LabDocument;
    own->reset(std::move(*loaded.spec), QString());
    const std::uint64_t opened = compileCount();
    own->push(new SetValueCommand(own, turbineInertia(), Json(0.07)));
    QVERIFY(own->diagnosticsPending());
    delete own;
    QCoreApplication::processEvents();
    QCoreApplication::sendPostedEvents();
    QCOMPARE(compileCount() - opened, std::uint64_t{0});
}

// an edit made in an editor, then its undo: no compile in the edit's event, one after it, and
// `marked()` (the editor's problem marks) true after the edit, false after the undo
template <class Edit, class Marked> void checkDeferred(LabDocument* doc, const Edit& edit, const Marked& marked)
{
    QTRY_VERIFY(!doc->diagnosticsPending());
    QVERIFY(!marked());
    const std::uint64_t before = compileCount();
    edit();
    QVERIFY(doc->diagnosticsPending());
    QCOMPARE(compileCount() - before, std::uint64_t{0});
    QTRY_VERIFY(!doc->diagnosticsPending());
    QCOMPARE(compileCount() - before, std::uint64_t{1});
    QVERIFY(!doc->isValid());
    QVERIFY(marked());
    doc->undoStack()->undo();
    QVERIFY(doc->diagnosticsPending());
    QTRY_VERIFY(!doc->diagnosticsPending());
    QCOMPARE(compileCount() - before, std::uint64_t{2});
    QVERIFY(!marked());
}

void TestDeferredCompile::signalAndTableEditsCompileAfterTheEvent()
{
    QVERIFY(m_w->openLab(test::labPath(QStringLiteral("drive-cycle.lab.json"))));
    LabDocument* doc = m_w->document();
    // the Signals panel: a table signal's second time typed equal to the first
    SignalsPanel* panel = m_w->signalsPanel();
    panel->showSignal(QStringLiteral("first_gear"));
    TableModel* points = panel->form()->tableEditor()->model();
    const auto listIcon = [panel] {
        const auto found = panel->list()->findItems(QStringLiteral("first_gear"), Qt::MatchStartsWith);
        return !found.isEmpty() && !found.front()->icon().isNull();
    };
    checkDeferred(
        doc, [&] { QVERIFY(points->setData(points->index(1, 0), QStringLiteral("0"), Qt::EditRole)); },
        [&] { return !panel->form()->problemsText().isEmpty() && listIcon(); });
    if (QTest::currentTestFailed()) return;
    // a table field in the property form: the motor's second speed typed equal to the first
    m_w->scene()->selectIds({QStringLiteral("engine_torque")});
    auto* field = qobject_cast<TableFieldEditor*>(m_w->properties()->form()->editor(QStringLiteral("param:torque_curve")));
    QVERIFY(field);
    TableModel* curve = field->editor()->model();
    checkDeferred(
        doc, [&] { QVERIFY(curve->setData(curve->index(1, 0), QStringLiteral("0"), Qt::EditRole)); },
        [&] { return !curve->problems(1, 0).isEmpty() || !curve->problems(1, -1).isEmpty() || !curve->tableProblems().isEmpty(); });
    if (QTest::currentTestFailed()) return;

    // the 2-D table editor: an engine map whose speed axis does not increase
    QVERIFY(m_w->openLab(test::labPath(QStringLiteral("car-launch.lab.json"))));
    doc = m_w->document();
    Table2DDialog* dialog = m_w->openTable2DEditor(QStringLiteral("engine"), QStringLiteral("torque_map"));
    QVERIFY(dialog);
    const Json map = doc->lab().findComponent("engine")->parameters["torque_map"];
    Json bad = map;
    bad["x"][1] = bad["x"][0];
    Table2DModel* grid = dialog->editor()->model();
    const auto anyCellMarked = [grid] {
        for (int r = 0; r < grid->rowCount(); ++r)
            for (int c = 0; c < grid->columnCount(); ++c)
                if (!grid->problems(r, c).isEmpty()) return true;
        return false;
    };
    checkDeferred(
        doc, [&] { doc->push(new SetValueCommand(doc, {ValueTarget::Kind::Parameter, "engine", "torque_map"}, bad)); }, anyCellMarked);
    dialog->close();
}

QTEST_MAIN(TestDeferredCompile)
#include "tst_deferredcompile.moc"
