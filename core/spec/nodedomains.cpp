// Node domain descriptors: the fields a node of each domain carries in a lab file.
#include "spec/descriptor.h"

namespace drivelab {
namespace {

constexpr ParameterDescriptor kRotationalFields[] = {
    {.name = "inertia", .unit = "kg m^2", .range = Range::positive(), .editorDefault = "0.1",
     .doc = "rotational inertia of the shaft and everything rigidly on it"},
    {.name = "initial_speed", .unit = "rad/s", .editorDefault = "0", .doc = "speed at t = 0"},
};
constexpr ObservableDescriptor kRotationalObservables[] = {
    {.name = "speed", .unit = "rad/s", .doc = "angular speed"},
    {.name = "angle", .unit = "rad", .doc = "angle turned since t = 0"},
};

constexpr ParameterDescriptor kThermalFields[] = {
    {.name = "heat_capacity", .unit = "J/K", .range = Range::positive(), .editorDefault = "4000",
     .doc = "heat capacity of the lumped thermal mass"},
    {.name = "initial_temperature", .unit = "K", .range = Range::positive(), .editorDefault = "300",
     .doc = "temperature at t = 0"},
    {.name = "ambient_conductance", .unit = "W/K", .range = Range::nonNegative(), .required = false,
     .fileDefault = 0.0, .editorDefault = "0", .doc = "conductance to the ambient (0: adiabatic)"},
    {.name = "ambient_temperature", .unit = "K", .range = Range::positive(), .required = false,
     .fileDefault = 0.0, .editorDefault = "300",
     .doc = "ambient temperature (absent: the initial temperature)"},
};
constexpr ObservableDescriptor kThermalObservables[] = {
    {.name = "temperature", .unit = "K", .doc = "temperature of the thermal mass"},
};

constexpr NodeDomainDescriptor kRotational{Domain::Rotational, "Shaft / inertia",
                                           "a rigid rotating body: a 1-junction with an I element",
                                           kRotationalFields, kRotationalObservables};
constexpr NodeDomainDescriptor kThermal{Domain::Thermal, "Thermal mass",
                                        "a lumped heat capacity that collects dissipated heat",
                                        kThermalFields, kThermalObservables};

} // namespace

const NodeDomainDescriptor* nodeDomainDescriptor(Domain d)
{
    switch (d) {
    case Domain::Rotational: return &kRotational;
    case Domain::Thermal: return &kThermal;
    default: return nullptr;
    }
}

} // namespace drivelab
