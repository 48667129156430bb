#pragma once
#include "commands/labcommand.h"

namespace drivelab {

/// Change one event (time, component, input or value).
class EditEventCommand : public LabCommand {
public:
    EditEventCommand(LabDocument* document, std::size_t index, EventSpec event, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    std::size_t m_index;
    EventSpec m_old;
    EventSpec m_new;
};

} // namespace drivelab
