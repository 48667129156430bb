// Simulation from the editor: every lab run from the UI worker plots, at each report
// boundary, exactly the bits `drivelab-cli run` writes; pausing (a cancelled batch) rolls
// back to the pre-batch state; pause/resume ends in the uninterrupted final state; a
// compile error shows the Problems panel; edits make results stale; a solver failure
// names its tick and stops at the last good one.
#include <QDockWidget>
#include <QGraphicsItem>
#include <QHelpEvent>
#include <QMenu>
#include <QToolTip>
#include <QLineSeries>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>

#include <bit>
#include <cstring>
#include <random>
#include <set>

#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "compile/compiler.h"
#include "document/labdocument.h"
#include "plots/plotarea.h"
#include "simulation/canvasprobe.h"
#include "simulation/runcontroller.h"
#include "simulation/samplestore.h"
#include "solver/session.h"
#include "simulation/simworker.h"
#include "runtestutil.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

// a report as the command line wrote it
struct CliReport {
    Json json;
    std::uint64_t finalHash = 0;
};

CliReport runCli(const QString& lab, const QString& out)
{
    QProcess p;
    p.start(QStringLiteral(DRIVELAB_CLI), {QStringLiteral("run"), lab, QStringLiteral("--output"), out, QStringLiteral("--quiet")});
    if (!p.waitForFinished(120000) || p.exitCode() != 0) return {};
    CliReport r;
    r.json = Json::parse(drivelab::test::readAll(out).toStdString());
    r.finalHash = std::stoull(r.json["final_state_hash"].get<std::string>(), nullptr, 16);
    return r;
}

bool sameBits(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); }

using drivelab::test::waitIdle;

// the value of one observable in a report boundary
double reportValue(const Json& boundary, const ObservableRef& r)
{
    static const char* const groups[] = {"nodes", "components", "signals"};
    return boundary[groups[r.group()]][r.subject][r.name].get<double>();
}

} // namespace

class TestRun : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void eachLabMatchesTheCommandLine_data();
    void eachLabMatchesTheCommandLine();
    void pauseRollsBackAndResumeMatches();
    void cancelledBatchRestoresPreBatchHash();
    void stepRunsOneReportInterval();
    void compileErrorShowsProblems();
    void editsMakeResultsStale();
    void solverFailureNamesTheTick();
    void hoverShowsObservables();
    void panelsMenuListsEveryDock();

private:
    QTemporaryDir m_dir;
};

void TestRun::initTestCase()
{
    drivelab::test::isolate();
    QVERIFY(m_dir.isValid());
}

void TestRun::eachLabMatchesTheCommandLine_data()
{
    QTest::addColumn<QString>("lab");
    for (const QString& lab : drivelab::test::allLabs()) QTest::newRow(qPrintable(QFileInfo(lab).fileName())) << lab;
}

