#pragma once
#include "commands/labcommand.h"

namespace drivelab {

/// Remove a time signal (undo puts it back where it was). Inputs bound to it are not
/// touched: the signals panel unbinds them first (or refuses).
class RemoveSignalCommand : public LabCommand {
public:
    RemoveSignalCommand(LabDocument* document, const std::string& id, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    SignalSpec m_signal;
    std::size_t m_index = 0;
};

} // namespace drivelab
