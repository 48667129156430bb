// Portable assets in memory (LAB_FORMAT section 6, docs/ASSETS.md).
//
//   lab --compile--> Model --recordAsset--> Asset --writeAsset--> text (v1 text form, signed)
//   text --readAsset--> limits -> format/version -> signature -> fingerprint -> schema -> text form
//
// What it proves:
//   - every lab records, reads back to the same record, writes back to the same bytes and
//     replays bit for bit; the asset's fingerprint is the compiler's;
//   - every one-byte flip anywhere in an asset is refused, by the stage that can see it
//     (JSON syntax, header, signature; the text form when the content is unchanged);
//   - documents edited and signed again are refused by the fingerprint or the schema,
//     each with its own message; unknown future versions and other formats are refused
//     before the signature; limits apply before a tree is built;
//   - a one-ulp (or a sign-of-zero) change in one recorded value fails the replay, which
//     names the boundary and the field.
#include "assettestutil.h"

#include <algorithm>
#include <functional>
#include <map>
#include <random>

#include "io/report.h"

using namespace drivelab;
using namespace drivelab::test;

class TestAsset : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void roundTripEveryLab();
    void everyByteFlipRefused();
    void denseFlipSampleOfLabAssets();
    void resignedMalformedRefused_data();
    void resignedMalformedRefused();
    void unsignedEditsRefusedBySignature();
    void versionsAndFormatRefused_data();
    void versionsAndFormatRefused();
    void limitsBeforeTheTree();
    void olderObservableSetsStayReadable();
    void replayFindsOneUlp();

private:
    std::string m_small; // the small asset's text (converter-launch cut short)
    std::string m_tiny;  // the tiny asset's text
};

namespace {

// the stage a one-byte-flipped text must be refused by, worked out independently of the
// reader: JSON syntax and limits, then the header, then whether the content changed
Stage expectedStageOfFlip(const std::string& flipped, const Json& original, const std::string& originalBody)
{
    Diagnostics d;
    const std::optional<Json> root = parseJsonStrict(flipped, d);
    if (!root || !root->is_object()) return Stage::Limits;
    for (const char* k : {"format", "version"}) {
        if (!root->contains(k) || (*root)[k] != original[k]) return Stage::Header;
    }
    Json body = *root;
    const Json signature = body.contains("signature") ? body["signature"] : Json();
    body.erase("signature");
    const bool sameContent = canonicalJson(body) == originalBody && signature == original["signature"];
    return sameContent ? Stage::TextForm : Stage::Signature;
}

std::string bodyOf(Json doc)
{
    doc.erase("signature");
    return canonicalJson(doc);
}

// flip one byte and check the refusal; counts refusals per stage
void checkFlip(const std::string& text, std::size_t pos, unsigned char to, const Json& original, const std::string& body,
               std::map<Stage, int>& stages)
{
    std::string t = text;
    t[pos] = static_cast<char>(to);
    const AssetReadResult r = readAsset(t);
    const Stage got = stageOf(r);
    const Stage want = expectedStageOfFlip(t, original, body);
    if (got != want) {
        QFAIL(qPrintable(QString("byte %1 (0x%2 -> 0x%3): refused by %4, expected %5\n%6")
                             .arg(pos)
                             .arg(static_cast<unsigned char>(text[pos]), 2, 16, QChar('0'))
                             .arg(to, 2, 16, QChar('0'))
                             .arg(stageName(got))
                             .arg(stageName(want))
                             .arg(QString::fromStdString(joined(r.diagnostics)))));
    }
    ++stages[got];
}

QString stageCounts(const std::map<Stage, int>& stages)
{
    QString s;
    for (const auto& [stage, n] : stages) s += QString("%1 %2, ").arg(stageName(stage)).arg(n);
    return s;
}

} // namespace

void TestAsset::initTestCase()
{
    m_small = assetOfLabText(smallLabText());
    QVERIFY(!m_small.empty());
    QVERIFY2(m_small.size() < 12000, qPrintable(QString::number(m_small.size())));
    m_tiny = assetOfLabText(tinyLabText());
    QVERIFY(!m_tiny.empty());
    for (const std::string* text : {&m_small, &m_tiny}) {
        const AssetReadResult r = readAsset(*text);
        QVERIFY2(r.asset, joined(r.diagnostics).c_str());
    }
    QVERIFY2(m_tiny.size() < 6000, qPrintable(QString::number(m_tiny.size())));
}

