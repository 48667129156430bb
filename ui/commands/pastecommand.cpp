#include "commands/pastecommand.h"

#include <QCoreApplication>

namespace drivelab {

PasteCommand::PasteCommand(LabDocument* document, ItemBundle bundle, QUndoCommand* parent)
    : LabCommand(document, QString(), parent), m_bundle(std::move(bundle))
{
    setText(QCoreApplication::translate("PasteCommand", "Paste %n items", nullptr, static_cast<int>(m_bundle.ids().size())));
}

void PasteCommand::redo()
{
    // the parts the pasted instances bring, then the items
    for (const Json& part : m_bundle.parts) lab().parts.push_back(part);
    putItems(lab(), m_bundle);
    changed(ChangeKind::Structure, pastedIds());
}

void PasteCommand::undo()
{
    const auto ids = m_bundle.ids();
    takeItems(lab(), std::set<std::string>(ids.begin(), ids.end()));
    for (std::size_t k = 0; k < m_bundle.parts.size() && !lab().parts.empty(); ++k) lab().parts.erase(lab().parts.size() - 1);
    changed(ChangeKind::Structure, pastedIds());
}

} // namespace drivelab
