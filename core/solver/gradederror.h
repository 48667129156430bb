#pragma once
// radau3's graded start from an error estimate (docs/PHYSICS.md, "Radau IIA": graded start).
// After a discontinuity of the inputs the pieces of the graded segment are chosen from the
// embedded error estimate of the 2-stage Radau IIA method (Hairer & Wanner, Solving ODEs II,
// IV.8): with u the collocation polynomial of the solved interval [t0, t0 + h] (u' = k_i at
// c_i h, so u'(t0) = 3/2 k_1 - 1/2 k_2) and a0 the constrained rate at the interval's start,
//   err = gamma0 h (a0 - 3/2 k_1 + 1/2 k_2) = gamma0 h (a0 - u'(t0))
// the difference between the method and the embedded second-order formula
//   x^ = x0 + h (gamma0 a0 + b^_1 k_1 + b^_2 k_2),  b^_1 = 3/4 - 3/2 gamma0,  b^_2 = 1/4 + 1/2 gamma0.
// It is O(h^3) (the method's own local error is O(h^4)), so it bounds the piece's error.
// Its norm: the largest |err_i| / scale_i (kGradedRtol) over the states with a rate of their own.
#include "solver/state.h"
#include "solver/workspace.h"

namespace drivelab {

/// the embedded formula's weight of the start rate
constexpr double kGradedGamma0 = 0.25;
/// the relative tolerance of a graded piece's estimate, on the scale
///   atol_i + rtol max(|x0_i|, |x1_i|, L peak_i)
/// (Model::atol; L the tick; peak_i the largest |a0_i| since the segment began: what the state
/// changes over a tick at its fastest since the discontinuity, so a state starting from rest gets a
/// scale and the tolerance falls with the tick). Measured on the clutch-fill lab with its orifice
/// 100x faster (tests/bench/bench_cvode case 1) at a 10 ms tick: 1e-5, 3e-6, 1e-6 put its error at
/// 2.3e-8, 6.9e-9, 1.8e-9 for 2.42, 2.52, 2.70 Newton iterations per tick (2.33 with the fixed
/// grading, 5.5e-8); with 1e-6 the drained brake of tst_radauevents needs more intervals than a
/// 100 us tick keeps in hand
constexpr double kGradedRtol = 3e-6;

/// the constrained rates at the start of the interval being solved (state s.x, time tStartNs, the
/// inputs just after it) into a0, and peak_i = max(peak_i, |a0_i|); false when they cannot be
/// solved (P^T M P singular)
bool gradedStartRates(const Model& m, State& s, Workspace& w, double hSec, double tStartNs, double* a0, double* peak);

/// the scaled norm of the embedded error estimate of the last radau3 solve of length hSec
/// (w.g2's stage slopes, w.x1) from the start rates a0 and the segment's peak rates; at most 1: the
/// piece meets rtol
double gradedErrorNorm(const Model& m, const State& s, const Workspace& w, double hSec, const double* a0, const double* peak, double rtol);

} // namespace drivelab
