#pragma once
#include "commands/labcommand.h"
#include "document/autolayout.h"

namespace drivelab {

/// Arrange: lay every node and component out afresh with the automatic layout
/// (document/autolayout.h), as one undo step. Undo puts back the layout object exactly
/// as it was (same keys, same order, same numbers), so a saved file is byte for byte
/// the one before.
class ArrangeCommand : public LabCommand {
public:
    ArrangeCommand(LabDocument* document, const PortGeometry& geometry, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    /// false when the arrangement equals the present layout (nothing to push)
    bool changesAnything() const { return m_before != m_after; }

private:
    void apply(const Json& layout);

    Json m_before;
    Json m_after;
};

} // namespace drivelab
