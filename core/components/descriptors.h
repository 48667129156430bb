#pragma once
// The component descriptors without the component types: what the editor, the reader and
// anything else that only describes components include. Including it does not pull in a
// component's header, so editing one component recompiles only the core and what runs it
// (components/registry.h holds the type list; registry.cpp implements these).
#include <span>
#include <string>
#include <string_view>

#include "spec/descriptor.h"

namespace drivelab {

/// all component descriptors, in registry order
std::span<const ComponentDescriptor* const> componentDescriptors();
/// descriptor of a type name, or nullptr
const ComponentDescriptor* findComponentDescriptor(std::string_view type);
/// registry index of a type name, or -1
int componentTypeIndex(std::string_view type);
/// comma-separated list of known type names (for messages)
std::string knownTypeList();
/// true if inputs of other components can be bound to this type's output (`{"controller": id}`:
/// a type with the outputSlot hook, a speed_controller, or the outputFor hook, a shift_schedule)
bool drivesInputs(std::string_view type);

} // namespace drivelab
