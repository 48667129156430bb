#include "components/rotational/torquesource.h"

#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .doc = "flange: the torque acts on it"},
    {.name = "node_b", .domain = Domain::Rotational, .optional = true, .allowGround = true,
     .doc = "support: takes the reaction (absent: ground)"},
};
constexpr InputDescriptor kInputs[] = {
    {.name = "torque", .unit = "N m", .range = ranges::kTorque, .initialDefault = 0.0,
     .doc = "torque applied on node_a (absent: 0); events change it"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .doc = "mean torque on node_a over the last tick"},
    {.name = "torque_at_b", .unit = "N m", .doc = "mean reaction on the support over the last tick"},
    {.name = "power", .unit = "W", .doc = "mean power delivered over the last tick"},
};
constexpr ComponentDescriptor kDesc{
    .type = "torque_source", .label = "Torque source", .group = "sources", .fieldPrefix = "torque_source",
    .doc = "An ideal torque source driven by its torque input (events change it).",
    .ports = kPorts, .parameters = {}, .inputs = kInputs, .observables = kObs};

} // namespace

const ComponentDescriptor& TorqueSource::descriptor() { return kDesc; }

bool TorqueSource::compile(CompileContext& ctx, Params& p)
{
    p.a = ctx.port("node_a");
    p.b = ctx.port("node_b");
    p.torque = ctx.inputSlot("torque");
    p.scratch = ctx.allocScratch(1);
    p.mean = ctx.allocMean(3);
    return !ctx.failed();
}

void TorqueSource::bondGraph(BondGraphReading& r)
{
    r.relative({{BgKind::Se, "se", "prescribed torque from its input (with its support)"}}, "input-driven effort source", true);
}

} // namespace drivelab
