#pragma once
// The 2-stage Gauss-Legendre collocation method (lab `run.method: "gauss2"`; docs/PHYSICS.md,
// "Gauss-Legendre (run.method gauss2)"): order 4, A-stable, symmetric. On an interval of
// length h from x0, with stage slopes k_i and stage values X_i = x0 + Z_i,
//   M Z_i = h sum_j a_ij (f(X_j) + G^T lambda_j),   x1 = x0 + h sum_i b_i k_i,   Z_i = h sum_j a_ij k_j
//   c = 1/2 -+ sqrt(3)/6,  A = [[1/4, 1/4 - sqrt(3)/6], [1/4 + sqrt(3)/6, 1/4]],  b = [1/2, 1/2]
// Newton runs on both stages' increments together (2m unknowns of the mode's reduced basis P).
#include <cstdint>
#include <vector>

#include "solver/stagethermal.h"
#include "solver/state.h"
#include "solver/workspace.h"

namespace drivelab {

/// the method's coefficients
struct Gauss2 {
    static constexpr double kSqrt3 = 1.7320508075688772;
    static constexpr double c[2] = {0.5 - kSqrt3 / 6.0, 0.5 + kSqrt3 / 6.0};
    static constexpr double a[2][2] = {{0.25, 0.25 - kSqrt3 / 6.0}, {0.25 + kSqrt3 / 6.0, 0.25}};
    static constexpr double b[2] = {0.5, 0.5};
    /// A^-1 (so k_i = sum_j ainv_ij Z_j / h)
    static constexpr double ainv[2][2] = {{3.0, 2.0 * kSqrt3 - 3.0}, {-3.0 - 2.0 * kSqrt3, 3.0}};
    /// the interval's increment h sum_i b_i k_i = b^T A^-1 (Z_1, Z_2) = sqrt(3) (Z_2 - Z_1)
    static double increment(double z1, double z2) { return kSqrt3 * (z2 - z1); }
};

/// The 2-stage Radau IIA collocation method (lab `run.method: "radau3"`; docs/PHYSICS.md,
/// "Radau IIA (run.method radau3)"): order 3, L-stable (R(z) = (1 + z/3)/(1 - 2z/3 + z^2/6) -> 0
/// as z -> -inf) and stiffly accurate (b = the last row of A, c_2 = 1: x1 is the second stage).
/// The same stage equations and Newton as Gauss2, with
///   c = [1/3, 1],  A = [[5/12, -1/12], [3/4, 1/4]],  b = [3/4, 1/4],  x1 = X_2
struct Radau3 {
    static constexpr double c[2] = {1.0 / 3.0, 1.0};
    static constexpr double a[2][2] = {{5.0 / 12.0, -1.0 / 12.0}, {0.75, 0.25}};
    static constexpr double b[2] = {0.75, 0.25};
    static constexpr double ainv[2][2] = {{1.5, 0.5}, {-4.5, 2.5}};
    /// b^T A^-1 = (0, 1): the increment is the last stage's
    static double increment(double, double z2) { return z2; }
    /// the algebraic-stability matrix b_i a_ij + b_j a_ji - b_i b_j = kDissipation [[1, -1], [-1, 1]]:
    /// over an interval a quadratic energy E = x^T M x / 2 changes by the work quadrature
    /// h sum_i b_i X_i^T M k_i less h^2 kDissipation / 2 (k_1 - k_2)^T M (k_1 - k_2), the method's
    /// numerical dissipation (never negative: the method is algebraically stable)
    static constexpr double kDissipation = 1.0 / 16.0;
};

/// the quadrature weights b of the run's two-stage method (gauss2 or radau3)
inline const double* stageWeights(IntegrationMethod m) { return m == IntegrationMethod::Radau3 ? Radau3::b : Gauss2::b; }

/// most unknowns of the coupled stage system (two stages of kMaxDyn)
constexpr int kMaxStageUnknowns = 2 * kMaxDyn;

/// the method's scratch, sized once per session (nothing allocated per tick)
struct Gauss2Work {
    explicit Gauss2Work(const Model& m);

