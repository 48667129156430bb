// DriveLab solver benchmarks (Google Benchmark). Timing is reported, never asserted.
// items/s counts ticks, so "ns per tick" = 1e9 / items_per_second.
#include <benchmark/benchmark.h>

#include <cmath>
#include <filesystem>
#include <string>

#include "synthlabs.h"
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
    state.counters["newton_per_tick"] =
        static_cast<double>(s.stats().newtonIterations) / static_cast<double>(std::max<std::int64_t>(1, ticks));
}

const std::string kSource = DRIVELAB_SOURCE_DIR;

void BM_TwoInertiaConverter(benchmark::State& state)
{
    runTicks(state, loadOrDie(kSource + "/tests/bench/labs/two-inertia-converter.lab.json"));
}
BENCHMARK(BM_TwoInertiaConverter);

// The yardstick: a hand-written, special-purpose implicit-midpoint solver for exactly this
// problem (two inertias, C = k (1 - s), R = 1), with the same Newton tolerance, predictor and
// analytic Jacobian, and none of the generality. DriveLab's general solver is compared with it.
struct HandWrittenTwoInertia {
    double jp = 0.25, jt = 0.5, k = 0.01, h = 50e-6;
    double wp = 100.0, wt = 0.0, rp = 0.0, rt = 0.0;

    // torques on pump and turbine and their derivatives at stage speeds (p, t)
    void torques(double p, double t, double& tp, double& tt, double& a, double& b, double& c, double& d) const
    {
        if (p == 0.0 && t == 0.0) {
            tp = tt = a = b = c = d = 0.0;
            return;
        }
        const bool pumpDrives = std::fabs(p) >= std::fabs(t);
        const double D = pumpDrives ? p : t, F = pumpDrives ? t : p, ad = std::fabs(D);
        const double td = -k * (D - F) * ad; // -C(s) D |D| with C = k (1 - F/D)
        const double dDD = -k * (ad + (D - F) * (D > 0 ? 1.0 : -1.0)), dDF = k * ad;
        if (pumpDrives) {
            tp = td;
            tt = -td;
            a = dDD;
            b = dDF;
            c = -dDD;
            d = -dDF;
        } else {
            tt = td;
            tp = -td;
            d = dDD;
            c = dDF;
            b = -dDD;
            a = -dDF;
        }
    }

    // the tick's books, kept only by the booked variant: positions, the converter's heat
    // (compensated sum), the tick means of the two torques and of the heat flow
    double posP = 0.0, posT = 0.0, heat = 0.0, heatComp = 0.0, meanTp = 0.0, meanTt = 0.0, meanQ = 0.0;
    bool rejected = false;

    template <bool Books>
    void step()
    {
        constexpr double eps = 2.220446049250313e-16;
        double dp = rp * h, dt = rt * h;
        // DriveLab's convergence rule (newton.cpp): the predictor only within 64 eps of the
        // change, after a Newton step the value's rounding
        const double tolP = 2e-12 + 64 * eps * (std::fabs(wp) + std::fabs(wp + dp));
        const double tolT = 2e-12 + 64 * eps * (std::fabs(wt) + std::fabs(wt + dt));
        double tp = 0.0, tt = 0.0;
        for (int it = 0; it < 24; ++it) {
            double a, b, c, d;
            torques(wp + 0.5 * dp, wt + 0.5 * dt, tp, tt, a, b, c, d);
            const double r0 = jp * dp - h * tp, r1 = jt * dt - h * tt;
            if (it == 0 ? std::fabs(r0) <= 64 * eps * std::fabs(dp) * jp && std::fabs(r1) <= 64 * eps * std::fabs(dt) * jt
                        : std::fabs(r0) <= tolP * jp && std::fabs(r1) <= tolT * jt)
                break;
            const double m00 = jp - 0.5 * h * a, m01 = -0.5 * h * b, m10 = -0.5 * h * c, m11 = jt - 0.5 * h * d;
            const double det = m00 * m11 - m01 * m10;
            dp -= (m11 * r0 - m01 * r1) / det;
            dt -= (m00 * r1 - m10 * r0) / det;
        }
        if constexpr (Books) {
            const double sp = wp + 0.5 * dp, st = wt + 0.5 * dt;
            const double q = -h * (tp * sp + tt * st);
            rejected = rejected || q < -1e-9 * (std::fabs(h * tp * sp) + std::fabs(h * tt * st));
            const double y = q - heatComp, t = heat + y;
            heatComp = (t - heat) - y;
            heat = t;
            posP += h * sp;
            posT += h * st;
            meanTp = tp;
            meanTt = tt;
            meanQ = q / h;
        }
        wp += dp;
        wt += dt;
        rp = dp / h;
        rt = dt / h;
    }
    void tick() { step<false>(); }
    void bookedTick() { step<true>(); }
};

