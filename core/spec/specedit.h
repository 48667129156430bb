#pragma once
// Helpers for building and editing a LabSpec (the editor's and tests' toolkit):
// new items with the descriptor's editor defaults, fresh ids, renames that keep
// every reference, and removals that leave no dangling port or event.
#include <string>
#include <vector>

#include "spec/descriptor.h"
#include "spec/labspec.h"

namespace drivelab {

/// a fresh id "<base><n>" not used by any node or component
std::string uniqueId(const LabSpec& lab, const std::string& base);
/// a new node of a domain with the editor defaults of its fields
NodeSpec makeNode(const NodeDomainDescriptor& d, const std::string& id);
/// a new component with the editor defaults of its parameters (ports unbound)
ComponentSpec makeComponent(const ComponentDescriptor& d, const std::string& id);
/// the references to ids in a lab's events, its components' inputs (bindings {"controller": ID},
/// and with `asHead` {"signal": PATH}) and its results (vehicle; with `asHead` the reference
/// speed's signal) renamed: `from` becomes `to`, whole, or with `asHead` as the head of a path
/// `from/...` (an instance's, or an item's inside instances); true when one changed
bool renameReferences(std::vector<EventSpec>& events, const std::vector<Json*>& inputs, Json& results, const std::string& from,
                      const std::string& to, bool asHead);
/// rename a node, component or instance of a part, rewriting ports, events, inputs bound to a
/// controller (or, for an instance, to a signal inside it), the results' vehicle and reference
/// signal (an instance's as the head of the paths inside it: "box/ring_brake") and layout keys;
/// false if the new id is invalid or taken
bool renameItem(LabSpec& lab, const std::string& from, const std::string& to);
/// remove a node (unbinding every port that names it) or a component (with its events and layout)
bool removeItem(LabSpec& lab, const std::string& id);

} // namespace drivelab
