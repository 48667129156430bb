#pragma once
#include "commands/labcommand.h"

namespace drivelab {

/// Rename a time signal; every input bound to it and the results' reference speed follow, and the
/// document reports the rename (LabDocument::renamed) as for an item, so that inside an opened part
/// the lab's references to the signal's paths follow too. Check RenameCommand::whyNot() first (the
/// id rules and the shared id space are the same as for nodes and components).
class RenameSignalCommand : public LabCommand {
public:
    RenameSignalCommand(LabDocument* document, std::string from, std::string to, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    void rename(const std::string& from, const std::string& to);

    std::string m_from;
    std::string m_to;
};

} // namespace drivelab
