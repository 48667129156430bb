#include "study/tickladder.h"

#include <utility>

#include "compile/compiler.h"
#include "solver/session.h"
#include "spec/runmethods.h"

namespace drivelab::study {

TickLadder::TickLadder(const LabSpec& spec, std::function<void()> ran, const std::atomic<bool>* cancel)
    : m_spec(spec), m_ran(std::move(ran)), m_cancel(cancel)
{
}

void TickLadder::put(int k, RunEnd e) { m_ends[k] = std::move(e); }

const RunEnd* TickLadder::end(int k)
{
    if (const auto it = m_ends.find(k); it != m_ends.end()) return &it->second;
    if (const auto it = m_failed.find(k); it != m_failed.end()) {
        m_failure = it->second;
        return nullptr;
    }
    LadderFailure f;
    f.level = k;
    f.tickNs = m_spec.run.tickNs;
    LabSpec s;
    if (!finerTickSpec(m_spec, 1 << k, s, f.message)) {
        f.kind = LadderFailure::NoHalving;
    } else {
        f.tickNs = s.run.tickNs;
        CompileResult c = compile(s);
        if (!c.model) {
            f.kind = LadderFailure::Compile;
            f.diagnostics = std::move(c.diagnostics);
        } else {
            Session session(c.model);
            RunEnd e;
            if (runToEnd(session, e, f.message, m_cancel)) {
                const RunEnd* out = &(m_ends[k] = std::move(e));
                if (m_ran) m_ran();
                return out;
            }
            f.kind = LadderFailure::Run;
        }
    }
    m_failure = f;
    if (f.message != "cancelled") m_failed[k] = std::move(f); // a cancelled run is not a property of the lab
    return nullptr;
}

namespace {
std::string levelName(int f) { return "h/" + std::to_string(1 << f); }
} // namespace

bool estimateAt(TickLadder& ladder, int k, int finest, ErrorEstimate& out)
{
    const RunEnd* a = ladder.end(k);
    const RunEnd* half = a ? ladder.end(k + 1) : nullptr;
    const RunEnd* quarter = half ? ladder.end(k + 2) : nullptr;
    if (!quarter) return false;
    out = ErrorEstimate{};
    out.method = runMethodInfo(ladder.spec().run.method).name;
    out.order = methodOrder(ladder.spec().run.method);
    out.tickNs = ladder.spec().run.tickNs >> k;
    out.half = compareEnds(*a, *half);
    out.quarter = compareEnds(*a, *quarter);
    out.fine = compareEnds(*half, *quarter);
    out.finestLevel = 2;
    out.finest = out.quarter;
    out.last = out.fine;
    if (out.estimate() < 0.0 || out.regular()) return true;
    // irregular: halve on until the finest run's own difference is small beside the run's difference to it
    for (int f = 3; !out.settled(); ++f) {
        if (k + f > finest) {
            out.refinementNote = "not settled at " + levelName(f - 1) +
                                 ", the finest tick allowed: that run's own difference is more than a quarter of the run's difference to it";
            break;
        }
        const RunEnd* x = ladder.end(k + f);
        if (!x) {
            const LadderFailure& why = ladder.failure();
            out.refinementNote = "not settled at " + levelName(f - 1) + "; the run at " + levelName(f) + " " +
                                 (why.kind == LadderFailure::NoHalving ? std::string("is not a whole number of nanoseconds")
                                  : why.kind == LadderFailure::Compile ? std::string("does not compile")
                                                                       : "failed: " + why.message);
            break;
        }
        EndDifference toFinest = compareEnds(*a, *x), own = compareEnds(*ladder.end(k + f - 1), *x);
        if (!toFinest.eventsMatch || !own.eventsMatch) {
            out.refinementNote = "not settled at " + levelName(f - 1) + "; the run at " + levelName(f) + " has other clutch events";
            break;
        }
        out.finestLevel = f;
        out.finest = std::move(toFinest);
        out.last = std::move(own);
    }
    return true;
}

} // namespace drivelab::study
