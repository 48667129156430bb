#include "commands/removeeventscommand.h"

#include <QCoreApplication>

namespace drivelab {

RemoveEventsCommand::RemoveEventsCommand(LabDocument* document, std::set<std::size_t> indices, QUndoCommand* parent)
    : LabCommand(document, QString(), parent)
{
    const auto& events = document->lab().events;
    for (std::size_t i : indices) {
        if (i < events.size()) m_removed.emplace_back(i, events[i]);
    }
    setText(QCoreApplication::translate("RemoveEventsCommand", "Remove %n events", nullptr, static_cast<int>(m_removed.size())));
}

void RemoveEventsCommand::redo()
{
    QStringList ids;
    for (auto it = m_removed.rbegin(); it != m_removed.rend(); ++it) {
        lab().events.erase(lab().events.begin() + static_cast<std::ptrdiff_t>(it->first));
        ids << qs(it->second.component);
    }
    changed(ChangeKind::Values, ids);
}

void RemoveEventsCommand::undo()
{
    QStringList ids;
    for (const auto& [i, e] : m_removed) {
        lab().events.insert(lab().events.begin() + static_cast<std::ptrdiff_t>(i), e);
        ids << qs(e.component);
    }
    changed(ChangeKind::Values, ids);
}

} // namespace drivelab
