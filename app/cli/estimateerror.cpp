#include "cli/estimateerror.h"

#include <cstdio>

#include "cli/commands.h"
#include "cli/output.h"
#include "compile/compiler.h"
#include "study/accuracy.h"
#include "study/tickladder.h"
#include "spec/runmethods.h"
#include "util/textescape.h"

namespace drivelab::cli {

int finerRuns(const std::string& file, const LoadedLab& lab, study::ErrorEstimate& estimate, FinerRuns& runs)
{
    const std::string name = printableText(file);
    if (!lab.spec) {
        std::fprintf(stderr, "%s: -: --estimate-error: the file has no lab to run at finer ticks\n", name.c_str());
        return Invalid;
    }
    LabSpec quarter;
    std::string why;
    if (!study::finerTickSpec(*lab.spec, 4, quarter, why)) { // both finer ticks must be whole nanoseconds
        std::fprintf(stderr, "%s: -: run.tick: --estimate-error: %s\n", name.c_str(), why.c_str());
        return Invalid;
    }
    runs.ladder.emplace(*lab.spec);
    for (int k = 1; k <= 2; ++k) {
        if (runs.ladder->end(k)) continue;
        const study::LadderFailure& f = runs.ladder->failure();
        switch (f.kind) {
        case study::LadderFailure::Compile:
            std::fprintf(stderr, "%s: -: run.tick: --estimate-error: the lab at 1/%d of its tick (%lld ns) does not compile:\n", name.c_str(),
                         1 << k, static_cast<long long>(f.tickNs));
            printDiagnostics(file, f.diagnostics);
            return Invalid;
        case study::LadderFailure::Run:
            std::fprintf(stderr, "%s: -: run.tick: --estimate-error: the run at 1/%d of the tick (%lld ns) failed: %s\n", name.c_str(), 1 << k,
                         static_cast<long long>(f.tickNs), f.message.c_str());
            return SolverFailure;
        case study::LadderFailure::NoHalving:
        case study::LadderFailure::None: break;
        }
        std::fprintf(stderr, "%s: -: run.tick: --estimate-error: %s\n", name.c_str(), f.message.c_str());
        return Invalid;
    }
    estimate.method = runMethodInfo(lab.spec->run.method).name;
    estimate.order = study::methodOrder(lab.spec->run.method);
    estimate.tickNs = lab.spec->run.tickNs;
    return Ok;
}

void compareWithFinerRuns(const study::RunEnd& end, FinerRuns& runs, study::ErrorEstimate& estimate)
{
    runs.ladder->put(0, end);
    study::estimateAt(*runs.ladder, 0, study::kEstimateFinestLevel, estimate); // the runs at h/2 and h/4 are made: it estimates
}

int chooseForAccuracy(const std::string& file, double tolerance, bool quiet, LoadedLab& lab, study::ErrorEstimate& estimate)
{
    const std::string name = printableText(file);
    if (!lab.spec) {
        std::fprintf(stderr, "%s: -: --accuracy: the file has no lab to run at other ticks\n", name.c_str());
        return Invalid;
    }
    constexpr int kMaxHalvings = 6;
    const study::AccuracyChoice choice = study::chooseMethodAndTick(*lab.spec, tolerance, kMaxHalvings);
    if (!quiet || choice.chosen < 0) {
        FILE* out = choice.chosen < 0 ? stderr : stdout;
        std::fprintf(out, "accuracy %s: methods and ticks tried (the lab's tick %lld ns and up to %d halvings)\n", num(tolerance).c_str(),
                     static_cast<long long>(lab.spec->run.tickNs), kMaxHalvings);
        for (const study::MethodTicks& m : choice.methods) {
            const char* method = runMethodInfo(m.method).name;
            if (!m.compiles) {
                std::fprintf(out, "  %-9s refused: %s\n", method, printableText(m.refusal).c_str());
                continue;
            }
            const double e = m.estimate.estimate();
            std::fprintf(out, "  %-9s %s at tick %lld ns: estimate %s%s, work %s%s%s\n", method, m.found ? "meets it" : "does not meet it",
                         static_cast<long long>(m.tickNs), e >= 0.0 ? num(e).c_str() : "none", m.estimate.regular() ? "" : " (a bound)",
                         num(m.work).c_str(), m.failure.empty() ? "" : "; stopped: ", printableText(m.failure).c_str());
        }
    }
    if (choice.chosen < 0) {
        std::fprintf(stderr, "%s: -: --accuracy: no method meets %s within %d halvings of run.tick; ask for less, or give a smaller tick\n",
                     name.c_str(), num(tolerance).c_str(), kMaxHalvings);
        return Invalid;
    }
    const study::MethodTicks& m = choice.methods[choice.chosen];
    LabSpec chosen;
    std::string why;
    study::finerTickSpec(*lab.spec, static_cast<int>(lab.spec->run.tickNs / m.tickNs), chosen, why);
    chosen.run.method = m.method;
    CompileResult c = compile(chosen);
    lab.spec = chosen;
    lab.model = std::move(c.model);
    lab.diagnostics = std::move(c.diagnostics);
    estimate = m.estimate;
    if (!quiet)
        std::printf("  chosen: %s at tick %lld ns (the least work)\n", runMethodInfo(m.method).name, static_cast<long long>(m.tickNs));
    return Ok;
}

bool useMethod(const std::string& file, const std::string& method, LoadedLab& lab)
{
    if (!lab.spec) {
        std::fprintf(stderr, "%s: -: --method: the file has no lab to run with another method\n", printableText(file).c_str());
        return false;
    }
    LabSpec s = *lab.spec;
    for (const RunMethodInfo& m : runMethods())
        if (method == m.name) s.run.method = m.method;
    CompileResult c = compile(s);
    if (!c.model) {
        printDiagnostics(file, c.diagnostics);
        return false;
    }
    lab.spec = std::move(s);
    lab.model = std::move(c.model);
    return true;
}

void printErrorEstimate(const study::ErrorEstimate& e)
{
    const long long h = e.tickNs;
    if (e.estimate() < 0.0) {
        std::printf("  error estimate (%s, tick %lld ns): none: %s\n", e.method.c_str(), h,
                    printableText(e.half.note.empty() ? e.quarter.note : e.half.note).c_str());
        return;
    }
    std::string finer;
    if (!e.regular())
        finer = "; against the run at h/" + std::to_string(1 << e.finestLevel) + " (" + std::to_string(h >> e.finestLevel) +
                " ns): difference " + num(e.finest.largest) + ", its own " + num(e.last.largest);
    std::printf("  error estimate (%s, tick %lld ns): %s relative%s, at %s (ticks h/2 and h/4: differences %s and %s, ratio %s, %s%s; "
                "%d event instants compared)\n",
                e.method.c_str(), h, num(e.estimate()).c_str(), e.regular() ? "" : " (a bound)",
                e.quantity().empty() ? "no quantity (no difference)" : printableText(e.quantity()).c_str(), num(e.half.largest).c_str(),
                num(e.quarter.largest).c_str(), num(e.ratio()).c_str(), e.regular() ? "regular convergence" : "irregular convergence",
                finer.c_str(), e.half.eventsCompared);
    if (!e.refinementNote.empty()) std::printf("  error estimate note: %s\n", printableText(e.refinementNote).c_str());
    if (!e.half.note.empty()) std::printf("  error estimate note: %s\n", printableText(e.half.note).c_str());
    if (e.half.zeroSlips > 0)
        std::printf("  error estimate note: %d breakaways relocked at the same instant (a clutch held still on both sides: "
                    "not compared)\n",
                    e.half.zeroSlips);
}

} // namespace drivelab::cli
