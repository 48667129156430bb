// Bad input of every kind in LAB_FORMAT section 4 gets a diagnostic naming the node or
// component and the field; the writer round-trips what the reader reads.
#include "testutil.h"

#include "spec/labwriter.h"
#include "spec/specedit.h"
#include "compile/compilecontext.h"
#include "components/descriptors.h"
#include "synthlabs.h"
#include "energybound.h"

using namespace drivelab;
using namespace drivelab::test;

class TestLabInput : public QObject {
    Q_OBJECT
private slots:
    void refused_data();
    void refused();
    void limits();
    void raisedLimitsStopAtTheSolversCapacity();
    void warningsDoNotRefuse();
    void idleClutchWarns();
    void writerRoundTrip();
    void specEditing();
    void renameFollowsBindingsAndResults();
};

namespace {
const std::string kRun = runSettings(1000000, 10000000, 1);
const std::string kNodes = "[" + rot("a", 1, 10) + "," + rot("b", 2, 0) +
                           R"(, {"id": "oil", "domain": "thermal", "heat_capacity": 100, "initial_temperature": 300}])";
const std::string kDamper = R"({"id": "d", "type": "damper", "node_a": "a", "node_b": "b", "parameters": {"damping": 1}})";
} // namespace

void TestLabInput::refused_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("subject");
    QTest::addColumn<QString>("field");
    const auto add = [](const char* name, const std::string& text, const char* subject, const char* field) {
        QTest::newRow(name) << QString::fromStdString(text) << subject << field;
    };
    const std::string comps = "[" + kDamper + "]";
    add("malformed JSON", R"({"format": "drivelab.lab", "version": 1,)", "-", "-");
    add("not an object", "[1, 2]", "-", "-");
    add("NaN literal", R"({"format": "drivelab.lab", "version": 1, "x": NaN})", "-", "-");
    add("infinite number", lab(kRun, R"([{"id": "a", "domain": "rotational", "inertia": 1, "initial_speed": 1e999}])", "[]"), "-", "-");
    add("duplicate key", R"({"format": "drivelab.lab", "format": "drivelab.lab", "version": 1})", "-", "format");
    add("missing format", R"({"version": 1, "run": {}, "nodes": [], "components": []})", "-", "format");
    add("unknown format", R"({"format": "powerlab.lab", "version": 1})", "-", "format");
    add("newer version", R"({"format": "drivelab.lab", "version": 3})", "-", "version");
    add("version not a number", R"({"format": "drivelab.lab", "version": "1"})", "-", "version");
    add("unknown top-level key", lab(kRun, kNodes, comps).insert(1, R"("colour": 1, )"), "-", "colour");
    add("run field wrong type", lab(R"({"tick_ns": "50us", "duration_ns": 1000, "report_every_ticks": 1})", kNodes, comps), "-",
        "run.tick_ns");
    add("run unknown key", lab(R"({"tick_ns": 1000, "duration_ns": 1000, "report_every_ticks": 1, "solver": "rk4"})", kNodes, comps), "-",
        "run.solver");
    add("tick zero", lab(runSettings(0, 1000, 1), kNodes, comps), "-", "run.tick_ns");
    add("duration not whole ticks", lab(runSettings(1000, 1500, 1), kNodes, comps), "-", "run.duration_ns");
    add("report every zero", lab(runSettings(1000, 1000, 0), kNodes, comps), "-", "run.report_every_ticks");
    add("nodes not a list", lab(kRun, R"({"a": 1})", comps), "-", "nodes");
    add("node without id", lab(kRun, R"([{"domain": "rotational", "inertia": 1, "initial_speed": 0}])", "[]"), "nodes[0]", "id");
    // an id outside the id set is never the subject (it may hold control characters): its position is
    add("invalid id", lab(kRun, "[" + rot("2fast", 1, 0) + "]", "[]"), "nodes[0]", "id");
    add("ground declared", lab(kRun, "[" + rot("ground", 1, 0) + "]", "[]"), "ground", "id");
    add("duplicate id", lab(kRun, "[" + rot("a", 1, 0) + "," + rot("a", 2, 0) + "]", "[]"), "a", "id");
    add("id shared by node and component",
        lab(kRun, kNodes, R"([{"id": "a", "type": "damper", "node_a": "b", "parameters": {"damping": 1}}])"), "a", "id");
    add("unknown domain", lab(kRun, R"([{"id": "a", "domain": "electrical"}])", "[]"), "a", "domain");
    add("unknown node field", lab(kRun, R"([{"id": "a", "domain": "rotational", "inertia": 1, "initial_speed": 0, "intertia": 2}])", "[]"),
        "a", "intertia");
    add("missing inertia", lab(kRun, R"([{"id": "a", "domain": "rotational", "initial_speed": 0}])", "[]"), "a", "inertia");
    add("inertia wrong type", lab(kRun, R"([{"id": "a", "domain": "rotational", "inertia": "heavy", "initial_speed": 0}])", "[]"), "a",
        "inertia");
    add("inertia zero", lab(kRun, "[" + rot("a", 0, 0) + "]", "[]"), "a", "inertia");
    add("negative heat capacity", lab(kRun, R"([{"id": "t", "domain": "thermal", "heat_capacity": -1, "initial_temperature": 300}])", "[]"),
        "t", "heat_capacity");
    add("unknown component type", lab(kRun, kNodes, R"([{"id": "x", "type": "flux_capacitor"}])"), "x", "type");
    add("unknown component key",
        lab(kRun, kNodes, R"([{"id": "d", "type": "damper", "node_a": "a", "nodeb": "b", "parameters": {"damping": 1}}])"), "d", "nodeb");
    add("port not a string", lab(kRun, kNodes, R"([{"id": "d", "type": "damper", "node_a": 3, "parameters": {"damping": 1}}])"), "d",
        "node_a");
    add("parameters not an object", lab(kRun, kNodes, R"([{"id": "d", "type": "damper", "node_a": "a", "parameters": [1]}])"), "d",
        "parameters");
    add("missing port", lab(kRun, kNodes, R"([{"id": "d", "type": "damper", "parameters": {"damping": 1}}])"), "d", "node_a");
    add("unknown node id", lab(kRun, kNodes, R"([{"id": "d", "type": "damper", "node_a": "shaft9", "parameters": {"damping": 1}}])"), "d",
        "node_a");
    add("port of the wrong domain", lab(kRun, kNodes, R"([{"id": "d", "type": "damper", "node_a": "oil", "parameters": {"damping": 1}}])"),
        "d", "node_a");
    add("ground where not allowed",
        lab(kRun, kNodes, R"([{"id": "d", "type": "damper", "node_a": "ground", "parameters": {"damping": 1}}])"), "d", "node_a");
    add("missing parameter", lab(kRun, kNodes, R"([{"id": "d", "type": "damper", "node_a": "a"}])"), "d", "damper.damping");
    add("unknown parameter",
        lab(kRun, kNodes, R"([{"id": "d", "type": "damper", "node_a": "a", "parameters": {"damping": 1, "dampnig": 2}}])"), "d",
        "damper.dampnig");
    add("parameter wrong type", lab(kRun, kNodes, R"([{"id": "d", "type": "damper", "node_a": "a", "parameters": {"damping": "1"}}])"), "d",
        "damper.damping");
    add("parameter out of range", lab(kRun, kNodes, R"([{"id": "d", "type": "damper", "node_a": "a", "parameters": {"damping": -1}}])"),
        "d", "damper.damping");
    add("gear ratio zero", lab(kRun, kNodes, R"([{"id": "g", "type": "gear", "node_a": "a", "node_b": "b", "parameters": {"ratio": 0}}])"),
        "g", "gear.ratio");
    add("teeth not whole",
        lab(kRun, kNodes + "",
            R"([{"id": "p", "type": "planetary", "node_a": "a", "node_b": "b", "node_c": "ground", "parameters": {"sun_teeth": 30.5, "ring_teeth": 70}}])"),
        "p", "planetary.sun_teeth");
    add("ring not larger than sun",
        lab(kRun, kNodes,
            R"([{"id": "p", "type": "planetary", "node_a": "a", "node_b": "b", "node_c": "ground", "parameters": {"sun_teeth": 70, "ring_teeth": 30}}])"),
        "p", "planetary.ring_teeth");
    add("kinetic ratio above 1",
        lab(kRun, kNodes, R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "parameters": {"kinetic_ratio": 1.2}}])"), "c",
        "clutch.kinetic_ratio");
    add("unknown input", lab(kRun, kNodes, R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "inputs": {"pressure": 1}}])"),
        "c", "inputs.pressure");
    add("input out of range",
        lab(kRun, kNodes, R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "inputs": {"capacity": -5}}])"), "c",
        "inputs.capacity");
    add("motor curve not increasing",
        lab(kRun, kNodes,
            R"([{"id": "m", "type": "motor", "node_a": "a", "parameters": {"torque_curve": [{"speed": 0, "torque": 1}, {"speed": 0, "torque": 2}]}}])"),
        "m", "motor.torque_curve[1].speed");
    add("motor curve one point",
        lab(kRun, kNodes, R"([{"id": "m", "type": "motor", "node_a": "a", "parameters": {"torque_curve": [{"speed": 0, "torque": 1}]}}])"),
        "m", "motor.torque_curve");
    add("clutch to itself", lab(kRun, kNodes, R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "a"}])"), "c", "node_b");
    add("event unknown component",
        lab(kRun, kNodes, "[" + kDamper + "]", R"([{"time_ns": 0, "component": "nope", "input": "capacity", "value": 1}])"), "nope",
        "events[0].component");
    add("event unknown input",
        lab(kRun, kNodes, "[" + kDamper + "]", R"([{"time_ns": 0, "component": "d", "input": "capacity", "value": 1}])"), "d",
        "events[0].input");
    add("event negative time",
        lab(kRun, kNodes, R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b"}])",
            R"([{"time_ns": -5, "component": "c", "input": "capacity", "value": 1}])"),
        "c", "events[0].time_ns");
    add("event value out of range",
        lab(kRun, kNodes, R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b"}])",
            R"([{"time_ns": 5, "component": "c", "input": "capacity", "value": -1}])"),
        "c", "events[0].value");
    add("event value wrong type",
        lab(kRun, kNodes, R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b"}])",
            R"([{"time_ns": 5, "component": "c", "input": "capacity", "value": "1"}])"),
        "c", "events[0].value");
    add("event unknown key",
        lab(kRun, kNodes, R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b"}])",
            R"([{"time_ns": 5, "component": "c", "input": "capacity", "value": 1, "ramp": 2}])"),
        "c", "events[0].ramp");
    add("inconsistent initial speeds",
        lab(kRun, kNodes, R"([{"id": "g", "type": "gear", "node_a": "a", "node_b": "b", "parameters": {"ratio": 2}}])"), "g", "-");
    std::string deep = "1";
    for (int i = 0; i < 100; ++i) deep = "[" + deep + "]";
    add("nesting too deep", R"({"format": "drivelab.lab", "version": 1, "layout": {"x": )" + deep + "}}", "-", "-");
}

