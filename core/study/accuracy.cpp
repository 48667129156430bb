#include "study/accuracy.h"

#include "compile/compiler.h"
#include "spec/runmethods.h"
#include "study/tickladder.h"

namespace drivelab::study {

namespace {

/// why the search stops for a method: the ladder's failure as the search's table words it
std::string failureText(const LadderFailure& f)
{
    switch (f.kind) {
    case LadderFailure::NoHalving: return "the lab's tick (" + std::to_string(f.tickNs) + " ns) has no further halving in whole nanoseconds";
    case LadderFailure::Compile: return "the lab at tick " + std::to_string(f.tickNs) + " ns does not compile";
    case LadderFailure::Run: return "the run at tick " + std::to_string(f.tickNs) + " ns failed: " + f.message;
    case LadderFailure::None: break;
    }
    return {};
}

/// the first error of compiling `spec` with `method` (empty: it compiles)
std::string refusal(const LabSpec& spec, RunMethod method)
{
    LabSpec s = spec;
    s.run.method = method;
    const CompileResult c = compile(s);
    if (c.model) return {};
    for (const Diagnostic& d : c.diagnostics.items())
        if (d.severity == Severity::Error) return d.subject + ": " + d.field + ": " + d.message;
    return "it does not compile";
}

} // namespace

AccuracyChoice chooseMethodAndTick(const LabSpec& spec, double tolerance, int maxHalvings, const AccuracyProgress& progress,
                                   const std::atomic<bool>* cancel)
{
    AccuracyChoice out;
    // every run a search may make: up to maxHalvings + 3 per method
    const int total = static_cast<int>(runMethods().size()) * (maxHalvings + 3);
    int done = 0;
    const auto ran = [&] {
        ++done;
        if (progress) progress(done, total);
    };
    for (const RunMethodInfo& info : runMethods()) {
        if (cancel && cancel->load()) {
            out.cancelled = true;
            out.chosen = -1;
            return out;
        }
        MethodTicks m;
        m.method = info.method;
        m.refusal = refusal(spec, info.method);
        m.compiles = m.refusal.empty();
        if (m.compiles) {
            LabSpec methodSpec = spec;
            methodSpec.run.method = info.method;
            TickLadder ladder(methodSpec, ran, cancel);
            for (int k = 0; k <= maxHalvings; ++k) {
                ErrorEstimate e;
                // an irregular estimate refines with the runs the search may make anyway (down to k = maxHalvings + 2)
                if (!estimateAt(ladder, k, maxHalvings + 2, e)) {
                    m.failure = failureText(ladder.failure());
                    break;
                }
                const RunEnd* a = ladder.end(k);
                m.tickNs = e.tickNs;
                m.estimate = e;
                m.work = static_cast<double>(a->newtonIterations) * (info.method == RunMethod::Midpoint ? 1.0 : kTwoStageWeight);
                if (e.estimate() >= 0.0 && e.estimate() <= tolerance) {
                    m.found = true;
                    break;
                }
            }
        }
        if (cancel && cancel->load()) {
            out.cancelled = true;
            out.chosen = -1;
            return out;
        }
        // the runs this method did not need count as done
        done = static_cast<int>(out.methods.size() + 1) * (maxHalvings + 3);
        if (progress) progress(done, total);
        out.methods.push_back(m);
        const MethodTicks& added = out.methods.back();
        if (added.found && (out.chosen < 0 || added.work < out.methods[out.chosen].work)) out.chosen = static_cast<int>(out.methods.size()) - 1;
    }
    return out;
}

} // namespace drivelab::study
