// Live plots: min/max-per-pixel decimation keeps every extreme and only real samples;
// default plots for converter labs; legend toggles; zoom, pan and follow; cursor
// readout; CSV (full resolution, exact) and PNG export; drops of observables.
#include <QCategoryAxis>
#include <QChart>
#include <QDialog>
#include <QTreeWidget>
#include <QImage>
#include <QLegendMarker>
#include <QLineSeries>
#include <QMimeData>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QValueAxis>

#include <cmath>
#include <random>

#include "document/labdocument.h"
#include "plots/decimator.h"
#include "plots/plotarea.h"
#include "plots/plotview.h"
#include "simulation/runcontroller.h"
#include "simulation/samplestore.h"
#include "solver/session.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

// n samples of two observables: a noisy sine with isolated spikes, and a step signal
std::shared_ptr<SampleStore> synthetic(std::size_t n, std::vector<std::size_t>& spikes)
{
    auto s = std::make_shared<SampleStore>(2, n, 1000, 10, static_cast<std::int64_t>(n - 1));
    std::mt19937 rng(3);
    for (std::size_t i = 0; i < n; ++i) {
        double* row = s->beginSample();
        row[0] = std::sin(static_cast<double>(i) * 1e-3) + 1e-3 * static_cast<double>(rng() % 100);
        if (i % 9973 == 5000) {
            row[0] = (i % 2 ? 50.0 : -50.0);
            spikes.push_back(i);
        }
        row[1] = static_cast<double>((i / 5000) % 5);
        s->commitSample(static_cast<std::int64_t>(i));
    }
    return s;
}

bool waitDone(RunController* rc)
{
    QElapsedTimer t;
    t.start();
    while (t.elapsed() < 60000) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        if (rc->state() != RunState::Running) {
            QCoreApplication::processEvents();
            if (rc->state() != RunState::Running) return true;
        }
    }
    return false;
}

} // namespace

class TestPlots : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { drivelab::test::isolate(); }
    void decimationKeepsExtremesAndRealSamples();
    void fewSamplesAreDrawnExactly();
    void stepMode();
    void incrementalDecimationMatchesFull();
    void liveAxisGrowsInSteps();
    void liveTickRefreshesOnePlot();
    void liveTicksArePacedByTheirCost();
    void defaultPlotsForConverterLabs();
    void legendZoomPanFollowCursor();
    void exportCsvAndPng();
    void dropsAddObservables();

private:
    QTemporaryDir m_dir;
    /// a shown 1400x900 main window with the lab run to t (paused there, the plots laid out);
    /// null if the lab does not open or run
    std::unique_ptr<MainWindow> runShown(const char* lab, double t) { return drivelab::test::runShown(m_dir, lab, t); }
};

void TestPlots::decimationKeepsExtremesAndRealSamples()
{
    std::vector<std::size_t> spikes;
    const auto s = synthetic(200000, spikes);
    QVERIFY(spikes.size() > 10);
    DecimationRequest r;
    r.store = s.get();
    r.count = s->size();
    r.x0 = s->time(0);
    r.x1 = s->time(s->size() - 1);
    r.columns = 500;
    QList<QPointF> out;
    decimate(r, out);
    QVERIFY(out.size() <= 2 * r.columns + 4);
    QVERIFY(out.size() >= r.columns);
    // every point is a real sample, in time order
    for (int i = 0; i < out.size(); ++i) {
        if (i) QVERIFY(out[i].x() > out[i - 1].x());
        const std::size_t k = s->lowerBound(out[i].x(), s->size());
        QVERIFY(k < s->size() && s->time(k) == out[i].x());
        QCOMPARE(out[i].y(), s->value(k, 0));
    }
    // every spike survives
    for (std::size_t i : spikes) {
        bool found = false;
        for (const QPointF& p : out) found = found || (p.x() == s->time(i) && p.y() == s->value(i, 0));
        QVERIFY2(found, qPrintable(QStringLiteral("spike at sample %1 lost").arg(i)));
    }
    // a zoomed window decimates only what it shows (plus a neighbour each side)
    r.x0 = s->time(100000);
    r.x1 = s->time(100999);
    decimate(r, out);
    QCOMPARE(out.size(), 1002);
    QCOMPARE(out.front().x(), s->time(99999));
    QCOMPARE(out.back().x(), s->time(101000));
}

