// The instances of an imported FMU through FMI 3.0 and FMI 2.0 (FmuRunner, fmuhost.h): one
// status check for both, the FMU's last warning or error message kept in a fixed buffer (the
// logger callback allocates nothing), an instance that returned fmi3Fatal / fmi2Fatal never
// called again (not even freed, as the standard says).
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "fmulibrary.h"

namespace drivelab {
namespace {

/// what both versions share: the library kept open, the last message, the status check
class FmuRunnerBase : public FmuRunner {
public:
    explicit FmuRunnerBase(std::shared_ptr<const FmuLibrary> lib) : m_lib(std::move(lib)) { }
    const std::string& error() const override { return m_error; }

    /// keep a message the FMU logged with status >= warning (1)
    void keepMessage(int status, const char* message)
    {
        if (status < 1 || !message) return;
        std::snprintf(m_log, sizeof m_log, "%s", message);
    }

protected:
    /// status 0 OK, 1 Warning: fine; 2 Discard, 3 Error, 4 Fatal: the call failed
    bool check(int status, const char* call)
    {
        if (status <= 1) return true;
        static const char* const kNames[] = {"OK", "Warning", "Discard", "Error", "Fatal"};
        const char* prefix = m_lib->description().fmiVersion == 3 ? "fmi3" : "fmi2";
        m_error = std::string(call) + " returned " + prefix + (status <= 4 ? kNames[status] : "?") + (m_log[0] ? std::string(": ") + m_log : std::string());
        if (status >= 4) m_fatal = true;
        m_failed = true;
        return false;
    }
    /// a call on an instance that failed before
    bool refuse(const char* call)
    {
        m_error = std::string(call) + " not called: the FMU failed before (" + m_error + ")";
        return false;
    }

    std::shared_ptr<const FmuLibrary> m_lib;
    std::string m_error;
    char m_log[512] = {};
    bool m_initialized = false;
    bool m_failed = false;
    bool m_fatal = false;
};

// ---- FMI 3.0

void fmi3RunnerLog(fmi3InstanceEnvironment env, fmi3Status status, fmi3String, fmi3String message)
{
    static_cast<FmuRunnerBase*>(env)->keepMessage(static_cast<int>(status), message);
}

class Fmi3Runner final : public FmuRunnerBase {
public:
    explicit Fmi3Runner(std::shared_ptr<const FmuLibrary> lib) : FmuRunnerBase(std::move(lib)), m_f(m_lib->fmi3()) { }
    ~Fmi3Runner() override
    {
        if (!m_i || m_fatal) return;
        if (m_state) m_f.freeState(m_i, &m_state);
        if (m_initialized && !m_failed) m_f.terminate(m_i);
        m_f.freeInstance(m_i);
    }

    bool make(const std::string& name)
    {
        const FmuDescription& d = m_lib->description();
        const std::string& res = m_lib->resources();
        m_i = m_f.instantiate(name.c_str(), d.token.c_str(), res.empty() ? nullptr : res.c_str(), false, false, false, false, nullptr, 0, this,
                              fmi3RunnerLog, nullptr);
        if (m_i) return true;
        m_error = std::string("fmi3InstantiateCoSimulation returned no instance") + (m_log[0] ? std::string(": ") + m_log : std::string());
        return false;
    }

    bool start(const unsigned* vr, const double* values, std::size_t n, double t0) override
    {
        if (m_failed) return refuse("fmi3EnterInitializationMode");
        if (n && !check(m_f.set(m_i, vr, n, values, n), "fmi3SetFloat64 (start values)")) return false;
        if (!check(m_f.enterInit(m_i, false, 0.0, t0, false, 0.0), "fmi3EnterInitializationMode")) return false;
        if (!check(m_f.exitInit(m_i), "fmi3ExitInitializationMode")) return false;
        m_initialized = true;
        return true;
    }
    bool set(const unsigned* vr, const double* values, std::size_t n) override
    {
        if (m_failed) return refuse("fmi3SetFloat64");
        return check(m_f.set(m_i, vr, n, values, n), "fmi3SetFloat64");
    }
    bool get(const unsigned* vr, double* values, std::size_t n) override
    {
        if (m_failed) return refuse("fmi3GetFloat64");
        return check(m_f.get(m_i, vr, n, values, n), "fmi3GetFloat64");
    }
    bool doStep(double t, double h) override
    {
        if (m_failed) return refuse("fmi3DoStep");
        fmi3Boolean event = false, terminate = false, early = false;
        fmi3Float64 last = t;
        // an FMU that can set its state may be taken back before this point (a rolled-back batch)
        const bool noRollback = !m_lib->description().canGetAndSetState;
        if (!check(m_f.doStep(m_i, t, h, noRollback, &event, &terminate, &early, &last), "fmi3DoStep")) return false;
        if (terminate || early) {
            m_error = std::string("fmi3DoStep ") + (terminate ? "asked to terminate the simulation" : "returned early") + " at t = " +
                      std::to_string(last) + " s" + (m_log[0] ? std::string(": ") + m_log : std::string());
            m_failed = true;
            return false;
        }
        return true;
    }

