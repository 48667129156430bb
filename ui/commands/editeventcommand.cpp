#include "commands/editeventcommand.h"

#include <QCoreApplication>

namespace drivelab {

EditEventCommand::EditEventCommand(LabDocument* document, std::size_t index, EventSpec event, QUndoCommand* parent)
    : LabCommand(document, QCoreApplication::translate("EditEventCommand", "Edit event %1").arg(index + 1), parent), m_index(index),
      m_old(document->lab().events.at(index)), m_new(std::move(event))
{ }

void EditEventCommand::redo()
{
    lab().events.at(m_index) = m_new;
    changed(ChangeKind::Values, {qs(m_old.component), qs(m_new.component)});
}

void EditEventCommand::undo()
{
    lab().events.at(m_index) = m_old;
    changed(ChangeKind::Values, {qs(m_old.component), qs(m_new.component)});
}

} // namespace drivelab