void TestAsset::roundTripEveryLab()
{
    const auto labs = labFiles();
    QVERIFY(labs.size() >= 3);
    for (const std::string& path : labs) {
        const LoadedLab lab = loadLab(path);
        QVERIFY2(lab.model, qPrintable(describe(lab.diagnostics)));
        AssetExport rec = recordAsset(lab.model);
        QVERIFY(rec.asset);
        QCOMPARE(rec.asset->fingerprint, lab.model->fingerprint);
        const std::string text = writeAsset(*rec.asset);
        const AssetReadResult r = readAsset(text);
        QVERIFY2(r.asset, joined(r.diagnostics).c_str());
        QVERIFY2(r.diagnostics.empty(), joined(r.diagnostics).c_str());
        const Asset& a = *r.asset;
        QCOMPARE(a.version, kAssetVersion);
        QCOMPARE(a.signature, rec.asset->signature);
        QCOMPARE(a.fingerprint, lab.model->fingerprint);
        QCOMPARE(a.compiled->fingerprint, lab.model->fingerprint);
        QCOMPARE(a.capabilities, lab.model->capabilities);
        QCOMPARE(a.ticks, lab.model->ticks);
        // the model is the normalized lab with its name
        Json model = a.model;
        QCOMPARE(model["name"].get<std::string>(), lab.model->name);
        model.erase("name");
        QCOMPARE(canonicalJson(model), canonicalJson(lab.model->normalized));
        // the boundaries are the report's, and the final hash the run's
        Session s(lab.model);
        ReportWriter w(*lab.model);
        SolverError err;
        QVERIFY(runToReport(s, w, err));
        QCOMPARE(a.boundaries.size(), w.boundaryCount());
        for (std::size_t i = 0; i < w.boundaryCount(); ++i)
            QCOMPARE(canonicalJson(a.boundaries[i]), canonicalJson(Json::parse(w.boundary(i))));
        QCOMPARE(a.finalStateHash, s.stateHash());
        // what was read writes back to the same bytes
        Asset copy = a;
        QCOMPARE(writeAsset(copy), text);
        const AssetReplay replay = replayAsset(a);
        QVERIFY2(replay.ok, replay.message.c_str());
        QCOMPARE(replay.boundariesChecked, a.boundaries.size());
    }
}

// Every byte of the tiny asset, three ways: a single-bit flip (the bit rotating with the
// position, so every bit is flipped across the file), a random non-zero xor, and every
// substitution that keeps JSON valid and the content the same (whitespace for whitespace,
// 'E' for 'e', '0' for an exponent's '+'). All refused, each by the stage that can see it.
void TestAsset::everyByteFlipRefused()
{
    const Json original = document(m_tiny);
    const std::string body = bodyOf(original);
    std::map<Stage, int> stages;
    std::mt19937_64 rng(9);
    for (std::size_t pos = 0; pos < m_tiny.size(); ++pos) {
        const auto c = static_cast<unsigned char>(m_tiny[pos]);
        checkFlip(m_tiny, pos, static_cast<unsigned char>(c ^ (1u << (pos % 8))), original, body, stages);
        checkFlip(m_tiny, pos, static_cast<unsigned char>(c ^ (1 + rng() % 255)), original, body, stages);
        std::string same;
        if (c == ' ' || c == '\n')
            same = " \n\t\r";
        else if (c == 'e')
            same = "E";
        else if (c == '+')
            same = "0";
        for (char e : same) {
            if (static_cast<unsigned char>(e) != c) checkFlip(m_tiny, pos, static_cast<unsigned char>(e), original, body, stages);
        }
        if (QTest::currentTestFailed()) return;
    }
    qInfo("%zu bytes: %s", m_tiny.size(), qPrintable(stageCounts(stages)));
    QVERIFY(stages[Stage::Limits] > 0);
    QVERIFY(stages[Stage::Header] > 0);
    QVERIFY(stages[Stage::Signature] > 0);
    QVERIFY(stages[Stage::TextForm] > 0);
    QCOMPARE(stages.count(Stage::Accepted), std::size_t(0));
}

