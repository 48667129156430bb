#pragma once
// A tyre and the vehicle_body on its node_b must agree on the wheel radius: the tyre reads the
// vehicle's speed as its own r_t x node_b's speed and puts r_t F on node_b, while the body moves
// at r_b x that speed. With r_t != r_b the model still runs and its books still close (it is a
// ratio r_t / r_b between the contact patch and the body), but the tyre's force reaches the body
// as r_t F / r_b and its slip speed is measured at the wrong road speed: a warning naming both
// components and both values, not an error.
#include "spec/diagnostic.h"

namespace drivelab {

struct Model;

/// a warning on every tyre whose node_b carries a vehicle_body with another wheel_radius
void checkWheelRadii(const Model& m, Diagnostics& d);

} // namespace drivelab
