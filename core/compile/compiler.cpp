#include "compile/compiler.h"
#include "compile/compilerflat.h"
#include "compile/methodcheck.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <optional>
#include <set>

#include "compile/compilecontext.h"
#include "compile/componentchecks.h"
#include "compile/resultsspec.h"
#include "components/vehicle/wheelradiuscheck.h"
#include "compile/initialstate.h"
#include "compile/runsettings.h"
#include "compile/normalize.h"
#include "compile/partflatten.h"
#include "compile/inputbinder.h"
#include "solver/constraints.h"
#include "spec/labreader.h"
#include "spec/portrules.h"
#include "util/hash.h"
#include "components/registry.h"

namespace drivelab {
namespace {

// the limits of a version-1 lab are LAB_FORMAT's: say how to go beyond them
std::string versionOneNote(bool belowProduct)
{
    return belowProduct ? " (a lab without parts, instances or \"=expr\" fields keeps LAB_FORMAT's limits: 32 nodes, 64 components, "
                          "64 states; one with them holds 64 nodes, 256 components, 96 states; docs/FORMATS.md \"Limits\")"
                        : std::string();
}


template <class T> void observeThunk(const Model& m, int local, const ObserveContext& c, double* out)
{
    T::observe(m.params->of<T>()[static_cast<std::size_t>(local)], c, out);
}

template <class T> void evalAll(const Model& m, const EvalContext& c)
{
    for (const auto& p : m.params->of<T>()) T::eval(p, c);
}

template <class T> void storageAll(const Model& m, const EvalContext& c)
{
    for (const auto& p : m.params->of<T>()) T::storage(p, c);
}

template <class T> void commitAll(const Model& m, const CommitContext& c)
{
    for (const auto& p : m.params->of<T>()) T::commit(p, c);
}

class Compiler {
public:
    Compiler(const LabSpec& spec, const CompileLimits& limits, Json parts) : m_spec(spec), m_limits(limits), m_parts(std::move(parts)) { }

    CompileResult run()
    {
        m_m->name = m_spec.name;
        compileRun();
        compileSignalsSection();
        compileOil(m_spec.oil, m_d, m_oil.oil);
        m_m->oil = m_oil.oil;
        compileNodes();
        m_m->oilTemp = m_oil.tempOf;
        m_m->oilFixedT = m_oil.fixedT;
        m_slots.oil = &m_oil;
        m_slots.lab = &m_spec;
        compileComponents();
        m_binder.resolveControllers();
        m_binder.checkDriven();
        compileEvents();
        checkStates();
        if (!m_d.hasErrors()) checkMethodSupport(*m_m, m_d);
        if (!m_d.hasErrors()) solveInitialConditions(*m_m, m_rowComponent, m_d);
        checkResults(m_spec, m_d);
        if (!m_d.hasErrors()) checkWheelRadii(*m_m, m_d);
        warnIdleInputs(); // after every error, so errors are listed first
        CompileResult r;
        if (!m_d.hasErrors()) {
            normalizeModel(m_spec, *m_m, m_binder.signals().normalized, m_parts);
            m_m->source = std::make_shared<const LabSpec>(m_spec);
            r.model = std::move(m_model);
        }
        r.diagnostics = std::move(m_d);
        return r;
    }

private:
    const LabSpec& m_spec;
    const CompileLimits& m_limits;
    const Json m_parts; // the part definitions the fingerprint covers (compile/partflatten.h)
    Diagnostics m_d;
    std::shared_ptr<Model> m_model = newModel(); // the model being built
    static std::shared_ptr<Model> newModel()
    {
        auto m = std::make_shared<Model>();
        m->params = std::make_shared<ComponentParams>();
        return m;
    }
    Model* m_m = m_model.get();
    std::vector<std::pair<std::string, NodeRef>> m_nodeRefs;
    SlotCounters m_slots;
    OilTable m_oil; // the lab's oil and the oil-temperature state of each hydraulic state
    std::set<std::string> m_ids;
    std::vector<int> m_rowComponent;                  // row slot -> component index
    std::vector<bool> m_initialSet;                   // per dynamic state: its initial value was given explicitly
    InputBinder m_binder{m_spec, *m_m, m_slots, m_d}; // signals and the inputs bound to them

