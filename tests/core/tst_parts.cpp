// Parts and instances (issue 36, docs/FORMATS.md "Parts"): a lab with instances of parts is
// flattened at compile into today's flat network with ids that name the instance path.
//
//   tests/fixtures/parts/two-speed-parts.lab.json   labs/two-speed-shift re-expressed:
//       [drive: motor_drive (inline)]--input--[box: two_speed_planetary (file)]--carrier--final_drive--wheels
//   tests/fixtures/parts/fired-parts.lab.json       labs/fired-converter re-expressed:
//       [engine: inline_four (inline) = 4 x cylinder_unit (file, nested) + friction]--crank--tc--...
//   *-flat.lab.json: the originals with the ids renamed by hand (drive -> drive/motor, cyl3 ->
//       engine/c3/cyl, ...), written without parts.
// What must hold, bit for bit: the parts lab's normalized lab is the hand-flattened lab's plus
// only what the format adds (version 2 and the `parts` record); the runs give the same final state
// hash, and it is the original lab's (ids are not hashed: same order, same arithmetic).
#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <set>

#include "analysis/causality.h"
#include "compile/compiler.h"
#include "compile/partrename.h"
#include "io/asset.h"
#include "io/labfile.h"
#include "io/report.h"
#include "solver/session.h"
#include "spec/labfiles.h"
#include "spec/labpath.h"
#include "spec/specedit.h"
#include "spec/labwriter.h"
#include "study/engine.h"
#include "util/hash.h"

using namespace drivelab;

class TestParts : public QObject {
    Q_OBJECT
private slots:
    void flatteningEqualsHandFlattened_data();
    void flatteningEqualsHandFlattened();
    void nestedIdsAndOrder();
    void shippedLibrary();
    void libraryFolders();
    void fingerprintCoversPartFiles();
    void assetEmbedsParts();
    void writerKeepsParts();
    void relocatedLabInlinesPartFiles();
    void refusals_data();
    void refusals();
    void sweepOverPartParameter();
    void renamingAPartParameter();
    void causalityNamesPaths();
};

namespace {

const std::string kDir = DRIVELAB_SOURCE_DIR "/tests/fixtures/parts/";

struct Ran {
    std::uint64_t hash = 0;
    std::vector<double> finalValues; // the last boundary's observables, layout order
    std::string finalText;           // the last boundary as the report writes it (ids included)
};

Ran runToEnd(const std::shared_ptr<const Model>& m)
{
    Session s(m);
    while (!s.finished()) {
        const BatchResult r = s.run(m->ticks);
        if (r.status != BatchStatus::Completed) qFatal("solver failure: %s", r.error.message.c_str());
    }
    ReportWriter w(*m);
    w.observe(s);
    return Ran{s.stateHash(), w.values(), w.boundaryText(s)};
}

std::shared_ptr<const Model> loaded(const std::string& path)
{
    LoadedLab l = loadLab(path);
    if (!l.model) {
        for (const auto& d : l.diagnostics.items()) qWarning("%s", formatDiagnostic(path, d).c_str());
        qFatal("%s does not compile", path.c_str());
    }
    return l.model;
}

// the errors of a lab as text lines
std::string errorsOf(const std::string& text, const std::string& baseDir)
{
    LoadedLab l = loadLabText(text, baseDir);
    std::string out;
    for (const auto& d : l.diagnostics.items())
        if (d.severity == Severity::Error) out += formatDiagnostic("lab", d) + "\n";
    return out;
}

std::string readAll(const std::string& path)
{
    std::ifstream f(path);
    return std::string(std::istreambuf_iterator<char>(f), {});
}

// a minimal lab of one shaft and whatever parts, instances and components the test adds
std::string partsLab(const std::string& parts, const std::string& instances, const std::string& components = "[]")
{
    return R"({"format": "drivelab.lab", "version": 2, "run": {"tick_ns": 1000000, "duration_ns": 10000000, "report_every_ticks": 5},
      "nodes": [{"id": "shaft", "domain": "rotational", "inertia": 1.0, "initial_speed": 10.0},
                {"id": "case", "domain": "thermal", "heat_capacity": 100.0, "initial_temperature": 300.0}],
      "components": )" + components + R"(, "parts": )" + parts + R"(, "instances": )" + instances + "}";
}

