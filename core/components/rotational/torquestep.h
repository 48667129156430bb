#pragma once
// torque_step: tau = offset + (t < start ? 0 : step) on node_a, reaction -tau on the
// support node_b (absent: ground). A step inside a tick splits the tick.
#include "components/common/stepsource.h"

namespace drivelab {

/// descriptor and parameter names of the torque step
struct TorqueStepTraits {
    static const ComponentDescriptor& descriptor();
    static constexpr const char* kStep = "step_torque";
    static constexpr const char* kEffort = "torque";
    static constexpr const char* kOffset = "offset_torque";
};

using TorqueStep = StepSource<TorqueStepTraits>;

} // namespace drivelab
