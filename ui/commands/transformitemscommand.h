#pragma once
#include <map>

#include "commands/labcommand.h"
#include "document/placement.h"

namespace drivelab {

/// Rotate by a quarter turn or mirror items about their centre.
class TransformItemsCommand : public LabCommand {
public:
    enum class Operation { RotateClockwise, RotateCounterClockwise, Flip };

    TransformItemsCommand(LabDocument* document, const std::vector<std::string>& ids, Operation op, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    std::map<std::string, std::pair<Placement, Placement>> m_changes;
};

} // namespace drivelab
