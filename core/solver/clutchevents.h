#pragma once
// The clutches' events inside a tick (docs/PHYSICS.md, "Breakaway timing", "Return-spring
// threshold"): each is found on a solved interval — a locked clutch over its capacity, a
// slipping clutch's slip reaching zero, a pressure-applied clutch's apply force crossing its
// return spring's — and located by solving the interval again at other lengths.
#include <cstdint>

#include "components/registry.h"
#include "solver/state.h"
#include "solver/workspace.h"

namespace drivelab {

/// the speed of dynamic state i in x (0 for ground)
inline double speedOf(const double* x, int i) { return i >= 0 ? x[i] : 0.0; }
/// a clutch's slip speed w_a - w_b in x
inline double slipOf(const Clutch::Params& p, const double* x) { return speedOf(x, p.a) - speedOf(x, p.b); }

/// solves one interval of hSec from the state at its start into the workspace (the stepper's
/// solve, which reports a failure)
class IntervalSolve {
public:
    virtual bool solve(double hSec, double tMidNs, double tStartNs) = 0;

protected:
    ~IntervalSolve() = default;
};

/// Finds and locates the clutch events of one tick; the workspace holds the solved interval.
class ClutchEvents {
public:
    ClutchEvents(const Model& m, State& s, Workspace& w, IntervalSolve& solver);

    /// the k-th clutch (file order)
    const Clutch::Params& clutch(int k) const { return m.params->of<Clutch>()[static_cast<std::size_t>(k)]; }
    /// constraint multipliers of the solved interval (mean constraint efforts) into w.lambda
    void multipliers(double hSec);
    /// the locked clutch whose mean torque exceeds its static capacity the most, or -1
    int breakaway(double hSec, std::uint64_t noBreak);
    /// the locked clutch whose torque extrapolated to the interval's end exceeds its capacity
    /// there (a trigger for locateBreakaway; gauss2: its torque at the end state), or -1; atNs:
    /// the interval's start in the tick [ns], tStartNs: from t = 0 [ns]
    int overloadAtEnd(double atNs, double tStartNs, double hSec, std::uint64_t noBreak);

    /// where a breakaway happens: not at all, at the interval's start, inside it
    enum class Break { None, AtStart, Inside };
    /// locate clutch k's breakaway in the solved interval of hSec (docs/PHYSICS.md; the midpoint:
    /// on the line through the mean overloads of [0, h/2] and [0, h]; gauss2: the zero of the
    /// overload at the interval's end, root-found); Inside: the workspace holds the solve of
    /// [0, tau]; None: the solve of the whole interval
    bool locateBreakaway(int k, double hSec, double tStartNs, std::uint64_t noBreak, bool overMean, Break& result, double& tau);

    /// the slipping clutch whose slip reaches zero first within the solved interval, or -1;
    /// `immediate` when its slip already moved the wrong way from zero
    int crossing(bool& immediate, std::uint64_t exclude);
    /// the interval length at which clutch k's slip reaches zero (the workspace holds its solve)
    bool findSlipZero(int k, double hi, double tStartNs, double& tau);

    /// the unlocked pressure-applied clutch whose apply margin changes sign first inside the
    /// solved interval (linear estimate of the fraction), or -1
    int kink(std::uint64_t exclude, double& frac);
    /// the interval length at which clutch k's apply margin reaches zero (its solve held)
    bool findKink(int k, double hi, double tStartNs, double& tau);

private:
    const Model& m;
    State& s;
    Workspace& w;
    IntervalSolve& m_solver;
    // the solve (its count, length and mode) whose multipliers w.lambda holds
    std::int64_t m_lambdaSolve = -1;
    double m_lambdaH = 0.0;
    std::uint64_t m_lambdaKey = 0;

    template <class G>
    bool findZero(G g, double hi, double tStartNs, double& tau);
    double overload(int k, double hSec);
    double capacityAt(int k, const double* x, double tNs) const;
    bool locateOnLine(int k, double hSec, double tStartNs, std::uint64_t noBreak, bool overMean, Break& result, double& tau);
    bool locateCollapse(int k, double hSec, double tStartNs, std::uint64_t noBreak, double lMean, Break& result, double& tau);
    bool locateAtEnd(int k, double hSec, double tStartNs, std::uint64_t noBreak, bool overMean, Break& result, double& tau);
    bool settleInside(double t, double hSec, double tStartNs, std::uint64_t noBreak, Break& result, double& tau);
    double instantMargin(int k, const double* x, double t, double tStartNs, double& tol);
};

} // namespace drivelab
