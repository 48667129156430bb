#pragma once
// Helpers for the asset tests: record assets from labs, edit documents and sign them
// again the way a forger would, and name the reader stage a refusal came from.
#include "testutil.h"
#include "convertermaps.h"

#include <QDir>

#include "io/asset.h"
#include "spec/labreader.h"
#include "util/hash.h"

namespace drivelab::test {

/// every lab in labs/ (full paths)
inline std::vector<std::string> labFiles()
{
    std::vector<std::string> out;
    const QDir labs(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs"));
    for (const QString& f : labs.entryList({"*.lab.json"}, QDir::Files, QDir::Name)) out.push_back(labs.filePath(f).toStdString());
    return out;
}

/// a whole file as bytes (empty when unreadable)
inline std::string fileText(const std::string& path)
{
    std::string text;
    Diagnostics d;
    readTextFile(path, text, d);
    return text;
}

/// the asset text of a lab given as JSON text; empty (and a failed test) when it does not run
inline std::string assetOfLabText(const std::string& labText)
{
    const LoadedLab lab = loadLabText(labText, std::string(DRIVELAB_SOURCE_DIR "/labs")); // csv files beside the labs
    if (!lab.model) return {};
    AssetExport rec = recordAsset(lab.model);
    if (!rec.asset) return {};
    return writeAsset(*rec.asset);
}

/// The converter-launch lab cut to 1000 ticks with 4 boundaries and its throttle event
/// moved inside the run: every member kind of an asset (maps, events, a capability,
/// integer and real observables) in about 6 kB.
inline std::string smallLabText()
{
    Json lab = Json::parse(fileText(DRIVELAB_SOURCE_DIR "/labs/converter-launch.lab.json"));
    lab["run"] = Json{{"tick_ns", 50000}, {"duration_ns", 50000000}, {"report_every_ticks", 400}};
    Json events = Json::array();
    events.push_back(Json{{"time_ns", 20000000}, {"component", "engine_torque"}, {"input", "command"}, {"value", 0.6}});
    lab["events"] = events;
    return lab.dump();
}

/// A tiny lab with a converter, a clutch on a heat node, a motor, a damper and an event,
/// 10 ticks reported at 0, 4, 8 and 10: an asset of about 5 kB, small enough to flip
/// every byte of it in a second or two.
inline std::string tinyLabText()
{
    const std::string nodes = "[" + rot("pump", 0.2, 100.0) + ", " + rot("turbine", 0.4, 0.0) +
                              R"(, {"id": "oil", "domain": "thermal", "heat_capacity": 500.0, "initial_temperature": 300.0}])";
    const std::string comps =
        "[" + converterJson("tc", "pump", "turbine", mapJson(linearMap(0.01))) +
        R"(, {"id": "lock", "type": "clutch", "node_a": "pump", "node_b": "turbine", "heat_node": "oil", "inputs": {"capacity": 0}},
                                 {"id": "drive", "type": "motor", "node_a": "pump", "inputs": {"command": 0.5},
                                  "parameters": {"torque_curve": [{"speed": 0, "torque": 50}, {"speed": 500, "torque": 20}]}},
                                 {"id": "load", "type": "damper", "node_a": "turbine", "parameters": {"damping": 0.01}}])";
    const std::string events = R"([{"time_ns": 500000, "component": "lock", "input": "capacity", "value": 30.0}])";
    return lab(runSettings(100000, 1000000, 4), nodes, comps, events);
}

/// parse a document keeping its key order (the text is trusted)
inline Json document(const std::string& text) { return Json::parse(text); }

/// what a forger does after editing: recompute the model fingerprint
inline void refingerprint(Json& doc)
{
    std::vector<std::string> caps;
    for (const auto& c : doc["capabilities"]) caps.push_back(c.get<std::string>());
    doc["model_fingerprint"] = toHex16(assetModelFingerprint(doc["model"], caps));
}

/// what a forger does last: sign the edited document again and write it in the text form
inline std::string resign(Json doc)
{
    doc["signature"] = toHex16(assetSignatureV1(doc));
    return assetTextV1(doc);
}

/// all diagnostics as one string
inline std::string joined(const Diagnostics& d)
{
    std::string s;
    for (const auto& x : d.items()) s += formatDiagnostic("asset", x) + "\n";
    return s;
}

/// the first error of a list (a model warning, such as a clutch that never carries torque,
/// may come before it), or the first diagnostic when there is no error
inline const Diagnostic& firstError(const Diagnostics& list)
{
    for (const Diagnostic& d : list.items()) {
        if (d.severity == Severity::Error) return d;
    }
    return list.items().front();
}

/// the reader stage that produced a refusal, from its first error
enum class Stage { Accepted, Silent, Limits, Header, Signature, Fingerprint, Schema, TextForm };

inline Stage stageOf(const AssetReadResult& r)
{
    if (r.asset) return Stage::Accepted;
    if (r.diagnostics.items().empty()) return Stage::Silent; // never expected: a refusal always says why
    const Diagnostic& d = firstError(r.diagnostics);
    if (d.message.rfind("duplicate key", 0) == 0) return Stage::Limits;
    if (d.field == "-") return d.message.rfind("the text differs", 0) == 0 ? Stage::TextForm : Stage::Limits;
    if (d.field == "format" || d.field == "version") return Stage::Header;
    if (d.field == "signature") return Stage::Signature;
    if (d.field == "model_fingerprint") return Stage::Fingerprint;
    // the members the fingerprint stage needs, when they are unusable
    if (d.field == "model" && d.message.rfind("missing or not an object", 0) == 0) return Stage::Fingerprint;
    if (d.field == "capabilities" && d.message.rfind("missing or not a list", 0) == 0) return Stage::Fingerprint;
    if (d.field.rfind("capabilities[", 0) == 0 && d.message.rfind("must be a capability name", 0) == 0) return Stage::Fingerprint;
    return Stage::Schema;
}

/// a stage name for messages
inline const char* stageName(Stage s)
{
    switch (s) {
    case Stage::Accepted: return "accepted";
    case Stage::Silent: return "refused without a diagnostic";
    case Stage::Limits: return "limits/parse";
    case Stage::Header: return "format/version";
    case Stage::Signature: return "signature";
    case Stage::Fingerprint: return "fingerprint";
    case Stage::Schema: return "schema";
    case Stage::TextForm: return "text form";
    }
    return "?";
}

} // namespace drivelab::test
