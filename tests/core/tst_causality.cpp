// Bond-graph causality analysis (docs/CAUSALITY.md): the cases of issue 8, the seed's
// stroke-placement table, every lab in labs/, and the `causality` command line.
#include "clitestutil.h"
#include "testutil.h"

#include <QProcess>
#include <QTemporaryDir>

#include "analysis/causality.h"
#include "compile/compiler.h"
#include "spec/labreader.h"
#include "components/registry.h"

using namespace drivelab;
using namespace drivelab::test;

namespace {

const std::string kRun = runSettings(100000, 10000000, 10);

// an orifice, accumulator, ... as lab JSON text
std::string orifice(const std::string& id, const std::string& a, const std::string& b, double g = 1e-10)
{
    return R"({"id": ")" + id + R"(", "type": "orifice", "node_a": ")" + a + R"(", "node_b": ")" + b +
           R"(", "parameters": {"conductance": )" + formatDouble(g) + "}}";
}

std::string accumulator(const std::string& id, const std::string& node)
{
    return R"({"id": ")" + id + R"(", "type": "accumulator", "node_a": ")" + node +
           R"(", "parameters": {"gas_volume": 1e-3, "precharge_pressure": 2e6, "polytropic_index": 1.4, "initial_pressure": 3e6}})";
}

// the elements listed under `id`, or nullptr
const CausalityElement* element(const CausalityReport& r, const std::string& id)
{
    for (const auto& e : r.elements) {
        if (e.id == id) return &e;
    }
    return nullptr;
}

// the bond between two elements (either direction), or nullptr
const CausalityBond* bond(const CausalityReport& r, const std::string& a, const std::string& b)
{
    for (const auto& x : r.bonds) {
        if ((x.from == a && x.to == b) || (x.from == b && x.to == a)) return &x;
    }
    return nullptr;
}

std::string causalityOf(const CausalityReport& r, const std::string& id)
{
    const CausalityElement* e = element(r, id);
    return e ? e->causality : "(missing)";
}

using Strings = std::vector<std::string>;

} // namespace

/// Analyse lab text from the spec; when it compiles, the model path (initial clutch mode)
/// must give the very same report.
#define DL_ANALYSE(var_, text_, compiles_)                                                                                                 \
    CausalityReport var_;                                                                                                                  \
    do {                                                                                                                                   \
        const LabReadResult read_ = readLab(text_);                                                                                        \
        QVERIFY2(read_.lab.has_value(), qPrintable(describe(read_.diagnostics)));                                                          \
        var_ = analyzeCausality(*read_.lab);                                                                                               \
        const CompileResult compiled_ = compile(*read_.lab);                                                                               \
        QCOMPARE(compiled_.model != nullptr, (compiles_));                                                                                 \
        if (compiled_.model) {                                                                                                             \
            const CausalityReport m_ = analyzeCausality(*compiled_.model, initialLockMask(*compiled_.model));                              \
            QCOMPARE(QString::fromStdString(prettyJson(causalityJson(m_))), QString::fromStdString(prettyJson(causalityJson(var_))));      \
        }                                                                                                                                  \
    } while (0)

class TestCausality : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void twoAccumulatorsOnOneJunction();
    void accumulatorBehindLineResistance();
    void pressureSourceOnVolumeNode();
    void orificesInSeriesAlgebraicLoop();
    void gearedInertiasConstrainedGroup();
    void cylinderDrivenByPumpWithRelief();
    void strokePlacementTable();
    void everyLabConsistent_data();
    void everyLabConsistent();
    void cliExitCodesAndJson();
    void cliText();

private:
    QTemporaryDir m_dir;
    using Result = drivelab::test::CliResult;
    Result cli(const QStringList& args);
    QString write(const QString& name, const std::string& text);
};

void TestCausality::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QFileInfo(QStringLiteral(DRIVELAB_CLI)).isExecutable());
}

