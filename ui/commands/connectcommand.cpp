#include "commands/connectcommand.h"

#include <QCoreApplication>

#include "document/itembundle.h"
#include "document/partblocks.h"

namespace drivelab {

ConnectCommand::ConnectCommand(LabDocument* document, std::string component, std::string port, std::string node, QUndoCommand* parent)
    : LabCommand(document, QString(), parent), m_component(std::move(component)), m_port(std::move(port)), m_node(std::move(node))
{
    if (const auto c = findBlock(document->lab(), m_component)) {
        if (const std::string* n = c->port(m_port)) m_old = *n;
    }
    setText(QCoreApplication::translate("ConnectCommand", "Connect %1.%2 to %3").arg(qs(m_component), qs(m_port), qs(m_node)));
}

void ConnectCommand::redo()
{
    bindBlockPort(lab(), m_component, m_port, m_node);
    changed(ChangeKind::Structure, {qs(m_component), qs(m_node)});
}

void ConnectCommand::undo()
{
    bindBlockPort(lab(), m_component, m_port, m_old.value_or(std::string()));
    changed(ChangeKind::Structure, {qs(m_component), qs(m_node)});
}

} // namespace drivelab