void TestLabInput::refused()
{
    QFETCH(QString, text);
    QFETCH(QString, subject);
    QFETCH(QString, field);
    const auto loaded = load(text.toStdString());
    QVERIFY(!loaded.model);
    QVERIFY(loaded.diagnostics.hasErrors());
    const Diagnostic& d = loaded.diagnostics.items()[0];
    QVERIFY2(d.subject == subject.toStdString() && d.field == field.toStdString(),
             qPrintable("expected " + subject + ": " + field + ", got\n" + describe(loaded.diagnostics)));
    QVERIFY(!d.message.empty());
}

// A version-1 lab (LAB_FORMAT section 2) of more than 32 nodes, 64 components or 64 states is
// refused, naming the limit and how a lab with parts goes beyond it (tst_partsfleet: version 2).
void TestLabInput::limits()
{
    std::string nodes = "[", comps = "[";
    for (int i = 0; i < 33; ++i) nodes += (i ? "," : "") + rot("n" + std::to_string(i), 1, 0);
    auto loaded = load(lab(kRun, nodes + "]", "[]"));
    QVERIFY(!loaded.model);
    QCOMPARE(loaded.diagnostics.items()[0].field, std::string("nodes"));
    QVERIFY(loaded.diagnostics.items()[0].message.find("at most 32") != std::string::npos);
    QVERIFY2(loaded.diagnostics.items()[0].message.find("keeps LAB_FORMAT's limits") != std::string::npos,
             loaded.diagnostics.items()[0].message.c_str());
    for (int i = 0; i < 65; ++i)
        comps += std::string(i ? "," : "") + R"({"id": "d)" + std::to_string(i) +
                 R"(", "type": "damper", "node_a": "a", "parameters": {"damping": 1}})";
    loaded = load(lab(kRun, kNodes, comps + "]"));
    QVERIFY(!loaded.model);
    QCOMPARE(loaded.diagnostics.items()[0].field, std::string("components"));
    QVERIFY(loaded.diagnostics.items()[0].message.find("at most 64") != std::string::npos);
    // 32 nodes and 8 converters fit the 64-state budget exactly
    nodes = "[";
    comps = "[";
    for (int i = 0; i < 32; ++i) nodes += (i ? "," : "") + rot("n" + std::to_string(i), 1, i);
    for (int i = 0; i < 8; ++i)
        comps +=
            std::string(i ? "," : "") + R"({"id": "tc)" + std::to_string(i) + R"(", "type": "torque_converter", "node_a": "n)" +
            std::to_string(2 * i) + R"(", "node_b": "n)" + std::to_string(2 * i + 1) +
            R"(", "parameters": {"pump_positive": [{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.01}, {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}], "pump_negative": [{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.01}, {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}], "turbine_positive": [{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.01}, {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}], "turbine_negative": [{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.01}, {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}]}})";
    loaded = load(lab(kRun, nodes + "]", comps + "]"));
    QVERIFY2(loaded.model, qPrintable(describe(loaded.diagnostics)));
    QCOMPARE(loaded.model->nStates, 64);
}

