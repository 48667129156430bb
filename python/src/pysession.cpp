// drivelab.Session: a running simulation of a compiled lab (solver/session.h). The solver runs
// without the GIL, in batches between which Ctrl+C (a pending Python signal) is looked at.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "common.h"
#include "compile/model.h"
#include "util/hash.h"
#include "util/textescape.h"

namespace drivelab::py {

namespace {

/// ticks per batch: Python's signals are looked at between batches (a batch is all or nothing)
constexpr std::int64_t kBatch = 4096;

struct PySession {
    std::string name; ///< the lab's file, for messages
    std::unique_ptr<Session> s;
    bool busy = false; ///< running without the GIL (set and read only with the GIL held)
};

/// the session, refused while another thread runs it (its state is changing without the GIL)
Session& idle(const PySession& p)
{
    if (p.busy) throw pyb::value_error("the session is running in another thread; fork it before the run to use a copy");
    return *p.s;
}

/// marks a session running for the scope (taken with the GIL held)
struct Running {
    explicit Running(PySession& p) : m_p(p)
    {
        idle(p);
        p.busy = true;
    }
    ~Running() { m_p.busy = false; } // the GIL is held again when the scope ends
    Running(const Running&) = delete;
    Running& operator=(const Running&) = delete;
    PySession& m_p;
};

/// run n ticks (GIL released by the caller); SolverFailure when a batch fails
void advance(PySession& p, std::int64_t n)
{
    while (n > 0 && !p.s->finished()) {
        const std::int64_t k = std::min(n, kBatch);
        const BatchResult r = p.s->run(k);
        if (r.status == BatchStatus::Failed) throw SolverFailure(failureLine(p.name, r.error), r.error);
        n -= k;
        if (n > 0) {
            const pyb::gil_scoped_acquire gil;
            if (PyErr_CheckSignals() != 0) throw pyb::error_already_set();
        }
    }
}

/// the ticks from now to `ticks` / `time` (both None: to the end of the run)
std::int64_t ticksToRun(const PySession& p, const pyb::object& ticks, const pyb::object& time)
{
    const Model& m = p.s->model();
    const std::int64_t left = m.ticks - p.s->tick();
    if (!ticks.is_none() && !time.is_none()) throw pyb::value_error("run: give ticks or time, not both");
    if (!ticks.is_none()) {
        if (!pyb::isinstance<pyb::int_>(ticks)) throw pyb::type_error("run: ticks must be a whole number");
        const long long n = ticks.cast<long long>();
        if (n < 0) throw pyb::value_error("run: ticks must be 0 or more, got " + std::to_string(n));
        return std::min<std::int64_t>(n, left);
    }
    if (!time.is_none()) {
        if (!pyb::isinstance<pyb::int_>(time) && !pyb::isinstance<pyb::float_>(time))
            throw pyb::type_error("run: time must be a number of seconds");
        const double t = time.cast<double>();
        if (!std::isfinite(t) || t < 0.0 || t > 1e9) throw pyb::value_error("run: time must be a finite number of seconds >= 0");
        // to the first tick at or after `time` (rounded to whole nanoseconds)
        const long long ns = std::llround(t * 1e9);
        const std::int64_t target = (ns + m.tickNs - 1) / m.tickNs;
        return std::clamp<std::int64_t>(target - p.s->tick(), 0, left);
    }
    return left;
}

std::vector<std::string> names(const Model& m)
{
    std::vector<std::string> out;
    for (const ObservableRef& r : observableLayout(m)) out.push_back(r.subject + "." + r.name);
    return out;
}

pyb::dict record(PySession& p, std::int64_t every)
{
    if (every < 1) throw pyb::value_error("record: every must be 1 or more, got " + std::to_string(every));
    const Running running(p);
    const std::int64_t left = p.s->model().ticks - p.s->tick();
    const std::size_t count = 1 + static_cast<std::size_t>((left + every - 1) / every);
    const std::size_t n = p.s->observableCount();
    std::vector<double> values(count * n), times(count);
    {
        const pyb::gil_scoped_release nogil;
        p.s->observe(values.data());
        times[0] = p.s->time();
        for (std::size_t k = 1; k < count; ++k) {
            advance(p, every);
            p.s->observe(values.data() + k * n);
            times[k] = p.s->time();
        }
    }
    pyb::dict out;
    out["time"] = pyb::array_t<double>(static_cast<pyb::ssize_t>(count), times.data());
    const std::vector<std::string> keys = names(p.s->model());
    for (std::size_t j = 0; j < n; ++j) {
        pyb::array_t<double> a(static_cast<pyb::ssize_t>(count));
        double* d = a.mutable_data();
        for (std::size_t k = 0; k < count; ++k) d[k] = values[k * n + j];
        out[pyb::str(keys[j])] = a;
    }
    return out;
}

pyb::dict energy(const PySession& p)
{
    const EnergyReport e = idle(p).energy();
    pyb::dict d;
    d["kinetic_initial"] = e.kineticInitial;
    d["kinetic_final"] = e.kineticFinal;
    d["stored_initial"] = e.storedInitial;
    d["stored_final"] = e.storedFinal;
    d["source_work"] = e.sourceWork;
    d["heat_to_nodes"] = e.heatToNodes;
    d["heat_to_ledger"] = e.heatToLedger;
    d["numerical_dissipation"] = e.numericalDissipation;
    d["residual"] = e.residual;
    d["thermal_stored_change"] = e.thermalStoredChange;
    d["heat_from_sources"] = e.heatFromSources;
    d["heat_to_ambient"] = e.heatToAmbient;
    d["thermal_residual"] = e.thermalResidual;
    d["volume_supplied"] = e.volumeSupplied;
    d["volume_stored"] = e.volumeStored;
    d["volume_absorbed"] = e.volumeAbsorbed;
    d["volume_residual"] = e.volumeResidual;
    return d;
}

void setInput(PySession& p, const std::string& component, const std::string& input, double value)
{
    const Model& m = idle(p).model();
    const std::string where = printableText(p.name) + ": " + printableText(component) + ": inputs." + printableText(input) + ": ";
    const int ci = m.componentIndex(component);
    if (ci < 0) throw LabFailure(where + "the lab has no component '" + printableText(component) + "'");
    const ComponentDescriptor* desc = m.components[static_cast<std::size_t>(ci)].desc;
    const InputDescriptor* in = desc->input(input);
    if (!in) throw LabFailure(where + "a " + desc->type + " has no input '" + printableText(input) + "'");
    if (!std::isfinite(value) || !in->range.contains(value))
        throw LabFailure(where + "value " + std::to_string(value) + " is out of range: " + in->range.describe());
    if (!p.s->setInput(component, input, value)) throw LabFailure(where + "the input cannot be set");
}

} // namespace

std::string failureLine(const std::string& file, const SolverError& e)
{
    char t[64];
    std::snprintf(t, sizeof t, "%.9g", e.time);
    return printableText(file) + ": " + printableText(e.subject.empty() ? "-" : e.subject) + ": tick " + std::to_string(e.tick) +
           " (t = " + t + " s): solver failure: " + printableText(e.message);
}


void bindSession(pyb::module_& m)
{
    pyb::class_<PySession>(m, "Session", "A running simulation of a valid lab (docs/PYTHON.md)")
        .def(pyb::init([](const PyLab& lab) {
                 return PySession{lab.name, std::make_unique<Session>(compileOrThrow(lab))};
             }),
             pyb::arg("lab"), "Compile the lab and start at t = 0; LabError (with .diagnostics) when it is not valid")
        .def(
            "run",
            [](PySession& p, const pyb::object& ticks, const pyb::object& time) {
                const std::int64_t n = ticksToRun(p, ticks, time);
                const Running running(p);
                const std::int64_t before = p.s->tick();
                {
                    const pyb::gil_scoped_release nogil;
                    advance(p, n);
                }
                return p.s->tick() - before;
            },
            pyb::arg("ticks") = pyb::none(), pyb::arg("time") = pyb::none(),
            "Run `ticks` ticks, or to the first tick at or after `time` [s], or (neither) to the end of the run; "
            "the ticks run. SolverError when a tick fails (the state is that of the last completed batch)")
        .def("record", &record, pyb::arg("every") = 1,
             "Run to the end, sampling every observable now and after every `every` ticks (and at the end): "
             "dict name -> NumPy array, plus 'time'")
        .def(
            "observe",
            [](const PySession& p) {
                pyb::array_t<double> a(static_cast<pyb::ssize_t>(idle(p).observableCount()));
                p.s->observe(a.mutable_data());
                return a;
            },
            "Every observable now, in observable_names order")
        .def_property_readonly("observable_names",
                               [](const PySession& p) {
                                   return names(p.s->model());
                               })
        .def_property_readonly("observable_units",
                               [](const PySession& p) {
                                   std::vector<std::string> u;
                                   for (const ObservableRef& r : observableLayout(p.s->model())) u.emplace_back(r.unit);
                                   return u;
                               })
        .def_property_readonly(
            "time",
            [](const PySession& p) {
                return idle(p).time();
            },
            "Time now [s]")
        .def_property_readonly(
            "tick",
            [](const PySession& p) {
                return idle(p).tick();
            },
            "Ticks completed")
        .def_property_readonly(
            "ticks",
            [](const PySession& p) {
                return p.s->model().ticks;
            },
            "Ticks in the run")
        .def_property_readonly("tick_seconds",
                               [](const PySession& p) {
                                   return p.s->model().h;
                               })
        .def_property_readonly("finished",
                               [](const PySession& p) {
                                   return idle(p).finished();
                               })
        .def_property_readonly(
            "state_hash",
            [](const PySession& p) {
                return toHex16(idle(p).stateHash());
            },
            "The state's hash (hex, as `drivelab-cli run` prints the final state)")
        .def_property_readonly("fingerprint",
                               [](const PySession& p) {
                                   return toHex16(p.s->model().fingerprint);
                               })
        .def("energy", &energy, "The energy books now [J, m^3]")
        .def(
            "fork",
            [](const PySession& p) {
                return PySession{p.name, std::make_unique<Session>(idle(p))};
            },
            "An independent copy of the session now (the model is shared)")
        .def(
            "reset",
            [](PySession& p) {
                idle(p).reset();
            },
            "Back to t = 0")
        .def("set_input", &setInput, pyb::arg("component"), pyb::arg("input"), pyb::arg("value"),
             "Set a component's input now (as an event would); LabError for an unknown component or input, or a value out of range")
        .def("__repr__", [](const PySession& p) {
            return "<drivelab.Session of " + p.name + " at tick " + std::to_string(p.s->tick()) + ">";
        });
}

} // namespace drivelab::py
