#pragma once
// The rounding a Newton residual carries, shared by the midpoint's Newton (newton.cpp) and the
// Gauss-Legendre stages (gauss2.cpp); docs/PHYSICS.md, "Newton tolerance on stiff nodes".
//
// A residual r = M dx + stor - h f(xs) is a sum of terms, each rounded, evaluated at stage values
// xs that are themselves rounded (eps |xs_j| each). However close the unknowns, r cannot be made
// smaller than that rounding: k eps times the magnitudes of its terms, |M dx|, |stor| and
// h sum_j |d f / d xs_j| |xs_j| (a term linear in the stage values, a laminar flow
// G (p_a - p_b), is made of G p_a and G p_b). The solvers accept a residual within 64 eps of
// those magnitudes: a rounding bound, the same 64 eps as the unknowns' own tolerance.
#include <bit>
#include <cmath>
#include <cstdint>

#include "solver/constraints.h"

namespace drivelab {

/// the multiple of eps the Newton solves accept as rounding (of a value, or of a residual's terms)
constexpr double kRoundingMultiple = 64.0 * 2.220446049250313e-16;

/// sum_j |jacRow[j] xs[j]| over the row's structure `cols` (ModeBasis::jRows): the magnitude
/// of an effort's terms at the stage values xs and what their rounding moves it by
inline double effortMagnitude(const double* jacRow, std::uint64_t cols, const double* xs)
{
    double sum = 0.0;
    for (; cols; cols &= cols - 1) {
        const int j = std::countr_zero(cols);
        sum += std::fabs(jacRow[j] * xs[j]);
    }
    return sum;
}

/// sum_i |P(i, q)| mag(i) over unknown q's states (identity basis: mag(q)): the magnitudes of
/// reduced residual q's terms from those of each state's row
template <class Mag> double reducedMagnitude(const ModeBasis& b, int q, Mag&& mag)
{
    if (b.identity) return mag(q);
    double sum = 0.0;
    for (std::uint64_t bi = b.pColMask[q]; bi; bi &= bi - 1) {
        const int i = std::countr_zero(bi);
        sum += std::fabs(b.P[i * kMaxDyn + q]) * mag(i);
    }
    return sum;
}

} // namespace drivelab
