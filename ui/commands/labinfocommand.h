#pragma once
#include "commands/labcommand.h"

namespace drivelab {

/// Change the lab's name and description.
class LabInfoCommand : public LabCommand {
public:
    LabInfoCommand(LabDocument* document, std::string name, Json description, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    std::string m_oldName, m_newName;
    Json m_oldDescription, m_newDescription;
};

} // namespace drivelab
