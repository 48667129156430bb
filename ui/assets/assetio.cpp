#include "assets/assetio.h"

#include <QCoreApplication>
#include <QFileInfo>

#include "io/asset.h"
#include "io/atomicfile.h"
#include "spec/labreader.h"
#include "util/hash.h"

namespace drivelab {
namespace {

QString trAssetIo(const char* text) { return QCoreApplication::translate("AssetIo", text); }

} // namespace

bool isAssetPath(const QString& path) { return path.endsWith(QLatin1String(".dlasset.json"), Qt::CaseInsensitive); }

AssetExportOutcome exportLabAsset(const LabSpec& lab, const QString& path)
{
    AssetExportOutcome out;
    const CompileResult compiled = compile(lab);
    if (!compiled.model) {
        out.diagnostics = compiled.diagnostics;
        out.message = trAssetIo("The lab has errors (see the Problems panel): a lab that does not compile cannot be exported.");
        return out;
    }
    const std::shared_ptr<const Model> model = compiled.model;
    AssetExport rec = recordAsset(model);
    if (!rec.asset) {
        out.message = trAssetIo("%1: tick %2: solver failure: %3 (a lab that does not run cannot be exported)")
                          .arg(QString::fromStdString(rec.error.subject))
                          .arg(rec.error.tick)
                          .arg(QString::fromStdString(rec.error.message));
        return out;
    }
    const std::string text = writeAsset(*rec.asset);
    if (text.size() > kMaxInputBytes) {
        out.message = trAssetIo("The asset would be %1 bytes, over the %2-byte limit every reader enforces: report less often "
                                "(run settings, report interval).")
                          .arg(text.size())
                          .arg(kMaxInputBytes);
        return out;
    }
    // never write an asset this build could not read back
    const AssetReadResult back = readAsset(text);
    if (!back.asset) {
        out.diagnostics = back.diagnostics;
        out.message = trAssetIo("Internal error: the recorded asset does not read back; nothing was written.");
        return out;
    }
    std::string error;
    if (!writeFileAtomic(path.toStdString(), text, error)) {
        out.message = trAssetIo("Could not write %1: %2 (nothing was changed there)").arg(path, QString::fromStdString(error));
        return out;
    }
    out.ok = true;
    out.message = trAssetIo("Exported %1: asset version %2, %3 boundaries over %4 ticks, fingerprint %5, signature %6")
                      .arg(QFileInfo(path).fileName())
                      .arg(rec.asset->version)
                      .arg(rec.asset->boundaries.size())
                      .arg(rec.asset->ticks)
                      .arg(QString::fromStdString(toHex16(rec.asset->fingerprint)), QString::fromStdString(toHex16(rec.asset->signature)));
    return out;
}

OpenedAsset openAssetFile(const QString& path)
{
    OpenedAsset out;
    AssetReadResult read = readAssetFile(path.toStdString());
    out.diagnostics = read.diagnostics;
    if (!read.asset) return out;
    // the model is itself a lab file (docs/ASSETS.md)
    LabReadResult lab = readLabJson(read.asset->model);
    out.diagnostics.append(lab.diagnostics);
    if (!lab.lab) return out;
    out.lab = std::move(lab.lab);
    out.asset = std::make_shared<const Asset>(std::move(*read.asset));
    return out;
}

ReplayVerdict replayAndVerify(const Asset& asset)
{
    ReplayVerdict v;
    const AssetReplay replay = replayAsset(asset);
    v.ok = replay.ok;
    const std::size_t n = asset.boundaries.size();
    // where the replay stopped: a differing boundary, or the boundary a solver failure fell in
    std::int64_t failedAt = replay.boundary;
    if (replay.solverFailed && failedAt < 0) failedAt = static_cast<std::int64_t>(replay.boundariesChecked);
    for (std::size_t i = 0; i < n; ++i) {
        const Json& b = asset.boundaries[i];
        BoundaryVerdict row;
        row.tick = b.contains("tick") && b["tick"].is_number_integer() ? b["tick"].get<qint64>() : 0;
        row.time = b.contains("time") && b["time"].is_number() ? b["time"].get<double>() : 0.0;
        const auto k = static_cast<std::int64_t>(i);
        if (replay.ok || (failedAt >= 0 && k < failedAt) || (failedAt < 0 && i < replay.boundariesChecked)) {
            row.result = BoundaryVerdict::Result::Pass;
        } else if (k == failedAt) {
            row.result = BoundaryVerdict::Result::Fail;
            row.difference = replay.solverFailed
                                 ? trAssetIo("solver failure at %1: %2")
                                       .arg(QString::fromStdString(replay.error.subject), QString::fromStdString(replay.message))
                                 : QString::fromStdString(replay.field + ": " + replay.message);
        }
        v.boundaries << row;
    }
    v.finalHashCompared = replay.ok || (!replay.solverFailed && replay.boundary < 0);
    v.finalHashOk = replay.ok;
    if (replay.ok) {
        v.summary = trAssetIo("PASS: %1 boundaries and the final state hash %2 reproduced bit for bit")
                        .arg(replay.boundariesChecked)
                        .arg(QString::fromStdString(toHex16(asset.finalStateHash)));
    } else if (replay.solverFailed) {
        v.summary = trAssetIo("FAIL: the replay failed in the solver (%1: %2)")
                        .arg(QString::fromStdString(replay.error.subject), QString::fromStdString(replay.message));
    } else if (replay.boundary >= 0) {
        v.summary = trAssetIo("FAIL at boundary %1 of %2: %3: %4")
                        .arg(replay.boundary)
                        .arg(n)
                        .arg(QString::fromStdString(replay.field), QString::fromStdString(replay.message));
    } else {
        v.summary = trAssetIo("FAIL: every boundary matched, but the final state differs: %1").arg(QString::fromStdString(replay.message));
    }
    return v;
}

AssetFacts assetFacts(const Asset& asset)
{
    return {static_cast<qint64>(asset.version), static_cast<qint64>(asset.boundaries.size()), static_cast<qint64>(asset.ticks),
            QString::fromStdString(toHex16(asset.fingerprint)), QString::fromStdString(toHex16(asset.finalStateHash))};
}

} // namespace drivelab
