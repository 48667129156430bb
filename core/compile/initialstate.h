#pragma once
// The state at t = 0 of a compiled model: which clutches start locked (and the sign of the
// slip of those that do not), every rigid constraint checked against the initial values
// (an inconsistent set is an error naming the component and suggesting a consistent speed),
// and the initial values projected onto the constraints.
#include <vector>

#include "compile/model.h"
#include "spec/diagnostic.h"

namespace drivelab {

/// fill the clutch flags of model.flagInit and project model.x0; rowComponent maps a
/// constraint row slot to its component index; errors go to d
void solveInitialConditions(Model& model, const std::vector<int>& rowComponent, Diagnostics& d);

} // namespace drivelab
