// DriveLab solver benchmarks (Google Benchmark). Timing is reported, never asserted.
// items/s counts ticks, so "ns per tick" = 1e9 / items_per_second.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
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

// The hand-written yardsticks' converter, C(s) = k (1 - s), R = 1: the member with the larger
// |speed| drives (pump wins a tie), torque -C(s) D|D| on it and the opposite on the other; the
// torques on a (pump) and b (turbine) at stage speeds (p, t) and their partial derivatives
inline void handWrittenConverter(double k, double p, double t, double& ta, double& tb, double& daa, double& dab, double& dba,
                                 double& dbb)
{
    if (p == 0.0 && t == 0.0) {
        ta = tb = daa = dab = dba = dbb = 0.0;
        return;
    }
    const bool pumpDrives = std::fabs(p) >= std::fabs(t);
    const double D = pumpDrives ? p : t, F = pumpDrives ? t : p, ad = std::fabs(D);
    const double td = -k * (D - F) * ad; // -C(s) D |D| with C = k (1 - F/D)
    const double dDD = -k * (ad + (D - F) * (D > 0 ? 1.0 : -1.0)), dDF = k * ad;
    if (pumpDrives) {
        ta = td, tb = -td, daa = dDD, dab = dDF, dba = -dDD, dbb = -dDF;
    } else {
        tb = td, ta = -td, dbb = dDD, dba = dDF, dab = -dDD, daa = -dDF;
    }
}

// The yardstick: a hand-written, special-purpose implicit-midpoint solver for exactly this
// problem (two inertias, C = k (1 - s), R = 1), with the same Newton tolerance, predictor and
// analytic Jacobian, and none of the generality. DriveLab's general solver is compared with it.
struct HandWrittenTwoInertia {
    double jp = 0.25, jt = 0.5, k = 0.01, h = 50e-6;
    double wp = 100.0, wt = 0.0, rp = 0.0, rt = 0.0;

    // torques on pump and turbine and their derivatives at stage speeds (p, t)
    void torques(double p, double t, double& tp, double& tt, double& a, double& b, double& c, double& d) const
    {
        handWrittenConverter(k, p, t, tp, tt, a, b, c, d);
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
    limits.labFormatLimits = false; // scaling: beyond a version-1 lab's limits
    limits.typeInstanceLimits = false; // 31 converters: beyond the product's 8, for scaling only
    limits.maxStates = 1000;
    runTicks(state, compileOrDie(synth::chainLab(static_cast<int>(state.range(0)), 1000000000), limits));
}
BENCHMARK(BM_ConverterChain)->Arg(2)->Arg(4)->Arg(8)->Arg(16)->Arg(32);

// The chain's yardstick (issue 21: "32-node chain within 1.5x of the hand-written chain
// solver"): a hand-written, special-purpose implicit midpoint for exactly synth::chainLab(N)
//
//   n0 --tc0-- n1 --tc1-- ... --tc(N-2)-- n(N-1)      every node: J_i = 0.1 + 0.01 i,
//   |          |                  |                   a damper d = 0.001 to ground,
//   d          d                  d                   w_i(0) = 200 - 11 i rad/s
//
// Each converter: C(s) = k (1 - s), k = 0.01 (the lab's map from (-1, 0.02) to (1, 0)), R = 1;
// the member with the larger |speed| drives, torque -C(s) D|D| on it and the opposite on the
// other. Stage speeds s = w + dq/2; residual r_i = J_i dq_i - h f_i(s); the Newton matrix
// J - (h/2) df/ds is tridiagonal and solved by the Thomas algorithm; predictor, tolerances and
// analytic Jacobian as in DriveLab's newton.cpp. Nothing else: no books, events or generality.
struct HandWrittenChain {
    static constexpr int kMax = 64;
    int n = 0;
    double h = 50e-6, k = 0.01, damping = 0.001;
    double inertia[kMax], w[kMax], rate[kMax];

    explicit HandWrittenChain(int nodes) : n(nodes)
    {
        for (int i = 0; i < n; ++i) {
            inertia[i] = 0.1 + 0.01 * i;
            w[i] = 200.0 - 11.0 * i;
            rate[i] = 0.0;
        }
    }