// a part with a rotational port `a` and a damper whose damping is parameter c
const std::string kBrakePart =
    R"({"name": "brake", "ports": [{"name": "a", "domain": "rotational"}],
        "parameters": [{"name": "c", "unit": "N m s/rad", "default": 2.0, "min": 0, "max": 100}],
        "components": [{"id": "d", "type": "damper", "node_a": "a", "parameters": {"damping": "=c"}}]})";

} // namespace

void TestParts::flatteningEqualsHandFlattened_data()
{
    QTest::addColumn<QString>("parts");
    QTest::addColumn<QString>("flat");
    QTest::addColumn<QString>("original");
    QTest::newRow("two-speed-shift") << "two-speed-parts" << "two-speed-flat" << "two-speed-shift";
    QTest::newRow("fired-converter") << "fired-parts" << "fired-flat" << "fired-converter";
    // the shipped library's labs (labs/parts/): the same proof, through part files only
    QTest::newRow("library two-speed-shift") << "../../../labs/parts/two-speed-shift" << "two-speed-flat" << "two-speed-shift";
    QTest::newRow("library fired-converter") << "../../../labs/parts/fired-converter" << "fired-library-flat" << "fired-converter";
    QTest::newRow("library differential-launch") << "../../../labs/parts/differential-launch" << "differential-flat" << "";
}

void TestParts::flatteningEqualsHandFlattened()
{
    QFETCH(QString, parts);
    QFETCH(QString, flat);
    QFETCH(QString, original);
    const auto p = loaded(kDir + parts.toStdString() + ".lab.json");
    const auto f = loaded(kDir + flat.toStdString() + ".lab.json");
    // (a lab that is not a re-expression is compared with its hand-flattened twin only)
    const auto o = original.isEmpty() ? f : loaded(DRIVELAB_SOURCE_DIR "/labs/" + original.toStdString() + ".lab.json");
    // the normalized labs differ only by what the format adds: version 2 and the parts record
    QCOMPARE(p->normalized["version"].get<int>(), 2);
    QVERIFY(p->normalized.contains("parts") && !p->normalized["parts"].empty());
    Json stripped = p->normalized;
    stripped.erase("parts");
    stripped["version"] = 1;
    QCOMPARE(canonicalJson(stripped), canonicalJson(f->normalized));
    QCOMPARE(hashBytes(canonicalJson(stripped)) == f->fingerprint, f->capabilities.empty());
    QVERIFY(p->fingerprint != f->fingerprint); // the part definitions are covered
    // the same run, bit for bit: the hand-flattened lab's and the original's final state
    const Ran rp = runToEnd(p), rf = runToEnd(f), ro = runToEnd(o);
    QCOMPARE(rp.finalText, rf.finalText);
    QCOMPARE(toHex16(rp.hash), toHex16(rf.hash));
    QCOMPARE(toHex16(rp.hash), toHex16(ro.hash));
    QCOMPARE(rp.finalValues.size(), ro.finalValues.size());
    for (std::size_t i = 0; i < rp.finalValues.size(); ++i) QCOMPARE(hashBytes(formatDouble(rp.finalValues[i])), hashBytes(formatDouble(ro.finalValues[i])));
}

void TestParts::nestedIdsAndOrder()
{
    const auto m = loaded(kDir + "fired-parts.lab.json");
    // instances first (depth-first), then the network's own: the original's order
    const std::vector<std::string> want = {"engine/c1/cyl", "engine/c2/cyl", "engine/c3/cyl", "engine/c4/cyl", "engine/friction", "tc"};
    for (std::size_t i = 0; i < want.size(); ++i) QCOMPARE(m->components[i].id, want[i]);
    // the phases are what muParser computes from first_phase and _pi
    const Json& c2 = m->normalized["components"][1]["parameters"];
    QCOMPARE(c2["crank_phase"].get<double>(), -3.0 + 3.141592653589793);
    QCOMPARE(m->normalized["components"][3]["parameters"]["crank_phase"].get<double>(), -3.0 - 3.141592653589793);
}

