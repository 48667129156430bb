#include "study/study.h"

#include <cmath>
#include <limits>

#include "compile/compiler.h"
#include "io/checkedrun.h"
#include "io/labfile.h"
#include "spec/labpath.h"
#include "spec/labreader.h"
#include "study/results.h"
#include "util/hash.h"

namespace drivelab::study {

namespace {

std::string joinPath(const std::string& dir, const std::string& file)
{
    if (dir.empty() || (!file.empty() && file[0] == '/')) return file;
    return dir + "/" + file;
}

std::string firstErrors(const Diagnostics& d)
{
    std::string s;
    for (const Diagnostic& x : d.items()) {
        if (x.severity != Severity::Error) continue;
        if (!s.empty()) s += "; ";
        s += x.subject + ": " + x.field + ": " + x.message;
    }
    return s;
}

} // namespace

bool prepareStudy(const SweepSpec& spec, Study& st, Diagnostics& d)
{
    st = Study{};
    st.spec = spec;
    st.labFile = joinPath(spec.baseDir, spec.lab);
    std::string text;
    Diagnostics read;
    if (!readTextFile(st.labFile, text, read)) {
        for (const Diagnostic& x : read.items()) d.error("-", "lab", "'" + st.labFile + "': " + x.message);
        return false;
    }
    LabReadResult r = readLab(text);
    if (!r.lab) {
        for (const Diagnostic& x : r.diagnostics.items()) d.error(x.subject, x.field, "the lab '" + st.labFile + "': " + x.message);
        return false;
    }
    r.lab->baseDir = labBaseDir(st.labFile);
    const std::string labFile = st.labFile; // prepareStudyForLab starts `st` afresh
    return prepareStudyForLab(spec, std::move(*r.lab), labFile, st, d);
}

bool prepareStudyForLab(const SweepSpec& spec, LabSpec lab, const std::string& labName, Study& st, Diagnostics& d)
{
    st = Study{};
    st.spec = spec;
    st.labFile = labName;
    st.base = std::move(lab);
    const CompileResult c = compile(st.base);
    if (!c.model) {
        for (const Diagnostic& x : c.diagnostics.items())
            if (x.severity == Severity::Error) d.error(x.subject, x.field, "the lab '" + st.labFile + "' does not compile: " + x.message);
        return false;
    }
    bool ok = true;
    for (std::size_t i = 0; i < spec.factors.size(); ++i) {
        double v = 0.0;
        std::string why;
        if (!getLabValue(st.base, spec.factors[i].path, v, why)) {
            d.error("-", "factors[" + std::to_string(i) + "].path", why);
            ok = false;
        }
    }
    ok = planMetrics(spec.metrics, observableLayout(*c.model), st.plans, d) && ok;
    for (std::size_t i = 0; i < spec.metrics.size(); ++i) {
        if (spec.metrics[i].reduce == Reduction::Vehicle && !VehicleResults(*c.model).present()) {
            d.error("-", "metrics[" + std::to_string(i) + "].reduce",
                    "the lab has no vehicle results: it needs a vehicle_body (one, or the one its \"results\" section names)");
            ok = false;
        }
    }
    if (!ok) return false;
    std::string why;
    if (!expandDesign(spec, st.variants, why)) {
        d.error("-", "design", why);
        return false;
    }
    st.everyTick = needsEveryTick(st.plans);
    st.columns = resultColumns(spec);
    return true;
}

bool prepareStudyJson(const Json& sweep, const std::string& baseDir, Study& out, Diagnostics& d)
{
    std::optional<SweepSpec> s = readSweepJson(sweep, d);
    if (!s) return false;
    s->baseDir = baseDir;
    return prepareStudy(*s, out, d);
}

bool variantLab(const Study& s, std::size_t index, LabSpec& out, std::string& why)
{
    out = s.base;
    const double* v = s.variants.row(index);
    for (std::size_t j = 0; j < s.spec.factors.size(); ++j)
        if (!setLabValue(out, s.spec.factors[j].path, v[j], why)) return false;
    return true;
}

std::shared_ptr<const Model> compileVariant(const Study& s, std::size_t index, std::string& why)
{
    LabSpec lab;
    if (!variantLab(s, index, lab, why)) return nullptr;
    CompileResult c = compile(lab);
    if (!c.model) why = "does not compile: " + firstErrors(c.diagnostics);
    return std::move(c.model);
}

Row runVariant(const Study& s, std::size_t index, const std::atomic<bool>* cancel)
{
    Row row;
    row.index = index;
    row.factors.assign(s.variants.row(index), s.variants.row(index) + s.variants.factors);
    row.metrics.assign(s.plans.size(), std::numeric_limits<double>::quiet_NaN());
    row.residual = std::numeric_limits<double>::quiet_NaN();
    const std::shared_ptr<const Model> model = compileVariant(s, index, row.error);
    if (!model) return row;
    row.fingerprint = model->fingerprint;
    Session session(model);
    ReportWriter writer(*model);
    MetricState metrics(s.plans);
    std::vector<double> values(session.observableCount());
    session.observe(values.data());
    metrics.sample(values.data(), session.time());
    RunOptions options;
    options.cancel = cancel;
    // every tick: only the observables of the metrics that need every tick (the rest at the end)
    if (s.everyTick) options.onTick = metrics.tickHook(session, values.data());
    const RunOutcome run = runChecked(session, writer, options);
    switch (run.status) {
    case RunStatus::Completed: break;
    case RunStatus::Cancelled: row.cancelled = true; return row;
    case RunStatus::SolverFailed:
        row.error = "solver failure at tick " + std::to_string(run.solver.tick) + " (t = " + formatDouble(run.solver.time) +
                    " s): " + run.solver.subject + ": " + run.solver.message;
        return row;
    case RunStatus::BadBooks:
        row.error = "tick " + std::to_string(run.books.tick) + ": " + run.books.subject + ": " + run.books.field + ": " + run.books.message;
        return row;
    case RunStatus::WriteFailed: row.error = run.writeError; return row;
    }
    session.observe(values.data());
    if (s.everyTick)
        metrics.sampleEnd(values.data());
    else
        metrics.sample(values.data(), session.time());
    const EnergyReport e = session.energy();
    metrics.finish(e.heatToNodes + e.heatToLedger, row.metrics);
    if (writer.vehicle().present()) {
        // the vehicle results the metrics name (no value: NaN, an empty cell)
        const VehicleSummary v = writer.vehicle().finish(e);
        for (std::size_t i = 0; i < s.plans.size(); ++i)
            if (s.plans[i].reduce == Reduction::Vehicle && !v.value(s.spec.metrics[i].result, row.metrics[i]))
                row.metrics[i] = std::numeric_limits<double>::quiet_NaN();
    }
    row.residual = e.residual;
    row.finalHash = session.stateHash();
    return row;
}

} // namespace drivelab::study
