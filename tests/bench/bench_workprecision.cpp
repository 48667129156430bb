// Work-precision of every shipped lab under every method (issue 37, target 4; docs/PERFORMANCE.md
// "Work-precision"). For each lab and each method it compiles with, the lab is run at its tick and
// its halvings; each run's error is its largest relative difference (study/errorestimate.h: end
// states, cumulative energies, clutch event instants) from a tight self-reference: the lab under
// the highest-order method it allows at the finest tick its tick halves to in whole nanoseconds
// (at most 1/64). The table gives, per target 1e-4, 1e-6 and 1e-8, the cheapest run (wall time,
// the median of 3) reaching it and its real-time factor (simulated seconds per wall second).
//
//   bench_workprecision [--lab NAME] [--cut-ticks N] [--smoke]
//     --lab NAME      one lab (labs/NAME.lab.json); default every shipped lab
//     --cut-ticks N   run each lab for at most N of its ticks (the long cycles' first stretch)
//     --smoke         CTest's check: clutch-engagement (2.5 s, its clutch engaging at 0.2 s); fails unless the
//                     midpoint's error falls at least 3x per halved tick and every method reaches 1e-6
// Wall times on a shared machine move by up to 2x between runs; the errors are exact.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include "compile/compiler.h"
#include "io/labfile.h"
#include "spec/runmethods.h"
#include "study/errorestimate.h"

using namespace drivelab;