// the small asset and the full-size assets of every lab: a dense deterministic sample of positions, each
// with a random non-zero xor
void TestAsset::denseFlipSampleOfLabAssets()
{
    std::mt19937_64 rng(20261201);
    std::vector<std::string> texts = {m_small};
    for (const std::string& path : labFiles()) texts.push_back(assetOfLabText(fileText(path)));
    for (const std::string& text : texts) {
        QVERIFY(!text.empty());
        const AssetReadResult unflipped = readAsset(text);
        QVERIFY2(unflipped.asset, joined(unflipped.diagnostics).c_str());
        const Json original = document(text);
        const std::string body = bodyOf(original);
        std::map<Stage, int> stages;
        // 400 flips per asset, fewer for a large one (the drive cycle's 8.6 MB: 40) so the parsing
        // stays near 80 MB per asset: the reader's stages are the same whatever the size
        const std::size_t samples = std::clamp<std::size_t>(80'000'000 / text.size(), 40, 400);
        for (std::size_t k = 0; k < samples; ++k) {
            // stratified: one position in each of `samples` equal slices of the file
            const std::size_t lo = text.size() * k / samples, hi = text.size() * (k + 1) / samples;
            const std::size_t pos = lo + rng() % (hi - lo);
            const auto to = static_cast<unsigned char>(static_cast<unsigned char>(text[pos]) ^ (1 + rng() % 255));
            checkFlip(text, pos, to, original, body, stages);
            if (QTest::currentTestFailed()) return;
        }
        qInfo("%zu bytes: %s", text.size(), qPrintable(stageCounts(stages)));
        QCOMPARE(stages.count(Stage::Accepted), std::size_t(0));
    }
}