void TestPlots::fewSamplesAreDrawnExactly()
{
    std::vector<std::size_t> spikes;
    const auto s = synthetic(1000, spikes);
    DecimationRequest r;
    r.store = s.get();
    r.count = 700; // only what was published when the caller looked
    r.x0 = 0.0;
    r.x1 = 1.0;
    r.columns = 400; // 700 samples fit in 2 points per column
    r.scale = 2.0;
    r.offset = 1.0;
    QList<QPointF> out;
    decimate(r, out);
    QCOMPARE(out.size(), 700);
    for (int i = 0; i < out.size(); ++i) QCOMPARE(out[i].y(), s->value(static_cast<std::size_t>(i), 0) * 2.0 + 1.0);
}

void TestPlots::stepMode()
{
    std::vector<std::size_t> spikes;
    const auto s = synthetic(30000, spikes);
    DecimationRequest r;
    r.store = s.get();
    r.count = s->size();
    r.observable = 1;
    r.x0 = 0.0;
    r.x1 = s->time(s->size() - 1);
    r.columns = 300;
    r.step = true;
    QList<QPointF> out;
    decimate(r, out);
    // horizontal then vertical: consecutive points share y (a hold) or x (a jump)
    for (int i = 1; i < out.size(); ++i) QVERIFY(out[i].y() == out[i - 1].y() || out[i].x() == out[i - 1].x());
    int jumps = 0;
    for (int i = 1; i < out.size(); ++i) jumps += out[i].y() != out[i - 1].y();
    QCOMPARE(jumps, 5); // 0 1 2 3 4 0
}

// a live run decimates only the new samples and the column still open (DecimationCache):
// the points are the same as a full decimation of everything published so far
void TestPlots::incrementalDecimationMatchesFull()
{
    std::vector<std::size_t> spikes;
    const auto s = synthetic(60000, spikes);
    const std::size_t counts[] = {1,    2,     7,     599,   600,   601,   602,   1234,  1235,  5000, 5001,
                                  9973, 15000, 15001, 15002, 30000, 30001, 30002, 44444, 59999, 60000};
    for (const bool step : {false, true}) {
        for (const double x1 : {s->time(59999), s->time(30000)}) { // the whole run; a range the run outgrows
            DecimationRequest r;
            r.store = s.get();
            r.observable = step ? 1 : 0;
            r.step = step;
            r.x0 = 0.0;
            r.x1 = x1;
            r.columns = 300;
            r.scale = 2.0;
            r.offset = 1.0;
            DecimationCache cache;
            QList<QPointF> out, full;
            bool reused = false;
            for (const std::size_t n : counts) {
                r.count = n;
                reused = reused || (cache.valid && cache.kept > 0);
                decimate(r, out, cache);
                decimate(r, full);
                QCOMPARE(out, full);
            }
            QVERIFY(reused);
            // another request starts over
            r.columns = 217;
            decimate(r, out, cache);
            decimate(r, full);
            QCOMPARE(out, full);
            r.x0 = s->time(1000);
            decimate(r, out, cache);
            decimate(r, full);
            QCOMPARE(out, full);
        }
    }
}

// while live an axis keeps its range while the data stays in it and steps to the data's round
// range when it leaves (each change relays out the chart; 19 changes here, where refitting on
// every refresh changed it on nearly all 201); at rest it fits the data
void TestPlots::liveAxisGrowsInSteps()
{
    const std::vector<ObservableRef> layout{{"engine", "speed", "", false, true, false}};
    const std::size_t n = 20001;
    auto store = std::make_shared<SampleStore>(1, n, 1000000, 10, static_cast<std::int64_t>(n - 1)); // 1 ms per sample
    PlotPanel p(QStringLiteral("climbing"));
    p.setObservableLayout(&layout);
    QVERIFY(p.addKey({QStringLiteral("engine"), QStringLiteral("speed"), {}}));
    p.setBranches({{0, QStringLiteral("main"), store}});
    p.setLive(true);
    auto* axis = qobject_cast<QValueAxis*>(p.chart()->axes(Qt::Vertical).value(0));
    QVERIFY(axis);
    QSignalSpy ranges(axis, &QValueAxis::rangeChanged);
    int refreshes = 0;
    for (std::size_t i = 0; i < n; ++i) {
        store->beginSample()[0] = 100.0 + 0.1 * static_cast<double>(i); // 100 .. 2100, climbing all run
        store->commitSample(static_cast<std::int64_t>(i));
        if (i % 100 == 0 || i == n - 1) {
            p.refresh(0.0, 20.0, false);
            ++refreshes;
            QVERIFY(axis->min() <= 100.0 && axis->max() >= 100.0 + 0.1 * static_cast<double>(i)); // always in view
        }
    }
    QVERIFY2(ranges.count() <= 25, qPrintable(QStringLiteral("%1 range changes in %2 refreshes").arg(ranges.count()).arg(refreshes)));
    // at rest: the round range of the data (5 % margin), in whole nice steps (axisticks.h)
    p.setLive(false);
    p.refresh(0.0, 20.0, true);
    // (as many steps as the plot's height has room for: 500 or 1000 here)
    QCOMPARE(axis->min(), 0.0);
    auto* ticks = qobject_cast<QCategoryAxis*>(axis);
    QVERIFY(ticks);
    if (axis->max() == 2500.0)
        QCOMPARE(ticks->categoriesLabels(), QStringList({"0", "500", "1000", "1500", "2000", "2500"}));
    else {
        QCOMPARE(axis->max(), 3000.0);
        QCOMPARE(ticks->categoriesLabels(), QStringList({"0", "1000", "2000", "3000"}));
    }
}

