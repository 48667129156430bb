#pragma once
// gauss2's end value on the pressures without volume (docs/PHYSICS.md, "Junctions at the stages").
// A pressure without volume is algebraic: its flows balance, 0 = f_k(x). The stages hold that
// condition at both stages (their residual rows are h sum_j a_kj f_k(X_j) = 0, A invertible), so
// radau3's end, its second stage, holds it too. gauss2's end x0 + h sum_i b_i k_i extrapolates the
// stage polynomial to t = h, which for an algebraic state keeps only order 2 (R(inf) = 1: the
// error is not damped either); instead its end is solved: the algebraic pressures with every
// other state at its end value, f_k(x1) = 0, so they take x1's fourth order.
#include <cstdint>

#include "compile/model.h"
#include "solver/state.h"
#include "solver/workspace.h"

namespace drivelab {

/// the pressures gauss2's end is solved on: every junction (StateKind::Algebraic) and every node
/// without volume whose storage is empty at its end (bit in `emptyStorage`), that no constraint row
/// couples (its unknown is its own column of the basis)
std::uint64_t algebraicEndNodes(const Model& m, const ModeBasis& b, std::uint64_t emptyStorage);

/// Newton on `nodes` alone (dx on entry: the extrapolation; on exit the solved end): the efforts at
/// x0 + dx with the positions of the stages' quadrature, the inputs as at the stages, time tNs;
/// converged when each node's flow balance is within 64 eps of its terms. false: dx keeps the
/// extrapolation on every node
bool algebraicEnd(const Model& m, const State& s, Workspace& w, double h, double tNs, std::uint64_t nodes);

} // namespace drivelab
