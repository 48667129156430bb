#include "cli/estimateerror.h"

#include <cstdio>

#include "cli/commands.h"
#include "cli/output.h"
#include "compile/compiler.h"
#include "spec/runmethods.h"
#include "util/textescape.h"

namespace drivelab::cli {

namespace {
/// the lab at 1/divisor of its tick, run to the end: Ok, or the exit code after printing why
int finerRun(const std::string& file, const LabSpec& spec, int divisor, study::RunEnd& out)
{
    const std::string name = printableText(file);
    LabSpec finer;
    std::string why;
    if (!study::finerTickSpec(spec, divisor, finer, why)) {
        std::fprintf(stderr, "%s: -: run.tick: --estimate-error: %s\n", name.c_str(), why.c_str());
        return Invalid;
    }
    const CompileResult c = compile(finer);
    if (!c.model) {
        std::fprintf(stderr, "%s: -: run.tick: --estimate-error: the lab at 1/%d of its tick (%lld ns) does not compile:\n", name.c_str(),
                     divisor, static_cast<long long>(finer.run.tickNs));
        printDiagnostics(file, c.diagnostics);
        return Invalid;
    }
    Session s(c.model);
    if (!study::runToEnd(s, out, why)) {
        std::fprintf(stderr, "%s: -: run.tick: --estimate-error: the run at 1/%d of the tick (%lld ns) failed: %s\n", name.c_str(), divisor,
                     static_cast<long long>(finer.run.tickNs), why.c_str());
        return SolverFailure;
    }
    return Ok;
}
} // namespace

int finerRuns(const std::string& file, const LoadedLab& lab, study::ErrorEstimate& estimate, FinerRuns& runs)
{
    if (!lab.spec) {
        std::fprintf(stderr, "%s: -: --estimate-error: the file has no lab to run at finer ticks\n", printableText(file).c_str());
        return Invalid;
    }
    LabSpec quarter;
    std::string why;
    if (!study::finerTickSpec(*lab.spec, 4, quarter, why)) { // both finer ticks must be whole nanoseconds
        std::fprintf(stderr, "%s: -: run.tick: --estimate-error: %s\n", printableText(file).c_str(), why.c_str());
        return Invalid;
    }
    if (const int code = finerRun(file, *lab.spec, 2, runs.half); code != Ok) return code;
    if (const int code = finerRun(file, *lab.spec, 4, runs.quarter); code != Ok) return code;
    estimate.method = runMethodInfo(lab.spec->run.method).name;
    estimate.order = study::methodOrder(lab.spec->run.method);
    estimate.tickNs = lab.spec->run.tickNs;
    estimate.fine = study::compareEnds(runs.half, runs.quarter);
    return Ok;
}

void compareWithFinerRuns(const study::RunEnd& end, const FinerRuns& runs, study::ErrorEstimate& estimate)
{
    estimate.half = study::compareEnds(end, runs.half);
    estimate.quarter = study::compareEnds(end, runs.quarter);
}

void printErrorEstimate(const study::ErrorEstimate& e)
{
    const long long h = e.tickNs;
    if (e.estimate() < 0.0) {
        std::printf("  error estimate (%s, tick %lld ns): none: %s\n", e.method.c_str(), h,
                    printableText(e.half.note.empty() ? e.quarter.note : e.half.note).c_str());
        return;
    }
    std::printf("  error estimate (%s, tick %lld ns): %s relative%s, at %s (ticks h/2 and h/4: differences %s and %s, ratio %s, %s; "
                "%d event instants compared)\n",
                e.method.c_str(), h, num(e.estimate()).c_str(), e.regular() ? "" : " (a bound)",
                e.quantity().empty() ? "no quantity (no difference)" : printableText(e.quantity()).c_str(), num(e.half.largest).c_str(),
                num(e.quarter.largest).c_str(), num(e.ratio()).c_str(), e.regular() ? "regular convergence" : "irregular convergence",
                e.half.eventsCompared);
    if (!e.half.note.empty()) std::printf("  error estimate note: %s\n", printableText(e.half.note).c_str());
    if (e.half.zeroSlips > 0)
        std::printf("  error estimate note: %d breakaways relocked at the same instant (a clutch held still on both sides: "
                    "not compared)\n",
                    e.half.zeroSlips);
}

} // namespace drivelab::cli
