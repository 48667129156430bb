#pragma once
// Portable assets from the editor (docs/EDITOR.md, "Portable assets"), without widgets:
// export the open lab exactly as `drivelab-cli export` does, read an asset into a read-only
// lab, and lay a replay's outcome out per report boundary. Everything asset-specific is the
// core's (core/io/asset.h); these only call it. Safe to run in a worker thread.
#include <QString>
#include <QVector>

#include <memory>
#include <optional>

#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

/// a portable asset (io/asset.h; the editor sees it only through this header)
struct Asset;

/// outcome of an export
struct AssetExportOutcome {
    bool ok = false;
    QString message;         ///< what was written, or why nothing was
    Diagnostics diagnostics; ///< the lab's problems when it does not compile
};

/// compile `lab`, run it, record and sign the asset, read it back, and write it atomically to `path`
AssetExportOutcome exportLabAsset(const LabSpec& lab, const QString& path);

/// an asset opened in the editor
struct OpenedAsset {
    std::shared_ptr<const Asset> asset; ///< the asset as read (with its compiled model)
    std::optional<LabSpec> lab;         ///< its model as a lab
    Diagnostics diagnostics;            ///< why it could not be opened
};

/// read an asset file (every check of its version) and its model as a lab
OpenedAsset openAssetFile(const QString& path);

/// what the Replay panel shows about an asset before it is replayed
struct AssetFacts {
    qint64 version = 0;    ///< asset format version
    qint64 boundaries = 0; ///< recorded report boundaries
    qint64 ticks = 0;      ///< ticks of the run
    QString fingerprint;   ///< model fingerprint (16 hex digits)
    QString finalState;    ///< final state hash (16 hex digits)
};
/// the facts of an asset
AssetFacts assetFacts(const Asset& asset);

/// true for a file name an asset has (`*.dlasset.json`)
bool isAssetPath(const QString& path);

/// one row of the replay table
struct BoundaryVerdict {
    enum class Result { Pass, Fail, NotCompared };
    qint64 tick = 0;
    double time = 0.0; ///< [s]
    Result result = Result::NotCompared;
    QString difference; ///< the first differing observable and the values, when failing
};

/// the replay of an asset, per boundary, plus the final state hash
struct ReplayVerdict {
    bool ok = false;                     ///< everything reproduced bit for bit
    QVector<BoundaryVerdict> boundaries; ///< one per recorded boundary
    bool finalHashCompared = false;      ///< the final state hash was reached and compared
    bool finalHashOk = false;
    QString summary; ///< the overall verdict in words
};

/// replay an asset (core replayAsset) and lay its outcome out per boundary: boundaries before
/// the first difference pass, that one fails, the replay stops there (later ones: not compared)
ReplayVerdict replayAndVerify(const Asset& asset);

} // namespace drivelab
