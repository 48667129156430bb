#include "components/rotational/torqueconverter.h"
#include "analysis/bondgraphreading.h"
#include "components/rotational/torqueconvertermap.h"
#include "util/jsonwrite.h"
#include "spec/ranges.h"

#include <cmath>

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "pump (impeller)"},
    {.name = "node_b", .domain = Domain::Rotational, .doc = "turbine"},
    {.name = "heat_node", .domain = Domain::Thermal, .optional = true, .doc = "takes the fluid heat (absent: external ledger)"},
    {.name = "oil_node",
     .domain = Domain::Hydraulic,
     .optional = true,
     .doc = "a thermal-liquid volume whose oil takes the fluid heat instead of heat_node"},
};
constexpr TableColumn kMapColumns[] = {
    {.name = "speed_ratio", .unit = "", .range = Range::closed(-1.0, 1.0), .doc = "s = follower speed / driver speed"},
    {.name = "torque_ratio", .unit = "", .range = Range::closed(0.0, 1e3), .doc = "R(s) = |T_follower| / |T_driver|"},
    {.name = "capacity_coefficient",
     .unit = "N m s^2/rad^2",
     .range = Range::closed(0.0, 1e6),
     .doc = "C(s): driver torque = C w_D^2 (not a K-factor)"},
};

// A plausible passenger-car converter: stall torque ratio 2, coupling near s = 0.85,
// coast maps without multiplication, counter-rotation pairs matched at s = -1.
#define DRIVE_MAP                                                                                                                          \
    R"([{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.008},)"                                                           \
    R"( {"speed_ratio": 0, "torque_ratio": 2, "capacity_coefficient": 0.007},)"                                                            \
    R"( {"speed_ratio": 0.2, "torque_ratio": 1.8, "capacity_coefficient": 0.007},)"                                                        \
    R"( {"speed_ratio": 0.4, "torque_ratio": 1.6, "capacity_coefficient": 0.0069},)"                                                       \
    R"( {"speed_ratio": 0.6, "torque_ratio": 1.35, "capacity_coefficient": 0.0066},)"                                                      \
    R"( {"speed_ratio": 0.8, "torque_ratio": 1.1, "capacity_coefficient": 0.0055},)"                                                       \
    R"( {"speed_ratio": 0.85, "torque_ratio": 1, "capacity_coefficient": 0.0048},)"                                                        \
    R"( {"speed_ratio": 0.9, "torque_ratio": 1, "capacity_coefficient": 0.0038},)"                                                         \
    R"( {"speed_ratio": 0.95, "torque_ratio": 1, "capacity_coefficient": 0.0022},)"                                                        \
    R"( {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}])"
#define COAST_MAP                                                                                                                          \
    R"([{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.008},)"                                                           \
    R"( {"speed_ratio": 0, "torque_ratio": 1, "capacity_coefficient": 0.003},)"                                                            \
    R"( {"speed_ratio": 0.5, "torque_ratio": 1, "capacity_coefficient": 0.0025},)"                                                         \
    R"( {"speed_ratio": 0.8, "torque_ratio": 1, "capacity_coefficient": 0.0015},)"                                                         \
    R"( {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}])"

constexpr ParameterDescriptor kParams[] = {
    {.name = "pump_positive",
     .unit = "",
     .kind = ParamKind::Table,
     .editorDefault = DRIVE_MAP,
     .doc = "map used while the pump drives forward (drive 1)",
     .columns = kMapColumns,
     .minRows = 2,
     .maxRows = TorqueConverter::kMaxPoints},
    {.name = "pump_negative",
     .unit = "",
     .kind = ParamKind::Table,
     .editorDefault = DRIVE_MAP,
     .doc = "map used while the pump drives backward (drive 2)",
     .columns = kMapColumns,
     .minRows = 2,
     .maxRows = TorqueConverter::kMaxPoints},
    {.name = "turbine_positive",
     .unit = "",
     .kind = ParamKind::Table,
     .editorDefault = COAST_MAP,
     .doc = "map used while the turbine drives forward (drive 3)",
     .columns = kMapColumns,
     .minRows = 2,
     .maxRows = TorqueConverter::kMaxPoints},
    {.name = "turbine_negative",
     .unit = "",
     .kind = ParamKind::Table,
     .editorDefault = COAST_MAP,
     .doc = "map used while the turbine drives backward (drive 4)",
     .columns = kMapColumns,
     .minRows = 2,
     .maxRows = TorqueConverter::kMaxPoints},
};
#undef DRIVE_MAP
#undef COAST_MAP

constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .tickMean = true, .doc = "mean pump torque over the last tick"},
    {.name = "torque_at_b", .unit = "N m", .tickMean = true, .doc = "mean turbine torque over the last tick"},
    {.name = "torque_at_c", .unit = "N m", .tickMean = true, .doc = "mean stator reaction over the last tick"},
    {.name = "heat_flow", .unit = "W", .tickMean = true, .doc = "mean fluid heat power over the last tick"},
    {.name = "fluid_heat", .unit = "J", .doc = "accepted fluid heat since t = 0", .split = "converter"},
    {.name = "speed_ratio", .unit = "", .doc = "follower / driver speed now (0 when stopped)"},
    {.name = "converter_drive",
     .unit = "state code",
     .integer = true,
     .doc = "0 stopped, 1 pump positive, 2 pump negative, 3 turbine positive, 4 turbine negative"},
};
// the knots and slopes of one map from a well-formed table (the rules are checked by
// checkConverterMaps; the model is used only when it found nothing)
void fillMap(const Json& t, TorqueConverter::Map& m)
{
    m.n = static_cast<int>(t.size());
    for (int i = 0; i < m.n; ++i) {
        const Json& row = t[static_cast<std::size_t>(i)];
        m.s[i] = row["speed_ratio"].get<double>();
        m.r[i] = row["torque_ratio"].get<double>();
        m.c[i] = row["capacity_coefficient"].get<double>();
    }
    for (int k = 0; k + 1 < m.n; ++k) {
        const double ds = m.s[k + 1] - m.s[k];
        m.dr[k] = (m.r[k + 1] - m.r[k]) / ds;
        m.dc[k] = (m.c[k + 1] - m.c[k]) / ds;
    }
    m.dr[m.n - 1] = m.dr[m.n - 2];
    m.dc[m.n - 1] = m.dc[m.n - 2];
}

// stall torque ratio and capacity at s = 0 of the forward drive map, by the model's own
// lookup; nothing when the map is not well formed
std::vector<SummaryItem> summary(const Json& parameters)
{
    const char* name = TorqueConverter::kMapNames[0];
    if (!parameters.is_object() || !parameters.contains(name)) return {};
    const Json& t = parameters[name];
    std::vector<TableFinding> shape;
    if (!validateTable(kParams[0], t, shape)) return {};
    TorqueConverter::Map m;
    fillMap(t, m);
    for (int i = 1; i < m.n; ++i) {
        if (!(m.s[i] > m.s[i - 1])) return {};
    }
    if (!(m.s[0] <= 0.0 && m.s[m.n - 1] >= 0.0)) return {};
    double r, c, dr, dc;
    TorqueConverter::lookup(m, 0.0, r, c, dr, dc);
    return {{"stall R", r, "", 4}, {"C₀", c, "", 3}};
}