// Two accumulators straight on one pure junction: two ideal pressure-setting storages on one
// 0-junction. acc1 takes integral causality, acc2 is left in derivative causality: a conflict
// naming both and the junction, with the remedy of the seed and no hidden leakage.
//   tank --supply-- [line: acc1, acc2]
void TestCausality::twoAccumulatorsOnOneJunction()
{
    const std::string text =
        lab(kRun, "[" + reservoir("tank", 1e5) + "," + junction("line") + "]",
            "[" + orifice("supply", "tank", "line") + "," + accumulator("acc1", "line") + "," + accumulator("acc2", "line") + "]");
    DL_ANALYSE(r, text, true); // the compiler accepts it: the analysis is what catches it
    QVERIFY(!r.consistent);
    QCOMPARE(r.conflicts.size(), std::size_t(1));
    const CausalityConflict& c = r.conflicts.front();
    QCOMPARE(c.elements, (Strings{"acc1", "acc2"}));
    QCOMPARE(c.junction, std::string("line"));
    QCOMPARE(c.junctionElement, std::string("j0_line"));
    QVERIFY2(c.message.find("connect one through a line resistance where the physics has one, or merge the volumes") != std::string::npos,
             c.message.c_str());
    QVERIFY(c.message.find("leak") == std::string::npos);
    QCOMPARE(causalityOf(r, "acc1"), std::string("integral"));
    QCOMPARE(causalityOf(r, "acc2"), std::string("derivative"));
    // acc1's bond reads as LAB_FORMAT section 5's example
    const Json j = causalityJson(r);
    QVERIFY(std::find(j["bonds"].begin(), j["bonds"].end(),
                      Json::parse(R"({"from": "acc1", "to": "j0_line", "stroke_at": "j0_line", "effort_from": "acc1"})")) !=
            j["bonds"].end());
}

// The same with acc2 behind its own line resistance: each 0-junction has one storage, both in
// integral causality; the line takes conductance causality (pressure drop in, flow out).
//   tank --supply-- [line: acc1] --line_r-- [port2: acc2]
void TestCausality::accumulatorBehindLineResistance()
{
    const std::string text = lab(kRun, "[" + reservoir("tank", 1e5) + "," + junction("line") + "," + junction("port2") + "]",
                                 "[" + orifice("supply", "tank", "line") + "," + accumulator("acc1", "line") + "," +
                                     orifice("line_r", "line", "port2") + "," + accumulator("acc2", "port2") + "]");
    DL_ANALYSE(r, text, true);
    QVERIFY(r.consistent);
    QVERIFY(r.conflicts.empty());
    QCOMPARE(causalityOf(r, "acc1"), std::string("integral"));
    QCOMPARE(causalityOf(r, "acc2"), std::string("integral"));
    QCOMPARE(causalityOf(r, "line_r"), std::string("conductance"));
    QVERIFY(r.loops.empty());
}

// An ideal pressure source on a node with its own volume. The compiler refuses the lab; the
// analysis of the spec still reports the conflict, naming the source, the volume's node and
// the junction.
void TestCausality::pressureSourceOnVolumeNode()
{
    const std::string text = lab(kRun, "[" + volumeNode("v", 1e-3, 1.5e9, 1e5) + "," + reservoir("tank", 1e5) + "]",
                                 R"([{"id": "ps", "type": "pressure_source", "node_a": "v", "inputs": {"pressure": 2e6}},)" +
                                     orifice("drain", "v", "tank") + "]");
    DL_ANALYSE(r, text, false);
    QVERIFY(!r.consistent);
    QCOMPARE(r.conflicts.size(), std::size_t(1));
    QCOMPARE(r.conflicts.front().elements, (Strings{"ps", "v"}));
    QCOMPARE(r.conflicts.front().junction, std::string("v"));
    QVERIFY(r.conflicts.front().message.find("ideal pressure source on a compliant node") != std::string::npos);
    QCOMPARE(causalityOf(r, "v"), std::string("derivative"));
}

