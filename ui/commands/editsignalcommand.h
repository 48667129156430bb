#pragma once
#include "commands/labcommand.h"

namespace drivelab {

/// Replace a signal's kind and fields (a field typed, a table edited or pasted, the
/// interpolation, the unit, the kind changed); undo restores the previous ones exactly.
class EditSignalCommand : public LabCommand {
public:
    EditSignalCommand(LabDocument* document, const std::string& id, std::string kind, Json fields, const QString& text,
                      QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    void apply(const std::string& kind, const Json& fields);

    std::string m_id;
    std::string m_oldKind, m_newKind;
    Json m_old, m_new;
};

} // namespace drivelab
