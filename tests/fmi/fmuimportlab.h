#pragma once
// Labs that import the test FMUs (testfmus/), compiled and run in process (tst_fmuimport).
#include <cmath>
#include <string>

#include "compile/compileresult.h"
#include "core/plain/check.h"
#include "solver/session.h"
#include "spec/labreader.h"

namespace fmuimporttest {

using namespace drivelab;

/// BUILD/tests/fmus/ID.fmu
inline std::string testFmu(const std::string& id) { return std::string(DRIVELAB_TEST_FMUS) + "/" + id + ".fmu"; }

/// compile a lab from its JSON text (the diagnostics, one per line, in `diags`)
inline std::shared_ptr<const Model> compileText(const std::string& text, std::string& diags)
{
    LabReadResult read = readLab(text);
    diags.clear();
    for (const Diagnostic& d : read.diagnostics.items()) diags += formatDiagnostic("lab", d) + "\n";
    if (!read.lab) return nullptr;
    CompileResult c = compile(*read.lab);
    for (const Diagnostic& d : c.diagnostics.items()) diags += formatDiagnostic("lab", d) + "\n";
    return c.model;
}

/// the index of observable subject.name in the session's observe() vector (-1: none)
inline int observableIndex(const Model& m, const std::string& subject, const std::string& name)
{
    const auto layout = observableLayout(m);
    for (std::size_t i = 0; i < layout.size(); ++i) {
        if (layout[i].subject == subject && layout[i].name == name) return static_cast<int>(i);
    }
    return -1;
}

/// one observable now
inline double observed(const Session& s, int index)
{
    std::vector<double> out(s.observableCount());
    s.observe(out.data());
    return out[static_cast<std::size_t>(index)];
}

/// a lab of one inertia `shaft` (J, starting at w0) driven by a torque_source whose torque follows
/// the fmu component `src` (its parameters as JSON text; `node_a` shaft when measured), plus `extra`
/// components; tick [ns], duration [ns]
inline std::string shaftLab(double j, double w0, const std::string& params, bool measured, long tickNs, long durationNs,
                            const std::string& extra = "")
{
    const std::string fmuFields = std::string(measured ? R"("node_a": "shaft", )" : "") + R"("parameters": {)" + params + "}";
    return R"({"format": "drivelab.lab", "version": 1, "name": "fmu-import",
  "run": {"tick_ns": )" + std::to_string(tickNs) + R"(, "duration_ns": )" + std::to_string(durationNs) + R"(, "report_every_ticks": 1},
  "nodes": [{"id": "shaft", "domain": "rotational", "inertia": )" + std::to_string(j) + R"(, "initial_speed": )" + std::to_string(w0) + R"(}],
  "components": [
    {"id": "src", "type": "fmu", )" + fmuFields + R"(},
    {"id": "motor", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": {"controller": "src"}}})" + extra + R"(
  ]})";
}

/// shaftLab's lab (J 0.2, at rest, measured, tick 1 ms, 1 s) of test FMU `fmu` with its fields, plus
/// a constant load of -5 N m on the shaft, compiled (a failed check when it does not compile)
inline std::shared_ptr<const Model> loadedLoadLab(const std::string& fmu, const std::string& fields)
{
    std::string diags;
    auto model = compileText(shaftLab(0.2, 0.0, R"("file": ")" + testFmu(fmu) + "\", " + fields, true, 1000000, 1000000000,
                                      R"(,
    {"id": "load", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": -5}})"),
                             diags);
    DL_PLAIN_CHECK(model, diags);
    return model;
}

} // namespace fmuimporttest