// Two orifices in series through a pure junction between two reservoirs: no storage decides
// either resistor; the first is chosen, the second follows, and the pair is an algebraic loop
// (mid's pressure and the common flow are solved jointly). Consistent, not a conflict.
//   t1 --o1-- [mid] --o2-- t2
void TestCausality::orificesInSeriesAlgebraicLoop()
{
    const std::string text = lab(kRun, "[" + reservoir("t1", 3e6) + "," + junction("mid") + "," + reservoir("t2", 1e5) + "]",
                                 "[" + orifice("o1", "t1", "mid") + "," + orifice("o2", "mid", "t2") + "]");
    DL_ANALYSE(r, text, true);
    QVERIFY(r.consistent);
    QCOMPARE(r.loops.size(), std::size_t(1));
    QCOMPARE(r.loops.front().members, (Strings{"o1", "o2"}));
    QCOMPARE(r.loops.front().path, (Strings{"o1", "mid", "o2", "o1"}));
    // one takes resistance causality, the other conductance
    QCOMPARE(causalityOf(r, "o1"), std::string("resistance"));
    QCOMPARE(causalityOf(r, "o2"), std::string("conductance"));
}

// Two inertias joined by an ideal gear (w_a = 2 w_b): one inertia is independent, the other
// dependent (derivative causality through the rigid TF): one constrained group, no conflict.
void TestCausality::gearedInertiasConstrainedGroup()
{
    const std::string text = lab(
        kRun, "[" + rot("a", 0.5, 10) + "," + rot("b", 2.0, 5) + "]",
        R"([{"id": "drive", "type": "torque_step", "node_a": "a", "parameters": {"step_torque": 5, "offset_torque": 0, "start_time": 0}},
                                     {"id": "g", "type": "gear", "node_a": "a", "node_b": "b", "parameters": {"ratio": 2}}])");
    DL_ANALYSE(r, text, true);
    QVERIFY(r.consistent);
    QVERIFY(r.conflicts.empty());
    QCOMPARE(r.groups.size(), std::size_t(1));
    QCOMPARE(r.groups.front().nodes, (Strings{"a", "b"}));
    QCOMPARE(r.groups.front().components, (Strings{"g"}));
    QCOMPARE(r.groups.front().independent, 1);
    QVERIFY(!r.groups.front().held && !r.groups.front().redundant);
    QCOMPARE(causalityOf(r, "a"), std::string("integral"));
    QCOMPARE(causalityOf(r, "b"), std::string("derivative"));
    const Json j = causalityJson(r);
    QCOMPARE(j["constrained_groups"], Json::parse(R"([["a", "b", "g"]])"));
}

// A cylinder driven by a pump (with a delivery table) through a pure junction with a relief
// orifice to the tank: the pump takes the shaft's speed and imposes its flow, the rod's mass
// imposes the cylinder's flow, and the relief sets the line pressure (resistance causality).
// Without the relief the pure junction would tie the rod's speed to the pump rigidly: the
// mass would be left in derivative causality (a conflict naming the junction to give a volume).
//   drive -> [shaft] --pump--> [line] --relief--> tank;  line --cyl(A)--> [rod] --spring-- ground
void TestCausality::cylinderDrivenByPumpWithRelief()
{
    const std::string nodes =
        "[" + rot("shaft", 0.05, 100) + "," + reservoir("tank", 1e5) + "," + junction("line") + "," + mass("rod", 10, 0) + "]";
    const std::string common =
        R"({"id": "drive", "type": "torque_step", "node_a": "shaft", "parameters": {"step_torque": 0, "offset_torque": 5, "start_time": 0}},
        {"id": "pump", "type": "pump", "node_a": "shaft", "node_b": "tank", "node_c": "line", "parameters": {"displacement": 1e-6,
         "delivery_table": [{"pressure_rise": 0, "efficiency": 1}, {"pressure_rise": 2e7, "efficiency": 0.95}, {"pressure_rise": 2.5e7, "efficiency": 0}]}},
        {"id": "cyl", "type": "hydraulic_cylinder", "node_a": "line", "node_b": "tank", "node_c": "rod", "parameters": {"area_a": 1e-3, "area_b": 5e-4}},
        {"id": "load", "type": "translational_spring", "node_a": "rod", "node_b": "ground", "parameters": {"stiffness": 1e4}})";
    DL_ANALYSE(r, lab(kRun, nodes, "[" + common + "," + orifice("relief", "line", "tank", 1e-9) + "]"), true);
    QVERIFY(r.consistent);
    QVERIFY(r.conflicts.empty());
    QCOMPARE(causalityOf(r, "shaft"), std::string("integral"));
    QCOMPARE(causalityOf(r, "rod"), std::string("integral"));
    QCOMPARE(causalityOf(r, "relief"), std::string("resistance"));
    // without leakage the pump is its displacement TF; it takes the shaft speed (effort in
    // on the fluid side, port b), so the torque on the shaft bond comes from it
    QCOMPARE(element(r, "pump")->kind, std::string("TF"));
    QCOMPARE(causalityOf(r, "pump"), std::string("effort b->a"));
    QCOMPARE(bond(r, "j1_shaft", "pump")->effortFrom, std::string("pump"));
    QCOMPARE(element(r, "cyl")->expandsTo, (Strings{"cyl.a", "cyl.b"}));

    DL_ANALYSE(locked, lab(kRun, nodes, "[" + common + "]"), true);
    QVERIFY(!locked.consistent);
    QCOMPARE(causalityOf(locked, "rod"), std::string("derivative"));
    QCOMPARE(locked.conflicts.front().elements, (Strings{"pump", "line", "cyl", "rod"}));
    QVERIFY(locked.conflicts.front().message.find("pure junction 'line'") != std::string::npos);
}

