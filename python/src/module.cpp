// drivelab._drivelab: the simulator core for Python (docs/PYTHON.md). Every C++ failure a user
// can cause becomes a Python exception naming the component and field: LabError (a lab that
// cannot be read, set or compiled; `.diagnostics`), SolverError (a run that failed; `.tick`,
// `.time`, `.subject`), ValueError / IndexError for bad arguments.
#include <pybind11/pybind11.h>

#include "common.h"
#include "compile/compiler.h"
#include "spec/labreader.h"
#include "util/textescape.h"

namespace drivelab::py {

namespace {
PyObject* g_labError = nullptr;
PyObject* g_solverError = nullptr;

const char* severityName(Severity s) { return s == Severity::Error ? "error" : "warning"; }
} // namespace

std::string diagnosticText(const std::string& name, const Diagnostics& d)
{
    std::string out;
    for (Severity want : {Severity::Error, Severity::Warning}) {
        for (const Diagnostic& x : d.items()) {
            if (x.severity != want) continue;
            out += "\n  " + formatDiagnostic(name, x);
        }
    }
    return out;
}

pyb::dict diagnosticDict(const Diagnostic& d)
{
    pyb::dict x;
    x["severity"] = severityName(d.severity);
    x["subject"] = d.subject;
    x["field"] = d.field;
    x["message"] = d.message;
    return x;
}

pyb::list diagnosticList(const Diagnostics& d)
{
    pyb::list out;
    for (const Diagnostic& x : d.items()) out.append(diagnosticDict(x));
    return out;
}

Json toJson(const pyb::handle& value, const std::string& what)
{
    std::string text;
    try {
        const pyb::module_ json = pyb::module_::import("json");
        text = json.attr("dumps")(value, pyb::arg("allow_nan") = false).cast<std::string>();
    } catch (pyb::error_already_set& e) {
        throw LabFailure(what + ": not JSON data: " + std::string(e.what()));
    }
    Diagnostics d;
    std::optional<Json> j = parseJsonStrict(text, d);
    if (!j) throw LabFailure(what + ": not readable JSON" + diagnosticText(what, d), d);
    return std::move(*j);
}

pyb::object fromJson(const Json& value) { return pyb::module_::import("json").attr("loads")(value.dump()); }

std::shared_ptr<const Model> compileOrThrow(const PyLab& lab)
{
    CompileResult c = compile(lab.spec);
    if (!c.model)
        throw LabFailure("the lab '" + printableText(lab.name) + "' is not valid:" + diagnosticText(lab.name, c.diagnostics),
                         c.diagnostics);
    return c.model;
}

} // namespace drivelab::py

PYBIND11_MODULE(_drivelab, m)
{
    // inside the body: a using-directive at file scope would reach the files batched after this one
    using namespace drivelab;
    using namespace drivelab::py;
    m.doc() = "DriveLab's simulator core (docs/PYTHON.md); import the `drivelab` package, not this module";
    g_labError = PyErr_NewExceptionWithDoc("drivelab.LabError",
                                           "A lab or sweep that cannot be read, set or compiled; .diagnostics lists the problems",
                                           PyExc_ValueError, nullptr);
    g_solverError = PyErr_NewExceptionWithDoc("drivelab.SolverError", "A run that failed: .tick, .time, .subject and the solver's message",
                                              PyExc_RuntimeError, nullptr);
    m.attr("LabError") = pyb::handle(g_labError);
    m.attr("SolverError") = pyb::handle(g_solverError);
    pyb::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const LabFailure& e) {
            pyb::object exc = pyb::reinterpret_borrow<pyb::object>(g_labError)(e.what());
            exc.attr("diagnostics") = diagnosticList(e.diagnostics);
            PyErr_SetObject(g_labError, exc.ptr());
        } catch (const SolverFailure& e) {
            pyb::object exc = pyb::reinterpret_borrow<pyb::object>(g_solverError)(e.what());
            exc.attr("tick") = e.error.tick;
            exc.attr("time") = e.error.time;
            exc.attr("subject") = e.error.subject;
            exc.attr("solver_message") = e.error.message;
            PyErr_SetObject(g_solverError, exc.ptr());
        }
    });
    bindLab(m);
    bindSession(m);
    bindStudy(m);
}
