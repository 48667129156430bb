#pragma once
// The compiled Model: immutable, validated, flat. Built once by compile(spec);
// shared read-only by sessions, forks and worker threads.
#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "components/common/fmuhost.h"
#include "components/component.h"
#include "components/hydraulic/oil.h"
#include "signals/signal.h"
#include "spec/descriptor.h"
#include "spec/labspec.h"
#include "util/jsonwrite.h"

namespace drivelab {

struct Model;
struct ComponentParams; // components/registry.h
struct ObserveContext;
struct EvalContext;
struct CommitContext;

/// a hook applied to every component of one type (built for the types a model contains)
using EvalHook = void (*)(const Model&, const EvalContext&);
/// a commit hook applied to every component of one type
using CommitHook = void (*)(const Model&, const CommitContext&);

/// a node as compiled
struct NodeInfo {
    std::string id;                             ///< node id
    Domain domain = Domain::Rotational;         ///< domain
    int index = -1;                             ///< dynamic-state index (rotational) or thermal index
    const NodeDomainDescriptor* desc = nullptr; ///< domain descriptor (observables)
    int tempIndex = -1;                         ///< a thermal-liquid volume: dynamic-state index of its oil temperature
};

/// a thermal-liquid volume: a hydraulic node's pressure and oil temperature states
struct OilVolume {
    int p = -1;          ///< pressure state
    int t = -1;          ///< temperature state
    double volume = 0.0; ///< node volume [m^3]
    double beta = 0.0;   ///< bulk modulus of the node [Pa]
    double t0 = 0.0;     ///< oil temperature at t = 0 [K] (the state is the rise T - t0)
};

/// observables a component's parameters decide (an imported FMU's outputs, named from its model
/// description): the compiled component's list instead of its type's (ComponentInfo::observables).
/// The descriptors' texts point into `text`, which only grows (a deque keeps them in place).
struct InstanceObservables {
    std::deque<std::string> text;           ///< the names, units and docs the descriptors point at
    std::vector<ObservableDescriptor> list; ///< the component's observables, in observe() order

    /// keep `s` and return its characters (valid while this list lives)
    const char* keep(std::string s)
    {
        text.push_back(std::move(s));
        return text.back().c_str();
    }
};

/// a component as compiled: where its Params live and how to observe it
struct ComponentInfo {
    std::string id;                            ///< component id
    int type = -1;                             ///< registry index
    int local = -1;                            ///< index in its type's Params vector
    const ComponentDescriptor* desc = nullptr; ///< descriptor
    int inputSlot = -1;                        ///< real slot of its first input (inputs are consecutive)
    std::vector<int> dynNodes;                 ///< dynamic states its ports name (ground excluded)
    /// its own observables when its parameters decide them (null: its type's, desc->observables)
    std::shared_ptr<const InstanceObservables> instanceObservables;
    /// write the component's observables (observables() order) into out
    void (*observe)(const Model&, int local, const ObserveContext&, double* out) = nullptr;

    /// its observables: its own list when it has one, else its type's
    std::span<const ObservableDescriptor> observables() const
    {
        return instanceObservables ? std::span<const ObservableDescriptor>(instanceObservables->list) : desc->observables;
    }
};

/// a scheduled input change, resolved to a tick and a state slot
struct EventModel {
    std::int64_t timeNs = 0; ///< scheduled time [ns]
    std::int64_t tick = 0;   ///< applied at the start of this tick (first boundary at or after time_ns)
    int component = -1;      ///< index into Model::components
    int slot = -1;           ///< real state slot of the input
    double value = 0.0;      ///< new value
    int binding = -1;        ///< the signal binding of that input it ends (index into Model::bindings), or -1
};

/// how each internal interval is integrated (lab `run.method`; docs/PHYSICS.md)
enum class IntegrationMethod : std::uint8_t {
    Midpoint, ///< implicit midpoint, stiffness-adaptive stage weights (the default)
    Gauss2,   ///< 2-stage Gauss-Legendre collocation (order 4, A-stable, symmetric)
    Radau3,   ///< 2-stage Radau IIA collocation (order 3, L-stable, stiffly accurate)
};

/// a two-stage collocation method (gauss2, radau3): the stage solve of solver/gauss2.cpp
inline bool twoStage(IntegrationMethod m) { return m != IntegrationMethod::Midpoint; }

/// the method's name as `run.method` spells it
inline const char* methodName(IntegrationMethod m)
{
    return m == IntegrationMethod::Gauss2 ? "gauss2" : m == IntegrationMethod::Radau3 ? "radau3" : "midpoint";
}

/// The compiled model. Every array is sized exactly; units in brackets.
struct Model {
    // run settings
    std::int64_t tickNs = 0;      ///< tick [ns]
    std::int64_t ticks = 0;       ///< ticks in the run
    std::int64_t reportEvery = 1; ///< report boundary every N ticks
    double h = 0.0;               ///< tick [s]
    IntegrationMethod method = IntegrationMethod::Midpoint; ///< how each interval is integrated (run.method)

