#pragma once
#include "commands/labcommand.h"

namespace drivelab {

/// Change the run settings (tick, duration, report interval).
class RunSettingsCommand : public LabCommand {
public:
    RunSettingsCommand(LabDocument* document, RunSpec run, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    RunSpec m_old;
    RunSpec m_new;
};

} // namespace drivelab
