// Studies (issue 19): a sweep's variants, metrics and engine against closed forms.
//
//   engine J1 = 0.2 at w0 = 150 ]--[clutch, capacity C, kinetic = static]--[ load J2 at 0
//   (tests/fixtures/sweeps/two-inertia.lab.json, tick 1 ms, 1 s)
//   While slipping both speeds are linear in t (constant torque C):
//       w1 = w0 - C t / J1,   w2 = C t / J2,   slip = w0 - C t / Jeff,   Jeff = J1 J2 / (J1 + J2)
//   lock    t* = w0 Jeff / C                 (the metric extrapolates the last two slips: exact here)
//   heat    Q  = 1/2 Jeff w0^2               (whatever C: the clutch and the run's total heat)
//   final   w  = J1 w0 / (J1 + J2)
//   crossing of w2 = 40 (upward): t = 40 J2 / C when w > 40, else none
// The grid is capacity {45, 70, 95, 130} x load inertia log-spaced {0.4, 0.8, 1.6}: 12 rows,
// every one checked against these formulas. Lock instants fall inside ticks.
#include "testutil.h"

#include <cmath>
#include <cstring>
#include <iterator>
#include <set>

#include "compile/compiler.h"
#include "spec/labpath.h"
#include "spec/labreader.h"
#include "study/engine.h"
#include "study/results.h"

using namespace drivelab;
using namespace drivelab::study;

class TestSweep : public QObject {
    Q_OBJECT
private slots:
    void closedFormGrid();
    void sameRowsWhateverTheWorkers();
    void rowIsTheSingleRun();
    void invalidVariantsAreErrorRows();
    void latinHypercubeStrata();
    void monteCarloSeeded();
    void normalQuantile();
    void valuePaths();
    void valuePathErrors();
    void sweepFileErrors();
    void resumeKeepsRows();
    void everyTickMetricsMatchTickByTick();
};

namespace {
const std::string kDir = DRIVELAB_SOURCE_DIR "/tests/fixtures/sweeps";

Study prepared(const std::string& file)
{
    Diagnostics d;
    std::optional<SweepSpec> s = readSweepFile(kDir + "/" + file, d);
    Study st;
    const bool ok = s && prepareStudy(*s, st, d);
    for (const Diagnostic& x : d.items()) qWarning("%s", formatDiagnostic(file, x).c_str());
    if (!ok) qFatal("the study does not prepare");
    return st;
}

/// the capacity sweep with other factors or design (JSON patched in)
Study withSweep(const Json& patch, Diagnostics& d, bool& ok)
{
    std::string text;
    Diagnostics r;
    readTextFile(kDir + "/capacity.sweep.json", text, r);
    Json j = *parseJsonStrict(text, r);
    for (const auto& [k, v] : patch.items()) j[k] = v;
    Study st;
    ok = prepareStudyJson(j, kDir, st, d);
    return st;
}
} // namespace

