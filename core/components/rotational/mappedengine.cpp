#include "components/rotational/mappedengine.h"

#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

/// a throttle: 0 (closed) to 1 (wide open)
constexpr Range kThrottle = Range::closed(0.0, 1.0);
/// a fuel flow [g/s]: never negative
constexpr Range kFuelFlow = Range::closed(0.0, 1e6);
/// a lower heating value [J/kg] (gasoline and diesel: about 4.3e7)
constexpr Range kHeatingValue = Range::closed(1e6, 1e9);
/// a fuel cut-off speed [rad/s]
constexpr Range kCutSpeed = Range::closed(0.0, 1e5);
/// an idle speed [rad/s]
constexpr Range kIdleSpeed = Range::openClosed(0.0, 1e5);
/// the idle governor's gains: proportional [N m s/rad], integral [N m/rad]
constexpr Range kIdleGain = Range::openClosed(0.0, 1e9);
constexpr Range kIdleIntegralGain = Range::closed(0.0, 1e9);

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "crankshaft"},
    {.name = "node_b", .domain = Domain::Rotational, .optional = true, .allowGround = true, .doc = "block (absent: ground)"},
    {.name = "heat_node", .domain = Domain::Thermal, .optional = true, .doc = "takes the engine heat (absent: external ledger)"},
};
constexpr TableColumn kTorqueMap[] = {
    {.name = "speed", .unit = "rad/s", .range = ranges::kSpeed, .doc = "crankshaft speed relative to the block"},
    {.name = "throttle", .unit = "", .range = kThrottle, .doc = "throttle"},
    {.name = "torque", .unit = "N m", .range = ranges::kTorque, .doc = "torque before friction"},
};
constexpr TableColumn kFuelMap[] = {
    {.name = "speed", .unit = "rad/s", .range = ranges::kSpeed, .doc = "crankshaft speed relative to the block"},
    {.name = "torque", .unit = "N m", .range = ranges::kTorque, .doc = "brake torque"},
    {.name = "fuel_flow", .unit = "g/s", .range = kFuelFlow, .doc = "fuel mass flow"},
};
constexpr TableColumn kFrictionColumns[] = {
    {.name = "speed", .unit = "rad/s", .range = ranges::kSpeed, .doc = "crankshaft speed relative to the block"},
    {.name = "torque", .unit = "N m", .range = ranges::kCapacity, .doc = "friction (motoring) torque, a drag"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "torque_map",
     .unit = "",
     .kind = ParamKind::Table2D,
     .editorDefault = R"({"x": [0, 100, 300, 650], "y": [0, 1], "values": [[0, 0], [0, 150], [0, 200], [0, 160]]})",
     .doc = "torque before friction over speed [rad/s] x throttle [-], N m (bilinear; held at the axis ends)",
     .columns = kTorqueMap,
     .minRows = 2,
     .maxRows = kTable2DMaxPoints},
    {.name = "friction_curve",
     .unit = "",
     .kind = ParamKind::Table,
     .required = false,
     .editorDefault = R"([{"speed": 0, "torque": 10}, {"speed": 650, "torque": 30}])",
     .doc = "friction (motoring) torque versus speed, subtracted from the map: the torque at throttle 0 (absent: none)",
     .columns = kFrictionColumns,
     .minRows = 2,
     .maxRows = Motor::kMaxPoints},
    {.name = "fuel_map",
     .unit = "",
     .kind = ParamKind::Table2D,
     .editorDefault = R"({"x": [0, 650], "y": [-50, 250], "values": [[0.3, 0.3], [0.5, 13]]})",
     .doc = "fuel flow over speed [rad/s] x brake torque [N m], g/s (bilinear; held at the axis ends)",
     .columns = kFuelMap,
     .minRows = 2,
     .maxRows = kTable2DMaxPoints},
    {.name = "lower_heating_value",
     .unit = "J/kg",
     .range = kHeatingValue,
     .editorDefault = "43000000",
     .doc = "the fuel's lower heating value: chemical energy per kg burnt"},
    {.name = "fuel_cut_speed",
     .unit = "rad/s",
     .range = kCutSpeed,
     .required = false,
     .fileDefault = 1e5,
     .editorDefault = "150",
     .doc = "at throttle 0 above this speed the fuel is cut (absent: never)",
     .omitWhenAbsent = true},
    {.name = "fuel_density",
     .unit = "kg/m^3",
     .range = ranges::kDensity,
     .required = false,
     .editorDefault = "745",
     .doc = "the fuel's density, for litres per 100 km in the vehicle results (petrol about 745, diesel 832; absent: none)",
     .omitWhenAbsent = true},
    {.name = "fuel_carbon_fraction",
     .unit = "",
     .range = Range::closed(0.0, 1.0),
     .required = false,
     .editorDefault = "0.866",
     .doc = "the fuel's carbon mass fraction, for g CO2/km in the vehicle results (petrol about 0.866; absent: none)",
     .omitWhenAbsent = true},
    {.name = "idle_speed",
     .unit = "rad/s",
     .range = kIdleSpeed,
     .required = false,
     .editorDefault = "80",
     .doc = "the idle governor's speed: below it the engine adds torque up to the full-load row (absent: no governor)",
     .omitWhenAbsent = true},
    {.name = "idle_gain",
     .unit = "N m s/rad",
     .range = kIdleGain,
     .required = false,
     .editorDefault = "2",
     .doc = "the idle governor's proportional gain: torque per rad/s below idle_speed (with idle_speed)",
     .omitWhenAbsent = true},
    {.name = "idle_integral_gain",
     .unit = "N m/rad",
     .range = kIdleIntegralGain,
     .required = false,
     .fileDefault = 0.0,
     .editorDefault = "10",
     .doc = "the idle governor's integral gain: holds idle_speed without offset under load (absent: 0, proportional only)",
     .omitWhenAbsent = true},
    samplePeriodParameter("the idle governor's sample period: it samples at t = k sample_period and holds its demand between; "
                          "a whole number of ticks (absent: every tick; with idle_speed)"),
};
constexpr InputDescriptor kInputs[] = {
    {.name = "throttle", .unit = "", .range = kThrottle, .initialDefault = 0.0, .doc = "throttle, 0 closed to 1 wide open (absent: 0)"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .tickMean = true, .doc = "mean brake torque on the crankshaft over the last tick"},
    {.name = "power", .unit = "W", .tickMean = true, .doc = "mean shaft power delivered over the last tick"},
    {.name = "fuel_rate", .unit = "g/s", .tickMean = true, .doc = "mean fuel flow over the last tick"},
    {.name = "fuel_mass", .unit = "g", .doc = "fuel burnt since t = 0"},
    {.name = "bsfc", .unit = "g/kWh", .doc = "fuel_rate / power over the last tick; 0 when the power is not positive"},
    {.name = "heat", .unit = "J", .doc = "engine heat since t = 0: fuel energy minus shaft work", .split = "engine"},
    {.name = "outside_map", .unit = "", .doc = "share of the last tick with an argument outside a map's axes (held at the edge)"},
    {.name = "outside_time", .unit = "s", .doc = "time since t = 0 with an argument outside a map's axes"},
    {.name = "fuel_cut", .unit = "", .doc = "share of the last tick in fuel cut"},
    {.name = "speed", .unit = "rad/s", .tickMean = true, .doc = "mean crankshaft speed relative to the block over the last tick (the maps' speed)"},
    {.name = "throttle", .unit = "", .tickMean = true, .doc = "mean throttle over the last tick (the torque map's throttle)"},
};

