// The linear solve of one Newton step on the converter chains (issue 16): the solver's
// hand-written sparse LU against Eigen's alternatives, on the matrix the solver assembles for
// a chain of N inertias (synth::chainLab) at t = 0:
//   A = M - h J W  on the Jacobian structure (identity basis: no constraint), b = h f
// Each case times what one Newton step does: load A's values into the solver's buffer,
// factor, solve. Symbolic work (the minimum-degree order and fill, Eigen's sparse analysis)
// is done once per clutch mode in the product and once per case here.
// Counters (not timed, never asserted):
//   bits_equal    1 when the solution equals the hand-written sparse LU's bit for bit
//   residual      |A x - b|inf / (|A|inf |x|inf)
//   allocs        malloc calls per solve (the solver's per-tick budget is 0; operator new and
//                 Eigen's aligned allocation both end in malloc, counted below)
// The chains stop at N = 32 (a chain of N nodes with a damper on each has 2N - 1 components; until
// issue 36 raised kMaxComponents to 256, components/component.h, a model held at most 64).
#include <benchmark/benchmark.h>

#include <Eigen/Dense>
#include <Eigen/SparseLU>

#include <atomic>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <vector>

#include "synthlabs.h"
#include "compile/compiler.h"
#include "solver/linear.h"
#include "solver/newton.h"
#include "solver/stepper.h"
#include "spec/labreader.h"

// every malloc of the process counted, then forwarded to glibc's own (free, realloc and the
// rest stay glibc's, which own the same chunks)
extern "C" void* __libc_malloc(std::size_t n);
namespace {
std::atomic<std::uint64_t> g_mallocs{0};
std::uint64_t allocationCount() { return g_mallocs.load(std::memory_order_relaxed); }
} // namespace
extern "C" void* malloc(std::size_t n) noexcept
{
    g_mallocs.fetch_add(1, std::memory_order_relaxed);
    return __libc_malloc(n);
}

namespace {
using namespace drivelab;

/// fixed-capacity dense storage: no heap, capacity kMaxDyn x kMaxDyn like the workspace
using FixedMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor, kMaxDyn, kMaxDyn>;
using FixedVector = Eigen::Matrix<double, Eigen::Dynamic, 1, Eigen::ColMajor, kMaxDyn, 1>;

// the Newton system of one chain as the solver assembles it
struct ChainSystem {
    int n = 0;
    LuPattern lu;                       // the mode basis' analysed pattern
    std::uint64_t rows[kMaxDyn] = {};   // structure by row (Jacobian rows and the diagonal)
    double a[kMaxDyn * kMaxDyn] = {};   // A, leading dimension kMaxDyn, zero off the structure
    double b[kMaxDyn] = {};             // right-hand side
    double diag[kMaxDyn] = {};          // assembled diagonal (the static pivots' yardstick)
    double x[kMaxDyn] = {};             // the hand-written sparse LU's solution
    double asymmetry = 0.0;             // max |A - A^T| / max |A|
    double spd[kMaxDyn * kMaxDyn] = {}; // (A + A^T) / 2: symmetric positive definite
    double xSpd[kMaxDyn] = {};          // its solution by the hand-written dense LU
};

std::unique_ptr<ChainSystem> buildChainSystem(int n)
{
    CompileLimits limits;
    limits.labFormatLimits = false; // scaling: beyond a version-1 lab's limits
    limits.typeInstanceLimits = false; // as BM_ConverterChain: beyond the product's 8 converters
    limits.maxStates = 1000;
    const auto spec = readLab(synth::chainLab(n, 1000000000));
    if (!spec.lab) std::abort();
    const auto compiled = compile(*spec.lab, limits);
    if (!compiled.model) std::abort();
    const Model& m = *compiled.model;
    State s = initialState(m);
    auto w = std::make_unique<Workspace>(m);
    prepareInitialState(m, s, *w);
    evaluateAtStart(m, s, *w, m.h, 0.5 * static_cast<double>(m.tickNs));
    if (!w->basis.identity || w->basis.m != n || m.nDyn != n) std::abort();

    auto sys = std::make_unique<ChainSystem>();
    sys->n = n;
    sys->lu = w->basis.lu;
    double amax = 0.0;
    for (int i = 0; i < n; ++i) {
        sys->rows[i] = w->basis.jRows[i];
        for (std::uint64_t bj = sys->rows[i]; bj; bj &= bj - 1) {
            const int j = std::countr_zero(bj);
            sys->a[i * kMaxDyn + j] = -m.h * w->jac[i * kMaxDyn + j] * m.stageWeight[static_cast<std::size_t>(j)];
        }
        sys->a[i * kMaxDyn + i] += m.mass[static_cast<std::size_t>(i)];
        sys->diag[i] = sys->a[i * kMaxDyn + i];
        sys->b[i] = m.h * w->f[i];
    }
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            amax = std::fmax(amax, std::fabs(sys->a[i * kMaxDyn + j]));
            sys->asymmetry = std::fmax(sys->asymmetry, std::fabs(sys->a[i * kMaxDyn + j] - sys->a[j * kMaxDyn + i]));
        }
    }
    sys->asymmetry /= amax;
    // the reference solution: the product's path
    std::vector<double> work(sys->a, sys->a + kMaxDyn * kMaxDyn);
    for (int i = 0; i < n; ++i) sys->x[i] = sys->b[i];
    if (!sparseSolve(sys->lu, work.data(), sys->x, sys->diag)) std::abort();
    // the symmetric part and its solution by the product's dense LU (as the thermal network's)
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) sys->spd[i * kMaxDyn + j] = 0.5 * (sys->a[i * kMaxDyn + j] + sys->a[j * kMaxDyn + i]);
        sys->xSpd[i] = sys->b[i];
    }
    work.assign(sys->spd, sys->spd + kMaxDyn * kMaxDyn);
    if (!denseSolve(work.data(), n, sys->xSpd)) std::abort();
    return sys;
}

