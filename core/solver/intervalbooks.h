#pragma once
// The books of an accepted interval that the tick's commit keeps for the states themselves
// (docs/PHYSICS.md, "Energy books", "Fluid states", "Prescribed speeds"): what constraints
// draw, the fluid volume books, the reactions of prescribed states.
#include "solver/state.h"
#include "solver/workspace.h"

namespace drivelab {

/// what the constraints of the current mode (gears, locked clutches, transformers) put into
/// each state over the interval, as a mean effort: G^T lambda
void drawnEfforts(const Model& m, const Workspace& w, double* drawn);
/// fluid books of an accepted interval: supply of the fixed states (and its work), stored
/// volume, the integrator's dissipation in compliant node volumes, the thermal-liquid volumes'
void fluidBooks(const Model& m, State& s, Workspace& w, double hSec, const double* drawn);
/// the reaction of every prescribed state (a speed source's node) over an accepted interval:
/// the impulse its balance lacks, into `supply`; its work at the stage speed is source work
void prescribedBooks(const Model& m, State& s, Workspace& w, double hSec, const double* drawn);

} // namespace drivelab
