#include "analysis/causality.h"

#include "analysis/causalityanalysis.h"
#include "analysis/networkmapper.h"
#include "compile/compiler.h"

namespace drivelab {

CausalityReport analyzeCausality(const LabSpec& spec)
{
    const BondGraph g = buildBondGraph(spec, initialClutchLocks(spec));
    return CausalityAnalysis(g).run();
}

CausalityReport analyzeCausality(const Model& model, std::uint64_t lockMask)
{
    // the normalized lab carries every port and parameter the mapping reads
    const LabSpec spec = normalizedSpec(model);
    std::vector<bool> locked;
    for (const ComponentSpec& c : spec.components) {
        if (c.type != "clutch") continue;
        const std::size_t i = locked.size();
        locked.push_back(i < 64 && ((lockMask >> i) & 1u) != 0);
    }
    const BondGraph g = buildBondGraph(spec, locked);
    return CausalityAnalysis(g).run();
}

std::uint64_t initialLockMask(const Model& model)
{
    std::uint64_t mask = 0;
    int i = 0;
    for (const auto& p : model.params.of<Clutch>()) {
        if (i < 64 && model.flagInit[static_cast<std::size_t>(p.flag)] != 0) mask |= 1ull << i;
        ++i;
    }
    return mask;
}

} // namespace drivelab