// the live timer refreshes one plot per tick, in turn (two plots in one event were more than a frame)
void TestPlots::liveTickRefreshesOnePlot()
{
    const auto w = runShown("converter-launch.lab.json", 0.5);
    QVERIFY(w);
    PlotArea* area = w->runController()->plots();
    const auto panels = area->panels();
    QCOMPARE(panels.size(), 5);
    std::vector<std::unique_ptr<QSignalSpy>> replaced;
    for (PlotPanel* p : panels) {
        QVERIFY(p->chart()->plotArea().width() > 120); // live (a column per two pixels) needs new points
        replaced.push_back(std::make_unique<QSignalSpy>(p->series(0, 0), &QXYSeries::pointsReplaced));
    }
    area->setLive(true);
    const auto refreshed = [&] {
        int k = 0;
        for (const auto& spy : replaced) k += spy->count();
        return k;
    };
    area->refreshNext();
    QCOMPARE(refreshed(), 1);
    for (int i = 1; i < panels.size(); ++i) area->refreshNext();
    for (const auto& spy : replaced) QCOMPARE(spy->count(), 1); // each in turn, once
    area->setLive(false);
}

// The live tick is spaced so that the plots' refresh and repaint take at most a share of the UI
// thread: tick = clamp(ceil(mean cost / share), 10 ms, 100 ms), the mean a running one over ticks.
void TestPlots::liveTicksArePacedByTheirCost()
{
    QCOMPARE(PlotArea::paceInterval(0.0, 0.25), 10);
    QCOMPARE(PlotArea::paceInterval(1.0, 0.25), 10);  // 4 ms of work a tick would allow: 10 at least
    QCOMPARE(PlotArea::paceInterval(5.0, 0.25), 20);  // 5 ms in every 20
    QCOMPARE(PlotArea::paceInterval(5.2, 0.25), 21);  // rounded up: never over the share
    QCOMPARE(PlotArea::paceInterval(12.0, 1.0), 12);  // a whole thread: back to back
    QCOMPARE(PlotArea::paceInterval(30.0, 0.25), 100); // the slowest tick: each of five plots twice a second
    QCOMPARE(PlotArea::paceInterval(std::nan(""), 0.25), 10);

    const auto w = runShown("converter-launch.lab.json", 0.5);
    QVERIFY(w);
    PlotArea* area = w->runController()->plots();
    QCOMPARE(area->liveBudget(), PlotArea::kDefaultLiveBudget);
    QVERIFY(area->setLiveBudget(0.5));
    QVERIFY(!area->setLiveBudget(0.0)); // out of (0, 1]: refused, the budget stays
    QVERIFY(!area->setLiveBudget(1.5));
    QVERIFY(!area->setLiveBudget(std::nan("")));
    QCOMPARE(area->liveBudget(), 0.5);
    // a budget of 1e-4 of the thread: any refresh (tens of microseconds at least) asks for a
    // longer tick than the shortest
    QVERIFY(area->setLiveBudget(1e-4));
    area->setLive(true);
    QCOMPARE(area->liveInterval(), PlotArea::kMinLiveInterval);
    for (int i = 0; i < 10; ++i) {
        area->refreshNext();
        QApplication::processEvents(); // the repaint the refresh asked for, measured at the next tick
    }
    QVERIFY(area->liveCost() > 0.0);
    QCOMPARE(area->liveInterval(), PlotArea::paceInterval(area->liveCost(), 1e-4));
    QVERIFY(area->liveInterval() > PlotArea::kMinLiveInterval);
    // going live again starts from the shortest tick
    area->setLive(false);
    QVERIFY(area->setLiveBudget(1.0));
    area->setLive(true);
    QCOMPARE(area->liveInterval(), PlotArea::kMinLiveInterval);
    QCOMPARE(area->liveCost(), 0.0);
    area->setLive(false);
}