// Limits raised above the product's (the scaling benchmarks) stop at the solver's capacity,
// kMaxDyn = 64 nodes and kMaxComponents = 256 components, with the same message; a 64-node converter chain
// compiles and runs there.
//
//   n0 =tc0= n1 =tc1= ... =tc62= n63 -[c]- ground      converters with R = 1: T_turbine = -T_pump
//
// Every converter passes its torque whole, so only the damper changes the chain's angular
// momentum: sum_i J_i (w_i - w_i0) = -c theta_63, and the midpoint keeps it exactly
// (theta advances by h times the stage speed the damper's torque is taken at): it holds to
// rounding of the momentum moved.
void TestLabInput::raisedLimitsStopAtTheSolversCapacity()
{
    CompileLimits raised;
    raised.maxNodes = 1000;
    raised.maxComponents = 1000;
    raised.maxStates = 1000;
    raised.typeInstanceLimits = false;
    raised.labFormatLimits = false;
    std::string nodes = "[";
    for (int i = 0; i < 65; ++i) nodes += (i ? "," : "") + rot("n" + std::to_string(i), 1, 0);
    auto read = readLab(lab(kRun, nodes + "]", "[]"));
    QVERIFY(read.lab);
    auto c = compile(*read.lab, raised);
    QVERIFY(!c.model);
    QCOMPARE(c.diagnostics.items()[0].field, std::string("nodes"));
    QVERIFY2(c.diagnostics.items()[0].message.find("at most 64 nodes") != std::string::npos, qPrintable(describe(c.diagnostics)));
    std::string comps = "[";
    for (int i = 0; i < 257; ++i)
        comps += std::string(i ? "," : "") + R"({"id": "d)" + std::to_string(i) +
                 R"(", "type": "damper", "node_a": "a", "parameters": {"damping": 1}})";
    read = readLab(lab(kRun, kNodes, comps + "]"));
    QVERIFY(read.lab);
    c = compile(*read.lab, raised);
    QVERIFY(!c.model);
    QCOMPARE(c.diagnostics.items()[0].field, std::string("components"));
    QVERIFY(c.diagnostics.items()[0].message.find("at most 256 components") != std::string::npos);

    read = readLab(synth::chainLab(64, 100000000, true)); // 0.1 s, 2000 ticks
    QVERIFY(read.lab);
    c = compile(*read.lab, raised);
    QVERIFY2(c.model, qPrintable(describe(c.diagnostics)));
    const Model& m = *c.model;
    QCOMPARE(m.nDyn, 64);
    Session s(c.model);
    const BatchResult r = s.run(m.ticks);
    QCOMPARE(static_cast<int>(r.status), static_cast<int>(BatchStatus::Completed));
    double moved = 0.0, change = 0.0, scale = 0.0;
    int last = -1;
    for (int i = 0; i < m.nDyn; ++i) {
        const std::size_t k = static_cast<std::size_t>(i);
        change += m.mass[k] * (s.state().x[k] - m.x0[k]);
        scale += m.mass[k] * (std::fabs(s.state().x[k]) + std::fabs(m.x0[k]));
        moved += std::fabs(m.mass[k] * (s.state().x[k] - m.x0[k]));
        if (m.nodes[static_cast<std::size_t>(m.dynNode[k])].id == "n63") last = i;
    }
    QVERIFY(last >= 0);
    const double damperImpulse = -0.001 * s.state().pos[static_cast<std::size_t>(last)];
    qInfo("momentum change %.6e, damper impulse %.6e, difference %.3e, momentum moved %.3e", change, damperImpulse,
          change - damperImpulse, moved);
    QVERIFY(moved > 1.0); // the converters moved momentum along the chain
    QVERIFY(std::fabs(change - damperImpulse) <= 1e-12 * scale);
    const EnergyReport e = s.energy();
    QVERIFY2(std::fabs(e.residual) <= test::residualBound(energyScale(e), m.ticks), qPrintable(QString::number(e.residual)));
}