    void compileSignalsSection()
    {
        for (const SignalSpec& g : m_spec.timeSignals) claimId(g.id, g.id.empty() ? "-" : g.id);
        m_binder.compileSignals();
    }

    // the input a compiled component does not use (a pressure-applied clutch's capacity, a
    // vehicle body's grade beside its grade_table), or nullptr; `why`: its reason
    const char* inactiveInputOf(const ComponentInfo& info, const char** why = nullptr) const
    {
        const char* off = nullptr;
        forEachComponentType([&]<class T, std::size_t I>() {
            if constexpr (HasInactiveInput<T>) {
                const auto& all = m_m->params->of<T>();
                if (static_cast<int>(I) == info.type && info.local >= 0 && static_cast<std::size_t>(info.local) < all.size()) {
                    off = T::inactiveInput(all[static_cast<std::size_t>(info.local)]);
                    if (why) *why = T::inactiveInputReason(all[static_cast<std::size_t>(info.local)]);
                }
            }
        });
        return off;
    }

    void compileRun() { compileRunSettings(m_spec.run, *m_m, m_d); }

    bool claimId(const std::string& id, const std::string& subject)
    {
        if (!isValidPathId(id)) {
            m_d.error(subject, "id", "'" + id.substr(0, 80) + "' is not a valid id: " + kIdRule);
            return false;
        }
        if (id == kGroundId) {
            m_d.error(subject, "id", "'ground' is reserved for the fixed reference; choose another id");
            return false;
        }
        if (!m_ids.insert(id).second) {
            m_d.error(subject, "id", "duplicate id '" + id + "'; ids are unique across nodes and components");
            return false;
        }
        return true;
    }

    void compileNodes()
    {
        // limits may be raised (benchmarks), never beyond the solver's capacity
        const int maxNodes = std::min(m_limits.maxNodes, kMaxDyn);
        if (static_cast<int>(m_spec.nodes.size()) > maxNodes)
            m_d.error("-", "nodes",
                      std::to_string(m_spec.nodes.size()) + " nodes; a model holds at most " + std::to_string(maxNodes) + " nodes" +
                          versionOneNote(maxNodes < kMaxNodes));
        for (const NodeSpec& n : m_spec.nodes) {
            const bool idOk = claimId(n.id, n.id.empty() ? "-" : n.id);
            const auto dom = domainFromName(n.domain);
            if (!dom) {
                m_d.error(n.id, "domain", "unknown domain '" + n.domain + "' (rotational, translational, hydraulic, thermal)");
                continue;
            }
            const NodeDomainDescriptor* desc = nodeDomainDescriptor(*dom);
            if (!desc) {
                m_d.error(n.id, "domain", std::string(domainName(*dom)) + " nodes are not supported by this build");
                continue;
            }
            bool ok = idOk;
            if (!n.fields.is_object()) {
                m_d.error(n.id, "-", "node fields must be an object");
                continue;
            }
            for (auto it = n.fields.begin(); it != n.fields.end(); ++it) {
                if (!desc->field(it.key())) {
                    m_d.error(n.id, it.key(), "unknown field for a " + n.domain + " node (it has: " + listNames(desc->fields) + ")");
                    ok = false;
                }
            }
            for (const auto& f : desc->fields) {
                if (n.fields.contains(f.name))
                    ok = validateParameter(f, n.fields[f.name], n.id, f.name, m_d) && ok;
                else if (f.required) {
                    m_d.error(n.id, f.name, std::string("missing [") + f.unit + "]: " + f.doc);
                    ok = false;
                }
            }
            NodeInfo info;
            info.id = n.id;
            info.domain = *dom;
            info.desc = desc;
            const auto val = [&](const char* name) {
                const ParameterDescriptor* f = desc->field(name);
                return n.fields.contains(name) ? parameterValue(*f, n.fields[name]) : f->fileDefault;
            };
            if (*dom == Domain::Rotational || *dom == Domain::Translational) {
                const bool rotational = *dom == Domain::Rotational;
                addDynamic(info, *dom, StateKind::Mechanical, ok ? val(rotational ? "inertia" : "mass") : 1.0,
                           ok ? val(rotational ? "initial_speed" : "initial_velocity") : 0.0,
                           ok && !rotational ? val("initial_position") : 0.0, 2e-12);
            } else if (*dom == Domain::Hydraulic) {
                compileHydraulicNode(n, info, ok, val);
            } else if (*dom == Domain::Thermal) {
                info.index = m_m->nTherm++;
                m_m->heatCapacity.push_back(ok ? val("heat_capacity") : 1.0);
                m_m->temp0.push_back(ok ? val("initial_temperature") : 300.0);
                m_m->ambientG.push_back(ok ? val("ambient_conductance") : 0.0);
                m_m->ambientT.push_back(ok && n.fields.contains("ambient_temperature") ? val("ambient_temperature") : m_m->temp0.back());
            }
            m_nodeRefs.emplace_back(n.id, NodeRef{*dom, info.index});
            m_m->nodes.push_back(std::move(info));
        }
        m_slots.nStates += static_cast<int>(m_spec.nodes.size());
        if (m_m->nDyn > kMaxDyn)
            m_d.error("-", "nodes",
                      "the model needs " + std::to_string(m_m->nDyn) +
                          " solver unknowns (one per mechanical or hydraulic node, two for a thermal-liquid volume); the solver holds at most " +
                          std::to_string(kMaxDyn));
    }

