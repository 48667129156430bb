// Forks from the editor: a fork with no change follows its parent tick for tick (and
// the parent stays what a headless run gives); a fork with a changed event is identical
// up to that event's tick and diverges after it; a changed input diverges right after
// the fork; forks that would rewrite the past are refused. Samples every tick.
#include <QLineEdit>
#include <QLineSeries>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>

#include <cstring>

#include "compile/compiler.h"
#include "document/labdocument.h"
#include "plots/plotarea.h"
#include "simulation/forkdialog.h"
#include "simulation/runcontroller.h"
#include "simulation/samplestore.h"
#include "solver/session.h"
#include "runtestutil.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

using drivelab::test::waitIdle;

// index of the sample at `tick` in a store (size() when absent)
std::size_t sampleAt(const SampleStore& s, std::int64_t tick)
{
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (s.tick(i) == tick) return i;
    }
    return s.size();
}

// the first tick at which the fork's row differs from the parent's (-1: none); every
// fork sample must have a parent sample at the same tick
std::int64_t firstDifference(const SampleStore& parent, const SampleStore& fork, int* compared)
{
    *compared = 0;
    std::size_t p = sampleAt(parent, fork.tick(0));
    if (p == parent.size()) return -2;
    for (std::size_t i = 0; i < fork.size(); ++i, ++p) {
        if (p >= parent.size() || parent.tick(p) != fork.tick(i)) return -2;
        ++*compared;
        if (std::memcmp(parent.row(p), fork.row(i), sizeof(double) * parent.observableCount()) != 0) return fork.tick(i);
    }
    return -1;
}

} // namespace

class TestRunFork : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void forkWithoutChangeFollowsItsParent();
    void forkWithChangedEventDivergesOnlyAfterIt();
    void forkWithChangedInputDivergesAtOnce();
    void forkCannotRewriteThePast();
    void forkDialogOffersInputsAndEvents();
    void forkDialogShowsBindingsAndReplacesThemExplicitly();

private:
    /// open a lab, sample every tick, run to t0 and wait
    RunController* startAt(MainWindow& w, const QString& lab, double t0);
    QTemporaryDir m_dir;
};

void TestRunFork::initTestCase() { drivelab::test::isolate(); }

RunController* TestRunFork::startAt(MainWindow& w, const QString& lab, double t0)
{
    if (!w.openLab(drivelab::test::labPath(lab))) return nullptr;
    RunController* rc = w.runController();
    rc->setSamplesPerReport(1 << 20); // every tick is a sample
    if (!rc->runTo(t0) || rc->state() != RunState::Paused) {
        qWarning("run to %g s: state %d", t0, static_cast<int>(rc->state()));
        return nullptr;
    }
    return rc;
}

void TestRunFork::forkWithoutChangeFollowsItsParent()
{
    MainWindow w({m_dir.path(), false});
    RunController* rc = startAt(w, QStringLiteral("fired-converter.lab.json"), 0.25);
    QVERIFY(rc);
    const std::int64_t t0 = rc->status().branches.front().tick;
    QCOMPARE(t0, 5000);
    QSignalSpy added(rc, &RunController::branchAdded);
    QCOMPARE(rc->forkMain({}, nullptr, QStringLiteral("twin")), QString());
    QTRY_COMPARE(rc->branches().size(), 2);
    QCOMPARE(rc->branches()[1].startTick, t0);
    QCOMPARE(rc->branches()[1].label, QStringLiteral("twin"));
    // the plots overlay the fork in a style of its own
    PlotPanel* panel = rc->plots()->panels().front();
    QVERIFY(panel->series(0, 0) && panel->series(0, 1));
    QVERIFY(panel->series(0, 0)->pen().style() != panel->series(0, 1)->pen().style());
    QCOMPARE(panel->series(0, 0)->pen().color(), panel->series(0, 1)->pen().color());

    rc->run();
    QVERIFY(waitIdle(rc));
    QCOMPARE(rc->state(), RunState::Finished);
    const SampleStore& parent = *rc->branches()[0].store;
    const SampleStore& fork = *rc->branches()[1].store;
    QCOMPARE(fork.tick(0), t0);
    QCOMPARE(fork.tick(fork.size() - 1), rc->model()->ticks);
    int compared = 0;
    QCOMPARE(firstDifference(parent, fork, &compared), -1);
    QCOMPARE(compared, static_cast<int>(rc->model()->ticks - t0 + 1)); // tick for tick
    QCOMPARE(rc->status().branches[1].hash, rc->status().branches[0].hash);
    // the parent is what a headless run gives, every tick
    Session ref(rc->model());
    std::vector<double> row(ref.observableCount());
    for (std::size_t i = 0; i < parent.size(); ++i) {
        QVERIFY(ref.run(parent.tick(i) - ref.tick()).status == BatchStatus::Completed);
        ref.observe(row.data());
        QVERIFY(std::memcmp(row.data(), parent.row(i), sizeof(double) * row.size()) == 0);
    }
    QCOMPARE(rc->status().branches[0].hash, ref.stateHash());
}

