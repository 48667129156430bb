// The model fingerprint (LAB_FORMAT section 3; docs/FORMATS.md):
//
//   fingerprint = H( canonicalJson(normalized lab) ) then H(capability tags)
//   canonicalJson: keys sorted, no whitespace, shortest exact numbers
//
// What it proves, on every lab in labs/ and tests/bench/labs/:
//   - the fingerprint does not depend on key order, whitespace, the spelling of a number
//     (1e2, 100.0, 1E+2), defaults written out or left implicit, layout, name or description;
//   - it changes when any single number of the model changes: every parameter, every map
//     point, every initial value, every event field and every run setting is perturbed in
//     turn (the smallest change that still compiles; on the lab at rest when the change
//     breaks the initial consistency of a rigid constraint) and every perturbation gives a
//     new, distinct fingerprint; removing or repeating any one event changes it too;
//   - the normalized lab is a fixed point (it compiles to the same normalized lab and the
//     same fingerprint), and the asset's fingerprint definition equals the compiler's.
#include "assettestutil.h"

#include <charconv>
#include <random>
#include <regex>
#include <set>

#include "spec/labwriter.h"

using namespace drivelab;
using namespace drivelab::test;

void addLabRows();

class TestFingerprint : public QObject {
    Q_OBJECT
private slots:
    void independentOfSpelling();
    void independentOfSpelling_data() { addLabRows(); }
    void changesWithEverySingleNumber();
    void changesWithEverySingleNumber_data() { addLabRows(); }
    void changesWithEveryEvent();
    void changesWithEveryEvent_data() { addLabRows(); }
    void normalizedIsAFixedPoint();
    void normalizedIsAFixedPoint_data() { addLabRows(); }
};

