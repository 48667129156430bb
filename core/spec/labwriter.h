#pragma once
// Lab file writer: LabSpec -> JSON text in a fixed, readable key order.
#include <string>

#include "spec/labspec.h"

namespace drivelab {

/// the lab as a JSON value (key order: format, version, name, description, run,
/// nodes, components, events, layout); `withLayout` false drops the layout
Json labToJson(const LabSpec& lab, bool withLayout = true);
/// the lab as pretty JSON text (what the editor saves)
std::string writeLab(const LabSpec& lab);

} // namespace drivelab
