#pragma once
// An `fmu` component's ports as its variable mapping uses them (docs/EDITOR.md, "FMU
// components"): node_a feeds the FMU input `speed_input` names, so with a speed_input it is
// needed (drawn, red when free) and carries that input's name on the canvas; without one it
// stays an optional port, drawn only on demand. Read from the lab alone (no archive is read
// for the drawing).
#include <QString>

#include "spec/descriptor.h"
#include "spec/labspec.h"

namespace drivelab {

/// one port's mapping
struct FmuPortMapping {
    QString caption;     ///< the FMU variable the port feeds ("" for none)
    bool needed = false; ///< the mapping needs the port connected
};

/// port `port` of fmu component `c`
FmuPortMapping fmuPortMapping(const ComponentSpec& c, const PortDescriptor& port);

} // namespace drivelab
