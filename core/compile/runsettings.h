#pragma once
// The run settings of a lab checked and compiled into the Model (tick, ticks, report interval).
#include "compile/model.h"
#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

/// check `run` (tick 1 ns..1000 s, a whole number of ticks, at most 10^10 ticks and 1000001
/// boundaries) and fill the model's run settings; errors under "-" with `run.*` fields
void compileRunSettings(const RunSpec& r, Model& m, Diagnostics& d);

} // namespace drivelab
