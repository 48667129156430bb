#pragma once
// Thermal-liquid volumes in the solve (docs/PHYSICS.md, "Thermal-liquid oil"): the terms a
// volume's pressure and oil temperature add to their own rows, and their books.
#include "components/component.h"
#include "solver/state.h"
#include "solver/workspace.h"

namespace drivelab {

/// each volume's own terms at the stage point: thermal expansion V alpha dT in its mass
/// balance, compression heating T alpha V dp and the change of its oil mass in its energy
/// balance (with the Jacobian when the context asks for it)
void oilVolumeEval(const Model& m, const EvalContext& c);

/// the books of an accepted interval: the residuals the solve left (numerical), and the
/// part of V alpha d(pT) a stage weight above 1/2 leaves unmatched
void oilVolumeBooks(const Model& m, State& s, const Workspace& w, double hSec, const double* drawn);

} // namespace drivelab