    double X[2][kMaxDyn];                   ///< stage values
    double Z[2][kMaxDyn];                   ///< stage increments X_i - x0
    double K[2][kMaxDyn];                   ///< stage slopes of the accepted solve
    double F[2][kMaxDyn];                   ///< efforts at the stages
    double J[2][kMaxDyn * kMaxDyn];         ///< d f / d x at the stages (leading dimension kMaxDyn)
    double dpos[2][kMaxDyn];                ///< position increments of the stages h sum_j a_ij X_j [rad or m]
    double Jp[2][kMaxDyn * kMaxDyn];        ///< d f / d (stage position) at the stages (springs) [effort per rad or m]
    bool positional[2] = {false, false};    ///< the stage's Jp has a nonzero entry (its efforts depend on positions)
    double a[kMaxStageUnknowns * kMaxStageUnknowns]; ///< the coupled Newton matrix [64 x 64]
    double res[kMaxStageUnknowns];          ///< reduced residuals of both stages
    double delta[kMaxStageUnknowns];        ///< Newton step
    double dq[2][kMaxStageUnknowns];        ///< reduced increments (current, trial)
    double tol[kMaxDyn];                    ///< residual tolerance per unknown
    double scale[kMaxDyn];                  ///< mass or compliance per unknown
    double normScale[kMaxStageUnknowns];    ///< the line search's frozen scale
    double diag[kMaxStageUnknowns];         ///< diagonal of the last Newton matrix
    int piv[kMaxStageUnknowns];             ///< the row swaps of its factors (in a: denseFactor)
    bool freshFactors = false;              ///< the last solve factored its own matrix (in a)
    bool keepFactors = false;               ///< the last solve converged in one iteration: its matrix serves the next
    double ptmp[kMaxDyn * kMaxDyn];         ///< P^T M P (m x m)
    double jp[kMaxDyn * kMaxDyn];           ///< J P (n x m)
    double pjp[kMaxDyn * kMaxDyn];          ///< P^T J P (m x m)
    double supply[2][kMaxDyn];              ///< per stage: volume supplied to fixed states [m^3]; a prescribed
                                            ///< state's reaction impulse [N m s]
    double hSolved = 0.0;                   ///< length of the last interval solved [s] (the prescribed lines' rates)
    // fluid storage at the stages (solver/stagestorage.h)
    double SF[2][kMaxDyn];                  ///< state-function storage V(X_i) - V(x0) [m^3]
    double dSF[2][kMaxDyn];                 ///< its slope V'(X_i) [m^3/Pa]
    double SR[2][kMaxDyn];                  ///< rate-form storage C_i h k_i [m^3]
    double CR[2][kMaxDyn];                  ///< its compliance C_i [m^3/Pa]
    double S[2][kMaxDyn];                   ///< stage storage SF_i + sum_j a_ij SR_j [m^3]
    double hk[kMaxDyn];                     ///< a stage's h k_i (scratch)
    double endStor[kMaxDyn];                ///< gauss2's conservative end: V(p1) - V(p0) [m^3]
    double endPoly[kMaxDyn];                ///< the stage extrapolation's increment there
    std::uint64_t sfNodes = 0;              ///< nodes with state-function storage (accumulators)
    std::uint64_t endSolved = 0;            ///< of those, the ones gauss2's end was solved on
    bool algebraic = false;                 ///< some pressure is a junction's (StateKind::Algebraic)
    OilStageTerms oil[2][kMaxDyn];          ///< thermal-liquid volumes at the stages (solver/stagethermal.h)
    std::vector<double> scratch[2];         ///< component scratch at each stage
    std::vector<double> lambda[2];          ///< constraint multipliers at each stage, by slot

