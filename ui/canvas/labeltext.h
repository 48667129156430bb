#pragma once
// The detail line under an item's id: its key parameters in display units
// ("J 0.25 kg·m²  ω₀ 80 rad/s", "i 8", "stall R 2  C₀ 0.007"). Built from the descriptors: a
// type's own key figures from its summary hook (computed by the core), else its first
// parameters, with short engineering symbols for well-known names and the plain name otherwise.
#include <QString>

#include <optional>

#include "spec/labspec.h"

namespace drivelab {

/// detail text of a node; a thermal-liquid volume (a hydraulic volume with initial_temperature)
/// reads "V 0.003 m³   oil T₀ 40 °C", or with `liveOil` (its oil temperature in a run shown [K])
/// "V 0.003 m³   oil 52.3 °C"; a reservoir with a supply temperature "oil T 40 °C"
QString nodeDetail(const NodeSpec& node, std::optional<double> liveOil = std::nullopt);
/// detail text of a component
QString componentDetail(const ComponentSpec& component);
/// short symbol for a parameter name ("inertia" -> "J"); the name with spaces when none
QString shortName(const std::string& name);
/// "0.25 kg·m²" in the current display units, to `digits` significant digits
QString valueWithUnit(double si, const char* unit, int digits = 5);

} // namespace drivelab
