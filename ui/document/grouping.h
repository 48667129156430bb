#pragma once
// Group into subsystem and Ungroup (issue 36, docs/EDITOR.md "Labs with parts"), as pure
// functions of the lab (the commands replace the whole lab, so undo gives back its bytes).
//
// Group: the selected components and instances, and the selected nodes nothing outside them
// uses, become an inline part `subsystemN` placed by an instance of the same id. Every other node
// they bind (a crossing wire) becomes a port of the part named after that node, with its domain,
// and the instance connects it to that node: inside the part the ids and bindings stay as they
// were. Events on grouped components follow them (`subsystem1/clutch`); their layout entries go
// into the part's `layout`, the instance stands at their centre.
// Ungroup: the inverse for an instance of an inline part without parameters: its items come back
// under their own ids with the ports bound to the instance's nodes, the events and layout follow,
// and the part goes when no other instance uses it.
#include <QString>

#include <optional>
#include <set>
#include <string>

#include "spec/labspec.h"

namespace drivelab {

/// the lab with `ids` grouped into a new part and instance (`instanceId` names it), or nullopt with `why`
std::optional<LabSpec> groupItems(const LabSpec& lab, const std::set<std::string>& ids, std::string* instanceId, QString* why);
/// the lab with instance `id` ungrouped, or nullopt with `why`
std::optional<LabSpec> ungroupInstance(const LabSpec& lab, const std::string& id, QString* why);

} // namespace drivelab
