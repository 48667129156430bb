#include "analysis/causalityanalysis.h"

#include <algorithm>

namespace drivelab {
namespace {

bool isJunction(const BgElement& e) { return e.kind == BgKind::Zero || e.kind == BgKind::One; }

void addUnique(std::vector<std::string>& list, const std::string& s)
{
    if (!s.empty() && std::find(list.begin(), list.end(), s) == list.end()) list.push_back(s);
}

// the remedies the conflicts name (docs/CAUSALITY.md); never a hidden leakage
constexpr const char* kMergeVolumes = "connect one through a line resistance where the physics has one, or merge the volumes";
constexpr const char* kSourceOnCompliance =
    "connect the source through a line resistance where the physics has one, or remove the compliance";

} // namespace

const char* effortWord(Domain d)
{
    switch (d) {
    case Domain::Rotational: return "torque";
    case Domain::Translational: return "force";
    case Domain::Hydraulic: return "pressure";
    case Domain::Thermal: return "temperature";
    }
    return "effort";
}

const char* flowWord(Domain d)
{
    switch (d) {
    case Domain::Rotational: return "speed";
    case Domain::Translational: return "velocity";
    case Domain::Hydraulic: return "flow";
    case Domain::Thermal: return "heat flow";
    }
    return "flow";
}

CausalityAnalysis::CausalityAnalysis(const BondGraph& g) : m_g(g), m_a(assignCausality(g)), m_root(g.elements().size())
{
    for (std::size_t i = 0; i < m_root.size(); ++i) m_root[i] = static_cast<int>(i);
}

CausalityReport CausalityAnalysis::run()
{
    unionRigid();
    classifyStorage();
    classifyContradictions();
    for (const std::string& id : m_g.unmapped)
        m_r.conflicts.push_back(CausalityConflict{{id},
                                                  "",
                                                  "",
                                                  "component '" + id +
                                                      "' has a type without a bond-graph mapping in "
                                                      "this build; the analysis cannot place it"});
    listBonds();
    listElements();
    listGroups();
    listLoops();
    for (const BgSignal& s : m_g.signalLinks) m_r.signalLinks.push_back(CausalitySignal{s.from, s.to, s.port});
    m_r.lockedClutches = m_g.lockedClutches;
    m_r.notes = m_g.notes;
    m_r.consistent = m_r.conflicts.empty();
    return std::move(m_r);
}

int CausalityAnalysis::find(int e)
{
    while (m_root[static_cast<std::size_t>(e)] != e) {
        const int up = m_root[static_cast<std::size_t>(m_root[static_cast<std::size_t>(e)])];
        m_root[static_cast<std::size_t>(e)] = up;
        e = up;
    }
    return e;
}

bool CausalityAnalysis::isGround(int e) const { return el(e).owner == kGroundId; }

// rigid components join the mechanical node junctions they touch; never through ground,
// which would merge unrelated held shafts
void CausalityAnalysis::unionRigid()
{
    for (int e = 0; e < static_cast<int>(m_g.elements().size()); ++e) {
        const BgElement& x = el(e);
        if (!x.rigid || isGround(e) || x.nodeJunction || x.kind == BgKind::I) continue;
        for (int b : x.bonds) {
            const int o = m_g.other(b, e);
            if (el(o).rigid && isJunction(el(o)) && !isGround(o)) m_root[static_cast<std::size_t>(find(o))] = find(e);
        }
    }
}

bool CausalityAnalysis::rigidChain(const CausalChain& c) const
{
    for (const auto* list : {&c.origins, &c.through}) {
        for (int e : *list) {
            if (!el(e).rigid) return false;
        }
    }
    return true;
}

std::string CausalityAnalysis::labels(const std::vector<int>& es) const
{
    std::string s;
    for (std::size_t i = 0; i < es.size(); ++i) s += std::string(i == 0 ? "" : i + 1 == es.size() ? " and " : ", ") + el(es[i]).label;
    return s.empty() ? "nothing" : s;
}

// the components a chain passes through from its origins (not node junctions, not origins)
std::vector<int> CausalityAnalysis::carriers(const CausalChain& c, int junction) const
{
    std::vector<int> out;
    for (auto it = c.through.rbegin(); it != c.through.rend(); ++it) {
        if (*it == junction || el(*it).nodeJunction) continue;
        bool seen = false;
        for (int o : c.origins) seen = seen || el(o).owner == el(*it).owner;
        for (int o : out) seen = seen || el(o).owner == el(*it).owner;
        if (!seen) out.push_back(*it);
    }
    return out;
}

std::string CausalityAnalysis::through(const CausalChain& chain, int junction) const
{
    std::vector<int> via = carriers(chain, junction);
    for (auto it = chain.through.rbegin(); it != chain.through.rend(); ++it) {
        if (*it != junction && el(*it).pureJunction && !hasStorage(*it)) via.push_back(*it);
    }
    return via.empty() ? "" : " through " + labels(via);
}

// the node junction nearest to the end of a chain (where a flow or pressure was imposed)
int CausalityAnalysis::nodeJunctionOn(const CausalChain& c) const
{
    for (int e : c.through) {
        if (el(e).nodeJunction) return e;
    }
    return -1;
}

// a pure hydraulic junction on the chain: the place where a volume would decouple it
int CausalityAnalysis::pureJunctionOn(const CausalChain& c) const
{
    for (auto it = c.through.rbegin(); it != c.through.rend(); ++it) {
        if (el(*it).pureJunction && !hasStorage(*it)) return *it;
    }
    return -1;
}

bool CausalityAnalysis::hasStorage(int junction) const
{
    for (int b : el(junction).bonds) {
        const BgKind k = el(m_g.other(b, junction)).kind;
        if (k == BgKind::C || k == BgKind::Se) return true;
    }
    return false;
}

std::vector<int> CausalityAnalysis::ofKind(const std::vector<int>& es, BgKind k) const
{
    std::vector<int> out;
    for (int e : es) {
        if (el(e).kind == k && !isGround(e)) out.push_back(e);
    }
    return out;
}

void CausalityAnalysis::conflict(int junction, const CausalChain& chain, const std::vector<int>& last, const std::string& message)
{
    CausalityConflict c;
    // the origins, then what carried the conflict to the junction, then the element it ends at
    for (int e : chain.origins) addUnique(c.elements, el(e).owner);
    for (auto it = chain.through.rbegin(); it != chain.through.rend(); ++it) {
        if (*it != junction) addUnique(c.elements, el(*it).owner);
    }
    for (int e : last) addUnique(c.elements, el(e).owner);
    if (junction >= 0) {
        c.junction = el(junction).owner;
        c.junctionElement = el(junction).id;
    }
    c.message = message;
    m_r.conflicts.push_back(std::move(c));
}

// the mechanical flow sources (ground, speed sources) among an element and a chain's origins
std::vector<int> CausalityAnalysis::flowSetters(int e, const CausalChain& c) const
{
    std::vector<int> out;
    const auto consider = [&](int k) {
        const BgElement& x = el(k);
        if (x.kind != BgKind::Sf || !x.rigid || !(x.domain == Domain::Rotational || x.domain == Domain::Translational)) return;
        if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
    };
    for (int o : c.origins) consider(o);
    consider(e);
    return out;
}

// storage left in derivative causality: a dependent inertia of a rigid group, or a conflict
void CausalityAnalysis::classifyStorage()
{
    // a fixed port set the other way (a pump driven backwards) is reported there, with its
    // reason; the storage it leaves in derivative causality is not reported again
    for (const CausalityContradiction& c : m_a.contradictions) {
        if (c.kind == CausalityContradiction::Kind::Opposite && !isJunction(el(c.element))) m_reversed.push_back(c.element);
    }
    for (int e = 0; e < static_cast<int>(m_g.elements().size()); ++e) {
        const BgElement& s = el(e);
        if ((s.kind != BgKind::C && s.kind != BgKind::I) || s.bonds.empty() || integralCausality(m_g, m_a, e)) continue;
        const int b = s.bonds.front();
        if (!m_a.assigned(b)) continue;
        const CausalChain chain = traceCausality(m_a, {b});
        if (s.kind == BgKind::I && rigidChain(chain)) continue; // dependent: listed with its constrained group
        bool explained = false;
        for (int r : m_reversed) explained = explained || std::find(chain.through.begin(), chain.through.end(), r) != chain.through.end();
        if (explained) continue;
        const int j = m_g.other(b, e);
        const Domain d = el(j).domain;
        // forced straight through its own junction by elements sitting on that junction?
        bool direct = d == Domain::Hydraulic && chain.through.size() == 1 && chain.through.front() == j;
        for (int o : chain.origins) {
            bool adjacent = false;
            for (int ob : el(o).bonds) adjacent = adjacent || m_g.other(ob, o) == j;
            direct = direct && adjacent;
        }
        const std::vector<int> sources = ofKind(chain.origins, BgKind::Se), storages = ofKind(chain.origins, BgKind::C);
        const std::string where = el(j).label;
        const std::string imposed = "the " + std::string(s.kind == BgKind::C ? effortWord(d) : flowWord(d)) + " of " + where +
                                    " is imposed by " + labels(chain.origins) + through(chain, j) + ", so " + s.label +
                                    " is left in derivative causality";
        std::string msg;
        if (s.kind == BgKind::C && direct && !sources.empty()) {
            msg = labels(sources) + " holds the " + effortWord(d) + " of " + where + ", which has its own compliance (" + s.label +
                  "): an ideal pressure source on a compliant node leaves the compliance in derivative causality (it would take an "
                  "impulsive flow); " +
                  kSourceOnCompliance;
        } else if (s.kind == BgKind::C && direct && !storages.empty()) {
            msg = labels(storages) + " and " + s.label + " both set the " + effortWord(d) + " of " + where +
                  ": two ideal pressure-setting storages on one 0-junction are not independent (" + s.label +
                  " is left in derivative causality); " + kMergeVolumes;
        } else if (s.kind == BgKind::C && d != Domain::Hydraulic) {
            msg = imposed + "; only one storage may set it: connect one through a resistance where the physics has one, or merge them";
        } else if (s.kind == BgKind::C) {
            msg = imposed + "; " +
                  (sources.empty() ? std::string("two pressure-setting storages are tied rigidly: ") + kMergeVolumes
                                   : std::string("an ideal pressure source is tied rigidly to a compliance: ") + kSourceOnCompliance);
        } else {
            const int pure = pureJunctionOn(chain);
            const bool flowSource = !ofKind(chain.origins, BgKind::Sf).empty();
            msg = imposed + " (a storage element in derivative causality); " +
                  (pure >= 0 ? "pure junction '" + el(pure).owner +
                                   "' passes the flow rigidly: give it its oil volume (volume and "
                                   "bulk_modulus) where the physics has one" +
                                   std::string(flowSource ? ", or change the flow source" : "")
                             : std::string("remove one of the constraints, or put the compliance the physics has on the path"));
        }
        conflict(j, chain, {e}, msg);
    }
}

// junction, transformer and fixed-port rules that failed
void CausalityAnalysis::classifyContradictions()
{
    using Kind = CausalityContradiction::Kind;
    for (const CausalityContradiction& c : m_a.contradictions) {
        const BgElement& x = el(c.element);
        const CausalChain chain = traceCausality(m_a, c.bonds);
        // two speed setters (speed sources, ground) meeting through rigid elements are never a
        // repeated constraint: the speeds they impose are independent
        const std::vector<int> speedSetters = flowSetters(c.element, chain);
        if (x.rigid && rigidChain(chain) && speedSetters.size() < 2) {
            // a rigid constraint repeated by others: consistent, the solver drops the dependent rows
            m_redundant.push_back(c.element);
            m_redundant.insert(m_redundant.end(), chain.through.begin(), chain.through.end());
            m_repeatedAt.push_back(c.element);
            continue;
        }
        const bool junction = isJunction(x);
        // where: the junction itself, or for a source or a transformer the node whose flow or
        // pressure was imposed on it
        int j = junction ? c.element : nodeJunctionOn(chain);
        if (j < 0 && !c.bonds.empty()) j = m_g.other(c.bonds.back(), c.element);
        const Domain d = j >= 0 ? el(j).domain : x.domain;
        const std::string where = j >= 0 ? el(j).label : x.label;
        const std::vector<int>& origins = chain.origins;
        std::string msg;
        if (speedSetters.size() >= 2) {
            msg = labels(speedSetters) + (speedSetters.size() == 2 ? " both" : " all") + " impose the " + flowWord(d) + " of " + where +
                  through(chain, j) +
                  ": a rigidly connected set of shafts or bodies takes its speed from one source only; remove one of the speed "
                  "sources, or put the compliance the physics has (a spring, a slipping clutch) between them";
        } else if (c.kind == Kind::TooMany && x.kind == BgKind::Zero) {
            const bool allSources = origins.size() > 1 && ofKind(origins, BgKind::Se).size() == origins.size();
            msg = allSources
                      ? labels(origins) + " all hold the " + effortWord(d) + " of " + where +
                            ": two ideal sources on one junction conflict; remove one, or connect one through a line resistance "
                            "where the physics has one"
                      : "the " + std::string(effortWord(d)) + " of " + where + " is set twice (by " + labels(origins) +
                            "); only one element may set it: connect one of them through a line resistance where the physics has one";
        } else if (c.kind == Kind::TooMany) {
            msg = "the " + std::string(flowWord(d)) + " of " + where + " is imposed twice (by " + labels(origins) +
                  "); remove one of the constraints, or put the compliance the physics has on the path";
        } else if (c.kind == Kind::None && x.bonds.empty()) {
            msg = where + " is connected to nothing: its " + effortWord(d) + " is undetermined; connect it or remove it";
        } else if (c.kind == Kind::None && x.kind == BgKind::Zero) {
            const std::vector<int> flows = ofKind(origins, BgKind::Sf);
            msg = flows.empty()
                      ? "nothing sets the " + std::string(effortWord(d)) + " of " + where + ": every " + flowWord(d) +
                            " at it is imposed (by " + labels(origins) +
                            "); give it its oil volume (volume and bulk_modulus) or a path where the physics has one"
                      : labels(flows) + " pushes into " + where + ", which has nowhere to take the flow: every " + flowWord(d) +
                            " at it is imposed (by " + labels(origins) + ") and nothing sets its " + effortWord(d) +
                            "; connect it to where the oil goes (a volume, an accumulator, a line to a reservoir) where the physics "
                            "has one, or remove the source";
        } else if (c.kind == Kind::None) {
            msg = "nothing sets the " + std::string(flowWord(d)) + " of " + where + ": every " + effortWord(d) + " at it is imposed (by " +
                  labels(origins) + ")";
        } else if (x.kind == BgKind::TF && std::find(x.fix.begin(), x.fix.end(), BgPortFix::EffortOut) != x.fix.end()) {
            msg = x.label + " would be driven backwards: the flow at " + where + " is imposed (by " + labels(origins) +
                  "), so its delivery would have to set its shaft speed; with a delivery table a pump is not a freely reversible "
                  "flow source (at cut-off and on a flat part of the table its delivery does not follow the flow); give the "
                  "delivery line its oil volume or a relief path where the physics has one";
        } else if (x.kind == BgKind::Se) {
            msg = labels(origins) + " and " + x.label + " both impose the " + effortWord(d) + " of " + where +
                  ": two ideal sources on one junction conflict; remove one, or connect one through a line resistance where the "
                  "physics has one";
        } else if (x.kind == BgKind::Sf) {
            msg = labels(origins) + " and " + x.label + " both impose the " + flowWord(d) + " through " + where +
                  ", so nothing is left to set its " + effortWord(d) +
                  "; connect it to where the oil goes (a volume, an "
                  "accumulator, a line to a reservoir) where the physics has "
                  "one, or remove one source";
        } else if (x.kind == BgKind::TF) {
            msg = x.label + " is driven from both sides: the " + std::string(effortWord(d)) + " at both its ports is imposed (by " +
                  labels(origins) + "); connect one side through a line resistance where the physics has one";
        } else {
            msg = x.label + " needs the " + std::string(flowWord(d)) + " at its ports, but it is imposed otherwise (by " + labels(origins) +
                  ")";
        }
        conflict(j, chain, junction ? std::vector<int>{} : std::vector<int>{c.element}, msg);
        if (m_r.conflicts.back().elements.empty() && j >= 0) m_r.conflicts.back().elements.push_back(el(j).owner);
    }
}

} // namespace drivelab
