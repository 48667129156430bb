#pragma once
// The runs of one lab at its tick and its halvings (docs/PHYSICS.md "Error estimate"): the one
// place `run --estimate-error`, `run --accuracy` (study/accuracy.h) and the editor's accuracy
// search make their finer runs, and the estimate of a run's error from them.
#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <string>

#include "spec/diagnostic.h"
#include "spec/labspec.h"
#include "study/errorestimate.h"

namespace drivelab::study {

/// why a run of the ladder could not be made
struct LadderFailure {
    enum Kind { None, NoHalving, Compile, Run };
    Kind kind = None;
    int level = 0;            ///< the run's level k (tick h / 2^k)
    std::int64_t tickNs = 0;  ///< its tick (NoHalving: the lab's)
    std::string message;      ///< NoHalving: finerTickSpec's why; Run: the solver's error ("cancelled" when cancelled)
    Diagnostics diagnostics;  ///< Compile: the diagnostics of the lab at that tick
};

/// the runs of a lab at h / 2^k (report boundaries at the same instants), made as they are asked
/// for and kept; a run that cannot be made is not tried again
class TickLadder {
public:
    /// `ran` is called after each run made, `cancel` (may be null) is checked every 16 ticks
    explicit TickLadder(const LabSpec& spec, std::function<void()> ran = {}, const std::atomic<bool>* cancel = nullptr);
    /// the end of the run at level k; null when it cannot be made (failure() says why)
    const RunEnd* end(int k);
    /// give the end of the run at level k made elsewhere (the command line's own run at level 0)
    void put(int k, RunEnd e);
    /// why the last run asked for could not be made
    const LadderFailure& failure() const { return m_failure; }
    /// the lab's spec at level 0 (its method included)
    const LabSpec& spec() const { return m_spec; }

private:
    LabSpec m_spec;
    std::function<void()> m_ran;
    const std::atomic<bool>* m_cancel;
    std::map<int, RunEnd> m_ends;        ///< a map: the ends handed out stay where they are as it grows
    std::map<int, LadderFailure> m_failed;
    LadderFailure m_failure;
};

/// the finest run `run --estimate-error` refines to: level 6, h/64
constexpr int kEstimateFinestLevel = 6;

/// the estimate of the run at level k: from the runs at k + 1 and k + 2 and, where the three do not
/// converge regularly, finer runs down to level `finest` (ErrorEstimate: the two regimes). False
/// when one of the runs k, k + 1, k + 2 cannot be made (ladder.failure() says why); a finer run
/// that cannot be made ends the refinement there, `out.refinementNote` says why.
bool estimateAt(TickLadder& ladder, int k, int finest, ErrorEstimate& out);

} // namespace drivelab::study
