#pragma once
// Exact removal and restoration of nodes, components and instances of parts. takeItems() removes
// a set of items together with everything that refers to them (port bindings of other components
// and instances, events, also those on an instance's inner components "ID/...", layout entries) and remembers where each piece sat; putItems() puts them all
// back at the same positions, so a delete followed by its undo restores the lab exactly,
// and an add or paste is a putItems() of a bundle built elsewhere.
#include <set>
#include <string>
#include <vector>

#include "spec/labspec.h"

namespace drivelab {

/// everything one removal took out of a lab, with its original positions
struct ItemBundle {
    struct Node {
        std::size_t index;
        NodeSpec spec;
    };
    struct Component {
        std::size_t index;
        ComponentSpec spec;
    };
    struct Binding {
        std::string component;
        std::size_t position;
        std::string port;
        std::string node;
    };
    struct Instance {
        std::size_t index;
        InstanceSpec spec;
    };
    /// an instance's port bound to a removed node: its key position in the instance's `ports`
    struct InstanceBinding {
        std::string instance;
        std::size_t position;
        std::string port;
        std::string node;
    };
    struct Event {
        std::size_t index;
        EventSpec spec;
    };
    struct LayoutEntry {
        std::size_t index;
        std::string key;
        Json value;
    };

    std::vector<Node> nodes;           ///< ascending index
    std::vector<Component> components; ///< ascending index
    std::vector<Binding> bindings;     ///< bindings of remaining components to removed nodes
    std::vector<Instance> instances;   ///< instances of parts, ascending index
    std::vector<InstanceBinding> instanceBindings; ///< bindings of remaining instances to removed nodes
    std::vector<Event> events;         ///< ascending index
    std::vector<LayoutEntry> layout;   ///< ascending index
    Json parts = Json::array();        ///< inline part definitions a paste brings along (appended to the lab's
                                       ///< `parts` by PasteCommand; takeItems() never fills it)

    /// ids of the nodes, components and instances in the bundle
    std::vector<std::string> ids() const;
    /// true when it holds nothing
    bool empty() const { return nodes.empty() && components.empty() && instances.empty(); }
};

/// remove the items with these ids (unknown ids are ignored); the bundle restores them
ItemBundle takeItems(LabSpec& lab, const std::set<std::string>& ids);
/// put a bundle back (the exact inverse of the takeItems() that produced it)
void putItems(LabSpec& lab, const ItemBundle& bundle);
/// a bundle that appends these items (and their events and layout) at the end of a lab
ItemBundle appendBundle(const LabSpec& lab, std::vector<NodeSpec> nodes, std::vector<ComponentSpec> components,
                        std::vector<EventSpec> events, const Json& layout, std::vector<InstanceSpec> instances = {});

/// bind (or with an empty node, unbind) a port, keeping the ports in descriptor order
void bindPort(ComponentSpec& c, const std::string& port, const std::string& node);

} // namespace drivelab
