#include "solver/observables.h"

#include "components/rotational/clutch.h"
#include "compile/model.h"

namespace drivelab {

bool isTickMean(const ObservableRef& r) { return r.tickMean && !r.isSignal; }

std::vector<int> clutchComponents(const Model& m)
{
    std::vector<int> out;
    for (std::size_t i = 0; i < m.components.size(); ++i) {
        if (m.components[i].desc == &Clutch::descriptor()) out.push_back(static_cast<int>(i));
    }
    return out;
}

} // namespace drivelab
