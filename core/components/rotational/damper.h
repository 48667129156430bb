#pragma once
// damper: T_a = -c (w_a - w_b), T_b = -T_a; heat c (w_a - w_b)^2 to heat_node or the ledger.
#include "components/common/lineardamper.h"

namespace drivelab {

/// descriptor of the rotational damper
struct RotationalDamperTraits {
    static const ComponentDescriptor& descriptor();
};

using Damper = LinearDamper<RotationalDamperTraits>;

} // namespace drivelab
