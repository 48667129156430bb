#pragma once
// Sequential causality assignment on a bond graph (docs/CAUSALITY.md, "Procedure"):
// fixed causality of sources, then ports whose law fixes them (a pump with a delivery
// table, the converter), then storage in integral causality, then resistors, each choice
// propagated through 0/1 junctions and transformers. Every assignment remembers why it was
// made, so a storage left in derivative causality or a junction whose rule fails can be
// traced back to the elements that forced it.
#include <vector>

#include "analysis/bondgraph.h"

namespace drivelab {

/// why a bond has its causality
struct BondReason {
    int by = -1;               ///< element whose choice or rule set it (-1: unassigned)
    bool chosen = false;       ///< a choice (source, fixed port, storage, resistor, free bond), not a propagation
    std::vector<int> triggers; ///< bonds whose causality forced it (propagation)
};

/// a rule that could not be met
struct CausalityContradiction {
    /// what went wrong
    enum class Kind {
        TooMany,  ///< 0-junction with two effort-setting bonds, or 1-junction with two flow-setting bonds
        None,     ///< junction whose every bond is decided and none sets its effort (0) or flow (1)
        Opposite, ///< a transformer passing effort in at both ports (or out at both), or a fixed port set the other way
    };
    Kind kind = Kind::TooMany; ///< what went wrong
    int element = -1;          ///< where (junction, transformer, element with a fixed port)
    std::vector<int> bonds;    ///< the competing bonds
};

/// the causality of every bond
struct CausalityAssignment {
    std::vector<int> effortFrom;     ///< per bond: element that sets the effort (-1: unassigned); the stroke is at the other end
    std::vector<BondReason> reasons; ///< per bond: why
    std::vector<CausalityContradiction> contradictions; ///< rules that failed, in the order found
    std::vector<bool> bad;                              ///< per element: a contradiction was found there (its rule is no longer applied)

    /// true when the element receives the effort on the bond (its port takes effort in)
    bool effortIn(const BondGraph& g, int bond, int element) const
    {
        return effortFrom[static_cast<std::size_t>(bond)] == g.other(bond, element);
    }
    /// true when the bond has a causality
    bool assigned(int bond) const { return effortFrom[static_cast<std::size_t>(bond)] >= 0; }
};

/// assign the causality of every bond of `g`
CausalityAssignment assignCausality(const BondGraph& g);

/// the elements behind the causality of some bonds: where the choices were made and what carried them
struct CausalChain {
    std::vector<int> origins; ///< elements whose choices started it, in discovery order
    std::vector<int> through; ///< elements whose rules carried it, from the bonds back towards the origins
};

/// follow the reasons of `bonds` back to the choices that forced them
CausalChain traceCausality(const CausalityAssignment& a, const std::vector<int>& bonds);

/// true when a storage element (C or I) is in integral causality
bool integralCausality(const BondGraph& g, const CausalityAssignment& a, int element);

} // namespace drivelab
