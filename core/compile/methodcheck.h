#pragma once
// What the run's integration method (lab `run.method`) can integrate: the two-stage collocation
// methods (2-stage Gauss-Legendre and Radau IIA, one stage solve) support the component types whose
// eval and commit depend only on the stage values the solver gives them (docs/PHYSICS.md,
// "Gauss-Legendre (run.method gauss2)", "Radau IIA (run.method radau3)"); the rest is refused.
#include "compile/model.h"
#include "spec/diagnostic.h"

namespace drivelab {

/// true when gauss2 and radau3 integrate components of this type (its JSON name)
bool gauss2Supports(const char* type);

/// with run.method gauss2 or radau3: one error per component, node or oil volume it does not support,
/// each naming the subject and `run.method`; nothing for the midpoint
void checkMethodSupport(const Model& m, Diagnostics& d);

} // namespace drivelab