    bool saveState() override
    {
        if (m_failed) return refuse("fmi3GetFMUState");
        return check(m_f.getState(m_i, &m_state), "fmi3GetFMUState");
    }
    bool restoreState() override
    {
        if (m_failed) return refuse("fmi3SetFMUState");
        return check(m_f.setState(m_i, m_state), "fmi3SetFMUState");
    }
    bool serializeState(std::vector<unsigned char>& bytes) override
    {
        if (m_failed) return refuse("fmi3GetFMUState");
        fmi3FMUState s = nullptr; // a state of its own: the one saveState keeps stays as it is
        std::size_t n = 0;
        bool ok = check(m_f.getState(m_i, &s), "fmi3GetFMUState") && check(m_f.serializedSize(m_i, s, &n), "fmi3SerializedFMUStateSize");
        if (ok) {
            bytes.assign(n, 0);
            ok = check(m_f.serialize(m_i, s, bytes.data(), n), "fmi3SerializeFMUState");
        }
        if (s && !m_fatal) m_f.freeState(m_i, &s);
        return ok;
    }
    bool deserializeState(const std::vector<unsigned char>& bytes) override
    {
        if (m_failed) return refuse("fmi3DeserializeFMUState");
        fmi3FMUState s = nullptr;
        const bool ok = check(m_f.deserialize(m_i, bytes.data(), bytes.size(), &s), "fmi3DeserializeFMUState") &&
                        check(m_f.setState(m_i, s), "fmi3SetFMUState");
        if (s && !m_fatal) m_f.freeState(m_i, &s);
        return ok;
    }

private:
    const Fmi3Functions& m_f;
    fmi3Instance m_i = nullptr;
    fmi3FMUState m_state = nullptr; // the one state kept (allocated by the FMU at the first save)
};

// ---- FMI 2.0

void fmi2RunnerLog(fmi2ComponentEnvironment env, fmi2String, fmi2Status status, fmi2String, fmi2String message, ...)
{
    char text[512];
    va_list args;
    va_start(args, message);
    std::vsnprintf(text, sizeof text, message ? message : "", args);
    va_end(args);
    static_cast<FmuRunnerBase*>(env)->keepMessage(static_cast<int>(status), text);
}

class Fmi2Runner final : public FmuRunnerBase {
public:
    explicit Fmi2Runner(std::shared_ptr<const FmuLibrary> lib) : FmuRunnerBase(std::move(lib)), m_f(m_lib->fmi2()) { }
    ~Fmi2Runner() override
    {
        if (!m_i || m_fatal) return;
        if (m_state) m_f.freeState(m_i, &m_state);
        if (m_initialized && !m_failed) m_f.terminate(m_i);
        m_f.freeInstance(m_i);
    }

    bool make(const std::string& name)
    {
        const FmuDescription& d = m_lib->description();
        // FMI 2 names the resources by URI; the callbacks must outlive the instance (a member)
        const std::string uri = m_lib->resources().empty() ? std::string() : "file://" + m_lib->resources();
        m_callbacks = fmi2CallbackFunctions{fmi2RunnerLog, std::calloc, std::free, nullptr, this};
        m_i = m_f.instantiate(name.c_str(), fmi2CoSimulation, d.token.c_str(), uri.empty() ? nullptr : uri.c_str(), &m_callbacks, false, false);
        if (m_i) return true;
        m_error = std::string("fmi2Instantiate returned no instance") + (m_log[0] ? std::string(": ") + m_log : std::string());
        return false;
    }

