#pragma once
#include <optional>

#include "commands/labcommand.h"

namespace drivelab {

/// which value of an item a SetValueCommand changes
struct ValueTarget {
    enum class Kind { NodeField, Parameter, Input, Oil };
    Kind kind = Kind::Parameter; ///< node field, component parameter, initial input or a field of the lab's oil
    std::string id;              ///< node or component id ("oil" for the lab's oil)
    std::string name;            ///< field, parameter or input name
};

/// Set (or, with no value, remove) a node field, a component parameter (numbers,
/// booleans and whole tables such as converter maps), an initial input value or a field of
/// the lab's oil (which must exist: OilCommand adds and removes the whole section).
class SetValueCommand : public LabCommand {
public:
    SetValueCommand(LabDocument* document, ValueTarget target, std::optional<Json> value, const QString& text = {},
                    QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    /// the value at the target now, or nullopt
    static std::optional<Json> current(const LabSpec& lab, const ValueTarget& target);

private:
    void apply(const std::optional<Json>& value, std::optional<std::size_t> index);

    ValueTarget m_target;
    std::optional<Json> m_new;
    std::optional<Json> m_old;
    std::optional<std::size_t> m_oldIndex;
};

} // namespace drivelab
