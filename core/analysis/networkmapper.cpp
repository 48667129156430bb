#include "compile/compiler.h"
#include "analysis/networkmapper.h"

#include <cmath>

#include "spec/descriptor.h"

namespace drivelab {
namespace {

// a number in a JSON object, or the fallback when absent or not a number
double number(const Json& obj, const char* key, double fallback)
{
    if (!obj.is_object() || !obj.contains(key) || !obj[key].is_number()) return fallback;
    return obj[key].get<double>();
}

bool has(const Json& obj, const char* key)
{
    return obj.is_object() && obj.contains(key);
}

// "flow_source" -> "flow source"
std::string words(const std::string& type)
{
    std::string w = type;
    for (char& ch : w) {
        if (ch == '_') ch = ' ';
    }
    return w;
}

bool mechanical(Domain d)
{
    return d == Domain::Rotational || d == Domain::Translational;
}

// one element a component expands to
struct Part {
    BgKind kind;
    const char* suffix; // id suffix when the component expands to more than one element
    std::string note;
    bool rigid = false;
};

enum class PortKind { Absent, Ground, Node, Invalid };

struct Port {
    PortKind kind = PortKind::Absent;
    int node = -1; // index into Mapper::m_nodes
};

class Mapper {
public:
    Mapper(const LabSpec& spec, const std::vector<bool>& locked) : m_spec(spec), m_locked(locked) {}

    BondGraph run()
    {
        for (const NodeSpec& n : m_spec.nodes) mapNode(n);
        std::size_t clutch = 0;
        for (const ComponentSpec& c : m_spec.components) {
            bool locked = false;
            if (c.type == "clutch") locked = clutch < m_locked.size() && m_locked[clutch++];
            mapComponent(c, locked);
        }
        return std::move(m_g);
    }

private:
    struct NodeSlot {
        std::string id;
        Domain domain = Domain::Rotational;
        int junction = -1;
    };

    const LabSpec& m_spec;
    const std::vector<bool>& m_locked;
    BondGraph m_g;
    std::vector<NodeSlot> m_nodes;
    int m_ground = -1;

    // a generated id that never takes a node's or component's id
    std::string gen(const std::string& base) const
    {
        std::string id = base;
        for (int n = 2; m_spec.idTaken(id); ++n) id = base + "_" + std::to_string(n);
        return id;
    }

    // an element with how messages name it and the domain of its variables
    int add(BgKind kind, const std::string& id, const std::string& owner, const std::string& note, const std::string& label,
            Domain domain, bool rigid = false)
    {
        const int e = m_g.addElement(kind, id, owner, note, rigid);
        m_g.element(e).label = label;
        m_g.element(e).domain = domain;
        return e;
    }

    // a node's junction
    int addNodeJunction(BgKind kind, const NodeSpec& n, Domain d, const std::string& note, bool rigid)
    {
        const int j = add(kind, gen((kind == BgKind::Zero ? "j0_" : "j1_") + n.id), n.id, note, "node '" + n.id + "'", d, rigid);
        m_g.element(j).nodeJunction = true;
        return j;
    }

