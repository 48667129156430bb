#pragma once
// The books of an accepted interval that the tick's commit keeps for the states themselves
// (docs/PHYSICS.md, "Energy books", "Fluid states", "Prescribed speeds"): what constraints
// draw, the fluid volume books, the reactions of prescribed states.
#include "solver/gauss2.h"
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
/// the same for a gauss2 or radau3 interval, per stage: the impulse b_i h (M k_i - f_i - drawn_i)
/// into g.supply[i] (the speed source's means), its work at the stage speed X_i source work; the
/// node's line makes sum_i b_i h M k_i X_i = M (x1^2 - x0^2) / 2 (docs/PHYSICS.md, "Prescribed speeds")
void prescribedStageBooks(const Model& m, State& s, Gauss2Work& g, double hSec, const double (*drawn)[kMaxDyn]);
/// the rate of every state a prescribed line moves, directly or through PF (a dependent of a speed
/// source): dxFixed / the last solved interval's length for the prescribed states, PF of those for
/// their dependents, 0 elsewhere (the torque a clutch carries at an instant, gauss2.cpp)
void prescribedRates(const Model& m, const Workspace& w, double* af);

} // namespace drivelab
