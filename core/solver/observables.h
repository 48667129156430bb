#pragma once
// What a reader of the samples needs beyond the observable layout (the editor's plots): which
// observables are means over the last complete tick, and which component a clutch event names.
#include <vector>

#include "solver/session.h"

namespace drivelab {

/// true for a duration-weighted mean over the last complete tick: the observables whose
/// descriptor says so (ObservableDescriptor::tickMean: every torque, force, power, heat-flow,
/// flow and fuel-flow observable, and whatever else a component averages, such as the mapped
/// engine's speed and throttle; docs/FORMATS.md, "Reports"; tst_plotstidy checks the flag against
/// every descriptor's doc). No tick has ended at tick 0: the report writes 0 there, which is no
/// value. A signal's value never is one (its unit is a label).
bool isTickMean(const ObservableRef& r);

/// the component index (into Model::components) of each clutch a ClutchEvent names: the
/// model's clutches in file order
std::vector<int> clutchComponents(const Model& m);

} // namespace drivelab
