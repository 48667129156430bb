#pragma once
// A method and a tick from the accuracy asked for (issue 37, target 5; docs/PHYSICS.md "Error
// estimate"): `run --accuracy TOL`. For every method the lab compiles with, the lab's tick and its
// halvings are estimated in turn (tickladder.h estimateAt: each from the runs at h, h/2 and h/4,
// and finer ones of the same ladder where those do not converge regularly); the first
// whose estimate is at or below TOL is that method's tick. Of those, the one with the least work
// (Newton iterations of its run, a two-stage iteration weighted kTwoStageWeight) is chosen; the
// lab's own tick is the largest tried.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "spec/labspec.h"
#include "study/errorestimate.h"

namespace drivelab::study {

/// a two-stage Newton iteration's cost in midpoint iterations (its 2n x 2n system and two stage
/// evaluations; docs/PERFORMANCE.md measures 1.7 to 2.8 times the midpoint's time per tick)
constexpr double kTwoStageWeight = 2.5;

/// one method's outcome
struct MethodTicks {
    RunMethod method = RunMethod::Midpoint;
    bool compiles = true;          ///< false: the lab refuses this method (`refusal` says why)
    std::string refusal;           ///< the first error of the compile with this method
    bool found = false;            ///< a tick met the accuracy
    std::int64_t tickNs = 0;       ///< the largest tick that did (or the finest tried)
    ErrorEstimate estimate;        ///< its estimate
    double work = 0.0;             ///< weighted Newton iterations of the run at that tick
    std::string failure;           ///< a run that failed (the method is then not chosen)
};

/// the search's outcome
struct AccuracyChoice {
    std::vector<MethodTicks> methods; ///< every method, in runMethods() order
    int chosen = -1;                  ///< index into methods; -1: none met the accuracy
    bool cancelled = false;           ///< the search was cancelled (nothing is chosen)
};

/// how far a search is: `done` runs of at most `total` (the search may stop earlier)
using AccuracyProgress = std::function<void(int done, int total)>;

/// search every method and up to `maxHalvings` halvings of the lab's tick for `tolerance`;
/// `progress` is called after each run (from the calling thread), `cancel` is checked every 16
/// ticks of a run and between runs
AccuracyChoice chooseMethodAndTick(const LabSpec& spec, double tolerance, int maxHalvings, const AccuracyProgress& progress = {},
                                   const std::atomic<bool>* cancel = nullptr);

} // namespace drivelab::study
