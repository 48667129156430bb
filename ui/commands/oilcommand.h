#pragma once
#include "commands/labcommand.h"

namespace drivelab {

/// Add, replace or remove the lab's oil section (`"oil"`, docs/FORMATS.md "Oil"): the whole
/// object at once (null removes it). A single field of the oil is a SetValueCommand on
/// ValueTarget::Kind::Oil.
class OilCommand : public LabCommand {
public:
    OilCommand(LabDocument* document, Json oil, const QString& text = {}, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Json m_old, m_new;
};

} // namespace drivelab
