#include "commands/addsignalcommand.h"

#include <QCoreApplication>

#include <algorithm>

namespace drivelab {

AddSignalCommand::AddSignalCommand(LabDocument* document, SignalSpec signal, std::size_t index, QUndoCommand* parent)
    : LabCommand(document, QCoreApplication::translate("AddSignalCommand", "Add signal %1").arg(qs(signal.id)), parent),
      m_signal(std::move(signal)), m_index(std::min(index, document->lab().timeSignals.size()))
{ }

void AddSignalCommand::redo()
{
    auto& list = lab().timeSignals;
    list.insert(list.begin() + static_cast<std::ptrdiff_t>(std::min(m_index, list.size())), m_signal);
    changed(ChangeKind::Structure, {qs(m_signal.id)});
}

void AddSignalCommand::undo()
{
    auto& list = lab().timeSignals;
    if (m_index < list.size() && list[m_index].id == m_signal.id) list.erase(list.begin() + static_cast<std::ptrdiff_t>(m_index));
    changed(ChangeKind::Structure, {qs(m_signal.id)});
}

} // namespace drivelab