// the worker's samples at every report boundary, and the points of a plotted series
// there, are bit-identical to the command line's report; the final state hash too
void TestRun::eachLabMatchesTheCommandLine()
{
    QFETCH(QString, lab);
    const CliReport cli = runCli(lab, m_dir.filePath(QFileInfo(lab).baseName() + ".report.json"));
    QVERIFY2(!cli.json.is_null(), "the command line ran the lab");
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(lab));
    w.resize(1600, 1000);
    w.show();
    RunController* rc = w.runController();
    rc->run();
    QVERIFY(waitIdle(rc));
    QCOMPARE(rc->state(), RunState::Finished);
    QVERIFY(!rc->branches().isEmpty());
    const SampleStore& s = *rc->branches().front().store;
    const auto layout = observableLayout(*rc->model());
    QCOMPARE(s.observableCount(), layout.size());
    const Json& boundaries = cli.json["boundaries"];
    std::size_t k = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (!s.isBoundary(i)) continue;
        QVERIFY(k < boundaries.size());
        const Json& b = boundaries[k++];
        QCOMPARE(s.tick(i), b["tick"].get<std::int64_t>());
        QVERIFY(sameBits(s.time(i), b["time"].get<double>()));
        for (std::size_t j = 0; j < layout.size(); ++j) {
            if (!sameBits(s.value(i, j), reportValue(b, layout[j])))
                QFAIL(qPrintable(QStringLiteral("tick %1: %2.%3 differs")
                                     .arg(s.tick(i))
                                     .arg(QString::fromStdString(layout[j].subject), QString::fromStdString(layout[j].name))));
        }
    }
    QCOMPARE(k, boundaries.size());
    QCOMPARE(rc->status().branches.front().hash, cli.finalHash);

    // the first series of the first plot: every plotted point at a boundary time holds the report's bits
    PlotArea* plots = rc->plots();
    QVERIFY(!plots->panels().isEmpty());
    PlotPanel* panel = plots->panels().front();
    QLineSeries* series = panel->series(0, 0);
    QVERIFY(series);
    const ObservableKey key = panel->keys().front();
    std::size_t obs = 0;
    while (obs < layout.size() &&
           !(QString::fromStdString(layout[obs].subject) == key.subject && QString::fromStdString(layout[obs].name) == key.name))
        ++obs;
    QVERIFY(obs < layout.size());
    QVERIFY(!layout[obs].integer);
    std::map<double, double> atBoundary;
    for (const Json& b : boundaries) atBoundary[b["time"].get<double>()] = reportValue(b, layout[obs]);
    int matched = 0;
    for (const QPointF& p : series->points()) {
        const auto it = atBoundary.find(p.x());
        if (it == atBoundary.end()) continue;
        QVERIFY2(sameBits(p.y(), it->second), qPrintable(QStringLiteral("plotted %1 at t = %2").arg(p.y()).arg(p.x())));
        ++matched;
    }
    qInfo("%s: %zu samples, %zu boundaries, %d plotted boundary points of %s compared", qPrintable(QFileInfo(lab).fileName()), s.size(),
          boundaries.size(), matched, qPrintable(key.text()));
    QVERIFY(matched >= 2);
}

// pauses at random moments cut batches short; each pause lands on the state a headless
// session has at that tick, and the resumed run ends in the uninterrupted final state
void TestRun::pauseRollsBackAndResumeMatches()
{
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(drivelab::test::labPath("converter-launch.lab.json")));
    RunController* rc = w.runController();
    rc->setSamplesPerReport(1);                // one batch per report interval: pauses fall inside batches
    w.document()->edit().run.durationNs *= 10; // 50 s: room for many pauses
    w.document()->notifyChanged(ChangeKind::Values, {});
    const CompileResult c = compile(w.document()->lab());
    QVERIFY(c.model);
    Session ref(c.model);
    std::mt19937 rng(11);
    int pauses = 0, cancelled = 0;
    rc->run();
    while (rc->state() != RunState::Finished) {
        QTest::qWait(static_cast<int>(1 + rng() % 6));
        rc->pause();
        QVERIFY(waitIdle(rc));
        cancelled += rc->status().cancelledBatches;
        if (rc->state() == RunState::Finished) break;
        QCOMPARE(rc->state(), RunState::Paused);
        ++pauses;
        const BranchStatus b = rc->status().branches.front();
        QCOMPARE(b.tick % c.model->reportEvery, 0); // no half batch
        QVERIFY(ref.run(b.tick - ref.tick()).status == BatchStatus::Completed);
        QCOMPARE(b.hash, ref.stateHash());
        rc->run(); // resume
    }
    QVERIFY(ref.run(c.model->ticks).status == BatchStatus::Completed);
    QCOMPARE(rc->status().branches.front().hash, ref.stateHash());
    qInfo("%d pauses, %d batches rolled back by them", pauses, cancelled);
    QVERIFY(pauses >= 8);
    QVERIFY(cancelled >= 1);
}