// An event after the end of the run is a warning: the lab still compiles.
void TestLabInput::warningsDoNotRefuse()
{
    const auto loaded = load(lab(kRun, kNodes, R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b"}])",
                                 R"([{"time_ns": 900000000, "component": "c", "input": "capacity", "value": 1}])"));
    QVERIFY(loaded.model);
    QCOMPARE(loaded.diagnostics.size(), std::size_t(2));
    QCOMPARE(loaded.diagnostics.items()[0].severity, Severity::Warning);
    QCOMPARE(loaded.diagnostics.items()[0].field, std::string("events[0].time_ns"));
    // that event never raises the capacity: the clutch can never carry torque (issue 15)
    QCOMPARE(loaded.diagnostics.items()[1].severity, Severity::Warning);
    QCOMPARE(loaded.diagnostics.items()[1].field, std::string("inputs.capacity"));
}

// A clutch whose capacity starts at 0 and that no event raises can never carry torque: a
// warning on inputs.capacity, not an error (the lab still compiles and runs).
void TestLabInput::idleClutchWarns()
{
    const std::string clutch = R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b"}])";
    auto loaded = load(lab(kRun, kNodes, clutch));
    QVERIFY(loaded.model);
    QCOMPARE(loaded.diagnostics.size(), std::size_t(1));
    const Diagnostic& d = loaded.diagnostics.items()[0];
    QCOMPARE(d.severity, Severity::Warning);
    QCOMPARE(d.subject, std::string("c"));
    QCOMPARE(d.field, std::string("inputs.capacity"));
    QVERIFY(d.message.find("never carry torque") != std::string::npos);
    // an explicit 0 is the same
    loaded = load(lab(kRun, kNodes, R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "inputs": {"capacity": 0}}])"));
    QCOMPARE(loaded.diagnostics.size(), std::size_t(1));
    // a capacity, or an event that raises it during the run, and there is nothing to say
    loaded = load(lab(kRun, kNodes, R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "inputs": {"capacity": 40}}])"));
    QVERIFY2(loaded.diagnostics.empty(), qPrintable(describe(loaded.diagnostics)));
    loaded = load(lab(kRun, kNodes, clutch, R"([{"time_ns": 5000000, "component": "c", "input": "capacity", "value": 40}])"));
    QVERIFY2(loaded.diagnostics.empty(), qPrintable(describe(loaded.diagnostics)));
    // an event that only sets it to 0 again does not count
    loaded = load(lab(kRun, kNodes, clutch, R"([{"time_ns": 5000000, "component": "c", "input": "capacity", "value": 0}])"));
    QCOMPARE(loaded.diagnostics.size(), std::size_t(1));
    // errors come first
    loaded =
        load(lab(kRun, kNodes, R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b", "parameters": {"kinetic_ratio": 2}}])"));
    QVERIFY(!loaded.model);
    QCOMPARE(loaded.diagnostics.items()[0].severity, Severity::Error);
}

