#pragma once
// The kinds of a lab's signals and the numeric fields of each (docs/FORMATS.md, "Signals"): one
// table the compiler checks a signal against and the editor builds its form from.
#include <span>
#include <string_view>

#include "spec/descriptor.h"

namespace drivelab {

/// times of signal points and starts [s]
inline constexpr Range kSignalTime = Range::closed(0.0, 1e9);
/// a signal value (before a binding's scale): generous, finite
inline constexpr Range kSignalValue = Range::closed(-1e15, 1e15);

/// one numeric field of a sine, ramp or step signal
struct SignalFieldDescriptor {
    const char* name;     ///< JSON key
    const char* unit;     ///< SI unit ("" when the value has the signal's own unit)
    Range range;          ///< allowed values
    bool required;        ///< the file must give it
    double fallback;      ///< its value when absent (not required)
    double editorDefault; ///< the value a new signal starts with in the editor
    const char* doc;      ///< one line: what it is
};

/// the kinds a signal can have, in menu order: table, sine, ramp, step, csv
std::span<const char* const> signalKindNames();
/// the numeric fields of a kind (empty for table and csv, whose fields are points or a file)
std::span<const SignalFieldDescriptor> signalFieldDescriptors(std::string_view kind);

} // namespace drivelab