    // out of line: callgrind counts it per call (--toggle-collect='*HandWrittenChain::tick*')
    __attribute__((noinline)) void tick()
    {
        constexpr double eps = 2.220446049250313e-16;
        double dq[kMax], tol[kMax], res[kMax], diag[kMax], upper[kMax], lower[kMax];
        for (int i = 0; i < n; ++i) {
            dq[i] = rate[i] * h;
            tol[i] = 2e-12 + 64 * eps * (std::fabs(w[i]) + std::fabs(w[i] + dq[i]));
        }
        for (int it = 0; it < 24; ++it) {
            // f and df/ds at the stage point: dampers on the diagonal, converters on the bands
            for (int i = 0; i < n; ++i) {
                res[i] = -damping * (w[i] + 0.5 * dq[i]);
                diag[i] = -damping;
            }
            for (int i = 0; i + 1 < n; ++i) {
                double ta, tb, daa, dab, dba, dbb;
                handWrittenConverter(k, w[i] + 0.5 * dq[i], w[i + 1] + 0.5 * dq[i + 1], ta, tb, daa, dab, dba, dbb);
                res[i] += ta;
                res[i + 1] += tb;
                diag[i] += daa;
                diag[i + 1] += dbb;
                upper[i] = dab;
                lower[i] = dba;
            }
            bool converged = true;
            for (int i = 0; i < n; ++i) {
                res[i] = inertia[i] * dq[i] - h * res[i]; // f -> the residual
                converged = converged && std::fabs(res[i]) <= (it == 0 ? 64 * eps * std::fabs(dq[i]) : tol[i]) * inertia[i];
            }
            if (converged) break;
            // (J - h/2 df/ds) delta = -r by the Thomas algorithm
            double c[kMax];
            double inv = 1.0 / (inertia[0] - 0.5 * h * diag[0]);
            c[0] = n > 1 ? -0.5 * h * upper[0] * inv : 0.0;
            res[0] = -res[0] * inv;
            for (int i = 1; i < n; ++i) {
                const double l = -0.5 * h * lower[i - 1];
                inv = 1.0 / (inertia[i] - 0.5 * h * diag[i] - l * c[i - 1]);
                c[i] = i + 1 < n ? -0.5 * h * upper[i] * inv : 0.0;
                res[i] = (-res[i] - l * res[i - 1]) * inv;
            }
            for (int i = n - 2; i >= 0; --i) res[i] -= c[i] * res[i + 1];
            for (int i = 0; i < n; ++i) dq[i] += res[i];
        }
        for (int i = 0; i < n; ++i) {
            w[i] += dq[i];
            rate[i] = dq[i] / h;
        }
    }
};

// the yardstick must solve the same problem: its speeds against DriveLab's after 2000 ticks
// (0.1 s) of synth::chainLab(n); the largest difference relative to the speed scale (200 rad/s)
double chainYardstickDifference(int n, const std::shared_ptr<const Model>& model)
{
    Session s(model);
    HandWrittenChain y(n);
    if (s.run(2000).status != BatchStatus::Completed) return INFINITY;
    for (int t = 0; t < 2000; ++t) y.tick();
    double worst = 0.0;
    for (int i = 0; i < n; ++i) worst = std::max(worst, std::fabs(s.state().x[static_cast<std::size_t>(i)] - y.w[i]) / 200.0);
    return worst;
}

void BM_HandWrittenChain(benchmark::State& state)
{
    const int n = static_cast<int>(state.range(0));
    // checked once per N (Google Benchmark calls this function again for each run length)
    static bool checked[HandWrittenChain::kMax + 1] = {};
    static double differences[HandWrittenChain::kMax + 1] = {};
    if (!checked[n]) {
        CompileLimits limits;
    limits.labFormatLimits = false; // scaling: beyond a version-1 lab's limits
        limits.typeInstanceLimits = false;
        limits.maxStates = 1000;
        differences[n] = chainYardstickDifference(n, compileOrDie(synth::chainLab(n, 1000000000), limits));
        checked[n] = true;
    }
    const double difference = differences[n];
    // the same method to rounding: a different law or Jacobian would be off by far more. A
    // yardstick that solves another problem measures nothing: stop (the CTest smoke run fails)
    if (!(difference <= 1e-12)) {
        std::fprintf(stderr, "BM_HandWrittenChain/%d: differs from DriveLab by %g of the speed scale\n", n, difference);
        std::abort();
    }
    HandWrittenChain y(n);
    std::int64_t ticks = 0;
    for (auto _ : state) {
        if (ticks % 20000 == 0) y = HandWrittenChain(n); // the lab's 1 s, as runTicks restarts
        for (int i = 0; i < 1000; ++i) y.tick();
        ticks += 1000;
        benchmark::DoNotOptimize(y.w[0]);
    }
    state.SetItemsProcessed(ticks);
    state.counters["difference"] = difference;
}
BENCHMARK(BM_HandWrittenChain)->Arg(2)->Arg(4)->Arg(8)->Arg(16)->Arg(32);

// cost growth up to the solver's capacity (issue 21: N = 2 ... 64 linear): the same chain with
// one damper, on its last node (it was written when a model held 64 components; 64 nodes are
// now the product's limit too, kMaxNodes = kMaxDyn)
void BM_ConverterChainLean(benchmark::State& state)
{
    CompileLimits limits;
    limits.labFormatLimits = false; // scaling: beyond a version-1 lab's limits
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