// one whole-remainder batch interrupted at a random moment: the state hash is the one
// from before the batch
void TestRun::cancelledBatchRestoresPreBatchHash()
{
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(drivelab::test::labPath("hydraulic-lockup.lab.json")));
    w.document()->edit().run.durationNs *= 20; // a whole-run batch takes long enough to interrupt
    w.document()->notifyChanged(ChangeKind::Values, {});
    RunController* rc = w.runController();
    const CompileResult c = compile(w.document()->lab());
    Session ref(c.model);
    std::mt19937 rng(7);
    int cancelled = 0;
    for (int i = 0; i < 8; ++i) {
        // a completed batch of random length
        const qint64 n = 1 + static_cast<qint64>(rng() % 3000);
        rc->stepTicks(n);
        QVERIFY(waitIdle(rc));
        QVERIFY(ref.run(n).status == BatchStatus::Completed);
        const BranchStatus before = rc->status().branches.front();
        QCOMPARE(before.tick, ref.tick());
        QCOMPARE(before.hash, ref.stateHash());
        // the rest of the run as one batch, interrupted
        rc->stepTicks(c.model->ticks);
        QTest::qWait(static_cast<int>(1 + rng() % 8));
        rc->interrupt();
        QVERIFY(waitIdle(rc));
        const BranchStatus after = rc->status().branches.front();
        if (rc->status().cancelledBatches == 1) {
            ++cancelled;
            QCOMPARE(after.tick, before.tick);
            QCOMPARE(after.hash, before.hash);
        } else {
            break; // the batch completed before the interrupt
        }
    }
    qInfo("%d whole-run batches cancelled mid-way and rolled back", cancelled);
    QCOMPARE(cancelled, 8);
}

void TestRun::stepRunsOneReportInterval()
{
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(drivelab::test::labPath("two-speed-shift.lab.json")));
    RunController* rc = w.runController();
    const std::int64_t every = w.document()->lab().run.reportEveryTicks;
    for (int i = 1; i <= 3; ++i) {
        rc->step();
        QVERIFY(waitIdle(rc));
        QCOMPARE(rc->state(), RunState::Paused);
        QCOMPARE(rc->status().branches.front().tick, i * every);
        QCOMPARE(rc->runAction()->text(), QStringLiteral("&Resume"));
    }
    rc->stop();
    QTRY_COMPARE(rc->state(), RunState::Stopped);
    rc->reset();
    QCOMPARE(rc->state(), RunState::Idle);
    QVERIFY(rc->branches().isEmpty());
}

void TestRun::compileErrorShowsProblems()
{
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(drivelab::test::labPath("converter-launch.lab.json")));
    w.show();
    w.raiseDock(QStringLiteral("events"));
    w.document()->edit().nodes.front().fields["inertia"] = -1.0;
    w.document()->notifyChanged(ChangeKind::Values, {QString::fromStdString(w.document()->lab().nodes.front().id)});
    RunController* rc = w.runController();
    QSignalSpy spy(rc, &RunController::compileFailed);
    rc->run();
    QCOMPARE(spy.count(), 1);
    QCOMPARE(rc->state(), RunState::Idle);
    QVERIFY(!rc->model());
    auto* problems = w.findChild<QDockWidget*>(QStringLiteral("problems"));
    QVERIFY(problems && problems->isVisible());
    QVERIFY(!problems->visibleRegion().isEmpty()); // raised above its tabs
}

void TestRun::editsMakeResultsStale()
{
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(drivelab::test::labPath("mechanical-converter.lab.json")));
    RunController* rc = w.runController();
    rc->run();
    QVERIFY(waitIdle(rc));
    const std::uint64_t fp = rc->model()->fingerprint;
    QVERIFY(!rc->isStale());
    // moving an item is not a change of the model
    w.document()->notifyChanged(ChangeKind::Layout, {});
    QTest::qWait(20);
    QVERIFY(!rc->isStale());
    // a parameter is
    ComponentSpec& comp = w.document()->edit().components.back();
    QVERIFY(comp.parameters.contains("damping"));
    comp.parameters["damping"] = comp.parameters["damping"].get<double>() * 2.0;
    w.document()->notifyChanged(ChangeKind::Values, {QString::fromStdString(comp.id)});
    QTRY_VERIFY(rc->isStale());
    QVERIFY(!rc->plots()->message().isEmpty());
    QCOMPARE(rc->runAction()->text(), QStringLiteral("&Run"));
    rc->run(); // re-compiles
    QVERIFY(waitIdle(rc));
    QVERIFY(!rc->isStale());
    QVERIFY(rc->model()->fingerprint != fp);
    QCOMPARE(rc->state(), RunState::Finished);
}

