// compile(spec): which limits a lab gets and whether its parts are flattened first; the flat
// lab then goes to the compiler proper (compiler.cpp, compileFlatLab).
#include <algorithm>
#include <atomic>

#include "compile/compiler.h"
#include "compile/compilerflat.h"
#include "compile/partflatten.h"
#include "spec/labreader.h"

namespace drivelab {

namespace {
std::atomic<std::uint64_t> g_compiles{0};
} // namespace

std::uint64_t compileCount() { return g_compiles.load(std::memory_order_relaxed); }

CompileResult compile(const LabSpec& spec, const CompileLimits& limits)
{
    g_compiles.fetch_add(1, std::memory_order_relaxed);
    if (!needsFlattening(spec)) {
        // a version-1 lab: LAB_FORMAT's limits (a lab with parts may hold more)
        CompileLimits v1 = limits;
        if (limits.labFormatLimits) {
            v1.maxNodes = std::min(limits.maxNodes, kLabFormatMaxNodes);
            v1.maxComponents = std::min(limits.maxComponents, kLabFormatMaxComponents);
            v1.maxStates = std::min(limits.maxStates, kLabFormatMaxStates);
        }
        return compileFlatLab(spec, v1, Json::array());
    }
    // parts, instances or "=expr" fields: the flat lab compiles (ids name the instance path)
    Diagnostics flatDiags;
    const FlatLab flat = flattenLab(spec, flatDiags);
    if (flatDiags.hasErrors()) return CompileResult{nullptr, std::move(flatDiags)};
    CompileResult r = compileFlatLab(flat.spec, limits, flat.record);
    flatDiags.append(r.diagnostics);
    r.diagnostics = std::move(flatDiags);
    return r;
}

LabSpec normalizedSpec(const Model& model)
{
    LabReadResult r = readLabJson(model.normalized);
    LabSpec s = r.lab ? *r.lab : LabSpec{};
    s.name = model.name;
    return s;
}

} // namespace drivelab
