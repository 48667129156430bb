#pragma once
#include "commands/labcommand.h"

namespace drivelab {

/// Rename a node, component or instance of a part; ports, events (those inside an instance too)
/// and the layout follow.
/// Check canRename() first: an invalid or taken id is refused.
class RenameCommand : public LabCommand {
public:
    RenameCommand(LabDocument* document, std::string from, std::string to, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    /// "" when the rename is allowed, else why not
    static QString whyNot(const LabSpec& lab, const std::string& from, const std::string& to);

private:
    void rename(const std::string& from, const std::string& to);

    std::string m_from;
    std::string m_to;
};

} // namespace drivelab
