#pragma once
// dx = P dq: an interval's increments of every dynamic state from the unknowns of the current
// clutch mode's reduced basis (solver/constraints.h), shared by the midpoint's Newton
// (newton.cpp) and the Gauss-Legendre stages (gauss2.cpp).
#include <bit>
#include <cstdint>

#include "solver/constraints.h"

namespace drivelab {

/// dx[i] = sum_q P(i, q) dq[q] over the basis' structure (identity: a copy), i < n
inline void expandOnBasis(const ModeBasis& b, int n, const double* dq, double* dx)
{
    if (b.identity) {
        for (int i = 0; i < n; ++i) dx[i] = dq[i];
        return;
    }
    for (int i = 0; i < n; ++i) {
        const double* pr = b.P + i * kMaxDyn;
        double v = 0.0;
        for (std::uint64_t bq = b.pMask[i]; bq; bq &= bq - 1) {
            const int q = std::countr_zero(bq);
            v += pr[q] * dq[q];
        }
        dx[i] = v;
    }
}

} // namespace drivelab