const ChainSystem& chainSystem(int n)
{
    static std::unique_ptr<ChainSystem> cache[kMaxDyn + 1];
    if (!cache[n]) cache[n] = buildChainSystem(n);
    return *cache[n];
}

// agreement with a reference solution, residual and allocations of x solving m x = b
void reportSolve(benchmark::State& state, int n, const double* m, const double* b, const double* reference, const double* x,
                 std::uint64_t allocs)
{
    bool equal = true;
    double r = 0.0, anorm = 0.0, xnorm = 0.0;
    for (int i = 0; i < n; ++i) {
        double v = -b[i], row = 0.0;
        for (int j = 0; j < n; ++j) {
            v += m[i * kMaxDyn + j] * x[j];
            row += std::fabs(m[i * kMaxDyn + j]);
        }
        r = std::fmax(r, std::fabs(v));
        anorm = std::fmax(anorm, row);
        xnorm = std::fmax(xnorm, std::fabs(x[i]));
        equal = equal && std::bit_cast<std::uint64_t>(x[i]) == std::bit_cast<std::uint64_t>(reference[i]);
    }
    state.counters["bits_equal"] = equal ? 1.0 : 0.0;
    state.counters["residual"] = r / (anorm * xnorm);
    state.counters["allocs"] = static_cast<double>(allocs) / static_cast<double>(std::max<std::int64_t>(1, state.iterations()));
}

// the chain cases: against the hand-written sparse LU's solution
void report(benchmark::State& state, const ChainSystem& sys, const double* x, std::uint64_t allocs)
{
    reportSolve(state, sys.n, sys.a, sys.b, sys.x, x, allocs);
    state.counters["asymmetry"] = sys.asymmetry;
}

// the product's path: values on the structure, static-pivot sparse LU in minimum-degree order
void BM_ChainSolveHandWritten(benchmark::State& state)
{
    const ChainSystem& sys = chainSystem(static_cast<int>(state.range(0)));
    auto a = std::make_unique<double[]>(kMaxDyn * kMaxDyn);
    double x[kMaxDyn];
    const std::uint64_t before = allocationCount();
    for (auto _ : state) {
        if (sys.lu.hasFill) clearPattern(sys.lu, a.get());
        for (int i = 0; i < sys.n; ++i) {
            for (std::uint64_t bj = sys.rows[i]; bj; bj &= bj - 1) {
                const int j = std::countr_zero(bj);
                a[i * kMaxDyn + j] = sys.a[i * kMaxDyn + j];
            }
            x[i] = sys.b[i];
        }
        if (!sparseSolve(sys.lu, a.get(), x, sys.diag)) std::abort();
        benchmark::DoNotOptimize(x);
        benchmark::ClobberMemory();
    }
    report(state, sys, x, allocationCount() - before);
}

