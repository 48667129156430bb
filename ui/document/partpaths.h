#pragma once
// What in a lab names a path inside its instances (issue 36, docs/EDITOR.md "Opening an instance"):
// the events on `box/ring_brake`, an input bound to `{"controller": "box/driver"}` or to a signal
// `box/cycle`, the vehicle results' `vehicle` and `reference_speed.signal`. A rename inside a part
// changes the path of that item in every instance of the part; these functions find those instances
// and rewrite the references, and keep them as one value so an undo puts them back exactly.
#include <string>
#include <vector>

#include "spec/labspec.h"

namespace drivelab {

/// every path from the lab at which an instance places part `name` ("box", "engine/c1"), depth
/// first in file order; a part that does not resolve is not entered
std::vector<std::string> instancePathsOf(const LabSpec& lab, const std::string& name);

/// the lab's references to ids (which may be paths), as one value to keep and put back
struct PathReferences {
    std::vector<EventSpec> events; ///< the lab's events
    std::vector<Json> inputs;      ///< each of the lab's components' inputs (bindings name ids), in order
    Json results;                  ///< the lab's `results` section
};

/// the lab's references as they are now
PathReferences pathReferences(const LabSpec& lab);
/// put `refs` back (the lab's components are the ones they were taken from)
void putPathReferences(LabSpec& lab, const PathReferences& refs);
/// item `from` renamed to `to` inside the instances at `paths`: every reference `P/from` or
/// `P/from/...` becomes `P/to...`; true when one changed
bool renameInsideInstances(PathReferences& refs, const std::vector<std::string>& paths, const std::string& from, const std::string& to);

} // namespace drivelab
