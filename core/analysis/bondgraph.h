#pragma once
// The bond graph of a DriveLab network: elements (junctions, sources, storages,
// resistors, transformers) joined by bonds. Pure structure: the causality assigned
// to the bonds lives in CausalityAssignment (causalityassigner.h).
#include <cstdint>
#include <string>
#include <vector>

#include "spec/descriptor.h"

namespace drivelab {

/// kind of a bond-graph element (bond-graph usage)
enum class BgKind : std::uint8_t { Se, Sf, C, I, R, TF, GY, Zero, One };

/// "Se", "Sf", "C", "I", "R", "TF", "GY", "0", "1"
const char* bgKindName(BgKind k);

/// what the causality procedure demands at one port of an element
enum class BgPortFix : std::uint8_t {
    Free,      ///< decided by the procedure
    EffortOut, ///< the element sets the effort on this bond (Se; a pump's shaft side; converter ports)
    EffortIn,  ///< the element receives the effort on this bond, it sets the flow (Sf)
};

/// one element of the graph
struct BgElement {
    std::string id;                     ///< element id ("engine", "j0_line", "cyl.a"); unique in the graph
    BgKind kind = BgKind::R;            ///< element kind
    std::string owner;                  ///< node or component id it stands for ("ground" for the reference)
    std::string note;                   ///< what it is, for people ("oil volume of node 'line'", "locked at the start: ...")
    std::string label;                  ///< how a message names it ("accumulator 'acc1'", "the oil volume of 'line'")
    Domain domain = Domain::Rotational; ///< domain of its efforts and flows (a junction's; a TF's first port)
    bool nodeJunction = false;          ///< the junction of a node (not one inside a component)
    bool rigid = false;                 ///< part of a rigid mechanical constraint the solver projects (gear, planetary,
                                        ///< locked clutch, mechanical transformer), a mechanical node's junction or
                                        ///< inertia, or the ground reference
    bool pureJunction = false;          ///< a hydraulic node's 0-junction without storage of its own
    std::vector<int> bonds;             ///< its bonds, in port order
    std::vector<BgPortFix> fix;         ///< per port: what the procedure must respect
};

/// one bond: the half-arrow points from -> to (positive power); causality is separate
struct BgBond {
    int from = -1; ///< element index at the tail of the half-arrow
    int to = -1;   ///< element index at the head of the half-arrow
};

/// a component listed with the elements it expands to (composites, and every component)
struct BgComponentEntry {
    std::string id;            ///< component id
    std::string kind;          ///< element kinds it expands to ("TF + TF", "R", "Se")
    std::string note;          ///< short description
    std::vector<int> elements; ///< its elements (one for a plain component)
};

/// a signal (no power): a hydraulic pressure that sets a clutch's capacity
struct BgSignal {
    std::string from; ///< node id the signal is read from
    std::string to;   ///< component id it modulates
    std::string port; ///< the component's port ("pressure_node")
};

/// The graph. Elements and bonds are kept in creation order (nodes in file order, then
/// components in file order), so everything derived from it is deterministic.
class BondGraph {
public:
    /// add an element; an id already taken gets a suffix ("_2", "_3", ...) to stay unique
    int addElement(BgKind kind, const std::string& id, const std::string& owner, const std::string& note = {}, bool rigid = false);
    /// add a bond from -> to (half-arrow direction); returns its index
    int addBond(int from, int to);
    /// require the element's side of a bond to set (or receive) the effort
    void fixPort(int element, int bond, BgPortFix fix);

    /// all elements
    const std::vector<BgElement>& elements() const { return m_elements; }
    /// one element (mutable while the graph is built)
    BgElement& element(int i) { return m_elements[static_cast<std::size_t>(i)]; }
    /// one element
    const BgElement& element(int i) const { return m_elements[static_cast<std::size_t>(i)]; }
    /// all bonds
    const std::vector<BgBond>& bonds() const { return m_bonds; }
    /// one bond
    const BgBond& bond(int b) const { return m_bonds[static_cast<std::size_t>(b)]; }
    /// the element at the other end of a bond
    int other(int bond, int element) const
    {
        const BgBond& b = m_bonds[static_cast<std::size_t>(bond)];
        return b.from == element ? b.to : b.from;
    }
    /// element index by id, or -1
    int find(const std::string& id) const;
    /// port index of a bond at an element, or -1
    int portOf(int element, int bond) const;

    /// components with the elements they expand to, in file order
    std::vector<BgComponentEntry> components;
    /// signals (no power) in file order
    std::vector<BgSignal> signalLinks;
    /// what the builder could not map (unknown nodes, unknown types), for the report
    std::vector<std::string> notes;
    /// clutches analysed as locked (rigid), in file order
    std::vector<std::string> lockedClutches;
    /// components whose type has no bond-graph mapping (each is reported as a conflict)
    std::vector<std::string> unmapped;

private:
    std::vector<BgElement> m_elements;
    std::vector<BgBond> m_bonds;
};

} // namespace drivelab
