// Extreme but finite input (issue 13, "Crashes on extreme but finite input"): a mutation
// corpus of the shipped labs. Every numeric field of every lab in labs/ (node fields,
// component parameters and table cells, inputs, event values and times, run settings) is set
// in turn to each value at the edge of the double range:
//
//   lab in labs/ --(field := extreme)--> mutant, run shortened to 3 ticks
//                                        (an event whose value is mutated fires at tick 1)
//        |
//        +-- check      exit 0 (valid) or 2 (a diagnostic naming the field)
//        +-- causality  on every mutant the reader accepts (it analyses invalid labs too)
//        +-- run        on every valid mutant: exit 0 (a report with finite numbers only)
//        |              or 3 (a solver failure naming the tick and a component)
//        +-- export     on every valid mutant: an asset that reads back and verifies, or a
//                       solver failure; never a signal, never an exception escaping
//
// `mutantsInProcess` runs the commands' core calls for every mutant, each mutant in a forked
// child so that a crash is caught and named (a signal, or an exception such as nlohmann's
// "non-finite number cannot be written as JSON"); `mutantsThroughCli` runs drivelab-cli itself on
// a sample (one extreme per field, rotating through the list) and checks exit codes, JSON
// output and reports. `rangesAreDocumented` keeps the range table of docs/FORMATS.md equal to
// the descriptors. The ranges themselves are in core/spec/ranges.h and the descriptors.
#include "clitestutil.h"
#include "testutil.h"
#include "components/hydraulic/oil.h"

#include <QDir>
#include <QElapsedTimer>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTemporaryDir>

#include <algorithm>
#include <set>

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <functional>

#include "../fuzz/harness.h"
#include "analysis/causality.h"
#include "components/registry.h"
#include "io/asset.h"
#include "spec/labreader.h"
#include "util/jsonwrite.h"

using namespace drivelab;
using namespace drivelab::test;

class TestExtremes : public QObject {
    Q_OBJECT
private slots:
    void mutantsInProcess();
    void mutantsThroughCli();
    void assetMutants();
    void rangesAreDocumented();
};

