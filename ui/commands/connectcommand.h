#pragma once
#include <optional>

#include "commands/labcommand.h"

namespace drivelab {

/// Bind a component port to a node (or to `ground`), replacing any earlier binding.
class ConnectCommand : public LabCommand {
public:
    ConnectCommand(LabDocument* document, std::string component, std::string port, std::string node, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    std::string m_component;
    std::string m_port;
    std::string m_node;
    std::optional<std::string> m_old;
};

} // namespace drivelab