void TestSweep::closedFormGrid()
{
    const Study st = prepared("capacity.sweep.json");
    QCOMPARE(st.size(), std::size_t{12});
    const std::vector<Row> rows = runVariants(
        st,
        [&] {
            std::vector<std::size_t> all(st.size());
            for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
            return all;
        }(),
        EngineOptions{});
    QCOMPARE(rows.size(), std::size_t{12});
    const double J1 = 0.2, w0 = 150.0;
    const double caps[] = {45.0, 70.0, 95.0, 130.0};
    for (const Row& r : rows) {
        QVERIFY2(r.error.empty(), r.error.c_str());
        const double C = r.factors[0], J2 = r.factors[1];
        QCOMPARE(C, caps[r.index / 3]);          // the first factor varies slowest
        if (r.index % 3 == 0) QCOMPARE(J2, 0.4); // range ends exactly as written
        if (r.index % 3 == 2) QCOMPARE(J2, 1.6);
        if (r.index % 3 == 1) QVERIFY(std::fabs(J2 - 0.8) < 1e-15);
        const double Jeff = J1 * J2 / (J1 + J2);
        const double tLock = w0 * Jeff / C, heat = 0.5 * Jeff * w0 * w0, wEnd = J1 * w0 / (J1 + J2);
        const double lock = r.metrics[0], q = r.metrics[1], total = r.metrics[2], w = r.metrics[3], peak = r.metrics[4], t40 = r.metrics[5];
        QVERIFY2(std::fabs(lock - tLock) < 1e-12,
                 qPrintable(QString("row %1: lock %2 s, exact %3 s").arg(r.index).arg(lock, 0, 'g', 17).arg(tLock, 0, 'g', 17)));
        QVERIFY2(std::fabs(q - heat) < 1e-9,
                 qPrintable(QString("row %1: heat %2 J, exact %3 J").arg(r.index).arg(q, 0, 'g', 17).arg(heat)));
        QVERIFY(std::fabs(total - heat) < 1e-9);
        QVERIFY(std::fabs(w - wEnd) < 1e-11);
        QVERIFY(std::fabs(peak - wEnd) < 1e-11);
        if (wEnd > 40.0)
            QVERIFY2(std::fabs(t40 - 40.0 * J2 / C) < 1e-12, qPrintable(QString::number(t40, 'g', 17)));
        else
            QVERIFY(std::isnan(t40));
        QVERIFY(std::fabs(r.residual) < 1e-9);
        QVERIFY(r.fingerprint != 0 && r.finalHash != 0);
    }
}

