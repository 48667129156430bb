#include "analysis/causality.h"

#include "analysis/causalityanalysis.h"
#include "analysis/networkmapper.h"
#include "compile/compiler.h"
#include "compile/partflatten.h"

namespace drivelab {

CausalityReport analyzeCausality(const LabSpec& spec)
{
    // the compiler's initial lock state whenever the lab compiles; otherwise each switching
    // type's own rule on what the file says
    const CompileResult r = compile(spec);
    // a lab with parts is analysed flat: every element named by its instance path (gearbox/brake)
    Diagnostics flatDiags;
    const LabSpec flat = needsFlattening(spec) ? flattenLab(spec, flatDiags).spec : LabSpec{};
    const LabSpec& net = needsFlattening(spec) ? flat : spec;
    const BondGraph g = buildBondGraph(net, r.model ? std::optional<std::uint64_t>(initialLockMask(*r.model)) : std::nullopt);
    return CausalityAnalysis(g).run();
}

CausalityReport analyzeCausality(const Model& model, std::uint64_t lockMask)
{
    // the lab as compiled (not a round trip through the normalized lab, which cannot tell a
    // reservoir at 0 Pa from a pure junction)
    static const LabSpec kEmpty;
    const BondGraph g = buildBondGraph(model.source ? *model.source : kEmpty, lockMask);
    return CausalityAnalysis(g).run();
}

} // namespace drivelab
