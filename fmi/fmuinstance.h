#pragma once
// FmuInstance: one instance of a DriveLab FMU (docs/FMI.md). It owns its compiled Model and its
// Session; nothing is shared between instances but the library's code, so several instances in
// one process run independently and deterministically. The FMI 3.0 and FMI 2.0 entry points
// (fmi3functions.cpp, fmi2functions.cpp) are thin adapters over it: both standards' state machines
// map onto Mode, and every call that its state forbids is refused with a logged message and the
// error status, never undefined behaviour.
//
//   Instantiated --enterInitializationMode--> Initialization --exitInitializationMode--> Step
//   Step --doStep--> Step (a solver failure: Error)      Step --terminate--> Terminated
//   any --reset--> Instantiated                           Error --setFMUState--> Step
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <vector>

#include "fmuvariables.h"
#include "stepcheckpoint.h"
#include "valuetable.h"
#include "solver/session.h"

namespace drivelab::fmi {

/// a call's outcome; the values are FMI 3's and FMI 2's (OK 0 .. Fatal 4)
enum class Status { OK = 0, Warning = 1, Discard = 2, Error = 3, Fatal = 4 };

/// where the instance is in the co-simulation state machine
enum class Mode { Instantiated, Initialization, Step, Terminated, Error };

/// the importer's logger, whatever the FMI version (fmi3functions.cpp, fmi2functions.cpp)
struct LogSink {
    /// deliver one message; `self` is the instance (its name, its environment)
    void (*deliver)(const LogSink& sink, const std::string& instance, Status status, const char* category, const char* message) = nullptr;
    void* callback = nullptr;    ///< the importer's function (cast back by deliver)
    void* environment = nullptr; ///< the importer's environment pointer
};

/// what an importer hands over at instantiation
struct InstanceSetup {
    int fmiVersion = 3;          ///< the API the importer calls
    std::string name;            ///< instanceName
    std::string token;           ///< instantiationToken / guid
    std::string resourceDir;     ///< the FMU's resources folder (a path, with or without a trailing '/')
    bool loggingOn = false;      ///< loggingOn
    LogSink log;                 ///< the importer's logger
};

class FmuInstance;

/// a saved FMU state (fmi3FMUState / fmi2FMUstate): the solver state and the inputs' values
struct SavedState {
    const FmuInstance* owner = nullptr; ///< the instance that made it
    std::uint64_t fingerprint = 0;      ///< the model it belongs to
    State state;                        ///< the solver state
    std::vector<double> values;         ///< every variable's value as the importer set it (inputs, parameters)
};

class FmuInstance {
public:
    /// an instance, or nullptr after a logged message (wrong token, unreadable resources, a lab
    /// that does not compile)
    static std::unique_ptr<FmuInstance> create(const InstanceSetup& setup);
    ~FmuInstance();

    /// the mode
    Mode mode() const { return m_mode; }
    /// the FMI version the importer uses
    int fmiVersion() const { return m_setup.fmiVersion; }

    /// refuse a call that `mode` does not allow: logs "FUNCTION: not allowed in MODE" and returns false
    /// (inline: the per-step calls check their mode at the cost of a compare, docs/FMI.md "Cost")
    bool allowed(const char* function, std::initializer_list<Mode> modes)
    {
        for (Mode m : modes)
            if (m == m_mode) return true;
        return refuse(function);
    }
    /// allowed()'s refusal: logs "FUNCTION: not allowed in MODE", false
    bool refuse(const char* function);
    /// log an error naming the function; returns Status::Error
    Status fail(const char* function, const std::string& message);
    /// turn logging on or off (`categories` empty: every category); an unknown category is an error
    Status setDebugLogging(bool on, const std::vector<std::string>& categories);

    /// startTime must be 0 and stopTime (when defined) inside the lab's run
    Status setupExperiment(const char* function, double startTime, bool stopTimeDefined, double stopTime);
    /// Instantiated -> Initialization
    Status enterInitializationMode(const char* function);
    /// Initialization -> Step (compiles the lab again when a parameter changed)
    Status exitInitializationMode(const char* function);
    /// Step -> Terminated
    Status terminate(const char* function);
    /// any -> Instantiated, every value back to its start
    Status reset(const char* function);

