#include "solver/observables.h"

#include <cstring>

#include "components/rotational/clutch.h"
#include "compile/model.h"

namespace drivelab {

bool isTickMean(const ObservableRef& r)
{
    if (r.isSignal || !r.unit) return false;
    for (const char* u : {"N m", "N", "W", "m^3/s", "kg/s", "g/s", "m/s^2"}) {
        if (std::strcmp(r.unit, u) == 0) return true;
    }
    return false;
}

std::vector<int> clutchComponents(const Model& m)
{
    std::vector<int> out;
    for (std::size_t i = 0; i < m.components.size(); ++i) {
        if (m.components[i].desc == &Clutch::descriptor()) out.push_back(static_cast<int>(i));
    }
    return out;
}

} // namespace drivelab
