#pragma once
#include "commands/labcommand.h"
#include "document/itembundle.h"

namespace drivelab {

/// Paste copied items (already given fresh ids) with their events and layout, and the inline part
/// definitions pasted instances bring into a lab that lacks them (appended; undo removes them).
class PasteCommand : public LabCommand {
public:
    PasteCommand(LabDocument* document, ItemBundle bundle, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    /// ids of the pasted items
    QStringList pastedIds() const { return qsList(m_bundle.ids()); }

private:
    ItemBundle m_bundle;
};

} // namespace drivelab