void TestRun::solverFailureNamesTheTick()
{
    const QString lab = QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/ui/labs/solver-failure.lab.json");
    QProcess p;
    p.start(QStringLiteral(DRIVELAB_CLI), {QStringLiteral("run"), lab});
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(p.exitCode(), 3);
    QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains(QStringLiteral("rocket_motor: tick 150 ")));

    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(lab));
    RunController* rc = w.runController();
    QSignalSpy spy(rc, &RunController::failed);
    rc->run();
    QVERIFY(waitIdle(rc));
    QCOMPARE(rc->state(), RunState::Failed);
    QCOMPARE(spy.count(), 1);
    QVERIFY(rc->lastFailure());
    QCOMPARE(rc->lastFailure()->tick, 150);
    QCOMPARE(rc->lastFailure()->time, 0.15);
    QCOMPARE(rc->lastFailure()->subject, QStringLiteral("rocket_motor"));
    // stopped at the last good tick, which is plotted
    QCOMPARE(rc->status().branches.front().tick, 150);
    const SampleStore& s = *rc->branches().front().store;
    QCOMPARE(s.tick(s.size() - 1), 150);
    const CompileResult c = compile(w.document()->lab());
    Session ref(c.model);
    QVERIFY(ref.run(150).status == BatchStatus::Completed);
    QCOMPARE(rc->status().branches.front().hash, ref.stateHash());
    QVERIFY(rc->plots()->message().contains(QStringLiteral("tick 150")));
    QVERIFY(rc->plots()->message().contains(QStringLiteral("rocket_motor")));
    QCOMPARE(w.scene()->selectedIds(), std::set<std::string>{"rocket_motor"});
}

void TestRun::hoverShowsObservables()
{
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(drivelab::test::labPath("converter-launch.lab.json")));
    w.resize(1400, 900);
    w.show();
    RunController* rc = w.runController();
    QVERIFY(rc->observablesText(QStringLiteral("tc")).isEmpty()); // nothing run yet
    QVERIFY(rc->runTo(1.0));
    const QString text = rc->observablesText(QStringLiteral("tc"));
    QVERIFY(text.contains(QStringLiteral("speed_ratio")));
    QVERIFY(text.contains(QStringLiteral("t = 1 s")));
    const SampleStore& s = *rc->branches().front().store;
    QCOMPARE(s.time(s.size() - 1), 1.0);
    // the tooltip the canvas shows over the converter
    QGraphicsItem* item = w.scene()->itemFor(QStringLiteral("tc"));
    QVERIFY(item);
    const QPoint at = w.view()->mapFromScene(item->sceneBoundingRect().center());
    QCOMPARE(rc->probe()->idAt(at), QStringLiteral("tc"));
    QVERIFY(rc->probe()->tooltipAt(at).contains(QStringLiteral("converter_drive")));
    // the help event the view gets when the mouse rests there shows it
    QHelpEvent help(QEvent::ToolTip, at, w.view()->viewport()->mapToGlobal(at));
    QCoreApplication::sendEvent(w.view()->viewport(), &help);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY(QToolTip::text().contains(QStringLiteral("speed_ratio")));
    QToolTip::hideText();
}

// View > Panels lists the docks the simulation, causality and replay tools add as well
void TestRun::panelsMenuListsEveryDock()
{
    MainWindow w({m_dir.path(), false});
    auto* panels = w.findChild<QMenu*>(QStringLiteral("panelsMenu"));
    QVERIFY(panels);
    emit panels->aboutToShow();
    QStringList titles;
    for (QAction* a : panels->actions()) titles << a->text().remove(QLatin1Char('&'));
    for (const char* title : {"Plots", "Causality", "Replay", "Problems", "Palette", "Properties"})
        QVERIFY2(titles.contains(QString::fromLatin1(title)), qPrintable(titles.join(QStringLiteral(", "))));
    // the same menu shown twice does not list a dock twice
    emit panels->aboutToShow();
    QCOMPARE(panels->actions().size(), titles.size());
}

QTEST_MAIN(TestRun)
#include "tst_run.moc"
