#pragma once
// compile(spec): validate a LabSpec completely and freeze it into an immutable Model.
#include <memory>

#include "compile/model.h"
#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

/// size limits a compile enforces (the defaults are the product's limits)
struct CompileLimits {
    int maxNodes = kMaxNodes;            ///< nodes, ground not counted
    int maxComponents = kMaxComponents;  ///< components
    int maxStates = kMaxStates;          ///< node states plus component histories
    bool typeInstanceLimits = true;      ///< enforce per-type limits (8 converters)
};

/// result of a compile: a Model when the spec is valid, and every diagnostic found
struct CompileResult {
    std::shared_ptr<const Model> model; ///< null when any error was found
    Diagnostics diagnostics;            ///< errors and warnings
};

/// validate and compile a lab
CompileResult compile(const LabSpec& spec, const CompileLimits& limits = {});

/// the normalized lab (defaults filled, no layout, name or description) as a LabSpec
LabSpec normalizedSpec(const Model& model);

} // namespace drivelab
