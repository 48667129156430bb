// The live-plot pipeline (Google Benchmark; timing is reported, never asserted):
// samples per second from a SampleStore through min/max-per-pixel decimation into a
// QLineSeries of a chart, as the editor's 40 ms refresh does it.
//   BM_Decimate/N          decimation of N samples into 1000 columns
//   BM_DecimateReplace/N   ... and QLineSeries::replace() in a chart
//   BM_LiveRefresh         a plot with 3 series following a growing run: each refresh
//                          appends 4000 new samples (a 40 ms frame of a fast run) and redraws
//   BM_LiveRefreshRender   ... and renders the plot (what the screen costs)
// items/s = samples/s through the pipeline.
#include <benchmark/benchmark.h>

#include <QApplication>
#include <QChart>
#include <QChartView>
#include <QLineSeries>
#include <QPixmap>
#include <QValueAxis>

#include <cmath>
#include <memory>

#include "plots/decimator.h"
#include "plots/plotpanel.h"
#include "plots/plotview.h"
#include "simulation/samplestore.h"
#include "solver/session.h"

using namespace drivelab;

namespace {

constexpr std::size_t kObservables = 30;

// a store of n samples (like a lab's 30 observables) filled with smooth signals and noise
std::shared_ptr<SampleStore> filled(std::size_t n, std::size_t capacity = 0)
{
    auto s = std::make_shared<SampleStore>(kObservables, capacity ? capacity : n, 50000, 1000,
                                           static_cast<std::int64_t>(capacity ? capacity : n));
    for (std::size_t i = 0; i < n; ++i) {
        double* row = s->beginSample();
        for (std::size_t k = 0; k < kObservables; ++k)
            row[k] =
                std::sin(1e-4 * static_cast<double>(i) * static_cast<double>(k + 1)) + 1e-3 * static_cast<double>((i * 7919u + k) % 97u);
        s->commitSample(static_cast<std::int64_t>(i));
    }
    return s;
}

// observable 3 over the whole run into 1000 columns
DecimationRequest wholeRun(const SampleStore& s, std::size_t n)
{
    DecimationRequest r;
    r.store = &s;
    r.count = n;
    r.observable = 3;
    r.x0 = 0.0;
    r.x1 = s.time(n - 1);
    r.columns = 1000;
    return r;
}

void BM_Decimate(benchmark::State& state)
{
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto s = filled(n);
    const DecimationRequest r = wholeRun(*s, n);
    QList<QPointF> out;
    for (auto _ : state) {
        decimate(r, out);
        benchmark::DoNotOptimize(out.data());
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(n));
    state.counters["points"] = static_cast<double>(out.size());
}
BENCHMARK(BM_Decimate)->Arg(10000)->Arg(100000)->Arg(1000000);

void BM_DecimateReplace(benchmark::State& state)
{
    const auto n = static_cast<std::size_t>(state.range(0));
    const auto s = filled(n);
    auto* chart = new QChart; // the view owns it
    auto* series = new QLineSeries;
    chart->addSeries(series);
    chart->createDefaultAxes();
    QChartView view(chart);
    view.resize(1100, 300);
    const DecimationRequest r = wholeRun(*s, n);
    QList<QPointF> out;
    for (auto _ : state) {
        decimate(r, out);
        series->replace(out);
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(n));
}
BENCHMARK(BM_DecimateReplace)->Arg(10000)->Arg(100000)->Arg(1000000);

// a plot of three observables following a run that grows by `frame` samples per refresh
void liveRefresh(benchmark::State& state, bool render)
{
    constexpr std::size_t kCapacity = 1000000, kFrame = 4000;
    auto store = std::make_shared<SampleStore>(kObservables, kCapacity, 50000, 1000, static_cast<std::int64_t>(kCapacity));
    std::vector<ObservableRef> layout;
    for (std::size_t k = 0; k < kObservables; ++k) layout.push_back({"c", "o" + std::to_string(k), "N m", false, false});
    PlotPanel panel(QStringLiteral("bench"));
    panel.resize(1100, 320);
    panel.show();
    panel.setObservableLayout(&layout);
    for (int k = 0; k < 3; ++k) panel.addKey({QStringLiteral("c"), QStringLiteral("o%1").arg(k), {}});
    panel.setBranches({PlotBranch{0, QStringLiteral("main"), store}});
    std::size_t i = 0;
    const double duration = static_cast<double>(kCapacity) * 50e-6;
    for (auto _ : state) {
        state.PauseTiming();
        if (i + kFrame > kCapacity) {
            state.SkipWithError("store full");
            break;
        }
        // the worker's part (not timed): one frame of samples
        for (std::size_t j = 0; j < kFrame; ++j, ++i) {
            double* row = store->beginSample();
            for (std::size_t k = 0; k < kObservables; ++k) row[k] = std::sin(1e-4 * static_cast<double>(i) * static_cast<double>(k + 1));
            store->commitSample(static_cast<std::int64_t>(i));
        }
        state.ResumeTiming();
        panel.refresh(0.0, duration, false); // the whole run in view: decimation does the work
        if (render) {
            const QPixmap p = panel.grab();
            benchmark::DoNotOptimize(p.cacheKey());
        }
    }
    state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(kFrame));
    state.counters["samples_at_end"] = static_cast<double>(i);
}

void BM_LiveRefresh(benchmark::State& state) { liveRefresh(state, false); }
BENCHMARK(BM_LiveRefresh)->Iterations(200)->Unit(benchmark::kMillisecond);

void BM_LiveRefreshRender(benchmark::State& state) { liveRefresh(state, true); }
BENCHMARK(BM_LiveRefreshRender)->Iterations(200)->Unit(benchmark::kMillisecond);

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