namespace {
struct Mutation {
    const char* name;
    bool refingerprint;              // the forger also recomputes the model fingerprint
    std::function<void(Json&)> edit; // the edit, before signing again
    Stage stage;                     // the stage that must refuse it
    const char* field;               // the field its first diagnostic names
    const char* message;             // a fragment of that diagnostic's message
};

Json& boundary(Json& doc, std::size_t i) { return doc["expected"]["boundaries"][i]; }

const std::vector<Mutation>& mutations()
{
    static const std::vector<Mutation> list = {
        {"model edited", false,
         [](Json& d) {
             d["model"]["nodes"][0]["inertia"] = 0.3;
         },
         Stage::Fingerprint, "model_fingerprint", "edited after export"},
        {"capability dropped", false,
         [](Json& d) {
             d["capabilities"] = Json::array();
         },
         Stage::Fingerprint, "model_fingerprint", "edited after export"},
        {"model not an object", false,
         [](Json& d) {
             d["model"] = 5;
         },
         Stage::Fingerprint, "model", "missing or not an object"},
        {"fingerprint in capitals", false,
         [](Json& d) {
             d["model_fingerprint"] = "04347FD1B1AFE7CC";
         },
         Stage::Fingerprint, "model_fingerprint", "16 lowercase hex"},
        {"capability not a string", false,
         [](Json& d) {
             d["capabilities"].push_back(7);
         },
         Stage::Fingerprint, "capabilities[1]", "must be a capability name"},
        {"negative inertia", true,
         [](Json& d) {
             d["model"]["nodes"][0]["inertia"] = -1.0;
         },
         Stage::Schema, "model.inertia", "must be in [1e-09, 1e+09]"},
        {"unknown component type", true,
         [](Json& d) {
             d["model"]["components"][1]["type"] = "warp_drive";
         },
         Stage::Schema, "model.type", "unknown component type"},
        {"layout in the model", true,
         [](Json& d) {
             d["model"]["layout"] = Json::object();
         },
         Stage::Schema, "model.layout", "has no layout"},
        {"unknown model key", true,
         [](Json& d) {
             d["model"]["colour"] = "red";
         },
         Stage::Schema, "model.colour", "unknown key"},
        {"unknown capability", true,
         [](Json& d) {
             d["capabilities"].push_back("antigravity");
         },
         Stage::Schema, "capabilities[1]", "does not have"},
        {"undeclared capability", true,
         [](Json& d) {
             d["capabilities"] = Json::array();
         },
         Stage::Schema, "capabilities", "does not declare"},
        {"capability listed twice", true,
         [](Json& d) {
             d["capabilities"].push_back(d["capabilities"][0]);
         },
         Stage::Schema, "capabilities[1]", "listed twice"},
        {"unknown top-level key", false,
         [](Json& d) {
             d["comment"] = "hand edited";
         },
         Stage::Schema, "comment", "unknown key"},
        {"expected missing", false,
         [](Json& d) {
             d.erase("expected");
         },
         Stage::Schema, "expected", "missing"},
        {"ticks changed", false,
         [](Json& d) {
             d["expected"]["ticks"] = 999;
         },
         Stage::Schema, "expected.ticks", "has 1000 ticks"},
        {"final hash not hex", false,
         [](Json& d) {
             d["expected"]["final_state_hash"] = "not a hash";
         },
         Stage::Schema, "expected.final_state_hash", "16 lowercase hex"},
        {"boundaries not a list", false,
         [](Json& d) {
             d["expected"]["boundaries"] = Json::object();
         },
         Stage::Schema, "expected.boundaries", "must be a list"},
        {"boundary dropped", false,
         [](Json& d) {
             d["expected"]["boundaries"].erase(1);
         },
         Stage::Schema, "expected.boundaries", "has 3 boundaries"},
        {"boundary tick changed", false,
         [](Json& d) {
             boundary(d, 2)["tick"] = 801;
         },
         Stage::Schema, "expected.boundaries[2].tick", "is at tick 800"},
        {"time written as an integer", false,
         [](Json& d) {
             boundary(d, 0)["time"] = 0;
         },
         Stage::Schema, "expected.boundaries[0].time", "written as a real"},
        {"boundary member missing", false,
         [](Json& d) {
             boundary(d, 1).erase("time");
         },
         Stage::Schema, "expected.boundaries[1]", "tick, time, nodes and components"},
        {"node missing", false,
         [](Json& d) {
             boundary(d, 0)["nodes"].erase("oil");
         },
         Stage::Schema, "expected.boundaries[0].nodes", "where 'oil' is expected"},
        {"unknown node", false,
         [](Json& d) {
             boundary(d, 0)["nodes"]["ghost"] = Json::object();
         },
         Stage::Schema, "expected.boundaries[0].nodes.ghost", "not an id of the model"},
        {"observable dropped at one boundary", false,
         [](Json& d) {
             boundary(d, 2)["nodes"]["engine"].erase("angle");
         },
         Stage::Schema, "expected.boundaries[2].nodes.engine", "other observables than at boundary 0"},
        {"unknown observable", false,
         [](Json& d) {
             boundary(d, 1)["nodes"]["engine"]["torque"] = 1.0;
         },
         Stage::Schema, "expected.boundaries[1].nodes.engine.torque", "not an observable"},
        {"integer observable written as a real", false,
         [](Json& d) {
             boundary(d, 1)["components"]["tc"]["converter_drive"] = 1.0;
         },
         Stage::Schema, "expected.boundaries[1].components.tc.converter_drive", "whole number"},
        {"real observable written as a string", false,
         [](Json& d) {
             boundary(d, 3)["components"]["tc"]["torque"] = "12";
         },
         Stage::Schema, "expected.boundaries[3].components.tc.torque", "written as a real"},
        {"top-level keys reordered", false,
         [](Json& d) {
             Json r = Json::object();
             for (const char* k : {"version", "format", "model", "model_fingerprint", "capabilities", "expected"}) r[k] = d[k];
             d = r;
         },
         Stage::TextForm, "-", "the text differs"},
    };
    return list;
}
} // namespace

void TestAsset::resignedMalformedRefused_data()
{
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < mutations().size(); ++i) QTest::newRow(mutations()[i].name) << static_cast<int>(i);
}