// The seed's table, element by element (the stroke sits at the end that receives the effort):
//   Se: at the far end;  Sf: at the Sf;  C: at the far end;  I: at the inertia;
//   R: whichever end the rest decides;  0: exactly one stroke at the junction;
//   1: exactly one bond without a stroke at the junction.
// The half-arrow is independent: C and I bonds both point into their junction, yet the C's
// stroke is at the junction (the head) and the I's at the inertia (the tail).
//   tank(Se) --fs(Sf)--> [vol(C)] --drain(R)--> tank;  step(Se) -> [shaft(I)] --friction(R)
void TestCausality::strokePlacementTable()
{
    const std::string text = lab(
        kRun, "[" + reservoir("tank", 1e5) + "," + volumeNode("vol", 1e-3, 1.5e9, 1e5) + "," + rot("shaft", 0.2, 0) + "]",
        R"([{"id": "fs", "type": "flow_source", "node_a": "tank", "node_b": "vol", "inputs": {"flow": 1e-4}},)" +
            orifice("drain", "vol", "tank") +
            R"(, {"id": "step", "type": "torque_step", "node_a": "shaft", "parameters": {"step_torque": 1, "offset_torque": 0, "start_time": 0}},
                    {"id": "friction", "type": "damper", "node_a": "shaft", "parameters": {"damping": 0.1}}])");
    DL_ANALYSE(r, text, true);
    QVERIFY(r.consistent);
    const auto stroke = [&](const std::string& a, const std::string& b) {
        const CausalityBond* x = bond(r, a, b);
        return x ? x->strokeAt : std::string("(no bond)");
    };
    QCOMPARE(stroke("tank", "j0_tank"), std::string("j0_tank"));       // Se
    QCOMPARE(stroke("step", "j1_shaft"), std::string("j1_shaft"));     // Se (mechanical)
    QCOMPARE(stroke("fs", "j1_fs"), std::string("fs"));                // Sf
    QCOMPARE(stroke("j0_vol", "vol"), std::string("j0_vol"));          // C, integral
    QCOMPARE(stroke("j1_shaft", "shaft"), std::string("shaft"));       // I, integral
    QCOMPARE(stroke("j1_drain", "drain"), std::string("drain"));       // R between C and Se: pressure drop in (conductance)
    QCOMPARE(stroke("j1_shaft", "friction"), std::string("j1_shaft")); // R on an inertia: speed in (resistance)
    QCOMPARE(causalityOf(r, "drain"), std::string("conductance"));
    QCOMPARE(causalityOf(r, "friction"), std::string("resistance"));
    // the half-arrows of the C and the I both point into their junction (section 5's example)
    QCOMPARE(bond(r, "j0_vol", "vol")->from, std::string("vol"));
    QCOMPARE(bond(r, "j1_shaft", "shaft")->from, std::string("shaft"));
    // junction rules, over every junction of the graph
    int zeros = 0, ones = 0;
    for (const auto& e : r.elements) {
        if (e.kind != "0" && e.kind != "1") continue;
        int bonds = 0, strokesHere = 0;
        for (const auto& b : r.bonds) {
            if (b.from != e.id && b.to != e.id) continue;
            ++bonds;
            strokesHere += b.strokeAt == e.id ? 1 : 0;
        }
        if (e.kind == "0") {
            QVERIFY2(strokesHere == 1, e.id.c_str());
            ++zeros;
        } else {
            QVERIFY2(bonds - strokesHere == 1, e.id.c_str());
            ++ones;
        }
    }
    QCOMPARE(zeros, 2); // j0_tank, j0_vol
    QCOMPARE(ones, 3);  // j1_shaft, j1_fs, j1_drain
}

