#pragma once
// What a reader of the samples needs beyond the observable layout (the editor's plots): which
// observables are means over the last complete tick, and which component a clutch event names.
#include <vector>

#include "solver/session.h"

namespace drivelab {

/// true for a duration-weighted mean over the last complete tick: every torque, force, power,
/// heat-flow, flow, fuel-flow and acceleration observable of a node or component
/// (docs/FORMATS.md, "Reports"), i.e. the SI units "N m", "N", "W", "m^3/s", "kg/s", "g/s" and
/// "m/s^2" (tst_plotstidy checks the rule against every descriptor's doc). No tick has ended at tick 0: the report
/// writes 0 there, which is no value. A signal's value never is one (its unit is a label).
bool isTickMean(const ObservableRef& r);

/// the component index (into Model::components) of each clutch a ClutchEvent names: the
/// model's clutches in file order
std::vector<int> clutchComponents(const Model& m);

} // namespace drivelab
