#pragma once
#include <optional>

#include "commands/labcommand.h"

namespace drivelab {

/// Unbind a component port (an optional port then falls back to its default, e.g. ground).
class DisconnectCommand : public LabCommand {
public:
    DisconnectCommand(LabDocument* document, std::string component, std::string port, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    std::string m_component;
    std::string m_port;
    std::optional<std::string> m_old;
};

} // namespace drivelab
