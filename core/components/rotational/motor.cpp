#include "components/rotational/motor.h"
#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

#include <algorithm>

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "rotor"},
    {.name = "node_b", .domain = Domain::Rotational, .optional = true, .allowGround = true, .doc = "stator (absent: ground)"},
};
constexpr TableColumn kCurveColumns[] = {
    {.name = "speed", .unit = "rad/s", .range = ranges::kSpeed, .doc = "rotor speed relative to the stator"},
    {.name = "torque", .unit = "N m", .range = ranges::kTorque, .doc = "torque at full command"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "torque_curve",
     .unit = "",
     .kind = ParamKind::Table,
     .editorDefault = R"([{"speed": 0, "torque": 200}, {"speed": 300, "torque": 200}, {"speed": 600, "torque": 0}])",
     .doc = "torque at full command versus speed: linear between points, held at the ends",
     .columns = kCurveColumns,
     .minRows = 2,
     .maxRows = Motor::kMaxPoints},
};
constexpr InputDescriptor kInputs[] = {
    {.name = "command",
     .unit = "",
     .range = Range::closed(-1.0, 1.0),
     .initialDefault = 0.0,
     .doc = "fraction of the curve torque applied (absent: 0)"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .tickMean = true, .doc = "mean torque on the rotor over the last tick"},
    {.name = "power", .unit = "W", .tickMean = true, .doc = "mean mechanical power delivered over the last tick"},
};
// the peak of the full-load curve (0 when every point is below 0)
std::vector<SummaryItem> summary(const Json& parameters)
{
    if (!parameters.is_object() || !parameters.contains("torque_curve") || !parameters["torque_curve"].is_array()) return {};
    double peak = 0.0;
    for (const auto& row : parameters["torque_curve"]) {
        // a torque written as an expression (inside a part) is known per instance only: no peak
        if (row.is_object() && row.contains("torque") && row["torque"].is_string()) return {};
        if (row.is_object() && row.contains("torque") && row["torque"].is_number()) peak = std::max(peak, row["torque"].get<double>());
    }
    return {{"peak", peak, "N m", 5}};
}

constexpr ComponentDescriptor kDesc{
    .type = "motor",
    .label = "Motor (torque curve)",
    .group = PaletteGroup::Sources,
    .keywords = "engine ICE combustion electric e-machine full-load curve drive prime mover",
    .fieldPrefix = "motor",
    .doc = "A torque source following a speed-dependent full-load curve scaled by a command.",
    .ports = kPorts,
    .parameters = kParams,
    .inputs = kInputs,
    .observables = kObs,
    .summary = &summary,
};

} // namespace

const ComponentDescriptor& Motor::descriptor() { return kDesc; }

bool Motor::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.command = ctx.inputSlot("command");
    const Json& curve = ctx.table("torque_curve");
    p.n = static_cast<int>(curve.size());
    for (int i = 0; i < p.n; ++i) {
        p.speed[i] = curve[static_cast<std::size_t>(i)]["speed"].get<double>();
        p.torque[i] = curve[static_cast<std::size_t>(i)]["torque"].get<double>();
        if (i > 0 && !(p.speed[i] > p.speed[i - 1]))
            ctx.error("torque_curve[" + std::to_string(i) + "].speed",
                      "speeds must increase strictly from point to point (previous " + formatDouble(p.speed[i - 1]) + ")");
    }
    p.scratch = ctx.allocScratch(1);
    p.mean = ctx.allocMean(2);
    if (ctx.portNode("node_a") == ctx.portNode("node_b")) ctx.errorAt("node_b", "must differ from node_a");
    return !ctx.failed();
}

void Motor::bondGraph(BondGraphReading& r)
{
    r.relative({{BgKind::Se, "se", "torque source modulated by its command and speed (stator: node_b)"}}, "modulated effort source", true);
}

} // namespace drivelab
