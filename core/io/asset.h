#pragma once
// Portable assets (LAB_FORMAT section 6, docs/ASSETS.md): a signed, versioned record of
// one model and of the results it must reproduce. `export` writes one, `verify` reads it
// and replays it bit for bit, `run` accepts one in place of a lab.
//
// Reading order, every version: size and depth limits (before a tree is built), format
// and version (dispatch to that version's reader, newer versions refused), then the
// version's own checks: signature, model fingerprint, schema, text form. Each stage stops
// the read with its own diagnostics, so a record that was edited and re-signed is still
// refused by the stage that sees the damage.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compile/compiler.h"
#include "io/bookcheck.h"
#include "solver/workspace.h"
#include "spec/diagnostic.h"
#include "util/jsonwrite.h"

namespace drivelab {

/// the `format` of every portable asset
constexpr const char* kAssetFormat = "drivelab.asset";
/// newest asset version this build writes; it reads every version from 1 up to this one
constexpr int kAssetVersion = 2;

/// A portable asset in memory. Every version is read into this one shape.
struct Asset {
    int version = kAssetVersion;           ///< version read from (or written as)
    Json model = Json::object();           ///< normalized lab with its name, no layout or description
    std::uint64_t fingerprint = 0;         ///< recorded model fingerprint
    std::vector<std::string> capabilities; ///< capability tags the model needs
    std::int64_t ticks = 0;                ///< ticks of the recorded run
    Json boundaries = Json::array();       ///< every report boundary of the recorded run (report form)
    std::uint64_t finalStateHash = 0;      ///< state hash after the last tick
    Json books = Json::object();           ///< the run's books as the report writes them: `energy`, `fluid_volume`, `oil`
                                           ///< for hydraulic models (version 2; empty for version 1)
    Json fmus = Json::object();            ///< the FMU archives the model imports, base64 by the file its fmu
                                           ///< components name (docs/ASSETS.md, "Imported FMUs"; empty: none)
    std::uint64_t signature = 0;           ///< signature as read, or as written
    std::shared_ptr<const Model> compiled; ///< the model compiled (filled by a successful read or an export)
};

/// result of reading an asset
struct AssetReadResult {
    std::optional<Asset> asset; ///< present when every check passed
    Diagnostics diagnostics;    ///< the problems of the first stage that failed (or warnings)
};

/// Read an asset from its text: limits, format and version, then the version's checks.
AssetReadResult readAsset(std::string_view text);
/// Read an asset whose text was already parsed (by parseJsonStrict) into `root`;
/// `text` must be the text `root` was parsed from (the text form is checked).
AssetReadResult readAssetDocument(const Json& root, std::string_view text);
/// read the asset file at `path`
AssetReadResult readAssetFile(const std::string& path);
/// true when a parsed document declares itself an asset (`"format": "drivelab.asset"`)
bool isAssetDocument(const Json& root);

/// result of recording an asset from a model
struct AssetExport {
    std::optional<Asset> asset;       ///< present when the run completed with checked books
    SolverError error;                ///< the failure, when a tick failed
    std::optional<BookProblem> books; ///< a non-finite value or unbalanced book (io/bookcheck.h): nothing recorded
};

/// An estimate of the text size of the asset of `model` [bytes], made before running it
/// from the size of its first report boundary with every real number at 20 characters
/// (a typical shortest round-trip double) and the size of the model.
std::uint64_t estimateAssetBytes(const std::shared_ptr<const Model>& model);

/// Run a compiled model from t = 0 to its end and record it as an asset of the newest version.
AssetExport recordAsset(const std::shared_ptr<const Model>& model);
/// The asset as text in the newest version's text form, signed. Sets `asset.signature`.
std::string writeAsset(Asset& asset);

/// outcome of replaying an asset
struct AssetReplay {
    bool ok = false;                   ///< every recorded boundary and the final hash reproduced bit for bit
    std::int64_t boundary = -1;        ///< index of the first differing boundary, or -1
    std::string field;                 ///< field path of the first difference (`expected.boundaries[3].nodes.engine.speed`)
    std::string message;               ///< what differs (recorded and replayed values)
    bool solverFailed = false;         ///< the replay itself failed
    SolverError error;                 ///< the failure, when solverFailed
    bool booksFailed = false;          ///< the replay gave a non-finite value or an unbalanced book (`field`, `message`)
    std::size_t boundariesChecked = 0; ///< boundaries compared before stopping
};

/// Replay a read asset (its compiled model) and compare every recorded boundary and the
/// final state hash with the replay, value by value on their exact JSON text.
AssetReplay replayAsset(const Asset& asset);

/// The version-1 signature: 64-bit hash of the canonical serialization of the document
/// without its `signature` member.
std::uint64_t assetSignatureV1(const Json& root);
/// The model fingerprint as the asset defines it: the hash of the canonical serialization
/// of the model without its name, followed by the capability tags (equal to the compiler's
/// Model::fingerprint for a normalized model).
std::uint64_t assetModelFingerprint(const Json& model, const std::vector<std::string>& capabilities);
/// The lab as an asset records it (its `model`): the normalized lab with its name after `version`
/// (also an FMU's resources/lab.json, docs/FMI.md).
Json assetModelJson(const Model& m);
/// The version-1 text form of an asset document (docs/ASSETS.md): what `writeAsset` writes.
std::string assetTextV1(const Json& root);

} // namespace drivelab
