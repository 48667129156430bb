#pragma once
// What the module's files share: the errors raised to Python (C++ exceptions carrying the
// diagnostics, translated to drivelab.LabError / drivelab.SolverError in module.cpp), JSON
// across the boundary, and the wrapped types.
#include <memory>
#include <stdexcept>
#include <string>

#include <pybind11/pybind11.h>

#include "compile/compileresult.h"
#include "solver/session.h"
#include "spec/diagnostic.h"
#include "spec/labspec.h"
#include "study/study.h"

namespace drivelab::py {

namespace pyb = pybind11;

/// a lab that cannot be read, set or compiled: the message, and the diagnostics behind it
struct LabFailure : std::runtime_error {
    LabFailure(const std::string& message, Diagnostics d = {}) : std::runtime_error(message), diagnostics(std::move(d)) { }
    Diagnostics diagnostics;
};

/// a solver failure: the CLI's line and the failure's parts
struct SolverFailure : std::runtime_error {
    SolverFailure(const std::string& message, SolverError e) : std::runtime_error(message), error(std::move(e)) { }
    SolverError error;
};

/// `SUBJECT: FIELD: message` lines, errors first (what a LabError's message lists)
std::string diagnosticText(const std::string& name, const Diagnostics& d);
/// a diagnostic as {severity, subject, field, message}
pyb::dict diagnosticDict(const Diagnostic& d);
pyb::list diagnosticList(const Diagnostics& d);

/// a Python value (dict, list, ...) as JSON, through the json module (NaN is refused by the reader)
Json toJson(const pyb::handle& value, const std::string& what);
/// JSON as Python values
pyb::object fromJson(const Json& value);

/// a lab as read: the spec and the name messages give it (its file, or "<dict>")
struct PyLab {
    LabSpec spec;
    std::string name;
};

/// the command line's line for a failed run (cli/output.cpp solverFailureLine)
std::string failureLine(const std::string& file, const SolverError& e);

/// the lab compiled; LabFailure listing the errors when it does not compile
std::shared_ptr<const Model> compileOrThrow(const PyLab& lab);

/// a prepared study and the text that made it (shipped to Dask workers)
struct PyStudy {
    study::Study study;
    std::string sourceText; ///< the sweep's JSON
    std::string baseDir;    ///< the directory its lab path is relative to
    std::uint64_t labFingerprint = 0;
};

void bindLab(pyb::module_& m);
void bindSession(pyb::module_& m);
void bindStudy(pyb::module_& m);

} // namespace drivelab::py
