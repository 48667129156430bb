#include "fmi/fmuports.h"

#include <string_view>

namespace drivelab {

FmuPortMapping fmuPortMapping(const ComponentSpec& c, const PortDescriptor& port)
{
    FmuPortMapping m;
    const Json& p = c.parameters;
    if (std::string_view(port.name) != "node_a" || !p.is_object() || !p.contains("speed_input") || !p["speed_input"].is_string())
        return m;
    m.caption = QString::fromStdString(p["speed_input"].get<std::string>());
    m.needed = !m.caption.isEmpty();
    return m;
}

} // namespace drivelab