void TestParts::shippedLibrary()
{
    // labs/parts/: every part file documents its ports and parameters (unit, range, description)
    // and is used by a lab there (so the labs above compile and run it); every such lab is valid
    namespace fs = std::filesystem;
    const fs::path dir = DRIVELAB_SOURCE_DIR "/labs/parts";
    std::set<std::string> defined, used;
    for (const auto& e : fs::directory_iterator(dir)) {
        const std::string name = e.path().filename().string();
        if (name.ends_with(".part.json")) {
            const Json def = Json::parse(readAll(e.path().string()));
            const std::string part = name.substr(0, name.size() - std::string(".part.json").size());
            QCOMPARE(def["name"].get<std::string>(), part);
            QVERIFY2(def.contains("description"), name.c_str());
            for (const Json& port : def["ports"]) QVERIFY2(port.contains("description"), (name + " " + port.dump()).c_str());
            for (const Json& q : def["parameters"]) {
                for (const char* k : {"unit", "description", "min"}) QVERIFY2(q.contains(k), (name + " " + q["name"].get<std::string>() + " " + k).c_str());
            }
            defined.insert(part);
        } else if (name.ends_with(".lab.json")) {
            const auto m = loaded(e.path().string());
            for (const Json& r : m->normalized["parts"]) used.insert(r["name"].get<std::string>());
        }
    }
    QCOMPARE(defined.size(), std::size_t{5});
    for (const std::string& part : defined) QVERIFY2(used.count(part), part.c_str());
}

void TestParts::libraryFolders()
{
    // a lab away from its part files finds them in the part library folders (--parts-dir, the
    // editor's setting), after its own folder; the definitions are the same, so is the fingerprint
    namespace fs = std::filesystem;
    QTemporaryDir dir, other;
    const std::string shipped = DRIVELAB_SOURCE_DIR "/labs/parts/";
    const std::string lab = dir.filePath("launch.lab.json").toStdString();
    fs::copy_file(shipped + "differential-launch.lab.json", lab);
    const std::uint64_t want = loaded(shipped + "differential-launch.lab.json")->fingerprint;
    struct Reset {
        ~Reset() { setPartLibraryDirs({}); }
    } reset; // the folders are the process's: none for the other tests, whatever happens here
    const std::string missing = errorsOf(readAll(lab), dir.path().toStdString());
    QVERIFY2(missing.find("lab: axle: part: no part 'open_differential': the lab's parts do not define it and open_differential.part.json "
                          "beside the lab cannot be read") != std::string::npos,
             missing.c_str());
    setPartLibraryDirs({other.path().toStdString(), shipped});
    QCOMPARE(toHex16(loaded(lab)->fingerprint), toHex16(want));
    const std::string stillMissing = errorsOf(partsLab("[]", R"([{"id": "g", "part": "nowhere", "ports": {"a": "shaft"}}])"), dir.path().toStdString());
    QVERIFY2(stillMissing.find("; the part library folders (" + other.path().toStdString() + ", " + shipped + ") have no nowhere.part.json") !=
                 std::string::npos,
             stillMissing.c_str());
    // written elsewhere, the lab carries the library's definitions (sweep --variant's output)
    LoadedLab l = loadLab(lab);
    LabSpec moved = *l.spec;
    relocateLabFiles(moved, other.path().toStdString());
    QCOMPARE(moved.parts.size(), std::size_t{1});
    // a part file beside the lab comes first
    std::string own = readAll(shipped + "open_differential.part.json");
    own.replace(own.find("\"default\": 0.05"), 15, "\"default\": 0.06");
    std::ofstream(dir.filePath("open_differential.part.json").toStdString()) << own;
    QVERIFY(loaded(lab)->fingerprint != want);
}

