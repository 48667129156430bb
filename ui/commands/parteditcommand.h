#pragma once
#include <memory>
#include <optional>

#include "commands/labcommand.h"
#include "document/partpaths.h"

namespace drivelab {

/// An edit made inside an opened part (docs/EDITOR.md "Opening an instance"), as one undo step of
/// the lab: the inline part's definition before and after. The edit itself (a command of the
/// part's view) was done on that view already; it is kept to merge drags: consecutive steps of
/// one drag inside the part merge as they do on the lab's canvas. A rename inside the part also
/// renames the lab's references to the item's paths in the part's instances (setReferences).
class PartEditCommand : public LabCommand {
public:
    /// `edit` the view's command (owned), `before`/`after` the definition of inline part `part`
    PartEditCommand(LabDocument* document, std::string part, Json before, Json after, QUndoCommand* edit);
    ~PartEditCommand() override;
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;
    /// the lab's references to paths before and after the edit (a rename inside the part)
    void setReferences(PathReferences before, PathReferences after);

private:
    void put(const Json& definition, const std::optional<PathReferences>& refs);

    std::string m_part;
    Json m_before;
    Json m_after;
    std::unique_ptr<QUndoCommand> m_edit;
    std::optional<PathReferences> m_refsBefore;
    std::optional<PathReferences> m_refsAfter;
};

} // namespace drivelab
