#include "commands/transformitemscommand.h"

#include <QCoreApplication>

namespace drivelab {

TransformItemsCommand::TransformItemsCommand(LabDocument* document, const std::vector<std::string>& ids, Operation op, QUndoCommand* parent)
    : LabCommand(document, QString(), parent)
{
    for (const auto& id : ids) {
        const Placement before = placementOf(document->lab(), id).value_or(Placement{});
        Placement after = before;
        switch (op) {
        case Operation::RotateClockwise: after.rotation = normalizedRotation(before.rotation + 90); break;
        case Operation::RotateCounterClockwise: after.rotation = normalizedRotation(before.rotation + 270); break;
        case Operation::Flip: after.flip = !before.flip; break;
        }
        m_changes[id] = {before, after};
    }
    const char* what = op == Operation::Flip ? QT_TRANSLATE_NOOP("TransformItemsCommand", "Flip %1")
                                             : QT_TRANSLATE_NOOP("TransformItemsCommand", "Rotate %1");
    const QString subject = ids.size() == 1
                                ? qs(ids.front())
                                : QCoreApplication::translate("TransformItemsCommand", "%n items", nullptr, static_cast<int>(ids.size()));
    setText(QCoreApplication::translate("TransformItemsCommand", what).arg(subject));
}

void TransformItemsCommand::redo()
{
    QStringList ids;
    for (const auto& [id, c] : m_changes) {
        writePlacement(lab(), id, c.second);
        ids << qs(id);
    }
    changed(ChangeKind::Layout, ids);
}

void TransformItemsCommand::undo()
{
    QStringList ids;
    for (const auto& [id, c] : m_changes) {
        writePlacement(lab(), id, c.first);
        ids << qs(id);
    }
    changed(ChangeKind::Layout, ids);
}

} // namespace drivelab
