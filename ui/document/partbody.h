#pragma once
// A part's own network as the editor opens it (issue 36, docs/EDITOR.md "Opening an instance"):
// the part's nodes, components, signals and instances as a lab the canvas can show and edit,
// with one node per exposed port (the port markers: inside the part a port is a node name its
// components connect to) and the part's `layout`. Edits of that lab are written back into the
// part's definition with everything else of it (name, ports, parameters, descriptions) as it was.
#include <QString>

#include <optional>
#include <string>
#include <vector>

#include "compile/partdef.h"
#include "spec/labspec.h"

namespace drivelab {

/// a part opened for editing
struct PartBody {
    std::string part;            ///< part name
    LabSpec lab;                 ///< its network; the ports are nodes, listed first
    std::vector<PartPort> ports; ///< its exposed ports (the nodes not written back)
    bool inLab = true;           ///< defined in the lab's `parts` (false: a part file)
    std::string origin;          ///< "the lab's parts" or the part file's path
    Json written;                ///< the definition as written (the lab's entry, or the file's content)
};

/// index of the inline part `name` in the lab's `parts`, or nullopt
std::optional<std::size_t> inlinePartIndex(const LabSpec& lab, const std::string& name);
/// the part `name` as the lab resolves it, opened for editing, or nullopt with `why`; its
/// parts (for instances inside it) and folder are the lab's
std::optional<PartBody> openPartBody(const LabSpec& lab, const std::string& name, QString* why);
/// the part file `file` (NAME.part.json) opened for editing as if the lab named it, or nullopt with
/// `why`; the instances inside it resolve as in the lab
std::optional<PartBody> openPartFileBody(const LabSpec& lab, const std::string& file, QString* why);
/// the definition `def` with its network replaced by `body` (the port nodes left out, an empty list
/// dropped as Group writes a part)
Json writePartBody(const Json& def, const PartBody& opened, const LabSpec& body);

} // namespace drivelab
