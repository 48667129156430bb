// FlatCompiler (flatcompiler.h): the components (ports, parameters, each type's compile),
// the states they prescribe, the model's hook tables and its Jacobian structure
#include "compile/flatcompiler.h"

#include <algorithm>
#include <cmath>

#include "compile/componentchecks.h"
#include "components/registry.h"
#include "components/descriptors.h"
#include "util/jsonwrite.h"

namespace drivelab {
namespace {

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

} // namespace

const NodeRef* FlatCompiler::findNode(const std::string& id) const
{
    for (const auto& [nid, ref] : m_nodeRefs) {
        if (nid == id) return &ref;
    }
    return nullptr;
}

void FlatCompiler::compileComponents()
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
void FlatCompiler::prescribeState(const PrescribedState& p)
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

} // namespace drivelab
