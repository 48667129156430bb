#include "fmuinstance.h"

#include <cmath>
#include <fstream>
#include <sstream>

#include "compile/compiler.h"
#include "io/labfile.h"
#include "spec/labpath.h"
#include "util/textescape.h"

namespace drivelab::fmi {

namespace {

const char* modeName(Mode m)
{
    switch (m) {
    case Mode::Instantiated: return "Instantiated";
    case Mode::Initialization: return "Initialization Mode";
    case Mode::Step: return "Step Mode";
    case Mode::Terminated: return "Terminated";
    case Mode::Error: return "the error state (after a failed step: reset, set a saved FMU state or free the instance)";
    }
    return "?";
}

// a whole file's text; false with why
bool readText(const std::string& path, std::string& text, std::string& why)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        why = "cannot open " + path;
        return false;
    }
    std::ostringstream s;
    s << in.rdbuf();
    text = s.str();
    return true;
}

// ticks in a span of `seconds`, when it is a whole number of ticks of `tickS` (within a millionth
// of a tick: an importer's step size is a double near n ticks); -1 otherwise
std::int64_t wholeTicks(double seconds, double tickS)
{
    if (!std::isfinite(seconds) || seconds <= 0.0) return -1;
    const double n = std::nearbyint(seconds / tickS);
    if (n < 1.0 || n > 9.0e15) return -1;
    if (std::fabs(seconds - n * tickS) > 1e-6 * tickS) return -1;
    return static_cast<std::int64_t>(n);
}

// a number in a message: shortest round-trip form; NaN and infinities spelt out (JSON has none)
std::string num(double v)
{
    if (std::isnan(v)) return "NaN";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    return formatDouble(v);
}

std::string seconds(double s) { return num(s) + " s"; }

} // namespace

FmuInstance::FmuInstance(InstanceSetup setup) : m_setup(std::move(setup))
{
    m_logErrors = m_logWarnings = m_setup.loggingOn;
}

FmuInstance::~FmuInstance()
{
    for (SavedState* s : m_states) delete s;
}

void FmuInstance::log(Status status, const char* category, const std::string& message) const
{
    const bool on = status >= Status::Error ? m_logErrors : m_logWarnings;
    // FMI 2 tools show errors whatever loggingOn says (the standard leaves it to the FMU);
    // FMI 3 says loggingOn false means no call at all
    const bool fmi2Error = m_setup.fmiVersion == 2 && status >= Status::Error;
    if (!m_setup.log.deliver || !(on || fmi2Error)) return;
    m_setup.log.deliver(m_setup.log, m_setup.name, status, category, message.c_str());
}

Status FmuInstance::fail(const char* function, const std::string& message)
{
    log(Status::Error, "logStatusError", std::string(function) + ": " + message);
    return Status::Error;
}

bool FmuInstance::refuse(const char* function)
{
    fail(function, std::string("not allowed in ") + modeName(m_mode));
    return false;
}

