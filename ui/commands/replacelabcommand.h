#pragma once
#include "commands/labcommand.h"

namespace drivelab {

/// Replace the lab's content with another (Group into subsystem, Ungroup: document/grouping.h);
/// undo puts the lab before back as it was, so the saved bytes are the same again. The file's
/// folder and reader (baseDir, fileReader) stay the document's.
class ReplaceLabCommand : public LabCommand {
public:
    ReplaceLabCommand(LabDocument* document, LabSpec after, const QString& text, QStringList select, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    void put(const LabSpec& content);

    LabSpec m_before;
    LabSpec m_after;
    QStringList m_select;
};

} // namespace drivelab