    void mapNode(const NodeSpec& n)
    {
        const auto dom = domainFromName(n.domain);
        if (!dom) {
            m_g.notes.push_back("node '" + n.id + "' has the unknown domain '" + n.domain + "'; it is not analysed");
            return;
        }
        NodeSlot slot{n.id, *dom, -1};
        const Domain d = *dom;
        if (mechanical(d)) {
            const bool rot = d == Domain::Rotational;
            const int i = add(BgKind::I, n.id, n.id, (rot ? "inertia of shaft '" : "mass of body '") + n.id + "'",
                              (rot ? "the inertia of '" : "the mass of '") + n.id + "'", d, true);
            slot.junction = addNodeJunction(BgKind::One, n, d, (rot ? "common speed of '" : "common velocity of '") + n.id + "'", true);
            m_g.addBond(i, slot.junction);
        } else if (d == Domain::Hydraulic) {
            // a reservoir is an ideal pressure source, a volume a C, a pure junction has no storage
            int own = -1;
            if (has(n.fields, "fixed_pressure"))
                own = add(BgKind::Se, n.id, n.id, "reservoir '" + n.id + "' (fixed pressure)", "reservoir '" + n.id + "'", d);
            else if (has(n.fields, "volume"))
                own = add(BgKind::C, n.id, n.id, "oil volume of node '" + n.id + "'", "the oil volume of '" + n.id + "'", d);
            slot.junction = addNodeJunction(BgKind::Zero, n, d, "common pressure of '" + n.id + "'", false);
            if (own < 0) m_g.element(slot.junction).pureJunction = true;
            else if (m_g.element(own).kind == BgKind::Se) bondSource(own, slot.junction);
            else m_g.addBond(own, slot.junction);
        } else {
            // thermal (a pseudo bond graph: temperature and heat flow): a C, and to the ambient an R
            // against an ambient-temperature Se
            const int c = add(BgKind::C, n.id, n.id, "heat capacity of '" + n.id + "'", "the heat capacity of '" + n.id + "'", d);
            slot.junction = addNodeJunction(BgKind::Zero, n, d, "common temperature of '" + n.id + "'", false);
            m_g.addBond(c, slot.junction);
            if (number(n.fields, "ambient_conductance", 0.0) > 0.0) {
                const int r = add(BgKind::R, n.id + ".ambient", n.id, "conductance of '" + n.id + "' to the ambient",
                                  "the ambient conductance of '" + n.id + "'", d);
                const int se = add(BgKind::Se, n.id + ".ambient_temperature", n.id, "ambient temperature of '" + n.id + "'",
                                   "the ambient temperature of '" + n.id + "'", d);
                const int j = add(BgKind::One, gen("j1_" + n.id) + ".ambient", n.id, "heat flow from '" + n.id + "' to the ambient",
                                  "the ambient path of '" + n.id + "'", d);
                m_g.addBond(slot.junction, j);
                m_g.addBond(j, r);
                bondSource(se, j);
            }
        }
        m_nodes.push_back(slot);
    }

    // a source's bond points into the junction; Se sets the effort, Sf the flow
    void bondSource(int source, int junction)
    {
        const int b = m_g.addBond(source, junction);
        m_g.fixPort(source, b, m_g.element(source).kind == BgKind::Se ? BgPortFix::EffortOut : BgPortFix::EffortIn);
    }

    Port port(const ComponentSpec& c, const char* name) const
    {
        Port p;
        const std::string* id = c.port(name);
        if (!id) return p;
        if (*id == kGroundId) {
            p.kind = PortKind::Ground;
            return p;
        }
        for (std::size_t i = 0; i < m_nodes.size(); ++i) {
            if (m_nodes[i].id == *id) {
                p.kind = PortKind::Node;
                p.node = static_cast<int>(i);
                return p;
            }
        }
        p.kind = PortKind::Invalid;
        return p;
    }

    bool is(const Port& p, Domain d) const { return p.kind == PortKind::Node && m_nodes[static_cast<std::size_t>(p.node)].domain == d; }
    bool isMech(const Port& p) const { return p.kind == PortKind::Node && mechanical(m_nodes[static_cast<std::size_t>(p.node)].domain); }
    // a mechanical node, or ground (named or absent)
    bool isMechOrGround(const Port& p) const { return isMech(p) || p.kind == PortKind::Ground || p.kind == PortKind::Absent; }
    const std::string& nodeId(const Port& p) const
    {
        static const std::string ground = kGroundId;
        return p.kind == PortKind::Node ? m_nodes[static_cast<std::size_t>(p.node)].id : ground;
    }

    // the junction of a port's node; ground (named or absent) is a zero-flow source Sf on its own 1-junction
    int junction(const Port& p)
    {
        if (p.kind == PortKind::Node) return m_nodes[static_cast<std::size_t>(p.node)].junction;
        if (m_ground < 0) {
            const int sf = add(BgKind::Sf, kGroundId, kGroundId, "the fixed reference (zero speed)", "ground", Domain::Rotational, true);
            m_ground = add(BgKind::One, gen("j1_ground"), kGroundId, "the fixed reference", "ground", Domain::Rotational, true);
            bondSource(sf, m_ground);
        }
        return m_ground;
    }

    void skip(const ComponentSpec& c, const std::string& why)
    {
        m_g.notes.push_back("component '" + c.id + "' (" + c.type + ") is not analysed: " + why);
    }

