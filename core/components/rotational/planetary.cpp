#include "components/rotational/planetary.h"
#include "analysis/bondgraphreading.h"
#include "spec/ranges.h"

namespace drivelab {
namespace {

constexpr PortDescriptor kPorts[] = {
    {.name = "node_a", .domain = Domain::Rotational, .allowGround = true, .doc = "sun"},
    {.name = "node_b", .domain = Domain::Rotational, .allowGround = true, .doc = "ring"},
    {.name = "node_c", .domain = Domain::Rotational, .allowGround = true, .doc = "carrier"},
};
constexpr ParameterDescriptor kParams[] = {
    {.name = "sun_teeth",
     .unit = "",
     .kind = ParamKind::WholeNumber,
     .range = Range::closed(1.0, 1e4),
     .editorDefault = "30",
     .doc = "teeth on the sun gear"},
    {.name = "ring_teeth",
     .unit = "",
     .kind = ParamKind::WholeNumber,
     .range = Range::closed(1.0, 1e4),
     .editorDefault = "78",
     .doc = "teeth on the ring gear (more than the sun)"},
};
constexpr ObservableDescriptor kObs[] = {
    {.name = "torque", .unit = "N m", .tickMean = true, .doc = "mean gear torque on the sun over the last tick"},
    {.name = "torque_at_b", .unit = "N m", .tickMean = true, .doc = "mean gear torque on the ring over the last tick"},
    {.name = "torque_at_c", .unit = "N m", .tickMean = true, .doc = "mean gear torque on the carrier over the last tick"},
};
constexpr ComponentDescriptor kDesc{
    .type = "planetary",
    .label = "Planetary gear set",
    .group = PaletteGroup::Rotational,
    .keywords = "epicyclic sun ring carrier gearbox",
    .fieldPrefix = "planetary",
    .doc = "A simple planetary set (sun, ring, carrier) obeying the Willis equation.",
    .ports = kPorts,
    .parameters = kParams,
    .inputs = {},
    .observables = kObs,
    .idStem = "gearset",
};

} // namespace

const ComponentDescriptor& Planetary::descriptor() { return kDesc; }

bool Planetary::compile(CompileContext& ctx, Params& p)
{
    p.sun = ctx.port("node_a");
    p.ring = ctx.port("node_b");
    p.carrier = ctx.port("node_c");
    const double zs = ctx.real("sun_teeth");
    const double zr = ctx.real("ring_teeth");
    if (!(zr > zs)) ctx.error("ring_teeth", "must exceed sun_teeth (" + formatDouble(zs) + "); a ring has more teeth than its sun");
    p.cs = zs / (zs + zr);
    p.cr = zr / (zs + zr);
    p.row = ctx.allocRow();
    p.mean = ctx.allocMean(3);
    const std::string s = ctx.portNode("node_a"), r = ctx.portNode("node_b"), c = ctx.portNode("node_c");
    if (s == r || s == c || r == c) ctx.errorAt("node_c", "sun, ring and carrier must be three different nodes");
    return !ctx.failed();
}

// Willis: Zs ws + Zr wr = (Zs + Zr) wc. Two TFs (Zs/(Zs+Zr), Zr/(Zs+Zr)) add the sun's and
// the ring's contributions on a 0-junction whose summed flow is the carrier's speed.
void Planetary::bondGraph(BondGraphReading& r)
{
    const auto s = r.port("node_a"), ring = r.port("node_b"), k = r.port("node_c");
    for (const auto& p : {s, ring, k}) {
        if (!(r.is(p, Domain::Rotational) || p.kind == BondGraphReading::PortKind::Ground))
            return r.skip("sun, ring and carrier must be rotational nodes or ground");
    }
    const std::vector<int> els = r.addParts({{BgKind::TF, "sun", "sun share of the carrier speed, Zs/(Zs+Zr)", true},
                                             {BgKind::TF, "ring", "ring share of the carrier speed, Zr/(Zs+Zr)", true},
                                             {BgKind::Zero, "sum", "carrier speed: sum of the two shares (common torque)", true}},
                                            "planetary set (Willis equation), rigid, solved by projection", Domain::Rotational);
    r.bond(r.junction(s), els[0]);
    r.bond(els[0], els[2]);
    r.bond(r.junction(ring), els[1]);
    r.bond(els[1], els[2]);
    r.bond(els[2], r.junction(k));
}

} // namespace drivelab
