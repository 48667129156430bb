#include "commands/addinstancecommand.h"

#include <QCoreApplication>

#include "spec/specedit.h"

namespace drivelab {

AddInstanceCommand::AddInstanceCommand(LabDocument* document, const std::string& part, const Placement& where, QUndoCommand* parent)
    : LabCommand(document, QString(), parent), m_id(uniqueId(document->lab(), part)), m_part(part), m_where(where)
{
    setText(QCoreApplication::translate("AddInstanceCommand", "Add %1 (part %2)").arg(qs(m_id), qs(m_part)));
}

void AddInstanceCommand::redo()
{
    InstanceSpec inst;
    inst.id = m_id;
    inst.part = m_part;
    lab().instances.push_back(std::move(inst));
    writePlacement(lab(), m_id, m_where);
    changed(ChangeKind::Structure, {qs(m_id)});
}

void AddInstanceCommand::undo()
{
    auto& list = lab().instances;
    std::erase_if(list, [&](const InstanceSpec& i) { return i.id == m_id; });
    lab().layout.erase(m_id);
    changed(ChangeKind::Structure, {qs(m_id)});
}

} // namespace drivelab