void TestParts::fingerprintCoversPartFiles()
{
    QTemporaryDir dir;
    namespace fs = std::filesystem;
    for (const char* f : {"two-speed-parts.lab.json", "two_speed_planetary.part.json"})
        fs::copy_file(kDir + f, dir.filePath(f).toStdString());
    const std::string lab = dir.filePath("two-speed-parts.lab.json").toStdString();
    const std::string part = dir.filePath("two_speed_planetary.part.json").toStdString();
    const std::uint64_t before = loaded(lab)->fingerprint;
    const std::string text = readAll(part);
    const auto edit = [&](const std::string& from, const std::string& to) {
        std::string t = text;
        const auto at = t.find(from);
        if (at == std::string::npos) qFatal("no '%s' in the part file", from.c_str());
        t.replace(at, from.size(), to);
        std::ofstream(part, std::ios::trunc) << t;
        return loaded(lab)->fingerprint;
    };
    // a description is not part of the model; a range that changes no value still is the part's
    QCOMPARE(edit("\"description\": \"sun gear teeth\"", "\"description\": \"teeth on the sun\""), before);
    QVERIFY(edit("\"max\": 10000", "\"max\": 9000") != before);
    QVERIFY(edit("\"default\": 0.85", "\"default\": 0.8") != before);
    std::ofstream(part, std::ios::trunc) << text;
    QCOMPARE(loaded(lab)->fingerprint, before);
}

void TestParts::assetEmbedsParts()
{
    const auto m = loaded(kDir + "two-speed-parts.lab.json");
    AssetExport e = recordAsset(m);
    QVERIFY(e.asset);
    const std::string text = writeAsset(*e.asset);
    // read in a folder without the part files: the asset carries the definitions
    QTemporaryDir dir;
    const auto cwd = std::filesystem::current_path();
    std::filesystem::current_path(dir.path().toStdString());
    AssetReadResult r = readAsset(text);
    std::filesystem::current_path(cwd);
    for (const auto& d : r.diagnostics.items()) qWarning("%s", formatDiagnostic("asset", d).c_str());
    QVERIFY(r.asset);
    QVERIFY(r.asset->model.contains("parts"));
    QCOMPARE(r.asset->compiled->fingerprint, m->fingerprint);
    const AssetReplay rep = replayAsset(*r.asset);
    QVERIFY2(rep.ok, rep.message.c_str());
}

void TestParts::writerKeepsParts()
{
    const std::string path = kDir + "two-speed-parts.lab.json";
    LoadedLab l = loadLab(path);
    QVERIFY(l.spec);
    QCOMPARE(l.spec->instances.size(), std::size_t{2});
    // saved and read again: parts, instances and the expressions' text as typed
    const std::string saved = writeLab(*l.spec);
    QVERIFY(saved.find("\"version\": 2") != std::string::npos);
    QVERIFY(saved.find("\"corner_speed\": \"=2*200\"") != std::string::npos);
    LoadedLab again = loadLabText(saved, labBaseDir(path));
    QVERIFY(again.model);
    QCOMPARE(again.model->fingerprint, l.model->fingerprint);
    QCOMPARE(writeLab(*again.spec), saved);
    // a lab without parts is still written as version 1 (every lab from before keeps its bytes)
    LoadedLab plain = loadLab(DRIVELAB_SOURCE_DIR "/labs/two-speed-shift.lab.json");
    QVERIFY(writeLab(*plain.spec).find("\"version\": 1") != std::string::npos);
    // renaming a node the instances connect to renames their connection (spec/specedit.h)
    LabSpec renamed = *l.spec;
    QVERIFY(renameItem(renamed, "input", "shaft_in"));
    QCOMPARE(renamed.findInstance("box")->ports["sun"].get<std::string>(), std::string("shaft_in"));
    QVERIFY(compile(renamed).model);
    // a version-1 lab may not have parts
    std::string v1 = partsLab("[" + kBrakePart + "]", "[]");
    v1.replace(v1.find("\"version\": 2"), 12, "\"version\": 1");
    QVERIFY(errorsOf(v1, "").find("lab: -: parts: parts and instances need lab version 2") != std::string::npos);
}

