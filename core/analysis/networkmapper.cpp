#include "analysis/networkmapper.h"

#include "analysis/bondgraphreading.h"
#include "analysis/causality.h"
#include "components/registry.h"
#include "compile/compiler.h"
#include "spec/specedit.h"

namespace drivelab {
namespace {

// the type's bond-graph hook, by registry index
using ReadingHook = void (*)(BondGraphReading&);

ReadingHook readingHook(int typeIndex)
{
    ReadingHook hook = nullptr;
    forEachComponentType([&]<class T, std::size_t I>() {
        if (static_cast<int>(I) == typeIndex) hook = &T::bondGraph;
    });
    return hook;
}

// whether a type switches between a rigid constraint and an effort (a clutch)
bool switches(int typeIndex)
{
    bool lockable = false;
    forEachComponentType([&]<class T, std::size_t I>() {
        if constexpr (HasLockState<T>) lockable = lockable || static_cast<int>(I) == typeIndex;
    });
    return lockable;
}

} // namespace

BondGraph buildBondGraph(const LabSpec& spec, std::optional<std::uint64_t> lockMask)
{
    BondGraph g;
    BondGraphReading reading(g, spec);
    for (const NodeSpec& n : spec.nodes) reading.mapNode(n);
    int lockable = 0; // switching components in file order: bit k of the lock mask
    for (const ComponentSpec& c : spec.components) {
        const int type = componentTypeIndex(c.type);
        if (type < 0) {
            g.notes.push_back("component '" + c.id + "' has the type '" + c.type + "', which has no bond-graph mapping");
            g.unmapped.push_back(c.id);
            continue;
        }
        std::optional<bool> locked;
        if (switches(type)) {
            if (lockMask) locked = lockable < 64 && ((*lockMask >> lockable) & 1u) != 0;
            ++lockable;
        }
        reading.begin(c, findComponentDescriptor(c.type), locked);
        readingHook(type)(reading);
        reading.heatPort();
    }
    return g;
}

std::uint64_t initialLockMask(const Model& model)
{
    std::uint64_t mask = 0;
    int i = 0;
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (HasLockState<T>) {
            for (const auto& p : model.params->of<T>()) {
                if (i < 64 && T::locked(p, model.flagInit.data())) mask |= 1ull << i;
                ++i;
            }
        }
    });
    return mask;
}

namespace {

// a lab holding one component of a type, each of its required ports on a fresh node of the
// port's domain, its parameters as the editor makes them (specedit's makeComponent)
LabSpec prototype(const ComponentDescriptor& d)
{
    LabSpec spec;
    ComponentSpec c = makeComponent(d, "it"); // what the editor inserts
    for (const PortDescriptor& p : d.ports) {
        if (p.optional) continue;
        NodeSpec n;
        n.id = std::string("n_") + p.name;
        n.domain = domainName(p.domain);
        if (p.domain == Domain::Hydraulic) n.fields["volume"] = 1e-3;
        spec.nodes.push_back(n);
        c.ports.emplace_back(p.name, n.id);
    }
    spec.components.push_back(c);
    return spec;
}

std::string describeGraph(const BondGraph& g)
{
    if (g.components.empty()) return {};
    const BgComponentEntry& e = g.components.front();
    return e.kind + ": " + e.note;
}

} // namespace

std::string bondGraphSummary(const ComponentDescriptor& d)
{
    const int type = componentTypeIndex(d.type);
    if (type < 0) return {};
    const LabSpec spec = prototype(d);
    if (!switches(type)) return describeGraph(buildBondGraph(spec, std::nullopt));
    return describeGraph(buildBondGraph(spec, 0u)) + "; locked, " + describeGraph(buildBondGraph(spec, 1u));
}

} // namespace drivelab
