// No heap allocation inside the tick loop: global operator new is counted in this
// executable (app/cli/alloccount.cpp) around whole runs of every lab, including clutch
// capture, breakaway, mode changes, events and converter reactions.
#include "testutil.h"

#include "cli/alloccount.h"
#include "study/metrics.h"

using namespace drivelab;
using namespace drivelab::test;

class TestAlloc : public QObject {
    Q_OBJECT
private slots:
    void counterCounts();
    void labsRunWithoutAllocating_data();
    void labsRunWithoutAllocating();
    void everyTickMetricsDoNotAllocate_data();
    void everyTickMetricsDoNotAllocate();
    void captureAndBreakawayDoNotAllocate();
    void differentialDoesNotAllocate();
    void tyreSpinDoesNotAllocate();
};

namespace {
std::vector<int>* volatile g_sink = nullptr;
}

// the counter sees real allocations (kept alive through a volatile so none is elided)
void TestAlloc::counterCounts()
{
    const std::uint64_t before = allocationCount();
    g_sink = new std::vector<int>(100);
    QVERIFY(allocationCount() >= before + 2);
    delete g_sink;
    g_sink = nullptr;
}

void TestAlloc::labsRunWithoutAllocating_data()
{
    QTest::addColumn<QString>("path");
    const QDir labs(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs"));
    for (const QString& f : labs.entryList({"*.lab.json"})) QTest::newRow(qPrintable(f)) << labs.filePath(f);
}

void TestAlloc::labsRunWithoutAllocating()
{
    QFETCH(QString, path);
    const auto loaded = loadLab(path.toStdString());
    QVERIFY(loaded.model);
    Session s(loaded.model);
    std::vector<double> obs(s.observableCount());
    const std::uint64_t before = allocationCount();
    // report-sized batches with an observation at every boundary, as the CLI and editor do
    while (!s.finished()) {
        QVERIFY(s.run(loaded.model->reportEvery).status == BatchStatus::Completed);
        s.observe(obs.data());
    }
    const std::uint64_t allocations = allocationCount() - before;
    QCOMPARE(allocations, std::uint64_t(0));
    QVERIFY(s.stats().intervals >= loaded.model->ticks);
}

void TestAlloc::everyTickMetricsDoNotAllocate_data() { labsRunWithoutAllocating_data(); }

// a study's every-tick metrics (study/metrics.h: its hook after every tick, the SubsetReader of the
// observables they read) in the report-sized batches of the whole run: a maximum and a minimum of
// every node observable, a mean and a first crossing of every component observable (a clutch's
// through its sources, the others' through their observe), and every clutch's lock time
void TestAlloc::everyTickMetricsDoNotAllocate()
{
    QFETCH(QString, path);
    const auto loaded = loadLab(path.toStdString());
    QVERIFY(loaded.model);
    const std::vector<ObservableRef> layout = observableLayout(*loaded.model);
    std::vector<study::MetricPlan> plans;
    for (std::size_t i = 0; i < layout.size(); ++i) {
        const int obs = static_cast<int>(i);
        if (layout[i].isNode) {
            plans.push_back({study::Reduction::Max, obs});
            plans.push_back({study::Reduction::Min, obs});
        } else {
            plans.push_back({study::Reduction::Mean, obs});
            plans.push_back({study::Reduction::FirstCrossing, obs, -1, 1.0, 0});
        }
        if (layout[i].name == "locked" && i + 1 < layout.size() && layout[i + 1].name == "slip_speed")
            plans.push_back({study::Reduction::LockTime, obs, obs + 1});
    }
    Session s(loaded.model);
    std::vector<double> values(s.observableCount());
    study::MetricState metrics(plans);
    s.observe(values.data());
    metrics.sample(values.data(), s.time());
    const TickHook hook = metrics.tickHook(s, values.data());
    const std::uint64_t before = allocationCount();
    while (!s.finished()) {
        QVERIFY(s.run(loaded.model->reportEvery, nullptr, hook).status == BatchStatus::Completed);
        s.observe(values.data());
    }
    QCOMPARE(allocationCount() - before, std::uint64_t(0));
}

// a clutch that captures (root-finding, projection, mode change) and a brake that breaks away
void TestAlloc::captureAndBreakawayDoNotAllocate()
{
    DL_COMPILE(model,
               lab(runSettings(300000, 1200000000, 1), "[" + rot("a", 0.5, 100) + "," + rot("b", 1.5, 0) + "," + rot("c", 2.0, 0) + "]",
                   R"([{"id": "cl", "type": "clutch", "node_a": "a", "node_b": "b", "inputs": {"capacity": 60}},
                              {"id": "src", "type": "torque_step", "node_a": "c", "parameters": {"step_torque": 150, "offset_torque": 0, "start_time": 0.0105}},
                              {"id": "brk", "type": "clutch", "node_a": "c", "node_b": "ground", "inputs": {"capacity": 100}}])"));
    Session s(model);
    const std::uint64_t before = allocationCount();
    QVERIFY(s.run(model->ticks).status == BatchStatus::Completed);
    QCOMPARE(allocationCount() - before, std::uint64_t(0));
    QVERIFY(s.stats().intervals > model->ticks); // captures and the step split ticks
}

// a differential (a three-node rigid row) with a clutch between its side shafts that captures
// while a speed source holds one side (tst_open_differential, limitedSlipLocks)
void TestAlloc::differentialDoesNotAllocate()
{
    DL_COMPILE(model,
               lab(runSettings(1000000, 1000000000, 10), "[" + rot("a", 0.05, 17.5) + "," + rot("b", 1.2, 10) + "," + rot("c", 0.8, 0) + "]",
                   R"([{"id": "t", "type": "torque_step", "node_a": "a", "parameters": {"step_torque": 100, "offset_torque": 0, "start_time": 0}},
                       {"id": "diff", "type": "differential", "node_a": "a", "node_b": "b", "node_c": "c", "parameters": {"ratio": 3.5}},
                       {"id": "lsd", "type": "clutch", "node_a": "b", "node_b": "c", "inputs": {"capacity": 250}},
                       {"id": "hold", "type": "speed_source", "node_a": "c", "inputs": {"speed": 0}}])"));
    Session s(model);
    std::vector<double> obs(s.observableCount());
    const std::uint64_t before = allocationCount();
    while (!s.finished()) {
        QVERIFY(s.run(model->reportEvery).status == BatchStatus::Completed);
        s.observe(obs.data());
    }
    QCOMPARE(allocationCount() - before, std::uint64_t(0));
    QVERIFY(s.stats().intervals > model->ticks); // the capture splits a tick
}

// a tyre from standstill (its low-speed stage fraction) into wheel spin on a low-mu road under a
// vehicle body, the road friction changed by an event
void TestAlloc::tyreSpinDoesNotAllocate()
{
    DL_COMPILE(model,
               lab(runSettings(1000000, 1000000000, 10), "[" + rot("wheel", 0.01, 0) + "," + rot("car", 0.01, 0) + "]",
                   R"([{"id": "t", "type": "tyre", "node_a": "wheel", "node_b": "car", "parameters": {"wheel_radius": 0.3,
                         "normal_load": 8800, "B": 10, "C": 1.9, "D": 1, "E": 0.97, "wheel_inertia": 2.4}, "inputs": {"friction_scale": 1}},
                       {"id": "body", "type": "vehicle_body", "node_a": "car", "parameters": {"mass": 1500, "wheel_radius": 0.3,
                         "coastdown_f0": 150, "coastdown_f1": 0, "coastdown_f2": 0.45}},
                       {"id": "drive", "type": "torque_source", "node_a": "wheel", "inputs": {"torque": 2000}}])",
                   R"([{"time_ns": 500000000, "component": "t", "input": "friction_scale", "value": 0.3}])"));
    Session s(model);
    const std::uint64_t before = allocationCount();
    QVERIFY(s.run(model->ticks).status == BatchStatus::Completed);
    QCOMPARE(allocationCount() - before, std::uint64_t(0));
}

QTEST_GUILESS_MAIN(TestAlloc)
#include "tst_alloc.moc"
