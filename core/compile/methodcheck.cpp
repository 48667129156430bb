#include "compile/methodcheck.h"

#include <cstring>
#include <string>

namespace drivelab {

namespace {
// types whose eval reads only the stage values (xs), the stage positions through stageAngle with
// their Jacobian through addJ(i, j, dv, dp) (springs), the inputs and their own parameters, and
// whose commit books only stage quantities (CommitContext::share of what it reads from the
// interval's ends), a prescribed increment (the stages on its line), or samplers, and whose
// storage is in one of the two forms solver/stagestorage.h collocates; thermal-liquid volumes (oil
// temperatures, and with them pumps, clutches and converters on oil) in solver/stagethermal.h's rate form
constexpr const char* kSupported[] = {
    "torque_step", "torque_source", "damper", "spring", "clutch", "gear", "planetary", "torque_converter", "motor", "force_step",
    "force_source", "translational_damper", "translational_spring", "orifice", "pressure_source", "flow_source", "thermal_conductor",
    "heat_source", "differential", "pump",
    // no eval or commit: sampled once per tick (solver/inputs.cpp), its output held over the tick
    "speed_controller",
    // stage forms (docs/PHYSICS.md, "Gauss-Legendre": supported): road load, slip force, map torque at the stage speeds,
    // a prescribed line through the stages, a schedule sampled once per tick
    "vehicle_body", "tyre", "mapped_engine", "speed_source", "shift_schedule",
    // fluid storage at the stages (solver/stagestorage.h: the accumulator's oil a function of its
    // pressure, the converter chamber's compliance at the stage rotation), chambers moving with
    // their shaft or rod, transformers (a rigid row, as a gear)
    "accumulator", "mechanical_converter", "hydraulic_cylinder", "transformer",
    // the gas torque at the stage's crank angle, the interval's crank-angle work closed over both
    // stages (solver/stageengine.h)
    "cylinder",
};
} // namespace

bool gauss2Supports(const char* type)
{
    for (const char* t : kSupported)
        if (!std::strcmp(t, type)) return true;
    return false;
}

void checkMethodSupport(const Model& m, Diagnostics& d)
{
    if (!twoStage(m.method)) return;
    const std::string name = methodName(m.method);
    for (const ComponentInfo& c : m.components) {
        if (!c.desc || gauss2Supports(c.desc->type)) continue;
        d.error(c.id, "run.method",
                name + " does not support " + c.desc->type +
                    " yet (it supports rotational and translational inertias, torque and force sources and steps, dampers, "
                    "springs, clutches, gears, planetaries, differentials, torque converters, motors, hydraulic volumes, reservoirs, "
                    "pressure and flow sources, orifices, pumps, speed controllers, thermal masses"
                    ", vehicle bodies, tyres, mapped engines, speed sources and shift schedules"
                    ", engine cylinders"
                    ", accumulators, mechanical converters, hydraulic cylinders, transformers, junctions without a volume"
                    " and thermal-liquid volumes"
                    "); use run.method midpoint");
    }
}

} // namespace drivelab
