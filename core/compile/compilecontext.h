#pragma once
// What a component type's compile() sees: its validated parameters, its resolved
// ports, and slots in the flat state arrays.
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "components/common/fmuhost.h"
#include "components/component.h"
#include "components/hydraulic/oilflow.h"
#include "spec/descriptor.h"
#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

struct InstanceObservables; // compile/model.h

/// a node as the compiler resolved it
struct NodeRef {
    Domain domain = Domain::Rotational; ///< domain
    int index = -1;                     ///< dynamic-state index (rotational) or thermal index
};

/// The dynamic states as compiled so far (owned by the model being built).
struct DynamicStateTable {
    std::vector<double>* x0 = nullptr;          ///< initial values
    std::vector<StateKind>* kind = nullptr;     ///< integration kind
    std::vector<bool>* initialSet = nullptr;    ///< the initial value was given explicitly
    std::vector<double>* stageWeight = nullptr; ///< default stage weights
    std::vector<double>* mass = nullptr;        ///< inertia [kg m^2] or mass [kg] of mechanical states
};

/// a node state a component's input prescribes (a speed source): CompileContext::prescribeNode
struct PrescribedState {
    int state = -1;        ///< dynamic-state index
    int slot = -1;         ///< real slot of the input whose value the state follows
    std::string component; ///< the component's id
    std::string input;     ///< the input's name
};

/// The lab's oil and its temperature states, as compiled before the components
struct OilTable {
    OilModel oil;               ///< the lab's oil (present = false: isothermal lab)
    std::vector<int> tempOf;    ///< [nDyn] the oil-temperature state of a hydraulic state, or -1
    std::vector<double> fixedT; ///< [nDyn] the oil temperature at a hydraulic state without one [K]
};

/// Counters of the flat state arrays, shared by all components of one compile.
struct SlotCounters {
    const OilTable* oil = nullptr;           ///< the oil (set before components compile)
    DynamicStateTable states;                ///< node states, for components that give a node a role
    int nReal = 0;                           ///< component real state
    int nFlag = 0;                           ///< component discrete state
    int nMean = 0;                           ///< tick means
    int nScratch = 0;                        ///< per-evaluation scratch
    int nRows = 0;                           ///< constraint rows
    int nStates = 0;                         ///< states counted against the budget
    std::vector<double> realInit;            ///< initial component real state
    std::vector<std::int32_t> flagInit;      ///< initial component discrete state
    std::vector<PrescribedState> prescribed; ///< prescribed states in component order
    const LabSpec* lab = nullptr;            ///< the lab compiled (where its files are read from)
    std::vector<FmuBinding> fmus;            ///< imported FMUs in component order (Model::fmus)
    double sampledWindow = 0.0;              ///< the component compiling samples its signal-bound inputs over this
                                             ///< period [s] (0: over the interval; CompileContext::sampleInputsOver)
    /// the observables the component being compiled decided (CompileContext::setObservables; the
    /// compiler moves them into its ComponentInfo), null: its type's
    std::shared_ptr<const InstanceObservables> observables;
};

/// Compile-time view of one component.
class CompileContext {
public:
    CompileContext(const ComponentSpec& spec, const ComponentDescriptor& desc, const std::vector<std::pair<std::string, NodeRef>>& nodes,
                   SlotCounters& slots, Diagnostics& diags);

