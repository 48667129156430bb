#pragma once
#include <map>

#include "commands/labcommand.h"
#include "document/placement.h"

namespace drivelab {

/// Move items to new positions. The steps of one mouse drag share a drag id and
/// merge into a single command.
class MoveItemsCommand : public LabCommand {
public:
    /// before and after placement of each moved item
    using Moves = std::map<std::string, std::pair<Placement, Placement>>;

    MoveItemsCommand(LabDocument* document, Moves moves, int dragId = -1, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override { return 1001; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    void apply(bool after);

    Moves m_moves;
    int m_dragId;
};

} // namespace drivelab
