#pragma once
// Instances of parts on the canvas (issue 36, docs/EDITOR.md "Labs with parts"): an instance is
// drawn and wired like a component whose ports are the part's exposed ports. This file gives
// the canvas, the connection tool, the layout and the commands that view of an instance: a
// ComponentSpec with the pseudo type "part:NAME" and its port bindings in the part's port
// order, and a descriptor for that pseudo type (ports with their domains; no parameters, no
// observables). The lab itself keeps the instance exactly as written (InstanceSpec).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compile/partdef.h"
#include "spec/descriptor.h"
#include "spec/labspec.h"

namespace drivelab {

/// the prefix of an instance's pseudo type on the canvas ("part:two_speed_planetary")
inline constexpr std::string_view kPartTypePrefix = "part:";

/// what the editor needs of a part: its ports and parameters (resolved like the compiler does:
/// the lab's inline parts, else NAME.part.json beside the lab, else the part library)
struct PartInterface {
    std::string name;                      ///< part name
    std::vector<PartPort> ports;           ///< exposed ports in definition order
    std::vector<PartParameter> parameters; ///< parameters in definition order
    std::vector<std::string> descriptions; ///< each parameter's description ("" when none)
    std::string origin;                    ///< "the lab's parts" or the part file's path
};

/// the part `name` as the lab resolves it, or nullopt with `why`; the descriptions of a part file's
/// parameters are read from the file only with `fileDescriptions` (the property form)
std::optional<PartInterface> partInterface(const LabSpec& lab, const std::string& name, std::string* why = nullptr,
                                           bool fileDescriptions = false);
/// the pseudo descriptor of a part (type "part:NAME", stable address; a part whose ports change
/// gets another); built from the instance's own bindings when the part does not resolve
const ComponentDescriptor& partDescriptor(const LabSpec& lab, const InstanceSpec& instance);
/// the descriptor of a canvas block type: a component type, or a part's pseudo type seen before
const ComponentDescriptor* blockDescriptor(std::string_view type);
/// true for a part's pseudo type
bool isPartType(std::string_view type);
/// an instance seen as a component: its id, the part's pseudo type, its bindings in port order
ComponentSpec instanceBlock(const LabSpec& lab, const InstanceSpec& instance);
/// the component or the instance `id` seen as a component, or nullopt
std::optional<ComponentSpec> findBlock(const LabSpec& lab, const std::string& id);
/// the lab's blocks in file order: its components, then its instances
std::vector<ComponentSpec> canvasBlocks(const LabSpec& lab);
/// the lab with its instances appended to its components (what layout and routing place)
LabSpec withInstanceBlocks(const LabSpec& lab);
/// bind (or with an empty node, unbind) a port of a component or of an instance; false when
/// `id` is neither
bool bindBlockPort(LabSpec& lab, const std::string& id, const std::string& port, const std::string& node);

} // namespace drivelab
