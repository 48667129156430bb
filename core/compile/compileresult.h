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

/// the limits LAB_FORMAT section 2 states for a version-1 lab (no parts, instances or "=expr"
/// fields: what a lab of that contract is): 32 nodes, 64 components, 64 states
constexpr int kLabFormatMaxNodes = 32;
constexpr int kLabFormatMaxComponents = 64;
constexpr int kLabFormatMaxStates = 64;

/// size limits a compile enforces (the defaults are the product's limits)
struct CompileLimits {
    int maxNodes = kMaxNodes;           ///< nodes, ground not counted
    int maxComponents = kMaxComponents; ///< components
    int maxStates = kMaxStates;         ///< node states plus component histories
    bool typeInstanceLimits = true;     ///< enforce per-type limits (8 converters)
    /// a version-1 lab keeps LAB_FORMAT's limits (kLabFormatMax*); a lab with parts, instances or
    /// "=expr" fields (version 2) holds up to the limits above (docs/FORMATS.md "Limits")
    bool labFormatLimits = true;
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
