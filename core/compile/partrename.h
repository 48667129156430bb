#pragma once
// Renaming a part parameter (issue 36, docs/FORMATS.md "Parts and instances"): the definition's
// entry, every use of the name in the part's "=expr" fields, and every instance's value of it,
// so the renamed lab flattens to the same network (only the fingerprint's parts record, which
// holds the names, changes).
#include <string>

#include "spec/labspec.h"

namespace drivelab {

/// `text` (an "=expr") with every name `from` replaced by `to` (names, not substrings: `cc`,
/// `c2` and the exponent of `1e5` are left alone)
std::string renameInExpression(const std::string& text, const std::string& from, const std::string& to);

/// rename parameter `from` of the part definition `def` (inline in a lab's `parts`, or a part
/// file's document) to `to`: its `parameters` entry and the name in every "=expr" string of its
/// nodes, components, signals and instances. False with `why` (nothing changed) when `from` is
/// not one of its parameters or `to` is not a parameter name or is already one.
bool renamePartParameter(Json& def, const std::string& from, const std::string& to, std::string& why);

/// rename the key `from` to `to` in the `parameters` of every instance of part `part` in `lab`:
/// the lab's own instances and those inside its inline parts (a part file's instances are the
/// file's: apply renameInstanceParameters' JSON form, below, to its document)
void renameInstanceParameters(LabSpec& lab, const std::string& part, const std::string& from, const std::string& to);
/// the same for the instances listed in a part definition's `instances`
void renameInstanceParameters(Json& def, const std::string& part, const std::string& from, const std::string& to);

/// both at once for an inline part of `lab` called `part`; false with `why` when there is none
/// or renamePartParameter refuses
bool renameInlinePartParameter(LabSpec& lab, const std::string& part, const std::string& from, const std::string& to,
                               std::string& why);

} // namespace drivelab
