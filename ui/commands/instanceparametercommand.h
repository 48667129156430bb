#pragma once
#include <optional>

#include "commands/labcommand.h"

namespace drivelab {

/// Set (or, with no value, remove: the part's default applies) a parameter of an instance of a
/// part: a number or an "=expr" string, as typed. A new key goes where the part lists the parameter.
class InstanceParameterCommand : public LabCommand {
public:
    InstanceParameterCommand(LabDocument* document, std::string instance, std::string parameter, std::optional<Json> value,
                             QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    void apply(const std::optional<Json>& value, std::optional<std::size_t> index);

    std::string m_instance;
    std::string m_parameter;
    std::optional<Json> m_new;
    std::optional<Json> m_old;
    std::optional<std::size_t> m_oldIndex;
};

} // namespace drivelab
