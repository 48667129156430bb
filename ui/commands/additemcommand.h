#pragma once
#include "commands/labcommand.h"
#include "document/itembundle.h"

namespace drivelab {

/// Add one node or component (with its layout entry) at the end of the lab.
class AddItemCommand : public LabCommand {
public:
    AddItemCommand(LabDocument* document, ItemBundle bundle, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    /// id of the added item
    QString itemId() const;

private:
    ItemBundle m_bundle;
};

} // namespace drivelab
