#include "commands/renamesignalcommand.h"

#include <QCoreApplication>

#include "document/signaledit.h"

namespace drivelab {

RenameSignalCommand::RenameSignalCommand(LabDocument* document, std::string from, std::string to, QUndoCommand* parent)
    : LabCommand(document, QString(), parent), m_from(std::move(from)), m_to(std::move(to))
{
    setText(QCoreApplication::translate("RenameSignalCommand", "Rename signal %1 to %2").arg(qs(m_from), qs(m_to)));
}

void RenameSignalCommand::rename(const std::string& from, const std::string& to)
{
    if (!renameSignal(lab(), from, to)) return;
    // reported like an item's rename: inside an opened part, the lab's bindings and results naming
    // the signal's path through an instance follow it (canvas/partnavigator, document/partpaths)
    document()->notifyRenamed(qs(from), qs(to));
    // ids: the old one first, then the new one (the signals panel follows its selection)
    changed(ChangeKind::Structure, {qs(from), qs(to)});
}

void RenameSignalCommand::redo() { rename(m_from, m_to); }

void RenameSignalCommand::undo() { rename(m_to, m_from); }

} // namespace drivelab
