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
    // the normalized lab carries every port and parameter the mapping reads, but it writes a
    // hydraulic node's absent fields as 0 (a pure junction and a reservoir at 0 Pa look alike):
    // the node's role comes from the compiled state instead
    LabSpec spec = normalizedSpec(model);
    for (const NodeInfo& n : model.nodes) {
        if (n.domain != Domain::Hydraulic || n.index < 0) continue;
        NodeSpec* ns = spec.findNode(n.id);
        if (!ns) continue;
        const std::size_t k = static_cast<std::size_t>(n.index);
        bool heldBySource = false; // a pressure source fixes a pure junction; the node itself stays pure
        for (const ComponentSpec& c : spec.components) {
            const std::string* p = c.port("node_a");
            heldBySource = heldBySource || (c.type == "pressure_source" && p && *p == n.id);
        }
        Json fields = Json::object();
        if (model.stateKind[k] == StateKind::Fixed && !heldBySource) fields["fixed_pressure"] = model.x0[k];
        else if (model.mass[k] > 0.0) fields["volume"] = model.mass[k];
        ns->fields = std::move(fields);
    }
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