    /// component id
    const std::string& id() const { return m_spec.id; }
    /// the spec being compiled
    const ComponentSpec& spec() const { return m_spec; }
    /// a Real/WholeNumber/RealOrKeyword parameter after validation (default when absent)
    double real(const char* name) const;
    /// a Boolean parameter (default false when absent)
    bool boolean(const char* name) const;
    /// a Table parameter (validated shape) or null when absent
    const Json& table(const char* name) const;
    /// true when the parameter is present in the file
    bool has(const char* name) const;
    /// a Text parameter after validation ("" when absent)
    std::string text(const char* name) const;
    /// the lab being compiled (where its files are read from)
    const LabSpec& lab() const { return *m_slots.lab; }
    /// the initial value of a dynamic state as compiled so far (a node's initial speed)
    double initialValue(int state) const { return state >= 0 && m_slots.states.x0 ? (*m_slots.states.x0)[static_cast<std::size_t>(state)] : 0.0; }
    /// register an imported FMU every session instantiates; its index in Model::fmus
    int addFmu(FmuBinding b)
    {
        m_slots.fmus.push_back(std::move(b));
        return static_cast<int>(m_slots.fmus.size()) - 1;
    }
    /// this component's observables, decided by its parameters (an imported FMU's outputs): the
    /// list its observe() writes, instead of its type's (ComponentInfo::observables)
    void setObservables(std::shared_ptr<const InstanceObservables> list) { m_slots.observables = std::move(list); }
    /// resolved port: dynamic index (rotational) or thermal index; kGround for ground or absent
    int port(const char* name) const;
    /// true when the port is bound to a node other than ground
    bool portIsNode(const char* name) const;
    /// domain of the node a port names (Rotational for ground or an unknown node)
    Domain portDomain(const char* name) const;
    /// the node id a port names ("ground" when absent or ground)
    std::string portNode(const char* name) const;
    /// the lab's oil (present = false in an isothermal lab)
    const OilModel& oil() const { return m_slots.oil->oil; }
    /// the oil at a hydraulic port: its temperature state (a thermal-liquid volume) or fixed temperature
    OilPort oilPort(const char* name) const;
    /// a heat port between the oil at `oilPortName` and the thermal node on `heatPort`, with the
    /// conductance parameter `conductance` [W/K]; none (node -1) when the conductance is absent.
    /// Errors when the oil there is not a thermal-liquid volume.
    OilWall oilWall(const char* heatPort, const char* conductance, const char* oilPortName);
    /// the thermal-liquid volume on `port` that takes a component's heat instead of `heatPort`
    /// (none when the port is absent); errors when both are given or the node is not one
    OilPort heatIntoOil(const char* port, const char* heatPort);
    /// slot of an input in the component real state (initial value filled in)
    int inputSlot(const char* name);
    /// allocate n real state slots (initial value 0)
    int allocReal(int n);
    /// allocate n discrete state slots (initial value 0)
    int allocFlag(int n);
    /// allocate n tick-mean slots
    int allocMean(int n);
    /// allocate n scratch slots
    int allocScratch(int n);
    /// allocate one constraint row slot
    int allocRow();
    /// the node on a hydraulic port stores fluid through this component (it becomes compliant)
    void markStorage(const char* port);
    /// the node on a hydraulic port is held at a pressure by this component (a pure junction
    /// becomes fixed, with `initial` as its starting value); false with an error otherwise
    bool fixNode(const char* port, double initial);
    /// the mechanical node on a port follows an input (real slot `slot`, named `input`): it becomes
    /// a fixed state whose increment over each interval the type's `prescribe` hook gives, and its
    /// initial value is the input's at t = 0 (the compiler checks the node's own initial value
    /// against it once signal bindings are resolved); false with an error when another component
    /// already prescribes that node
    bool prescribeNode(const char* port, int slot, const char* input);
    /// the mechanical node on a port carries `inertia` [kg m^2 or kg] of this component besides its
    /// own (a vehicle's mass reflected through its wheel radius): added to the node's inertia, so
    /// the integrator, the constraint projection and the kinetic-energy book all see it; an
    /// error naming the port when the node is not a rotational or translational node
    void addInertia(const char* port, double inertia);
    /// give the node on a port its initial value (an error if it has a different explicit one)
    void setInitial(const char* port, double value, const std::string& field);
    /// the component samples its inputs once per `seconds` (its own sample period): an input bound
    /// to a signal reads the signal's mean over [t, t + seconds] (components/common/sampleperiod.h)
    void sampleInputsOver(double seconds) { m_slots.sampledWindow = seconds; }
    /// count n states against the state budget
    void countStates(int n) { m_slots.nStates += n; }
    /// set an initial discrete state value
    void setFlagInit(int slot, std::int32_t v) { m_slots.flagInit[static_cast<std::size_t>(slot)] = v; }
    /// set an initial real state value
    void setRealInit(int slot, double v) { m_slots.realInit[static_cast<std::size_t>(slot)] = v; }
    /// error on a parameter field: the path is prefixed ("converter." + field)
    void error(const std::string& field, const std::string& message);
    /// error with a field path used as is ("node_a", "inputs.capacity")
    void errorAt(const std::string& field, const std::string& message);
    /// true once any error was recorded for this component
    bool failed() const { return m_failed; }
    /// prefix of this type's parameter fields ("converter")
    std::string fieldPath(const std::string& field) const { return std::string(m_desc.fieldPrefix) + "." + field; }

private:
    const ComponentSpec& m_spec;
    const ComponentDescriptor& m_desc;
    const std::vector<std::pair<std::string, NodeRef>>& m_nodes;
    SlotCounters& m_slots;
    Diagnostics& m_diags;
    bool m_failed = false;
};

/// Validate one parameter value against its descriptor; records errors with the
/// given subject and field path. Returns true when valid.
bool validateParameter(const ParameterDescriptor& p, const Json& value, const std::string& subject, const std::string& path,
                       Diagnostics& diags);

/// one thing wrong with a table parameter's value
struct TableFinding {
    int row = -1;                   ///< point index; -1: the table as a whole
    std::optional<std::string> key; ///< column (or unknown key) of the point; none: the point as a whole
    std::string message;            ///< what is wrong and what to change
};

/// Check a Table parameter's value against its descriptor (list, row count, keys, numbers,
/// column ranges); the findings come in the order validateParameter reports them (it
/// reports these, with the field path). Returns true when valid.
bool validateTable(const ParameterDescriptor& p, const Json& value, std::vector<TableFinding>& findings);

/// the numeric value of a validated Real/WholeNumber/RealOrKeyword parameter
double parameterValue(const ParameterDescriptor& p, const Json& value);

} // namespace drivelab