void TestPlots::defaultPlotsForConverterLabs()
{
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(drivelab::test::labPath("converter-launch.lab.json")));
    RunController* rc = w.runController();
    QVERIFY(rc->runTo(0.5));
    const auto panels = rc->plots()->panels();
    QCOMPARE(panels.size(), 5);
    const auto names = [](PlotPanel* p) {
        QStringList out;
        for (const auto& k : p->keys()) out << k.subject + QLatin1Char('.') + k.name;
        return out;
    };
    QCOMPARE(names(panels[0]), QStringList({"tc.torque", "tc.torque_at_b", "tc.torque_at_c"}));
    QCOMPARE(names(panels[1]), QStringList({"tc.speed_ratio"}));
    QCOMPARE(names(panels[2]), QStringList({"tc.converter_drive"}));
    QCOMPARE(names(panels[3]), QStringList({"tc.heat_flow", "tc.fluid_heat"}));
    QCOMPARE(names(panels[4]), QStringList({"engine.speed", "turbine.speed", "wheels.speed"}));
    // the drive mode: a step plot against the five named states
    QCategoryAxis* drive = nullptr;
    for (QAbstractAxis* a : panels[2]->chart()->axes(Qt::Vertical)) drive = drive ? drive : qobject_cast<QCategoryAxis*>(a);
    QVERIFY(drive);
    QCOMPARE(drive->categoriesLabels().size(), 5);
    QVERIFY(drive->categoriesLabels().contains(QStringLiteral("0 stopped")));
    // heat flow [W] left, cumulative heat [J] right
    QCOMPARE(panels[3]->chart()->axes(Qt::Vertical).size(), 2);
    // a lab without a converter gets speeds, torques, heat, clutch lock
    QVERIFY(w.openLab(drivelab::test::labPath("clutch-engagement.lab.json")));
    QVERIFY(rc->runTo(0.1));
    QStringList titles;
    for (PlotPanel* p : rc->plots()->panels()) titles << p->title();
    QVERIFY(titles.contains(QStringLiteral("Node speeds")));
    QVERIFY(titles.contains(QStringLiteral("Clutch lock")));
}

void TestPlots::legendZoomPanFollowCursor()
{
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(drivelab::test::labPath("converter-launch.lab.json")));
    w.resize(1400, 900);
    w.show();
    RunController* rc = w.runController();
    QVERIFY(rc->runTo(2.0));
    PlotArea* area = rc->plots();
    PlotPanel* torques = area->panels().front();
    QCOMPARE(area->rangeStart(), 0.0);
    QCOMPARE(area->rangeEnd(), 5.0);
    // legend click hides a series
    QCOMPARE(torques->visibleSeriesCount(), 3);
    const auto markers = torques->chart()->legend()->markers(torques->series(1, 0));
    QCOMPARE(markers.size(), 1);
    emit markers.front()->clicked();
    QCOMPARE(torques->visibleSeriesCount(), 2);
    QVERIFY(!torques->series(1, 0)->isVisible());
    // zoom around a time, pan, follow
    area->zoom(0.5, 1.0);
    QCOMPARE(area->rangeEnd() - area->rangeStart(), 2.5);
    QVERIFY(area->rangeStart() < 1.0 && area->rangeEnd() > 1.0);
    QCOMPARE(area->rangeStart(), 1.0 - 0.5 * 1.0);
    QVERIFY(!area->follow()); // the user's zoom: the window is theirs
    area->setRange(0.0, 1.0); // a 1 s window, following
    area->setFollow(true);
    rc->run();
    QVERIFY(waitDone(rc));
    QCOMPARE(rc->state(), RunState::Finished);
    QCOMPARE(area->rangeEnd(), 5.0); // the newest sample at the right edge
    QCOMPARE(area->rangeStart(), 4.0);
    area->pan(-1.0);
    QVERIFY(!area->follow());
    QCOMPARE(area->rangeEnd(), 4.0);
    // the series holds the decimated window, from real samples
    const SampleStore& s = *rc->branches().front().store;
    const QList<QPointF> pts = torques->series(0, 0)->points();
    QVERIFY(!pts.isEmpty());
    QVERIFY(pts.front().x() <= 3.0 && pts.back().x() >= 4.0);
    // cursor readout: the sample at or before the time
    area->setCursorTime(3.5);
    const QStringList lines = torques->view()->readoutLines();
    QCOMPARE(lines.size(), 3); // time and two visible series
    const std::size_t i = s.atOrBefore(3.5, s.size());
    QVERIFY(lines[1].contains(QString::number(s.value(
                                                  i, 0 +
                                                         [&] {
                                                             const auto& layout = area->observableLayout();
                                                             std::size_t k = 0;
                                                             while (!(layout[k].subject == "tc" && layout[k].name == "torque")) ++k;
                                                             return k;
                                                         }()),
                                              'g', 6)));
    area->setCursorTime(std::nan(""));
    QVERIFY(std::isnan(torques->view()->readoutTime()));
}