namespace {

// the values at the edge of the double range, as a lab file would spell them
const char* const kExtremes[] = {
    "5e-324", // the smallest subnormal
    "-5e-324",
    "1e-308", // below the smallest normal
    "-1e-308",
    "1e-154", // its square underflows
    "1e154",  // its square overflows
    "1e308",
    "-1e308",
    "1.7976931348623157e308", // the largest double
    "-1.7976931348623157e308",
    "9007199254740992",     // 2^53
    "9223372036854775807",  // 2^63 - 1 (an int64 reads it)
    "9223372036854775808",  // 2^63 (only an unsigned reads it)
    "-9223372036854775808", // -2^63
    "18446744073709551615", // 2^64 - 1
    "18446744073709551616", // 2^64 (a double)
};
constexpr int kExtremeCount = static_cast<int>(std::size(kExtremes));
constexpr std::int64_t kTicks = 3; // mutants run this many ticks
const char* const kMarker = "@@extreme@@";

// one numeric field of a lab, as a JSON pointer and a readable path
struct Field {
    Json::json_pointer pointer;
    std::string path; // "components[3].parameters.bore"
};

void numericFields(const Json& v, const Json::json_pointer& at, const std::string& path, std::vector<Field>& out)
{
    if (v.is_number()) {
        out.push_back({at, path});
    } else if (v.is_object()) {
        for (auto it = v.begin(); it != v.end(); ++it) {
            if (at.empty() && (it.key() == "format" || it.key() == "version" || it.key() == "layout" || it.key() == "description"))
                continue;
            numericFields(it.value(), at / it.key(), path.empty() ? it.key() : path + "." + it.key(), out);
        }
    } else if (v.is_array()) {
        for (std::size_t i = 0; i < v.size(); ++i) numericFields(v[i], at / i, path + "[" + std::to_string(i) + "]", out);
    }
}

struct Lab {
    QString file;
    Json doc;
    std::vector<Field> fields;
};

// Every shipped lab with its numeric fields, in file-name order. A component written exactly as
// in an earlier lab (the same JSON: a family of labs sharing one car, one converter map) has its
// fields mutated in that earlier lab only: its mutants would run the same parser, checks and
// component code again, and the family (labs/car-*.lab.json: five labs of ~300 numbers, most of
// them one engine, converter and gearbox) would otherwise multiply the test's time.
std::vector<Lab> shippedLabs()
{
    std::vector<Lab> labs;
    std::set<std::string> seen; // components of earlier labs, as JSON text
    const QDir dir(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs"));
    for (const QString& f : dir.entryList({"*.lab.json"}, QDir::Files, QDir::Name)) {
        QFile file(dir.filePath(f));
        if (!file.open(QIODevice::ReadOnly)) qFatal("cannot read %s", qPrintable(f));
        Lab lab;
        lab.file = f;
        lab.doc = Json::parse(file.readAll().toStdString());
        std::vector<Field> fields;
        numericFields(lab.doc, Json::json_pointer(), "", fields);
        std::vector<std::string> repeated; // "components[i]." of the components seen before
        for (std::size_t i = 0; lab.doc.contains("components") && i < lab.doc["components"].size(); ++i) {
            if (seen.count(lab.doc["components"][i].dump())) repeated.push_back("components[" + std::to_string(i) + "].");
        }
        for (Field& field : fields) {
            const bool skip = std::any_of(repeated.begin(), repeated.end(), [&](const std::string& p) { return field.path.rfind(p, 0) == 0; });
            if (!skip) lab.fields.push_back(std::move(field));
        }
        if (lab.doc.contains("components"))
            for (const Json& c : lab.doc["components"]) seen.insert(c.dump());
        labs.push_back(std::move(lab));
    }
    return labs;
}

// the lab text with one field set to an extreme, the run cut to kTicks ticks, and a mutated
// event moved to tick 1 so that its value takes effect
std::string mutant(const Lab& lab, const Field& f, const char* value)
{
    Json doc = lab.doc;
    const Json tick = doc["run"]["tick_ns"];
    doc["run"]["duration_ns"] = kTicks * tick.get<std::int64_t>();
    if (f.path.rfind("events[", 0) == 0 && f.path.size() > 6 && f.path.compare(f.path.size() - 6, 6, ".value") == 0)
        doc[f.pointer.parent_pointer()]["time_ns"] = tick;
    doc[f.pointer] = kMarker;
    std::string text = doc.dump(1);
    const std::string quoted = std::string("\"") + kMarker + "\"";
    text.replace(text.find(quoted), quoted.size(), value);
    return text;
}

// a number that a report or an asset must never contain
bool hasNonFinite(const std::string& text)
{
    static const QRegularExpression re(QStringLiteral("(?<![A-Za-z_\"])(nan|inf|NaN|Inf|Infinity)(?![A-Za-z_\"])"));
    return re.match(QString::fromStdString(text)).hasMatch();
}

// What check, causality, run and export do for one mutant, through the core calls the
// command line makes. An empty string when every command ended as the contract says.
std::string commandsOnce(const std::string& text)
{
    // check (and check --json): the diagnostics, formatted both ways
    const LoadedLab lab = loadLabText(text);
    for (const auto& d : lab.diagnostics.items()) {
        (void)formatDiagnostic("mutant.lab.json", d);
        if (d.severity == Severity::Error && (d.field.empty() || d.subject.empty())) return "check: a diagnostic names no field";
    }
    if (!lab.model && !lab.diagnostics.hasErrors()) return "check: refused without an error";
    if (lab.model && lab.diagnostics.hasErrors()) return "check: accepted with an error";
    // causality: invalid labs are analysed from the spec
    if (lab.spec) {
        const CausalityReport report = lab.model ? analyzeCausality(*lab.model, initialLockMask(*lab.model)) : analyzeCausality(*lab.spec);
        (void)prettyJson(causalityJson(report));
        (void)causalityText(report);
    }
    if (!lab.model) return {};
    // the normalized lab and its fingerprint (what an asset records)
    if (hasNonFinite(canonicalJson(lab.model->normalized))) return "check: the normalized lab holds a non-finite number";
    // run: a report of finite numbers, or a solver failure naming the tick and a component
    {
        Session session(lab.model);
        ReportWriter writer(*lab.model);
        SolverError err;
        if (runToReport(session, writer, err)) {
            const std::string report = writer.finish(session);
            if (hasNonFinite(report)) return "run: the report holds a non-finite number";
            std::vector<double> v(session.observableCount());
            session.observe(v.data());
            const EnergyReport e = session.energy();
            for (double x : {e.storedInitial, e.storedFinal, e.sourceWork, e.heatToNodes, e.heatToLedger, e.residual}) {
                if (!std::isfinite(x)) return "run: the energy books hold a non-finite number";
            }
        } else if (err.subject.empty() || err.subject == "-" || err.message.empty()) {
            return "run: a solver failure at tick " + std::to_string(err.tick) + " names no component: " + err.message;
        }
    }
    // export: an asset that reads back and replays bit for bit, or a solver failure
    AssetExport rec = recordAsset(lab.model);
    if (!rec.asset) {
        if (rec.error.subject.empty() || rec.error.subject == "-") return "export: a solver failure names no component";
        return {};
    }
    const std::string assetText = writeAsset(*rec.asset);
    if (hasNonFinite(assetText)) return "export: the asset holds a non-finite number";
    const AssetReadResult back = readAsset(assetText);
    if (!back.asset) {
        const auto& items = back.diagnostics.items();
        return "export: the asset does not read back: " + (items.empty() ? std::string("?") : formatDiagnostic("asset", items.front()));
    }
    const AssetReplay replay = replayAsset(*back.asset);
    if (!replay.ok) return "verify: the asset does not replay: " + replay.field + " " + replay.message;
    return {};
}

// body(text) in a forked child: a signal, a hang or an escaping exception becomes a finding
std::string isolated(const std::function<std::string(const std::string&)>& body, const std::string& text)
{
    int fds[2];
    if (pipe(fds) != 0) return "pipe failed";
    const pid_t pid = fork();
    if (pid < 0) return "fork failed";
    if (pid == 0) {
        close(fds[0]);
        alarm(20); // a mutant that hangs (3 ticks take milliseconds) is killed and reported
        std::string result;
        try {
            result = body(text);
        } catch (const std::exception& e) {
            result = std::string("an exception escaped: ") + e.what();
        } catch (...) {
            result = "an unknown exception escaped";
        }
        std::size_t at = 0;
        while (at < result.size()) {
            const ssize_t n = write(fds[1], result.data() + at, result.size() - at);
            if (n <= 0) break;
            at += static_cast<std::size_t>(n);
        }
        close(fds[1]);
        _exit(0);
    }
    close(fds[1]);
    std::string result;
    char buf[512];
    for (;;) {
        const ssize_t n = read(fds[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        result.append(buf, static_cast<std::size_t>(n));
    }
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) { }
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM) return "hung (killed after 20 s)";
    if (WIFSIGNALED(status))
        return std::string("killed by signal ") + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) return "the child exited with " + std::to_string(WEXITSTATUS(status));
    return result;
}

} // namespace

