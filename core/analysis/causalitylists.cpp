// The lists of the causality report: bonds with their strokes, elements with their
// causality, constrained groups, algebraic loops.
#include <algorithm>

#include "analysis/algebraicloops.h"
#include "analysis/causalityanalysis.h"

namespace drivelab {

void CausalityAnalysis::listBonds()
{
    for (int b = 0; b < static_cast<int>(m_g.bonds().size()); ++b) {
        const BgBond& bond = m_g.bond(b);
        CausalityBond out{el(bond.from).id, el(bond.to).id, "", ""};
        const int e = m_a.effortFrom[static_cast<std::size_t>(b)];
        if (e >= 0) {
            out.effortFrom = el(e).id;
            out.strokeAt = el(m_g.other(b, e)).id; // the stroke sits where the effort is received
        }
        m_r.bonds.push_back(std::move(out));
    }
}

std::string CausalityAnalysis::causalityOf(int e) const
{
    const BgElement& x = el(e);
    const bool repeated = std::find(m_repeatedAt.begin(), m_repeatedAt.end(), e) != m_repeatedAt.end();
    if (m_a.bad[static_cast<std::size_t>(e)] && !repeated) return "conflict";
    for (int b : x.bonds) {
        if (!m_a.assigned(b)) return "unassigned";
    }
    switch (x.kind) {
    case BgKind::Se:
    case BgKind::Sf: return "fixed";
    case BgKind::C:
    case BgKind::I: return integralCausality(m_g, m_a, e) ? "integral" : "derivative";
    case BgKind::R: {
        // resistance: flow in, effort out; conductance: effort in, flow out
        int out = 0;
        for (int b : x.bonds) out += m_a.effortIn(m_g, b, e) ? 0 : 1;
        if (out == static_cast<int>(x.bonds.size())) return "resistance";
        return out == 0 ? "conductance" : "mixed";
    }
    case BgKind::TF:
    case BgKind::GY:
        if (x.bonds.size() != 2) return "unassigned";
        return m_a.effortIn(m_g, x.bonds[0], e) ? "effort a->b" : "effort b->a";
    case BgKind::Zero:
    case BgKind::One:
        for (int b : x.bonds) {
            const bool setter = x.kind == BgKind::Zero ? m_a.effortIn(m_g, b, e) : !m_a.effortIn(m_g, b, e);
            if (setter)
                return std::string(x.kind == BgKind::Zero ? "effort from " : "flow from ") + el(m_g.other(b, e)).id +
                       (repeated ? " (repeated constraint)" : "");
        }
        return "unassigned";
    }
    return "unassigned";
}

void CausalityAnalysis::listElements()
{
    // a composite component is listed (with what it expands to) just before its first element
    std::vector<int> compositeAt(m_g.elements().size(), -1);
    for (std::size_t c = 0; c < m_g.components.size(); ++c) {
        const BgComponentEntry& entry = m_g.components[c];
        if (entry.elements.size() > 1) compositeAt[static_cast<std::size_t>(entry.elements.front())] = static_cast<int>(c);
    }
    for (int e = 0; e < static_cast<int>(m_g.elements().size()); ++e) {
        if (compositeAt[static_cast<std::size_t>(e)] >= 0) {
            const BgComponentEntry& entry = m_g.components[static_cast<std::size_t>(compositeAt[static_cast<std::size_t>(e)])];
            CausalityElement c{entry.id, entry.kind, "composite", entry.id, entry.note, {}};
            for (int part : entry.elements) c.expandsTo.push_back(el(part).id);
            m_r.elements.push_back(std::move(c));
        }
        const BgElement& x = el(e);
        m_r.elements.push_back(CausalityElement{x.id, bgKindName(x.kind), causalityOf(e), x.owner, x.note, {}});
    }
}

void CausalityAnalysis::listGroups()
{
    // a group per root that holds at least one rigid component; ordered by first member
    std::vector<int> roots;
    std::vector<ConstrainedGroup> groups;
    for (int e = 0; e < static_cast<int>(m_g.elements().size()); ++e) {
        const BgElement& x = el(e);
        if (!x.rigid || isGround(e) || x.kind == BgKind::I) continue;
        const int root = find(e);
        auto it = std::find(roots.begin(), roots.end(), root);
        if (it == roots.end()) {
            roots.push_back(root);
            groups.emplace_back();
            it = roots.end() - 1;
        }
        ConstrainedGroup& g = groups[static_cast<std::size_t>(it - roots.begin())];
        if (x.nodeJunction) {
            g.nodes.push_back(x.owner);
            for (int b : x.bonds) {
                const int o = m_g.other(b, e);
                if (el(o).kind == BgKind::I && integralCausality(m_g, m_a, o)) ++g.independent;
            }
        } else if (std::find(g.components.begin(), g.components.end(), x.owner) == g.components.end()) {
            g.components.push_back(x.owner);
        }
        for (int b : x.bonds) g.held = g.held || isGround(m_g.other(b, e));
    }
    for (int e : m_redundant) {
        if (isGround(e)) continue;
        const auto it = std::find(roots.begin(), roots.end(), find(e));
        if (it != roots.end()) groups[static_cast<std::size_t>(it - roots.begin())].redundant = true;
    }
    for (ConstrainedGroup& g : groups) {
        if (!g.components.empty()) m_r.groups.push_back(std::move(g));
    }
}

void CausalityAnalysis::listLoops()
{
    for (const AlgebraicLoopFinding& f : findAlgebraicLoops(m_g, m_a)) {
        AlgebraicLoop loop;
        for (int r : f.resistors) {
            if (std::find(loop.members.begin(), loop.members.end(), el(r).owner) == loop.members.end()) loop.members.push_back(el(r).owner);
        }
        // the path through nodes and components, each named once, back to the start
        for (int e : f.path) {
            if (std::find(loop.path.begin(), loop.path.end(), el(e).owner) == loop.path.end()) loop.path.push_back(el(e).owner);
        }
        if (!loop.path.empty()) loop.path.push_back(loop.path.front());
        m_r.loops.push_back(std::move(loop));
    }
}

} // namespace drivelab