std::unique_ptr<FmuInstance> FmuInstance::create(const InstanceSetup& setup)
{
    std::unique_ptr<FmuInstance> self(new FmuInstance(setup));
    const char* fn = setup.fmiVersion == 3 ? "fmi3InstantiateCoSimulation" : "fmi2Instantiate";
    // the standard: a non-empty instance name
    if (setup.name.find_first_not_of(" \t\r\n") == std::string::npos) {
        self->fail(fn, "instanceName is empty");
        return nullptr;
    }
    std::string dir = setup.resourceDir;
    if (dir.empty()) {
        self->fail(fn, "no resource path: the FMU reads its lab from resources/");
        return nullptr;
    }
    if (dir.back() != '/') dir += '/';
    std::string text, why, token;
    Json description;
    if (!readText(dir + "drivelab-fmu.json", text, why)) {
        self->fail(fn, why + " (the resource path must name the unpacked FMU's resources folder)");
        return nullptr;
    }
    try {
        description = Json::parse(text);
    } catch (const std::exception& e) {
        self->fail(fn, dir + "drivelab-fmu.json: " + e.what());
        return nullptr;
    }
    FmuSelection sel;
    if (!readSelectionJson(description, sel, token, why)) {
        self->fail(fn, why);
        return nullptr;
    }
    if (sel.fmiVersion != setup.fmiVersion) {
        self->fail(fn, "this FMU was exported for FMI " + std::to_string(sel.fmiVersion) + ", not FMI " + std::to_string(setup.fmiVersion));
        return nullptr;
    }
    if (!readText(dir + "lab.json", text, why)) {
        self->fail(fn, why);
        return nullptr;
    }
    LoadedLab lab = loadLabText(text);
    if (!lab.model) {
        std::string lines;
        for (const Diagnostic& d : lab.diagnostics.items()) lines += "\n  " + formatDiagnostic("resources/lab.json", d);
        self->fail(fn, "resources/lab.json does not compile:" + lines);
        return nullptr;
    }
    std::vector<std::string> errors;
    if (!buildVariables(*lab.model, *lab.spec, sel, self->m_vars, errors)) {
        std::string lines;
        for (const std::string& e : errors) lines += "\n  " + e;
        self->fail(fn, "resources/drivelab-fmu.json does not fit resources/lab.json:" + lines);
        return nullptr;
    }
    // the lab, the selection and the model description must be the same export
    if (self->m_vars.instantiationToken != token || setup.token != token) {
        self->fail(fn, "instantiation token " + printableText(setup.token) + " is not this FMU's " + self->m_vars.instantiationToken +
                           " (the model description and the resources are from different exports)");
        return nullptr;
    }
    self->m_baseModel = lab.model;
    self->m_baseSpec = std::make_unique<LabSpec>(std::move(*lab.spec));
    self->m_values.resize(self->m_vars.vars.size(), 0.0);
    for (const FmuVariable& v : self->m_vars.vars) self->m_values[v.vr] = v.start;
    return self;
}

Status FmuInstance::setDebugLogging(bool on, const std::vector<std::string>& categories)
{
    if (categories.empty()) {
        m_logErrors = m_logWarnings = on;
        return Status::OK;
    }
    for (const std::string& c : categories) {
        if (c != "logStatusError" && c != "logStatusWarning")
            return fail(m_setup.fmiVersion == 3 ? "fmi3SetDebugLogging" : "fmi2SetDebugLogging",
                        "no log category '" + printableText(c) + "' (logStatusError, logStatusWarning)");
    }
    for (const std::string& c : categories) (c == "logStatusError" ? m_logErrors : m_logWarnings) = on;
    return Status::OK;
}

Status FmuInstance::setupExperiment(const char* function, double startTime, bool stopTimeDefined, double stopTime)
{
    const double end = static_cast<double>(m_baseModel->ticks * m_baseModel->tickNs) / 1e9;
    if (startTime != 0.0) return fail(function, "startTime " + seconds(startTime) + ": a DriveLab lab starts at 0 s");
    if (stopTimeDefined && !(stopTime <= end))
        return fail(function, "stopTime " + seconds(stopTime) + " is past the lab's run of " + seconds(end) +
                                  " (run.duration_ns): export the lab with a longer run");
    return Status::OK;
}

Status FmuInstance::ensureSession(const char* function)
{
    if (m_session && !m_rebuild) return Status::OK;
    std::shared_ptr<const Model> model = m_baseModel;
    bool changed = false;
    for (const FmuVariable& v : m_vars.vars)
        if (v.kind == VarKind::Parameter && m_values[v.vr] != v.start) changed = true;
    if (changed) {
        // a parameter differs from the exported lab: the lab with the values set, compiled again
        LabSpec spec = *m_baseSpec;
        for (const FmuVariable& v : m_vars.vars) {
            std::string why;
            if (v.kind == VarKind::Parameter && !setLabValue(spec, v.name, m_values[v.vr], why)) return fail(function, v.name + ": " + why);
        }
        CompileResult r = compile(spec);
        for (const Diagnostic& d : r.diagnostics.items()) {
            const bool error = d.severity == Severity::Error;
            log(error ? Status::Error : Status::Warning, error ? "logStatusError" : "logStatusWarning",
                std::string(function) + ": with the parameters set: " + d.subject + ": " + d.field + ": " + d.message);
        }
        if (!r.model) return Status::Error;
        model = r.model;
    }
    m_session = std::make_unique<Session>(model);
    m_rebuild = false;
    m_table.bind(*m_session, m_vars, m_values);
    m_stepSize = std::numeric_limits<double>::quiet_NaN(); // the tick may differ (a parameter)
    m_timeTolerance = 1e-3 * (static_cast<double>(model->tickNs) / 1e9); // a thousandth of a tick
    // inputs the importer set before the run: as events at t = 0
    for (const FmuVariable& v : m_vars.vars)
        if (v.kind == VarKind::Input && m_values[v.vr] != v.start) m_session->setInput(v.component, v.input, m_values[v.vr]);
    m_checkpoint.take(*m_session);
    return Status::OK;
}

