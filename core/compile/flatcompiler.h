#pragma once
// The compiler of a flat lab (compileFlatLab, compilerflat.h), its passes split by section:
// compiler.cpp (the order of the passes, ids, run settings, signals, the state count),
// compilernodes.cpp (nodes and their dynamic states), compilercomponents.cpp (components,
// prescribed states, hook tables, Jacobian pattern), compilerevents.cpp (events, idle inputs).
// Only those files include it.
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "compile/compilecontext.h"
#include "compile/compileresult.h"
#include "compile/inputbinder.h"
#include "compile/model.h"

namespace drivelab {

/// one compile of a flat lab (compileFlatLab makes one and runs it once)
class FlatCompiler {
public:
    FlatCompiler(const LabSpec& spec, const CompileLimits& limits, Json parts) : m_spec(spec), m_limits(limits), m_parts(std::move(parts)) { }

    /// every pass in order; the model when there is no error, and the diagnostics
    CompileResult run();

private:
    const LabSpec& m_spec;
    const CompileLimits& m_limits;
    const Json m_parts; // the part definitions the fingerprint covers (compile/partflatten.h)
    Diagnostics m_d;
    std::shared_ptr<Model> m_model = newModel(); // the model being built
    static std::shared_ptr<Model> newModel();
    Model* m_m = m_model.get();
    std::vector<std::pair<std::string, NodeRef>> m_nodeRefs;
    SlotCounters m_slots;
    OilTable m_oil; // the lab's oil and the oil-temperature state of each hydraulic state
    std::set<std::string> m_ids;
    std::vector<int> m_rowComponent;                  // row slot -> component index
    std::vector<bool> m_initialSet;                   // per dynamic state: its initial value was given explicitly
    InputBinder m_binder{m_spec, *m_m, m_slots, m_d}; // signals and the inputs bound to them

    // the limits of a version-1 lab are LAB_FORMAT's: say how to go beyond them
    static std::string versionOneNote(bool belowProduct);

    // compiler.cpp
    void compileSignalsSection();
    // the input a compiled component does not use (a pressure-applied clutch's capacity, a
    // vehicle body's grade beside its grade_table), or nullptr; `why`: its reason
    const char* inactiveInputOf(const ComponentInfo& info, const char** why = nullptr) const;
    void compileRun();
    bool claimId(const std::string& id, const std::string& subject);
    void checkStates();

    // compilernodes.cpp
    void compileNodes();
    // append one dynamic state for a node
    void addDynamic(NodeInfo& info, Domain dom, StateKind kind, double mass, double x0, double pos0, double atol);
    // the oil temperature of a thermal-liquid volume (a state after its pressure)
    void addOilTemperature(NodeInfo& info, double volume, double beta, double t0);
    // a hydraulic node: a reservoir, a compliant volume or a pure junction
    template <class Val> void compileHydraulicNode(const NodeSpec& n, NodeInfo& info, bool ok, const Val& val);

    // compilercomponents.cpp
    const NodeRef* findNode(const std::string& id) const;
    void compileComponents();
    // a node a component's input prescribes (a speed source)
    void prescribeState(const PrescribedState& p);

    // compilerevents.cpp
    void compileEvents();
    // an input left idle at 0 all run: a warning
    void warnIdleInputs();
};

} // namespace drivelab
