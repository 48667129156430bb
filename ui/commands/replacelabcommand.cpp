#include "commands/replacelabcommand.h"

namespace drivelab {

ReplaceLabCommand::ReplaceLabCommand(LabDocument* document, LabSpec after, const QString& text, QStringList select,
                                     std::vector<std::pair<std::string, std::string>> renames, QUndoCommand* parent)
    : LabCommand(document, text, parent), m_before(document->lab()), m_after(std::move(after)), m_select(std::move(select)),
      m_renames(std::move(renames))
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
    for (const auto& [from, to] : m_renames) document()->notifyRenamed(qs(from), qs(to));
    changed(ChangeKind::Structure, m_select);
}

void ReplaceLabCommand::undo()
{
    put(m_before);
    for (auto it = m_renames.rbegin(); it != m_renames.rend(); ++it) document()->notifyRenamed(qs(it->second), qs(it->first));
    changed(ChangeKind::Structure, m_select);
}

} // namespace drivelab