void TestParts::relocatedLabInlinesPartFiles()
{
    // `sweep --variant K --output ELSEWHERE/lab.json` (and any lab written to another folder):
    // the part files are inlined, the fingerprint and the run stay
    const std::string path = kDir + "two-speed-parts.lab.json";
    LoadedLab l = loadLab(path);
    QVERIFY(l.model);
    QTemporaryDir dir;
    LabSpec moved = *l.spec;
    relocateLabFiles(moved, dir.path().toStdString());
    QCOMPARE(moved.parts.size(), std::size_t{2});
    const std::string out = dir.filePath("moved.lab.json").toStdString();
    std::ofstream(out) << writeLab(moved);
    const auto m = loaded(out);
    QCOMPARE(toHex16(m->fingerprint), toHex16(l.model->fingerprint));
    QCOMPARE(toHex16(runToEnd(m).hash), toHex16(runToEnd(l.model).hash));
}

void TestParts::refusals_data()
{
    QTest::addColumn<QString>("lab");
    QTest::addColumn<QString>("expected");
    const std::string brake = "[" + kBrakePart + "]";
    QTest::newRow("missing part file") << QString::fromStdString(partsLab("[]", R"([{"id": "g", "part": "nowhere", "ports": {"a": "shaft"}}])"))
                                       << "lab: g: part: no part 'nowhere': the lab's parts do not define it and nowhere.part.json beside the lab cannot be read";
    QTest::newRow("port domain mismatch") << QString::fromStdString(partsLab(brake, R"([{"id": "g", "part": "brake", "ports": {"a": "case"}}])"))
                                          << "lab: g: ports.a: port 'a' of part 'brake' is rotational, node 'case' is thermal";
    QTest::newRow("port not connected") << QString::fromStdString(partsLab(brake, R"([{"id": "g", "part": "brake"}])"))
                                        << "lab: g: ports.a: not connected";
    QTest::newRow("unknown port") << QString::fromStdString(partsLab(brake, R"([{"id": "g", "part": "brake", "ports": {"a": "shaft", "b": "shaft"}}])"))
                                  << "lab: g: ports.b: part 'brake' has no port 'b' (its ports: a)";
    QTest::newRow("unknown parameter") << QString::fromStdString(partsLab(brake, R"([{"id": "g", "part": "brake", "ports": {"a": "shaft"}, "parameters": {"cc": 1}}])"))
                                       << "lab: g: parameters.cc: part 'brake' has no parameter 'cc' (its parameters: c)";
    QTest::newRow("parameter out of range") << QString::fromStdString(partsLab(brake, R"([{"id": "g", "part": "brake", "ports": {"a": "shaft"}, "parameters": {"c": 101}}])"))
                                            << "lab: g: parameters.c: must be in [0, 100] (got 101)";
    const std::string cycle = R"([{"name": "a", "ports": [{"name": "p", "domain": "rotational"}], "instances": [{"id": "x", "part": "b", "ports": {"p": "p"}}]},
                                  {"name": "b", "ports": [{"name": "p", "domain": "rotational"}], "instances": [{"id": "y", "part": "a", "ports": {"p": "p"}}]}])";
    QTest::newRow("cycle") << QString::fromStdString(partsLab(cycle, R"([{"id": "top", "part": "a", "ports": {"p": "shaft"}}])"))
                           << "lab: top/x/y: part: part 'a' contains itself: a -> b -> a";
    QTest::newRow("expression error names the path")
        << QString::fromStdString(partsLab(R"([{"name": "gb", "ports": [{"name": "a", "domain": "rotational"}], "parameters": [{"name": "final_drive", "default": 3}],
              "nodes": [{"id": "out", "domain": "rotational", "inertia": 1, "initial_speed": 0}],
              "components": [{"id": "p1", "type": "gear", "node_a": "a", "node_b": "out", "parameters": {"ratio": "=final_drive*"}}]}])",
                                           R"([{"id": "gearbox", "part": "gb", "ports": {"a": "shaft"}}])"))
        << "lab: gearbox/p1: gear.ratio: \"=final_drive*\": Unexpected end of expression";
    QTest::newRow("a component inside an instance names its path")
        << QString::fromStdString(partsLab(R"([{"name": "bad", "ports": [{"name": "a", "domain": "rotational"}], "components": [{"id": "d", "type": "damper", "node_a": "a", "parameters": {"damping": -1}}]}])",
                                           R"([{"id": "outer", "part": "bad", "ports": {"a": "shaft"}}])"))
        << "lab: outer/d: damper.damping: must be in [0, 1e+09]";
}

