#pragma once
// Rigid velocity constraints (gears, planetaries, locked clutches) resolved by
// projection: coordinate partitioning splits the states into independent ones q
// and dependent ones, x = P q. Newton runs on q; constraint torques come back as
// least-squares multipliers of the residual effort.
#include <cstdint>

#include "components/component.h"
#include "solver/linear.h"

namespace drivelab {

/// The projection basis of one constraint mode (one set of active rows).
struct ModeBasis {
    std::uint64_t key = ~0ull;       ///< mode key it was built for (locked-clutch mask)
    int n = 0;                       ///< states
    int m = 0;                       ///< independent states
    bool identity = true;            ///< no active constraint: P = I
    int ind[kMaxDyn];                ///< independent state indices, ascending [m]
    int isDependent[kMaxDyn];        ///< 1 when the state is dependent [n]
    double P[kMaxDyn * kMaxDyn];     ///< n x m, row-major, leading dimension kMaxDyn
    double reducedMass[kMaxDyn];     ///< diag(P^T M P) [m]
    int rank = 0;                    ///< independent constraint rows
    int rowSlot[kMaxDyn];            ///< row slot of each independent row [rank]
    double G[kMaxDyn * kMaxDyn];     ///< independent rows, rank x n
    double L[kMaxDyn * kMaxDyn];     ///< multiplier operator (G G^T)^-1 G, rank x n
    double S[kMaxDyn * kMaxDyn];     ///< Cholesky factor of G M^-1 G^T, rank x rank
    std::uint64_t fixedMask = 0;     ///< states held fixed (never unknowns)
    double PF[kMaxDyn * kMaxDyn];    ///< n x n: dependent state = P q + PF x_fixed (fixed columns only)
    std::uint64_t pfMask[kMaxDyn];   ///< per state: fixed states with PF(i, f) != 0 [n]
    std::uint64_t pMask[kMaxDyn];    ///< per state: the independent unknowns q with P(i, q) != 0 [n]
    std::uint64_t pColMask[kMaxDyn]; ///< per unknown: the states i with P(i, q) != 0 [m]
    std::uint64_t jRows[kMaxDyn];    ///< structure of d f / d x by state [n]
    std::uint64_t jpMask[kMaxDyn];   ///< per state: the unknowns that row i of J P reaches [n]
    std::uint64_t unitRows = 0;      ///< states whose row of P is a lone 1 in a column of its own: row q
                                     ///< of P^T A P is then row i of A P, summed in place
    LuPattern lu;                    ///< structure of the reduced Newton matrix, analysed
};

/// Build the basis for `k` rows (slots give each row's multiplier slot); `jacobian`
/// gives the structure of d f / d x by state (bit j of jacobian[i]: f_i depends on x_j).
void buildModeBasis(const ConstraintRow* rows, const int* slots, int k, int n, const double* mass, const std::uint64_t* jacobian,
                    std::uint64_t fixedMask, ModeBasis& out);

/// Mass-weighted projection of x onto the constraints (the momentum-conserving
/// impulse), then dependent states set exactly from the independent ones.
void projectOntoConstraints(const ModeBasis& b, const double* mass, double* x);

/// Set every dependent state exactly from the independent and fixed ones.
void updateDependents(const ModeBasis& b, double* x);

/// The first of `k` rows that the basis does not imply for every increment of the prescribed
/// states (bit i of `prescribed`: a speed source moves state i): a rigid row between speeds that
/// sources prescribe independently, which the sources would fight; -1 when every row holds.
int unimpliedRow(const ModeBasis& b, const ConstraintRow* rows, int k, std::uint64_t prescribed);

/// Multipliers lambda (one per row slot, others untouched) from the constraint
/// effort e = M dx/h - f on each state.
void constraintMultipliers(const ModeBasis& b, const double* effort, double* lambdaBySlot);

} // namespace drivelab
