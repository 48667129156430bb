#include "study/accuracy.h"

#include <deque>

#include "compile/compiler.h"
#include "spec/runmethods.h"

namespace drivelab::study {

namespace {

/// the runs of one method at the lab's tick and its halvings, made as the search needs them
class TickLadder {
public:
    TickLadder(const LabSpec& spec, RunMethod method, const std::function<void()>& ran, const std::atomic<bool>* cancel)
        : m_spec(spec), m_ran(ran), m_cancel(cancel)
    {
        m_spec.run.method = method;
    }

    /// the end of the run at h / 2^k; false with `failure` when it cannot be made
    bool end(int k, const RunEnd*& out, std::string& failure)
    {
        while (static_cast<int>(m_ends.size()) <= k) {
            const int divisor = 1 << m_ends.size();
            LabSpec s;
            if (!finerTickSpec(m_spec, divisor, s, failure)) {
                failure = "the lab's tick (" + std::to_string(m_spec.run.tickNs) + " ns) has no further halving in whole nanoseconds";
                return false;
            }
            const CompileResult c = compile(s);
            if (!c.model) {
                failure = "the lab at tick " + std::to_string(s.run.tickNs) + " ns does not compile";
                return false;
            }
            Session session(c.model);
            RunEnd e;
            if (!runToEnd(session, e, failure, m_cancel)) {
                failure = "the run at tick " + std::to_string(s.run.tickNs) + " ns failed: " + failure;
                return false;
            }
            m_ends.push_back(std::move(e));
            if (m_ran) m_ran();
        }
        out = &m_ends[k];
        return true;
    }

private:
    LabSpec m_spec;
    std::function<void()> m_ran;         ///< called after each run
    const std::atomic<bool>* m_cancel;   ///< raised: stop (may be null)
    std::deque<RunEnd> m_ends; ///< a deque: the ends handed out stay where they are as it grows
};

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
            TickLadder ladder(spec, info.method, ran, cancel);
            for (int k = 0; k <= maxHalvings; ++k) {
                const RunEnd *a = nullptr, *half = nullptr, *quarter = nullptr;
                if (!ladder.end(k, a, m.failure) || !ladder.end(k + 1, half, m.failure) || !ladder.end(k + 2, quarter, m.failure)) break;
                ErrorEstimate e;
                e.method = info.name;
                e.order = methodOrder(info.method);
                e.tickNs = spec.run.tickNs >> k;
                e.half = compareEnds(*a, *half);
                e.quarter = compareEnds(*a, *quarter);
                e.fine = compareEnds(*half, *quarter);
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
