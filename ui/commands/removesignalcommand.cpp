#include "commands/removesignalcommand.h"

#include <QCoreApplication>

#include <algorithm>

namespace drivelab {

RemoveSignalCommand::RemoveSignalCommand(LabDocument* document, const std::string& id, QUndoCommand* parent)
    : LabCommand(document, QCoreApplication::translate("RemoveSignalCommand", "Delete signal %1").arg(qs(id)), parent)
{
    const auto& list = document->lab().timeSignals;
    const auto it = std::find_if(list.begin(), list.end(), [&](const SignalSpec& s) {
        return s.id == id;
    });
    if (it == list.end()) {
        setObsolete(true);
        m_signal.id = id;
        return;
    }
    m_signal = *it;
    m_index = static_cast<std::size_t>(it - list.begin());
}

void RemoveSignalCommand::redo()
{
    auto& list = lab().timeSignals;
    if (m_index < list.size() && list[m_index].id == m_signal.id) list.erase(list.begin() + static_cast<std::ptrdiff_t>(m_index));
    changed(ChangeKind::Structure, {qs(m_signal.id)});
}

void RemoveSignalCommand::undo()
{
    auto& list = lab().timeSignals;
    list.insert(list.begin() + static_cast<std::ptrdiff_t>(std::min(m_index, list.size())), m_signal);
    changed(ChangeKind::Structure, {qs(m_signal.id)});
}

} // namespace drivelab