void TestRunFork::forkWithChangedEventDivergesOnlyAfterIt()
{
    MainWindow w({m_dir.path(), false});
    RunController* rc = startAt(w, QStringLiteral("converter-launch.lab.json"), 0.1);
    QVERIFY(rc);
    const std::int64_t t0 = rc->status().branches.front().tick;
    // the engine command event at 0.3 s: full throttle becomes half throttle in the fork
    std::vector<EventSpec> events = w.document()->lab().events;
    QCOMPARE(events.front().timeNs, 300000000);
    events.front().value = 0.5;
    QCOMPARE(rc->forkMain({}, &events, {}), QString());
    QTRY_COMPARE(rc->branches().size(), 2);
    QVERIFY(rc->branches()[1].model != rc->branches()[0].model);
    QVERIFY(rc->runTo(0.5));
    const std::int64_t te = 300000000 / rc->model()->tickNs;
    int compared = 0;
    const std::int64_t diff = firstDifference(*rc->branches()[0].store, *rc->branches()[1].store, &compared);
    qInfo("fork at tick %lld, event at tick %lld, first different sample at tick %lld (%d compared)", static_cast<long long>(t0),
          static_cast<long long>(te), static_cast<long long>(diff), compared);
    QVERIFY(diff > te);     // identical up to and including the event's tick
    QCOMPARE(diff, te + 1); // the engine torque of the first tick after it differs
    QCOMPARE(compared, static_cast<int>(te - t0 + 2));
    // the parent is untouched by the fork
    Session ref(rc->model());
    QVERIFY(ref.run(rc->status().branches[0].tick).status == BatchStatus::Completed);
    QCOMPARE(rc->status().branches[0].hash, ref.stateHash());
    // DRIVELAB_FORK_PNG=path: the overlay, to look at
    if (qEnvironmentVariableIsSet("DRIVELAB_FORK_PNG")) {
        w.resize(1600, 1000);
        w.show();
        rc->plots()->setRange(0.0, 0.5);
        QTest::qWait(100);
        rc->plots()->refresh(true);
        QVERIFY(rc->plots()->exportPng(qEnvironmentVariable("DRIVELAB_FORK_PNG")));
    }
}

void TestRunFork::forkWithChangedInputDivergesAtOnce()
{
    MainWindow w({m_dir.path(), false});
    RunController* rc = startAt(w, QStringLiteral("converter-launch.lab.json"), 0.1);
    QVERIFY(rc);
    const std::int64_t t0 = rc->status().branches.front().tick;
    QCOMPARE(rc->forkMain({{QStringLiteral("engine_torque"), QStringLiteral("command"), 0.25}}, nullptr, {}), QString());
    QTRY_COMPARE(rc->branches().size(), 2);
    QVERIFY(rc->runTo(0.2));
    int compared = 0;
    QCOMPARE(firstDifference(*rc->branches()[0].store, *rc->branches()[1].store, &compared), t0 + 1);
    // an input value outside its range is refused by the worker
    QSignalSpy refused(rc, &RunController::forkRefused);
    QCOMPARE(rc->forkMain({{QStringLiteral("engine_torque"), QStringLiteral("command"), 7.0}}, nullptr, {}), QString());
    QTRY_COMPARE(refused.count(), 1);
    QCOMPARE(rc->branches().size(), 2);
}

