#pragma once
// Thermal-liquid volumes at the stages of the two-stage methods (run.method gauss2, radau3;
// docs/PHYSICS.md, "Thermal-liquid volumes at the stages"). A volume's balances (oilvolumes.h)
// in rate form, with T the oil temperature, a = V alpha, C = V / beta, C_th = c rho_r V:
//   mass    C p' - a T' = (flows in)
//   energy  (C_th + g(p, T)) T' - A(p, T) p' + alpha p T (C p' - a T') = (what flows, losses, walls bring)
//           A = T a, g = c (m(p, T) - rho_r V) = C_th ((p - p_r) / beta - alpha (T - T_r))
// is M(x) x' = f(x) with a state-dependent, non-diagonal M. The terms beyond the constant mass
// (M x' = C p', C_th T') are rate-form storage: stage j stores SR_j = -N(X_j) h k_j with
//   N = [[0, a], [A - alpha p T C, alpha p T a - g]]   (rows p, T; columns p', T'),
// h k = A^-1 Z, and stage i's residual takes sum_j a_ij SR_j (solver/stagestorage.h's rate form,
// with the off-diagonal terms and N's own dependence on X_j in the Newton matrix). So each stage
// holds M(X_j) k_j = f(X_j): the collocation of x' = M^-1 f, order 4 (gauss2) or 3 (radau3), the
// end the stage polynomial's. The oil (C p - a T) is linear in the state: conserved exactly.
// Books: the volume's energy W = C p^2 / 2 + U, U = c m (T - T_r) - V alpha p T, satisfies at any
// state grad W . x' = (p + e) (C p' - a T') + (energy row's left side), e = OilModel::flowEnergy;
// so at each stage the components' stage books are its change, and the interval's
// U(x1) - U(x0) - h sum_j b_j grad U(X_j) . k_j (the quadrature's error, O(h^5) for gauss2) is
// numerical dissipation, as are the solve's residuals (the energy row's, and the flow energy the
// mass row's residual moves). C p^2 / 2 is the compliant volume's, booked as for any volume.
#include "compile/model.h"
#include "solver/state.h"
#include "solver/workspace.h"

namespace drivelab {

struct Gauss2Work;

/// one volume's energy-row coefficients at a stage (oilStageStorage): SR_T = ctp h p' + ctt h T',
/// and d SR_T / d X_p, d SR_T / d X_T at that stage's h k
struct OilStageTerms {
    double ctp = 0.0, ctt = 0.0, dp = 0.0, dt = 0.0;
};

/// the stages carry storage: a storage element (Model::hasStorage) or a thermal-liquid volume
inline bool stagesStore(const Model& m) { return m.hasStorage || !m.oilVolumes.empty(); }

/// stage st's oil terms: SR[st] gains -N(X_st) h k_st on each volume's rows (after stageStorage
/// cleared it), and g keeps N and its slope for the Newton matrix
void oilStageStorage(const Model& m, Gauss2Work& g, int st, const double (*ainv)[2]);

/// the oil terms of the coupled Newton matrix g.a (leading dimension kMaxStageUnknowns, nq
/// unknowns per stage on basis b): block (st, l) gains sum_j a_st,j N_j ainv_j,l + a_st,l dN_l,
/// dN_l = d(N(X) h k_l)/dX at X_l
void oilStageJacobian(const Model& m, const ModeBasis& b, Gauss2Work& g, int nq, const double (*a)[2], const double (*ainv)[2]);

/// the oil books of an accepted two-stage interval (after gauss2Books' own; drawn: the stage
/// constraint efforts): the solve's residuals of each volume's rows and the quadrature's error of U
void oilStageBooks(const Model& m, State& s, const Workspace& w, double hSec, const double (*drawn)[kMaxDyn]);

} // namespace drivelab
