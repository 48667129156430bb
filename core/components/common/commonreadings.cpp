// The bond-graph readings the generic component templates share (stepsource.h,
// lineardamper.h, linearspring.h): one domain-independent reading each.
#include "analysis/bondgraphreading.h"
#include "components/common/lineardamper.h"
#include "components/common/linearspring.h"
#include "components/common/stepsource.h"

namespace drivelab {

void readEffortStep(BondGraphReading& r, const char* effort)
{
    r.relative({{BgKind::Se, "se", std::string("prescribed ") + effort + " (with its support)"}}, "ideal effort source", true);
}

void readLinearDamper(BondGraphReading& r) { r.relative({{BgKind::R, "r", "viscous damper"}}, "viscous damper", false); }

void readLinearSpring(BondGraphReading& r)
{
    if (r.number("damping") > 0.0)
        r.relative({{BgKind::C, "spring", "spring compliance"}, {BgKind::R, "damping", "parallel damping"}}, "spring with parallel damping",
                   false);
    else
        r.relative({{BgKind::C, "spring", "spring compliance"}}, "spring compliance", false);
}

} // namespace drivelab
