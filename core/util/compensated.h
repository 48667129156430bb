#pragma once
// Neumaier compensated summation: heat and work books stay at rounding level
// over millions of ticks.
#include <cmath>

namespace drivelab {

/// Running sum with Neumaier compensation. Two doubles, trivially copyable, so it
/// lives inside flat state arrays and takes part in hashing and rollback.
struct CompensatedSum {
    double sum = 0.0;  ///< running sum
    double comp = 0.0; ///< accumulated low-order correction

    /// add one term
    void add(double x)
    {
        const double t = sum + x;
        if (std::fabs(sum) >= std::fabs(x))
            comp += (sum - t) + x;
        else
            comp += (x - t) + sum;
        sum = t;
    }
    /// the compensated value
    double value() const { return sum + comp; }
};

/// add x to a compensated sum stored as two adjacent doubles {sum, comp}
inline void compensatedAdd(double* pair, double x)
{
    const double s = pair[0];
    const double t = s + x;
    if (std::fabs(s) >= std::fabs(x))
        pair[1] += (s - t) + x;
    else
        pair[1] += (x - t) + s;
    pair[0] = t;
}

} // namespace drivelab