    // append one dynamic state for a node
    void addDynamic(NodeInfo& info, Domain dom, StateKind kind, double mass, double x0, double pos0, double atol)
    {
        info.index = m_m->nDyn++;
        m_m->mass.push_back(mass);
        m_m->x0.push_back(x0);
        m_m->pos0.push_back(pos0);
        m_m->stageWeight.push_back(kind == StateKind::Algebraic || kind == StateKind::Fixed ? 1.0 : 0.5);
        m_m->atol.push_back(atol);
        m_m->stateKind.push_back(kind);
        m_m->stateDomain.push_back(dom);
        m_m->dynNode.push_back(static_cast<int>(m_m->nodes.size()));
        m_initialSet.push_back(false);
        m_oil.tempOf.push_back(-1);
        m_oil.fixedT.push_back(m_oil.oil.tRef);
    }

    // the oil temperature of a thermal-liquid volume: a state after its pressure (its rise
    // since t = 0), with the oil's heat capacity c rho V as its mass (docs/PHYSICS.md, "Thermal-liquid oil")
    void addOilTemperature(NodeInfo& info, double volume, double beta, double t0)
    {
        const int p = info.index;
        addDynamic(info, Domain::Thermal, StateKind::OilTemperature, m_oil.oil.c * m_oil.oil.rho * volume, 0.0, 0.0, 1e-10);
        info.tempIndex = info.index;
        info.index = p;
        m_initialSet.back() = true;
        m_oil.tempOf[static_cast<std::size_t>(p)] = info.tempIndex;
        m_oil.fixedT[static_cast<std::size_t>(p)] = t0; // the state is the rise since t = 0
        m_m->oilVolumes.push_back(OilVolume{p, info.tempIndex, volume, beta, t0});
        info.desc = &thermalLiquidNodeDescriptor();
    }