void TestSweep::sameRowsWhateverTheWorkers()
{
    const Study st = prepared("capacity.sweep.json");
    std::vector<std::size_t> all(st.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    std::string one, two, three;
    EngineOptions o;
    o.jobs = 1;
    for (const Row& r : runVariants(st, all, o)) one += csvRow(r) + "\n";
    o.jobs = 2;
    for (const Row& r : runVariants(st, all, o)) two += csvRow(r) + "\n";
    o.jobs = 5; // more workers than cores
    std::vector<std::size_t> reversed(all.rbegin(), all.rend());
    for (const Row& r : runVariants(st, reversed, o)) three += csvRow(r) + "\n";
    QCOMPARE(two, one);
    QCOMPARE(three, one);
}

void TestSweep::rowIsTheSingleRun()
{
    // the row's fingerprint and final hash are those of the variant's lab run on its own
    const Study st = prepared("capacity.sweep.json");
    const Row r = runVariant(st, 7);
    LabSpec lab;
    std::string why;
    QVERIFY(variantLab(st, 7, lab, why));
    double c = 0.0;
    QVERIFY(getLabValue(lab, "clutch.inputs.capacity", c, why));
    QCOMPARE(c, 95.0);
    const CompileResult cr = compile(lab);
    QVERIFY(cr.model);
    Session s(cr.model);
    QCOMPARE(s.run(cr.model->ticks).status, BatchStatus::Completed);
    QCOMPARE(r.fingerprint, cr.model->fingerprint);
    QCOMPARE(r.finalHash, s.stateHash());
    QCOMPARE(r.residual, s.energy().residual);
}

void TestSweep::invalidVariantsAreErrorRows()
{
    // half the load inertias are not positive: those rows carry the compiler's message
    Diagnostics d;
    bool ok = false;
    const Study st = withSweep(Json{{"factors", Json::array({Json{{"path", "load.inertia"}, {"values", {0.8, -1.0, 0.4, 0.0}}}})}}, d, ok);
    QVERIFY(ok);
    const std::vector<Row> rows = runVariants(st, {0, 1, 2, 3}, EngineOptions{});
    QCOMPARE(rows.size(), std::size_t{4});
    QVERIFY(rows[0].error.empty());
    QVERIFY(rows[2].error.empty());
    for (int i : {1, 3}) {
        QVERIFY2(rows[i].error.find("does not compile: load: inertia:") == 0, rows[i].error.c_str());
        QVERIFY(std::isnan(rows[i].metrics[0]) && std::isnan(rows[i].residual));
        QCOMPARE(rows[i].finalHash, std::uint64_t{0});
    }
    const std::string csv = csvRow(rows[1]);
    QVERIFY2(csv.find(",,,,,,,,,\"does not compile") != std::string::npos || csv.find("does not compile") != std::string::npos,
             csv.c_str());
}

void TestSweep::latinHypercubeStrata()
{
    Diagnostics d;
    bool ok = false;
    const Json factors =
        Json::array({Json{{"path", "clutch.inputs.capacity"}, {"range", {{"from", 40.0}, {"to", 140.0}}}},
                     Json{{"path", "load.inertia"}, {"random", {{"distribution", "log_uniform"}, {"low", 0.1}, {"high", 10.0}}}}});
    const Study st = withSweep(Json{{"design", {{"kind", "latin_hypercube"}, {"samples", 50}, {"seed", 11}}}, {"factors", factors}}, d, ok);
    QVERIFY(ok);
    QCOMPARE(st.size(), std::size_t{50});
    // every stratum of each factor holds exactly one sample
    std::set<int> capStrata, inertiaStrata;
    for (std::size_t i = 0; i < st.size(); ++i) {
        const double c = st.variants.row(i)[0], j = st.variants.row(i)[1];
        QVERIFY(c > 40.0 && c < 140.0 && j > 0.1 && j < 10.0);
        capStrata.insert(static_cast<int>((c - 40.0) / 100.0 * 50.0));
        inertiaStrata.insert(static_cast<int>(std::log(j / 0.1) / std::log(100.0) * 50.0));
    }
    QCOMPARE(capStrata.size(), std::size_t{50});
    QCOMPARE(inertiaStrata.size(), std::size_t{50});
    // a grid-only key is refused in this design
    Diagnostics d2;
    bool ok2 = true;
    withSweep(Json{{"design", {{"kind", "latin_hypercube"}, {"samples", 5}, {"seed", 1}}},
                   {"factors", Json::array({Json{{"path", "load.inertia"}, {"range", {{"from", 0.1}, {"to", 1.0}, {"count", 3}}}}})}},
              d2, ok2);
    QVERIFY(!ok2);
    QCOMPARE(d2.items()[0].field, std::string("factors[0].range.count"));
}

void TestSweep::monteCarloSeeded()
{
    Diagnostics d;
    bool ok = false;
    const Json factors =
        Json::array({Json{{"path", "load.inertia"}, {"random", {{"distribution", "normal"}, {"mean", 1.0}, {"std", 0.1}}}}});
    const Study a = withSweep(Json{{"design", {{"kind", "monte_carlo"}, {"samples", 2000}, {"seed", 5}}}, {"factors", factors}}, d, ok);
    QVERIFY(ok);
    const Study b = withSweep(Json{{"design", {{"kind", "monte_carlo"}, {"samples", 2000}, {"seed", 5}}}, {"factors", factors}}, d, ok);
    const Study c = withSweep(Json{{"design", {{"kind", "monte_carlo"}, {"samples", 2000}, {"seed", 6}}}, {"factors", factors}}, d, ok);
    QVERIFY(a.variants.values == b.variants.values);
    QVERIFY(a.variants.values != c.variants.values);
    double mean = 0.0, var = 0.0;
    for (double v : a.variants.values) mean += v / 2000.0;
    for (double v : a.variants.values) var += (v - mean) * (v - mean) / 1999.0;
    // sample mean within 4 standard errors, sample std within 10 %
    QVERIFY2(std::fabs(mean - 1.0) < 4.0 * 0.1 / std::sqrt(2000.0), qPrintable(QString::number(mean)));
    QVERIFY2(std::fabs(std::sqrt(var) - 0.1) < 0.01, qPrintable(QString::number(std::sqrt(var))));
}

void TestSweep::normalQuantile()
{
    // against values of the normal quantile (probit) to 1e-14
    QVERIFY(std::fabs(study::normalQuantile(0.5)) < 1e-15);
    QVERIFY(std::fabs(study::normalQuantile(0.975) - 1.959963984540054) < 1e-14);
    QVERIFY(std::fabs(study::normalQuantile(0.001) + 3.090232306167814) < 1e-13);
    QVERIFY(std::fabs(study::normalQuantile(0.8413447460685429) - 1.0) < 1e-14);
}

void TestSweep::valuePaths()
{
    Diagnostics d;
    LabReadResult r = readLab(
        R"({"format": "drivelab.lab", "version": 1, "name": "p", "run": {"tick_ns": 1000000, "duration_ns": 10000000, "report_every_ticks": 1},
            "nodes": [{"id": "a", "domain": "rotational", "inertia": 1.0, "initial_speed": 0.0}],
            "components": [{"id": "m", "type": "motor", "node_a": "a", "parameters": {"torque_curve": [{"speed": 0.0, "torque": 5.0}, {"speed": 10.0, "torque": 0.0}]}},
                           {"id": "t", "type": "torque_source", "node_a": "a", "inputs": {"torque": {"signal": "s", "scale": 2.0}}}],
            "events": [{"time_ns": 5000000, "component": "m", "input": "command", "value": 0.5}],
            "signals": [{"id": "s", "kind": "sine", "amplitude": 1.0, "frequency": 2.0}]})");
    QVERIFY(r.lab);
    LabSpec& lab = *r.lab;
    std::string why;
    double v = 0.0;
    QVERIFY(setLabValue(lab, "a.inertia", 2.5, why));
    QVERIFY(getLabValue(lab, "a.inertia", v, why) && v == 2.5);
    QVERIFY(setLabValue(lab, "m.motor.torque_curve[1].torque", 3.0, why));
    QCOMPARE(lab.components[0].parameters["torque_curve"][1]["torque"].get<double>(), 3.0);
    QVERIFY(getLabValue(lab, "m.inputs.command", v, why)); // absent: its default
    QVERIFY(setLabValue(lab, "m.inputs.command", 0.25, why));
    QCOMPARE(lab.components[0].inputs["command"].get<double>(), 0.25);
    QVERIFY(getLabValue(lab, "t.inputs.torque.offset", v, why) && v == 0.0);
    QVERIFY(setLabValue(lab, "t.inputs.torque.scale", 4.0, why));
    QCOMPARE(lab.components[1].inputs["torque"]["scale"].get<double>(), 4.0);
    QVERIFY(setLabValue(lab, "s.frequency", 3.0, why));
    QVERIFY(getLabValue(lab, "s.phase", v, why) && v == 0.0); // absent: its fallback
    QVERIFY(setLabValue(lab, "events[0].value", 0.75, why));
    QCOMPARE(lab.events[0].value, 0.75);
    QVERIFY(setLabValue(lab, "run.tick_ns", 500000.0, why));
    QCOMPARE(lab.run.tickNs, std::int64_t{500000});
    QVERIFY(compile(lab).model);
}

