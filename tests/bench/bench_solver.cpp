// DriveLab solver benchmarks (Google Benchmark). Timing is reported, never asserted.
// items/s counts ticks, so "ns per tick" = 1e9 / items_per_second.
#include <benchmark/benchmark.h>

#include <filesystem>
#include <string>

#include "benchlabs.h"
#include "compile/compiler.h"
#include "io/labfile.h"
#include "solver/session.h"
#include "spec/labreader.h"

using namespace drivelab;

namespace {

std::shared_ptr<const Model> compileOrDie(const std::string& text, const CompileLimits& limits = {})
{
    auto r = readLab(text);
    if (!r.lab) std::abort();
    auto c = compile(*r.lab, limits);
    if (!c.model) std::abort();
    return c.model;
}

std::shared_ptr<const Model> loadOrDie(const std::string& path)
{
    auto l = loadLab(path);
    if (!l.model) std::abort();
    return l.model;
}

// run ticks in batches of 1000, restarting at the end of the run
void runTicks(benchmark::State& state, const std::shared_ptr<const Model>& model)
{
    Session s(model);
    std::int64_t ticks = 0;
    for (auto _ : state) {
        if (s.finished()) {
            state.PauseTiming();
            s.reset();
            state.ResumeTiming();
        }
        const BatchResult r = s.run(1000);
        if (r.status != BatchStatus::Completed) {
            state.SkipWithError("solver failure");
            return;
        }
        ticks += r.ticks;
    }
    state.SetItemsProcessed(ticks);
    state.counters["newton_per_tick"] = static_cast<double>(s.stats().newtonIterations) / static_cast<double>(std::max<std::int64_t>(1, ticks));
}

const std::string kSource = DRIVELAB_SOURCE_DIR;

void BM_TwoInertiaConverter(benchmark::State& state)
{
    runTicks(state, loadOrDie(kSource + "/tests/bench/labs/two-inertia-converter.lab.json"));
}
BENCHMARK(BM_TwoInertiaConverter);

void BM_BrakedTurbineStall(benchmark::State& state)
{
    runTicks(state, loadOrDie(kSource + "/tests/bench/labs/braked-turbine-stall.lab.json"));
}
BENCHMARK(BM_BrakedTurbineStall);

void BM_ConverterChain(benchmark::State& state)
{
    CompileLimits limits;
    limits.typeInstanceLimits = false; // 31 converters: beyond the product's 8, for scaling only
    limits.maxStates = 1000;
    runTicks(state, compileOrDie(bench::chainLab(static_cast<int>(state.range(0)), 1000000000), limits));
}
BENCHMARK(BM_ConverterChain)->Arg(2)->Arg(4)->Arg(8)->Arg(16)->Arg(32);

// a stiff hydraulic circuit: a pump into a few cm^3 of oil (beta 1.5 GPa) with time
// constants far below the tick, an accumulator and a relief orifice
void BM_StiffHydraulic(benchmark::State& state)
{
    runTicks(state, loadOrDie(kSource + "/tests/bench/labs/stiff-hydraulic.lab.json"));
}
BENCHMARK(BM_StiffHydraulic);

void BM_Lab(benchmark::State& state, const std::string& path)
{
    runTicks(state, loadOrDie(path));
}

void BM_Compile64Components(benchmark::State& state)
{
    const auto spec = readLab(bench::wideLab());
    if (!spec.lab || spec.lab->components.size() != 64) std::abort();
    for (auto _ : state) {
        auto c = compile(*spec.lab);
        if (!c.model) std::abort();
        benchmark::DoNotOptimize(c.model);
    }
}
BENCHMARK(BM_Compile64Components);

} // namespace

int main(int argc, char** argv)
{
    for (const auto& e : std::filesystem::directory_iterator(kSource + "/labs")) {
        const std::string name = e.path().filename().string();
        if (name.size() > 9 && name.ends_with(".lab.json"))
            benchmark::RegisterBenchmark(("BM_Lab/" + name.substr(0, name.size() - 9)).c_str(), BM_Lab, e.path().string());
    }
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return 0;
}
