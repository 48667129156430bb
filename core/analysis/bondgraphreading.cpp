#include "analysis/bondgraphreading.h"

#include <cmath>

#include "spec/descriptor.h"
#include "spec/portrules.h"

namespace drivelab {
namespace {

bool mechanical(Domain d) { return d == Domain::Rotational || d == Domain::Translational; }

bool has(const Json& obj, const char* key) { return obj.is_object() && obj.contains(key); }

} // namespace

// ---- the component ---------------------------------------------------------------------------

double BondGraphReading::number(const char* name) const
{
    const Json& p = m_c->parameters;
    if (has(p, name) && p[name].is_number()) return p[name].get<double>();
    const ParameterDescriptor* d = m_desc ? m_desc->parameter(name) : nullptr;
    return d ? d->fileDefault : 0.0;
}

bool BondGraphReading::flag(const char* name) const
{
    const Json& p = m_c->parameters;
    return has(p, name) && p[name].is_boolean() && p[name].get<bool>();
}

bool BondGraphReading::given(const char* name) const { return has(m_c->parameters, name); }

double BondGraphReading::input(const char* name) const
{
    const Json& in = m_c->inputs;
    if (has(in, name) && in[name].is_number()) return in[name].get<double>();
    const InputDescriptor* d = m_desc ? m_desc->input(name) : nullptr;
    return d ? d->initialDefault : 0.0;
}

double BondGraphReading::initialSpeed(const Port& p) const
{
    if (p.kind != PortKind::Node) return 0.0;
    const NodeSpec* n = m_spec.findNode(m_nodes[static_cast<std::size_t>(p.node)].id);
    if (!n || !has(n->fields, "initial_speed") || !n->fields["initial_speed"].is_number()) return 0.0;
    const double w = n->fields["initial_speed"].get<double>();
    return std::isfinite(w) ? w : 0.0;
}

// ---- ports -----------------------------------------------------------------------------------

BondGraphReading::Port BondGraphReading::port(const char* name) const
{
    Port p;
    const std::string* id = m_c->port(name);
    if (!id) return p;
    if (*id == kGroundId) {
        p.kind = PortKind::Ground;
        return p;
    }
    for (std::size_t i = 0; i < m_nodes.size(); ++i) {
        if (m_nodes[i].id != *id) continue;
        // the port-domain rule the compiler and the editor apply (spec/portrules.h): a node the
        // port may not name is not read as connected
        const PortDescriptor* pd = m_desc ? m_desc->port(name) : nullptr;
        if (pd && checkPortDomain(*pd, m_nodes[i].domain, partnerDomain()) != PortDomainCheck::Accepted) break;
        p.kind = PortKind::Node;
        p.node = static_cast<int>(i);
        return p;
    }
    p.kind = PortKind::Invalid;
    return p;
}

std::optional<Domain> BondGraphReading::partnerDomain() const
{
    const std::string* id = m_c->port("node_a");
    if (!id) return std::nullopt;
    for (const NodeSlot& n : m_nodes) {
        if (n.id == *id) return n.domain;
    }
    return std::nullopt;
}

bool BondGraphReading::is(const Port& p, Domain d) const
{
    return p.kind == PortKind::Node && m_nodes[static_cast<std::size_t>(p.node)].domain == d;
}

bool BondGraphReading::isMech(const Port& p) const
{
    return p.kind == PortKind::Node && mechanical(m_nodes[static_cast<std::size_t>(p.node)].domain);
}

bool BondGraphReading::isMechOrGround(const Port& p) const { return isMech(p) || p.kind == PortKind::Ground || p.kind == PortKind::Absent; }

const std::string& BondGraphReading::nodeId(const Port& p) const
{
    static const std::string ground = kGroundId;
    return p.kind == PortKind::Node ? m_nodes[static_cast<std::size_t>(p.node)].id : ground;
}

int BondGraphReading::junction(const Port& p)
{
    if (p.kind == PortKind::Node) return m_nodes[static_cast<std::size_t>(p.node)].junction;
    if (m_ground < 0) {
        const int sf = add(BgKind::Sf, kGroundId, kGroundId, "the fixed reference (zero speed)", "ground", Domain::Rotational, true);
        m_ground = add(BgKind::One, gen("j1_ground"), kGroundId, "the fixed reference", "ground", Domain::Rotational, true);
        bondSource(sf, m_ground);
    }
    return m_ground;
}

// ---- patterns --------------------------------------------------------------------------------

void BondGraphReading::relative(const std::vector<Part>& parts, const std::string& note, bool drives)
{
    const Port a = port("node_a"), b = port("node_b");
    if (!isMech(a)) return skip("node_a names no rotational or translational node");
    if (!isMechOrGround(b)) return skip("node_b names no rotational or translational node");
    const Domain d = m_nodes[static_cast<std::size_t>(a.node)].domain;
    const std::vector<int> els = addParts(parts, note, d);
    int at = junction(a);
    if (b.kind == PortKind::Node) {
        const int ja = at;
        at = add(BgKind::Zero, gen("j0_" + m_c->id), m_c->id, "relative motion of '" + nodeId(a) + "' and '" + nodeId(b) + "'", label(), d);
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

void BondGraphReading::commonFlow(Domain d, const Part& part)
{
    const Port a = port("node_a"), b = port("node_b");
    if (!is(a, d) || !is(b, d)) return skip(std::string("node_a and node_b must name ") + domainName(d) + " nodes");
    const std::vector<int> els = addParts({part}, part.note, d);
    const int j = add(BgKind::One, gen("j1_" + m_c->id), m_c->id, "common flow through '" + m_c->id + "'", label(), d);
    m_g.addBond(junction(a), j);
    m_g.addBond(j, junction(b));
    bondTo(els, j);
}

void BondGraphReading::onePort(Domain d, const Part& part)
{
    const Port a = port("node_a");
    if (!is(a, d)) return skip(std::string("node_a must name a ") + domainName(d) + " node");
    bondTo(addParts({part}, part.note, d), junction(a));
}

void BondGraphReading::twoPortTf(const std::string& note, bool rigid)
{
    const Port a = port("node_a"), b = port("node_b");
    const bool mech = isMech(a);
    if (!mech && !is(a, Domain::Hydraulic)) return skip("node_a names no rotational, translational or hydraulic node");
    if (mech ? !isMechOrGround(b) : !is(b, Domain::Hydraulic)) return skip("node_b must name a node of node_a's domain");
    const int tf = addParts({Part{BgKind::TF, "tf", note, rigid && mech}}, note, m_nodes[static_cast<std::size_t>(a.node)].domain).front();
    m_g.addBond(junction(a), tf);
    m_g.addBond(tf, junction(b));
}

// ---- building blocks -------------------------------------------------------------------------

std::string BondGraphReading::label() const
{
    std::string w = m_c->type; // "flow_source" -> "flow source"
    for (char& ch : w) {
        if (ch == '_') ch = ' ';
    }
    return w + " '" + m_c->id + "'";
}

std::vector<int> BondGraphReading::addParts(const std::vector<Part>& parts, const std::string& note, Domain d)
{
    BgComponentEntry entry;
    entry.id = m_c->id;
    entry.note = note;
    for (const Part& p : parts) {
        entry.kind += std::string(entry.kind.empty() ? "" : " + ") + bgKindName(p.kind);
        const std::string id = parts.size() == 1 ? m_c->id : m_c->id + "." + p.suffix;
        const std::string lbl = label() + (parts.size() == 1 ? "" : std::string(" (") + p.suffix + ")");
        entry.elements.push_back(add(p.kind, id, m_c->id, p.note, lbl, d, p.rigid));
    }
    m_g.components.push_back(entry);
    return entry.elements;
}

int BondGraphReading::addJunction(BgKind kind, const std::string& suffix, const std::string& note, Domain d)
{
    return add(kind, gen((kind == BgKind::Zero ? "j0_" : "j1_") + m_c->id) + suffix, m_c->id, note, label(), d);
}

void BondGraphReading::signal(const char* portName)
{
    const Port p = port(portName);
    if (is(p, Domain::Hydraulic)) m_g.signalLinks.push_back(BgSignal{nodeId(p), m_c->id, portName});
}

void BondGraphReading::signalOnly(const std::string& note, const char* readsPort)
{
    BgComponentEntry entry;
    entry.id = m_c->id;
    entry.kind = "signal";
    entry.note = note;
    m_g.components.push_back(entry);
    const Port p = port(readsPort);
    if (isMech(p)) m_g.signalLinks.push_back(BgSignal{nodeId(p), m_c->id, readsPort});
}

void BondGraphReading::skip(const std::string& why)
{
    m_skipped = true;
    m_g.notes.push_back("component '" + m_c->id + "' (" + m_c->type + ") is not analysed: " + why);
}

std::string BondGraphReading::gen(const std::string& base) const
{
    std::string id = base;
    for (int n = 2; m_spec.idTaken(id); ++n) id = base + "_" + std::to_string(n);
    return id;
}

int BondGraphReading::add(BgKind kind, const std::string& id, const std::string& owner, const std::string& note, const std::string& lbl,
                          Domain domain, bool rigid)
{
    const int e = m_g.addElement(kind, id, owner, note, rigid);
    m_g.element(e).label = lbl;
    m_g.element(e).domain = domain;
    return e;
}

int BondGraphReading::addNodeJunction(BgKind kind, const NodeSpec& n, Domain d, const std::string& note, bool rigid)
{
    const int j = add(kind, gen((kind == BgKind::Zero ? "j0_" : "j1_") + n.id), n.id, note, "node '" + n.id + "'", d, rigid);
    m_g.element(j).nodeJunction = true;
    return j;
}

// a source's bond points into the junction; Se sets the effort, Sf the flow
void BondGraphReading::bondSource(int source, int junction)
{
    const int b = m_g.addBond(source, junction);
    m_g.fixPort(source, b, m_g.element(source).kind == BgKind::Se ? BgPortFix::EffortOut : BgPortFix::EffortIn);
}

// Half-arrows (LAB_FORMAT section 5's example): sources and storage point into the junction
// (power they deliver), resistors away from it (power they dissipate)
void BondGraphReading::bondTo(const std::vector<int>& elements, int junction)
{
    for (int e : elements) {
        const BgKind k = m_g.element(e).kind;
        if (k == BgKind::Se || k == BgKind::Sf)
            bondSource(e, junction);
        else if (k == BgKind::C || k == BgKind::I)
            m_g.addBond(e, junction);
        else
            m_g.addBond(junction, e);
    }
}

// ---- the mapper's side -----------------------------------------------------------------------

void BondGraphReading::mapNode(const NodeSpec& n)
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
        // a thermal-liquid volume: a two-port C (oil mass and internal energy) whose second
        // port is the 0-junction of the oil temperature (pseudo bond graph: T and heat flow)
        if (own >= 0 && m_g.element(own).kind == BgKind::C && has(n.fields, "initial_temperature") && m_spec.oil.is_object()) {
            m_g.element(own).note = "thermal-liquid oil volume of node '" + n.id + "' (two-port C: pressure and temperature)";
            slot.oilJunction = add(BgKind::Zero, gen("j0_" + n.id) + ".oil", n.id, "oil temperature of '" + n.id + "'",
                                   "the oil temperature of '" + n.id + "'", Domain::Thermal);
            m_g.addBond(own, slot.oilJunction);
        }
        if (own < 0)
            m_g.element(slot.junction).pureJunction = true;
        else if (m_g.element(own).kind == BgKind::Se)
            bondSource(own, slot.junction);
        else
            m_g.addBond(own, slot.junction);
    } else {
        // thermal (a pseudo bond graph: temperature and heat flow): a C, and to the ambient an R
        // against an ambient-temperature Se
        const int c = add(BgKind::C, n.id, n.id, "heat capacity of '" + n.id + "'", "the heat capacity of '" + n.id + "'", d);
        slot.junction = addNodeJunction(BgKind::Zero, n, d, "common temperature of '" + n.id + "'", false);
        m_g.addBond(c, slot.junction);
        const Json& f = n.fields;
        if (has(f, "ambient_conductance") && f["ambient_conductance"].is_number() && f["ambient_conductance"].get<double>() > 0.0) {
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

void BondGraphReading::begin(const ComponentSpec& c, const ComponentDescriptor* desc, std::optional<bool> locked)
{
    m_c = &c;
    m_desc = desc;
    m_locked = locked;
    m_skipped = false;
}

int BondGraphReading::oilJunction(const Port& p) const
{
    return p.kind == PortKind::Node ? m_nodes[static_cast<std::size_t>(p.node)].oilJunction : -1;
}

void BondGraphReading::oilLosses(const char* portName, const char* other, const char* wallPort)
{
    m_wallPort = wallPort;
    int j = oilJunction(port(portName));
    if (j < 0) j = oilJunction(port(other));
    if (j < 0) return;
    const int sf = add(BgKind::Sf, m_c->id + ".losses", m_c->id, "losses of '" + m_c->id + "' left in the oil (one way)",
                       label() + " (losses into the oil)", Domain::Thermal);
    bondSource(sf, j);
}

void BondGraphReading::heatPort()
{
    const char* wallPort = m_wallPort;
    m_wallPort = nullptr;
    const Port oil = port("oil_node");
    if (oilJunction(oil) >= 0) {
        const int sf = add(BgKind::Sf, m_c->id + ".heat", m_c->id,
                           "heat dissipated by '" + m_c->id + "' into the oil of '" + nodeId(oil) + "' (one way)", label() + " (heat)",
                           Domain::Thermal);
        bondSource(sf, oilJunction(oil));
        return;
    }
    const Port h = port("heat_node");
    if (h.kind == PortKind::Absent) return;
    const int wallOil = wallPort && given("wall_conductance") ? oilJunction(port(wallPort)) : -1;
    if (wallOil >= 0 && is(h, Domain::Thermal)) {
        // a wall: heat G (T_oil - T_wall) both ways, an R on the 1-junction of the heat flow
        const int j = add(BgKind::One, gen("j1_" + m_c->id) + ".wall", m_c->id, "heat flow through the wall of '" + m_c->id + "'",
                          label() + " (wall)", Domain::Thermal);
        const int r = add(BgKind::R, m_c->id + ".wall", m_c->id, "wall conductance of '" + m_c->id + "'", label() + " (wall)",
                          Domain::Thermal);
        m_g.addBond(wallOil, j);
        m_g.addBond(j, junction(h));
        m_g.addBond(j, r);
        return;
    }
    if (!is(h, Domain::Thermal)) {
        m_g.notes.push_back("component '" + m_c->id + "': heat_node names no thermal node; its heat is not analysed");
        return;
    }
    const int sf = add(BgKind::Sf, m_c->id + ".heat", m_c->id, "heat dissipated by '" + m_c->id + "' into '" + nodeId(h) + "' (one way)",
                       label() + " (heat)", Domain::Thermal);
    bondSource(sf, junction(h));
}

} // namespace drivelab
