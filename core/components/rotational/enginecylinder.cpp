#include "components/rotational/enginecylinder.h"
#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr double kPi = EngineCylinder::kPi;

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "crankshaft"},
    {.name = "heat_node",
     .domain = Domain::Thermal,
     .optional = true,
     .doc = "cylinder wall: takes the wall heat and sets the wall temperature (absent: wall_temperature, heat to the ledger)"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "bore", .unit = "m", .range = ranges::kLength, .editorDefault = "0.086", .doc = "cylinder bore"},
    {.name = "stroke", .unit = "m", .range = ranges::kLength, .editorDefault = "0.086", .doc = "piston stroke (twice the crank radius)"},
    {.name = "rod_length",
     .unit = "m",
     .range = ranges::kLength,
     .editorDefault = "0.145",
     .doc = "connecting rod length (more than half the stroke)"},
    {.name = "compression_ratio",
     .unit = "",
     .range = Range::openClosed(1.0, 40.0),
     .editorDefault = "10",
     .doc = "(swept + clearance) / clearance volume"},
    {.name = "crank_phase",
     .unit = "rad",
     .range = ranges::kAngle,
     .editorDefault = "0",
     .doc = "this cylinder's cycle angle at t = 0 (0: firing TDC; cylinders on one crank differ by their firing interval)"},
    {.name = "ivc_angle",
     .unit = "rad",
     .range = Range{-2.0 * kPi, 0.0, true, true, false},
     .editorDefault = "-2.4",
     .doc = "inlet valve closing, before firing TDC (negative)"},
    {.name = "evo_angle",
     .unit = "rad",
     .range = Range{0.0, 2.0 * kPi, true, true, false},
     .editorDefault = "2.3",
     .doc = "exhaust valve opening, after firing TDC"},
    {.name = "burn_start", .unit = "rad", .range = ranges::kAngle, .editorDefault = "-0.26", .doc = "start of combustion (cycle angle)"},
    {.name = "burn_duration",
     .unit = "rad",
     .range = Range::closed(1e-3, 4.0 * kPi),
     .editorDefault = "1.05",
     .doc = "crank angle of the whole burn"},
    {.name = "wiebe_efficiency",
     .unit = "",
     .range = Range::closed(1e-3, 100.0),
     .required = false,
     .fileDefault = 5.0,
     .editorDefault = "5",
     .doc = "Wiebe efficiency factor a (absent: 5)"},
    {.name = "wiebe_shape",
     .unit = "",
     .range = Range::closed(0.0, 100.0),
     .required = false,
     .fileDefault = 2.0,
     .editorDefault = "2",
     .doc = "Wiebe shape factor m (absent: 2)"},
    {.name = "fuel_energy",
     .unit = "J",
     .range = ranges::kEnergy,
     .editorDefault = "900",
     .doc = "fuel energy released per cycle at full fuel"},
    {.name = "intake_pressure",
     .unit = "Pa",
     .range = ranges::kPressurePositive,
     .editorDefault = "100000",
     .doc = "intake manifold (and crankcase) pressure"},
    {.name = "intake_temperature",
     .unit = "K",
     .range = ranges::kTemperature,
     .editorDefault = "320",
     .doc = "temperature of the fresh charge"},
    {.name = "gamma",
     .unit = "",
     .range = Range::openClosed(1.0, 1.67),
     .required = false,
     .fileDefault = 1.35,
     .editorDefault = "1.35",
     .doc = "ratio of specific heats of the charge (absent: 1.35)"},
    {.name = "gas_constant",
     .unit = "J/(kg K)",
     .range = Range::closed(1.0, 1e5),
     .required = false,
     .fileDefault = 287.0,
     .editorDefault = "287",
     .doc = "specific gas constant of the charge (absent: 287)"},
    {.name = "wall_conductance",
     .unit = "W/K",
     .range = ranges::kThermalConductance,
     .editorDefault = "8",
     .doc = "heat transfer coefficient times wall area (0: adiabatic)"},
    {.name = "wall_temperature",
     .unit = "K",
     .range = ranges::kTemperature,
     .required = false,
     .editorDefault = "400",
     .doc = "wall temperature without a heat_node",
     .omitWhenAbsent = true},
};
constexpr InputDescriptor kInputs[] = {
    {.name = "fuel_fraction",
     .unit = "",
     .range = Range::closed(0.0, 1.0),
     .initialDefault = 1.0,
     .doc = "fraction of fuel_energy burned (absent: 1)"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "pressure", .unit = "Pa", .doc = "gas pressure now"},
    {.name = "temperature", .unit = "K", .doc = "gas temperature now"},
    {.name = "gas_work", .unit = "J", .doc = "work done by the gas since t = 0"},
    {.name = "burn_fraction", .unit = "", .doc = "Wiebe burned fraction of this cycle"},
    {.name = "wall_heat", .unit = "J", .doc = "heat given to the wall since t = 0", .split = "engine"},
    {.name = "indicated_torque", .unit = "N m", .tickMean = true, .doc = "mean torque on the crank over the last tick"},
    {.name = "fuel_energy", .unit = "J", .doc = "fuel energy released since t = 0"},
    {.name = "cycle_angle", .unit = "rad", .doc = "cycle angle now (0: firing TDC)"},
};
constexpr ComponentDescriptor kDesc{.type = "cylinder",
                                    .label = "Engine cylinder",
                                    .group = PaletteGroup::Engines,
                                    .keywords = "engine combustion ICE piston crank fired four-stroke",
                                    .fieldPrefix = "cylinder",
                                    .doc = "A fired four-stroke cylinder: slider-crank, single-zone ideal gas, Wiebe burn, wall heat.",
                                    .ports = kPorts,
                                    .parameters = kParams,
                                    .inputs = kInputs,
                                    .observables = kObs};

} // namespace

