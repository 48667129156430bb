#include "cli/commands.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sys/resource.h>

#include "cli/alloccount.h"
#include "cli/args.h"
#include "cli/estimateerror.h"
#include "cli/output.h"
#include "io/atomicfile.h"
#include "io/checkedrun.h"
#include "io/labfile.h"
#include "io/modelfile.h"
#include "io/report.h"
#include "util/hash.h"
#include "util/textescape.h"

namespace drivelab::cli {

int cmdCheck(const std::vector<std::string>& argv)
{
    Args a;
    ArgSpec spec;
    spec.json = true;
    if (!parseArgs(argv, "check", spec, a)) return Invalid;
    if (a.help) return Ok;
    const LoadedLab lab = loadLab(a.file);
    const bool ok = lab.model != nullptr;
    if (a.json) {
        printJson(checkJson(lab.diagnostics));
    } else {
        printDiagnostics(a.file, lab.diagnostics);
        if (ok) {
            std::printf("%s: valid: %zu nodes, %zu components, %lld ticks, fingerprint %s\n", printableText(a.file).c_str(),
                        lab.model->nodes.size(), lab.model->components.size(), static_cast<long long>(lab.model->ticks),
                        toHex16(lab.model->fingerprint).c_str());
        }
    }
    return ok ? Ok : Invalid;
}

int cmdRun(const std::vector<std::string>& argv)
{
    Args a;
    ArgSpec spec;
    spec.output = spec.quiet = spec.allowUnbalanced = spec.estimateError = spec.accuracy = spec.method = true;
    if (!parseArgs(argv, "run", spec, a)) return Invalid;
    if (a.help) return Ok;
    if (!a.method.empty() && a.accuracy > 0.0) {
        std::fprintf(stderr, "drivelab-cli run: --method and --accuracy both choose the method; give one\n");
        return Invalid;
    }
    const ReadLog read;
    LoadedLab lab = loadModelFile(a.file); // a lab, or a portable asset
    if (!lab.model) {
        printDiagnostics(a.file, lab.diagnostics);
        return Invalid;
    }
    if (!outputIsNotRead(read, a.output, "run")) return Invalid;
    if (!a.method.empty() && !useMethod(a.file, a.method, lab)) return Invalid;
    // the lab's own run.accuracy, unless --accuracy or --method says otherwise
    if (a.accuracy == 0.0 && a.method.empty() && lab.spec && lab.spec->run.accuracy > 0.0) a.accuracy = lab.spec->run.accuracy;
    // --estimate-error: the lab at half and a quarter of its tick first; the run's end is compared with it
    study::ErrorEstimate estimate;
    FinerRuns finer;
    study::RunTrail trail;
    if (a.accuracy > 0.0) {
        // --accuracy: the method and tick from the search; its estimate is the one reported
        if (const int code = chooseForAccuracy(a.file, a.accuracy, a.quiet, lab, estimate); code != Ok) return code;
    } else if (a.estimateError) {
        if (const int code = finerRuns(a.file, lab, estimate, finer); code != Ok) return code;
    }
    const bool estimated = a.estimateError || a.accuracy > 0.0;
    // the report streams to a temporary file beside the target, boundary by boundary
    AtomicFile file;
    std::string error;
    if (!a.output.empty() && !file.open(a.output, error)) {
        std::fprintf(stderr, "%s: -: -: %s\n", printableText(a.output).c_str(), error.c_str());
        return Invalid;
    }
    Session session(lab.model);
    ReportWriter writer(*lab.model);
    RunOptions options;
    options.allowUnbalanced = a.allowUnbalanced;
    options.output = a.output.empty() ? nullptr : &file;
    if (estimated) {
        options.onBoundary = [&trail](const Session& s) { trail.harvest(s); };
        options.tailSection = [&](const Session& s) {
            if (a.accuracy == 0.0) compareWithFinerRuns(study::runEnd(s, trail), finer, estimate);
            return study::errorEstimateText(estimate);
        };
    }
    const RunOutcome run = runChecked(session, writer, options);
    switch (run.status) {
    case RunStatus::Completed: break;
    case RunStatus::SolverFailed: printSolverFailure(a.file, run.solver); return SolverFailure;
    case RunStatus::BadBooks: printBookProblem(a.file, run.books, false); return SolverFailure;
    case RunStatus::Cancelled: return Invalid; // no cancel flag is given here
    case RunStatus::WriteFailed:
        std::fprintf(stderr, "%s: -: -: %s\n", printableText(a.output).c_str(), run.writeError.c_str());
        return Invalid;
    }
    if (!a.output.empty() && !file.commit(error)) {
        std::fprintf(stderr, "%s: -: -: %s\n", printableText(a.output).c_str(), error.c_str());
        return Invalid;
    }
    if (run.unbalancedAllowed) printBookProblem(a.file, run.books, true);
    if (!a.quiet) {
        const Model& m = *lab.model;
        std::printf("lab '%s': %lld ticks of %lld ns (%s s), fingerprint %s, final state %s\n", printableText(m.name).c_str(),
                    static_cast<long long>(session.tick()), static_cast<long long>(m.tickNs), num(session.time()).c_str(),
                    toHex16(m.fingerprint).c_str(), toHex16(session.stateHash()).c_str());
        std::vector<double> v(session.observableCount());
        session.observe(v.data());
        const auto layout = observableLayout(m);
        for (std::size_t i = 0; i < layout.size(); ++i) {
            if (!layout[i].isNode) continue;
            std::printf("  %-16s %-12s %s %s\n", layout[i].subject.c_str(), layout[i].name.c_str(), num(v[i]).c_str(), layout[i].unit);
        }
        const EnergyReport e = session.energy();
        std::printf("  energy: stored %s -> %s J, source work %s J, heat %s J to nodes + %s J to ledger, residual %s J\n",
                    num(e.storedInitial).c_str(), num(e.storedFinal).c_str(), num(e.sourceWork).c_str(), num(e.heatToNodes).c_str(),
                    num(e.heatToLedger).c_str(), num(e.residual).c_str());
        if (estimated) {
            if (a.accuracy == 0.0) compareWithFinerRuns(study::runEnd(session, trail), finer, estimate);
            printErrorEstimate(estimate);
        }
        if (!a.output.empty()) std::printf("  report written to %s\n", printableText(a.output).c_str());
    }
    return Ok;
}

int cmdBench(const std::vector<std::string>& argv)
{
    Args a;
    ArgSpec spec;
    spec.json = spec.repeat = true;
    if (!parseArgs(argv, "bench", spec, a)) return Invalid;
    if (a.help) return Ok;
    const LoadedLab lab = loadLab(a.file);
    if (!lab.model) {
        printDiagnostics(a.file, lab.diagnostics);
        return Invalid;
    }
    const Model& m = *lab.model;
    std::vector<double> wall;
    double iterationsPerTick = 0.0, allocsPerTick = 0.0;
    for (int r = 0; r <= a.repeat; ++r) { // run 0 is the warm-up
        Session s(lab.model);
        const std::uint64_t alloc0 = allocationCount();
        const auto t0 = std::chrono::steady_clock::now();
        const BatchResult res = s.run(m.ticks);
        const auto t1 = std::chrono::steady_clock::now();
        const std::uint64_t allocs = allocationCount() - alloc0;
        if (res.status != BatchStatus::Completed) {
            printSolverFailure(a.file, res.error);
            return SolverFailure;
        }
        if (r == 0) continue;
        wall.push_back(std::chrono::duration<double>(t1 - t0).count());
        iterationsPerTick = static_cast<double>(s.stats().newtonIterations) / static_cast<double>(m.ticks);
        allocsPerTick = static_cast<double>(allocs) / static_cast<double>(m.ticks);
    }
    std::sort(wall.begin(), wall.end());
    const double median = wall[wall.size() / 2];
    const double ticks = static_cast<double>(m.ticks);
    const double simSeconds = ticks * m.h;
    rusage ru{};
    getrusage(RUSAGE_SELF, &ru);
    const double peakMiB = static_cast<double>(ru.ru_maxrss) / 1024.0;
    if (a.json) {
        Json out{{"lab", m.name},
                 {"ticks", m.ticks},
                 {"repeat", a.repeat},
                 {"wall_seconds_median", median},
                 {"ticks_per_second", ticks / median},
                 {"ns_per_tick", median * 1e9 / ticks},
                 {"simulated_seconds_per_wall_second", simSeconds / median},
                 {"newton_iterations_per_tick", iterationsPerTick},
                 {"allocations_per_tick", allocsPerTick},
                 {"peak_memory_mib", peakMiB}};
        printJson(out);
    } else {
        std::printf("lab '%s': %lld ticks, median of %d runs after a warm-up\n", printableText(m.name).c_str(),
                    static_cast<long long>(m.ticks), a.repeat);
        std::printf("  wall time            %s s\n", num(median).c_str());
        std::printf("  ticks per second     %s\n", num(ticks / median).c_str());
        std::printf("  ns per tick          %s\n", num(median * 1e9 / ticks).c_str());
        std::printf("  simulated s / wall s %s\n", num(simSeconds / median).c_str());
        std::printf("  Newton its per tick  %s\n", num(iterationsPerTick).c_str());
        std::printf("  allocations per tick %s\n", num(allocsPerTick).c_str());
        std::printf("  peak memory          %s MiB\n", num(peakMiB).c_str());
    }
    return Ok;
}

} // namespace drivelab::cli
