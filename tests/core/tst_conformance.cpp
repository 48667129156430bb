// Conformance of every registered component type (issue 16): what a new type must satisfy
// beyond what the compiler already checks (components/hooks.h static_asserts every hook's
// signature).
//
//   prototype lab of type T:   [n_node_a]--T--[n_node_b] ...   every required port on a fresh node
//                              of its domain, every required parameter at the editor's default
//
// For each type:
//   - the prototype compiles (editor defaults are valid values), and runs 10 ticks;
//   - observe() writes exactly the declared number of observables: a buffer filled with a
//     sentinel keeps it beyond the count and loses it within (finite values written);
//   - every finite, inclusive end of a real parameter's range is accepted by the range check
//     (the documented range and the compiler agree);
//   - it has a bond-graph reading that maps the prototype (bondGraphSummary, no "not analysed");
//   - its SVG symbol, when it has one, carries an anchor "port-NAME" for every port;
//   - docs/PHYSICS.md (equations table) and docs/CAUSALITY.md (mapping table) have a row for it.
#include "testutil.h"

#include <QFile>

#include <cstring>

#include "analysis/bondgraphreading.h"
#include "components/registry.h"
#include "compile/compiler.h"
#include "spec/diagnostic.h"
#include "spec/specedit.h"

using namespace drivelab;
using namespace drivelab::test;

class TestConformance : public QObject {
    Q_OBJECT
private slots:
    void prototypeCompilesAndRuns_data() { types(); }
    void prototypeCompilesAndRuns();
    void observesTheDeclaredCount_data() { types(); }
    void observesTheDeclaredCount();
    void rangeEndsAreAccepted_data() { types(); }
    void rangeEndsAreAccepted();
    void hasABondGraphReading_data() { types(); }
    void hasABondGraphReading();
    void symbolNamesEveryPort_data() { types(); }
    void symbolNamesEveryPort();
    void documented_data() { types(); }
    void documented();

private:
    static void types();
};