void TestExtremes::mutantsInProcess()
{
    QElapsedTimer timer;
    timer.start();
    int mutants = 0;
    QStringList findings;
    for (const Lab& lab : shippedLabs()) {
        for (const Field& f : lab.fields) {
            // one child runs the field's mutants in turn (a fork per field, not per mutant) and
            // reports the first that breaks; a child that dies is run again one mutant per child
            // so that the finding names the value
            const auto allValues = [&](const std::string&) {
                for (const char* value : kExtremes) {
                    std::string broken = commandsOnce(mutant(lab, f, value));
                    if (!broken.empty()) return std::string(value) + ": " + broken;
                }
                return std::string();
            };
            mutants += kExtremeCount;
            const std::string batch = isolated(allValues, {});
            if (batch.empty()) continue;
            const qsizetype before = findings.size();
            for (const char* value : kExtremes) {
                const std::string broken = isolated(commandsOnce, mutant(lab, f, value));
                if (!broken.empty())
                    findings << QStringLiteral("%1: %2 = %3: %4")
                                    .arg(lab.file, QString::fromStdString(f.path), value, QString::fromStdString(broken));
            }
            if (findings.size() == before) // only the batch broke: report it as it is
                findings << QStringLiteral("%1: %2: %3").arg(lab.file, QString::fromStdString(f.path), QString::fromStdString(batch));
        }
    }
    qInfo("%d mutants of the shipped labs in %.1f s, %lld findings", mutants, static_cast<double>(timer.elapsed()) / 1000.0,
          static_cast<long long>(findings.size()));
    for (const QString& f : findings) qWarning("%s", qPrintable(f));
    QVERIFY(mutants > 5000);
    QCOMPARE(findings.size(), 0);
}

