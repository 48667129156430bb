#include "harness.h"

#include <string_view>
#include <vector>

#include "io/asset.h"
#include "io/labfile.h"
#include "solver/session.h"
#include "spec/labreader.h"
#include "spec/labwriter.h"
#include "util/hash.h"

namespace drivelab::fuzz {
namespace {

std::string first(const Diagnostics& d)
{
    return d.empty() ? std::string("(no diagnostic)") : formatDiagnostic("input", d.items().front());
}

// a refusal says why; an acceptance carries no error
std::string consistent(bool accepted, const Diagnostics& d, const char* what)
{
    if (accepted && d.hasErrors()) return std::string(what) + ": accepted with an error: " + first(d);
    if (!accepted && !d.hasErrors()) return std::string(what) + ": refused without an error";
    return {};
}

// an accepted asset of the newest version is exactly what the writer writes for it;
// a short one replays without crashing
std::string acceptedAsset(const Asset& a, std::string_view text)
{
    if (a.version == kAssetVersion) {
        Asset copy = a;
        if (writeAsset(copy) != text) return "an accepted asset does not write back to its own bytes";
    }
    if (a.ticks <= 2000) replayAsset(a);
    return {};
}

} // namespace

std::string labOne(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const LabReadResult r = readLab(text);
    if (auto e = consistent(r.lab.has_value(), r.diagnostics, "readLab"); !e.empty()) return e;
    if (!r.lab) return {};
    const CompileResult c = compile(*r.lab);
    if (auto e = consistent(c.model != nullptr, c.diagnostics, "compile"); !e.empty()) return e;
    if (!c.model) return {};
    const Model& m = *c.model;
    // the normalized lab (what an asset records) compiles to the same fingerprint
    const LabReadResult nr = readLabJson(m.normalized);
    if (!nr.lab) return "the normalized lab does not read: " + first(nr.diagnostics);
    const CompileResult nc = compile(*nr.lab);
    if (!nc.model) return "the normalized lab does not compile: " + first(nc.diagnostics);
    if (nc.model->fingerprint != m.fingerprint) return "compiling the normalized lab changes the fingerprint";
    // the lab as the editor saves it reads back to the same model
    const LoadedLab w = loadLabText(writeLab(*r.lab));
    if (!w.model) return "the written lab does not load: " + first(w.diagnostics);
    if (w.model->fingerprint != m.fingerprint) return "writing and reading the lab changes the fingerprint";
    // a few ticks; a failed batch leaves the state as it was
    Session s(c.model);
    const std::uint64_t before = s.stateHash();
    const BatchResult b = s.run(8);
    if (b.status != BatchStatus::Completed && s.stateHash() != before) return "a failed batch changed the state";
    std::vector<double> observed(s.observableCount());
    s.observe(observed.data());
    return {};
}

std::string assetOne(const std::uint8_t* data, std::size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const AssetReadResult r = readAsset(text);
    if (auto e = consistent(r.asset.has_value(), r.diagnostics, "readAsset"); !e.empty()) return e;
    if (r.asset) {
        if (auto e = acceptedAsset(*r.asset, text); !e.empty()) return e;
    }
    // the same document with a true fingerprint and signature, in the version-1 text form
    Diagnostics d;
    const std::optional<Json> root = parseJsonStrict(text, d);
    if (!root || !root->is_object()) return {};
    Json doc = *root;
    if (doc.contains("model") && doc.contains("capabilities") && doc["capabilities"].is_array()) {
        std::vector<std::string> caps;
        bool names = true;
        for (const auto& c : doc["capabilities"]) {
            if (c.is_string())
                caps.push_back(c.get<std::string>());
            else
                names = false;
        }
        if (names) doc["model_fingerprint"] = toHex16(assetModelFingerprint(doc["model"], caps));
    }
    doc["signature"] = toHex16(assetSignatureV1(doc));
    const std::string resigned = assetTextV1(doc);
    const AssetReadResult rr = readAsset(resigned);
    if (auto e = consistent(rr.asset.has_value(), rr.diagnostics, "readAsset (signed again)"); !e.empty()) return e;
    if (rr.asset) return acceptedAsset(*rr.asset, resigned);
    return {};
}

} // namespace drivelab::fuzz