void TestRunFork::forkCannotRewriteThePast()
{
    MainWindow w({m_dir.path(), false});
    RunController* rc = startAt(w, QStringLiteral("converter-launch.lab.json"), 0.5);
    QVERIFY(rc);
    QSignalSpy refused(rc, &RunController::forkRefused);
    // the 0.3 s event already happened
    std::vector<EventSpec> events = w.document()->lab().events;
    events.front().value = 0.5;
    QCOMPARE(rc->forkMain({}, &events, {}), QString());
    QTRY_COMPARE(refused.count(), 1);
    QVERIFY(refused.front().front().toString().contains(QStringLiteral("already happened")));
    // nor can one be added before the fork time
    events = w.document()->lab().events;
    events.push_back({100000000, "engine_torque", "command", 0.5});
    QCOMPARE(rc->forkMain({}, &events, {}), QString());
    QTRY_COMPARE(refused.count(), 2);
    QCOMPARE(rc->branches().size(), 1);
    // a running simulation is not forked
    rc->run();
    QVERIFY(!rc->forkMain({}, nullptr, {}).isEmpty());
    rc->stop();
    QVERIFY(waitIdle(rc));
}

// the dialog lists the inputs with their values at the fork tick and the events, the past
// ones read-only; it reports only what was changed
void TestRunFork::forkDialogOffersInputsAndEvents()
{
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(drivelab::test::labPath("converter-launch.lab.json")));
    const CompileResult c = compile(w.document()->lab());
    QVERIFY(c.model);
    const std::int64_t tick = 10000; // 0.5 s: after the throttle event, before the lockup one
    ForkDialog d(*c.model, w.document()->lab(), tick);
    QVERIFY(d.inputChanges().isEmpty());
    QCOMPARE(d.events().size(), w.document()->lab().events.size());
    for (std::size_t i = 0; i < d.events().size(); ++i) {
        QCOMPARE(d.events()[i].timeNs, w.document()->lab().events[i].timeNs);
        QCOMPARE(d.events()[i].value, w.document()->lab().events[i].value);
    }
    const std::vector<double> now = ForkDialog::inputValuesAt(*c.model, tick);
    const auto tables = d.findChildren<QTableWidget*>();
    QCOMPARE(tables.size(), 2);
    QTableWidget* inputs = tables[0];
    QTableWidget* events = tables[1];
    int throttle = -1;
    for (int r = 0; r < inputs->rowCount(); ++r) {
        if (inputs->item(r, 0)->text() == QStringLiteral("engine_torque")) throttle = r;
    }
    QVERIFY(throttle >= 0);
    QCOMPARE(inputs->item(throttle, 2)->text().toDouble(), 1.0); // the 0.3 s event applied
    QCOMPARE(now[static_cast<std::size_t>(throttle)], 1.0);
    QVERIFY(!(events->item(0, 3)->flags() & Qt::ItemIsEditable)); // 0.3 s: already happened
    QVERIFY(events->item(1, 3)->flags() & Qt::ItemIsEditable);    // 3 s: still to come
    inputs->item(throttle, 2)->setText(QStringLiteral("0.5"));
    events->item(1, 3)->setText(QStringLiteral("300"));
    QCOMPARE(d.inputChanges().size(), 1);
    QCOMPARE(d.inputChanges().front().value, 0.5);
    QCOMPARE(d.events()[1].value, 300.0);
    QCOMPARE(d.events()[1].timeNs, 3000000000LL);
}

