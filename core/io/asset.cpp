#include "io/asset.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iterator>

#include "components/common/fmuarchive.h"
#include "io/assetv1.h"
#include "io/assetv2.h"
#include "io/checkedrun.h"
#include "io/report.h"
#include "spec/labreader.h"
#include "util/hash.h"

namespace drivelab {
namespace {

// one reader per version ever written, indexed by version; a reader is never removed
using VersionReader = std::optional<Asset> (*)(const Json& root, std::string_view text, Diagnostics& d);
constexpr VersionReader kReaders[] = {nullptr, &assetv1::read, &assetv2::read};
static_assert(std::size(kReaders) == kAssetVersion + 1, "every asset version from 1 to kAssetVersion needs its reader");

// the version-independent header: format, then version (dispatch)
int headerVersion(const Json& root, Diagnostics& d)
{
    if (!root.is_object()) {
        d.error("-", "-", "an asset must be a JSON object");
        return 0;
    }
    if (!root.contains("format")) {
        d.error("-", "format", "missing; an asset starts with \"format\": \"drivelab.asset\"");
        return 0;
    }
    if (!isAssetDocument(root)) {
        d.error("-", "format", "unknown format " + root["format"].dump().substr(0, 60) + "; expected \"drivelab.asset\"");
        return 0;
    }
    if (!root.contains("version")) {
        d.error("-", "version", "missing; this build writes asset version " + std::to_string(kAssetVersion));
        return 0;
    }
    const Json& v = root["version"];
    if (!v.is_number_integer() || (v.is_number_unsigned() ? v.get<std::uint64_t>() < 1 : v.get<std::int64_t>() < 1)) {
        d.error("-", "version", "must be a whole number from 1, got " + v.dump().substr(0, 40));
        return 0;
    }
    if (v.is_number_unsigned() ? v.get<std::uint64_t>() > static_cast<std::uint64_t>(kAssetVersion)
                               : v.get<std::int64_t>() > kAssetVersion) {
        d.error("-", "version",
                "asset version " + v.dump() + " was written by a newer DriveLab; this build reads asset versions 1 to " +
                    std::to_string(kAssetVersion) + ": open it with a newer DriveLab");
        return 0;
    }
    return static_cast<int>(v.get<std::int64_t>());
}

// the lab as an asset records it: the normalized lab with its name
Json modelJson(const Model& m)
{
    Json out = Json::object();
    for (auto it = m.normalized.begin(); it != m.normalized.end(); ++it) {
        out[it.key()] = it.value();
        if (it.key() == "version") out["name"] = m.name;
    }
    if (!out.contains("name")) out["name"] = m.name;
    return out;
}

// the asset's `fmus`: each imported FMU's archive, base64, by the file its components name
Json embeddedFmusJson(const Model& m)
{
    Json out = Json::object();
    for (const FmuBinding& b : m.fmus)
        if (!out.contains(b.file)) out[b.file] = base64Encode(b.fmu->archive());
    return out;
}

// first recorded value that the replay does not reproduce exactly (its JSON text);
// members the replay has and the record lacks are not compared
bool firstDifference(const Json& recorded, const Json& replayed, std::string& path, std::string& rec, std::string& rep)
{
    if (recorded.is_object()) {
        if (!replayed.is_object()) {
            rec = "an object";
            rep = replayed.dump();
            return true;
        }
        for (auto it = recorded.begin(); it != recorded.end(); ++it) {
            const auto other = replayed.find(it.key());
            if (other == replayed.end()) {
                path += "." + it.key();
                rec = it.value().dump();
                rep = "nothing (the replay does not report it)";
                return true;
            }
            const std::size_t keep = path.size();
            path += "." + it.key();
            if (firstDifference(it.value(), *other, path, rec, rep)) return true;
            path.resize(keep);
        }
        return false;
    }
    const std::string a = canonicalJson(recorded), b = canonicalJson(replayed);
    if (a == b) return false;
    rec = a;
    rep = b;
    return true;
}

std::string shortNum(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", v);
    return buf;
}

} // namespace

Json assetModelJson(const Model& m) { return modelJson(m); }

bool isAssetDocument(const Json& root)
{
    return root.is_object() && root.contains("format") && root["format"].is_string() &&
           root["format"].get_ref<const std::string&>() == kAssetFormat;
}

AssetReadResult readAssetDocument(const Json& root, std::string_view text)
{
    AssetReadResult r;
    const int version = headerVersion(root, r.diagnostics);
    if (version == 0) return r;
    r.asset = kReaders[version](root, text, r.diagnostics);
    return r;
}

AssetReadResult readAsset(std::string_view text)
{
    AssetReadResult r;
    // size and depth limits and duplicate keys, before any tree is kept
    std::optional<Json> root = parseJsonStrict(text, r.diagnostics);
    if (!root) return r;
    return readAssetDocument(*root, text);
}

AssetReadResult readAssetFile(const std::string& path)
{
    AssetReadResult r;
    std::error_code ec;
    if (std::filesystem::is_directory(path, ec)) {
        r.diagnostics.error("-", "-", "is a directory, not an asset file");
        return r;
    }
    std::string text;
    if (!readTextFile(path, text, r.diagnostics)) return r;
    return readAsset(text);
}

AssetExport recordAsset(const std::shared_ptr<const Model>& model)
{
    AssetExport out;
    Session session(model);
    ReportWriter writer(*model);
    RunOptions options;
    options.keepBoundaries = true;
    const RunOutcome run = runChecked(session, writer, options);
    if (run.status == RunStatus::SolverFailed) out.error = run.solver;
    if (run.status == RunStatus::BadBooks) {
        out.books = run.books;
        // also as a failure for callers that only read `error` (the editor's export)
        out.error = SolverError{run.books.tick, run.books.time, run.books.subject, run.books.field + ": " + run.books.message};
    }
    if (run.status != RunStatus::Completed) return out;
    Asset a;
    a.version = kAssetVersion;
    a.model = modelJson(*model);
    a.capabilities = model->capabilities;
    a.fingerprint = assetModelFingerprint(a.model, a.capabilities);
    a.ticks = session.tick();
    a.boundaries = Json::array();
    for (std::size_t i = 0; i < writer.boundaryCount(); ++i) a.boundaries.push_back(Json::parse(writer.boundary(i)));
    a.finalStateHash = session.stateHash();
    a.books = reportBooks(session);
    a.fmus = embeddedFmusJson(*model);
    a.compiled = model;
    out.asset = std::move(a);
    return out;
}

std::uint64_t estimateAssetBytes(const std::shared_ptr<const Model>& model)
{
    Session session(model);
    ReportWriter writer(*model);
    writer.observe(session);
    for (double v : writer.values()) {
        if (!std::isfinite(v)) return 0; // the checked run refuses it
    }
    const auto layout = observableLayout(*model);
    std::uint64_t line = writer.boundaryText(session).size() + 8; // indentation, separator
    for (std::size_t i = 0; i < layout.size(); ++i) {
        if (layout[i].integer) continue;
        line -= formatDouble(writer.values()[i]).size();
        line += 20;
    }
    std::uint64_t modelBytes = canonicalJson(model->normalized).size() * 2 + 1024;
    for (const FmuBinding& b : model->fmus) modelBytes += (b.fmu->archive().size() + 2) / 3 * 4 + b.file.size() + 8;
    return modelBytes + line * static_cast<std::uint64_t>(model->boundaryCount());
}

std::string writeAsset(Asset& asset)
{
    asset.version = kAssetVersion;
    Json doc = assetv2::document(asset);
    asset.signature = assetSignatureV1(doc);
    doc["signature"] = toHex16(asset.signature);
    return assetTextV1(doc);
}

AssetReplay replayAsset(const Asset& asset)
{
    AssetReplay out;
    const Model& m = *asset.compiled;
    Session session(asset.compiled);
    ReportWriter writer(m);
    const auto compare = [&]() {
        const std::size_t i = writer.boundaryCount() - 1;
        out.boundariesChecked = i + 1;
        if (i >= asset.boundaries.size()) {
            out.boundary = static_cast<std::int64_t>(i);
            out.field = "expected.boundaries";
            out.message = "the replay reports more boundaries than the " + std::to_string(asset.boundaries.size()) + " recorded";
            return false;
        }
        std::string path = "expected.boundaries[" + std::to_string(i) + "]", rec, rep;
        if (!firstDifference(asset.boundaries[i], Json::parse(writer.boundary(i)), path, rec, rep)) return true;
        out.boundary = static_cast<std::int64_t>(i);
        out.field = path;
        out.message = "recorded " + rec + ", replayed " + rep + " (boundary " + std::to_string(i) + " of " +
                      std::to_string(asset.boundaries.size()) + ", tick " + std::to_string(session.tick()) +
                      ", t = " + shortNum(session.time()) + " s)";
        return false;
    };
    // each boundary is checked (finite, balanced) before it is compared
    const BookCheck check(m);
    const auto checked = [&]() {
        writer.observe(session);
        BookProblem p;
        if (check.atBoundary(session, writer.values().data(), p)) {
            writer.keepBoundary(session);
            return true;
        }
        out.booksFailed = true;
        out.error = SolverError{p.tick, p.time, p.subject, p.message};
        out.field = p.field;
        out.message = p.message;
        return false;
    };
    if (!checked() || !compare()) return out;
    while (!session.finished()) {
        const BatchResult r = session.run(std::min(m.reportEvery, m.ticks - session.tick()));
        if (r.status != BatchStatus::Completed) {
            out.solverFailed = true;
            out.error = r.error;
            out.field = "expected.boundaries[" + std::to_string(writer.boundaryCount()) + "]";
            out.message = "the replay failed at tick " + std::to_string(r.error.tick) + ": " + r.error.message;
            return out;
        }
        if (!checked() || !compare()) return out;
    }
    if (writer.boundaryCount() != asset.boundaries.size()) {
        out.field = "expected.boundaries";
        out.message = "the replay reports " + std::to_string(writer.boundaryCount()) + " boundaries, the asset records " +
                      std::to_string(asset.boundaries.size());
        return out;
    }
    // the books (version 2 on), value by value on their exact text
    for (auto it = asset.books.begin(); it != asset.books.end(); ++it) {
        std::string path = "expected." + it.key(), rec, rep;
        const Json replayed = reportBooks(session);
        if (!replayed.contains(it.key())) {
            out.field = path;
            out.message = "recorded, but the replay does not report it";
            return out;
        }
        if (firstDifference(it.value(), replayed[it.key()], path, rec, rep)) {
            out.field = path;
            out.message = "recorded " + rec + ", replayed " + rep + " (after the last tick)";
            return out;
        }
    }
    if (session.stateHash() != asset.finalStateHash) {
        out.field = "expected.final_state_hash";
        out.message = "recorded " + toHex16(asset.finalStateHash) + ", replayed " + toHex16(session.stateHash()) +
                      " (every boundary matched; the difference is in state the report does not show)";
        return out;
    }
    out.ok = true;
    return out;
}

} // namespace drivelab
