#include "commands/arrangecommand.h"

#include <QCoreApplication>

#include "document/placement.h"

namespace drivelab {

ArrangeCommand::ArrangeCommand(LabDocument* document, const PortGeometry& geometry, QUndoCommand* parent)
    : LabCommand(document, QCoreApplication::translate("ArrangeCommand", "Arrange"), parent), m_before(document->lab().layout)
{
    // the automatic layout of a copy that has no item placed
    LabSpec fresh = document->lab();
    if (fresh.layout.is_object()) {
        for (const auto& n : fresh.nodes) fresh.layout.erase(n.id);
        for (const auto& c : fresh.components) fresh.layout.erase(c.id);
    }
    autoPlace(fresh, geometry);
    // written over the present layout entry by entry: keys keep their order
    LabSpec arranged = document->lab();
    for (const auto& n : fresh.nodes) {
        if (auto p = placementOf(fresh, n.id)) writePlacement(arranged, n.id, *p);
    }
    for (const auto& c : fresh.components) {
        if (auto p = placementOf(fresh, c.id)) writePlacement(arranged, c.id, *p);
    }
    m_after = arranged.layout;
}

void ArrangeCommand::apply(const Json& layout)
{
    lab().layout = layout;
    QStringList ids;
    for (const auto& n : document()->lab().nodes) ids << qs(n.id);
    for (const auto& c : document()->lab().components) ids << qs(c.id);
    changed(ChangeKind::Layout, ids);
}

void ArrangeCommand::redo() { apply(m_after); }

void ArrangeCommand::undo() { apply(m_before); }

} // namespace drivelab
