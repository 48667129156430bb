// drivelab._drivelab.Study: a prepared sweep (study/study.h) and its variants run on the core's
// engine (study/engine.h), each row as values and as the CLI's CSV and JSON lines. The pure
// Python drivelab.sweep builds Sweep and Results on it; a Dask worker rebuilds the same Study
// from the sweep's JSON text and base directory and runs a batch of indices.
#include <cmath>

#include <pybind11/stl.h>

#include "common.h"
#include "compile/compiler.h"
#include "spec/labreader.h"
#include "study/engine.h"
#include "study/results.h"
#include "util/hash.h"
#include "util/textescape.h"

namespace drivelab::py {

namespace {

void prepared(PyStudy& p, const std::string& name, bool ok, const Diagnostics& d)
{
    if (!ok) throw LabFailure("the sweep '" + printableText(name) + "' cannot be prepared:" + diagnosticText(name, d), d);
    const CompileResult c = compile(p.study.base);
    if (!c.model) throw LabFailure("the sweep's lab does not compile", c.diagnostics); // prepareStudy checked it
    p.labFingerprint = c.model->fingerprint;
    p.sourceText = p.study.spec.source.dump();
    p.baseDir = p.study.spec.baseDir;
}

PyStudy loadStudy(const std::string& path)
{
    PyStudy p;
    Diagnostics d;
    std::optional<study::SweepSpec> spec = study::readSweepFile(path, d);
    const bool ok = spec && study::prepareStudy(*spec, p.study, d);
    prepared(p, path, ok, d);
    return p;
}

PyStudy studyFromJson(const Json& j, const std::string& baseDir, const std::string& name)
{
    PyStudy p;
    Diagnostics d;
    const bool ok = study::prepareStudyJson(j, baseDir, p.study, d);
    prepared(p, name, ok, d);
    return p;
}

std::size_t checkedIndex(const PyStudy& p, long long k)
{
    if (k < 0 || static_cast<std::size_t>(k) >= p.study.size())
        throw pyb::index_error("variant " + std::to_string(k) + ": the study has " + std::to_string(p.study.size()) + " variants");
    return static_cast<std::size_t>(k);
}

pyb::object number(double v) { return std::isfinite(v) ? pyb::object(pyb::float_(v)) : pyb::object(pyb::none()); }

/// a row: (index, factors, metrics, energy_residual, fingerprint, final_hash, error, csv line, json line)
pyb::tuple rowTuple(const PyStudy& p, const study::Row& r)
{
    pyb::list factors, metrics;
    for (double v : r.factors) factors.append(number(v));
    for (double v : r.metrics) metrics.append(number(v));
    const pyb::object fp = r.fingerprint ? pyb::object(pyb::str(toHex16(r.fingerprint))) : pyb::object(pyb::none());
    const pyb::object hash = r.error.empty() ? pyb::object(pyb::str(toHex16(r.finalHash))) : pyb::object(pyb::none());
    const pyb::object error = r.error.empty() ? pyb::object(pyb::none()) : pyb::object(pyb::str(r.error));
    return pyb::make_tuple(r.index, factors, metrics, number(r.residual), fp, hash, error, study::csvRow(r), study::jsonRow(p.study, r));
}

pyb::list runRows(const PyStudy& p, const std::vector<long long>& indices, int jobs)
{
    if (jobs < 0) throw pyb::value_error("jobs must be 1 or more (or None: every core), got " + std::to_string(jobs));
    std::vector<std::size_t> todo;
    for (long long k : indices) todo.push_back(checkedIndex(p, k));
    std::vector<study::Row> rows;
    {
        const pyb::gil_scoped_release nogil;
        study::EngineOptions o;
        o.jobs = jobs;
        rows = study::runVariants(p.study, todo, o);
    }
    pyb::list out;
    for (const study::Row& r : rows) out.append(rowTuple(p, r));
    return out;
}

} // namespace

void bindStudy(pyb::module_& m)
{
    pyb::class_<PyStudy>(m, "Study", "A prepared sweep (use drivelab.sweep)")
        .def_static("load", &loadStudy, pyb::arg("path"))
        .def_static(
            "from_dict",
            [](const pyb::handle& d, const pyb::object& baseDir) {
                if (!pyb::isinstance<pyb::dict>(d)) throw pyb::type_error("Sweep.from_dict needs a dict (the sweep file's JSON)");
                const std::string dir = baseDir.is_none() ? std::string() : pyb::str(baseDir).cast<std::string>();
                return studyFromJson(toJson(d, "<dict>"), dir, "<dict>");
            },
            pyb::arg("d"), pyb::arg("base_dir") = pyb::none())
        .def_static(
            "from_text",
            [](const std::string& text, const std::string& baseDir) {
                Diagnostics d;
                std::optional<Json> j = parseJsonStrict(text, d);
                if (!j) throw LabFailure("the sweep text is not JSON:" + diagnosticText("<text>", d), d);
                return studyFromJson(*j, baseDir, "<text>");
            },
            pyb::arg("text"), pyb::arg("base_dir"))
        .def("__len__",
             [](const PyStudy& p) {
                 return p.study.size();
             })
        .def_property_readonly("columns",
                               [](const PyStudy& p) {
                                   return p.study.columns;
                               })
        .def_property_readonly("factor_paths",
                               [](const PyStudy& p) {
                                   std::vector<std::string> out;
                                   for (const study::FactorSpec& f : p.study.spec.factors) out.push_back(f.path);
                                   return out;
                               })
        .def_property_readonly("metric_names",
                               [](const PyStudy& p) {
                                   std::vector<std::string> out;
                                   for (const study::MetricSpec& s : p.study.spec.metrics) out.push_back(s.name);
                                   return out;
                               })
        .def_property_readonly("lab_file",
                               [](const PyStudy& p) {
                                   return p.study.labFile;
                               })
        .def_property_readonly("source_text",
                               [](const PyStudy& p) {
                                   return p.sourceText;
                               })
        .def_property_readonly("base_dir",
                               [](const PyStudy& p) {
                                   return p.baseDir;
                               })
        .def_property_readonly("lab_fingerprint",
                               [](const PyStudy& p) {
                                   return toHex16(p.labFingerprint);
                               })
        .def("variant",
             [](const PyStudy& p, long long k) {
                 const std::size_t i = checkedIndex(p, k);
                 return std::vector<double>(p.study.variants.row(i), p.study.variants.row(i) + p.study.variants.factors);
             })
        .def("variant_lab",
             [](const PyStudy& p, long long k) {
                 const std::size_t i = checkedIndex(p, k);
                 PyLab lab{LabSpec{}, "variant " + std::to_string(i) + " of " + p.study.labFile};
                 std::string why;
                 if (!study::variantLab(p.study, i, lab.spec, why)) throw LabFailure(lab.name + ": " + why);
                 return lab;
             })
        .def("run_rows", &runRows, pyb::arg("indices"), pyb::arg("jobs"),
             "Run variants on `jobs` threads (0: every core), without the GIL: row tuples by index")
        .def(
            "results_text",
            [](const PyStudy& p, const std::map<std::size_t, std::string>& lines, bool json) {
                return study::resultsText(p.study, json, lines);
            },
            pyb::arg("lines"), pyb::arg("json"), "The results file `drivelab-cli sweep` writes, from row lines by index");
}

} // namespace drivelab::py
