#pragma once
// Sparse LU for the Newton systems (at most kMaxDyn unknowns): the structure is a
// bitmask per row, analysed once per constraint mode (minimum-degree order, fill),
// factored numerically with static diagonal pivots in that order. Cost follows the
// fill: a chain of inertias factors in linear time. A pivot that is too small for
// static pivoting makes the caller fall back to dense partial pivoting.
#include <cstdint>

#include "components/component.h"

namespace drivelab {

/// symbolic analysis of one sparsity structure
struct LuPattern {
    int m = 0;                    ///< unknowns
    int order[kMaxDyn];           ///< elimination order
    std::uint64_t later[kMaxDyn]; ///< unknowns eliminated after step k
    std::uint64_t fill[kMaxDyn];  ///< row structure after fill (symmetric), by unknown
    bool hasFill = false;         ///< elimination adds entries beyond the input structure
};

/// Analyse a symmetric structure (bit j of rows[i]: entry (i, j) may be nonzero; the
/// diagonal is always included).
void analyzePattern(const std::uint64_t* rows, int m, LuPattern& out);

/// Zero the entries of `a` (leading dimension kMaxDyn) that the factorization may touch.
void clearPattern(const LuPattern& p, double* a);

/// Solve a x = rhs in place (a is overwritten). Static pivots in the pattern's order;
/// false when a pivot shrinks below 1e-10 of the assembled diagonal `diag0` (use
/// denseSolve instead).
bool sparseSolve(const LuPattern& p, double* a, double* rhs, const double* diag0);

/// Factor a (m x m, row-major, leading dimension ld) in place by Gaussian elimination with
/// partial pivoting: U on and above the diagonal, the multipliers below it, piv[k] the row
/// step k swapped in; false if singular. denseFactor then denseSubstitute is denseSolve, bit
/// for bit; the factors serve further right-hand sides (the two-stage methods' simplified Newton).
bool denseFactor(double* a, int m, int* piv, int ld = kMaxDyn);

/// Solve a x = rhs in place with the factors of denseFactor.
void denseSubstitute(const double* a, int m, const int* piv, double* rhs, int ld = kMaxDyn);

/// Solve a x = rhs in place with partial pivoting over all m x m entries of `a` (row-major,
/// leading dimension ld); false if singular.
bool denseSolve(double* a, int m, double* rhs, int ld = kMaxDyn);

} // namespace drivelab