void TestParts::refusals()
{
    QFETCH(QString, lab);
    QFETCH(QString, expected);
    QTemporaryDir dir; // no part files here
    const std::string errors = errorsOf(lab.toStdString(), dir.path().toStdString());
    QVERIFY2(errors.find(expected.toStdString()) != std::string::npos, errors.c_str());
}

void TestParts::sweepOverPartParameter()
{
    // the instance parameter box.brake_capacity swept = the flattened field swept
    Diagnostics d;
    study::Study st;
    const Json sweep = Json{{"format", "drivelab.sweep"}, {"version", 1}, {"lab", "two-speed-parts.lab.json"},
                            {"factors", Json::array({Json{{"path", "box.brake_capacity"}, {"values", Json::array({900.0, 200.0})}}})},
                            {"metrics", Json::array({Json{{"name", "w_end"}, {"reduce", "final"}, {"observable", "wheels.speed"}}})}};
    const bool ok = study::prepareStudyJson(sweep, kDir, st, d);
    for (const auto& x : d.items()) qWarning("%s", formatDiagnostic("sweep", x).c_str());
    QVERIFY(ok);
    const std::vector<study::Row> rows = study::runVariants(st, {0, 1}, study::EngineOptions{});
    QCOMPARE(rows.size(), std::size_t{2});
    LoadedLab flat = loadLab(kDir + "two-speed-flat.lab.json");
    for (const study::Row& r : rows) {
        QVERIFY2(r.error.empty(), r.error.c_str());
        LabSpec f = *flat.spec;
        std::string why;
        QVERIFY2(setLabValue(f, "box/ring_brake.inputs.capacity", r.factors[0], why), why.c_str());
        const CompileResult c = compile(f);
        QVERIFY(c.model);
        QCOMPARE(toHex16(r.finalHash), toHex16(runToEnd(c.model).hash));
    }
    QVERIFY(rows[0].finalHash != rows[1].finalHash);
    // the value path reads the instance's parameter
    double v = 0.0;
    std::string why;
    QVERIFY(getLabValue(st.base, "box.brake_capacity", v, why));
    QCOMPARE(v, 900.0);
}

