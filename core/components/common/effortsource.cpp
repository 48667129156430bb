#include "components/common/effortsource.h"

#include <string>

#include "analysis/bondgraphreading.h"

namespace drivelab {

void readEffortSource(BondGraphReading& r, const char* what)
{
    r.relative({{BgKind::Se, "se", std::string("prescribed ") + what + " from its input (with its support)"}}, "input-driven effort source",
               true);
}

} // namespace drivelab
