#pragma once
// Session: the one API the editor, the command line and the tests share to run a
// compiled Model. Batches of ticks either complete or roll back entirely; a fork
// copies the state into its own workspace; nothing allocates inside a batch.
#include <atomic>
#include <cstdint>
#include <concepts>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "components/component.h"
#include "solver/state.h"
#include "solver/workspace.h"

namespace drivelab {

/// how a batch ended
enum class BatchStatus { Completed, Failed, Cancelled };

/// outcome of one batch
struct BatchResult {
    BatchStatus status = BatchStatus::Completed; ///< completed, failed (rolled back) or cancelled (rolled back)
    std::int64_t ticks = 0;                      ///< ticks advanced (0 unless completed)
    SolverError error;                           ///< filled when failed
};

/// outcome of Session::runUnsaved: no strings, so a step that completes builds and destroys none
/// (an exported FMU steps every tick, docs/FMI.md "Cost"); a failure's tick, time, component and
/// message are Session::lastError()
struct StepResult {
    BatchStatus status = BatchStatus::Completed; ///< completed or failed (never cancelled: no cancel)
    std::int64_t ticks = 0;                      ///< ticks advanced (0 unless completed)
};

/// the energy books as reported (LAB_FORMAT section 3)
struct EnergyReport {
    double kineticInitial = 0.0;       ///< [J]
    double kineticFinal = 0.0;         ///< [J]
    double storedInitial = 0.0;        ///< kinetic + elastic at t = 0 [J]
    double storedFinal = 0.0;          ///< kinetic + elastic now [J]
    double sourceWork = 0.0;           ///< work done by sources [J]
    double sourceWorkGross = 0.0;      ///< sum of |work| of the sources per interval [J] (not reported:
                                       ///< the scale of the energy check when sources give and take)
    double heatToNodes = 0.0;          ///< heat delivered to thermal nodes [J]
    double heatToLedger = 0.0;         ///< heat to the external ledger [J]
    double numericalDissipation = 0.0; ///< integrator dissipation [J]
    double residual = 0.0;             ///< (stored_final - stored_initial) + heat - source_work [J]
                                       ///< (+ the oil's change and what it absorbed - what flowed in)
    double oilChange = 0.0;            ///< change of the oil's internal energy since t = 0 [J]
    double heatToOil = 0.0;            ///< losses that stayed in the oil [J] (part of its change)
    double oilEnthalpyIn = 0.0;        ///< oil thermal energy flows brought in from outside the volumes [J]
    double oilAbsorbed = 0.0;          ///< oil thermal energy taken into moving geometry and storage [J]
    double thermalStoredChange = 0.0;  ///< sum of C (T - T0) over thermal nodes [J]
    double heatFromSources = 0.0;      ///< heat injected by heat sources [J]
    double heatToAmbient = 0.0;        ///< heat thermal nodes lost to their ambient [J]
    double thermalResidual = 0.0;      ///< thermal_stored_change - (heat_to_nodes + sources - ambient) [J]
    double volumeSupplied = 0.0;       ///< fluid supplied by reservoirs and pressure sources [m^3]
    double volumeSuppliedGross = 0.0;  ///< sum of |volume| they supplied per interval [m^3] (not reported:
                                       ///< the scale of the volume check when oil flows through)
    double volumeStored = 0.0;         ///< fluid stored by compression and storage elements [m^3]
    double volumeAbsorbed = 0.0;       ///< fluid taken into moving displacement chambers [m^3]
    double volumeResidual = 0.0;       ///< stored + absorbed - supplied [m^3]
};

/// one observable of the flat observable vector
struct ObservableRef {
    std::string subject;   ///< node or component id
    std::string name;      ///< observable name
    const char* unit = ""; ///< SI unit (a signal's points into the Model: keep the model alive with the layout)
    bool integer = false;  ///< written as an integer
    bool isNode = false;   ///< node (true) or component (false)
    bool isSignal = false; ///< a signal (its value; then isNode is false)
    bool tickMean = false; ///< a mean over the last complete tick (ObservableDescriptor::tickMean)

    /// 0 node, 1 component, 2 signal: the report's groups, in layout order
    int group() const { return isSignal ? 2 : isNode ? 0 : 1; }
};

/// the flat observable layout of a model: nodes in file order, then components, then signals
std::vector<ObservableRef> observableLayout(const Model& m);

class Session;

/// what a batch calls after every tick (Session::run): fn(context, session). A plain function
/// pointer and its context, so a hook called 100 000 times a run costs one indirect call.
struct TickHook {
    void (*fn)(void* context, const Session& s) = nullptr;
    void* context = nullptr;
};

/// A running simulation of one Model.
class Session {
public:
    /// start at t = 0
    explicit Session(std::shared_ptr<const Model> model);
    /// a fork: copies the state, owns a fresh workspace, shares the immutable model
    Session(const Session& other);
    Session& operator=(const Session&) = delete;
    ~Session();