namespace {

std::uint64_t fingerprintOf(const std::string& text, QString* why = nullptr, Diagnostics* diagnostics = nullptr)
{
    // a csv signal's file is read from labs/ (the bench labs have none)
    const LoadedLab lab = loadLabText(text, std::string(DRIVELAB_SOURCE_DIR "/labs"));
    if (diagnostics) *diagnostics = lab.diagnostics;
    if (!lab.model) {
        if (why) *why = describe(lab.diagnostics);
        return 0;
    }
    return lab.model->fingerprint;
}

// the same value, keys in another order (reversed, or shuffled by rng)
Json reorder(const Json& v, std::mt19937_64* rng)
{
    if (v.is_array()) {
        Json out = Json::array();
        for (const auto& e : v) out.push_back(reorder(e, rng));
        return out;
    }
    if (!v.is_object()) return v;
    std::vector<std::string> keys;
    for (auto it = v.begin(); it != v.end(); ++it) keys.push_back(it.key());
    if (rng)
        std::shuffle(keys.begin(), keys.end(), *rng);
    else
        std::reverse(keys.begin(), keys.end());
    Json out = Json::object();
    for (const auto& k : keys) out[k] = reorder(v[k], rng);
    return out;
}

// the same value written with other whitespace and every number in scientific notation
// with a capital E and an explicit exponent sign ("2.5E-1", "1E+2"), integers included
void respell(std::string& out, const Json& v, int depth)
{
    const std::string pad = "\n" + std::string(static_cast<std::size_t>(depth), '\t');
    if (v.is_object() || v.is_array()) {
        out += v.is_object() ? "{ " : "[\r\n";
        bool first = true;
        for (auto it = v.begin(); it != v.end(); ++it) {
            out += first ? pad : "," + pad;
            first = false;
            if (v.is_object()) {
                appendJsonString(out, it.key());
                out += "  :\t";
            }
            respell(out, it.value(), depth + 1);
        }
        out += pad + (v.is_object() ? "}" : "]");
    } else if (v.is_number()) {
        char buf[64];
        const auto r = std::to_chars(buf, buf + sizeof buf, v.get<double>(), std::chars_format::scientific);
        std::string s(buf, r.ptr);
        const auto e = s.find('e');
        s[e] = 'E';
        if (s[e + 1] != '-' && s[e + 1] != '+') s.insert(e + 1, "+");
        out += s;
    } else {
        out += v.dump();
    }
}

// every numeric leaf of the parts of a lab that make up the model
void numericLeaves(const Json& v, const std::string& path, std::vector<std::string>& out)
{
    if (v.is_number())
        out.push_back(path);
    else if (v.is_object())
        for (auto it = v.begin(); it != v.end(); ++it) numericLeaves(it.value(), path + "/" + it.key(), out);
    else if (v.is_array())
        for (std::size_t i = 0; i < v.size(); ++i) numericLeaves(v[i], path + "/" + std::to_string(i), out);
}

// A number no valid perturbation exists for must be pinned by a rule that names it: the
// diagnostics of its smallest change name this very field (a converter map starts at
// s = -1 and ends at s = 1 with R = 1 and C = 0; a pump's delivery table starts at rise 0
// with efficiency 1 and ends at efficiency 0; ...), or, for a table's cell, a rule over the table:
// the table as a whole (a shift schedule's gear table numbers its gears 1 .. N with none missing)
// or another of its rows (shift lines ordered by from_gear: moving row 0's gear refuses row 1).
bool pinnedByARule(const std::string& leaf, const Json& lab, const Diagnostics& d)
{
    static const std::regex param(R"(^/components/(\d+)/parameters/([a-z_]+)/(\d+)/([a-z_]+)$)");
    static const std::regex field(R"(^/(nodes|components)/(\d+)/(?:parameters/|inputs/)?([a-z_]+)$)");
    std::smatch m;
    std::string subject, suffix, table;
    if (std::regex_match(leaf, m, param)) {
        subject = lab["components"][std::stoul(m[1])]["id"].get<std::string>();
        suffix = m[2].str() + "[" + m[3].str() + "]." + m[4].str();
        table = m[2].str(); // a rule over the whole table or its order (gears run 1 .. N; rows ordered by gear) names it too
    } else if (std::regex_match(leaf, m, field)) {
        subject = lab[m[1].str()][std::stoul(m[2])]["id"].get<std::string>();
        suffix = m[3].str();
    } else {
        return false;
    }
    for (const auto& x : d.items()) {
        if (x.severity != Severity::Error || x.subject != subject) continue;
        if (x.field.size() >= suffix.size() && x.field.compare(x.field.size() - suffix.size(), suffix.size(), suffix) == 0)
            return true;
        // the field is written TYPE.TABLE or TYPE.TABLE[ROW].COLUMN (shift_schedule.gears[2])
        if (!table.empty() && (x.field == table || x.field.ends_with("." + table) || x.field.rfind(table + "[", 0) == 0 ||
                               x.field.find("." + table + "[") != std::string::npos))
            return true;
    }
    return false;
}

// the smallest changes first; integers stay integers
std::vector<Json> perturbations(const Json& v, std::int64_t tickNs)
{
    std::vector<Json> out;
    if (v.is_number_integer()) {
        const std::int64_t i = v.get<std::int64_t>();
        for (std::int64_t c : {i + 1, i - 1, 2 * i, i + tickNs, i - tickNs}) out.push_back(c);
        if (i % 2 == 0) out.push_back(i / 2);
    } else {
        const double d = v.get<double>();
        for (double c : {std::nextafter(d, 1e300), std::nextafter(d, -1e300), d * (1 + 1e-9), d * (1 - 1e-9), d + 1, d - 1, d * 2, d / 2})
            out.push_back(c);
    }
    return out;
}

std::vector<std::string> labPaths()
{
    std::vector<std::string> out = labFiles();
    const QDir bench(QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/bench/labs"));
    for (const QString& f : bench.entryList({"*.lab.json"}, QDir::Files, QDir::Name)) out.push_back(bench.filePath(f).toStdString());
    return out;
}

} // namespace

void addLabRows()
{
    QTest::addColumn<QString>("path");
    for (const std::string& p : labPaths())
        QTest::newRow(QFileInfo(QString::fromStdString(p)).fileName().toUtf8()) << QString::fromStdString(p);
}

void TestFingerprint::independentOfSpelling()
{
    QFETCH(QString, path);
    const std::string text = fileText(path.toStdString());
    QString why;
    const std::uint64_t fp = fingerprintOf(text, &why);
    QVERIFY2(fp != 0, qPrintable(why));
    const Json lab = Json::parse(text);
    std::mt19937_64 rng(7);
    std::vector<std::pair<const char*, std::string>> variants = {
        {"compact", lab.dump()},
        {"indented", lab.dump(4)},
        {"keys reversed", reorder(lab, nullptr).dump(1)},
        {"keys shuffled", reorder(lab, &rng).dump()},
        {"keys shuffled again", reorder(lab, &rng).dump(2)},
    };
    std::string spelled;
    respell(spelled, reorder(lab, &rng), 0);
    variants.emplace_back("numbers respelled", spelled);
    Json noted = lab;
    noted["name"] = "another name";
    noted["description"] = Json{{"by", "someone"}, {"notes", Json::array({1, 2, 3})}};
    noted["layout"] = Json{{"anything", Json{{"x", 1.5}, {"y", -2}, {"rotation", 90}}}};
    variants.emplace_back("name, description and layout", noted.dump());
    // a default written out is the same model as the default left implicit
    Json explicitDefaults = Json::parse(writeLab(normalizedSpec(*loadLabText(text, std::string(DRIVELAB_SOURCE_DIR "/labs")).model)));
    variants.emplace_back("the normalized lab itself", explicitDefaults.dump());
    for (const auto& [name, variant] : variants) {
        QVERIFY2(variant != text, name);
        const std::uint64_t other = fingerprintOf(variant, &why);
        QVERIFY2(other == fp, qPrintable(QString("%1: %2 != %3 %4").arg(name).arg(other, 16, 16).arg(fp, 16, 16).arg(why)));
    }
}

void TestFingerprint::changesWithEverySingleNumber()
{
    QFETCH(QString, path);
    const Json lab = Json::parse(fileText(path.toStdString()));
    const std::uint64_t fp = fingerprintOf(lab.dump());
    QVERIFY(fp != 0);
    const std::int64_t tickNs = lab["run"]["tick_ns"].get<std::int64_t>();
    std::vector<std::string> leaves;
    for (const char* part : {"run", "nodes", "components", "events"}) {
        if (lab.contains(part)) numericLeaves(lab[part], std::string("/") + part, leaves);
    }
    QVERIFY(leaves.size() >= 10);
    // a change that breaks the consistency of the initial speeds with a rigid constraint
    // (planetary teeth) is tried again on the lab at rest, where every constraint holds
    Json atRest = lab;
    for (auto& n : atRest["nodes"]) {
        if (n.contains("initial_speed")) n["initial_speed"] = 0.0;
    }
    const std::uint64_t fpAtRest = fingerprintOf(atRest.dump());
    QVERIFY(fpAtRest != 0);
    std::set<std::uint64_t> seen = {fp, fpAtRest};
    int perturbed = 0, pinned = 0, atRestOnly = 0;
    for (const std::string& leaf : leaves) {
        const Json::json_pointer ptr(leaf);
        bool done = false;
        Diagnostics smallest; // what the smallest change of this number was refused for
        for (const Json* base : {&lab, static_cast<const Json*>(&atRest)}) {
            const std::uint64_t baseFp = base == &lab ? fp : fpAtRest;
            for (const Json& value : perturbations((*base)[ptr], tickNs)) {
                if (canonicalJson(value) == canonicalJson((*base)[ptr])) continue; // no change at all
                Json edited = *base;
                edited[ptr] = value;
                Diagnostics diagnostics;
                const std::uint64_t other = fingerprintOf(edited.dump(), nullptr, &diagnostics);
                if (smallest.empty()) smallest = diagnostics;
                if (other == 0) continue; // not a valid lab: try a larger change
                QVERIFY2(other != baseFp, qPrintable(QString::fromStdString(leaf + " = " + value.dump() + " kept the fingerprint")));
                QVERIFY2(seen.insert(other).second, qPrintable(QString::fromStdString(leaf + ": fingerprint seen before")));
                done = true;
                break;
            }
            if (done) {
                atRestOnly += base == &atRest;
                break;
            }
        }
        if (done)
            ++perturbed;
        else {
            QVERIFY2(
                pinnedByARule(leaf, lab, smallest),
                qPrintable(QString::fromStdString(leaf + ": no valid perturbation found, and no rule names it\n") + describe(smallest)));
            ++pinned;
        }
    }
    qInfo("%d numbers perturbed (%d of them on the lab at rest), %d pinned by a rule naming them", perturbed, atRestOnly, pinned);
}

void TestFingerprint::changesWithEveryEvent()
{
    QFETCH(QString, path);
    const Json lab = Json::parse(fileText(path.toStdString()));
    const std::uint64_t fp = fingerprintOf(lab.dump());
    if (!lab.contains("events") || lab["events"].empty()) QSKIP("no events");
    std::set<std::uint64_t> seen = {fp};
    for (std::size_t i = 0; i < lab["events"].size(); ++i) {
        Json edited = lab;
        edited["events"].erase(i);
        const std::uint64_t other = fingerprintOf(edited.dump());
        QVERIFY(other != 0);
        QVERIFY2(seen.insert(other).second, qPrintable(QString("removing event %1").arg(i)));
        // the same event twice is a different model too
        edited = lab;
        edited["events"].push_back(lab["events"][i]);
        QVERIFY(seen.insert(fingerprintOf(edited.dump())).second);
    }
}

// normalize(normalize(lab)) == normalize(lab): what an asset records compiles back to
// itself, with the same fingerprint, and the asset's definition of it is the compiler's
void TestFingerprint::normalizedIsAFixedPoint()
{
    QFETCH(QString, path);
    const LoadedLab lab = loadLab(path.toStdString());
    QVERIFY(lab.model);
    const LoadedLab again = loadLabText(lab.model->normalized.dump());
    QVERIFY2(again.model, qPrintable(describe(again.diagnostics)));
    QVERIFY2(again.diagnostics.empty(), qPrintable(describe(again.diagnostics)));
    QCOMPARE(again.model->fingerprint, lab.model->fingerprint);
    QCOMPARE(canonicalJson(again.model->normalized), canonicalJson(lab.model->normalized));
    QCOMPARE(assetModelFingerprint(lab.model->normalized, lab.model->capabilities), lab.model->fingerprint);
}

QTEST_GUILESS_MAIN(TestFingerprint)
#include "tst_fingerprint.moc"
