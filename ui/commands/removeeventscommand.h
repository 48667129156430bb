#pragma once
#include <set>

#include "commands/labcommand.h"

namespace drivelab {

/// Remove events by position.
class RemoveEventsCommand : public LabCommand {
public:
    RemoveEventsCommand(LabDocument* document, std::set<std::size_t> indices, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    std::vector<std::pair<std::size_t, EventSpec>> m_removed; ///< ascending index
};

} // namespace drivelab
