#pragma once
// The energy-book bounds the tests hold every run to (shared by the Qt Test and the Qt-free
// tests; no Qt here).
namespace drivelab::test {

/// relative bound for "rounding level" in the energy books: 1e-11 of the energy moved
constexpr double kRoundingLevel = 1e-11;

/// the residual bound of a run of `ticks` ticks that moved `scale` joules: rounding level per
/// 10^5 ticks. Each interval closes its books to the solve's tolerance, so the residual of a
/// long run grows with its ticks (docs/PHYSICS.md, "Energy books"); every run up to 10^5 ticks
/// keeps the plain rounding-level bound.
inline double residualBound(double scale, long long ticks)
{
    return kRoundingLevel * scale * (ticks > 100000 ? static_cast<double>(ticks) / 1e5 : 1.0);
}

} // namespace drivelab::test
