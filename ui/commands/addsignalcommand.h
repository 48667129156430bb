#pragma once
#include "commands/labcommand.h"

namespace drivelab {

/// Insert a time signal at a position of the signals list (undo removes it).
class AddSignalCommand : public LabCommand {
public:
    AddSignalCommand(LabDocument* document, SignalSpec signal, std::size_t index, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    SignalSpec m_signal;
    std::size_t m_index;
};

} // namespace drivelab