const ComponentDescriptor& EngineCylinder::descriptor() { return kDesc; }

bool EngineCylinder::compile(CompileContext& ctx, Params& p)
{
    p.crank = ctx.port("node_a");
    p.heat = ctx.portIsNode("heat_node") ? ctx.port("heat_node") : -1;
    const double bore = ctx.real("bore"), stroke = ctx.real("stroke");
    p.area = kPi * bore * bore / 4.0;
    p.r = 0.5 * stroke;
    p.l = ctx.real("rod_length");
    if (!(p.l > p.r)) ctx.error("rod_length", "must exceed half the stroke (" + formatDouble(p.r) + " m)");
    p.vc = p.area * stroke / (ctx.real("compression_ratio") - 1.0);
    p.phase = wrap(ctx.real("crank_phase"));
    p.ivc = ctx.real("ivc_angle");
    p.evo = ctx.real("evo_angle");
    p.soc = ctx.real("burn_start");
    p.duration = ctx.real("burn_duration");
    if (!(p.soc > p.ivc)) ctx.error("burn_start", "must come after the inlet valve closes (ivc_angle " + formatDouble(p.ivc) + ")");
    if (!(p.soc + p.duration <= p.evo))
        ctx.error("burn_duration", "the burn must end before the exhaust valve opens (burn_start + burn_duration <= evo_angle)");
    p.wiebeA = ctx.real("wiebe_efficiency");
    p.wiebeM = ctx.real("wiebe_shape");
    p.wiebeNorm = 1.0 / (1.0 - std::exp(-p.wiebeA));
    p.wiebeWhole = 0;
    for (int k = 1; k <= 8; ++k) {
        if (p.wiebeM + 1.0 == k) p.wiebeWhole = k;
    }
    p.fuel = ctx.real("fuel_energy");
    p.pInt = ctx.real("intake_pressure");
    p.tInt = ctx.real("intake_temperature");
    p.gamma = ctx.real("gamma");
    p.gasR = ctx.real("gas_constant");
    p.cv = p.gasR / (p.gamma - 1.0);
    p.wallG = ctx.real("wall_conductance");
    if (p.heat < 0 && !ctx.has("wall_temperature"))
        ctx.error("wall_temperature", "missing: without a heat_node the wall needs a temperature");
    p.wallT = ctx.has("wall_temperature") ? ctx.real("wall_temperature") : 0.0;
    p.fuelInput = ctx.inputSlot("fuel_fraction");
    p.real = ctx.allocReal(9);
    p.scratch = ctx.allocScratch(kKept + kKeptSize);
    p.mean = ctx.allocMean(2);
    if (ctx.failed()) return false;
    p.charge = p.pInt * volume(p, p.ivc) / (p.gasR * p.tInt);
    // the charge at t = 0: trapped at IVC, compressed (and burned) without wall losses up to the start angle
    double t0 = p.tInt;
    if (closed(p, p.phase)) {
        Params adiabatic = p;
        adiabatic.wallG = 0.0;
        Interval iv;
        const double fuelScale = ctx.spec().inputs.contains("fuel_fraction") ? ctx.spec().inputs["fuel_fraction"].get<double>() : 1.0;
        integrate(adiabatic, p.ivc, p.tInt, p.phase - p.ivc, 1.0, p.tInt, fuelScale, iv);
        t0 = iv.tEnd;
    }
    ctx.setRealInit(p.real, t0);
    return true;
}

void EngineCylinder::bondGraph(BondGraphReading& r)
{
    r.relative({{BgKind::Se, "se", "gas work on the crank (a modulated Se, set by crank angle and fuel; reaction on the ground)"}},
               "engine cylinder", true);
}

} // namespace drivelab
