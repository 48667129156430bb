// FMU step cost against the CLI's per-tick cost (docs/PERFORMANCE.md, "FMU export"): each lab named
// on the command line (default: converter-launch, drive-cycle) exported as an FMI 3 FMU and run
// through the FMI C API, once with one doStep per tick and once with one doStep per report
// interval (reading every output after each step), the median of N runs; beside it
// `drivelab-cli bench LAB --json`'s ns/tick. Prints a table; asserts nothing about time (CTest
// runs it in a smoke mode: --repeat 1 on one lab).
#include <algorithm>
#include <chrono>
#include <cstdio>

#include "fmitestlab.h"

using namespace fmitest;

namespace {

// ns per tick of one run of `fmu` stepped `ticksPerStep` ticks at a time; -1 on a failure
double fmuNsPerTick(const Fmu& fmu, std::int64_t ticksPerStep, std::int64_t ticks, double tick)
{
    auto d = started(fmu, "bench");
    if (!d) return -1.0;
    const auto vr = outputVrs(fmu);
    std::vector<double> out(vr.size());
    const auto start = std::chrono::steady_clock::now();
    for (std::int64_t k = 0; k < ticks; k += ticksPerStep) {
        const std::int64_t n = std::min(ticksPerStep, ticks - k);
        if (d->doStep(static_cast<double>(k) * tick, static_cast<double>(n) * tick) != 0 || d->get(vr, out) != 0) return -1.0;
    }
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return s * 1e9 / static_cast<double>(ticks);
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

// `--count LAB TICKS STEP`: LAB exported as an FMI 3 FMU, one instance stepped STEP ticks at a time
// for TICKS ticks, every output read after each step; no timing. What tests/perf/fmustepcost.py
// counts with callgrind (the export runs in a child process, which callgrind does not count). The
// loop calls fmi3DoStep and fmi3GetFloat64 as a host does, through the library's own function
// pointers into a buffer it keeps (not through the tests' Driver, whose get() sizes and zeroes its
// vector every call): what is counted is the FMU's cost and the calls', not a test helper's.
int countRun(const std::string& name, std::int64_t ticks, std::int64_t step)
{
    Fmu fmu;
    std::string why;
    // a folder per step size: fmustepcost_interval and fmustepcost_tick may run at once (ctest -j)
    if (!exportFmu(lab(name), 3, "count-" + std::to_string(step), "", fmu, why)) {
        std::fprintf(stderr, "%s: %s\n", name.c_str(), why.c_str());
        return 1;
    }
    const json md = json::parse(readFile(fmu.u.resources + "lab.json"));
    const double tick = md["run"]["tick_ns"].get<double>() / 1e9;
    auto d = started(fmu, "count");
    if (!d) return 1;
    const auto doStep = FMITEST_SYM(fmu.lib, fmi3DoStep);
    const auto get = FMITEST_SYM(fmu.lib, fmi3GetFloat64);
    void* const instance = d->instance();
    const auto vr = outputVrs(fmu);
    std::vector<double> out(vr.size());
    bool event = false, terminate = false, early = false;
    double last = 0.0;
    for (std::int64_t k = 0; k < ticks; k += step) {
        const std::int64_t n = std::min(step, ticks - k);
        if (doStep(instance, static_cast<double>(k) * tick, static_cast<double>(n) * tick, true, &event, &terminate, &early, &last) != fmi3OK ||
            get(instance, vr.data(), vr.size(), out.data(), out.size()) != fmi3OK) {
            std::fprintf(stderr, "%s: doStep at tick %lld failed: %s\n", name.c_str(), static_cast<long long>(k), d->log.all().c_str());
            return 1;
        }
    }
    return 0;
}

int main(int argc, char** argv)
{
    if (argc == 5 && std::string(argv[1]) == "--count") return countRun(argv[2], std::atoll(argv[3]), std::max(1LL, std::atoll(argv[4])));
    int repeat = 5;
    std::vector<std::string> labs;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--repeat" && i + 1 < argc)
            repeat = std::max(1, std::atoi(argv[++i]));
        else
            labs.push_back(a);
    }
    if (labs.empty()) labs = {"converter-launch", "drive-cycle"};
    std::printf("%-20s %10s %12s %14s %16s\n", "lab", "ticks", "CLI ns/tick", "FMU 1 tick", "FMU report step");
    for (const std::string& name : labs) {
        const std::string path = lab(name);
        const std::string benchJson = work() + "/bench.json";
        if (shell(std::string(DRIVELAB_CLI) + " bench '" + path + "' --json --repeat " + std::to_string(repeat) + " > '" + benchJson + "'") != 0)
            return 1;
        const json cliBench = json::parse(readFile(benchJson));
        const json& rep = report(path);
        Fmu fmu;
        std::string why;
        if (rep.is_null() || !exportFmu(path, 3, "bench", "", fmu, why)) {
            std::fprintf(stderr, "%s: %s\n", name.c_str(), why.c_str());
            return 1;
        }
        const double tick = rep["tick_ns"].get<double>() / 1e9;
        const auto ticks = rep["ticks"].get<std::int64_t>();
        const auto every = rep["boundaries"][1]["tick"].get<std::int64_t>();
        std::vector<double> one, interval;
        for (int r = 0; r < repeat + 1; ++r) {
            const double a = fmuNsPerTick(fmu, 1, ticks, tick), b = fmuNsPerTick(fmu, every, ticks, tick);
            if (a < 0 || b < 0) return 1;
            if (r > 0) { // the first is a warm-up
                one.push_back(a);
                interval.push_back(b);
            }
        }
        std::printf("%-20s %10lld %12.1f %14.1f %16.1f\n", name.c_str(), static_cast<long long>(ticks), cliBench["ns_per_tick"].get<double>(),
                    median(one), median(interval));
        dlclose(fmu.lib);
    }
    return 0;
}
