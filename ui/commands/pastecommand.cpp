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
    putItems(lab(), m_bundle);
    changed(ChangeKind::Structure, pastedIds());
}

void PasteCommand::undo()
{
    const auto ids = m_bundle.ids();
    takeItems(lab(), std::set<std::string>(ids.begin(), ids.end()));
    changed(ChangeKind::Structure, pastedIds());
}

} // namespace drivelab
