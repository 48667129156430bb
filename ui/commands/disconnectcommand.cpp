#include "commands/disconnectcommand.h"

#include <QCoreApplication>

#include "document/itembundle.h"
#include "document/partblocks.h"

namespace drivelab {

DisconnectCommand::DisconnectCommand(LabDocument* document, std::string component, std::string port, QUndoCommand* parent)
    : LabCommand(document, QString(), parent), m_component(std::move(component)), m_port(std::move(port))
{
    if (const auto c = findBlock(document->lab(), m_component)) {
        if (const std::string* n = c->port(m_port)) m_old = *n;
    }
    setText(QCoreApplication::translate("DisconnectCommand", "Disconnect %1.%2").arg(qs(m_component), qs(m_port)));
}

void DisconnectCommand::redo()
{
    bindBlockPort(lab(), m_component, m_port, std::string());
    changed(ChangeKind::Structure, {qs(m_component)});
}

void DisconnectCommand::undo()
{
    if (m_old) {
        bindBlockPort(lab(), m_component, m_port, *m_old);
    }
    changed(ChangeKind::Structure, {qs(m_component)});
}

} // namespace drivelab