    // a hydraulic node is a reservoir (fixed_pressure), a compliant volume (volume +
    // bulk_modulus + initial_pressure) or a pure junction (neither)
    template <class Val> void compileHydraulicNode(const NodeSpec& n, NodeInfo& info, bool ok, const Val& val)
    {
        m_m->hasHydraulic = true;
        const auto has = [&](const char* f) {
            return n.fields.contains(f);
        };
        constexpr double kPressureTol = 1e-6; // Pa
        const bool thermal = has("initial_temperature");
        if (thermal && !m_oil.oil.present && !m_spec.oil.is_object()) {
            m_d.error(n.id, "initial_temperature", "a thermal-liquid volume needs the lab's oil: add an \"oil\" section (docs/FORMATS.md)");
            ok = false;
        }
        if (has("temperature") && !has("fixed_pressure")) {
            m_d.error(n.id, "temperature", "only a reservoir (fixed_pressure) has a supply temperature; a volume has initial_temperature");
            ok = false;
        }
        if (has("temperature") && !m_oil.oil.present && !m_spec.oil.is_object()) {
            m_d.error(n.id, "temperature", "a supply temperature needs the lab's oil: add an \"oil\" section (docs/FORMATS.md)");
            ok = false;
        }
        if (thermal && !has("volume")) {
            m_d.error(n.id, "initial_temperature",
                      "only a node with a volume carries an oil temperature (a reservoir has temperature; a junction none)");
            ok = false;
        }
        if (has("fixed_pressure")) {
            for (const char* f : {"volume", "bulk_modulus", "initial_pressure"}) {
                if (has(f)) {
                    m_d.error(n.id, f, "a reservoir (fixed_pressure) has no " + std::string(f) + "; remove it, or remove fixed_pressure");
                    ok = false;
                }
            }
            addDynamic(info, Domain::Hydraulic, StateKind::Fixed, 0.0, ok ? val("fixed_pressure") : 101325.0, 0.0, kPressureTol);
            m_initialSet.back() = true;
            if (ok && has("temperature")) m_oil.fixedT.back() = val("temperature");
            return;
        }
        if (has("volume")) {
            for (const char* f : {"bulk_modulus", "initial_pressure"}) {
                if (!has(f)) {
                    m_d.error(n.id, f, std::string("missing: a node with a volume needs ") + f);
                    ok = false;
                }
            }
            const double c = ok ? val("volume") / val("bulk_modulus") : 1.0;
            addDynamic(info, Domain::Hydraulic, StateKind::Compliant, c, ok ? val("initial_pressure") : 101325.0, 0.0, kPressureTol);
            m_initialSet.back() = true;
            if (ok && thermal && m_oil.oil.present) addOilTemperature(info, val("volume"), val("bulk_modulus"), val("initial_temperature"));
            return;
        }
        if (has("bulk_modulus")) {
            m_d.error(n.id, "bulk_modulus", "a junction without a volume has no compliance; give volume too, or remove bulk_modulus");
            ok = false;
        }
        addDynamic(info, Domain::Hydraulic, StateKind::Algebraic, 0.0, ok && has("initial_pressure") ? val("initial_pressure") : 101325.0,
                   0.0, kPressureTol);
        m_initialSet.back() = has("initial_pressure");
    }

    const NodeRef* findNode(const std::string& id) const
    {
        for (const auto& [nid, ref] : m_nodeRefs) {
            if (nid == id) return &ref;
        }
        return nullptr;
    }