    // the multipliers at an instant (instantMultipliers)
    double xe[kMaxDyn];                     ///< the state evaluated (fixed states at their inputs then)
    double dposE[kMaxDyn];                  ///< its position increments from the interval start [rad or m]
    double fe[kMaxDyn];                     ///< efforts there
    double ae[kMaxDyn];                     ///< constrained rates there
    double effortE[kMaxDyn];                ///< constraint efforts M a - f there
    double scaleE[kMaxDyn];                 ///< |M a| + |f| per state: the efforts' rounding scale
    double storE[kMaxDyn];                  ///< storage the evaluation may write (not read)
    double dstorE[kMaxDyn];                 ///< its derivative (not read)
    double je[kMaxDyn * kMaxDyn];           ///< Jacobian the evaluation may write (not read)
    double pe[kMaxDyn * kMaxDyn];           ///< P^T M P, factored in place
    double qe[kMaxDyn];                     ///< reduced rates
    std::vector<double> scratchEnd;         ///< component scratch of that evaluation
    std::vector<double> lambdaEnd;          ///< the multipliers there, by slot
    std::vector<double> heldInputs;         ///< the bound inputs' interval values, put back after it
};

/// Solve the interval [tStart, tStart + h] with the run's two-stage method (the 2-stage
/// Gauss-Legendre method or, with run.method radau3, the 2-stage Radau IIA method). On success
/// the workspace holds x1, dx = x1 - x0, the stage mean xs = sum_i b_i X_i and the mean effort
/// f = sum_i b_i f(X_i) (so the clutch events' mean multipliers are sum_i b_i lambda_i),
/// and w.g2 the stages. On failure `worstNode` names the state with the largest residual.
bool solveGauss2(const Model& m, const State& s, Workspace& w, double h, double tStartNs, int& worstNode);

/// After a committed interval of hSec [s]: its collocation polynomial (the stages' slopes in
/// w.g2) into s.stagePoly, where the next interval of the same length and mode starts from it,
/// and the Newton matrix into s.stageNewton while one iteration sufficed with it (else none)
void keepStageStart(const Model& m, State& s, const Workspace& w, double hSec);

/// the evaluation context at an instant of the last solve's interval (instantMultipliers, gauss2's
/// end on the junctions): state g2->xe, efforts into g2->fe (Jacobian g2->je), the scratch
/// g2->scratchEnd, time tNs, the positions at the start (atStart) or at the end (the stages' quadrature)
void instantContext(EvalContext& c, const Model& m, const State& s, Workspace& w, double hSec, double tNs, bool atStart, bool wantJacobian);

/// The constraint multipliers at an instant: the torques the active constraints (locked clutches,
/// gears, planetaries) carry at state x and time tNs [ns], into w.g2->lambdaEnd by slot. x is the
/// start state s.x (positions s.pos) or the end state w.x1 of the last gauss2 solve, of hSec (positions
/// s.pos + hSec sum_i b_i X_i, from its stages). The efforts
/// f(x) are evaluated with every signal-bound input at its value at tNs (and the fixed states it
/// holds), the constrained rates a = P (P^T M P)^-1 P^T f(x) solved, and lambda = L (M a - f(x))
/// (docs/PHYSICS.md, "Gauss-Legendre"); g2->scaleE holds |M a| + |f| per state. The interval's
/// solve, the stages and the inputs are left as they were. hSec [s]: the interval's length (the
/// evaluation's h). false when P^T M P is singular.
bool instantMultipliers(const Model& m, State& s, Workspace& w, const double* x, double tNs, double hSec);

/// The books of an accepted gauss2 interval that the states keep themselves: the multipliers
/// of each stage (effort_i = M k_i - f(X_i)) into g2.lambda, the fluid books per stage (supply of
/// the fixed states and its work, stored volume, the work of the solve's residual)
void gauss2Books(const Model& m, State& s, Workspace& w, double hSec);

} // namespace drivelab
