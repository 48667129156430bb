#pragma once
// New items as the palette creates them: descriptor defaults, a fresh short id and a
// placement, packed as a bundle the add command puts into the lab.
#include <string>

#include "document/itembundle.h"
#include "document/placement.h"
#include "spec/descriptor.h"

namespace drivelab {

/// id stem for a new node of a domain ("shaft", "heat", ...)
std::string nodeIdBase(Domain d);
/// id stem for a new component of a type ("tc", "clutch", ...)
std::string componentIdBase(const std::string& type);
/// a bundle adding a new node of a domain
ItemBundle newNodeBundle(const LabSpec& lab, const NodeDomainDescriptor& d, const Placement& where);
/// a bundle adding a new component of a type
ItemBundle newComponentBundle(const LabSpec& lab, const ComponentDescriptor& d, const Placement& where);

} // namespace drivelab
