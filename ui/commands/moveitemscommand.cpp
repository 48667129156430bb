#include "commands/moveitemscommand.h"

#include <QCoreApplication>

namespace drivelab {

MoveItemsCommand::MoveItemsCommand(LabDocument* document, Moves moves, int dragId, QUndoCommand* parent)
    : LabCommand(document, QString(), parent), m_moves(std::move(moves)), m_dragId(dragId)
{
    setText(m_moves.size() == 1
                ? QCoreApplication::translate("MoveItemsCommand", "Move %1").arg(qs(m_moves.begin()->first))
                : QCoreApplication::translate("MoveItemsCommand", "Move %n items", nullptr, static_cast<int>(m_moves.size())));
}

void MoveItemsCommand::apply(bool after)
{
    QStringList ids;
    for (const auto& [id, m] : m_moves) {
        writePlacement(lab(), id, after ? m.second : m.first);
        ids << qs(id);
    }
    changed(ChangeKind::Layout, ids);
}

void MoveItemsCommand::redo() { apply(true); }

void MoveItemsCommand::undo() { apply(false); }

bool MoveItemsCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const MoveItemsCommand*>(other);
    if (m_dragId < 0 || o->m_dragId != m_dragId || o->m_moves.size() != m_moves.size()) return false;
    for (const auto& [id, m] : o->m_moves) {
        auto it = m_moves.find(id);
        if (it == m_moves.end()) return false;
    }
    bool back = true;
    for (const auto& [id, m] : o->m_moves) {
        m_moves[id].second = m.second;
        back = back && m_moves[id].first == m.second;
    }
    // a drag that ends where it started leaves nothing to undo
    setObsolete(back);
    return true;
}

} // namespace drivelab