void TestSweep::valuePathErrors()
{
    LabReadResult r = readLab(
        R"({"format": "drivelab.lab", "version": 1, "name": "p", "run": {"tick_ns": 1000000, "duration_ns": 10000000, "report_every_ticks": 1},
            "nodes": [{"id": "a", "domain": "rotational", "inertia": 1.0, "initial_speed": 0.0}],
            "components": [{"id": "m", "type": "motor", "node_a": "a", "parameters": {"torque_curve": [{"speed": 0.0, "torque": 5.0}, {"speed": 10.0, "torque": 0.0}]}},
                           {"id": "t", "type": "torque_source", "node_a": "a", "inputs": {"torque": {"signal": "s"}}}],
            "events": [], "signals": [{"id": "s", "kind": "sine", "amplitude": 1.0, "frequency": 2.0}]})");
    QVERIFY(r.lab);
    const struct {
        const char* path;
        const char* says;
    } cases[] = {
        {"nobody.inertia", "no node, component, signal or instance has the id 'nobody'"},
        {"a.mass", "node 'a' has no field 'mass'"},
        {"m.damper.damping", "is named m.motor.NAME"},
        {"m.motor.torque_curve", "is a table: name a cell"},
        {"m.motor.torque_curve[7].torque", "does not exist (2 rows)"},
        {"m.inputs.speed", "has no input 'speed'"},
        {"t.inputs.torque", "vary its scale or offset"},
        {"events[0].value", "the lab has 0 events"},
        {"run.report_every_ticks", "not a run setting a study can vary"},
        {"a.inertia.", "ends with '.'"},
        {"s.kind", "has no numeric field 'kind'"},
    };
    for (const auto& c : cases) {
        std::string why;
        QVERIFY2(!setLabValue(*r.lab, c.path, 1.0, why), c.path);
        QVERIFY2(why.find(c.says) != std::string::npos, (std::string(c.path) + " -> " + why).c_str());
    }
    std::string why;
    QVERIFY(!setLabValue(*r.lab, "a.inertia", std::nan(""), why));
    QVERIFY(!setLabValue(*r.lab, "run.tick_ns", 1.5, why));
    QVERIFY(why.find("whole number") != std::string::npos);
}

