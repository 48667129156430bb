#pragma once
// How a component type reads itself as a bond graph (docs/CAUSALITY.md, "Mapping"). The
// network mapper builds the node junctions, then hands each component to its type's
// `bondGraph(BondGraphReading&)` hook (components/hooks.h), which adds the component's
// elements with the patterns below; the mapper then adds the heat port. What a type says
// here is its one bond-graph reading: the editor's summary (bondGraphSummary) and the
// causality analysis both come from it.
#include <optional>
#include <string>
#include <vector>

#include "analysis/bondgraph.h"
#include "spec/labspec.h"

namespace drivelab {

struct ComponentDescriptor;

class BondGraphReading {
public:
    /// one element a component expands to
    struct Part {
        BgKind kind;
        const char* suffix; ///< id suffix when the component expands to more than one element
        std::string note;   ///< what it is
        bool rigid = false; ///< part of a rigid mechanical constraint
    };
    enum class PortKind { Absent, Ground, Node, Invalid };
    /// a port of the component as the network has it
    struct Port {
        PortKind kind = PortKind::Absent;
        int node = -1; ///< index into the mapped nodes
    };

    BondGraphReading(BondGraph& g, const LabSpec& spec) : m_g(g), m_spec(spec) { }

    // ---- the component being read ------------------------------------------------------
    /// its spec
    const ComponentSpec& component() const { return *m_c; }
    /// a real parameter: the file's value, or the descriptor's default when absent or not a number
    double number(const char* name) const;
    /// a boolean parameter: the file's value, false when absent or not a boolean
    bool flag(const char* name) const;
    /// the file names the parameter
    bool given(const char* name) const;
    /// an input's initial value: the file's, or the descriptor's initial default
    double input(const char* name) const;
    /// the lock state the analysis is asked about (the compiled initial state, or a run's lock
    /// mask); nullopt when the lab does not compile and the type must decide from the file
    std::optional<bool> lockedAtStart() const { return m_locked; }
    /// the initial speed of a port's node (ground and absent: 0; not a number: 0)
    double initialSpeed(const Port& p) const;

    // ---- ports ---------------------------------------------------------------------------
    Port port(const char* name) const;
    bool is(const Port& p, Domain d) const;
    bool isMech(const Port& p) const;
    /// a mechanical node, or ground (named or absent)
    bool isMechOrGround(const Port& p) const;
    const std::string& nodeId(const Port& p) const;
    /// the junction of a port's node; ground (named or absent) is a zero-flow Sf on its own 1-junction
    int junction(const Port& p);

    // ---- the patterns most types are ------------------------------------------------------
    /// between two mechanical nodes on a 0-junction of their relative motion; grounded it sits on
    /// node_a's 1-junction. A driving source points its power at node_a.
    void relative(const std::vector<Part>& parts, const std::string& note, bool drives);
    /// between two nodes of one domain on a 1-junction of their common flow
    void commonFlow(Domain d, const Part& part);
    /// on node_a alone
    void onePort(Domain d, const Part& part);
    /// a two-port TF from node_a to node_b (of one mechanical domain, or both hydraulic)
    void twoPortTf(const std::string& note, bool rigid);

    // ---- building blocks for composite readings -------------------------------------------
    /// the component's elements (one element: the component's own id, else id.suffix)
    std::vector<int> addParts(const std::vector<Part>& parts, const std::string& note, Domain d);
    /// a junction inside the component, id "j0_ID"/"j1_ID" made unique, plus suffix
    int addJunction(BgKind kind, const std::string& suffix, const std::string& note, Domain d);
    /// a bond (half-arrow from -> to)
    int bond(int from, int to) { return m_g.addBond(from, to); }
    /// the element sets the effort on that bond
    void effortOut(int element, int bondIndex) { m_g.fixPort(element, bondIndex, BgPortFix::EffortOut); }
    /// the domain of an element's variables
    void setDomain(int element, Domain d) { m_g.element(element).domain = d; }
    /// a pressure read as a signal (no power) from a hydraulic port
    void signal(const char* portName);
    /// a component with no power bond (a controller): its entry (kind "signal") and the node it reads
    void signalOnly(const std::string& note, const char* readsPort);
    /// the component is analysed as a rigid constraint that exists only while locked
    void lockedConstraint() { m_g.lockedClutches.push_back(m_c->id); }
    /// the component is not analysed (with why)
    void skip(const std::string& why);
    /// it was skipped
    bool skipped() const { return m_skipped; }

    // ---- the mapper's side -----------------------------------------------------------------
    /// map a node (its junction and its own element)
    void mapNode(const NodeSpec& n);
    /// begin a component
    void begin(const ComponentSpec& c, const ComponentDescriptor* desc, std::optional<bool> locked);
    /// its heat port: dissipated heat reaches a thermal node (or, through oil_node, a
    /// thermal-liquid volume's oil) one way; with wall_conductance in a lab with oil the heat
    /// node is a wall: an R between it and the oil the type's wall touches
    void heatPort();
    /// thermal-liquid: the component's losses stay in the oil of `port` (or, when that node is
    /// not a thermal-liquid volume, of `other`), one way; and its wall (heat_node with
    /// wall_conductance) touches the oil of `wallPort`
    void oilLosses(const char* port, const char* other, const char* wallPort);
    /// thermal-liquid: the component's wall (heat_node with wall_conductance) touches the oil of `wallPort`
    void oilWall(const char* wallPort) { m_wallPort = wallPort; }
    /// a note on the graph
    void note(const std::string& text) { m_g.notes.push_back(text); }

private:
    struct NodeSlot {
        std::string id;
        Domain domain = Domain::Rotational;
        int junction = -1;
        int oilJunction = -1; ///< a thermal-liquid volume: the 0-junction of its oil temperature
    };
    const char* m_wallPort = nullptr; ///< the port whose oil the component's wall touches
    /// the oil-temperature junction of a port's node, or -1
    int oilJunction(const Port& p) const;
    std::string gen(const std::string& base) const;
    int add(BgKind kind, const std::string& id, const std::string& owner, const std::string& note, const std::string& label, Domain domain,
            bool rigid = false);
    int addNodeJunction(BgKind kind, const NodeSpec& n, Domain d, const std::string& note, bool rigid);
    void bondSource(int source, int junction);
    void bondTo(const std::vector<int>& elements, int junction);
    std::string label() const;
    std::optional<Domain> partnerDomain() const; // node_a's domain (the sameDomainAsA partner)

    BondGraph& m_g;
    const LabSpec& m_spec;
    std::vector<NodeSlot> m_nodes;
    int m_ground = -1;
    const ComponentSpec* m_c = nullptr;
    const ComponentDescriptor* m_desc = nullptr;
    std::optional<bool> m_locked;
    bool m_skipped = false;
};

/// The bond-graph reading of a type on its own (its editor defaults, ports on fresh nodes):
/// the element kinds and note ("C + R: spring with parallel damping"), or "" for an unknown type
std::string bondGraphSummary(const ComponentDescriptor& d);

} // namespace drivelab
