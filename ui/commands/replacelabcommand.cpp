#include "commands/replacelabcommand.h"

namespace drivelab {

ReplaceLabCommand::ReplaceLabCommand(LabDocument* document, LabSpec after, const QString& text, QStringList select, QUndoCommand* parent)
    : LabCommand(document, text, parent), m_before(document->lab()), m_after(std::move(after)), m_select(std::move(select))
{
}

void ReplaceLabCommand::put(const LabSpec& content)
{
    LabSpec& lab = this->lab();
    const std::string baseDir = lab.baseDir;
    LabFileReader reader = lab.fileReader;
    lab = content;
    lab.baseDir = baseDir;
    lab.fileReader = std::move(reader);
}

void ReplaceLabCommand::redo()
{
    put(m_after);
    changed(ChangeKind::Structure, m_select);
}

void ReplaceLabCommand::undo()
{
    put(m_before);
    changed(ChangeKind::Structure, m_select);
}

} // namespace drivelab
