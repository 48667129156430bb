#pragma once
#include "commands/labcommand.h"

#include <string>
#include <utility>
#include <vector>

namespace drivelab {

/// Replace the lab's content with another (Group into subsystem, Ungroup: document/grouping.h);
/// undo puts the lab before back as it was, so the saved bytes are the same again. The file's
/// folder and reader (baseDir, fileReader) stay the document's. `renames`: items the new content
/// renamed (a part file's recovered edits), announced in order as renamed() on redo and reversed
/// on undo, as their RenameCommands would.
class ReplaceLabCommand : public LabCommand {
public:
    ReplaceLabCommand(LabDocument* document, LabSpec after, const QString& text, QStringList select,
                      std::vector<std::pair<std::string, std::string>> renames = {}, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    void put(const LabSpec& content);

    LabSpec m_before;
    LabSpec m_after;
    QStringList m_select;
    std::vector<std::pair<std::string, std::string>> m_renames;
};

} // namespace drivelab
