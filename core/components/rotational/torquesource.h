#pragma once
// torque_source: tau = the `torque` input on node_a, reaction -tau on the support node_b
// (absent: ground); an EffortSource (components/common/effortsource.h).
#include "components/common/effortsource.h"

namespace drivelab {

struct TorqueSourceTraits {
    static const ComponentDescriptor& descriptor();
    static constexpr const char* kWhat = "torque";
};
using TorqueSource = EffortSource<TorqueSourceTraits>;

} // namespace drivelab