// read -> write -> read gives the same spec and the same text; layout and description survive.
void TestLabInput::writerRoundTrip()
{
    const QDir labs(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs"));
    const auto files = labs.entryList({"*.lab.json"});
    QVERIFY(files.size() >= 3);
    for (const QString& f : files) {
        std::string text;
        Diagnostics d;
        QVERIFY(readTextFile(labs.filePath(f).toStdString(), text, d));
        auto a = readLab(text);
        QVERIFY2(a.lab, qPrintable(describe(a.diagnostics)));
        a.lab->layout = Json{{"x", Json{{"x", 1.5}, {"y", -2}}}, {"free", Json::array({1, "two"})}};
        const std::string written = writeLab(*a.lab);
        auto b = readLab(written);
        QVERIFY2(b.lab, qPrintable(describe(b.diagnostics)));
        QCOMPARE(writeLab(*b.lab), written);
        QCOMPARE(canonicalJson(labToJson(*b.lab)), canonicalJson(labToJson(*a.lab)));
        QCOMPARE(b.lab->layout, a.lab->layout);
        // the model is unchanged by a write/read (a csv signal's file read beside the lab)
        a.lab->baseDir = b.lab->baseDir = labs.path().toStdString();
        const auto ca = compile(*a.lab), cb = compile(*b.lab);
        QVERIFY(ca.model && cb.model);
        QCOMPARE(ca.model->fingerprint, cb.model->fingerprint);
    }
}

// Rename rewrites ports, events and layout; remove leaves no dangling references.
void TestLabInput::specEditing()
{
    auto r = readLab(lab(kRun, kNodes, R"([{"id": "c", "type": "clutch", "node_a": "a", "node_b": "b"}])",
                         R"([{"time_ns": 0, "component": "c", "input": "capacity", "value": 1}])"));
    QVERIFY(r.lab);
    LabSpec& s = *r.lab;
    s.layout["a"] = Json{{"x", 1}};
    QVERIFY(renameItem(s, "a", "shaft"));
    QCOMPARE(*s.components[0].port("node_a"), std::string("shaft"));
    QVERIFY(s.layout.contains("shaft") && !s.layout.contains("a"));
    QVERIFY(!renameItem(s, "b", "shaft"));  // taken
    QVERIFY(!renameItem(s, "b", "9lives")); // invalid
    QVERIFY(renameItem(s, "c", "lockup"));
    QCOMPARE(s.events[0].component, std::string("lockup"));
    QVERIFY(compile(s).model);
    QVERIFY(removeItem(s, "b"));
    QVERIFY(s.components[0].port("node_b") == nullptr);
    QVERIFY(removeItem(s, "lockup"));
    QVERIFY(s.events.empty());
    QCOMPARE(uniqueId(s, "shaft"), std::string("shaft1"));
    for (const ComponentDescriptor* d : componentDescriptors()) {
        // every type's editor defaults are valid parameters
        ComponentSpec c = makeComponent(*d, "x");
        for (const auto& p : d->parameters) {
            if (!c.parameters.contains(p.name)) continue;
            Diagnostics diags;
            QVERIFY2(validateParameter(p, c.parameters[p.name], "x", p.name, diags), qPrintable(describe(diags)));
        }
    }
}

// Rename follows every reference to the item, not only events: inputs bound to {"controller": ID}
// and the results' vehicle (car-ftp75: driver, tcu, body), so the renamed lab still compiles to the
// same model; an instance's rename carries the paths inside it (controller, signal, vehicle,
// reference signal); undo is the rename back, giving the spec's bytes again.
void TestLabInput::renameFollowsBindingsAndResults()
{
    std::string text;
    Diagnostics d;
    QVERIFY(readTextFile(DRIVELAB_SOURCE_DIR "/labs/car-ftp75.lab.json", text, d));
    auto r = readLab(text);
    QVERIFY(r.lab);
    LabSpec& s = *r.lab;
    s.baseDir = DRIVELAB_SOURCE_DIR "/labs";
    const auto before = compile(s);
    QVERIFY(before.model);
    const std::string original = writeLab(s);
    QVERIFY(renameItem(s, "driver", "pilot"));
    QVERIFY(renameItem(s, "tcu", "shifter"));
    QVERIFY(renameItem(s, "body", "chassis"));
    QCOMPARE(s.results["vehicle"].get<std::string>(), std::string("chassis"));
    const std::string renamed = writeLab(s);
    QVERIFY(renamed.find("\"controller\": \"pilot\"") != std::string::npos);
    QVERIFY(renamed.find("\"controller\": \"shifter\"") != std::string::npos);
    QVERIFY(renamed.find("\"controller\": \"driver\"") == std::string::npos);
    QVERIFY(renamed.find("\"controller\": \"tcu\"") == std::string::npos);
    const auto after = compile(s);
    QVERIFY2(after.model, qPrintable(describe(after.diagnostics)));
    QCOMPARE(after.model->components.size(), before.model->components.size());
    QVERIFY(renameItem(s, "chassis", "body"));
    QVERIFY(renameItem(s, "shifter", "tcu"));
    QVERIFY(renameItem(s, "pilot", "driver"));
    QCOMPARE(writeLab(s), original);

    // an instance: the paths inside it follow; a longer id sharing the prefix does not
    auto p = readLab(lab(kRun, kNodes, R"([{"id": "m", "type": "torque_source", "node_a": "a",
        "inputs": {"torque": {"controller": "box/driver"}}}, {"id": "n", "type": "torque_source", "node_a": "b",
        "inputs": {"torque": {"signal": "boxes/cycle"}}}])"));
    QVERIFY(p.lab);
    LabSpec& q = *p.lab;
    InstanceSpec box;
    box.id = "box";
    box.part = "gearbox";
    q.instances.push_back(box);
    q.results = Json{{"vehicle", "box/body"}, {"reference_speed", Json{{"signal", "box/cycle"}}}};
    QVERIFY(renameItem(q, "box", "gb"));
    QCOMPARE(q.components[0].inputs["torque"]["controller"].get<std::string>(), std::string("gb/driver"));
    QCOMPARE(q.components[1].inputs["torque"]["signal"].get<std::string>(), std::string("boxes/cycle"));
    QCOMPARE(q.results["vehicle"].get<std::string>(), std::string("gb/body"));
    QCOMPARE(q.results["reference_speed"]["signal"].get<std::string>(), std::string("gb/cycle"));
}

QTEST_GUILESS_MAIN(TestLabInput)
#include "tst_labinput.moc"