// a forger edits the document, recomputes what it can, signs it again: the record is
// still refused, by the stage named, with its own message, and no earlier stage complains
void TestAsset::resignedMalformedRefused()
{
    QFETCH(int, index);
    const Mutation& m = mutations()[static_cast<std::size_t>(index)];
    Json doc = document(m_small);
    m.edit(doc);
    if (m.refingerprint) refingerprint(doc);
    const AssetReadResult r = readAsset(resign(doc));
    const QString all = QString::fromStdString(joined(r.diagnostics));
    QVERIFY2(!r.asset, "accepted");
    QVERIFY2(stageOf(r) == m.stage,
             qPrintable(QString("refused by %1, expected %2:\n%3").arg(stageName(stageOf(r))).arg(stageName(m.stage)).arg(all)));
    const Diagnostic& first = firstError(r.diagnostics);
    QVERIFY2(first.field == m.field, qPrintable(all));
    QVERIFY2(first.message.find(m.message) != std::string::npos, qPrintable(all));
    for (const auto& d : r.diagnostics.items()) QVERIFY2(d.field != "signature", qPrintable(all));
}

// edits without a new signature never get past the signature, whatever they touch
void TestAsset::unsignedEditsRefusedBySignature()
{
    for (const Mutation& m : mutations()) {
        Json doc = document(m_small);
        m.edit(doc);
        if (m.refingerprint) refingerprint(doc);
        doc["signature"] = document(m_small)["signature"];
        const std::string text = assetTextV1(doc);
        const AssetReadResult r = readAsset(text);
        // reordering keys keeps the content, so its old signature still holds (text form refuses it)
        const Stage want = m.stage == Stage::TextForm ? Stage::TextForm : Stage::Signature;
        QVERIFY2(stageOf(r) == want, qPrintable(QString("%1: refused by %2\n%3")
                                                    .arg(m.name)
                                                    .arg(stageName(stageOf(r)))
                                                    .arg(QString::fromStdString(joined(r.diagnostics)))));
    }
    Json doc = document(m_small);
    doc["signature"] = doc["signature"].get<std::string>().substr(0, 15);
    QCOMPARE(stageOf(readAsset(assetTextV1(doc))), Stage::Signature);
    doc.erase("signature");
    const AssetReadResult r = readAsset(assetTextV1(doc));
    QCOMPARE(stageOf(r), Stage::Signature);
    QVERIFY(r.diagnostics.items().front().message.rfind("missing", 0) == 0);
}

void TestAsset::versionsAndFormatRefused_data()
{
    QTest::addColumn<QString>("member");
    QTest::addColumn<QString>("value");
    QTest::addColumn<QString>("message");
    QTest::newRow("version 999") << "version"
                                 << "999"
                                 << "asset version 999 was written by a newer DriveLab; this build reads asset versions 1 to 2";
    QTest::newRow("next version") << "version" << QString::number(kAssetVersion + 1) << "was written by a newer DriveLab";
    QTest::newRow("version 0") << "version"
                               << "0"
                               << "must be a whole number from 1";
    QTest::newRow("version -1") << "version"
                                << "-1"
                                << "must be a whole number from 1";
    QTest::newRow("version as text") << "version"
                                     << "\"1\""
                                     << "must be a whole number from 1";
    QTest::newRow("version 1.0") << "version"
                                 << "1.0"
                                 << "must be a whole number from 1";
    QTest::newRow("version missing") << "version"
                                     << ""
                                     << "missing";
    QTest::newRow("a lab") << "format"
                           << "\"drivelab.lab\""
                           << "unknown format \"drivelab.lab\"";
    QTest::newRow("format missing") << "format"
                                    << ""
                                    << "missing";
}

// format and version are read before anything else: a future version is refused clearly,
// even when it is signed the version-1 way or not signed at all
void TestAsset::versionsAndFormatRefused()
{
    QFETCH(QString, member);
    QFETCH(QString, value);
    QFETCH(QString, message);
    for (bool signedAgain : {true, false}) {
        Json doc = document(m_small);
        if (value.isEmpty())
            doc.erase(member.toStdString());
        else
            doc[member.toStdString()] = Json::parse(value.toStdString());
        if (!signedAgain) doc["signature"] = "not a signature";
        const std::string text = signedAgain ? resign(doc) : assetTextV1(doc);
        const AssetReadResult r = readAsset(text);
        QCOMPARE(stageOf(r), Stage::Header);
        QCOMPARE(r.diagnostics.size(), std::size_t(1));
        const Diagnostic& d = r.diagnostics.items().front();
        QCOMPARE(QString::fromStdString(d.field), member);
        QVERIFY2(QString::fromStdString(d.message).contains(message), d.message.c_str());
    }
}

