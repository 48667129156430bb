#pragma once
// modelDescription.xml of an imported FMU read into the core's FmuDescription
// (components/common/fmuhost.h): the version (3.0 or 2.0), the token, the co-simulation model
// identifier and every model variable with its type, causality, variability and start value.
#include <string>

#include "components/common/fmuhost.h"

namespace drivelab {

/// read `xml`; false with `error` (what is wrong, without the file name) when it is not a
/// co-simulation FMU's description DriveLab can use
bool readFmuDescription(const std::string& xml, FmuDescription& d, std::string& error);

} // namespace drivelab
