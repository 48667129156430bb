// Node domain descriptors: the fields a node of each domain carries in a lab file.
#include "spec/descriptor.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr ParameterDescriptor kRotationalFields[] = {
    {.name = "inertia",
     .unit = "kg m^2",
     .range = ranges::kInertia,
     .editorDefault = "0.1",
     .doc = "rotational inertia of the shaft and everything rigidly on it"},
    {.name = "initial_speed", .unit = "rad/s", .range = ranges::kSpeed, .editorDefault = "0", .doc = "speed at t = 0"},
};
constexpr ObservableDescriptor kRotationalObservables[] = {
    {.name = "speed", .unit = "rad/s", .doc = "angular speed"},
    {.name = "angle", .unit = "rad", .doc = "angle turned since t = 0"},
};

constexpr ParameterDescriptor kThermalFields[] = {
    {.name = "heat_capacity",
     .unit = "J/K",
     .range = ranges::kHeatCapacity,
     .editorDefault = "4000",
     .doc = "heat capacity of the lumped thermal mass"},
    {.name = "initial_temperature", .unit = "K", .range = ranges::kTemperature, .editorDefault = "300", .doc = "temperature at t = 0"},
    {.name = "ambient_conductance",
     .unit = "W/K",
     .range = ranges::kThermalConductance,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "0",
     .doc = "conductance to the ambient (0: adiabatic)"},
    {.name = "ambient_temperature",
     .unit = "K",
     .range = ranges::kTemperature,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "300",
     .doc = "ambient temperature (absent: the initial temperature)"},
};
constexpr ObservableDescriptor kThermalObservables[] = {
    {.name = "temperature", .unit = "K", .doc = "temperature of the thermal mass"},
};

constexpr ParameterDescriptor kTranslationalFields[] = {
    {.name = "mass", .unit = "kg", .range = ranges::kMass, .editorDefault = "10", .doc = "mass of the rigid body"},
    {.name = "initial_velocity", .unit = "m/s", .range = ranges::kVelocity, .editorDefault = "0", .doc = "velocity at t = 0"},
    {.name = "initial_position",
     .unit = "m",
     .range = ranges::kPosition,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "0",
     .doc = "position at t = 0 (absent: 0)"},
};
constexpr ObservableDescriptor kTranslationalObservables[] = {
    {.name = "velocity", .unit = "m/s", .doc = "velocity"},
    {.name = "position", .unit = "m", .doc = "position"},
};

constexpr ParameterDescriptor kHydraulicFields[] = {
    {.name = "volume",
     .unit = "m^3",
     .range = ranges::kVolume,
     .required = false,
     .editorDefault = "1e-4",
     .doc = "oil volume of the node: its compliance is volume / bulk_modulus (absent: a pure junction)",
     .omitWhenAbsent = true},
    {.name = "bulk_modulus",
     .unit = "Pa",
     .range = ranges::kBulkModulus,
     .required = false,
     .editorDefault = "1.5e9",
     .doc = "bulk modulus of the oil (with volume)",
     .omitWhenAbsent = true},
    {.name = "initial_pressure",
     .unit = "Pa",
     .range = ranges::kPressure,
     .required = false,
     .editorDefault = "101325",
     .doc = "absolute pressure at t = 0 (a junction: the starting guess)",
     .omitWhenAbsent = true},
    {.name = "fixed_pressure",
     .unit = "Pa",
     .range = ranges::kPressure,
     .required = false,
     .editorDefault = "101325",
     .doc = "a reservoir: the node holds this absolute pressure",
     .omitWhenAbsent = true},
    {.name = "initial_temperature",
     .unit = "K",
     .range = ranges::kTemperature,
     .required = false,
     .editorDefault = "313.15",
     .doc = "a thermal-liquid volume (needs volume and the lab's oil): its oil temperature at t = 0",
     .omitWhenAbsent = true},
    {.name = "temperature",
     .unit = "K",
     .range = ranges::kTemperature,
     .required = false,
     .editorDefault = "313.15",
     .doc = "a reservoir of a thermal-liquid lab: the temperature of the oil it supplies (absent: the oil's reference)",
     .omitWhenAbsent = true},
};
constexpr ObservableDescriptor kHydraulicObservables[] = {
    {.name = "pressure", .unit = "Pa", .doc = "absolute pressure"},
};

constexpr ObservableDescriptor kThermalLiquidObservables[] = {
    {.name = "pressure", .unit = "Pa", .doc = "absolute pressure"},
    {.name = "temperature", .unit = "K", .doc = "oil temperature"},
};

constexpr NodeDomainDescriptor kTranslational{Domain::Translational, "Mass", "a rigid translating body: a 1-junction with an I element",
                                              kTranslationalFields, kTranslationalObservables};
constexpr NodeDomainDescriptor kHydraulic{Domain::Hydraulic, "Hydraulic node",
                                          "a 0-junction (common pressure) with an optional volume (C element); "
                                          "with fixed_pressure a reservoir",
                                          kHydraulicFields, kHydraulicObservables};

constexpr NodeDomainDescriptor kRotational{Domain::Rotational, "Shaft / inertia", "a rigid rotating body: a 1-junction with an I element",
                                           kRotationalFields, kRotationalObservables};
constexpr NodeDomainDescriptor kThermal{Domain::Thermal, "Thermal mass", "a lumped heat capacity that collects dissipated heat",
                                        kThermalFields, kThermalObservables};

} // namespace

const NodeDomainDescriptor& thermalLiquidNodeDescriptor()
{
    // the hydraulic node's fields; a thermal-liquid volume also reports its temperature
    static constexpr NodeDomainDescriptor kThermalLiquid{Domain::Hydraulic, "Hydraulic node",
                                                         "a 0-junction (common pressure) with a thermal-liquid volume: a two-port C "
                                                         "element storing oil mass and internal energy (pressure and temperature)",
                                                         kHydraulicFields, kThermalLiquidObservables};
    return kThermalLiquid;
}

const NodeDomainDescriptor* nodeDomainDescriptor(Domain d)
{
    switch (d) {
    case Domain::Rotational: return &kRotational;
    case Domain::Thermal: return &kThermal;
    case Domain::Translational: return &kTranslational;
    case Domain::Hydraulic: return &kHydraulic;
    }
    return nullptr;
}

} // namespace drivelab