// size and depth are refused before a tree is built; duplicate keys are refused too
void TestAsset::limitsBeforeTheTree()
{
    std::string huge = m_small;
    huge.insert(huge.size() - 2, kMaxInputBytes, ' ');
    AssetReadResult r = readAsset(huge);
    QCOMPARE(stageOf(r), Stage::Limits);
    QVERIFY(r.diagnostics.items().front().message.find("the limit is 16777216") != std::string::npos);

    Json doc = document(m_small);
    Json deep = Json::array();
    for (int i = 0; i < kMaxJsonDepth + 2; ++i) deep = Json::array({deep});
    doc["model"]["description"] = deep;
    r = readAsset(resign(doc));
    QCOMPARE(stageOf(r), Stage::Limits);
    QVERIFY(r.diagnostics.items().front().message.find("nesting deeper than 64") != std::string::npos);

    std::string dup = m_small;
    dup.insert(dup.find("\"version\": 1,") + 13, "\n  \"version\": 1,");
    r = readAsset(dup);
    QCOMPARE(stageOf(r), Stage::Limits);
    QVERIFY(r.diagnostics.items().front().message.find("duplicate key 'version'") != std::string::npos);

    r = readAsset("[1, 2]");
    QCOMPARE(stageOf(r), Stage::Limits);
    r = readAsset("");
    QCOMPARE(stageOf(r), Stage::Limits);
}

// An asset written by a build with fewer observables (here: no angles) lacks them at
// every boundary: it stays readable and its recorded values still replay bit for bit.
void TestAsset::olderObservableSetsStayReadable()
{
    Json doc = document(m_small);
    for (auto& b : doc["expected"]["boundaries"]) {
        for (auto& n : b["nodes"]) n.erase("angle");
    }
    const AssetReadResult r = readAsset(resign(doc));
    QVERIFY2(r.asset, joined(r.diagnostics).c_str());
    const AssetReplay replay = replayAsset(*r.asset);
    QVERIFY2(replay.ok, replay.message.c_str());
}

// a recorded value one ulp (or one sign bit) away from the replay is a difference, named
void TestAsset::replayFindsOneUlp()
{
    struct Case {
        const char* field;
        std::function<void(Json&)> edit;
    };
    const Case cases[] = {
        {"expected.boundaries[2].nodes.turbine.speed",
         [](Json& d) {
             auto& v = boundary(d, 2)["nodes"]["turbine"]["speed"];
             v = std::nextafter(v.get<double>(), 1e300);
         }},
        {"expected.boundaries[3].components.tc.heat_flow",
         [](Json& d) {
             auto& v = boundary(d, 3)["components"]["tc"]["heat_flow"];
             v = std::nextafter(v.get<double>(), -1e300);
         }},
        {"expected.boundaries[1].time",
         [](Json& d) {
             auto& v = boundary(d, 1)["time"];
             v = std::nextafter(v.get<double>(), 1e300);
         }},
        {"expected.boundaries[0].nodes.wheels.speed",
         [](Json& d) {
             boundary(d, 0)["nodes"]["wheels"]["speed"] = -0.0;
         }},
        {"expected.boundaries[3].components.tc.converter_drive",
         [](Json& d) {
             boundary(d, 3)["components"]["tc"]["converter_drive"] = 4;
         }},
        {"expected.final_state_hash",
         [](Json& d) {
             d["expected"]["final_state_hash"] = "0123456789abcdef";
         }},
    };
    for (const Case& c : cases) {
        Json doc = document(m_small);
        c.edit(doc);
        const AssetReadResult r = readAsset(resign(doc));
        QVERIFY2(r.asset, joined(r.diagnostics).c_str());
        const AssetReplay replay = replayAsset(*r.asset);
        QVERIFY2(!replay.ok, c.field);
        QCOMPARE(QString::fromStdString(replay.field), QString(c.field));
        QVERIFY2(replay.message.find("recorded") == 0, replay.message.c_str());
    }
}

QTEST_GUILESS_MAIN(TestAsset)
#include "tst_asset.moc"
