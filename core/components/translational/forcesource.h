#pragma once
// force_source: F = the `force` input on node_a, reaction -F on the support node_b (absent:
// ground): the translational torque_source, an EffortSource (components/common/effortsource.h).
#include "components/common/effortsource.h"

namespace drivelab {

struct ForceSourceTraits {
    static const ComponentDescriptor& descriptor();
    static constexpr const char* kWhat = "force";
};
using ForceSource = EffortSource<ForceSourceTraits>;

} // namespace drivelab