    void compileComponents()
    {
        const int maxComponents = std::min(m_limits.maxComponents, kMaxComponents); // (as nodes)
        if (static_cast<int>(m_spec.components.size()) > maxComponents)
            m_d.error("-", "components",
                      std::to_string(m_spec.components.size()) + " components; a model holds at most " +
                          std::to_string(maxComponents) + " components" + versionOneNote(maxComponents < kMaxComponents));
        std::vector<int> perType(ComponentTypes::size, 0);
        m_slots.states = DynamicStateTable{&m_m->x0, &m_m->stateKind, &m_initialSet, &m_m->stageWeight, &m_m->mass};
        for (const ComponentSpec& c : m_spec.components) {
            m_binder.beginComponent();
            bool ok = claimId(c.id, c.id.empty() ? "-" : c.id);
            const int type = componentTypeIndex(c.type);
            if (type < 0) {
                m_d.error(c.id, "type", "unknown component type '" + c.type + "' (known: " + knownTypeList() + ")");
                continue;
            }
            const ComponentDescriptor& desc = *componentDescriptors()[static_cast<std::size_t>(type)];
            if (desc.maxInstances > 0 && m_limits.typeInstanceLimits && ++perType[static_cast<std::size_t>(type)] > desc.maxInstances) {
                m_d.error(c.id, "type",
                          "a model holds at most " + std::to_string(desc.maxInstances) + " " + c.type + " components; this is number " +
                              std::to_string(perType[static_cast<std::size_t>(type)]));
                ok = false;
            }
            ok = checkComponentPorts(
                     c, desc,
                     [this](const std::string& id) {
                         return findNode(id);
                     },
                     [this](const std::string& id) {
                         return m_spec.findNode(id) != nullptr;
                     },
                     m_d) &&
                 ok;
            ok = checkComponentParameters(c, desc, m_binder, m_d) && ok;
            if (!ok) continue;
            ComponentInfo info;
            info.id = c.id;
            info.type = type;
            info.desc = &desc;
            CompileContext ctx(c, desc, m_nodeRefs, m_slots, m_d);
            const int rowsBefore = m_slots.nRows;
            const int realBefore = m_slots.nReal;
            forEachComponentType([&]<class T, std::size_t I>() {
                if (static_cast<int>(I) != type) return;
                typename T::Params p{};
                T::compile(ctx, p);
                auto& list = m_m->params->of<T>();
                info.local = static_cast<int>(list.size());
                info.observe = &observeThunk<T>;
                list.push_back(p);
            });
            info.instanceObservables = std::move(m_slots.observables); // its own list, when its parameters decide it
            m_slots.observables.reset();
            if (!desc.inputs.empty()) info.inputSlot = realBefore;
            const char* why = nullptr;
            const char* inactive = inactiveInputOf(info, &why);
            m_binder.bind(info, static_cast<int>(m_m->components.size()), inactive, why);
            for (const auto& port : desc.ports) {
                const NodeRef* ref = c.port(port.name) ? findNode(*c.port(port.name)) : nullptr;
                if (!ref || ref->domain == Domain::Thermal) continue;
                const int idx = ref->index;
                if (idx >= 0 && std::find(info.dynNodes.begin(), info.dynNodes.end(), idx) == info.dynNodes.end())
                    info.dynNodes.push_back(idx);
                const int t = ref->domain == Domain::Hydraulic && idx >= 0 ? m_oil.tempOf[static_cast<std::size_t>(idx)] : -1;
                if (t < 0) continue;
                if (!desc.thermalLiquid)
                    m_d.error(c.id, port.name,
                              "a " + std::string(desc.type) + " does not carry oil temperature: connect it to a node without "
                                                              "initial_temperature (an isothermal volume), or use a thermal-liquid type");
                if (std::find(info.dynNodes.begin(), info.dynNodes.end(), t) == info.dynNodes.end()) info.dynNodes.push_back(t);
            }
            m_slots.nStates += desc.historyStates;
            if (desc.capability &&
                std::find(m_m->capabilities.begin(), m_m->capabilities.end(), desc.capability) == m_m->capabilities.end())
                m_m->capabilities.push_back(desc.capability);
            m_rowComponent.resize(static_cast<std::size_t>(m_slots.nRows), -1);
            for (int r = rowsBefore; r < m_slots.nRows; ++r)
                m_rowComponent[static_cast<std::size_t>(r)] = static_cast<int>(m_m->components.size());
            m_m->components.push_back(std::move(info));
        }
        if (m_m->params->of<Clutch>().size() > static_cast<std::size_t>(kMaxClutches))
            m_d.error("-", "components",
                      std::to_string(m_m->params->of<Clutch>().size()) + " clutches; a model holds at most " + std::to_string(kMaxClutches) +
                          " clutches");
        m_m->timeSignals = m_binder.signals().models;
        m_m->fmus = std::move(m_slots.fmus);
        m_m->nReal = m_slots.nReal;
        m_m->nFlag = m_slots.nFlag;
        m_m->nMean = m_slots.nMean;
        m_m->nScratch = m_slots.nScratch;
        m_m->nRows = m_slots.nRows;
        m_m->realInit = m_slots.realInit;
        m_m->flagInit = m_slots.flagInit;
        if (m_m->nDyn > kMaxDyn) return; // refused in compileNodes; the structure masks below hold kMaxDyn bits
        // states components prescribe (speed sources): fixed, starting at their input's value
        for (const PrescribedState& p : m_slots.prescribed) prescribeState(p);
        // adaptive stage weights for compliant states, the fixed states
        m_m->thetaSlot.assign(static_cast<std::size_t>(m_m->nDyn), -1);
        for (int i = 0; i < m_m->nDyn; ++i) {
            const StateKind k = m_m->stateKind[static_cast<std::size_t>(i)];
            if (k == StateKind::Compliant) m_m->thetaSlot[static_cast<std::size_t>(i)] = m_m->nTheta++;
            if (k == StateKind::Fixed) m_m->fixedMask |= 1ull << i;
        }
        m_m->fixedMask |= m_m->prescribedMask;
        // hook tables and capabilities: only the types this model contains, in registry order
        static_assert(ComponentTypes::size <= 64, "one bit per registered type");
        std::uint64_t evaluating = 0; // registry indices of the types that contribute efforts
        forEachComponentType([&]<class T, std::size_t I>() {
            if (m_m->params->of<T>().empty()) return;
            if constexpr (HasEval<T>) m_m->evalHooks.push_back(&evalAll<T>);
            if constexpr (HasStorage<T>) m_m->storageHooks.push_back(&storageAll<T>);
            if constexpr (HasCommit<T>) m_m->commitHooks.push_back(&commitAll<T>);
            m_m->hasStorage = m_m->hasStorage || HasStorage<T>;
            m_m->hasBreakpoints = m_m->hasBreakpoints || HasBreakpoint<T>;
            m_m->hasIntervalLimit = m_m->hasIntervalLimit || HasMaxInterval<T>;
            m_m->hasSamplers = m_m->hasSamplers || HasSample<T> || HasStepExternal<T>;
            if (HasEval<T> || HasStorage<T>) evaluating |= 1ull << I;
        });
        // Jacobian structure: every component that contributes efforts couples its nodes
        m_m->invMass.resize(m_m->mass.size());
        for (std::size_t i = 0; i < m_m->mass.size(); ++i) m_m->invMass[i] = 1.0 / m_m->mass[i];
        m_m->jacobianPattern.assign(static_cast<std::size_t>(m_m->nDyn), 0);
        for (int i = 0; i < m_m->nDyn; ++i) m_m->jacobianPattern[static_cast<std::size_t>(i)] = 1ull << i;
        for (const auto& info : m_m->components) {
            const bool evaluates = (evaluating >> info.type & 1u) != 0;
            if (!evaluates) continue;
            for (int a : info.dynNodes) {
                for (int b : info.dynNodes) m_m->jacobianPattern[static_cast<std::size_t>(a)] |= 1ull << b;
            }
        }
        // a thermal-liquid volume couples its pressure and temperature (thermal expansion)
        for (const OilVolume& v : m_m->oilVolumes) {
            m_m->jacobianPattern[static_cast<std::size_t>(v.p)] |= 1ull << v.t;
            m_m->jacobianPattern[static_cast<std::size_t>(v.t)] |= 1ull << v.p;
        }
    }

