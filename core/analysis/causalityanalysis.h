#pragma once
// From an assigned bond graph to the report: causality per element, storage left in
// derivative causality and failed rules classified (a dependent inertia of a constrained
// group, a repeated rigid constraint, or a conflict with what to change), constrained
// groups, algebraic loops. Internal to core/analysis; the API is causality.h.
#include <string>
#include <vector>

#include "analysis/bondgraph.h"
#include "analysis/causality.h"
#include "analysis/causalityassigner.h"

namespace drivelab {

class CausalityAnalysis {
public:
    /// assign the causality of `g` (kept by reference: it must outlive the analysis)
    explicit CausalityAnalysis(const BondGraph& g);
    /// the report
    CausalityReport run();

private:
    const BondGraph& m_g;
    CausalityAssignment m_a;
    CausalityReport m_r;
    std::vector<int> m_root;       // union-find over elements: rigid constrained groups
    std::vector<int> m_redundant;  // elements of repeated rigid constraints
    std::vector<int> m_repeatedAt; // junctions where a repeated rigid constraint met the others
    std::vector<int> m_reversed;   // elements whose fixed port was set the other way (they explain what follows)

    const BgElement& el(int e) const { return m_g.element(e); }
    int find(int e);
    bool isGround(int e) const;
    void unionRigid();
    bool rigidChain(const CausalChain& c) const;
    std::string labels(const std::vector<int>& es) const;
    std::vector<int> carriers(const CausalChain& c, int junction) const;
    std::string through(const CausalChain& chain, int junction) const;
    int pureJunctionOn(const CausalChain& c) const;
    int nodeJunctionOn(const CausalChain& c) const;
    bool hasStorage(int junction) const;
    std::vector<int> flowSetters(int e, const CausalChain& c) const;
    std::vector<int> ofKind(const std::vector<int>& es, BgKind k) const;
    void conflict(int junction, const CausalChain& chain, const std::vector<int>& last, const std::string& message);

    // classification (causalityanalysis.cpp)
    void classifyStorage();
    void classifyContradictions();
    // listing (causalitylists.cpp)
    void listBonds();
    void listElements();
    void listGroups();
    void listLoops();
    std::string causalityOf(int e) const;
};

/// "torque", "force", "pressure", "temperature"
const char* effortWord(Domain d);
/// "speed", "velocity", "flow", "heat flow"
const char* flowWord(Domain d);

} // namespace drivelab
