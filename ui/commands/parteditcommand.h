#pragma once
#include <memory>

#include "commands/labcommand.h"

namespace drivelab {

/// An edit made inside an opened part (docs/EDITOR.md "Opening an instance"), as one undo step of
/// the lab: the inline part's definition before and after. The edit itself (a command of the
/// part's view) was done on that view already; it is kept to merge drags: consecutive steps of
/// one drag inside the part merge as they do on the lab's canvas.
class PartEditCommand : public LabCommand {
public:
    /// `edit` the view's command (owned), `before`/`after` the definition of inline part `part`
    PartEditCommand(LabDocument* document, std::string part, Json before, Json after, QUndoCommand* edit);
    ~PartEditCommand() override;
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    void put(const Json& definition);

    std::string m_part;
    Json m_before;
    Json m_after;
    std::unique_ptr<QUndoCommand> m_edit;
};

} // namespace drivelab
