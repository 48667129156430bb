// drivelab-cli export and verify: portable assets (LAB_FORMAT sections 4 and 6, docs/ASSETS.md).
#include <cstdio>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "io/asset.h"
#include "io/atomicfile.h"
#include "io/modelfile.h"
#include "spec/labreader.h"
#include "util/hash.h"
#include "util/textescape.h"

namespace drivelab::cli {

int cmdExport(const std::vector<std::string>& argv)
{
    Args a;
    ArgSpec spec;
    spec.output = spec.requireOutput = spec.quiet = true;
    if (!parseArgs(argv, "export", spec, a) || !outputIsNotInput(a.file, a.output, "export")) return Invalid;
    const LoadedLab lab = loadModelFile(a.file);
    printDiagnostics(a.file, lab.diagnostics);
    if (!lab.model) return Invalid;
    // refuse early, before recording, when the asset would be over the limit
    const std::uint64_t estimate = estimateAssetBytes(lab.model);
    if (estimate > kMaxInputBytes) {
        std::fprintf(stderr, "%s: -: run.report_every_ticks: the asset would be about %llu bytes (%lld boundaries), over the "
                             "%zu-byte limit every reader enforces; report less often\n",
                     printableText(a.file).c_str(), static_cast<unsigned long long>(estimate),
                     static_cast<long long>(lab.model->boundaryCount()), kMaxInputBytes);
        return Invalid;
    }
    AssetExport rec = recordAsset(lab.model);
    if (rec.books) {
        printBookProblem(a.file, *rec.books, false);
        return Invalid;
    }
    if (!rec.asset) {
        printSolverFailure(a.file, rec.error);
        return Invalid;
    }
    const std::string text = writeAsset(*rec.asset);
    if (text.size() > kMaxInputBytes) {
        std::fprintf(stderr, "%s: -: run.report_every_ticks: the asset would be %zu bytes, over the %zu-byte limit every reader "
                             "enforces; report less often\n", printableText(a.file).c_str(), text.size(), kMaxInputBytes);
        return Invalid;
    }
    // never write an asset this build could not read back
    const AssetReadResult back = readAsset(text);
    if (!back.asset) {
        std::fprintf(stderr, "%s: -: -: internal error: the recorded asset does not read back; nothing written:\n",
                     printableText(a.file).c_str());
        printDiagnostics(a.output, back.diagnostics);
        return Invalid;
    }
    std::string error;
    if (!writeFileAtomic(a.output, text, error)) {
        std::fprintf(stderr, "%s: -: -: %s\n", printableText(a.output).c_str(), error.c_str());
        return Invalid;
    }
    if (!a.quiet) {
        std::printf("%s: asset version %d: %zu boundaries over %lld ticks, fingerprint %s, final state %s, signature %s\n",
                    printableText(a.output).c_str(), rec.asset->version, rec.asset->boundaries.size(), static_cast<long long>(rec.asset->ticks),
                    toHex16(rec.asset->fingerprint).c_str(), toHex16(rec.asset->finalStateHash).c_str(),
                    toHex16(rec.asset->signature).c_str());
    }
    return Ok;
}

int cmdVerify(const std::vector<std::string>& argv)
{
    Args a;
    ArgSpec spec;
    spec.what = "an asset file";
    spec.quiet = true;
    if (!parseArgs(argv, "verify", spec, a)) return Invalid;
    const AssetReadResult r = readAssetFile(a.file);
    printDiagnostics(a.file, r.diagnostics);
    if (!r.asset) return Invalid;
    const AssetReplay replay = replayAsset(*r.asset);
    if (replay.solverFailed) {
        std::fprintf(stderr, "%s: %s: %s: %s\n", printableText(a.file).c_str(), printableText(replay.error.subject).c_str(),
                     replay.field.c_str(), printableText(replay.message).c_str());
        return Invalid;
    }
    if (replay.booksFailed) {
        BookProblem p{replay.error.tick, replay.error.time, replay.error.subject, replay.field, replay.message};
        printBookProblem(a.file, p, false);
        return Invalid;
    }
    if (!replay.ok) {
        std::fprintf(stderr, "%s: -: %s: the replay differs: %s\n", printableText(a.file).c_str(), printableText(replay.field).c_str(),
                     printableText(replay.message).c_str());
        return Invalid;
    }
    if (!a.quiet) {
        std::printf("%s: verified: asset version %d, %zu boundaries and final state %s reproduced bit for bit "
                    "(fingerprint %s, signature %s)\n",
                    printableText(a.file).c_str(), r.asset->version, replay.boundariesChecked, toHex16(r.asset->finalStateHash).c_str(),
                    toHex16(r.asset->fingerprint).c_str(), toHex16(r.asset->signature).c_str());
    }
    return Ok;
}

} // namespace drivelab::cli
