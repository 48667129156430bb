#pragma once
// Add an instance of a part (issue 36: a part dropped from the palette's part library): a fresh
// id from the part's name, no port connected, every parameter at the part's default, its
// placement in the layout. Undo removes both, restoring the lab's bytes.
#include "commands/labcommand.h"
#include "document/placement.h"

namespace drivelab {

/// add one instance of part `part` at the end of the lab's instances
class AddInstanceCommand : public LabCommand {
public:
    AddInstanceCommand(LabDocument* document, const std::string& part, const Placement& where, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    /// id of the added instance
    QString instanceId() const { return qs(m_id); }

private:
    std::string m_id;
    std::string m_part;
    Placement m_where;
};

} // namespace drivelab
