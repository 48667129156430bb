// drivelab.Lab: a lab as read (spec/labspec.h), its values by path (spec/labpath.h), its
// compile diagnostics and fingerprint.
#include <cmath>

#include <pybind11/stl.h>

#include "common.h"
#include "compile/compiler.h"
#include "io/checkedrun.h"
#include "io/labfile.h"
#include "spec/labpath.h"
#include "spec/labreader.h"
#include "spec/labwriter.h"
#include "util/hash.h"
#include "util/textescape.h"

namespace drivelab::py {

namespace {

PyLab loadLabFile(const pyb::object& file)
{
    // a str or any path-like object (pathlib.Path)
    const std::string path = pyb::module_::import("os").attr("fspath")(file).cast<std::string>();
    std::string text;
    Diagnostics d;
    if (!readTextFile(path, text, d)) throw LabFailure("cannot read the lab '" + printableText(path) + "':" + diagnosticText(path, d), d);
    LabReadResult r = readLab(text);
    if (!r.lab)
        throw LabFailure("the lab '" + printableText(path) + "' cannot be read:" + diagnosticText(path, r.diagnostics), r.diagnostics);
    PyLab lab{std::move(*r.lab), path};
    lab.spec.baseDir = labBaseDir(path);
    return lab;
}

PyLab labFromDict(const pyb::handle& d, const pyb::object& baseDir)
{
    if (!pyb::isinstance<pyb::dict>(d)) throw pyb::type_error("Lab.from_dict needs a dict (the lab file's JSON)");
    const Json j = toJson(d, "<dict>");
    LabReadResult r = readLabJson(j);
    if (!r.lab) throw LabFailure("the lab cannot be read:" + diagnosticText("<dict>", r.diagnostics), r.diagnostics);
    PyLab lab{std::move(*r.lab), "<dict>"};
    lab.spec.baseDir = baseDir.is_none() ? std::string() : pyb::str(baseDir).cast<std::string>();
    return lab;
}

double getValue(const PyLab& lab, const std::string& path)
{
    double v = 0.0;
    std::string why;
    if (!getLabValue(lab.spec, path, v, why)) throw LabFailure(printableText(lab.name) + ": " + printableText(path) + ": " + why);
    return v;
}

void setValue(PyLab& lab, const std::string& path, double value)
{
    std::string why;
    if (!setLabValue(lab.spec, path, value, why)) throw LabFailure(printableText(lab.name) + ": " + printableText(path) + ": " + why);
}

/// run the lab to its end, checked as `drivelab-cli run` runs it: its vehicle results (the
/// report's "vehicle" section as a dict), or None when it has no vehicle body
pyb::object vehicleResults(const PyLab& lab)
{
    const std::shared_ptr<const Model> model = compileOrThrow(lab);
    Session s(model);
    ReportWriter writer(*model);
    if (!writer.vehicle().present()) return pyb::none();
    RunOutcome run;
    {
        const pyb::gil_scoped_release release;
        run = runChecked(s, writer, RunOptions{});
    }
    if (run.status == RunStatus::SolverFailed) throw SolverFailure(failureLine(lab.name, run.solver), run.solver);
    if (run.status != RunStatus::Completed) {
        // a non-finite value or books that do not balance (exit 3 for `run`)
        SolverError e;
        e.tick = run.books.tick;
        e.subject = run.books.subject;
        e.message = run.books.field + ": " + run.books.message;
        throw SolverFailure(printableText(lab.name) + ": " + run.books.subject + ": " + e.message, e);
    }
    return fromJson(writer.vehicle().finish(s.energy()).toJson());
}

} // namespace

void bindLab(pyb::module_& m)
{
    pyb::class_<PyLab>(m, "Lab", "A lab as read: values by path, diagnostics, fingerprint (docs/PYTHON.md)")
        .def_static("load", &loadLabFile, pyb::arg("path"),
                    "Read a lab file (its csv signal files are relative to its directory); LabError when it cannot be read")
        .def_static("from_dict", &labFromDict, pyb::arg("d"), pyb::arg("base_dir") = pyb::none(),
                    "A lab from the lab file's JSON as a dict; base_dir: where its csv signal files are")
        .def(
            "validate",
            [](const PyLab& lab) {
                return diagnosticList(compile(lab.spec).diagnostics);
            },
            "Compile the lab: its diagnostics, each {severity, subject, field, message} (empty: valid, no warnings)")
        .def("is_valid",
             [](const PyLab& lab) {
                 return static_cast<bool>(compile(lab.spec).model);
             })
        .def("vehicle_results", &vehicleResults,
             "Run the lab to its end (checked, as drivelab-cli run) and return its vehicle results: the report's \"vehicle\" "
             "section as a dict (fuel, L/100 km, g CO2/km, tractive energy, energy split, trace following, 0-100 km/h, "
             "top speed, gradeability; docs/FORMATS.md \"Vehicle results\"), or None when the lab has no vehicle body")
        .def("get", &getValue, pyb::arg("path"), "The value at a value path (`engine.inertia`, `lockup.inputs.capacity`, ...)")
        .def("set", &setValue, pyb::arg("path"), pyb::arg("value"),
             "Set the value at a value path; LabError when the path names no numeric value or the value does not fit")
        .def(
            "to_dict",
            [](const PyLab& lab) {
                return fromJson(labToJson(lab.spec));
            },
            "The lab as the lab file's JSON")
        .def("copy",
             [](const PyLab& lab) {
                 return PyLab(lab);
             })
        .def("__copy__",
             [](const PyLab& lab) {
                 return PyLab(lab);
             })
        .def("__deepcopy__",
             [](const PyLab& lab, const pyb::handle&) {
                 return PyLab(lab);
             })
        .def_property_readonly(
            "fingerprint",
            [](const PyLab& lab) {
                return toHex16(compileOrThrow(lab)->fingerprint);
            },
            "The compiled model's fingerprint (hex, as `drivelab-cli check` prints it); LabError when invalid")
        .def_property_readonly("name",
                               [](const PyLab& lab) {
                                   return lab.spec.name;
                               })
        .def_property_readonly(
            "source",
            [](const PyLab& lab) {
                return lab.name;
            },
            "The file it was read from, or <dict>")
        .def_property_readonly("base_dir",
                               [](const PyLab& lab) {
                                   return lab.spec.baseDir;
                               })
        .def("__repr__", [](const PyLab& lab) {
            return "<drivelab.Lab '" + lab.spec.name + "' from " + lab.name + ">";
        });
}

} // namespace drivelab::py