void TestExtremes::mutantsThroughCli()
{
    const QString cli = QStringLiteral(DRIVELAB_CLI);
    QVERIFY(QFileInfo(cli).isExecutable());
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QElapsedTimer timer;
    timer.start();
    QStringList findings;
    int mutants = 0, valid = 0;
    const auto note = [&](const QString& what, const std::string& path, const char* value, const QString& command, const CliResult& r) {
        findings << QStringLiteral("%1: %2 = %3: %4 (exit %5): %6")
                        .arg(what, QString::fromStdString(path), QString::fromLatin1(value), command, QString::number(r.exit),
                             r.err.right(300));
    };
    const auto acceptable = [](int exit) {
        return exit == 0 || exit == 2 || exit == 3;
    };
    int k = 0;
    for (const Lab& lab : shippedLabs()) {
        for (const Field& f : lab.fields) {
            // one extreme per field, rotating through the list, so every value meets every lab
            const char* value = kExtremes[k++ % kExtremeCount];
            ++mutants;
            const QString file = writeTestFile(dir, QStringLiteral("m%1.lab.json").arg(mutants), mutant(lab, f, value));
            const CliResult check = runCli(cli, {"check", file, "--json"}, 60000);
            if (check.exit != 0 && check.exit != 2) note(lab.file, f.path, value, "check", check);
            QJsonParseError pe{};
            QJsonDocument::fromJson(check.out.toUtf8(), &pe);
            if (pe.error != QJsonParseError::NoError) note(lab.file, f.path, value, "check --json: invalid JSON", check);
            if (check.exit == 2 && !check.out.contains(QStringLiteral("\"field\"")))
                note(lab.file, f.path, value, "check: refused without a field", check);
            const CliResult causality = runCli(cli, {"causality", file, "--json"}, 60000);
            if (causality.exit != 0 && causality.exit != 2) note(lab.file, f.path, value, "causality", causality);
            if (causality.exit == 0 || causality.exit == 2) {
                QJsonDocument::fromJson(causality.out.toUtf8(), &pe);
                if (pe.error != QJsonParseError::NoError && !causality.out.isEmpty())
                    note(lab.file, f.path, value, "causality --json: invalid JSON", causality);
            }
            if (check.exit != 0) continue;
            ++valid;
            const QString report = file + ".report.json";
            const CliResult run = runCli(cli, {"run", file, "--output", report}, 60000);
            if (!acceptable(run.exit)) note(lab.file, f.path, value, "run", run);
            if (run.exit == 0) {
                QFile r(report);
                if (!r.open(QIODevice::ReadOnly) || hasNonFinite(r.readAll().toStdString()))
                    note(lab.file, f.path, value, "run: a report with a non-finite number (or none)", run);
            }
            if (run.exit == 3 && !run.err.contains(QStringLiteral("tick ")))
                note(lab.file, f.path, value, "run: a solver failure that names no tick", run);
            const QString asset = file + ".dlasset.json";
            const CliResult exp = runCli(cli, {"export", file, "--output", asset, "--quiet"}, 60000);
            if (!acceptable(exp.exit)) note(lab.file, f.path, value, "export", exp);
            if (exp.exit == 0) {
                const CliResult verify = runCli(cli, {"verify", asset, "--quiet"}, 60000);
                if (verify.exit != 0) note(lab.file, f.path, value, "verify", verify);
            }
        }
    }
    qInfo("%d mutants through drivelab-cli (%d valid) in %.1f s, %lld findings", mutants, valid,
          static_cast<double>(timer.elapsed()) / 1000.0, static_cast<long long>(findings.size()));
    for (const QString& f : findings) qWarning("%s", qPrintable(f));
    QCOMPARE(findings.size(), 0);
}