    // a node a component's input prescribes (a speed source): it starts at the input's value at
    // t = 0 (the signal's, when bound); the node's own initial value must agree (to 1e-9, then
    // it is set exactly)
    void prescribeState(const PrescribedState& p)
    {
        const std::size_t k = static_cast<std::size_t>(p.state);
        const double want = m_m->realInit[static_cast<std::size_t>(p.slot)];
        const double have = m_m->x0[k];
        const NodeInfo& node = m_m->nodes[static_cast<std::size_t>(m_m->dynNode[k])];
        const char* field = node.domain == Domain::Rotational ? "initial_speed" : "initial_velocity";
        if (std::fabs(have - want) > 1e-12 + 1e-9 * std::fabs(want)) {
            const int b = m_binder.bindingOfSlot(p.slot);
            const std::string from =
                b >= 0 ? ", from signal '" +
                             m_m->timeSignals[static_cast<std::size_t>(m_m->bindings[static_cast<std::size_t>(b)].signal)].id + "'"
                       : std::string();
            m_d.error(node.id, field,
                      "is " + formatDouble(have) + " but '" + p.component + "' prescribes the node's speed and starts it at " +
                          formatDouble(want) + " (its " + p.input + " input at t = 0" + from + "); set " + field + " to " +
                          formatDouble(want));
            return;
        }
        m_m->x0[k] = want;
        m_m->prescribedMask |= 1ull << p.state;
    }

