#pragma once
// Bond-graph causality analysis of a DriveLab network (docs/CAUSALITY.md): is the network
// well posed, and if not, what to change. The report follows LAB_FORMAT section 5 and its
// documented extensions (constrained groups, loop paths, owners, signalLinks, notes).
#include <cstdint>
#include <string>
#include <vector>

#include "compile/model.h"
#include "spec/labspec.h"
#include "util/jsonwrite.h"

namespace drivelab {

/// one bond with its causality
struct CausalityBond {
    std::string from;       ///< element at the tail of the half-arrow (power positive from -> to)
    std::string to;         ///< element at the head of the half-arrow
    std::string strokeAt;   ///< element at the stroked end: it receives the effort ("" when unassigned)
    std::string effortFrom; ///< element that sets the effort ("" when unassigned)
};

/// one element (or a component listed with the elements it expands to)
struct CausalityElement {
    std::string id;                     ///< element id ("engine", "j0_line", "cyl.a") or composite component id
    std::string kind;                   ///< Se, Sf, C, I, R, TF, GY, 0, 1, or "TF + TF" for a composite
    std::string causality;              ///< fixed, integral, derivative, resistance, conductance, mixed, "effort a->b",
                                        ///< "effort from X" (0), "flow from X" (1), composite, conflict, unassigned
    std::string owner;                  ///< node or component id it stands for
    std::string note;                   ///< what it is
    std::vector<std::string> expandsTo; ///< a composite's elements
};

/// inertias made dependent by rigid constraints the solver resolves by projection
struct ConstrainedGroup {
    std::vector<std::string> nodes;      ///< rotational/translational nodes, file order
    std::vector<std::string> components; ///< the rigid components (gear, planetary, locked clutch, transformer), file order
    int independent = 0;                 ///< inertias left in integral causality (independent speeds)
    bool held = false;                   ///< tied to ground by a rigid component
    bool redundant = false;              ///< some constraint repeats others (consistent, rank-deficient)
};

/// equations the solver solves jointly
struct AlgebraicLoop {
    std::vector<std::string> members; ///< the resistors' components, in file order
    std::vector<std::string> path;    ///< one cycle through nodes and components, first == last
};

/// a causal conflict: an error with what to change
struct CausalityConflict {
    std::vector<std::string> elements; ///< node and component ids involved
    std::string junction;              ///< node (or component) id whose junction holds the conflict
    std::string junctionElement;       ///< that junction's element id ("j0_line")
    std::string message;               ///< what is wrong and what to change
};

/// a signal without power (a pressure applying a clutch)
struct CausalitySignal {
    std::string from; ///< node id
    std::string to;   ///< component id
    std::string port; ///< the component's port
};

/// the whole analysis
struct CausalityReport {
    bool consistent = true;                   ///< no conflict
    std::vector<CausalityBond> bonds;         ///< in graph order
    std::vector<CausalityElement> elements;   ///< in graph order, composites before their elements
    std::vector<AlgebraicLoop> loops;         ///< algebraic loops
    std::vector<ConstrainedGroup> groups;     ///< constrained groups
    std::vector<CausalityConflict> conflicts; ///< conflicts
    std::vector<CausalitySignal> signalLinks; ///< signalLinks (no bond)
    std::vector<std::string> lockedClutches;  ///< clutches analysed as locked (the mode)
    std::vector<std::string> notes;           ///< what could not be mapped
};

/// Analyse a lab as written, also one the compiler refuses (clutches locked when their
/// sides start at equal speed, as the compiler decides).
CausalityReport analyzeCausality(const LabSpec& spec);

/// Analyse a compiled model in one clutch mode: bit i of `lockMask` set means the i-th
/// clutch (file order, the solver's lockMask) is locked.
CausalityReport analyzeCausality(const Model& model, std::uint64_t lockMask);

/// the clutch mode a model starts in (bit i: the i-th clutch starts locked)
std::uint64_t initialLockMask(const Model& model);

/// LAB_FORMAT section 5 JSON, with the documented extensions
Json causalityJson(const CausalityReport& report);

/// human-readable text: the stroke of each bond, groups, loops as paths, conflicts
std::string causalityText(const CausalityReport& report);

} // namespace drivelab