    // identity
    std::string name;                      ///< lab name (not fingerprinted)
    Json normalized;                       ///< normalized lab: defaults filled, no layout/name/description
    std::shared_ptr<const LabSpec> source; ///< the lab as compiled (what the file said: the causality
                                           ///< analysis reads the network from it)
    std::uint64_t fingerprint = 0;         ///< hash of canonicalJson(normalized)
    std::vector<std::string> capabilities; ///< e.g. quasisteady_converter_powertrain

    // nodes
    std::vector<NodeInfo> nodes;                ///< all nodes in file order
    int nDyn = 0;                               ///< dynamic states (rotational, translational and hydraulic nodes)
    std::vector<double> mass;                   ///< [nDyn] inertia [kg m^2], mass [kg], compliance V/beta [m^3/Pa] or 0
    std::vector<double> x0;                     ///< [nDyn] initial speed [rad/s], velocity [m/s] or pressure [Pa],
                                                ///<        consistent with the constraints
    std::vector<double> pos0;                   ///< [nDyn] initial position [m] (translational; 0 otherwise)
    std::vector<double> stageWeight;            ///< [nDyn] default stage weight (1/2 midpoint, 1 for junctions)
    std::vector<double> atol;                   ///< [nDyn] absolute residual tolerance [rad/s, m/s or Pa]
    std::vector<StateKind> stateKind;           ///< [nDyn] how each state is integrated
    std::vector<Domain> stateDomain;            ///< [nDyn] its node's domain
    std::vector<int> thetaSlot;                 ///< [nDyn] index into State::theta for compliant states, else -1
    int nTheta = 0;                             ///< compliant states (adaptive stage weights)
    std::uint64_t fixedMask = 0;                ///< bit i: state i is fixed (reservoir, pressure source, speed source)
    std::uint64_t prescribedMask = 0;           ///< bit i: fixed state i moves by a prescribed increment over each
                                                ///<        interval (a speed source's node; also in fixedMask)
    bool hasStorage = false;                    ///< some component stores fluid (accumulator, compressible chamber)
    bool hasHydraulic = false;                  ///< some node is hydraulic (fluid volume books are kept)
    std::vector<int> dynNode;                   ///< [nDyn] index into nodes
    std::vector<double> invMass;                ///< [nDyn] 1 / mass
    std::vector<std::uint64_t> jacobianPattern; ///< [nDyn] bit j of row i: f_i may depend on x_j
    OilModel oil;                               ///< the lab's oil (present = false: isothermal)
    std::vector<OilVolume> oilVolumes;          ///< thermal-liquid volumes in node order
    std::vector<int> oilTemp;                   ///< [nDyn] oil-temperature state of a hydraulic state, or -1
    std::vector<double> oilFixedT;              ///< [nDyn] oil temperature at a hydraulic state without one, or the
                                                ///<        initial temperature of a thermal-liquid volume [K]
    int nTherm = 0;                             ///< thermal nodes
    std::vector<double> heatCapacity;           ///< [nTherm] [J/K]
    std::vector<double> temp0;                  ///< [nTherm] initial temperature [K]
    std::vector<double> ambientG;               ///< [nTherm] ambient conductance [W/K]
    std::vector<double> ambientT;               ///< [nTherm] ambient temperature [K]

    // components
    std::vector<ComponentInfo> components;   ///< all components in file order
    std::shared_ptr<ComponentParams> params; ///< Params of each type (complete in components/registry.h;
                                             ///< behind a pointer so this header names no component type)
    int nReal = 0;                           ///< component real state slots
    int nFlag = 0;                           ///< component discrete state slots
    int nMean = 0;                           ///< tick-mean slots
    int nScratch = 0;                        ///< scratch slots
    int nRows = 0;                           ///< constraint row slots (gears, planetaries, clutches)
    std::vector<double> realInit;            ///< [nReal] initial real state (inputs filled in)
    std::vector<std::int32_t> flagInit;      ///< [nFlag] initial discrete state (initial clutch locks)
    std::vector<EventModel> events;          ///< sorted by tick, file order within a tick
    std::vector<SignalModel> timeSignals;    ///< compiled signals in file order (observed after the components)
    std::vector<InputBinding> bindings;      ///< inputs driven by signals, set at every interval
    bool bindingsHoldStates = false;         ///< a bound input holds a state (a pressure source's pressure)
    bool hasSamplers = false;                ///< some component samples once per tick (a controller, an imported FMU)
    std::vector<FmuBinding> fmus;            ///< the imported FMUs (`fmu` components) each session instantiates
    int nStates = 0;                         ///< states counted against kMaxStates
    bool hasBreakpoints = false;             ///< some component may split a tick (source steps)
    bool hasIntervalLimit = false;           ///< some component limits an interval's length (crank travel)
    std::vector<EvalHook> evalHooks;         ///< efforts and Jacobians, one entry per present type, registry order
    std::vector<EvalHook> storageHooks;      ///< stored fluid, one entry per present type with storage
    std::vector<CommitHook> commitHooks;     ///< interval books, one entry per present type

    /// index of a component id, or -1
    int componentIndex(const std::string& id) const;
    /// number of boundaries a full run reports
    std::int64_t boundaryCount() const { return ticks / reportEvery + 1 + (ticks % reportEvery ? 1 : 0); }
};

} // namespace drivelab