    bool start(const unsigned* vr, const double* values, std::size_t n, double t0) override
    {
        if (m_failed) return refuse("fmi2EnterInitializationMode");
        if (n && !check(m_f.set(m_i, vr, n, values), "fmi2SetReal (start values)")) return false;
        if (!check(m_f.setup(m_i, false, 0.0, t0, false, 0.0), "fmi2SetupExperiment")) return false;
        if (!check(m_f.enterInit(m_i), "fmi2EnterInitializationMode")) return false;
        if (!check(m_f.exitInit(m_i), "fmi2ExitInitializationMode")) return false;
        m_initialized = true;
        return true;
    }
    bool set(const unsigned* vr, const double* values, std::size_t n) override
    {
        if (m_failed) return refuse("fmi2SetReal");
        return check(m_f.set(m_i, vr, n, values), "fmi2SetReal");
    }
    bool get(const unsigned* vr, double* values, std::size_t n) override
    {
        if (m_failed) return refuse("fmi2GetReal");
        return check(m_f.get(m_i, vr, n, values), "fmi2GetReal");
    }
    bool doStep(double t, double h) override
    {
        if (m_failed) return refuse("fmi2DoStep");
        // an FMU that can set its state may be taken back before this point (a rolled-back batch)
        return check(m_f.doStep(m_i, t, h, !m_lib->description().canGetAndSetState), "fmi2DoStep");
    }
    bool saveState() override
    {
        if (m_failed) return refuse("fmi2GetFMUstate");
        return check(m_f.getState(m_i, &m_state), "fmi2GetFMUstate");
    }
    bool restoreState() override
    {
        if (m_failed) return refuse("fmi2SetFMUstate");
        return check(m_f.setState(m_i, m_state), "fmi2SetFMUstate");
    }
    bool serializeState(std::vector<unsigned char>& bytes) override
    {
        if (m_failed) return refuse("fmi2GetFMUstate");
        fmi2FMUstate s = nullptr; // a state of its own: the one saveState keeps stays as it is
        std::size_t n = 0;
        bool ok = check(m_f.getState(m_i, &s), "fmi2GetFMUstate") && check(m_f.serializedSize(m_i, s, &n), "fmi2SerializedFMUstateSize");
        if (ok) {
            bytes.assign(n, 0);
            ok = check(m_f.serialize(m_i, s, reinterpret_cast<fmi2Byte*>(bytes.data()), n), "fmi2SerializeFMUstate");
        }
        if (s && !m_fatal) m_f.freeState(m_i, &s);
        return ok;
    }
    bool deserializeState(const std::vector<unsigned char>& bytes) override
    {
        if (m_failed) return refuse("fmi2DeSerializeFMUstate");
        fmi2FMUstate s = nullptr;
        const bool ok = check(m_f.deserialize(m_i, reinterpret_cast<const fmi2Byte*>(bytes.data()), bytes.size(), &s), "fmi2DeSerializeFMUstate") &&
                        check(m_f.setState(m_i, s), "fmi2SetFMUstate");
        if (s && !m_fatal) m_f.freeState(m_i, &s);
        return ok;
    }

private:
    const Fmi2Functions& m_f;
    fmi2Component m_i = nullptr;
    fmi2FMUstate m_state = nullptr; // the one state kept (allocated by the FMU at the first save)
    fmi2CallbackFunctions m_callbacks{};
};

} // namespace

std::unique_ptr<FmuRunner> makeFmi3Runner(std::shared_ptr<const FmuLibrary> lib, const std::string& name, std::string& error)
{
    auto r = std::make_unique<Fmi3Runner>(std::move(lib));
    if (r->make(name)) return r;
    error = r->error();
    return nullptr;
}

std::unique_ptr<FmuRunner> makeFmi2Runner(std::shared_ptr<const FmuLibrary> lib, const std::string& name, std::string& error)
{
    auto r = std::make_unique<Fmi2Runner>(std::move(lib));
    if (r->make(name)) return r;
    error = r->error();
    return nullptr;
}

} // namespace drivelab
