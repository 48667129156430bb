// Work-precision of every shipped lab under every method (issue 37, target 4; docs/PERFORMANCE.md
// "Work-precision"). For each lab and each method it compiles with, the lab is run at its tick and
// its halvings; each run's error is its largest relative difference (study/errorestimate.h: end
// states, cumulative energies, clutch event instants) from a tight self-reference: the lab under
// the highest-order method it allows at the finest tick its tick halves to in whole nanoseconds
// (at most 1/64). Times are the run's CPU time (the thread's, the median of `--repeats`), not wall
// time: on a shared machine the wall time moves by 2x, the CPU time far less. The tables give, per
// target 1e-4, 1e-6 and 1e-8, the cheapest run reaching it and its real-time factor (simulated
// seconds per CPU second): over all methods, and per method with the CPU time interpolated
// log-log between the two ticks around the target (runtimes scale as 1/h, errors as h^p, so the
// line through two neighbouring runs is the method's own curve). A target not reached names the
// error floor (the least error any tick reached) and its quantity; the reference's own error is
// estimated as its method's h/32 difference from it over 2^p - 1.
//
//   bench_workprecision [--lab NAME] [--cut-ticks N] [--repeats N] [--coarser N] [--smoke]
//     --lab NAME      one lab (labs/NAME.lab.json); default every shipped lab
//     --cut-ticks N   run each lab for at most N of its ticks (the long cycles' first stretch)
//     --repeats N     runs per tick and method (default 3; the median CPU time counts)
//     --coarser N     also run at 2, 4, ... 2^N times the lab's tick (a lab already below a target at
//                     its own tick may reach it cheaper at a coarser one); a coarser tick that does not
//                     divide the run's length, its report boundaries or its events' instants is skipped
//     --smoke         CTest's check: clutch-engagement (2.5 s, its clutch engaging at 0.2 s); fails unless the
//                     midpoint's error falls at least 3x per halved tick and every method reaches 1e-6
// CPU times on a shared machine still move (cache and memory bandwidth are shared); the errors are exact.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <limits>
#include <string>
#include <vector>

#include <time.h>

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
    double cpuS = 0.0;  ///< the run's CPU time [s], the median of the repeats
    std::string quantity; ///< the quantity of the largest difference
};

/// this thread's CPU time [s]
double threadCpuS()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

/// one lab's runs and its reference
struct LabRuns {
    std::vector<Run> runs;
    double simulatedS = 0.0;
    double referenceError = -1.0; ///< the reference's own estimated error (< 0: not estimated)
};

/// `spec` at `factor` times its tick: every length stays what it was (the run, its report
/// boundaries, its events' instants: each a whole number of the coarser ticks); false when one is not
bool coarserTickSpec(const LabSpec& in, int factor, LabSpec& out)
{
    const std::int64_t tickNs = in.run.tickNs * factor;
    if (in.run.durationNs % tickNs != 0 || in.run.reportEveryTicks % factor != 0) return false;
    for (const EventSpec& e : in.events)
        if (e.timeNs % tickNs != 0) return false;
    out = in;
    out.run.tickNs = tickNs;
    out.run.reportEveryTicks = in.run.reportEveryTicks / factor;
    return true;
}

