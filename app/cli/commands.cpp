#include "cli/commands.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sys/resource.h>

#include "cli/alloccount.h"
#include "io/atomicfile.h"
#include "io/labfile.h"
#include "io/modelfile.h"
#include "io/report.h"
#include "util/hash.h"

namespace drivelab::cli {
namespace {

// LAB plus --flags; false (with a message) on a usage error
struct Args {
    std::string lab;
    std::string output;
    bool json = false;
    bool quiet = false;
    int repeat = 5;
};

bool parse(const std::vector<std::string>& in, const char* cmd, Args& a, bool allowOutput, bool allowRepeat)
{
    for (std::size_t i = 0; i < in.size(); ++i) {
        const std::string& s = in[i];
        if (s == "--json") a.json = true;
        else if (s == "--quiet") a.quiet = true;
        else if (allowOutput && s == "--output" && i + 1 < in.size()) a.output = in[++i];
        else if (allowRepeat && s == "--repeat" && i + 1 < in.size()) {
            const std::string& v = in[++i];
            char* end = nullptr;
            const long n = std::strtol(v.c_str(), &end, 10);
            if (v.empty() || *end != '\0' || n < 1 || n > 1000) {
                std::fprintf(stderr, "drivelab-cli %s: --repeat needs a whole number from 1 to 1000, got '%s'\n", cmd, v.c_str());
                return false;
            }
            a.repeat = static_cast<int>(n);
        } else if (!s.empty() && s[0] == '-') {
            std::fprintf(stderr, "drivelab-cli %s: unknown or incomplete option '%s'\n", cmd, s.c_str());
            return false;
        } else if (a.lab.empty()) a.lab = s;
        else {
            std::fprintf(stderr, "drivelab-cli %s: unexpected argument '%s'\n", cmd, s.c_str());
            return false;
        }
    }
    if (a.lab.empty()) {
        std::fprintf(stderr, "drivelab-cli %s: name a lab file\n", cmd);
        return false;
    }
    return true;
}

void printDiagnostics(const std::string& file, const Diagnostics& d)
{
    for (const auto& x : d.items()) std::fprintf(stderr, "%s\n", formatDiagnostic(file, x).c_str());
}

std::string num(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

} // namespace

int cmdCheck(const std::vector<std::string>& argv)
{
    Args a;
    if (!parse(argv, "check", a, false, false)) return Invalid;
    const LoadedLab lab = loadLab(a.lab);
    const bool ok = lab.model != nullptr;
    if (a.json) {
        Json out = Json::object();
        Json list = Json::array();
        for (const auto& d : lab.diagnostics.items()) {
            list.push_back(Json{{"severity", d.severity == Severity::Error ? "error" : "warning"},
                                {"component", d.subject},
                                {"field", d.field},
                                {"message", d.message}});
        }
        out["diagnostics"] = std::move(list);
        std::fputs(prettyJson(out).c_str(), stdout);
    } else {
        printDiagnostics(a.lab, lab.diagnostics);
        if (ok) {
            std::printf("%s: valid: %zu nodes, %zu components, %lld ticks, fingerprint %s\n", a.lab.c_str(),
                        lab.model->nodes.size(), lab.model->components.size(), static_cast<long long>(lab.model->ticks),
                        toHex16(lab.model->fingerprint).c_str());
        }
    }
    return ok ? Ok : Invalid;
}

int cmdRun(const std::vector<std::string>& argv)
{
    Args a;
    if (!parse(argv, "run", a, true, false)) return Invalid;
    const LoadedLab lab = loadModelFile(a.lab); // a lab, or a portable asset
    if (!lab.model) {
        printDiagnostics(a.lab, lab.diagnostics);
        return Invalid;
    }
    Session session(lab.model);
    ReportWriter writer(*lab.model);
    SolverError err;
    if (!runToReport(session, writer, err)) {
        std::fprintf(stderr, "%s: %s: tick %lld (t = %s s): solver failure: %s\n", a.lab.c_str(), err.subject.c_str(),
                     static_cast<long long>(err.tick), num(err.time).c_str(), err.message.c_str());
        return SolverFailure;
    }
    if (!a.output.empty()) {
        std::string error;
        if (!writeFileAtomic(a.output, writer.finish(session), error)) {
            std::fprintf(stderr, "%s: -: -: %s\n", a.output.c_str(), error.c_str());
            return Invalid;
        }
    }
    if (!a.quiet) {
        const Model& m = *lab.model;
        std::printf("lab '%s': %lld ticks of %lld ns (%s s), fingerprint %s, final state %s\n", m.name.c_str(),
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
                    num(e.storedInitial).c_str(), num(e.storedFinal).c_str(), num(e.sourceWork).c_str(),
                    num(e.heatToNodes).c_str(), num(e.heatToLedger).c_str(), num(e.residual).c_str());
        if (!a.output.empty()) std::printf("  report written to %s\n", a.output.c_str());
    }
    return Ok;
}

int cmdBench(const std::vector<std::string>& argv)
{
    Args a;
    if (!parse(argv, "bench", a, false, true)) return Invalid;
    const LoadedLab lab = loadLab(a.lab);
    if (!lab.model) {
        printDiagnostics(a.lab, lab.diagnostics);
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
            std::fprintf(stderr, "%s: %s: tick %lld: solver failure: %s\n", a.lab.c_str(), res.error.subject.c_str(),
                         static_cast<long long>(res.error.tick), res.error.message.c_str());
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
        std::fputs(prettyJson(out).c_str(), stdout);
    } else {
        std::printf("lab '%s': %lld ticks, median of %d runs after a warm-up\n", m.name.c_str(),
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
