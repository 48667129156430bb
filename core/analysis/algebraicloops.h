#pragma once
// Algebraic loops: cycles of instantaneous (zero-order) dependencies between the efforts and
// flows of a causal bond graph. Storage in integral causality and sources break every path;
// a cycle left through resistors is a set of equations the solver must solve jointly.
#include <vector>

#include "analysis/bondgraph.h"
#include "analysis/causalityassigner.h"

namespace drivelab {

/// one algebraic loop
struct AlgebraicLoopFinding {
    std::vector<int> resistors; ///< its R elements, in element order
    std::vector<int> path;      ///< elements along one cycle, starting and ending at resistors.front()
};

/// every algebraic loop of an assigned graph (strongly connected sets of effort and flow
/// variables that contain a resistor), ordered by their first resistor
std::vector<AlgebraicLoopFinding> findAlgebraicLoops(const BondGraph& g, const CausalityAssignment& a);

} // namespace drivelab