// the product's fallback: dense partial pivoting over all n x n entries
void BM_ChainSolveHandWrittenDense(benchmark::State& state)
{
    const ChainSystem& sys = chainSystem(static_cast<int>(state.range(0)));
    auto a = std::make_unique<double[]>(kMaxDyn * kMaxDyn);
    double x[kMaxDyn];
    const std::uint64_t before = allocationCount();
    for (auto _ : state) {
        for (int i = 0; i < sys.n; ++i) {
            for (int j = 0; j < sys.n; ++j) a[i * kMaxDyn + j] = sys.a[i * kMaxDyn + j];
            x[i] = sys.b[i];
        }
        if (!denseSolve(a.get(), sys.n, x)) std::abort();
        benchmark::DoNotOptimize(x);
        benchmark::ClobberMemory();
    }
    report(state, sys, x, allocationCount() - before);
}

// Eigen::PartialPivLU on fixed-capacity row-major storage (no heap)
void BM_ChainSolveEigenPartialPivLU(benchmark::State& state)
{
    const ChainSystem& sys = chainSystem(static_cast<int>(state.range(0)));
    const int n = sys.n;
    FixedMatrix a(n, n);
    FixedVector rhs(n), x(n);
    Eigen::PartialPivLU<FixedMatrix> lu(n);
    const std::uint64_t before = allocationCount();
    for (auto _ : state) {
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) a(i, j) = sys.a[i * kMaxDyn + j];
            rhs(i) = sys.b[i];
        }
        lu.compute(a);
        x = lu.solve(rhs);
        benchmark::DoNotOptimize(x.data());
        benchmark::ClobberMemory();
    }
    const std::uint64_t allocs = allocationCount() - before;
    report(state, sys, x.data(), allocs);
}

// Eigen::FullPivLU on the same storage (the robust dense choice)
void BM_ChainSolveEigenFullPivLU(benchmark::State& state)
{
    const ChainSystem& sys = chainSystem(static_cast<int>(state.range(0)));
    const int n = sys.n;
    FixedMatrix a(n, n);
    FixedVector rhs(n), x(n);
    Eigen::FullPivLU<FixedMatrix> lu(n, n);
    const std::uint64_t before = allocationCount();
    for (auto _ : state) {
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) a(i, j) = sys.a[i * kMaxDyn + j];
            rhs(i) = sys.b[i];
        }
        lu.compute(a);
        x = lu.solve(rhs);
        benchmark::DoNotOptimize(x.data());
        benchmark::ClobberMemory();
    }
    const std::uint64_t allocs = allocationCount() - before;
    report(state, sys, x.data(), allocs);
}

// Eigen::LDLT reads only the lower triangle: A is not symmetric (the converter's torques depend
// on pump and turbine speed differently; see the asymmetry counter), so this solves another
// system, and its residual counter says so. Timed as the floor of any symmetric factorization.
void BM_ChainSolveEigenLDLT(benchmark::State& state)
{
    const ChainSystem& sys = chainSystem(static_cast<int>(state.range(0)));
    const int n = sys.n;
    FixedMatrix a(n, n);
    FixedVector rhs(n), x(n);
    Eigen::LDLT<FixedMatrix> ldlt(n);
    const std::uint64_t before = allocationCount();
    for (auto _ : state) {
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) a(i, j) = sys.a[i * kMaxDyn + j];
            rhs(i) = sys.b[i];
        }
        ldlt.compute(a);
        x = ldlt.solve(rhs);
        benchmark::DoNotOptimize(x.data());
        benchmark::ClobberMemory();
    }
    const std::uint64_t allocs = allocationCount() - before;
    report(state, sys, x.data(), allocs);
}

// Eigen::SparseLU (COLAMD order): pattern analysed once, values loaded, factored and solved
void BM_ChainSolveEigenSparseLU(benchmark::State& state)
{
    const ChainSystem& sys = chainSystem(static_cast<int>(state.range(0)));
    const int n = sys.n;
    std::vector<Eigen::Triplet<double>> entries;
    for (int i = 0; i < n; ++i) {
        for (std::uint64_t bj = sys.rows[i]; bj; bj &= bj - 1) {
            const int j = std::countr_zero(bj);
            entries.emplace_back(i, j, sys.a[i * kMaxDyn + j]);
        }
    }
    Eigen::SparseMatrix<double> a(n, n);
    a.setFromTriplets(entries.begin(), entries.end());
    a.makeCompressed();
    // where each stored value comes from (column-major order)
    std::vector<int> source;
    for (int j = 0; j < n; ++j) {
        for (Eigen::SparseMatrix<double>::InnerIterator it(a, j); it; ++it) source.push_back(static_cast<int>(it.row()) * kMaxDyn + j);
    }
    Eigen::SparseLU<Eigen::SparseMatrix<double>, Eigen::COLAMDOrdering<int>> lu;
    lu.analyzePattern(a);
    Eigen::VectorXd rhs(n), x(n);
    const std::uint64_t before = allocationCount();
    for (auto _ : state) {
        double* v = a.valuePtr();
        for (std::size_t k = 0; k < source.size(); ++k) v[k] = sys.a[source[k]];
        for (int i = 0; i < n; ++i) rhs(i) = sys.b[i];
        lu.factorize(a);
        if (lu.info() != Eigen::Success) std::abort();
        x = lu.solve(rhs);
        benchmark::DoNotOptimize(x.data());
        benchmark::ClobberMemory();
    }
    const std::uint64_t allocs = allocationCount() - before;
    report(state, sys, x.data(), allocs);
}