namespace {

struct Run {
    const char* method = "";
    std::int64_t tickNs = 0;
    double error = 0.0; ///< relative, against the reference (infinity: other clutch events)
    double wallS = 0.0; ///< median of 3
};

/// `spec` at 1/divisor of its tick under `method`; false when it does not compile or fails
bool timedRun(const LabSpec& spec, RunMethod method, int divisor, int repeats, study::RunEnd& end, double& wallS)
{
    LabSpec s;
    std::string why;
    if (!study::finerTickSpec(spec, divisor, s, why)) return false;
    s.run.method = method;
    const CompileResult c = compile(s);
    if (!c.model) return false;
    std::vector<double> walls;
    for (int r = 0; r < repeats; ++r) {
        Session session(c.model);
        const auto t0 = std::chrono::steady_clock::now();
        if (!study::runToEnd(session, end, why)) {
            std::fprintf(stderr, "  %s at 1/%d: %s\n", runMethodInfo(method).name, divisor, why.c_str());
            return false;
        }
        walls.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    std::sort(walls.begin(), walls.end());
    wallS = walls[walls.size() / 2];
    return true;
}

bool compiles(const LabSpec& spec, RunMethod method)
{
    LabSpec s = spec;
    s.run.method = method;
    return compile(s).model != nullptr;
}

/// the largest k with tick / 2^k a whole number of nanoseconds, at most `cap`
int maxHalvings(std::int64_t tickNs, int cap)
{
    int k = 0;
    while (k < cap && tickNs % (std::int64_t(2) << k) == 0) ++k;
    return k;
}

/// every run of one lab; false when the lab cannot be measured
bool measure(const std::string& path, std::int64_t cutTicks, std::vector<Run>& runs, double& simulatedS)
{
    const LoadedLab loaded = loadLab(path);
    if (!loaded.model) {
        std::fprintf(stderr, "%s: does not compile\n", path.c_str());
        return false;
    }
    LabSpec spec = *loaded.spec;
    if (cutTicks > 0) spec.run.durationNs = std::min(spec.run.durationNs, cutTicks * spec.run.tickNs);
    simulatedS = static_cast<double>(spec.run.durationNs) * 1e-9;
    const int kMax = maxHalvings(spec.run.tickNs, 6);
    // the reference: the highest order the lab allows, at the finest tick
    RunMethod refMethod = RunMethod::Midpoint;
    for (const RunMethod m : {RunMethod::Gauss2, RunMethod::Radau3})
        if (refMethod == RunMethod::Midpoint && compiles(spec, m)) refMethod = m;
    study::RunEnd ref;
    double refWall = 0.0;
    if (!timedRun(spec, refMethod, 1 << kMax, 1, ref, refWall)) return false;
    std::printf("  reference: %s at %lld ns (%.3f s wall)\n", runMethodInfo(refMethod).name,
                static_cast<long long>(spec.run.tickNs >> kMax), refWall);
    for (const RunMethodInfo& info : runMethods()) {
        if (!compiles(spec, info.method)) {
            std::printf("  %-9s refused by the lab\n", info.name);
            continue;
        }
        for (int k = 0; k < kMax; ++k) {
            study::RunEnd end;
            Run r;
            r.method = info.name;
            r.tickNs = spec.run.tickNs >> k;
            if (!timedRun(spec, info.method, 1 << k, 3, end, r.wallS)) break;
            const study::EndDifference d = study::compareEnds(end, ref);
            r.error = d.eventsMatch ? d.largest : std::numeric_limits<double>::infinity();
            std::printf("  %-9s %10lld ns  error %9.3g  wall %9.3f ms  %8.0fx real time%s\n", r.method, static_cast<long long>(r.tickNs),
                        r.error, r.wallS * 1e3, simulatedS / r.wallS, d.eventsMatch ? "" : "  (other clutch events)");
            runs.push_back(r);
        }
    }
    return true;
}

void summary(const std::string& lab, const std::vector<Run>& runs, double simulatedS)
{
    std::printf("| %s |", lab.c_str());
    for (const double target : {1e-4, 1e-6, 1e-8}) {
        const Run* best = nullptr;
        for (const Run& r : runs)
            if (r.error <= target && (!best || r.wallS < best->wallS)) best = &r;
        if (best)
            std::printf(" %s %lld ns, %.0fx |", best->method, static_cast<long long>(best->tickNs), simulatedS / best->wallS);
        else
            std::printf(" none |");
    }
    std::printf("\n");
}

int smoke()
{
    std::vector<Run> runs;
    double simulated = 0.0;
    if (!measure(DRIVELAB_SOURCE_DIR "/labs/clutch-engagement.lab.json", 0, runs, simulated)) return 1;
    int failures = 0;
    for (std::size_t i = 1; i < runs.size(); ++i) {
        if (!std::strcmp(runs[i].method, "midpoint") && !std::strcmp(runs[i - 1].method, "midpoint") &&
            !(runs[i].error * 3.0 <= runs[i - 1].error)) {
            std::fprintf(stderr, "bench_workprecision: the midpoint's error does not fall 3x from %lld to %lld ns\n",
                         static_cast<long long>(runs[i - 1].tickNs), static_cast<long long>(runs[i].tickNs));
            ++failures;
        }
    }
    for (const char* m : {"midpoint", "gauss2", "radau3"}) {
        const bool reached = std::any_of(runs.begin(), runs.end(), [m](const Run& r) { return !std::strcmp(r.method, m) && r.error <= 1e-6; });
        if (!reached) {
            std::fprintf(stderr, "bench_workprecision: %s does not reach 1e-6 on clutch-engagement\n", m);
            ++failures;
        }
    }
    return failures == 0 ? 0 : 1;
}

} // namespace

int main(int argc, char** argv)
{
    std::string only;
    std::int64_t cut = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--smoke") return smoke();
        if (a == "--lab" && i + 1 < argc) {
            only = argv[++i];
        } else if (a == "--cut-ticks" && i + 1 < argc) {
            cut = std::atoll(argv[++i]);
        } else {
            std::fprintf(stderr, "usage: bench_workprecision [--lab NAME] [--cut-ticks N] [--smoke]\n");
            return 2;
        }
    }
    std::vector<std::string> labs;
    for (const auto& e : std::filesystem::directory_iterator(DRIVELAB_SOURCE_DIR "/labs")) {
        const std::string name = e.path().filename().string();
        if (name.size() > 9 && name.compare(name.size() - 9, 9, ".lab.json") == 0) labs.push_back(name.substr(0, name.size() - 9));
    }
    std::sort(labs.begin(), labs.end());
    std::vector<std::pair<std::string, std::pair<std::vector<Run>, double>>> all;
    for (const std::string& lab : labs) {
        if (!only.empty() && lab != only) continue;
        std::printf("%s\n", lab.c_str());
        std::vector<Run> runs;
        double simulated = 0.0;
        if (measure(DRIVELAB_SOURCE_DIR "/labs/" + lab + ".lab.json", cut, runs, simulated)) all.push_back({lab, {runs, simulated}});
        std::fflush(stdout);
    }
    std::printf("\n| lab | 1e-4 | 1e-6 | 1e-8 |\n|---|---|---|---|\n");
    for (const auto& [lab, r] : all) summary(lab, r.first, r.second);
    return 0;
}