    /// values of Float64 variables (FMI 3 fmi3GetFloat64, FMI 2 fmi2GetReal). Inline: the hot path of
    /// an importer that reads outputs every tick is one test and the table's get (valuetable.h);
    /// anything else (another mode, a wrong count, null arrays, a rebuild pending) is checked out of line
    Status getFloat64(const char* function, const std::uint32_t* vr, std::size_t nvr, double* values, std::size_t nValues)
    {
        if (m_mode == Mode::Step && !m_rebuild && nValues == nvr && vr && values) [[likely]] {
            const std::size_t bad = m_table.get(vr, nvr, values);
            if (bad == ValueTable::kAll) [[likely]] return Status::OK;
            return unknownVr(function, vr[bad]);
        }
        return getFloat64Checked(function, vr, nvr, values, nValues);
    }
    /// set inputs (and parameters before initialization ends)
    Status setFloat64(const char* function, const std::uint32_t* vr, std::size_t nvr, const double* values, std::size_t nValues);
    /// refuse a Get/Set of a type the FMU has no variable of (every variable is Float64)
    Status noSuchType(const char* function, const std::uint32_t* vr, std::size_t nvr);

    /// advance from `t` by `h` [s]: h a whole number of ticks, t the present communication point
    /// (inline: an importer stepping by the size of its last step, at the FMU's time and inside the
    /// run, takes one test to step(); any other call is checked in full out of line)
    Status doStep(const char* function, double t, double h)
    {
        if (m_mode == Mode::Step && h == m_stepSize) [[likely]] {
            const std::int64_t from = m_session->tick();
            if (std::fabs(t - m_session->time()) <= m_timeTolerance && from <= m_lastFrom) [[likely]] return step(function, from);
        }
        return doStepChecked(function, t, h);
    }
    /// the time reached [s]
    double time() const { return m_session ? m_session->time() : 0.0; }

    /// the FMU state
    Status getState(const char* function, void** state);
    Status setState(const char* function, void* state);
    Status freeState(const char* function, void** state);
    Status serializedSize(const char* function, void* state, std::size_t* size);
    Status serialize(const char* function, void* state, unsigned char* bytes, std::size_t size);
    Status deserialize(const char* function, const unsigned char* bytes, std::size_t size, void** state);

private:
    explicit FmuInstance(InstanceSetup setup);
    void log(Status status, const char* category, const std::string& message) const;
    Status ensureSession(const char* function);
    SavedState* ownState(const char* function, void* state);
    bool checkVrs(const char* function, const std::uint32_t* vr, std::size_t nvr, std::size_t nValues, bool values);
    Status doStepChecked(const char* function, double t, double h);
    /// a step of m_stepTicks from tick `from` (checked): no copy of the state per step, a failure
    /// goes back through the checkpoint (stepcheckpoint.h)
    Status step(const char* function, std::int64_t from)
    {
        m_checkpoint.beforeStep(*m_session);
        const StepResult r = m_session->runUnsaved(m_stepTicks);
        m_table.stale();
        if (r.status != BatchStatus::Completed) [[unlikely]]
            return stepFailed(function, from);
        return Status::OK;
    }
    Status stepFailed(const char* function, std::int64_t from);
    Status getFloat64Checked(const char* function, const std::uint32_t* vr, std::size_t nvr, double* values, std::size_t nValues);
    Status unknownVr(const char* function, std::uint32_t vr);

    InstanceSetup m_setup;
    bool m_logErrors = false, m_logWarnings = false; // the two log categories
    std::shared_ptr<const Model> m_baseModel;        // the lab as exported
    std::unique_ptr<LabSpec> m_baseSpec;             // its spec (parameters are set into a copy)
    FmuVariables m_vars;                             // by value reference
    std::vector<double> m_values;                    // each input's and parameter's present value
    std::unique_ptr<Session> m_session;              // the run (null until initialization)
    bool m_rebuild = true;                           // the session must be built again (parameters changed)
    ValueTable m_table;                              // what a get reads, by value reference (valuetable.h)
    double m_stepSize = std::numeric_limits<double>::quiet_NaN(); // the last accepted step size [s] (NaN: none)
    std::int64_t m_stepTicks = 0;                    // its ticks
    std::int64_t m_lastFrom = -1;                    // the last tick a step of m_stepTicks may start from
    double m_timeTolerance = 0.0;                    // how far currentCommunicationPoint may be from the FMU's time [s]
    StepCheckpoint m_checkpoint;                     // the way back from a failed step (stepcheckpoint.h)
    Mode m_mode = Mode::Instantiated;
    std::vector<SavedState*> m_states;               // states this instance handed out and not freed
};

} // namespace drivelab::fmi