// the default plots of a model with converters: every converter's torques, speed ratio,
// drive mode and heat
constexpr PlotSeriesDescriptor kTorquePlot[] = {
    {.observable = "torque", .legend = "pump"},
    {.observable = "torque_at_b", .legend = "turbine"},
    {.observable = "torque_at_c", .legend = "stator"},
};
constexpr PlotSeriesDescriptor kRatioPlot[] = {{.observable = "speed_ratio"}};
constexpr PlotSeriesDescriptor kDrivePlot[] = {{.observable = "converter_drive"}};
constexpr PlotSeriesDescriptor kHeatPlot[] = {
    {.observable = "heat_flow", .legend = "heat flow"},
    {.observable = "fluid_heat", .legend = "fluid heat (cumulative)"},
};
constexpr DefaultPlotDescriptor kPlots[] = {
    {.title = "Converter torques (pump, turbine, stator)", .series = kTorquePlot},
    {.title = "Speed ratio", .series = kRatioPlot},
    {.title = "Converter drive mode", .series = kDrivePlot},
    {.title = "Heat flow and cumulative fluid heat", .series = kHeatPlot},
};

constexpr ComponentDescriptor kDesc{
    .type = "torque_converter",
    .label = "Torque converter",
    .group = PaletteGroup::Rotational,
    .keywords = "TC fluid coupling hydrodynamic impeller stator",
    .fieldPrefix = "converter",
    .doc = "A quasi-steady hydrodynamic torque converter with four signed maps; the stator is grounded.",
    .ports = kPorts,
    .parameters = kParams,
    .inputs = {},
    .observables = kObs,
    .historyStates = 4,
    .maxInstances = kMaxConverters,
    .capability = "quasisteady_converter_powertrain",
    .idStem = "tc",
    .tableEditor = TableEditorKind::ConverterMaps,
    .defaultPlots = kPlots,
    .summary = &summary,
    .thermalLiquid = true};

} // namespace

const ComponentDescriptor& TorqueConverter::descriptor() { return kDesc; }

bool TorqueConverter::compile(CompileContext& ctx, Params& p)
{
    p.pump = ctx.port("node_a");
    p.turbine = ctx.port("node_b");
    p.heat = ctx.portIsNode("heat_node") ? ctx.port("heat_node") : -1;
    p.oil = ctx.heatIntoOil("oil_node", "heat_node");
    if (ctx.portNode("node_a") == ctx.portNode("node_b")) ctx.errorAt("node_b", "pump and turbine must be two different rotational nodes");
    for (const ConverterMapFinding& f : checkConverterMaps(ctx.spec().parameters)) ctx.error(f.field(), f.message);
    for (int i = 0; i < 4; ++i) fillMap(ctx.table(kMapNames[i]), p.map[i]);
    p.scratch = ctx.allocScratch(2);
    p.mean = ctx.allocMean(3);
    p.real = ctx.allocReal(2);
    return !ctx.failed();
}

// a quasi-steady two-port R: both torques follow from the two speeds, so it sets the effort on
// both of its bonds
void TorqueConverter::bondGraph(BondGraphReading& r)
{
    const auto a = r.port("node_a"), b = r.port("node_b");
    if (!r.is(a, Domain::Rotational) || !r.is(b, Domain::Rotational)) return r.skip("pump and turbine must be rotational nodes");
    const std::string note = "quasi-steady two-port R (torques from the two speeds; stator grounded, no work)";
    const int e = r.addParts({{BgKind::R, "r", note}}, note, Domain::Rotational).front();
    for (const auto& p : {a, b}) r.effortOut(e, r.bond(r.junction(p), e));
}

void TorqueConverter::oilHeat(const Params& p, const EvalContext& c, const Reaction& r)
{
    const double wp = c.speed(p.pump), wt = c.speed(p.turbine);
    addOilPower(c, p.oil, -(r.tp * wp + r.tt * wt),
                {{p.pump, -(r.tp + r.dpp * wp + r.dtp * wt)}, {p.turbine, -(r.tt + r.dpt * wp + r.dtt * wt)}});
}

bool TorqueConverter::reject(const Params& p, const CommitContext& c, std::string& why)
{
    double q = 0.0, bound = 0.0;
    if (!rejects(p, c, q, bound)) return false;
    why = "negative fluid heat " + formatDouble(q) + " J in an interval (rounding allows " + formatDouble(bound) +
          " J); the interval is rejected: check the map's efficiency or refine the tick";
    return true;
}

} // namespace drivelab