/// `spec` at 1/divisor of its tick (divisor < 0: at -divisor times it) under `method`; false when
/// it does not compile or fails
bool timedRun(const LabSpec& spec, RunMethod method, int divisor, int repeats, study::RunEnd& end, double& cpuS)
{
    LabSpec s;
    std::string why;
    if (divisor < 0 ? !coarserTickSpec(spec, -divisor, s) : !study::finerTickSpec(spec, divisor, s, why)) return false;
    s.run.method = method;
    const CompileResult c = compile(s);
    if (!c.model) return false;
    std::vector<double> times;
    for (int r = 0; r < repeats; ++r) {
        Session session(c.model);
        const double t0 = threadCpuS();
        if (!study::runToEnd(session, end, why)) {
            std::fprintf(stderr, "  %s at 1/%d: %s\n", runMethodInfo(method).name, divisor, why.c_str());
            return false;
        }
        times.push_back(threadCpuS() - t0);
    }
    std::sort(times.begin(), times.end());
    cpuS = times[times.size() / 2];
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
bool measure(const std::string& path, std::int64_t cutTicks, int repeats, int coarser, LabRuns& lab)
{
    std::vector<Run>& runs = lab.runs;
    double& simulatedS = lab.simulatedS;
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
    double refCpu = 0.0;
    if (!timedRun(spec, refMethod, 1 << kMax, 1, ref, refCpu)) return false;
    std::printf("  reference: %s at %lld ns (%.3f s CPU)\n", runMethodInfo(refMethod).name,
                static_cast<long long>(spec.run.tickNs >> kMax), refCpu);
    for (const RunMethodInfo& info : runMethods()) {
        if (!compiles(spec, info.method)) {
            std::printf("  %-9s refused by the lab\n", info.name);
            continue;
        }
        for (int k = -coarser; k < kMax; ++k) {
            study::RunEnd end;
            Run r;
            r.method = info.name;
            r.tickNs = k < 0 ? spec.run.tickNs << -k : spec.run.tickNs >> k;
            if (!timedRun(spec, info.method, k < 0 ? -(1 << -k) : 1 << k, repeats, end, r.cpuS)) {
                if (k < 0) continue; // a coarser tick the lab's lengths do not allow, or one it fails at
                break;
            }
            const study::EndDifference d = study::compareEnds(end, ref);
            r.error = d.eventsMatch ? d.largest : std::numeric_limits<double>::infinity();
            r.quantity = d.eventsMatch ? d.quantity : d.note;
            std::printf("  %-9s %10lld ns  error %9.3g  CPU %9.3f ms  %8.0fx real time  (%s)\n", r.method, static_cast<long long>(r.tickNs),
                        r.error, r.cpuS * 1e3, simulatedS / r.cpuS, r.quantity.c_str());
            std::fflush(stdout);
            runs.push_back(r);
            // the reference's own error: its method's finest run here differs from it by about
            // (2^p - 1) times the reference's error
            if (info.method == refMethod && k == kMax - 1 && d.eventsMatch)
                lab.referenceError = d.largest / static_cast<double>((1 << study::methodOrder(refMethod)) - 1);
        }
    }
    if (lab.referenceError >= 0.0) std::printf("  reference's own error ~ %.2g\n", lab.referenceError);
    return true;
}

void summary(const std::string& lab, const LabRuns& l)
{
    std::printf("| %s |", lab.c_str());
    for (const double target : {1e-4, 1e-6, 1e-8}) {
        const Run* best = nullptr;
        for (const Run& r : l.runs)
            if (r.error <= target && (!best || r.cpuS < best->cpuS)) best = &r;
        if (best)
            std::printf(" %s %lld ns, %.0fx |", best->method, static_cast<long long>(best->tickNs), l.simulatedS / best->cpuS);
        else
            std::printf(" none |");
    }
    std::printf("\n");
}

/// the CPU time at which one method's curve (its runs in order of halving tick) crosses `target`:
/// log-log between the last run above it and the first at or below it; < 0 when not reached
double crossingCpuS(const std::vector<const Run*>& curve, double target)
{
    for (std::size_t i = 0; i < curve.size(); ++i) {
        if (!(curve[i]->error <= target)) continue;
        if (i == 0 || !std::isfinite(curve[i - 1]->error) || curve[i]->error <= 0.0) return curve[i]->cpuS;
        const double e0 = std::log(curve[i - 1]->error), e1 = std::log(curve[i]->error);
        if (!(e0 > e1)) return curve[i]->cpuS;
        const double f = (e0 - std::log(target)) / (e0 - e1);
        return std::exp(std::log(curve[i - 1]->cpuS) + f * (std::log(curve[i]->cpuS) - std::log(curve[i - 1]->cpuS)));
    }
    return -1.0;
}

/// per method: the CPU time to reach each target (interpolated) and its real-time factor, or the floor
void methodSummary(const std::string& lab, const LabRuns& l)
{
    std::vector<std::string> methods;
    for (const Run& r : l.runs)
        if (std::find(methods.begin(), methods.end(), r.method) == methods.end()) methods.push_back(r.method);
    for (const std::string& m : methods) {
        std::vector<const Run*> curve;
        for (const Run& r : l.runs)
            if (m == r.method) curve.push_back(&r);
        const Run* floor = nullptr;
        for (const Run* r : curve)
            if (!floor || r->error < floor->error) floor = r;
        std::printf("| %s | %s |", lab.c_str(), m.c_str());
        for (const double target : {1e-4, 1e-6, 1e-8}) {
            const double t = crossingCpuS(curve, target);
            if (t >= 0.0)
                std::printf(" %.3g s (%.0fx) |", t, l.simulatedS / t);
            else if (curve.size() >= 2 && curve.back() == floor && floor->error * 3.0 <= curve[curve.size() - 2]->error)
                std::printf(" not reached down to %lld ns: %.2g there, still falling (%s) |", static_cast<long long>(floor->tickNs), floor->error,
                            floor->quantity.c_str());
            else
                std::printf(" not reached: floor %.2g at %lld ns (%s) |", floor->error, static_cast<long long>(floor->tickNs), floor->quantity.c_str());
        }
        std::printf(" %.2g |\n", l.referenceError);
    }
}

int smoke()
{
    LabRuns lab;
    if (!measure(DRIVELAB_SOURCE_DIR "/labs/clutch-engagement.lab.json", 0, 3, 0, lab)) return 1;
    const std::vector<Run>& runs = lab.runs;
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
    int repeats = 3;
    int coarser = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--smoke") return smoke();
        if (a == "--lab" && i + 1 < argc) {
            only = argv[++i];
        } else if (a == "--cut-ticks" && i + 1 < argc) {
            cut = std::atoll(argv[++i]);
        } else if (a == "--coarser" && i + 1 < argc && std::atoi(argv[i + 1]) >= 0) {
            coarser = std::min(std::atoi(argv[++i]), 10);
        } else if (a == "--repeats" && i + 1 < argc && std::atoi(argv[i + 1]) > 0) {
            repeats = std::atoi(argv[++i]);
        } else {
            std::fprintf(stderr, "usage: bench_workprecision [--lab NAME] [--cut-ticks N] [--repeats N] [--coarser N] [--smoke]\n");
            return 2;
        }
    }
    std::vector<std::string> labs;
    for (const auto& e : std::filesystem::directory_iterator(DRIVELAB_SOURCE_DIR "/labs")) {
        const std::string name = e.path().filename().string();
        if (name.size() > 9 && name.compare(name.size() - 9, 9, ".lab.json") == 0) labs.push_back(name.substr(0, name.size() - 9));
    }
    std::sort(labs.begin(), labs.end());
    std::vector<std::pair<std::string, LabRuns>> all;
    for (const std::string& lab : labs) {
        if (!only.empty() && lab != only) continue;
        std::printf("%s\n", lab.c_str());
        std::fflush(stdout);
        LabRuns runs;
        if (measure(DRIVELAB_SOURCE_DIR "/labs/" + lab + ".lab.json", cut, repeats, coarser, runs)) all.push_back({lab, runs});
    }
    std::printf("\n| lab | 1e-4 | 1e-6 | 1e-8 |\n|---|---|---|---|\n");
    for (const auto& [lab, r] : all) summary(lab, r);
    std::printf("\n| lab | method | 1e-4 | 1e-6 | 1e-8 | reference's error |\n|---|---|---|---|---|---|\n");
    for (const auto& [lab, r] : all) methodSummary(lab, r);
    return 0;
}
