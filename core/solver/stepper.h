#pragma once
// One tick of the fixed-tick solver: events at the boundary, the tick split at
// source steps, each piece integrated with stick/slip resolution (breakaway,
// capture at the exact slip zero, reversal), heat and work booked per accepted
// interval, means taken over the tick.
#include "solver/state.h"
#include "solver/workspace.h"

namespace drivelab {

/// most accepted or rejected internal intervals in one tick
constexpr int kMaxIntervalsPerTick = 64;

/// make the workspace's projection basis match the state's constraint mode
void ensureBasis(const Model& m, const State& s, Workspace& w);

/// Put a fresh state in its consistent starting point: pressure sources applied, junction
/// pressures solved, stage weights of compliant states set, initial energies booked.
void prepareInitialState(const Model& m, State& s, Workspace& w);

/// apply input-driven states (pressure sources) after inputs changed at a boundary
void applyInputs(const Model& m, State& s, Workspace& w);
/// set the input-held states in x (a pressure source's pressure) from the inputs in `real`; true
/// when one changed (the caller then updates the dependent states of its basis)
bool holdInputStates(const Model& m, double* x, const double* real);
/// the inputs signals (and controllers) drive, over the interval [tStartNs, tStartNs + h]: each
/// bound input takes its signal's exact mean over it, or its value at the end (solver/inputs.cpp)
void applyBindings(const Model& m, State& s, Workspace& w, double hSec, double tStartNs);
/// controllers sample the state at the tick start: their bound inputs first take their means over
/// the whole tick; the outputs they set hold over the tick
bool sampleControllers(const Model& m, State& s, Workspace& w, double tickStartNs, SolverError& err);
/// thermal masses over an accepted interval of hSec: implicit midpoint on the rises with the
/// interval's heat input, conductors and heat sources (solver/thermalstep.cpp)
void thermalStep(const Model& m, State& s, Workspace& w, double hSec);

/// set the stage weight of every compliant state from the last Jacobian and compliance
void updateStageWeights(const Model& m, State& s, const Workspace& w, double hSec);

/// Advance one tick. On failure returns false with `err` filled; the state is then
/// partly advanced and must be rolled back by the caller.
bool stepTick(const Model& m, State& s, Workspace& w, SolverError& err);

} // namespace drivelab