    void compileEvents()
    {
        for (std::size_t i = 0; i < m_spec.events.size(); ++i) {
            const EventSpec& e = m_spec.events[i];
            const std::string path = "events[" + std::to_string(i) + "]";
            const int ci = m_m->componentIndex(e.component);
            if (ci < 0) {
                const bool exists = m_spec.findComponent(e.component) != nullptr;
                if (!exists)
                    m_d.error(e.component.empty() ? "-" : e.component, path + ".component", "unknown component '" + e.component + "'");
                continue;
            }
            const ComponentInfo& info = m_m->components[static_cast<std::size_t>(ci)];
            const InputDescriptor* in = info.desc->input(e.input);
            bool ok = true;
            if (!in) {
                std::string names;
                for (const auto& d : info.desc->inputs) names += std::string(names.empty() ? "" : ", ") + d.name;
                m_d.error(e.component, path + ".input",
                          "a " + std::string(info.desc->type) + " has no input '" + e.input + "'" +
                              (names.empty() ? " (it has no inputs)" : " (it has: " + names + ")"));
                ok = false;
            }
            if (in) {
                const char* why = nullptr;
                const char* off = inactiveInputOf(info, &why);
                if (off && e.input == off) {
                    m_d.error(e.component, path + ".input",
                              "this " + std::string(info.desc->type) + " does not use its '" + e.input + "' input (" + why + ")");
                    ok = false;
                }
            }
            if (e.timeNs < 0) {
                m_d.error(e.component, path + ".time_ns", "must be >= 0");
                ok = false;
            }
            if (in && !in->range.contains(e.value)) {
                m_d.error(e.component, path + ".value", in->range.describe() + " (got " + formatDouble(e.value) + ")");
                ok = false;
            }
            if (!ok || m_m->tickNs <= 0) continue;
            EventModel ev;
            ev.timeNs = e.timeNs;
            ev.tick = (e.timeNs + m_m->tickNs - 1) / m_m->tickNs;
            ev.component = ci;
            ev.slot = info.inputSlot + static_cast<int>(in - info.desc->inputs.data());
            ev.value = e.value;
            ev.binding = m_binder.bindingOfSlot(ev.slot);
            if (ev.tick >= m_m->ticks) m_d.warning(e.component, path + ".time_ns", "at or after the end of the run; it never takes effect");
            m_m->events.push_back(ev);
        }
        std::stable_sort(m_m->events.begin(), m_m->events.end(), [](const EventModel& a, const EventModel& b) {
            return a.timeNs < b.timeNs;
        });
    }

    // an input that leaves its component idle at 0 (a clutch's capacity), starts at 0 and is
    // never raised by an event that takes effect: a warning, the lab still runs
    void warnIdleInputs()
    {
        for (std::size_t ci = 0; ci < m_m->components.size(); ++ci) {
            const ComponentInfo& info = m_m->components[ci];
            const ComponentSpec* spec = m_spec.findComponent(info.id);
            if (!spec || !info.desc || info.inputSlot < 0) continue;
            const char* inactive = inactiveInputOf(info);
            for (std::size_t k = 0; k < info.desc->inputs.size(); ++k) {
                const InputDescriptor& in = info.desc->inputs[k];
                if (!in.idleAtZero || (inactive && std::string(inactive) == in.name)) continue;
                const auto given = spec->inputs.find(in.name);
                const double initial = given != spec->inputs.end() && given->is_number() ? given->get<double>() : in.initialDefault;
                if (initial != 0.0) continue;
                const int slot = info.inputSlot + static_cast<int>(k);
                if (m_binder.bindingOfSlot(slot) >= 0) continue; // driven by a signal
                bool raised = false;
                for (const EventModel& e : m_m->events) {
                    if (e.component == static_cast<int>(ci) && e.slot == slot && e.value != 0.0 && e.tick < m_m->ticks) raised = true;
                }
                if (!raised) m_d.warning(info.id, std::string("inputs.") + in.name, in.idleAtZero);
            }
        }
    }

    void checkStates()
    {
        m_m->nStates = m_slots.nStates;
        if (m_slots.nStates > m_limits.maxStates)
            m_d.error("-", "components",
                      "the model needs " + std::to_string(m_slots.nStates) + " states (one per node, four per converter); the limit is " +
                          std::to_string(m_limits.maxStates) + " states" + versionOneNote(m_limits.maxStates < kMaxStates));
    }

    // initial clutch locks, and initial speeds consistent with every rigid constraint
};

} // namespace

CompileResult compileFlatLab(const LabSpec& flat, const CompileLimits& limits, const Json& parts)
{
    Compiler c(flat, limits, parts);
    return c.run();
}

} // namespace drivelab
