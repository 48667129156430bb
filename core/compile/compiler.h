#pragma once
// compile(spec): validate a LabSpec completely and freeze it into an immutable Model.
// (compileresult.h declares compile() and CompileResult without the Model's definition.)
#include <memory>

#include "compile/compileresult.h"
#include "compile/model.h"
#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

/// the normalized lab (defaults filled, no layout, name or description) as a LabSpec
LabSpec normalizedSpec(const Model& model);

} // namespace drivelab
