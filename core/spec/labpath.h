#pragma once
// One numeric value of a lab addressed by the path the diagnostics print, `SUBJECT.FIELD`
// (docs/FORMATS.md, "Value paths"): what a sweep's factors, the Python package's `set` and
// the editor's "Sweep this" name. Pure functions over a LabSpec; nothing is compiled here.
//
//   engine.inertia                     a node field
//   lockup.clutch.kinetic_ratio        a parameter: <component>.<prefix>.<name>
//   tc.converter.pump_positive[3].torque_ratio   a table cell
//   lockup.inputs.capacity             an input's initial value
//   lockup.inputs.capacity.scale       the scale (or offset) of an input bound to a signal
//   drive.amplitude, cycle.points[4][1]   a signal field
//   events[2].value, events[2].time_ns an event
//   run.tick_ns, run.duration_ns       a run setting (whole nanoseconds)
//   gearbox.final_drive                a part parameter of an instance (issue 36)
#include <string>
#include <string_view>

#include "spec/labspec.h"

namespace drivelab {

/// the value at `path`: true with it, or false with why (one line naming the part that does not
/// resolve). A parameter or field the lab leaves out reads as its file default.
bool getLabValue(const LabSpec& lab, std::string_view path, double& value, std::string& why);
/// set the value at `path` (writing it into the lab as the user would have typed it); false with
/// why when the path does not name a numeric value of this lab, or the value is not finite or,
/// for whole-number fields, not whole. Ranges are the compiler's to check.
bool setLabValue(LabSpec& lab, std::string_view path, double value, std::string& why);

/// the path of a component's parameter as the diagnostics print it (`lockup.clutch.kinetic_ratio`)
std::string parameterPath(const std::string& component, const std::string& type, const std::string& parameter);

} // namespace drivelab
