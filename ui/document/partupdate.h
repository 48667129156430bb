#pragma once
// What saving a part file means for the open lab (issue 36, docs/EDITOR.md "Editing a part file").
// An instance names its part; the lab resolves the name to its inline part, else to NAME.part.json
// beside it, else to the part library. So the lab's instances of the saved part are either
//  - linked: the name resolves to the saved file; they use it as saved, nothing in the lab changes
//    but the references to items renamed inside the part (events, bindings, results);
//  - copied: the lab defines its own inline part of that name (a copy, which wins); updating them
//    replaces the copy with the saved definition (and renames the references as above);
//  - neither: the name resolves to another file (a part file beside the lab shadows the library's);
//    the lab is left alone.
// The update is the lab after all of that, applied as one undo step (ReplaceLabCommand).
#include <string>
#include <utility>
#include <vector>

#include "spec/labspec.h"

namespace drivelab {

/// the open lab's instances of a saved part file, and the lab updated to it
struct PartUpdate {
    std::vector<std::string> linked; ///< paths of instances that use the file itself
    std::vector<std::string> copied; ///< paths of instances that use the lab's inline copy
    bool copyDiffers = false;        ///< the inline copy is not the saved definition
    std::string otherFile;           ///< the file the lab uses instead ("" when it uses this file or a copy)
    LabSpec after;                   ///< the lab updated: the copy replaced, renamed references followed
    bool changes = false;            ///< `after` differs from the lab
};

/// the lab's instances of part `name` saved as `saved` into `file`, with the items renamed inside
/// it since the last save (`renames`, in order)
PartUpdate planPartUpdate(const LabSpec& lab, const std::string& name, const std::string& file, const Json& saved,
                          const std::vector<std::pair<std::string, std::string>>& renames);

} // namespace drivelab
