#pragma once
// Fluid storage at the stages of the two-stage methods (run.method gauss2, radau3;
// docs/PHYSICS.md, "Storage at the stages"). Two forms, by what the element stores:
// - a state function V(p) (an accumulator: its oil is a function of its pressure), collocated
//   conservatively: stage i stores V(X_i) - V(x0), d/dZ_i = V'(X_i);
// - a rate form C(theta) dp (a compressible converter chamber: its compliance moves with the
//   shaft's stage position), collocated as the speeds: stage j stores C_j h k_j, h k = A^-1 Z,
//   and stage i's residual takes sum_j a_ij C_j h k_j.
// So stage i's residual is M Z_i + S_i - h sum_j a_ij f(X_j) with S_i = SF_i + sum_j a_ij SR_j.
#include <cstdint>

#include "compile/model.h"
#include "components/component.h"

namespace drivelab {

struct Gauss2Work;

/// the nodes state-function storage elements sit on (Gauss2Work::sfNodes)
std::uint64_t stateFunctionStorageNodes(const Model& m);

/// the storage of stage `st` into g.SF/g.dSF (state function, at c.dx = Z_st) and g.SR/g.CR (rate
/// form, at c.dx = h k_st = sum_l ainv_st,l Z_l); c carries the stage's positions and scratch.
/// c.dx, c.stor and c.dstor are changed
void stageStorage(const Model& m, EvalContext& c, Gauss2Work& g, int st, const double (*ainv)[2]);

/// g.S = SF + A SR for both stages (after both stages' stageStorage)
void combineStageStorage(const Model& m, Gauss2Work& g, const double (*a)[2]);

/// the diagonal storage term of the Newton block (stage st, stage l) on node i:
/// delta_st,l dSF_st + sum_j a_st,j CR_j ainv_j,l
double storageJacobian(const Gauss2Work& g, int i, int st, int l, const double (*a)[2], const double (*ainv)[2]);

/// gauss2's end on the nodes with state-function storage (g.endSolved): the end pressure p1 with
/// M (p1 - p0) + V(p1) - V(p0) = sqrt(3) ((M Z_2 + SF_2) - (M Z_1 + SF_1)), the volume the stage
/// quadrature brought in (a scalar Newton per node, on scratch `scratch`); a node where that has no
/// slope (no volume, its storage empty: an accumulator below its precharge) keeps the stage
/// extrapolation x1 (in dx, on entry). dx is updated; g.endStor gets V(p1) - V(p0)
void conservativeEnd(const Model& m, EvalContext& c, Gauss2Work& g, double* dx, double* scratch);

/// before the stage commits: each storage element's stored-volume scratch of stage i becomes its
/// share of the interval, b_i (A^-1 S)_i (state function) or b_i C_i h k_i (rate form)
void storageShares(const Model& m, Gauss2Work& g, const double* b, const double (*ainv)[2]);

} // namespace drivelab
