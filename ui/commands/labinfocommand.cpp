#include "commands/labinfocommand.h"

#include <QCoreApplication>

namespace drivelab {

LabInfoCommand::LabInfoCommand(LabDocument* document, std::string name, Json description, QUndoCommand* parent)
    : LabCommand(document, QCoreApplication::translate("LabInfoCommand", "Change lab name or description"), parent),
      m_oldName(document->lab().name), m_newName(std::move(name)), m_oldDescription(document->lab().description),
      m_newDescription(std::move(description))
{ }

void LabInfoCommand::redo()
{
    lab().name = m_newName;
    lab().description = m_newDescription;
    changed(ChangeKind::Values);
}

void LabInfoCommand::undo()
{
    lab().name = m_oldName;
    lab().description = m_oldDescription;
    changed(ChangeKind::Values);
}

} // namespace drivelab
