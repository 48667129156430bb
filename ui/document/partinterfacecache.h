#pragma once
// The editor asks for a part's interface (its ports and parameters) for every instance on every
// change: the canvas's blocks, the routing, the layout, the forms. Reading and checking the part's
// definition each time cost 14 % of editing a lab of 200 components in 20 instances
// (docs/PERFORMANCE.md "Editor: editing a lab of 200 components"). This cache keeps each part's
// interface together with what it was made from: the lab's inline definition of the part as
// written, or the part file's whole text, which is read again on every look-up (a file edited on
// disk is checked again the next time it is asked for; a stale part is never served). Only the
// checking is saved. UI thread only.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "spec/labspec.h"

namespace drivelab {

struct PartInterface;

/// how a part's interface is made from a lab (the uncached look-up): the part `name` of `lab`,
/// or nullopt with `why`
using PartInterfaceMaker = std::function<std::optional<PartInterface>(const LabSpec& lab, const std::string& name, std::string& why)>;

/// the interface of part `name` as `lab` resolves it: the cached one when the definition it was
/// made from is unchanged, else made by `make` (and kept). A part file that cannot be read is
/// not cached (the look-up is made, and reports it, every time)
std::optional<PartInterface> cachedPartInterface(const LabSpec& lab, const std::string& name, std::string* why,
                                                 const PartInterfaceMaker& make);
/// how many times cachedPartInterface() had to make an interface since the process started (tests)
std::size_t partInterfaceMisses();

} // namespace drivelab