void BM_HandWrittenTwoInertia(benchmark::State& state)
{
    HandWrittenTwoInertia s;
    std::int64_t ticks = 0;
    for (auto _ : state) {
        if (ticks % 40000 == 0) s = HandWrittenTwoInertia{};
        for (int i = 0; i < 1000; ++i) s.tick();
        ticks += 1000;
        benchmark::DoNotOptimize(s.wp);
    }
    state.SetItemsProcessed(ticks);
}
BENCHMARK(BM_HandWrittenTwoInertia);

// The same with what DriveLab's tick also keeps for this model (issue 21: the two yardsticks):
// positions, the converter's heat in a compensated sum with its negative-heat check, and the
// tick means of the torques and the heat flow
void BM_HandWrittenTwoInertiaBooked(benchmark::State& state)
{
    HandWrittenTwoInertia s;
    std::int64_t ticks = 0;
    for (auto _ : state) {
        if (ticks % 40000 == 0) s = HandWrittenTwoInertia{};
        for (int i = 0; i < 1000; ++i) s.bookedTick();
        ticks += 1000;
        benchmark::DoNotOptimize(s.wp);
        benchmark::DoNotOptimize(s.heat);
        benchmark::DoNotOptimize(s.meanQ);
    }
    if (s.rejected) state.SkipWithError("negative converter heat");
    state.SetItemsProcessed(ticks);
}
BENCHMARK(BM_HandWrittenTwoInertiaBooked);

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
    runTicks(state, compileOrDie(synth::chainLab(static_cast<int>(state.range(0)), 1000000000), limits));
}
BENCHMARK(BM_ConverterChain)->Arg(2)->Arg(4)->Arg(8)->Arg(16)->Arg(32);

// cost growth up to the solver's capacity (issue 21: N = 2 ... 64 linear): the same chain with
// one damper, on its last node, so 64 nodes fit the 64 components a model holds; nodes beyond
// the product's 32 are allowed here only
void BM_ConverterChainLean(benchmark::State& state)
{
    CompileLimits limits;
    limits.typeInstanceLimits = false;
    limits.maxStates = 1000;
    limits.maxNodes = kMaxDyn;
    runTicks(state, compileOrDie(synth::chainLab(static_cast<int>(state.range(0)), 1000000000, true), limits));
}
BENCHMARK(BM_ConverterChainLean)->Arg(2)->Arg(4)->Arg(8)->Arg(16)->Arg(32)->Arg(48)->Arg(64);

// a stiff hydraulic circuit: a pump into a few cm^3 of oil (beta 1.5 GPa) with time
// constants far below the tick, an accumulator and a relief orifice
void BM_StiffHydraulic(benchmark::State& state) { runTicks(state, loadOrDie(kSource + "/tests/bench/labs/stiff-hydraulic.lab.json")); }
BENCHMARK(BM_StiffHydraulic);

void BM_Lab(benchmark::State& state, const std::string& path) { runTicks(state, loadOrDie(path)); }

void BM_Compile64Components(benchmark::State& state)
{
    const auto spec = readLab(synth::wideLab());
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
