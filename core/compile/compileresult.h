#pragma once
// compile(spec) and what it returns, without the Model's definition: what a caller that
// only keeps a compile result or reads its diagnostics includes (the editor's document).
// compile/compiler.h adds model.h (and through it the component types).
#include <cstdint>
#include <memory>

#include "components/component.h"
#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

struct Model;

/// size limits a compile enforces (the defaults are the product's limits)
struct CompileLimits {
    int maxNodes = kMaxNodes;           ///< nodes, ground not counted
    int maxComponents = kMaxComponents; ///< components
    int maxStates = kMaxStates;         ///< node states plus component histories
    bool typeInstanceLimits = true;     ///< enforce per-type limits (8 converters)
};

/// result of a compile: a Model when the spec is valid, and every diagnostic found
struct CompileResult {
    std::shared_ptr<const Model> model; ///< null when any error was found
    Diagnostics diagnostics;            ///< errors and warnings
};

/// validate and compile a lab
CompileResult compile(const LabSpec& spec, const CompileLimits& limits = {});

/// how many times compile() has run in this process (for tests: an edit compiles once)
std::uint64_t compileCount();

} // namespace drivelab