void TestPlots::exportCsvAndPng()
{
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(drivelab::test::labPath("converter-launch.lab.json")));
    w.resize(1400, 900);
    w.show();
    RunController* rc = w.runController();
    QVERIFY(rc->runTo(1.0));
    PlotArea* area = rc->plots();
    area->setRange(0.5, 1.0);
    const QString csv = m_dir.filePath("series.csv");
    QVERIFY(area->exportCsv(csv));
    const QStringList rows = QString::fromUtf8(drivelab::test::readAll(csv)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(rows.front(), QStringLiteral("time [s],tc pump [N·m],tc turbine [N·m],tc stator [N·m]"));
    const SampleStore& s = *rc->branches().front().store;
    const std::size_t first = s.lowerBound(0.5, s.size());
    QCOMPARE(static_cast<std::size_t>(rows.size() - 1), s.size() - first); // every sample of the range, full resolution
    const auto& layout = area->observableLayout();
    std::size_t k = 0;
    while (!(layout[k].subject == "tc" && layout[k].name == "torque_at_b")) ++k;
    for (int r = 1; r < rows.size(); ++r) {
        const QStringList cells = rows[r].split(QLatin1Char(','));
        QCOMPARE(cells.size(), 4);
        const std::size_t i = first + static_cast<std::size_t>(r - 1);
        QCOMPARE(cells[0].toDouble(), s.time(i));
        QCOMPARE(cells[2].toDouble(), s.value(i, k)); // exact round trip
    }
    const QString png = m_dir.filePath("plots.png");
    QVERIFY(area->exportPng(png));
    const QImage img(png);
    QVERIFY(img.width() > 400 && img.height() > 200);
}

void TestPlots::dropsAddObservables()
{
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(drivelab::test::labPath("converter-launch.lab.json")));
    w.show();
    RunController* rc = w.runController();
    QVERIFY(rc->runTo(0.2));
    PlotArea* area = rc->plots();
    PlotPanel* p = area->addPanel(QStringLiteral("mine"), {});
    QCOMPARE(p->keys().size(), 0);
    auto* mime = new QMimeData;
    mime->setData(kObservableMimeType, "lockup\tslip_speed\nwheels\tangle\nnope\tnothing\n");
    QDragEnterEvent enter(QPoint(20, 20), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(p->view()->viewport(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(20, 20), Qt::CopyAction, mime, Qt::LeftButton, Qt::NoModifier);
    QSignalSpy dropped(p->view(), &PlotView::observablesDropped);
    QCoreApplication::sendEvent(p->view()->viewport(), &drop);
    QCOMPARE(dropped.count(), 1);
    QCOMPARE(p->keys().size(), 2); // the unknown one is ignored
    QCOMPARE(p->keys()[0].text(), QStringLiteral("lockup.slip_speed"));
    QVERIFY(p->series(1, 0));
    QVERIFY(p->series(1, 0)->count() > 0);
    delete mime;
    // the picker lists every id with its observables
    area->showPicker();
    auto* picker = area->findChild<QDialog*>(QStringLiteral("observablePicker"));
    QVERIFY(picker);
    auto* tree = picker->findChild<QTreeWidget*>();
    QVERIFY(tree);
    QCOMPARE(tree->topLevelItemCount(), static_cast<int>(w.document()->lab().nodes.size() + w.document()->lab().components.size()));
    picker->close();
    // adding to no plot makes a new one
    QVERIFY(area->addObservables(nullptr, {QStringLiteral("oil")}, {QStringLiteral("temperature")}));
    QCOMPARE(area->panels().size(), 7);
}

QTEST_MAIN(TestPlots)
#include "tst_plots.moc"