constexpr ComponentDescriptor kDesc{
    .type = "mapped_engine",
    .label = "Mapped engine (torque and fuel maps)",
    .group = PaletteGroup::Engines,
    .keywords = "engine ICE combustion fuel map BSFC torque map throttle",
    .fieldPrefix = "mapped_engine",
    .doc = "A combustion engine from a torque map (speed x throttle), a friction curve and a fuel map (speed x torque), with "
           "fuel cut in overrun; the fuel's chemical energy enters the books, the engine heat leaves to heat_node or the ledger.",
    .ports = kPorts,
    .parameters = kParams,
    .inputs = kInputs,
    .observables = kObs,
    .idStem = "engine"};

} // namespace

const ComponentDescriptor& MappedEngine::descriptor() { return kDesc; }

bool MappedEngine::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.heat = ctx.portIsNode("heat_node") ? ctx.port("heat_node") : -1;
    p.throttle = ctx.inputSlot("throttle");
    p.lhv = ctx.real("lower_heating_value");
    p.cutSpeed = ctx.real("fuel_cut_speed");
    // the idle governor: idle_speed and idle_gain together, idle_integral_gain with them
    if (ctx.has("idle_speed") || ctx.has("idle_gain") || ctx.has("idle_integral_gain")) {
        for (const char* f : {"idle_speed", "idle_gain"}) {
            if (!ctx.has(f)) ctx.error(f, "missing: an idle governor needs idle_speed and idle_gain (idle_integral_gain optional)");
        }
        p.idle = ctx.allocReal(2);
        p.idleSpeed = ctx.real("idle_speed");
        p.idleKp = ctx.real("idle_gain");
        p.idleKi = ctx.real("idle_integral_gain");
        p.idlePeriod = compileSamplePeriod(ctx, false); // the throttle also drives the maps: read every tick
    } else if (ctx.has("sample_period")) {
        ctx.error("sample_period", "only the idle governor samples: give idle_speed and idle_gain, or remove sample_period");
    }
    if (ctx.portNode("node_a") == ctx.portNode("node_b")) ctx.errorAt("node_b", "must differ from node_a");
    // the shapes were checked against the descriptor (checkTable2D, validateTable) before compile
    if (ctx.has("friction_curve")) {
        const Json& curve = ctx.table("friction_curve");
        p.friction.n = static_cast<int>(curve.size());
        for (int i = 0; i < p.friction.n; ++i) {
            p.friction.speed[i] = curve[static_cast<std::size_t>(i)]["speed"].get<double>();
            p.friction.torque[i] = curve[static_cast<std::size_t>(i)]["torque"].get<double>();
            if (i > 0 && !(p.friction.speed[i] > p.friction.speed[i - 1]))
                ctx.error("friction_curve[" + std::to_string(i) + "].speed",
                          "speeds must increase strictly from point to point (previous " + formatDouble(p.friction.speed[i - 1]) + ")");
        }
    }
    p.torque.load(ctx.table("torque_map"));
    p.fuel.load(ctx.table("fuel_map"));
    p.state = ctx.allocReal(3);
    p.scratch = ctx.allocScratch(4);
    p.mean = ctx.allocMean(7);
    return !ctx.failed();
}

void MappedEngine::bondGraph(BondGraphReading& r)
{
    r.relative({{BgKind::Se, "se", "engine torque modulated by its throttle and speed (block: node_b)"}}, "modulated effort source", true);
}

} // namespace drivelab
