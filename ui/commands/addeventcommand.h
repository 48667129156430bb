#pragma once
#include "commands/labcommand.h"

namespace drivelab {

/// Insert an event at a position of the events list.
class AddEventCommand : public LabCommand {
public:
    AddEventCommand(LabDocument* document, EventSpec event, std::size_t index, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    EventSpec m_event;
    std::size_t m_index;
};

} // namespace drivelab