// a signal-bound input shows its binding and its value at the fork time (not the constant
// stored before it was bound); typing into it changes nothing, and only "replace binding"
// (ticked with the keyboard here) makes it a constant in the fork
void TestRunFork::forkDialogShowsBindingsAndReplacesThemExplicitly()
{
    // drive: 100 N·m at 0 s rising to 200 N·m at 1 s, so 165 N·m at the fork time 0.65 s
    const QByteArray lab = R"({"format": "drivelab.lab", "version": 1, "name": "bound",
        "run": {"tick_ns": 1000000, "duration_ns": 1000000000, "report_every_ticks": 10},
        "nodes": [{"id": "shaft", "domain": "rotational", "inertia": 1.0, "initial_speed": 0.0}],
        "components": [{"id": "motor", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": {"signal": "drive"}}},
                       {"id": "load", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": -20}}],
        "events": [],
        "signals": [{"id": "drive", "kind": "table", "unit": "N m", "points": [[0, 100], [1, 200]]}]})";
    const QString path = m_dir.filePath(QStringLiteral("bound.lab.json"));
    QVERIFY(drivelab::test::writeAll(path, lab));
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(path));
    const CompileResult c = compile(w.document()->lab());
    QVERIFY2(c.model, c.diagnostics.empty() ? "" : c.diagnostics.items().front().message.c_str());
    ForkDialog d(*c.model, w.document()->lab(), 650);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    QTableWidget* inputs = d.findChildren<QTableWidget*>().front();
    QCOMPARE(inputs->rowCount(), 2);
    QCOMPARE(inputs->item(0, 0)->text(), QStringLiteral("motor"));
    QCOMPARE(inputs->item(0, 1)->text(), QStringLiteral("torque [N·m]"));
    QCOMPARE(inputs->item(0, 2)->text(), QStringLiteral("← drive (now 165 N·m)"));
    QVERIFY(!(inputs->item(0, 2)->flags() & Qt::ItemIsEditable));
    QCOMPARE(inputs->item(1, 2)->text(), QStringLiteral("-20")); // a constant input stays a number
    QVERIFY(!(inputs->item(1, 3)->flags() & Qt::ItemIsUserCheckable));
    // typing on the bound cell does not unbind it
    inputs->setFocus();
    inputs->setCurrentCell(0, 2);
    QTest::keyClick(inputs, Qt::Key_F2);
    QTest::keyClicks(inputs, QStringLiteral("300"));
    QCOMPARE(inputs->item(0, 2)->text(), QStringLiteral("← drive (now 165 N·m)"));
    QVERIFY(d.inputChanges().isEmpty());
    QVERIFY(d.refusals().isEmpty());
    // "replace binding": the cell becomes the present value, editable; the fork gets the constant
    inputs->setCurrentCell(0, 3);
    QTest::keyClick(inputs, Qt::Key_Space);
    QCOMPARE(inputs->item(0, 3)->checkState(), Qt::Checked);
    QVERIFY(inputs->item(0, 2)->flags() & Qt::ItemIsEditable);
    QCOMPARE(inputs->item(0, 2)->text().toDouble(), 165.0);
    QCOMPARE(d.inputChanges().size(), 1); // replacing at the present value still ends the binding
    inputs->setCurrentCell(0, 2);
    QTest::keyClick(inputs, Qt::Key_F2);
    QLineEdit* editor = nullptr;
    QTRY_VERIFY((editor = inputs->viewport()->findChild<QLineEdit*>()) != nullptr);
    QTest::keyClick(editor, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(editor, QStringLiteral("300"));
    QTest::keyClick(editor, Qt::Key_Return);
    QTRY_COMPARE(inputs->item(0, 2)->text(), QStringLiteral("300")); // the delegate commits on the next event loop pass
    QCOMPARE(d.inputChanges().size(), 1);
    QCOMPARE(d.inputChanges().front().component, QStringLiteral("motor"));
    QCOMPARE(d.inputChanges().front().value, 300.0);
    // untick: the binding is back, nothing changes
    inputs->setCurrentCell(0, 3);
    QTest::keyClick(inputs, Qt::Key_Space);
    QCOMPARE(inputs->item(0, 2)->text(), QStringLiteral("← drive (now 165 N·m)"));
    QVERIFY(d.inputChanges().isEmpty());
    // DRIVELAB_FORK_DIALOG_PNG=path: the dialog, to look at
    if (qEnvironmentVariableIsSet("DRIVELAB_FORK_DIALOG_PNG")) QVERIFY(d.grab().save(qEnvironmentVariable("DRIVELAB_FORK_DIALOG_PNG")));
}

QTEST_MAIN(TestRunFork)
#include "tst_runfork.moc"