// The asset reader and `verify`: every numeric field of the model inside an asset set to an
// extreme, the asset signed again (fingerprint and signature recomputed, the version-1 text
// form) so that the mutant reaches the schema and compile stages, through the fuzz target's
// body (tests/fuzz/harness.h: refusals carry an error, an accepted asset writes back to its
// own bytes and a short one replays). The tiny seed assets take every extreme in every field;
// the fixtures (long runs, read but not replayed) one extreme in every eighth field, rotating.
void TestExtremes::assetMutants()
{
    QElapsedTimer timer;
    timer.start();
    QStringList findings;
    int mutants = 0;
    const auto body = [](const std::string& text) {
        return fuzz::assetOne(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
    };
    const std::pair<QString, bool> dirs[] = {{QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/fuzz/seeds/asset"), true},
                                             {QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/fixtures/assets/v1"), false}};
    int k = 0;
    for (const auto& [path, every] : dirs) {
        const QDir dir(path);
        for (const QString& f : dir.entryList({"*.dlasset.json"}, QDir::Files, QDir::Name)) {
            QFile file(dir.filePath(f));
            QVERIFY(file.open(QIODevice::ReadOnly));
            const Json doc = Json::parse(file.readAll().toStdString());
            std::vector<Field> fields;
            numericFields(doc["model"], Json::json_pointer("/model"), "model", fields);
            for (std::size_t i = 0; i < fields.size(); ++i) {
                const Field& field = fields[i];
                if (!every && i % 8 != 0) continue; // a fixture is large: every eighth field
                for (int v = 0; v < (every ? kExtremeCount : 1); ++v) {
                    const char* value = kExtremes[every ? v : k++ % kExtremeCount];
                    Json m = doc;
                    m[field.pointer] = kMarker;
                    std::string text = m.dump();
                    const std::string quoted = std::string("\"") + kMarker + "\"";
                    text.replace(text.find(quoted), quoted.size(), value);
                    ++mutants;
                    const std::string broken = isolated(body, text);
                    if (!broken.empty())
                        findings << QStringLiteral("%1: %2 = %3: %4")
                                        .arg(f, QString::fromStdString(field.path), value, QString::fromStdString(broken));
                }
            }
        }
    }
    qInfo("%d asset mutants in %.1f s, %lld findings", mutants, static_cast<double>(timer.elapsed()) / 1000.0,
          static_cast<long long>(findings.size()));
    for (const QString& f : findings) qWarning("%s", qPrintable(f));
    QVERIFY(mutants > 300);
    QCOMPARE(findings.size(), 0);
}

namespace {

std::string cell(const ParameterDescriptor& p)
{
    std::string s = p.range.describe();
    if (p.kind == ParamKind::WholeNumber) s += ", whole";
    if (p.kind == ParamKind::RealOrKeyword && p.keyword) s += std::string(", or \"") + p.keyword + "\"";
    return s;
}

// the range table docs/FORMATS.md must hold, generated from the descriptors
std::string rangeTable()
{
    std::string t = "| where | field | unit | allowed |\n|---|---|---|---|\n";
    const auto row = [&](const std::string& where, const std::string& field, const char* unit, const std::string& allowed) {
        t += "| " + where + " | `" + field + "` | " + (unit[0] ? unit : "-") + " | " + allowed + " |\n";
    };
    for (Domain d : {Domain::Rotational, Domain::Translational, Domain::Hydraulic, Domain::Thermal}) {
        const NodeDomainDescriptor* desc = nodeDomainDescriptor(d);
        if (!desc) continue;
        for (const auto& f : desc->fields) row(std::string(domainName(d)) + " node", f.name, f.unit, cell(f));
    }
    for (const auto& f : oilFields()) row("`oil`", f.name, f.unit, cell(f));
    for (const ComponentDescriptor* c : componentDescriptors()) {
        const std::string where = std::string("`") + c->type + "`";
        for (const auto& p : c->parameters) {
            if (p.kind == ParamKind::Boolean || p.kind == ParamKind::Text || p.kind == ParamKind::NumberMap) continue;
            if (p.kind == ParamKind::Table) {
                for (const auto& col : p.columns)
                    row(where, std::string(p.name) + "[]." + col.name, col.unit, col.id ? "a component id" : col.range.describe());
                continue;
            }
            if (p.kind == ParamKind::Table2D) {
                const char* part[3] = {".x[]", ".y[]", ".values[][]"};
                for (std::size_t k = 0; k < 3; ++k)
                    row(where, std::string(p.name) + part[k] + " (" + p.columns[k].name + ")", p.columns[k].unit,
                        p.columns[k].range.describe());
                continue;
            }
            row(where, p.name, p.unit, cell(p));
        }
        for (const auto& in : c->inputs) row(where, std::string("inputs.") + in.name, in.unit, in.range.describe());
    }
    return t;
}

} // namespace

void TestExtremes::rangesAreDocumented()
{
    QFile doc(QStringLiteral(DRIVELAB_SOURCE_DIR "/docs/FORMATS.md"));
    QVERIFY(doc.open(QIODevice::ReadOnly));
    const std::string text = doc.readAll().toStdString();
    const std::string begin = "<!-- ranges: generated from the descriptors by tst_extremes; keep in step -->\n";
    const std::string end = "<!-- ranges end -->";
    const std::size_t b = text.find(begin);
    const std::size_t e = text.find(end);
    QVERIFY2(b != std::string::npos && e != std::string::npos && e > b, "docs/FORMATS.md has no range table markers");
    const std::string have = text.substr(b + begin.size(), e - b - begin.size());
    const std::string want = rangeTable();
    if (have != want) qWarning("docs/FORMATS.md, the range table should read:\n%s", want.c_str());
    QVERIFY2(have == want, "the range table in docs/FORMATS.md differs from the descriptors (the wanted table is printed above)");
}

QTEST_GUILESS_MAIN(TestExtremes)
#include "tst_extremes.moc"
