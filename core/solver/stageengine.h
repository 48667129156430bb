#pragma once
// The engine cylinders' interval work under the two-stage methods (run.method gauss2, radau3;
// docs/PHYSICS.md, "The engine cylinder at the stages").
//
// Each stage takes the gas torque tau_i at its crank angle (EngineCylinder::evalStage). The crank's
// work over the interval is then the stage quadrature Q = h sum_i b_i tau_i X_i, while the charge,
// integrated over crank angle from phi_0 over the interval's travel Theta = h sum_i b_i X_i (the
// travel the positions advance by) in h seconds as the midpoint integrates it, does the work W (its
// books: fuel, wall heat, exhaust, crankcase work and the end temperature). Both stages take the
// same torque more,
//   delta = (W - Q) / Theta,   T_i = tau_i + delta,   so   h sum_i b_i T_i X_i = Q + delta Theta = W:
// the crank receives exactly the work the charge gives up, and the books close at rounding. On a
// smooth stretch W - Q is the quadrature's error (O(h^5) gauss2, O(h^4) radau3), so delta keeps the
// method's order; across a valve or burn event inside the interval delta carries the work the stage
// points miss (the pressure's drop at EVO), which also puts the interval's impulse within O(h^2) of
// the exact one (W / omega): the midpoint's order there. A standing crank (|Theta| <= 1e-12 rad) takes
// the instantaneous torque at phi_0 at both stages (its work tau Theta is W to rounding).
// Newton's matrix carries d tau_i / d phi_i (the stage's own position, EvalContext::jpos) but not
// delta's spread over both stages' speeds (O(h^2) on smooth stretches: its terms cancel to leading
// order since sum_i b_i a_ij = b_j (1 - c_j)); the residual decides convergence. radau3 books the
// position Jacobian's (X_1 - X_2)^T (-Jp) (X_1 - X_2) h^2/32 as a linear spring's numerical
// dissipation (stagebooks.cpp); the cylinder's share of Jp is no spring (the charge's energy is its
// integration's, the crank's work W exactly), so cylinderRadauBooks takes that share back out.
#include "compile/model.h"
#include "components/component.h"
#include "solver/state.h"

namespace drivelab {

struct Gauss2Work;

/// after both stages' evaluations (g.X, g.F, g.scratch of each stage set): every engine cylinder's
/// uniform torque delta added to both stages' efforts and stage torques, the interval's books
/// (gas work, fuel, wall and exhaust heat, crankcase work) into the last stage's scratch and the
/// end temperature into both; c is the interval's evaluation context (start state, inputs,
/// thermal nodes), b the method's weights, h the interval length
void stageCylinderWork(const Model& m, const EvalContext& c, Gauss2Work& g, const double* b, double h);

/// radau3's books of an accepted interval: the numerical dissipation radauDissipation booked for
/// the cylinders' position Jacobian at stage `st` (the first positional stage, the one it read) as if
/// it were a spring's, taken back: -w sum (X_1 - X_2)_crank^2 (-dtau/dphi), w = h^2/32
void cylinderRadauBooks(const Model& m, State& s, const Gauss2Work& g, double hSec);

} // namespace drivelab
