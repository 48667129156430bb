#include "commands/editsignalcommand.h"

namespace drivelab {

EditSignalCommand::EditSignalCommand(LabDocument* document, const std::string& id, std::string kind, Json fields, const QString& text,
                                     QUndoCommand* parent)
    : LabCommand(document, text, parent), m_id(id), m_newKind(std::move(kind)), m_new(std::move(fields))
{
    const SignalSpec* s = document->lab().findSignal(id);
    if (!s) {
        setObsolete(true);
        return;
    }
    m_oldKind = s->kind;
    m_old = s->fields;
}

void EditSignalCommand::apply(const std::string& kind, const Json& fields)
{
    if (SignalSpec* s = lab().findSignal(m_id)) {
        s->kind = kind;
        s->fields = fields;
    }
    changed(ChangeKind::Values, {qs(m_id)});
}

void EditSignalCommand::redo() { apply(m_newKind, m_new); }

void EditSignalCommand::undo() { apply(m_oldKind, m_old); }

} // namespace drivelab
