#include "components/vehicle/wheelradiuscheck.h"

#include <string>
#include <vector>

#include "compile/model.h"
#include "components/registry.h"
#include "components/vehicle/tyre.h"
#include "components/vehicle/vehiclebody.h"
#include "util/jsonwrite.h"

namespace drivelab {

void checkWheelRadii(const Model& m, Diagnostics& d)
{
    const auto& tyres = m.params->of<Tyre>();
    const auto& bodies = m.params->of<VehicleBody>();
    if (tyres.empty() || bodies.empty()) return;
    std::vector<const std::string*> tyreId(tyres.size()), bodyId(bodies.size());
    for (const ComponentInfo& c : m.components) {
        if (c.local < 0) continue;
        const auto k = static_cast<std::size_t>(c.local);
        if (c.desc == &Tyre::descriptor() && k < tyres.size()) tyreId[k] = &c.id;
        if (c.desc == &VehicleBody::descriptor() && k < bodies.size()) bodyId[k] = &c.id;
    }
    for (std::size_t t = 0; t < tyres.size(); ++t) {
        const Tyre::Params& tp = tyres[t];
        for (std::size_t b = 0; b < bodies.size(); ++b) {
            const VehicleBody::Params& bp = bodies[b];
            if (!tyreId[t] || !bodyId[b] || tp.b < 0 || tp.b != bp.a || tp.r == bp.r) continue;
            d.warning(*tyreId[t], std::string(Tyre::descriptor().fieldPrefix) + ".wheel_radius",
                      formatDouble(tp.r) + " m differs from the wheel_radius " + formatDouble(bp.r) + " m of vehicle_body '" + *bodyId[b] +
                          "' on its node_b: the tyre's force reaches the vehicle scaled by " + formatDouble(tp.r / bp.r) +
                          " and its slip is measured at the wrong road speed; give both the same rolling radius");
        }
    }
}

} // namespace drivelab
