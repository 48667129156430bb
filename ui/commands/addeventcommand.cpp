#include "commands/addeventcommand.h"

#include <QCoreApplication>

#include <algorithm>

namespace drivelab {

AddEventCommand::AddEventCommand(LabDocument* document, EventSpec event, std::size_t index, QUndoCommand* parent)
    : LabCommand(document, QCoreApplication::translate("AddEventCommand", "Add event for %1").arg(qs(event.component)), parent),
      m_event(std::move(event)), m_index(std::min(index, document->lab().events.size()))
{ }

void AddEventCommand::redo()
{
    lab().events.insert(lab().events.begin() + static_cast<std::ptrdiff_t>(m_index), m_event);
    changed(ChangeKind::Values, {qs(m_event.component)});
}

void AddEventCommand::undo()
{
    lab().events.erase(lab().events.begin() + static_cast<std::ptrdiff_t>(m_index));
    changed(ChangeKind::Values, {qs(m_event.component)});
}

} // namespace drivelab
