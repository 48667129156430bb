#pragma once
// Translational elements: the force step, damper and spring share the rotational ones'
// equations (components/common); only their descriptors differ (N, m, m/s).
#include "components/common/lineardamper.h"
#include "components/common/linearspring.h"
#include "components/common/stepsource.h"

namespace drivelab {

/// descriptor and parameter names of the force step
struct ForceStepTraits {
    static const ComponentDescriptor& descriptor();
    static constexpr const char* kStep = "step_force";
    static constexpr const char* kEffort = "force";
    static constexpr const char* kOffset = "offset_force";
};
/// descriptor of the translational damper
struct TranslationalDamperTraits {
    static const ComponentDescriptor& descriptor();
};
/// descriptor of the translational spring
struct TranslationalSpringTraits {
    static const ComponentDescriptor& descriptor();
};

using ForceStep = StepSource<ForceStepTraits>;
using TranslationalDamper = LinearDamper<TranslationalDamperTraits>;
using TranslationalSpring = LinearSpring<TranslationalSpringTraits>;

} // namespace drivelab
