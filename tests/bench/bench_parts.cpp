// Issue 36's compile benchmark: "compile of a lab with 200 components in 20 instances stays under
// 50 ms". Measured (timing is reported, never asserted; docs/PERFORMANCE.md "Parts"):
//   BM_CompileFleet      the capacity lab tests/bench/labs/parts-fleet/ as a user has it: 20
//                        instances of the part file drivetrain10.part.json (10 components: engine,
//                        locked clutch, disc springs and dampers, gear, two brakes) -> 200
//                        components on 60 nodes; the whole compile (part file read, flatten,
//                        checks, model, initial conditions)
//   BM_FlattenParts/N    what parts add: N instances of a 10-component inline part
//                        (synth::partsChainLab) read and checked, placed, every "=expr" evaluated
//   BM_CompileParts/N    the whole compile of that chain: N = 20 is 200 + 1 components on 61 nodes
//   BM_CompileFlat/N     the same network written flat: the difference is the parts' cost
#include <benchmark/benchmark.h>

#include <cstdio>
#include <cstdlib>

#include "compile/compiler.h"
#include "compile/partflatten.h"
#include "io/labfile.h"
#include "spec/labreader.h"
#include "synthlabs.h"

using namespace drivelab;

namespace {

// a generated lab that does not read, flatten or compile is a broken benchmark: say why
[[noreturn]] void die(const Diagnostics& d)
{
    for (const auto& x : d.items()) std::fprintf(stderr, "bench_parts: %s\n", formatDiagnostic("parts-chain", x).c_str());
    std::abort();
}

LabSpec chainSpec(int instances)
{
    auto r = readLab(synth::partsChainLab(instances));
    if (!r.lab || static_cast<int>(r.lab->instances.size()) != instances) die(r.diagnostics);
    return *r.lab;
}

FlatLab flatOrDie(const LabSpec& spec, std::size_t components)
{
    Diagnostics d;
    FlatLab flat = flattenLab(spec, d);
    if (d.hasErrors() || flat.spec.components.size() != components) die(d);
    return flat;
}

void BM_FlattenParts(benchmark::State& state)
{
    const int n = static_cast<int>(state.range(0));
    const LabSpec spec = chainSpec(n);
    flatOrDie(spec, 10 * n + 1);
    for (auto _ : state) {
        Diagnostics d;
        FlatLab flat = flattenLab(spec, d);
        benchmark::DoNotOptimize(flat.spec.components.data());
    }
    state.counters["components"] = 10 * n;
}
BENCHMARK(BM_FlattenParts)->Arg(6)->Arg(20)->Unit(benchmark::kMillisecond);

void BM_CompileParts(benchmark::State& state)
{
    const int n = static_cast<int>(state.range(0));
    const LabSpec spec = chainSpec(n);
    const auto first = compile(spec);
    if (!first.model || first.model->components.size() != static_cast<std::size_t>(10 * n + 1)) die(first.diagnostics);
    for (auto _ : state) {
        auto c = compile(spec);
        benchmark::DoNotOptimize(c.model);
    }
}
BENCHMARK(BM_CompileParts)->Arg(6)->Arg(20)->Unit(benchmark::kMillisecond);

void BM_CompileFlat(benchmark::State& state)
{
    const int n = static_cast<int>(state.range(0));
    const FlatLab flat = flatOrDie(chainSpec(n), 10 * n + 1);
    CompileLimits limits;
    limits.labFormatLimits = false; // the flat writing of a version-2 lab: the same limits
    const auto first = compile(flat.spec, limits);
    if (!first.model) die(first.diagnostics);
    for (auto _ : state) {
        auto c = compile(flat.spec, limits);
        benchmark::DoNotOptimize(c.model);
    }
}
BENCHMARK(BM_CompileFlat)->Arg(6)->Arg(20)->Unit(benchmark::kMillisecond);

void BM_CompileFleet(benchmark::State& state)
{
    const LoadedLab l = loadLab(DRIVELAB_SOURCE_DIR "/tests/bench/labs/parts-fleet/parts-fleet-200.lab.json");
    if (!l.model || l.model->components.size() != 200) die(l.diagnostics);
    const LabSpec spec = *l.spec;
    for (auto _ : state) {
        auto c = compile(spec);
        benchmark::DoNotOptimize(c.model);
    }
    state.counters["components"] = 200;
}
BENCHMARK(BM_CompileFleet)->Unit(benchmark::kMillisecond);

} // namespace
