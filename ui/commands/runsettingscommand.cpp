#include "commands/runsettingscommand.h"

#include <QCoreApplication>

namespace drivelab {

RunSettingsCommand::RunSettingsCommand(LabDocument* document, RunSpec run, QUndoCommand* parent)
    : LabCommand(document, QCoreApplication::translate("RunSettingsCommand", "Change run settings"), parent), m_old(document->lab().run),
      m_new(run)
{ }

void RunSettingsCommand::redo()
{
    lab().run = m_new;
    changed(ChangeKind::Values);
}

void RunSettingsCommand::undo()
{
    lab().run = m_old;
    changed(ChangeKind::Values);
}

} // namespace drivelab