void TestSweep::sweepFileErrors()
{
    const struct {
        const char* text;
        const char* field;
        const char* says;
    } cases[] = {
        {R"({"format": "drivelab.lab", "version": 1, "lab": "x", "factors": [], "metrics": []})", "format", "must be \"drivelab.sweep\""},
        {R"({"format": "drivelab.sweep", "version": 9, "lab": "x", "factors": [{"path": "a.b", "values": [1]}], "metrics": []})", "version",
         "newer"},
        {R"({"format": "drivelab.sweep", "version": 1, "lab": "x", "factors": [], "metrics": []})", "factors", "non-empty"},
        {R"({"format": "drivelab.sweep", "version": 1, "lab": "x", "factors": [{"path": "a.b"}], "metrics": []})", "factors[0]",
         "exactly one of"},
        {R"({"format": "drivelab.sweep", "version": 1, "lab": "x", "factors": [{"path": "a.b", "values": [1, "2"]}], "metrics": []})",
         "factors[0].values[1]", "finite number"},
        {R"({"format": "drivelab.sweep", "version": 1, "lab": "x", "factors": [{"path": "a.b", "range": {"from": 0, "to": 1, "count": 3, "scale": "log"}}], "metrics": []})",
         "factors[0].range.from", "above 0"},
        {R"({"format": "drivelab.sweep", "version": 1, "lab": "x", "factors": [{"path": "a.b", "random": {"distribution": "normal", "mean": 0, "std": 1}}], "metrics": []})",
         "factors[0].random.count", "is missing"},
        {R"({"format": "drivelab.sweep", "version": 1, "lab": "x", "factors": [{"path": "a.b", "values": [1]}], "metrics": [{"name": "m", "reduce": "median", "observable": "a.speed"}]})",
         "metrics[0].reduce", "not a reduction"},
        {R"({"format": "drivelab.sweep", "version": 1, "lab": "x", "factors": [{"path": "a.b", "values": [1]}], "metrics": [{"name": "fingerprint", "reduce": "final", "observable": "a.speed"}]})",
         "metrics[0].name", "always have"},
        {R"({"format": "drivelab.sweep", "version": 1, "lab": "x", "design": {"kind": "latin_hypercube", "samples": 0, "seed": 1}, "factors": [{"path": "a.b", "values": [1]}], "metrics": []})",
         "design.samples", "whole number from 1"},
    };
    for (const auto& c : cases) {
        Diagnostics d;
        const std::optional<Json> j = parseJsonStrict(c.text, d);
        QVERIFY(j);
        QVERIFY2(!readSweepJson(*j, d), c.text);
        QVERIFY(!d.items().empty());
        QCOMPARE(d.items()[0].field, std::string(c.field));
        QVERIFY2(d.items()[0].message.find(c.says) != std::string::npos, d.items()[0].message.c_str());
    }
    // against the lab: a path or observable that does not resolve names its factor or metric
    Diagnostics d;
    bool ok = true;
    withSweep(Json{{"factors", Json::array({Json{{"path", "clutch.clutch.capacity"}, {"values", {1.0}}}})},
                   {"metrics", Json::array({Json{{"name", "w"}, {"reduce", "final"}, {"observable", "load.sped"}}})}},
              d, ok);
    QVERIFY(!ok);
    QCOMPARE(d.size(), std::size_t{2});
    QCOMPARE(d.items()[0].field, std::string("factors[0].path"));
    QVERIFY(d.items()[0].message.find("no parameter 'capacity'") != std::string::npos);
    QCOMPARE(d.items()[1].field, std::string("metrics[0].observable"));
}