namespace {

// a hydraulic port's node in one of its three roles
enum class Role { Volume, VolumeFree, Junction, Reservoir };

NodeSpec hydraulicNode(const std::string& id, Role role)
{
    NodeSpec n;
    n.id = id;
    n.domain = "hydraulic";
    if (role == Role::Volume || role == Role::VolumeFree) {
        n.fields["volume"] = 1e-4;
        n.fields["bulk_modulus"] = 1.5e9;
        if (role == Role::Volume) n.fields["initial_pressure"] = 1e5;
    } else if (role == Role::Reservoir) {
        n.fields["fixed_pressure"] = 1e5;
    }
    return n;
}

// One lab of a type as the editor makes it (specedit's makeNode/makeComponent: required
// fields at their editor defaults), each required port on a fresh node of its domain; a
// hydraulic port's node as a volume (with or without an initial pressure), a pure junction or
// a reservoir (combination `roles`, base 4 per hydraulic port); an optional parameter the
// compiler asks for ("missing") is added at its editor default, as a user would.
LabSpec prototype(const ComponentDescriptor& d, int roles = 0)
{
    LabSpec spec;
    spec.run.tickNs = 1000000;
    spec.run.durationNs = 10000000;
    spec.run.reportEveryTicks = 1;
    ComponentSpec c = makeComponent(d, "it");
    for (const PortDescriptor& p : d.ports) {
        if (p.optional) continue;
        const std::string id = std::string("n_") + p.name;
        if (p.domain == Domain::Hydraulic) {
            spec.nodes.push_back(hydraulicNode(id, static_cast<Role>(roles % 4)));
            roles /= 4;
        } else {
            spec.nodes.push_back(makeNode(*nodeDomainDescriptor(p.domain), id));
        }
        c.ports.emplace_back(p.name, id);
    }
    spec.components.push_back(c);
    for (int round = 0; round < 8; ++round) {
        const CompileResult r = compile(spec);
        bool added = false;
        for (const Diagnostic& x : r.diagnostics.items()) {
            // a controller driving named components (a shift schedule's elements): each a clutch
            // on a fresh shaft, its capacity bound to it, as a user wires them
            if (x.subject == "it" && x.message.rfind("no component '", 0) == 0) {
                const std::string id = x.message.substr(14, x.message.find('\'', 14) - 14);
                ComponentSpec clutch = makeComponent(*findComponentDescriptor("clutch"), id);
                clutch.ports = {{"node_a", "n_" + id}, {"node_b", "ground"}};
                clutch.inputs["capacity"] = Json{{"controller", "it"}};
                spec.nodes.push_back(makeNode(*nodeDomainDescriptor(Domain::Rotational), "n_" + id));
                spec.components.push_back(clutch);
                added = true;
                continue;
            }
            if (x.subject != "it" || x.message.rfind("missing", 0) != 0) continue;
            const std::string prefix = std::string(d.fieldPrefix) + ".";
            const std::string name = x.field.rfind(prefix, 0) == 0 ? x.field.substr(prefix.size()) : x.field;
            const ParameterDescriptor* pd = d.parameter(name);
            if (!pd || spec.components.front().parameters.contains(name)) continue;
            spec.components.front().parameters[name] = Json::parse(pd->editorDefault);
            added = true;
        }
        if (!added) break;
    }
    return spec;
}

// the first prototype that compiles (or the plain one, for its diagnostics)
CompileResult compilePrototype(const ComponentDescriptor& d, LabSpec* used = nullptr)
{
    int hydraulicPorts = 0;
    for (const PortDescriptor& p : d.ports) hydraulicPorts += !p.optional && p.domain == Domain::Hydraulic;
    int combos = 1;
    for (int i = 0; i < hydraulicPorts; ++i) combos *= 4;
    for (int roles = 0; roles < combos; ++roles) {
        LabSpec spec = prototype(d, roles);
        CompileResult r = compile(spec);
        if (r.model) {
            if (used) *used = spec;
            return r;
        }
    }
    if (used) *used = prototype(d);
    return compile(prototype(d));
}

const ComponentDescriptor& descriptorOf(const QString& type)
{
    const ComponentDescriptor* d = findComponentDescriptor(type.toStdString());
    if (!d) qFatal("unknown type");
    return *d;
}

QString readSource(const char* path)
{
    QFile f(QStringLiteral(DRIVELAB_SOURCE_DIR "/") + QLatin1String(path));
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QString::fromUtf8(f.readAll());
}

} // namespace

void TestConformance::types()
{
    QTest::addColumn<QString>("type");
    for (const ComponentDescriptor* d : componentDescriptors()) QTest::newRow(d->type) << QString::fromLatin1(d->type);
}

// a type whose prototype needs a file the test cannot invent (an `fmu`'s archive, a required Text
// parameter): its run is covered where such a file exists (tests/fmi/tst_fmuimport.cpp)
static bool needsExternalFile(const ComponentDescriptor& d)
{
    for (const ParameterDescriptor& p : d.parameters)
        if (p.kind == ParamKind::Text && p.required) return true;
    return false;
}

void TestConformance::prototypeCompilesAndRuns()
{
    QFETCH(QString, type);
    if (needsExternalFile(descriptorOf(type))) QSKIP("needs an external file: run by tests/fmi/tst_fmuimport.cpp");
    const CompileResult r = compilePrototype(descriptorOf(type));
    QVERIFY2(r.model, qPrintable(describe(r.diagnostics)));
    Session s(r.model);
    QCOMPARE(s.run(10).status, BatchStatus::Completed);
}