// Symmetric positive definite systems: the chain matrix's symmetric part (A + A^T) / 2, the
// shape of the thermal network's matrix (solver/thermalstep.cpp: dense LU, which never swaps
// on it). The product's dense LU against Eigen's LLT and LDLT, agreement against the former.
template <class Factorization> void spdEigen(benchmark::State& state)
{
    const ChainSystem& sys = chainSystem(static_cast<int>(state.range(0)));
    const int n = sys.n;
    FixedMatrix a(n, n);
    FixedVector rhs(n), x(n);
    Factorization f(n);
    const std::uint64_t before = allocationCount();
    for (auto _ : state) {
        for (int i = 0; i < n; ++i) {
            for (int j = 0; j < n; ++j) a(i, j) = sys.spd[i * kMaxDyn + j];
            rhs(i) = sys.b[i];
        }
        f.compute(a);
        x = f.solve(rhs);
        benchmark::DoNotOptimize(x.data());
        benchmark::ClobberMemory();
    }
    const std::uint64_t allocs = allocationCount() - before;
    reportSolve(state, n, sys.spd, sys.b, sys.xSpd, x.data(), allocs);
}

void BM_SpdSolveHandWrittenDense(benchmark::State& state)
{
    const ChainSystem& sys = chainSystem(static_cast<int>(state.range(0)));
    auto a = std::make_unique<double[]>(kMaxDyn * kMaxDyn);
    double x[kMaxDyn];
    const std::uint64_t before = allocationCount();
    for (auto _ : state) {
        for (int i = 0; i < sys.n; ++i) {
            for (int j = 0; j < sys.n; ++j) a[i * kMaxDyn + j] = sys.spd[i * kMaxDyn + j];
            x[i] = sys.b[i];
        }
        if (!denseSolve(a.get(), sys.n, x)) std::abort();
        benchmark::DoNotOptimize(x);
        benchmark::ClobberMemory();
    }
    reportSolve(state, sys.n, sys.spd, sys.b, sys.xSpd, x, allocationCount() - before);
}

void BM_SpdSolveEigenLLT(benchmark::State& state) { spdEigen<Eigen::LLT<FixedMatrix>>(state); }

void BM_SpdSolveEigenLDLT(benchmark::State& state) { spdEigen<Eigen::LDLT<FixedMatrix>>(state); }

#define DRIVELAB_CHAIN_SIZES ->Arg(2)->Arg(4)->Arg(8)->Arg(16)->Arg(32)
BENCHMARK(BM_ChainSolveHandWritten) DRIVELAB_CHAIN_SIZES;
BENCHMARK(BM_ChainSolveHandWrittenDense) DRIVELAB_CHAIN_SIZES;
BENCHMARK(BM_ChainSolveEigenPartialPivLU) DRIVELAB_CHAIN_SIZES;
BENCHMARK(BM_ChainSolveEigenFullPivLU) DRIVELAB_CHAIN_SIZES;
BENCHMARK(BM_ChainSolveEigenLDLT) DRIVELAB_CHAIN_SIZES;
BENCHMARK(BM_ChainSolveEigenSparseLU) DRIVELAB_CHAIN_SIZES;
BENCHMARK(BM_SpdSolveHandWrittenDense) DRIVELAB_CHAIN_SIZES;
BENCHMARK(BM_SpdSolveEigenLLT) DRIVELAB_CHAIN_SIZES;
BENCHMARK(BM_SpdSolveEigenLDLT) DRIVELAB_CHAIN_SIZES;

} // namespace