void TestSweep::resumeKeepsRows()
{
    const Study st = prepared("capacity.sweep.json");
    for (const bool json : {false, true}) {
        std::map<std::size_t, std::string> all;
        for (std::size_t i = 0; i < st.size(); ++i) {
            const Row r = runVariant(st, i);
            all[i] = json ? jsonRow(st, r) : csvRow(r);
        }
        const std::string whole = resultsText(st, json, all);
        // a journal cut by a kill: some rows in completion order, the last one half written
        std::string journal = json ? jsonHead(st) : csvHeader(st);
        for (std::size_t i : {5u, 1u, 9u}) journal += all[i] + (json ? ",\n" : "\n");
        journal += all[3].substr(0, all[3].size() / 2);
        std::map<std::size_t, std::string> kept;
        std::string why;
        QVERIFY2(readResults(journal, st, json, kept, why), why.c_str());
        QCOMPARE(kept.size(), std::size_t{3});
        QVERIFY(kept.count(5) && kept.count(1) && kept.count(9));
        for (std::size_t i = 0; i < st.size(); ++i)
            if (!kept.count(i)) kept[i] = json ? jsonRow(st, runVariant(st, i)) : csvRow(runVariant(st, i));
        QCOMPARE(resultsText(st, json, kept), whole);
        // the whole table reads back whole
        std::map<std::size_t, std::string> back;
        QVERIFY(readResults(whole, st, json, back, why));
        QCOMPARE(back.size(), st.size());
        // another study's file is refused
        std::string other = whole;
        other.replace(other.find("load.inertia"), 12, "load.inertiA");
        QVERIFY(!readResults(other, st, json, back, why));
        QVERIFY2(why.find("not this study's") != std::string::npos, why.c_str());
    }
}