void TestCausality::everyLabConsistent_data()
{
    QTest::addColumn<QString>("path");
    const QDir labs(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs"));
    for (const QString& f : labs.entryList({"*.lab.json"})) QTest::newRow(qPrintable(f)) << labs.filePath(f);
}

// Every lab is consistent in its initial mode, the spec and model paths agree, and it stays
// consistent in every clutch mode (docs/CAUSALITY.md: a lock or release only changes the
// constrained groups).
void TestCausality::everyLabConsistent()
{
    QFETCH(QString, path);
    const LoadedLab loaded = loadLab(path.toStdString());
    QVERIFY2(loaded.model && loaded.spec, qPrintable(describe(loaded.diagnostics)));
    const CausalityReport r = analyzeCausality(*loaded.model, initialLockMask(*loaded.model));
    QVERIFY2(r.consistent, r.conflicts.empty() ? "" : r.conflicts.front().message.c_str());
    QVERIFY(r.notes.empty());
    QCOMPARE(prettyJson(causalityJson(analyzeCausality(*loaded.spec))), prettyJson(causalityJson(r)));
    const std::size_t clutches = loaded.model->params->of<Clutch>().size();
    for (std::uint64_t mask = 0; mask < (1ull << clutches); ++mask) {
        const CausalityReport m = analyzeCausality(*loaded.model, mask);
        QVERIFY2(m.consistent,
                 qPrintable(
                     QString("mode %1: %2").arg(mask).arg(QString::fromStdString(m.conflicts.empty() ? "" : m.conflicts.front().message))));
        QCOMPARE(m.lockedClutches.size(), static_cast<std::size_t>(std::popcount(mask)));
    }
}

TestCausality::Result TestCausality::cli(const QStringList& args)
{
    return drivelab::test::runCli(QStringLiteral(DRIVELAB_CLI), args, 60000);
}

QString TestCausality::write(const QString& name, const std::string& text) { return drivelab::test::writeTestFile(m_dir, name, text); }

// exit 0 consistent, 2 conflict (also for a lab the compiler refuses), 2 for bad input;
// the JSON has the section 5 shape
void TestCausality::cliExitCodesAndJson()
{
    const QString lockup = QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/hydraulic-lockup.lab.json");
    Result r = cli({"causality", lockup, "--json"});
    QCOMPARE(r.exit, 0);
    const Json ok = Json::parse(r.out.toStdString());
    QCOMPARE(ok["consistent"], Json(true));
    for (const char* key : {"bonds", "elements", "algebraic_loops", "conflicts", "constrained_groups"}) QVERIFY2(ok[key].is_array(), key);
    QVERIFY(!ok["bonds"].empty());
    for (const auto& b : ok["bonds"]) {
        for (const char* key : {"from", "to", "stroke_at", "effort_from"}) QVERIFY2(b[key].is_string(), key);
        QVERIFY(b["stroke_at"] != b["effort_from"]);
        QVERIFY(b["stroke_at"] == b["from"] || b["stroke_at"] == b["to"]);
    }
    for (const auto& e : ok["elements"]) {
        for (const char* key : {"id", "kind", "causality"}) QVERIFY2(e[key].is_string(), key);
    }
    QVERIFY(ok["conflicts"].empty());

    const QString twoAcc = write("two-acc.lab.json", lab(kRun, "[" + reservoir("tank", 1e5) + "," + junction("line") + "]",
                                                         "[" + orifice("supply", "tank", "line") + "," + accumulator("acc1", "line") + "," +
                                                             accumulator("acc2", "line") + "]"));
    r = cli({"causality", twoAcc, "--json"});
    QCOMPARE(r.exit, 2);
    const Json bad = Json::parse(r.out.toStdString());
    QCOMPARE(bad["consistent"], Json(false));
    QCOMPARE(bad["conflicts"][0]["elements"], Json::parse(R"(["acc1", "acc2"])"));
    QCOMPARE(bad["conflicts"][0]["junction"], Json("line"));
    QVERIFY(bad["conflicts"][0]["message"].is_string());

    // refused by the compiler (a pressure source on a volume), still analysed: the conflict is reported
    const QString psOnVolume = write("ps-volume.lab.json", lab(kRun, "[" + volumeNode("v", 1e-3, 1.5e9, 1e5) + "]",
                                                               R"([{"id": "ps", "type": "pressure_source", "node_a": "v"}])"));
    r = cli({"causality", psOnVolume, "--json"});
    QCOMPARE(r.exit, 2);
    const Json refused = Json::parse(r.out.toStdString());
    QCOMPARE(refused["lab_valid"], Json(false));
    QCOMPARE(refused["conflicts"][0]["elements"], Json::parse(R"(["ps", "v"])"));
    QVERIFY(!refused["diagnostics"].empty());

    QCOMPARE(cli({"causality"}).exit, 2);
    QCOMPARE(cli({"causality", lockup, "--bogus"}).exit, 2);
    r = cli({"causality", m_dir.filePath("missing.lab.json")});
    QCOMPARE(r.exit, 2);
    QVERIFY(r.err.contains("missing.lab.json: -: -:"));
    QVERIFY(r.out.isEmpty());
}

// text: the stroke end of every bond, groups, loops as paths, conflicts also on stderr
void TestCausality::cliText()
{
    Result r = cli({"causality", QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/hydraulic-lockup.lab.json")});
    QCOMPARE(r.exit, 0);
    QVERIFY(r.out.contains("causality: consistent"));
    QVERIFY(r.out.contains(QRegularExpression(R"(\n  engine\s+\|---> j1_engine\s+stroke at engine, effort from j1_engine\n)")));
    QVERIFY(r.out.contains(QRegularExpression(R"(sump\s+--->\| j0_sump\s+stroke at j0_sump, effort from sump)")));
    QVERIFY(r.out.contains("turbine, wheels via final_drive (1 independent)"));
    QVERIFY(r.err.isEmpty());

    const QString series =
        write("series.lab.json", lab(kRun, "[" + reservoir("t1", 3e6) + "," + junction("mid") + "," + reservoir("t2", 1e5) + "]",
                                     "[" + orifice("o1", "t1", "mid") + "," + orifice("o2", "mid", "t2") + "]"));
    r = cli({"causality", series});
    QCOMPARE(r.exit, 0);
    QVERIFY(r.out.contains("algebraic loops (solved jointly):\n  o1 -> mid -> o2 -> o1\n"));

    const QString twoAcc = write("two-acc-text.lab.json", lab(kRun, "[" + reservoir("tank", 1e5) + "," + junction("line") + "]",
                                                              "[" + orifice("supply", "tank", "line") + "," + accumulator("acc1", "line") +
                                                                  "," + accumulator("acc2", "line") + "]"));
    r = cli({"causality", twoAcc});
    QCOMPARE(r.exit, 2);
    QVERIFY(r.out.contains("at 'line' [acc1, acc2]: "));
    QVERIFY(r.err.contains(twoAcc + ": acc2: causality: "));
}

QTEST_GUILESS_MAIN(TestCausality)
#include "tst_causality.moc"