    /// the compiled model
    const Model& model() const { return *m_model; }
    /// the shared model pointer
    const std::shared_ptr<const Model>& modelPtr() const { return m_model; }
    /// the current state
    const State& state() const { return m_state; }
    /// ticks completed
    std::int64_t tick() const { return m_state.tick; }
    /// current time [s]
    double time() const { return static_cast<double>(m_state.tick * m_model->tickNs) / 1e9; }
    /// true when the run's duration is reached
    bool finished() const { return m_state.tick >= m_model->ticks; }

    /// Run up to n ticks (stopping at the end of the run). A failure or a cancel
    /// (checked before every tick; may be set from another thread) restores the
    /// state from before the batch.
    BatchResult run(std::int64_t n, const std::atomic<bool>* cancel = nullptr);
    /// the same, calling `afterTick(*this)` after every tick of the batch (per-tick samples at
    /// the cost of the batch: one rollback copy per batch, not per tick); a failure or a cancel
    /// still restores the state from before the whole batch (the hook has seen its ticks)
    BatchResult run(std::int64_t n, const std::atomic<bool>* cancel, TickHook afterTick);
    /// the same with a callable (kept alive by the caller for the batch) as the hook
    template <class F>
        requires std::invocable<F&, const Session&>
    BatchResult run(std::int64_t n, const std::atomic<bool>* cancel, F&& afterTick)
    {
        using Fn = std::remove_reference_t<F>;
        const auto call = [](void* f, const Session& s) { (*static_cast<Fn*>(f))(s); };
        return run(n, cancel, TickHook{call, const_cast<void*>(static_cast<const void*>(&afterTick))});
    }
    /// Run up to n ticks without the batch's rollback copy and without a cancel: a failure leaves
    /// the state where the failed tick left it. For a caller that keeps its own way back (the
    /// exported FMU's checkpoint, fmi/stepcheckpoint.h); a model with imported FMUs takes run()'s way
    /// (rolled back on a failure). The same loop as run().
    StepResult runUnsaved(std::int64_t n);
    /// the failure of the last runUnsaved that failed (valid until the next runUnsaved)
    const SolverError& lastError() const { return m_error; }
    /// back to t = 0
    void reset();
    /// a fork of this session (same as the copy constructor)
    Session fork() const { return Session(*this); }
    /// change an input now (as an event at the current boundary would); false if unknown
    bool setInput(const std::string& component, const std::string& input, double value);
    /// replace the state (restoring a saved state of the same model)
    void restore(const State& s);

    /// stable hash of the complete state
    std::uint64_t stateHash() const { return hashState(m_state); }
    /// number of observables
    std::size_t observableCount() const { return m_observableCount; }
    /// all observables now, in observableLayout() order
    void observe(double* out) const;
    /// what a component's observe reads, now (ComponentInfo::observe); its pointers hold while the
    /// session lives (a batch copies states into the same storage: no allocation, tst_alloc)
    ObserveContext observeContext() const
    {
        const State& s = m_state;
        return ObserveContext{s.x.data(), s.pos.data(), s.real.data(), s.flag.data(), s.mean.data()};
    }
    /// the energy books now
    EnergyReport energy() const;
    /// solver counters
    const SolverStats& stats() const;
    /// the clutches' most recent locks, breakaways and releases with their instants
    const ClutchEventLog& clutchEvents() const;

private:
    template <class Hook> BatchResult runBatch(std::int64_t n, const std::atomic<bool>* cancel, Hook afterTick);
    /// the one loop of run() and runUnsaved(): up to n ticks; Saved: the rollback copy at the start,
    /// restored on a failure or a cancel; a failure fills `error`; `ticks` set when completed
    /// runUnsaved with an error to clear first or imported FMUs (out of the hot path)
    StepResult runUnsavedCold(std::int64_t n);
    template <bool Saved, class Hook>
    BatchStatus advance(std::int64_t n, const std::atomic<bool>* cancel, Hook afterTick, SolverError& error, std::int64_t& ticks);

    std::shared_ptr<const Model> m_model;
    State m_state;
    State m_saved;
    std::unique_ptr<Workspace> m_ws;
    std::size_t m_observableCount = 0;
    SolverError m_error;       // runUnsaved's last failure
    bool m_errorSet = false;   // m_error holds one (cleared at the next runUnsaved)
};

} // namespace drivelab