// Every reduction that needs every tick (issue 37, target 6: the sweep samples them from the batch's
// tick hook, by kind) against the variant's lab run one tick at a time and every observable
// observed after each tick, the reductions written out here (docs/FORMATS.md "Sweeps"):
//   min/max x_k and the first t_k holding it; integral sum 0.5 (x_{k-1} + x_k) h; mean: integral / T;
//   first crossing: t_{k-1} + (L - x_{k-1}) / (x_k - x_{k-1}) h at the first k crossing L;
//   lock time: the first t_k locked after an unlocked sample, or, after >= 2 slipping samples, the
//   zero of the line through the last two slips when it lies in that tick. Bit for bit.
void TestSweep::everyTickMetricsMatchTickByTick()
{
    Diagnostics d;
    bool ok = false;
    const Json metrics = Json::parse(R"([
        {"name": "min_e", "reduce": "min", "observable": "engine.speed"},
        {"name": "tmin_e", "reduce": "time_of_min", "observable": "engine.speed"},
        {"name": "max_l", "reduce": "max", "observable": "load.speed"},
        {"name": "tmax_l", "reduce": "time_of_max", "observable": "load.speed"},
        {"name": "mean_slip", "reduce": "mean", "observable": "clutch.slip_speed"},
        {"name": "int_l", "reduce": "integral", "observable": "load.speed"},
        {"name": "down_100", "reduce": "first_crossing", "observable": "engine.speed", "level": 100.0, "direction": "down"},
        {"name": "up_20", "reduce": "first_crossing", "observable": "load.speed", "level": 20.0, "direction": "up"},
        {"name": "never", "reduce": "first_crossing", "observable": "load.speed", "level": 1000.0},
        {"name": "lock", "reduce": "lock_time", "component": "clutch"},
        {"name": "first_e", "reduce": "initial", "observable": "engine.speed"},
        {"name": "last_l", "reduce": "final", "observable": "load.speed"}])");
    const Study st = withSweep(Json{{"metrics", metrics}}, d, ok);
    for (const Diagnostic& x : d.items()) qWarning("%s", formatDiagnostic("sweep", x).c_str());
    QVERIFY(ok);
    const std::size_t variant = 4;
    const Row row = runVariant(st, variant);
    QVERIFY2(row.error.empty(), row.error.c_str());

    LabSpec lab;
    std::string why;
    QVERIFY(variantLab(st, variant, lab, why));
    const CompileResult cr = compile(lab);
    QVERIFY(cr.model);
    Session s(cr.model);
    const std::vector<ObservableRef> layout = observableLayout(*cr.model);
    const auto at = [&](const std::string& subject, const std::string& name) {
        for (std::size_t i = 0; i < layout.size(); ++i)
            if (layout[i].subject == subject && layout[i].name == name) return i;
        qFatal("no observable %s.%s", subject.c_str(), name.c_str());
    };
    const std::size_t e = at("engine", "speed"), l = at("load", "speed"), slip = at("clutch", "slip_speed"), locked = at("clutch", "locked");
    std::vector<double> x(s.observableCount()), prev(s.observableCount());
    s.observe(x.data());
    const double first = x[e];
    double minE = x[e], tMinE = 0.0, maxL = x[l], tMaxL = 0.0, intSlip = 0.0, intL = 0.0;
    double down = NAN, up = NAN, lock = NAN, slip1 = 0.0, slip2 = 0.0, prevT = s.time();
    int slipping = x[locked] > 0.5 ? 0 : 1;
    if (slipping) slip1 = x[slip];
    while (!s.finished()) {
        prev = x;
        QVERIFY(s.run(1).status == BatchStatus::Completed);
        s.observe(x.data());
        const double t = s.time(), h = t - prevT;
        if (x[e] < minE) minE = x[e], tMinE = t;
        if (x[l] > maxL) maxL = x[l], tMaxL = t;
        intSlip += 0.5 * (prev[slip] + x[slip]) * h;
        intL += 0.5 * (prev[l] + x[l]) * h;
        if (std::isnan(down) && prev[e] > 100.0 && x[e] <= 100.0) down = prevT + (100.0 - prev[e]) / (x[e] - prev[e]) * h;
        if (std::isnan(up) && prev[l] < 20.0 && x[l] >= 20.0) up = prevT + (20.0 - prev[l]) / (x[l] - prev[l]) * h;
        if (std::isnan(lock) && x[locked] > 0.5 && prev[locked] <= 0.5) {
            lock = t;
            const double rate = (slip1 - slip2) / h;
            if (slipping >= 2 && rate != 0.0 && prevT - slip1 / rate >= prevT && prevT - slip1 / rate <= t) lock = prevT - slip1 / rate;
        }
        if (x[locked] > 0.5) {
            slipping = 0;
        } else {
            slip2 = slip1;
            slip1 = x[slip];
            ++slipping;
        }
        prevT = t;
    }
    QVERIFY(!std::isnan(down) && !std::isnan(up) && !std::isnan(lock)); // the variant crosses and locks
    const double expected[] = {minE, tMinE, maxL, tMaxL, intSlip / prevT, intL, down, up, NAN, lock, first, x[l]};
    QCOMPARE(row.metrics.size(), std::size(expected));
    for (std::size_t i = 0; i < row.metrics.size(); ++i) {
        const bool same = std::isnan(expected[i]) ? std::isnan(row.metrics[i]) : std::memcmp(&row.metrics[i], &expected[i], sizeof(double)) == 0;
        QVERIFY2(same, qPrintable(QString("metric %1 (%2): %3, tick by tick %4")
                                       .arg(i)
                                       .arg(QString::fromStdString(metrics[i]["name"].get<std::string>()))
                                       .arg(row.metrics[i], 0, 'g', 17)
                                       .arg(expected[i], 0, 'g', 17)));
    }
}

QTEST_APPLESS_MAIN(TestSweep)
#include "tst_sweep.moc"