    // the elements of a component, registered with it (one element: the component's own id)
    std::vector<int> addParts(const ComponentSpec& c, const std::vector<Part>& parts, const std::string& note, Domain d)
    {
        BgComponentEntry entry;
        entry.id = c.id;
        entry.note = note;
        for (const Part& p : parts) {
            entry.kind += std::string(entry.kind.empty() ? "" : " + ") + bgKindName(p.kind);
            const std::string id = parts.size() == 1 ? c.id : c.id + "." + p.suffix;
            const std::string label = words(c.type) + " '" + c.id + "'" + (parts.size() == 1 ? "" : std::string(" (") + p.suffix + ")");
            entry.elements.push_back(add(p.kind, id, c.id, p.note, label, d, p.rigid));
        }
        m_g.components.push_back(entry);
        return entry.elements;
    }

    // a junction inside a component
    int addJunction(BgKind kind, const ComponentSpec& c, const std::string& id, const std::string& note, Domain d)
    {
        return add(kind, id, c.id, note, words(c.type) + " '" + c.id + "'", d);
    }

    // bond elements to a junction. Half-arrows (LAB_FORMAT section 5's example): sources and
    // storage point into the junction (power they deliver), resistors away from it (power they
    // dissipate)
    void bondTo(const std::vector<int>& elements, int junction)
    {
        for (int e : elements) {
            const BgKind k = m_g.element(e).kind;
            if (k == BgKind::Se || k == BgKind::Sf) bondSource(e, junction);
            else if (k == BgKind::C || k == BgKind::I) m_g.addBond(e, junction);
            else m_g.addBond(junction, e);
        }
    }

    // between two mechanical nodes an element sits on a 0-junction of their relative motion;
    // grounded (node_b ground or absent) it attaches to node_a's 1-junction directly.
    // A driving source (torque/force step, motor) points its power at node_a.
    void relative(const ComponentSpec& c, const std::vector<Part>& parts, const std::string& note, bool drives)
    {
        const Port a = port(c, "node_a"), b = port(c, "node_b");
        if (!isMech(a)) return skip(c, "node_a names no rotational or translational node");
        if (!isMechOrGround(b)) return skip(c, "node_b names no rotational or translational node");
        const Domain d = m_nodes[static_cast<std::size_t>(a.node)].domain;
        const std::vector<int> els = addParts(c, parts, note, d);
        int at = junction(a);
        if (b.kind == PortKind::Node) {
            const int ja = at;
            at = addJunction(BgKind::Zero, c, gen("j0_" + c.id), "relative motion of '" + nodeId(a) + "' and '" + nodeId(b) + "'", d);
            if (drives) {
                m_g.addBond(at, ja);
                m_g.addBond(junction(b), at);
            } else {
                m_g.addBond(ja, at);
                m_g.addBond(at, junction(b));
            }
        }
        bondTo(els, at);
    }

    // between two nodes of one domain on a 1-junction of their common flow (orifice, flow source, conductor)
    void commonFlow(const ComponentSpec& c, Domain d, const Part& part)
    {
        const Port a = port(c, "node_a"), b = port(c, "node_b");
        if (!is(a, d) || !is(b, d)) return skip(c, std::string("node_a and node_b must name ") + domainName(d) + " nodes");
        const std::vector<int> els = addParts(c, {part}, part.note, d);
        const int j = addJunction(BgKind::One, c, gen("j1_" + c.id), "common flow through '" + c.id + "'", d);
        m_g.addBond(junction(a), j);
        m_g.addBond(j, junction(b));
        bondTo(els, j);
    }

    // on one node (accumulator, pressure source, heat source)
    void onePort(const ComponentSpec& c, Domain d, const Part& part)
    {
        const Port a = port(c, "node_a");
        if (!is(a, d)) return skip(c, std::string("node_a must name a ") + domainName(d) + " node");
        bondTo(addParts(c, {part}, part.note, d), junction(a));
    }

    // a two-port TF from node_a to node_b (gear, transformer, locked clutch)
    void twoPortTf(const ComponentSpec& c, const std::string& note, bool rigid)
    {
        const Port a = port(c, "node_a"), b = port(c, "node_b");
        const bool mech = isMech(a);
        if (!mech && !is(a, Domain::Hydraulic)) return skip(c, "node_a names no rotational, translational or hydraulic node");
        if (mech ? !isMechOrGround(b) : !is(b, Domain::Hydraulic)) return skip(c, "node_b must name a node of node_a's domain");
        const int tf = addParts(c, {Part{BgKind::TF, "tf", note, rigid && mech}}, note, m_nodes[static_cast<std::size_t>(a.node)].domain).front();
        m_g.addBond(junction(a), tf);
        m_g.addBond(tf, junction(b));
    }