Status FmuInstance::enterInitializationMode(const char* function)
{
    if (!allowed(function, {Mode::Instantiated})) return Status::Error;
    const Status s = ensureSession(function);
    if (s != Status::OK) return s;
    m_mode = Mode::Initialization;
    return Status::OK;
}

Status FmuInstance::exitInitializationMode(const char* function)
{
    if (!allowed(function, {Mode::Initialization})) return Status::Error;
    const Status s = ensureSession(function);
    if (s != Status::OK) return s;
    m_mode = Mode::Step;
    return Status::OK;
}

Status FmuInstance::terminate(const char* function)
{
    if (!allowed(function, {Mode::Step})) return Status::Error;
    m_mode = Mode::Terminated;
    return Status::OK;
}

Status FmuInstance::reset(const char*)
{
    m_session.reset();
    m_rebuild = true;
    for (const FmuVariable& v : m_vars.vars) m_values[v.vr] = v.start;
    m_mode = Mode::Instantiated;
    return Status::OK;
}

bool FmuInstance::checkVrs(const char* function, const std::uint32_t* vr, std::size_t nvr, std::size_t nValues, bool values)
{
    if (nvr > 0 && (!vr || !values)) {
        fail(function, "a null array");
        return false;
    }
    if (nValues != nvr) {
        fail(function, "nValues " + std::to_string(nValues) + " is not nValueReferences " + std::to_string(nvr) + " (every variable is a scalar)");
        return false;
    }
    for (std::size_t i = 0; i < nvr; ++i) {
        if (vr[i] >= m_vars.vars.size()) {
            fail(function, "no variable with value reference " + std::to_string(vr[i]));
            return false;
        }
    }
    return true;
}

Status FmuInstance::getFloat64Checked(const char* function, const std::uint32_t* vr, std::size_t nvr, double* values, std::size_t nValues)
{
    if (!allowed(function, {Mode::Initialization, Mode::Step, Mode::Terminated, Mode::Error})) return Status::Error;
    if (!checkVrs(function, vr, nvr, nValues, values != nullptr)) return Status::Error;
    if (m_rebuild) {
        const Status s = ensureSession(function);
        if (s != Status::OK) return s;
    }
    if (nvr == 0) return Status::OK; // vr and values may be null then
    const std::size_t bad = m_table.get(vr, nvr, values);
    return bad == ValueTable::kAll ? Status::OK : unknownVr(function, vr[bad]);
}

Status FmuInstance::unknownVr(const char* function, std::uint32_t vr)
{
    return fail(function, "no variable with value reference " + std::to_string(vr));
}

