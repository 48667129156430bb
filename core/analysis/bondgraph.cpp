#include "analysis/bondgraph.h"

namespace drivelab {

const char* bgKindName(BgKind k)
{
    switch (k) {
    case BgKind::Se: return "Se";
    case BgKind::Sf: return "Sf";
    case BgKind::C: return "C";
    case BgKind::I: return "I";
    case BgKind::R: return "R";
    case BgKind::TF: return "TF";
    case BgKind::GY: return "GY";
    case BgKind::Zero: return "0";
    case BgKind::One: return "1";
    }
    return "?";
}

int BondGraph::addElement(BgKind kind, const std::string& id, const std::string& owner, const std::string& note, bool rigid)
{
    // generated ids ("j0_line") may meet a user id of the same spelling: keep every id unique
    std::string unique = id;
    for (int n = 2; find(unique) >= 0; ++n) unique = id + "_" + std::to_string(n);
    BgElement e;
    e.id = unique;
    e.kind = kind;
    e.owner = owner;
    e.note = note;
    e.rigid = rigid;
    m_elements.push_back(std::move(e));
    return static_cast<int>(m_elements.size()) - 1;
}

int BondGraph::addBond(int from, int to)
{
    m_bonds.push_back(BgBond{from, to});
    const int b = static_cast<int>(m_bonds.size()) - 1;
    for (int e : {from, to}) {
        m_elements[static_cast<std::size_t>(e)].bonds.push_back(b);
        m_elements[static_cast<std::size_t>(e)].fix.push_back(BgPortFix::Free);
    }
    return b;
}

void BondGraph::fixPort(int element, int bond, BgPortFix fix)
{
    const int p = portOf(element, bond);
    if (p >= 0) m_elements[static_cast<std::size_t>(element)].fix[static_cast<std::size_t>(p)] = fix;
}

int BondGraph::find(const std::string& id) const
{
    for (std::size_t i = 0; i < m_elements.size(); ++i) {
        if (m_elements[i].id == id) return static_cast<int>(i);
    }
    return -1;
}

int BondGraph::portOf(int element, int bond) const
{
    const auto& bs = m_elements[static_cast<std::size_t>(element)].bonds;
    for (std::size_t p = 0; p < bs.size(); ++p) {
        if (bs[p] == bond) return static_cast<int>(p);
    }
    return -1;
}

} // namespace drivelab
