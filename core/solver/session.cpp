#include "solver/session.h"

#include "solver/stepper.h"

namespace drivelab {

std::vector<ObservableRef> observableLayout(const Model& m)
{
    std::vector<ObservableRef> out;
    for (const auto& n : m.nodes) {
        for (const auto& o : n.desc->observables) out.push_back({n.id, o.name, o.unit, o.integer, true, false, o.tickMean});
    }
    for (const auto& c : m.components) {
        for (const auto& o : c.observables()) out.push_back({c.id, o.name, o.unit, o.integer, false, false, o.tickMean});
    }
    for (const auto& g : m.timeSignals) out.push_back({g.id, "value", g.unit.c_str(), false, false, true});
    return out;
}

Session::Session(std::shared_ptr<const Model> model)
    : m_model(std::move(model)), m_state(initialState(*m_model)), m_saved(m_state), m_ws(std::make_unique<Workspace>(*m_model))
{
    m_observableCount = observableLayout(*m_model).size();
    prepareInitialState(*m_model, m_state, *m_ws);
    copyState(m_state, m_saved);
}

Session::Session(const Session& other)
    : m_model(other.m_model), m_state(other.m_state), m_saved(other.m_state), m_ws(std::make_unique<Workspace>(*m_model)),
      m_observableCount(other.m_observableCount)
{
    ensureBasis(*m_model, m_state, *m_ws);
    if (!m_ws->fmus.empty()) forkFmuStates(other.m_ws->fmus, m_ws->fmus, m_state.tick); // imported FMUs continue in the fork
}

Session::~Session() = default;

namespace {
// no hook: the plain run's batch tests nothing after a tick
struct NoHook {
    void operator()(const Session&) const { }
};
struct CallHook {
    TickHook hook;
    void operator()(const Session& s) const { hook.fn(hook.context, s); }
};
} // namespace

BatchResult Session::run(std::int64_t n, const std::atomic<bool>* cancel) { return runBatch(n, cancel, NoHook{}); }

BatchResult Session::run(std::int64_t n, const std::atomic<bool>* cancel, TickHook afterTick)
{
    if (!afterTick.fn) return runBatch(n, cancel, NoHook{});
    return runBatch(n, cancel, CallHook{afterTick});
}

template <class Hook> BatchResult Session::runBatch(std::int64_t n, const std::atomic<bool>* cancel, Hook afterTick)
{
    BatchResult r;
    r.status = advance<true>(n, cancel, afterTick, r.error, r.ticks);
    return r;
}

template <bool Saved, class Hook>
BatchStatus Session::advance(std::int64_t n, const std::atomic<bool>* cancel, Hook afterTick, SolverError& error, std::int64_t& ticks)
{
    if constexpr (Saved) {
        copyState(m_state, m_saved);
        if (!m_ws->fmus.empty()) saveFmuStates(m_ws->fmus, m_state.tick); // imported FMUs roll back with the batch
    }
    const auto rollBack = [this] {
        if constexpr (Saved) {
            copyState(m_saved, m_state);
            if (!m_ws->fmus.empty()) rollbackFmuStates(m_ws->fmus, m_state.tick);
        }
    };
    const std::int64_t end = std::min(m_model->ticks, m_state.tick + (n > 0 ? n : 0));
    const std::int64_t start = m_state.tick;
    while (m_state.tick < end) {
        if (cancel && cancel->load(std::memory_order_relaxed)) {
            rollBack();
            return BatchStatus::Cancelled;
        }
        if (!stepTick(*m_model, m_state, *m_ws, error)) {
            rollBack();
            return BatchStatus::Failed;
        }
        afterTick(*this);
    }
    ticks = m_state.tick - start;
    return BatchStatus::Completed;
}

StepResult Session::runUnsaved(std::int64_t n)
{
    if (m_errorSet || !m_ws->fmus.empty()) [[unlikely]]
        return runUnsavedCold(n);
    StepResult r;
    r.status = advance<false>(n, nullptr, NoHook{}, m_error, r.ticks);
    m_errorSet = r.status != BatchStatus::Completed;
    return r;
}

StepResult Session::runUnsavedCold(std::int64_t n)
{
    if (m_errorSet) { // a fresh error for this run (stepTick fills only what it knows)
        m_error = SolverError{};
        m_errorSet = false;
    }
    if (m_ws->fmus.empty()) return runUnsaved(n);
    StepResult r; // imported FMUs keep their states at the batch's start: run()'s way
    r.status = advance<true>(n, nullptr, NoHook{}, m_error, r.ticks);
    m_errorSet = r.status != BatchStatus::Completed;
    return r;
}

void Session::reset()
{
    State fresh = initialState(*m_model);
    copyState(fresh, m_state);
    prepareInitialState(*m_model, m_state, *m_ws);
    m_ws->clutchEvents.count = 0;
}

bool Session::setInput(const std::string& component, const std::string& input, double value)
{
    const int ci = m_model->componentIndex(component);
    if (ci < 0) return false;
    const ComponentInfo& c = m_model->components[static_cast<std::size_t>(ci)];
    const InputDescriptor* in = c.desc->input(input);
    if (!in || !in->range.contains(value)) return false;
    const int slot = c.inputSlot + static_cast<int>(in - c.desc->inputs.data());
    m_state.real[static_cast<std::size_t>(slot)] = value;
    // as an event on a signal-bound input: the binding ends, the value holds from now on
    for (const InputBinding& b : m_model->bindings) {
        if (b.slot == slot) m_state.flag[static_cast<std::size_t>(b.flag)] = 0;
    }
    // as an event at this boundary: inputs that hold a state (a pressure source's node) act
    // from the next tick on; the clutches' engagement rule runs at every interval start
    if (m_model->fixedMask) applyInputs(*m_model, m_state, *m_ws);
    return true;
}

void Session::restore(const State& s)
{
    copyState(s, m_state);
    ensureBasis(*m_model, m_state, *m_ws);
}

namespace {
// observable k of a node (observableLayout's order: a rotational or translational node's speed
// and position, a hydraulic node's pressure and its oil's temperature, a thermal node's
// temperature); solver/subsetreader.cpp binds the same cases to pointers, and tst_tickhook
// compares the two for every observable of every shipped lab
inline double nodeObservable(const Model& m, const State& s, const NodeInfo& n, std::size_t k)
{
    const std::size_t i = static_cast<std::size_t>(n.index);
    if (n.domain == Domain::Thermal) return m.temp0[i] + s.temp[i];
    if (k == 0) return s.x[i];
    if (n.domain == Domain::Hydraulic) return m.oilFixedT[i] + s.x[static_cast<std::size_t>(n.tempIndex)];
    return m.pos0[i] + s.pos[i];
}
} // namespace

void Session::observe(double* out) const
{
    const Model& m = *m_model;
    const State& s = m_state;
    std::size_t k = 0;
    for (const auto& n : m.nodes)
        for (std::size_t j = 0, count = n.desc->observables.size(); j < count; ++j) out[k++] = nodeObservable(m, s, n, j);
    const ObserveContext c = observeContext();
    for (const auto& ci : m.components) {
        ci.observe(m, ci.local, c, out + k);
        k += ci.observables().size();
    }
    // signals: their value at this boundary
    const double t = time();
    for (const auto& g : m.timeSignals) out[k++] = g.value(t);
}

EnergyReport Session::energy() const
{
    EnergyReport e;
    const Ledger& l = m_state.ledger;
    e.kineticInitial = l.kineticInitial;
    e.storedInitial = l.storedInitial;
    e.kineticFinal = kineticEnergy(*m_model, m_state);
    e.storedFinal = storedEnergy(*m_model, m_state);
    e.sourceWork = l.sourceWork.value();
    e.sourceWorkGross = l.sourceWorkGross;
    e.heatToNodes = l.heatToNodes.value();
    e.heatToLedger = l.heatToLedger.value();
    e.numericalDissipation = l.numerical.value();
    CompensatedSum r;
    r.add(e.storedFinal);
    r.add(-e.storedInitial);
    r.add(e.heatToNodes);
    r.add(e.heatToLedger);
    r.add(e.numericalDissipation);
    r.add(-e.sourceWork);
    if (!m_model->oilVolumes.empty()) {
        e.oilChange = oilEnergy(*m_model, m_state);
        e.heatToOil = l.heatToOil.value();
        e.oilEnthalpyIn = l.oilEnthalpyIn.value();
        e.oilAbsorbed = l.oilAbsorbed.value();
        r.add(e.oilChange);
        r.add(e.oilAbsorbed);
        r.add(-e.oilEnthalpyIn);
    }
    e.residual = r.value();
    CompensatedSum u;
    for (int i = 0; i < m_model->nTherm; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        u.add(m_model->heatCapacity[k] * m_state.temp[k]);
    }
    e.thermalStoredChange = u.value();
    e.heatFromSources = l.heatFromSources.value();
    e.heatToAmbient = l.heatToAmbient.value();
    CompensatedSum t;
    t.add(e.thermalStoredChange);
    t.add(-e.heatToNodes);
    t.add(-e.heatFromSources);
    t.add(e.heatToAmbient);
    e.thermalResidual = t.value();
    e.volumeSupplied = l.volumeSupplied.value();
    e.volumeSuppliedGross = l.volumeSuppliedGross;
    e.volumeStored = l.volumeStored.value();
    e.volumeAbsorbed = l.volumeAbsorbed.value();
    CompensatedSum v;
    v.add(e.volumeStored);
    v.add(e.volumeAbsorbed);
    v.add(-e.volumeSupplied);
    e.volumeResidual = v.value();
    return e;
}

const SolverStats& Session::stats() const { return m_ws->stats; }
const ClutchEventLog& Session::clutchEvents() const { return m_ws->clutchEvents; }

} // namespace drivelab
