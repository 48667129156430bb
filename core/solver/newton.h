#pragma once
// The coupled solve of one interval:
//   M (x1 - x0) + stor = h f(xs),  xs = x0 + w (x1 - x0)
// (w = 1/2, the implicit midpoint rule, for mechanical states; stiffness-adaptive
// 1/2 .. 1 for compliant pressures; 1 for junction pressures)
// on the independent states of the current constraint mode, by Newton with the
// analytic Jacobian, at most 24 iterations and 12 halving line-search steps each.
#include "solver/state.h"
#include "solver/workspace.h"

namespace drivelab {

/// most Newton iterations per solve
constexpr int kMaxNewtonIterations = 24;
/// most halvings per line search
constexpr int kMaxLineSearchHalvings = 12;

/// Solve the interval [t, t + h]. On success the workspace holds x1, xs, dx, f and
/// the component scratch of the accepted point. On failure `worstNode` names the
/// dynamic state with the largest residual.
bool solveInterval(const Model& m, const State& s, Workspace& w, double h, double tMidNs, int& worstNode);

/// Evaluate every component at the start of an interval (dx = 0) with the Jacobian:
/// fills the workspace's efforts, Jacobian and storage compliance.
void evaluateAtStart(const Model& m, const State& s, Workspace& w, double h, double tMidNs);

} // namespace drivelab