    void mapComponent(const ComponentSpec& c, bool clutchLocked);
    void planetary(const ComponentSpec& c);
    void pump(const ComponentSpec& c);
    void converter(const ComponentSpec& c);
    void cylinder(const ComponentSpec& c);
    void heatPort(const ComponentSpec& c);
};

void Mapper::mapComponent(const ComponentSpec& c, bool clutchLocked)
{
    const std::string& t = c.type;
    const double damping = number(c.parameters, "damping", 0.0);
    if (t == "torque_step" || t == "force_step") {
        relative(c, {Part{BgKind::Se, "se", "prescribed " + std::string(t == "torque_step" ? "torque" : "force") + " (with its support)"}},
                 "ideal effort source", true);
    } else if (t == "motor") {
        relative(c, {Part{BgKind::Se, "se", "torque source modulated by its command and speed (stator: node_b)"}}, "modulated effort source", true);
    } else if (t == "cylinder") {
        relative(c, {Part{BgKind::Se, "se", "gas work on the crank (a modulated Se, set by crank angle and fuel; reaction on the ground)"}},
                 "engine cylinder", true);
    } else if (t == "damper" || t == "translational_damper") {
        relative(c, {Part{BgKind::R, "r", "viscous damper"}}, "viscous damper", false);
    } else if (t == "spring" || t == "translational_spring") {
        if (damping > 0.0)
            relative(c, {Part{BgKind::C, "spring", "spring compliance"}, Part{BgKind::R, "damping", "parallel damping"}},
                     "spring with parallel damping", false);
        else
            relative(c, {Part{BgKind::C, "spring", "spring compliance"}}, "spring compliance", false);
    } else if (t == "clutch") {
        if (clutchLocked) {
            twoPortTf(c, "locked at the start: a rigid 1:1 constraint, solved by projection", true);
            m_g.lockedClutches.push_back(c.id);
        } else {
            relative(c, {Part{BgKind::Se, "friction", "slipping: a friction effort (a modulated Se, set by its capacity)"}},
                     "slipping clutch", false);
        }
        const Port p = port(c, "pressure_node");
        if (is(p, Domain::Hydraulic)) m_g.signalLinks.push_back(BgSignal{nodeId(p), c.id, "pressure_node"});
    } else if (t == "gear") {
        twoPortTf(c, "ideal rigid gear: speed_a = ratio speed_b, solved by projection", true);
    } else if (t == "transformer") {
        twoPortTf(c, "ideal transformer: effort_b = ratio effort_a, flow_a = ratio flow_b", true);
    } else if (t == "planetary") {
        planetary(c);
    } else if (t == "torque_converter") {
        const Port a = port(c, "node_a"), b = port(c, "node_b");
        if (!is(a, Domain::Rotational) || !is(b, Domain::Rotational)) return skip(c, "pump and turbine must be rotational nodes");
        const std::string note = "quasi-steady two-port R (torques from the two speeds; stator grounded, no work)";
        const int r = addParts(c, {Part{BgKind::R, "r", note}}, note, Domain::Rotational).front();
        for (const Port& p : {a, b}) m_g.fixPort(r, m_g.addBond(junction(p), r), BgPortFix::EffortOut);
    } else if (t == "orifice") {
        commonFlow(c, Domain::Hydraulic, Part{BgKind::R, "r", "flow restriction (laminar or turbulent; a valve with its opening)"});
    } else if (t == "flow_source") {
        commonFlow(c, Domain::Hydraulic, Part{BgKind::Sf, "sf", "prescribed flow from node_a to node_b"});
    } else if (t == "thermal_conductor") {
        commonFlow(c, Domain::Thermal, Part{BgKind::R, "r", "thermal conductance"});
    } else if (t == "accumulator") {
        onePort(c, Domain::Hydraulic, Part{BgKind::C, "c", "gas-charged accumulator (pressure-setting storage)"});
    } else if (t == "pressure_source") {
        onePort(c, Domain::Hydraulic, Part{BgKind::Se, "se", "ideal pressure source"});
    } else if (t == "heat_source") {
        onePort(c, Domain::Thermal, Part{BgKind::Sf, "sf", "prescribed heat flow"});
    } else if (t == "pump") {
        pump(c);
    } else if (t == "mechanical_converter") {
        converter(c);
    } else if (t == "hydraulic_cylinder") {
        cylinder(c);
    } else {
        m_g.notes.push_back("component '" + c.id + "' has the type '" + t + "', which has no bond-graph mapping");
        m_g.unmapped.push_back(c.id);
        return;
    }
    heatPort(c);
}

// Willis: Zs ws + Zr wr = (Zs + Zr) wc. Two TFs (Zs/(Zs+Zr), Zr/(Zs+Zr)) add the sun's and
// the ring's contributions on a 0-junction whose summed flow is the carrier's speed.
void Mapper::planetary(const ComponentSpec& c)
{
    const Port s = port(c, "node_a"), r = port(c, "node_b"), k = port(c, "node_c");
    for (const Port& p : {s, r, k}) {
        if (!(is(p, Domain::Rotational) || p.kind == PortKind::Ground)) return skip(c, "sun, ring and carrier must be rotational nodes or ground");
    }
    const std::vector<int> els = addParts(c,
                                          {Part{BgKind::TF, "sun", "sun share of the carrier speed, Zs/(Zs+Zr)", true},
                                           Part{BgKind::TF, "ring", "ring share of the carrier speed, Zr/(Zs+Zr)", true},
                                           Part{BgKind::Zero, "sum", "carrier speed: sum of the two shares (common torque)", true}},
                                          "planetary set (Willis equation), rigid, solved by projection", Domain::Rotational);
    m_g.addBond(junction(s), els[0]);
    m_g.addBond(els[0], els[2]);
    m_g.addBond(junction(r), els[1]);
    m_g.addBond(els[1], els[2]);
    m_g.addBond(els[2], junction(k));
}

// TF from the shaft's speed to the displacement flow on a 1-junction from inlet to outlet;
// leakage is an R from outlet back to inlet. With a delivery table the pump is not a freely
// reversible flow source: its TF must take the shaft's speed (the fluid cannot drive it).
void Mapper::pump(const ComponentSpec& c)
{
    const Port shaft = port(c, "node_a"), in = port(c, "node_b"), out = port(c, "node_c");
    if (!is(shaft, Domain::Rotational)) return skip(c, "node_a must name a rotational node (the shaft)");
    if (!is(in, Domain::Hydraulic) || !is(out, Domain::Hydraulic)) return skip(c, "node_b and node_c must name hydraulic nodes");
    const bool leak = number(c.parameters, "leakage_conductance", 0.0) > 0.0;
    const bool table = has(c.parameters, "delivery_table");
    std::vector<Part> parts{Part{BgKind::TF, "tf", table ? "displacement (delivery scaled by the table; shaft speed in, never driven by the flow)"
                                                          : "displacement: flow = displacement x shaft speed"}};
    if (leak) parts.push_back(Part{BgKind::R, "leakage", "internal leakage from outlet to inlet"});
    const std::vector<int> els = addParts(c, parts, "shaft-driven pump", Domain::Rotational);
    m_g.element(els[0]).domain = Domain::Rotational; // its first port is the shaft
    if (leak) m_g.element(els[1]).domain = Domain::Hydraulic;
    const int j = addJunction(BgKind::One, c, gen("j1_" + c.id), "displacement flow through '" + c.id + "'", Domain::Hydraulic);
    const int shaftBond = m_g.addBond(junction(shaft), els[0]);
    m_g.addBond(els[0], j);
    m_g.addBond(junction(in), j);
    m_g.addBond(j, junction(out));
    if (table) m_g.fixPort(els[0], shaftBond, BgPortFix::EffortOut);
    if (leak) {
        const int jl = addJunction(BgKind::One, c, gen("j1_" + c.id) + ".leakage", "leakage flow through '" + c.id + "'", Domain::Hydraulic);
        m_g.addBond(junction(out), jl);
        m_g.addBond(jl, junction(in));
        m_g.addBond(jl, els[1]);
    }
}

// TF from the chamber pressure to the shaft torque; with compressibility the chamber's oil is a
// C on node_a's 0-junction
void Mapper::converter(const ComponentSpec& c)
{
    const Port a = port(c, "node_a"), b = port(c, "node_b");
    if (!is(a, Domain::Hydraulic) || !is(b, Domain::Rotational)) return skip(c, "node_a must be hydraulic and node_b rotational");
    const bool compressible = has(c.parameters, "compressibility") && c.parameters["compressibility"].is_boolean() &&
                              c.parameters["compressibility"].get<bool>();
    std::vector<Part> parts{Part{BgKind::TF, "tf", "displacement: torque = displacement x pressure, flow = displacement x speed"}};
    if (compressible) parts.push_back(Part{BgKind::C, "chamber", "compliance of the chamber oil (on node_a)"});
    const std::vector<int> els = addParts(c, parts, "rotary mechanical converter", Domain::Hydraulic);
    m_g.addBond(junction(a), els[0]);
    m_g.addBond(els[0], junction(b));
    if (compressible) m_g.addBond(els[1], junction(a));
}

// two TFs on one rod: A_A from chamber A, -A_B from chamber B
void Mapper::cylinder(const ComponentSpec& c)
{
    const Port a = port(c, "node_a"), b = port(c, "node_b"), rod = port(c, "node_c");
    if (!is(a, Domain::Hydraulic) || !is(b, Domain::Hydraulic)) return skip(c, "chambers A and B must be hydraulic nodes");
    if (!is(rod, Domain::Translational)) return skip(c, "the rod must be a translational node");
    const std::vector<int> els = addParts(c,
                                          {Part{BgKind::TF, "a", "piston side: force A_A p_A, flow A_A v"},
                                           Part{BgKind::TF, "b", "rod side: force -A_B p_B, flow -A_B v"}},
                                          "double-acting cylinder", Domain::Hydraulic);
    m_g.addBond(junction(a), els[0]);
    m_g.addBond(els[0], junction(rod));
    m_g.addBond(junction(b), els[1]);
    m_g.addBond(els[1], junction(rod));
}

// dissipated heat reaches a thermal node one way: a flow source of the thermal sub-graph
void Mapper::heatPort(const ComponentSpec& c)
{
    const Port h = port(c, "heat_node");
    if (h.kind == PortKind::Absent) return;
    if (!is(h, Domain::Thermal)) {
        m_g.notes.push_back("component '" + c.id + "': heat_node names no thermal node; its heat is not analysed");
        return;
    }
    const int sf = add(BgKind::Sf, c.id + ".heat", c.id, "heat dissipated by '" + c.id + "' into '" + nodeId(h) + "' (one way)",
                       words(c.type) + " '" + c.id + "' (heat)", Domain::Thermal);
    bondSource(sf, junction(h));
}

} // namespace

BondGraph buildBondGraph(const LabSpec& spec, const std::vector<bool>& clutchLocked)
{
    return Mapper(spec, clutchLocked).run();
}

std::vector<bool> initialClutchLocks(const LabSpec& spec)
{
    // the compiler's rule (Clutch::startsLocked on the compiled initial state) whenever the
    // lab compiles
    std::vector<bool> locked;
    const CompileResult r = compile(spec);
    if (r.model) {
        for (const auto& p : r.model->params.of<Clutch>()) locked.push_back(Clutch::locked(p, r.model->flagInit.data()));
        return locked;
    }
    // a lab the compiler refuses: the same rule on what the file says (a pressure-applied
    // clutch counts as able to carry torque)
    const auto speed = [&](const ComponentSpec& c, const char* port) {
        const std::string* id = c.port(port);
        const NodeSpec* n = id && *id != kGroundId ? spec.findNode(*id) : nullptr;
        const double w = n && n->domain == "rotational" ? number(n->fields, "initial_speed", 0.0) : 0.0;
        return std::isfinite(w) ? w : 0.0;
    };
    for (const ComponentSpec& c : spec.components) {
        if (c.type != "clutch") continue;
        const double wa = speed(c, "node_a"), wb = speed(c, "node_b");
        const std::string* pressure = c.port("pressure_node");
        const double capacity = pressure && !pressure->empty() ? 1.0 : number(c.inputs, "capacity", 0.0);
        locked.push_back(Clutch::startsLocked(wa, wb, std::isfinite(capacity) ? capacity : 0.0));
    }
    return locked;
}

} // namespace drivelab
