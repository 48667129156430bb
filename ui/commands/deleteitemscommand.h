#pragma once
#include <set>

#include "commands/labcommand.h"
#include "document/itembundle.h"

namespace drivelab {

/// Delete nodes and components, with the port bindings, events and layout that name them.
class DeleteItemsCommand : public LabCommand {
public:
    DeleteItemsCommand(LabDocument* document, std::set<std::string> ids, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    std::set<std::string> m_ids;
    ItemBundle m_bundle;
};

} // namespace drivelab
