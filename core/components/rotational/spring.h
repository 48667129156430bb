#pragma once
// spring: deflection d = angle_a - angle_b + d0; T_a = -k d - c (w_a - w_b), T_b = -T_a.
#include "components/common/linearspring.h"

namespace drivelab {

/// descriptor of the torsional spring
struct RotationalSpringTraits {
    static const ComponentDescriptor& descriptor();
};

using Spring = LinearSpring<RotationalSpringTraits>;

} // namespace drivelab
