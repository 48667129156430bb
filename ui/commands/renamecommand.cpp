#include "commands/renamecommand.h"

#include <QCoreApplication>

#include "document/placement.h"
#include "spec/specedit.h"

namespace drivelab {

RenameCommand::RenameCommand(LabDocument* document, std::string from, std::string to, QUndoCommand* parent)
    : LabCommand(document, QString(), parent), m_from(std::move(from)), m_to(std::move(to))
{
    setText(QCoreApplication::translate("RenameCommand", "Rename %1 to %2").arg(qs(m_from), qs(m_to)));
}

QString RenameCommand::whyNot(const LabSpec& lab, const std::string& from, const std::string& to)
{
    if (from == to) return QString();
    if (!isValidId(to)) return QCoreApplication::translate("RenameCommand", "An id starts with a letter, then letters, digits, _ or -.");
    if (to == kGroundId) return QCoreApplication::translate("RenameCommand", "'ground' is reserved for the fixed reference.");
    if (lab.idTaken(to)) return QCoreApplication::translate("RenameCommand", "'%1' is already used.").arg(qs(to));
    return QString();
}

void RenameCommand::rename(const std::string& from, const std::string& to)
{
    // keep the layout entry where it is, then let the core rewrite every reference
    renameKeyInPlace(lab().layout, from, to);
    if (!renameItem(lab(), from, to)) return;
    document()->notifyRenamed(qs(from), qs(to));
    changed(ChangeKind::Structure, {qs(from), qs(to)});
}

void RenameCommand::redo() { rename(m_from, m_to); }

void RenameCommand::undo() { rename(m_to, m_from); }

} // namespace drivelab