void TestConformance::observesTheDeclaredCount()
{
    QFETCH(QString, type);
    if (needsExternalFile(descriptorOf(type))) QSKIP("needs an external file: tests/fmi/tst_fmuimport.cpp checks its observables");
    const CompileResult r = compilePrototype(descriptorOf(type));
    QVERIFY2(r.model, qPrintable(describe(r.diagnostics)));
    Session s(r.model);
    QCOMPARE(s.run(10).status, BatchStatus::Completed);
    const Model& m = *r.model;
    const State& st = s.state();
    const ObserveContext c{st.x.data(), st.pos.data(), st.real.data(), st.flag.data(), st.mean.data()};
    // the type under test first (a controller's driven clutches, if any, after it)
    QVERIFY(!m.components.empty());
    QCOMPARE(m.components.front().id, std::string("it"));
    const ComponentInfo& ci = m.components.front();
    const std::size_t n = ci.observables().size();
    // a sentinel no observable can produce: a NaN with a payload
    std::uint64_t bits = 0x7ff8dead0000beefull;
    double sentinel;
    std::memcpy(&sentinel, &bits, sizeof sentinel);
    std::vector<double> out(n + 8, sentinel);
    ci.observe(m, ci.local, c, out.data());
    for (std::size_t k = 0; k < n; ++k) {
        std::uint64_t got;
        std::memcpy(&got, &out[k], sizeof got);
        QVERIFY2(got != bits,
                 qPrintable(QStringLiteral("observable %1 (%2) was not written").arg(k).arg(QLatin1String(ci.observables()[k].name))));
        QVERIFY2(std::isfinite(out[k]), ci.observables()[k].name);
    }
    for (std::size_t k = n; k < out.size(); ++k) {
        std::uint64_t got;
        std::memcpy(&got, &out[k], sizeof got);
        QVERIFY2(got == bits, qPrintable(QStringLiteral("observe wrote past its %1 declared observables (slot %2)").arg(n).arg(k)));
    }
}

void TestConformance::rangeEndsAreAccepted()
{
    QFETCH(QString, type);
    const ComponentDescriptor& d = descriptorOf(type);
    int checked = 0;
    for (const ParameterDescriptor& p : d.parameters) {
        if (p.kind != ParamKind::Real && p.kind != ParamKind::RealOrKeyword) continue;
        for (const bool low : {true, false}) {
            const double v = low ? p.range.lo : p.range.hi;
            if (!std::isfinite(v) || (low ? p.range.loStrict : p.range.hiStrict) || !p.range.contains(v)) continue;
            LabSpec spec;
            compilePrototype(d, &spec);
            spec.components.front().parameters[p.name] = v;
            const CompileResult r = compile(spec);
            for (const Diagnostic& x : r.diagnostics.items()) {
                const bool rangeRefusal =
                    x.field == std::string(d.fieldPrefix) + "." + p.name && x.message.find(p.range.describe()) != std::string::npos;
                QVERIFY2(!rangeRefusal, qPrintable(QStringLiteral("%1 = %2 is inside its documented range but refused: %3")
                                                       .arg(QLatin1String(p.name))
                                                       .arg(v)
                                                       .arg(QString::fromStdString(x.message))));
            }
            ++checked;
        }
    }
    QVERIFY(checked >= 0);
}

void TestConformance::hasABondGraphReading()
{
    QFETCH(QString, type);
    const std::string summary = bondGraphSummary(descriptorOf(type));
    QVERIFY2(!summary.empty(), "no bond-graph reading of the prototype");
    QVERIFY2(summary.find(':') != std::string::npos, summary.c_str());
}

void TestConformance::symbolNamesEveryPort()
{
    QFETCH(QString, type);
    const QString svg = readSource(qPrintable(QStringLiteral("resources/symbols/%1.svg").arg(type)));
    if (svg.isEmpty()) QSKIP("no symbol: the editor draws a box with the ports from the descriptor");
    for (const PortDescriptor& p : descriptorOf(type).ports)
        QVERIFY2(svg.contains(QStringLiteral("id=\"port-%1\"").arg(QLatin1String(p.name))), p.name);
}

void TestConformance::documented()
{
    QFETCH(QString, type);
    const QString row = QStringLiteral("`%1`").arg(type);
    for (const char* doc : {"docs/PHYSICS.md", "docs/CAUSALITY.md"}) {
        const QString text = readSource(doc);
        QVERIFY2(!text.isEmpty(), doc);
        bool found = false;
        for (const QString& line : text.split(QLatin1Char('\n')))
            found = found || (line.startsWith(QLatin1Char('|')) && line.contains(row));
        QVERIFY2(found, qPrintable(QStringLiteral("%1 has no table row for %2").arg(QLatin1String(doc), row)));
    }
}

QTEST_GUILESS_MAIN(TestConformance)
#include "tst_conformance.moc"