void TestParts::renamingAPartParameter()
{
    // brake2 (c, cc) inside pair (c) and beside it: renaming brake2's c must rewrite brake2's
    // expressions and the keys of brake2's instances (pair's b, the lab's h) but not pair's own c
    // (g's key, b's value "=c"); renaming pair's c then rewrites b's value and g's key. The
    // flattened network and the run stay bit for bit; the fingerprint's parts record changes.
    QCOMPARE(renameInExpression("=c+cc*c2-1e5*c/(c)", "c", "x"), std::string("=x+cc*c2-1e5*x/(x)"));
    QCOMPARE(renameInExpression("=e5*2e5", "e5", "k"), std::string("=k*2e5"));
    const std::string text = partsLab(
        R"([{"name": "brake2", "ports": [{"name": "a", "domain": "rotational"}],
             "parameters": [{"name": "c", "unit": "N m s/rad", "default": 2}, {"name": "cc", "unit": "-", "default": 1}],
             "components": [{"id": "d", "type": "damper", "node_a": "a", "parameters": {"damping": "=c*cc"}},
                            {"id": "d2", "type": "damper", "node_a": "a", "parameters": {"damping": "=c"}}]},
            {"name": "pair", "ports": [{"name": "a", "domain": "rotational"}], "parameters": [{"name": "c", "unit": "N m s/rad", "default": 1}],
             "instances": [{"id": "b", "part": "brake2", "ports": {"a": "a"}, "parameters": {"c": "=c", "cc": 3}}]}])",
        R"([{"id": "g", "part": "pair", "ports": {"a": "shaft"}, "parameters": {"c": 4}},
            {"id": "h", "part": "brake2", "ports": {"a": "shaft"}, "parameters": {"c": 5}}])");
    LoadedLab l = loadLabText(text);
    QVERIFY(l.model);
    const auto flat = [](const Model& m) {
        Json j = m.normalized;
        j.erase("parts");
        return canonicalJson(j);
    };
    LabSpec lab = *l.spec;
    std::string why;
    QVERIFY2(renameInlinePartParameter(lab, "brake2", "c", "damping", why), why.c_str());
    const std::string saved = writeLab(lab);
    QVERIFY(saved.find("\"=damping*cc\"") != std::string::npos && saved.find("\"damping\": \"=damping\"") != std::string::npos);
    QCOMPARE(lab.findInstance("h")->parameters.dump(), std::string(R"({"damping":5})"));
    QCOMPARE(lab.findInstance("g")->parameters.dump(), std::string(R"({"c":4})"));
    QCOMPARE(lab.parts[1]["instances"][0]["parameters"].dump(), std::string(R"({"damping":"=c","cc":3})"));
    QVERIFY2(renameInlinePartParameter(lab, "pair", "c", "k", why), why.c_str());
    QCOMPARE(lab.parts[1]["instances"][0]["parameters"].dump(), std::string(R"({"damping":"=k","cc":3})"));
    QCOMPARE(lab.findInstance("g")->parameters.dump(), std::string(R"({"k":4})"));
    const CompileResult c = compile(lab);
    QVERIFY(c.model);
    QCOMPARE(flat(*c.model), flat(*l.model));
    QVERIFY(c.model->fingerprint != l.model->fingerprint);
    QCOMPARE(toHex16(runToEnd(c.model).hash), toHex16(runToEnd(l.model).hash));
    // refused, nothing changed
    const std::string before = writeLab(lab);
    QVERIFY(!renameInlinePartParameter(lab, "brake2", "damping", "cc", why));
    QCOMPARE(why, std::string("the part already has a parameter 'cc'"));
    QVERIFY(!renameInlinePartParameter(lab, "brake2", "damping", "2x", why));
    QVERIFY(why.find("'2x' is not a parameter name") != std::string::npos);
    QVERIFY(!renameInlinePartParameter(lab, "brake2", "zz", "y", why));
    QCOMPARE(why, std::string("the part has no parameter 'zz'"));
    QVERIFY(!renameInlinePartParameter(lab, "nothing", "c", "y", why));
    QCOMPARE(writeLab(lab), before);
    // renamed in the definition only (a part file edited by hand): the instance's stale name is
    // refused, naming it
    LabSpec stale = *l.spec;
    QVERIFY(renamePartParameter(stale.parts[0], "c", "damping", why));
    const std::string errors = errorsOf(writeLab(stale), "");
    QVERIFY2(errors.find("lab: h: parameters.c: part 'brake2' has no parameter 'c' (its parameters: damping, cc)") != std::string::npos,
             errors.c_str());
}

void TestParts::causalityNamesPaths()
{
    LoadedLab l = loadLab(kDir + "two-speed-parts.lab.json");
    QVERIFY(l.spec);
    const CausalityReport r = analyzeCausality(*l.spec);
    const std::string text = causalityText(r);
    QVERIFY2(text.find("box/gearset") != std::string::npos, text.c_str());
    QVERIFY2(text.find("drive/motor") != std::string::npos, text.c_str());
}

QTEST_GUILESS_MAIN(TestParts)
#include "tst_parts.moc"
