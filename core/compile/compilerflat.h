#pragma once
// The compiler proper, for compile() (compileentry.cpp): a lab with no parts, instances or "=expr"
// fields left, under the limits compile() chose. Not for other callers: they call compile().
#include "compile/compileresult.h"

namespace drivelab {

/// validate and freeze a flat lab; `parts`: the part definitions its fingerprint covers
CompileResult compileFlatLab(const LabSpec& flat, const CompileLimits& limits, const Json& parts);

} // namespace drivelab
