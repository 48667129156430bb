#pragma once
// The component registry: the one place that lists every component type.
// Adding a type = writing its .h/.cpp pair and adding it (include + name, at the end) to
// ComponentTypes below: docs/ARCHITECTURE.md, "Adding a component type".
#include <span>
#include <string_view>
#include <tuple>
#include <vector>

#include "components/hooks.h"
#include "components/common/transformer.h"
#include "components/descriptors.h"
#include "components/hydraulic/accumulator.h"
#include "components/hydraulic/mechanicalconverter.h"
#include "components/hydraulic/orifice.h"
#include "components/hydraulic/pump.h"
#include "components/hydraulic/sources.h"
#include "components/rotational/clutch.h"
#include "components/rotational/damper.h"
#include "components/rotational/enginecylinder.h"
#include "components/rotational/gear.h"
#include "components/rotational/importedfmu.h"
#include "components/rotational/mappedengine.h"
#include "components/rotational/motor.h"
#include "components/rotational/planetary.h"
#include "components/rotational/speedcontroller.h"
#include "components/rotational/speedsource.h"
#include "components/rotational/spring.h"
#include "components/rotational/torqueconverter.h"
#include "components/rotational/torquesource.h"
#include "components/rotational/torquestep.h"
#include "components/thermal/thermal.h"
#include "components/translational/forcesource.h"
#include "components/translational/translational.h"
#include "components/vehicle/shiftschedule.h"
#include "components/vehicle/tyre.h"
#include "components/vehicle/vehiclebody.h"
#include "components/vehicle/differential.h"

namespace drivelab {

/// a list of types
template <class... T> struct TypeList {
    static constexpr std::size_t size = sizeof...(T);
};

/// every component type, in solver evaluation order
using ComponentTypes =
    TypeList<TorqueStep, Damper, Spring, Motor, TorqueConverter, Clutch, Gear, Planetary, ForceStep, TranslationalDamper,
             TranslationalSpring, Orifice, Accumulator, PressureSource, FlowSource, Pump, MechanicalConverter, HydraulicCylinder,
             Transformer, ThermalConductor, HeatSource, EngineCylinder, TorqueSource, SpeedController, ForceSource, SpeedSource,
             VehicleBody, MappedEngine, Differential, ShiftSchedule, Tyre, ImportedFmu>;

/// call f.template operator()<T, I>() for every type T with its index I
template <class F> void forEachComponentType(F&& f)
{
    [&]<class... T, std::size_t... I>(TypeList<T...>, std::index_sequence<I...>) {
        (f.template operator()<T, I>(), ...);
    }(ComponentTypes{}, std::make_index_sequence<ComponentTypes::size>{});
}

/// per-type storage: one vector of Params per component type
template <class List> struct ParamStore;
template <class... T> struct ParamStore<TypeList<T...>> {
    std::tuple<std::vector<typename T::Params>...> lists; ///< Params of each type, in file order
    /// the Params vector of type T
    template <class U> std::vector<typename U::Params>& of() { return std::get<std::vector<typename U::Params>>(lists); }
    template <class U> const std::vector<typename U::Params>& of() const { return std::get<std::vector<typename U::Params>>(lists); }
};

/// the Params vectors of every registered type (a struct of its own so compile/model.h can
/// forward-declare it: the Model's users do not include every component's header)
struct ComponentParams : ParamStore<ComponentTypes> { };

} // namespace drivelab
