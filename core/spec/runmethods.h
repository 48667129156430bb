#pragma once
// The values of `run.method` (docs/FORMATS.md): one list the lab reader, the lab writer and the
// editor's Method box all read, so a method the core accepts is offered everywhere.
#include <vector>

#include "spec/labspec.h"

namespace drivelab {

/// one value of `run.method` the core accepts: what the file writes, how the editor names it and
/// what the reader's refusal says of it
struct RunMethodInfo {
    RunMethod method;    ///< the value (never Absent)
    const char* name;    ///< as written in the file: "midpoint", "gauss2", "radau3"
    const char* label;   ///< one line for a chooser ("Radau IIA, 2 stages (order 3, L-stable)")
    const char* summary; ///< in the reader's message ("the 2-stage Radau IIA method")
};
/// every method the core accepts, the default (the midpoint) first; the reader, the writer and the
/// editor's Method box all go through this list
const std::vector<RunMethodInfo>& runMethods();
/// the entry of `m` (Absent: the midpoint's)
const RunMethodInfo& runMethodInfo(RunMethod m);

} // namespace drivelab