Status FmuInstance::setFloat64(const char* function, const std::uint32_t* vr, std::size_t nvr, const double* values, std::size_t nValues)
{
    if (!allowed(function, {Mode::Instantiated, Mode::Initialization, Mode::Step})) return Status::Error;
    if (!checkVrs(function, vr, nvr, nValues, values != nullptr)) return Status::Error;
    // check every value before any is set: a refused call changes nothing
    for (std::size_t i = 0; i < nvr; ++i) {
        const FmuVariable& v = m_vars.vars[vr[i]];
        if (v.kind == VarKind::Time || v.kind == VarKind::Output)
            return fail(function, v.name + " (value reference " + std::to_string(v.vr) + ") is " +
                                      (v.kind == VarKind::Time ? "the independent variable" : "an output") + ": it cannot be set");
        if (v.kind == VarKind::Parameter && m_mode == Mode::Step)
            return fail(function, v.name + " is a fixed parameter: set it before fmi" + std::to_string(m_setup.fmiVersion) +
                                      "ExitInitializationMode (DriveLab compiles the lab with it once)");
        if (!std::isfinite(values[i])) return fail(function, v.name + ": " + num(values[i]) + " is not a finite number");
        if (v.kind == VarKind::Input) {
            const int ci = m_baseModel->componentIndex(v.component);
            const InputDescriptor* in = m_baseModel->components[static_cast<std::size_t>(ci)].desc->input(v.input);
            if (!in->range.contains(values[i]))
                return fail(function, v.name + ": " + num(values[i]) + " is outside the input's range [" + num(in->range.lo) + ", " +
                                          num(in->range.hi) + "]");
        }
    }
    for (std::size_t i = 0; i < nvr; ++i) {
        const FmuVariable& v = m_vars.vars[vr[i]];
        m_values[v.vr] = values[i];
        if (v.kind == VarKind::Parameter) m_rebuild = true;
        // an input acts like an event at this boundary: from the next tick on
        if (v.kind == VarKind::Input && m_session && !m_rebuild) {
            m_session->setInput(v.component, v.input, values[i]);
            m_checkpoint.inputSet(*m_session, v, values[i]);
            m_table.stale();
        }
    }
    return Status::OK;
}

Status FmuInstance::noSuchType(const char* function, const std::uint32_t* vr, std::size_t nvr)
{
    if (nvr == 0) return Status::OK;
    return fail(function, "value reference " + std::to_string(vr ? vr[0] : 0) + ": every variable of this FMU is Float64 (Real in FMI 2)");
}

Status FmuInstance::doStepChecked(const char* function, double t, double h)
{
    if (!allowed(function, {Mode::Step})) return Status::Error;
    const Model& m = m_session->model();
    const double tickS = static_cast<double>(m.tickNs) / 1e9;
    const std::int64_t n = wholeTicks(h, tickS);
    if (n < 0)
        return fail(function, "communicationStepSize " + seconds(h) + " is not a whole number of the lab's ticks of " + seconds(tickS) +
                                  " (run.tick_ns " + std::to_string(m.tickNs) + "): step by a multiple of the tick");
    // the size's ticks kept for the next step of the same size (doStep's hot path)
    m_stepSize = h;
    m_stepTicks = n;
    m_lastFrom = m.ticks - n;
    const double now = m_session->time();
    if (!(std::fabs(t - now) <= m_timeTolerance)) // NaN and infinities too
        return fail(function, "currentCommunicationPoint " + seconds(t) + " is not the FMU's time " + seconds(now));
    if (m_session->tick() > m_lastFrom)
        return fail(function, "a step of " + seconds(h) + " from " + seconds(now) + " passes the end of the lab's run at " +
                                  seconds(static_cast<double>(m.ticks * m.tickNs) / 1e9) + " (run.duration_ns): export the lab with a longer run");
    return step(function, m_session->tick());
}

Status FmuInstance::stepFailed(const char* function, std::int64_t from)
{
    m_mode = Mode::Error;
    // the message before the rollback runs the session again
    const SolverError& e = m_session->lastError();
    const std::string what = "the solver failed at tick " + std::to_string(e.tick) + " (t = " + seconds(e.time) + "): " + e.subject + ": " + e.message;
    std::string why;
    const double fromS = static_cast<double>(from * m_session->model().tickNs) / 1e9;
    const bool back = m_checkpoint.rollback(*m_session, from, why);
    return fail(function, what + (back ? "; the FMU stays at " + seconds(m_session->time())
                                       : "; going back to " + seconds(fromS) + " failed (" + why + "): set a saved FMU state or reset"));
}

} // namespace drivelab::fmi
