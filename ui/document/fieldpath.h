#pragma once
// What a diagnostic's field path points at: a port, a node field, a parameter (and a
// table cell in it), an initial input, an event, a run setting, a time signal's field, a field of the lab's oil. The Problems panel,
// the property editor and the converter map editor use it to mark and focus fields.
#include <string>

#include "spec/labspec.h"

namespace drivelab {

/// a parsed diagnostic field path
struct FieldRef {
    enum class Kind { None, Id, Type, Port, NodeField, Parameter, Input, Event, Run, LabName, Signal, Oil };
    Kind kind = Kind::None; ///< what it names
    std::string name;       ///< port, field, parameter, input, run or oil key; event key for events
    int row = -1;           ///< table row, or -1
    std::string column;     ///< table column, or "" (a 2-D table: the part below it, "values[2][1]")
    int eventIndex = -1;    ///< event position, or -1
};

/// parse the field of a diagnostic about `subject` ("converter.pump_positive[3].torque_ratio")
FieldRef parseFieldPath(const LabSpec& lab, const std::string& subject, const std::string& field);
/// the SI unit the descriptors give a numeric field of `subject` ("kg m^2", "rad/s"; "" when none):
/// node fields, parameters and their table columns, inputs, the oil's fields, event values
std::string fieldUnit(const LabSpec& lab, const std::string& subject, const FieldRef& field);
/// the SI unit of a value path (spec/labpath.h: "engine.inertia", "lockup.inputs.capacity.offset",
/// "events[2].value", "run.tick_ns"); "" when it has none (a ratio, a binding's scale)
std::string valuePathUnit(const LabSpec& lab, const std::string& path);

} // namespace drivelab
