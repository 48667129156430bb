#include "commands/deleteitemscommand.h"

#include <QCoreApplication>

namespace drivelab {

DeleteItemsCommand::DeleteItemsCommand(LabDocument* document, std::set<std::string> ids, QUndoCommand* parent)
    : LabCommand(document, QString(), parent), m_ids(std::move(ids))
{
    setText(m_ids.size() == 1
                ? QCoreApplication::translate("DeleteItemsCommand", "Delete %1").arg(qs(*m_ids.begin()))
                : QCoreApplication::translate("DeleteItemsCommand", "Delete %n items", nullptr, static_cast<int>(m_ids.size())));
}

void DeleteItemsCommand::redo()
{
    m_bundle = takeItems(lab(), m_ids);
    changed(ChangeKind::Structure, qsList(m_ids));
}

void DeleteItemsCommand::undo()
{
    putItems(lab(), m_bundle);
    changed(ChangeKind::Structure, qsList(m_ids));
}

} // namespace drivelab
