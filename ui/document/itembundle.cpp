#include "document/itembundle.h"

#include <algorithm>

#include "components/descriptors.h"
#include "document/placement.h"

namespace drivelab {

std::vector<std::string> ItemBundle::ids() const
{
    std::vector<std::string> out;
    for (const auto& n : nodes) out.push_back(n.spec.id);
    for (const auto& c : components) out.push_back(c.spec.id);
    for (const auto& i : instances) out.push_back(i.spec.id);
    return out;
}

ItemBundle takeItems(LabSpec& lab, const std::set<std::string>& ids)
{
    ItemBundle b;
    // record every piece with its position in the lab as it is now
    for (std::size_t i = 0; i < lab.nodes.size(); ++i) {
        if (ids.count(lab.nodes[i].id)) b.nodes.push_back({i, lab.nodes[i]});
    }
    std::set<std::string> removedNodes;
    for (const auto& n : b.nodes) removedNodes.insert(n.spec.id);
    std::set<std::string> removedComps;
    for (std::size_t i = 0; i < lab.components.size(); ++i) {
        const ComponentSpec& c = lab.components[i];
        if (ids.count(c.id)) {
            b.components.push_back({i, c});
            removedComps.insert(c.id);
            continue;
        }
        for (std::size_t p = 0; p < c.ports.size(); ++p) {
            if (removedNodes.count(c.ports[p].second)) b.bindings.push_back({c.id, p, c.ports[p].first, c.ports[p].second});
        }
    }
    std::set<std::string> removedInstances;
    for (std::size_t i = 0; i < lab.instances.size(); ++i) {
        const InstanceSpec& inst = lab.instances[i];
        if (ids.count(inst.id)) {
            b.instances.push_back({i, inst});
            removedInstances.insert(inst.id);
            continue;
        }
        if (!inst.ports.is_object()) continue;
        std::size_t position = 0;
        for (auto it = inst.ports.begin(); it != inst.ports.end(); ++it, ++position) {
            if (it.value().is_string() && removedNodes.count(it.value().get<std::string>()))
                b.instanceBindings.push_back({inst.id, position, it.key(), it.value().get<std::string>()});
        }
    }
    // an event on a component inside a removed instance names it by its path ("box/brake")
    const auto insideRemoved = [&](const std::string& component) {
        const auto slash = component.find('/');
        return slash != std::string::npos && removedInstances.count(component.substr(0, slash)) > 0;
    };
    for (std::size_t i = 0; i < lab.events.size(); ++i) {
        if (removedComps.count(lab.events[i].component) || insideRemoved(lab.events[i].component)) b.events.push_back({i, lab.events[i]});
    }
    if (lab.layout.is_object()) {
        std::size_t i = 0;
        for (auto it = lab.layout.begin(); it != lab.layout.end(); ++it, ++i) {
            if (removedNodes.count(it.key()) || removedComps.count(it.key()) || removedInstances.count(it.key()))
                b.layout.push_back({i, it.key(), it.value()});
        }
    }
    // then remove, back to front so the recorded positions stay meaningful
    for (auto it = b.layout.rbegin(); it != b.layout.rend(); ++it) lab.layout.erase(it->key);
    for (auto it = b.events.rbegin(); it != b.events.rend(); ++it)
        lab.events.erase(lab.events.begin() + static_cast<std::ptrdiff_t>(it->index));
    for (auto it = b.bindings.rbegin(); it != b.bindings.rend(); ++it) {
        ComponentSpec* c = lab.findComponent(it->component);
        c->ports.erase(c->ports.begin() + static_cast<std::ptrdiff_t>(it->position));
    }
    for (auto it = b.instanceBindings.rbegin(); it != b.instanceBindings.rend(); ++it) lab.findInstance(it->instance)->ports.erase(it->port);
    for (auto it = b.instances.rbegin(); it != b.instances.rend(); ++it)
        lab.instances.erase(lab.instances.begin() + static_cast<std::ptrdiff_t>(it->index));
    for (auto it = b.components.rbegin(); it != b.components.rend(); ++it)
        lab.components.erase(lab.components.begin() + static_cast<std::ptrdiff_t>(it->index));
    for (auto it = b.nodes.rbegin(); it != b.nodes.rend(); ++it)
        lab.nodes.erase(lab.nodes.begin() + static_cast<std::ptrdiff_t>(it->index));
    return b;
}

void putItems(LabSpec& lab, const ItemBundle& b)
{
    // front to back: each insert lands where it was before the removal
    for (const auto& n : b.nodes)
        lab.nodes.insert(lab.nodes.begin() + static_cast<std::ptrdiff_t>(std::min(n.index, lab.nodes.size())), n.spec);
    for (const auto& c : b.components)
        lab.components.insert(lab.components.begin() + static_cast<std::ptrdiff_t>(std::min(c.index, lab.components.size())), c.spec);
    for (const auto& bind : b.bindings) {
        ComponentSpec* c = lab.findComponent(bind.component);
        if (!c) continue;
        const std::size_t at = std::min(bind.position, c->ports.size());
        c->ports.insert(c->ports.begin() + static_cast<std::ptrdiff_t>(at), {bind.port, bind.node});
    }
    for (const auto& i : b.instances)
        lab.instances.insert(lab.instances.begin() + static_cast<std::ptrdiff_t>(std::min(i.index, lab.instances.size())), i.spec);
    for (const auto& bind : b.instanceBindings) {
        InstanceSpec* inst = lab.findInstance(bind.instance);
        if (inst) insertKeyAt(inst->ports, bind.position, bind.port, bind.node);
    }
    for (const auto& e : b.events)
        lab.events.insert(lab.events.begin() + static_cast<std::ptrdiff_t>(std::min(e.index, lab.events.size())), e.spec);
    for (const auto& l : b.layout) insertKeyAt(lab.layout, l.index, l.key, l.value);
}

ItemBundle appendBundle(const LabSpec& lab, std::vector<NodeSpec> nodes, std::vector<ComponentSpec> components,
                        std::vector<EventSpec> events, const Json& layout, std::vector<InstanceSpec> instances)
{
    ItemBundle b;
    std::size_t at = lab.nodes.size();
    for (auto& n : nodes) b.nodes.push_back({at++, std::move(n)});
    at = lab.components.size();
    for (auto& c : components) b.components.push_back({at++, std::move(c)});
    at = lab.instances.size();
    for (auto& i : instances) b.instances.push_back({at++, std::move(i)});
    at = lab.events.size();
    for (auto& e : events) b.events.push_back({at++, std::move(e)});
    at = lab.layout.is_object() ? lab.layout.size() : 0;
    if (layout.is_object()) {
        for (auto it = layout.begin(); it != layout.end(); ++it) {
            if (lab.layout.is_object() && lab.layout.contains(it.key())) continue;
            b.layout.push_back({at++, it.key(), it.value()});
        }
    }
    return b;
}

void bindPort(ComponentSpec& c, const std::string& port, const std::string& node)
{
    const ComponentDescriptor* d = findComponentDescriptor(c.type);
    auto it = std::find_if(c.ports.begin(), c.ports.end(), [&](const auto& p) {
        return p.first == port;
    });
    if (it != c.ports.end()) {
        if (node.empty())
            c.ports.erase(it);
        else
            it->second = node;
        return;
    }
    if (node.empty()) return;
    if (!d) {
        c.ports.emplace_back(port, node);
        return;
    }
    // insert before the first bound port that comes later in the descriptor
    std::size_t rank = 0;
    for (; rank < d->ports.size(); ++rank) {
        if (port == d->ports[rank].name) break;
    }
    const auto rankOf = [&](const std::string& name) {
        for (std::size_t i = 0; i < d->ports.size(); ++i) {
            if (name == d->ports[i].name) return i;
        }
        return d->ports.size();
    };
    auto pos = c.ports.begin();
    while (pos != c.ports.end() && rankOf(pos->first) < rank) ++pos;
    c.ports.insert(pos, {port, node});
}

} // namespace drivelab
