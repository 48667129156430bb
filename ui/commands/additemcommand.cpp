#include "commands/additemcommand.h"

#include <QCoreApplication>

namespace drivelab {

AddItemCommand::AddItemCommand(LabDocument* document, ItemBundle bundle, QUndoCommand* parent)
    : LabCommand(document, QString(), parent), m_bundle(std::move(bundle))
{
    setText(QCoreApplication::translate("AddItemCommand", "Add %1").arg(itemId()));
}

QString AddItemCommand::itemId() const
{
    const auto ids = m_bundle.ids();
    return ids.empty() ? QString() : qs(ids.front());
}

void AddItemCommand::redo()
{
    putItems(lab(), m_bundle);
    changed(ChangeKind::Structure, qsList(m_bundle.ids()));
}

void AddItemCommand::undo()
{
    const auto ids = m_bundle.ids();
    takeItems(lab(), std::set<std::string>(ids.begin(), ids.end()));
    changed(ChangeKind::Structure, qsList(ids));
}

} // namespace drivelab
