// drivelab-cli export and verify: portable assets (LAB_FORMAT sections 4 and 6, docs/ASSETS.md).
#include <cstdio>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "cli/shared.h"
#include "io/atomicfile.h"
#include "io/modelfile.h"
#include "spec/labreader.h"
#include "util/hash.h"
#include "util/textescape.h"

namespace drivelab::cli {

ExportOutcome exportAsset(const std::string& file, const std::string& output, const LoadedLab& lab)
{
    ExportOutcome out;
    // refuse early, before recording, when the asset would be over the limit
    const std::uint64_t estimate = estimateAssetBytes(lab.model);
    if (estimate > kMaxInputBytes) {
        out.errors = printableText(file) + ": -: run.report_every_ticks: the asset would be about " + std::to_string(estimate) +
                     " bytes (" + std::to_string(lab.model->boundaryCount()) + " boundaries), over the " + std::to_string(kMaxInputBytes) +
                     "-byte limit every reader enforces; report less often\n";
        return out;
    }
    AssetExport rec = recordAsset(lab.model);
    if (rec.books) {
        out.errors = bookProblemLine(file, *rec.books, false) + "\n";
        return out;
    }
    if (!rec.asset) {
        out.errors = solverFailureLine(file, rec.error) + "\n";
        return out;
    }
    std::string text = writeAsset(*rec.asset);
    if (text.size() > kMaxInputBytes) {
        out.errors = printableText(file) + ": -: run.report_every_ticks: the asset would be " + std::to_string(text.size()) +
                     " bytes, over the " + std::to_string(kMaxInputBytes) + "-byte limit every reader enforces; report less often\n";
        return out;
    }
    // never write an asset this build could not read back
    const AssetReadResult back = readAsset(text);
    if (!back.asset) {
        out.errors = printableText(file) + ": -: -: internal error: the recorded asset does not read back; nothing written:\n" +
                     diagnosticLines(output, back.diagnostics);
        return out;
    }
    out.asset = std::move(rec.asset);
    out.text = std::move(text);
    return out;
}

VerifyOutcome verifyAsset(const std::string& file, const AssetReadResult& r)
{
    VerifyOutcome out;
    out.errors = diagnosticLines(file, r.diagnostics);
    if (!r.asset) return out;
    const AssetReplay replay = replayAsset(*r.asset);
    if (replay.solverFailed) {
        out.errors += printableText(file) + ": " + printableText(replay.error.subject) + ": " + replay.field + ": " +
                      printableText(replay.message) + "\n";
        return out;
    }
    if (replay.booksFailed) {
        BookProblem p{replay.error.tick, replay.error.time, replay.error.subject, replay.field, replay.message};
        out.errors += bookProblemLine(file, p, false) + "\n";
        return out;
    }
    if (!replay.ok) {
        out.errors +=
            printableText(file) + ": -: " + printableText(replay.field) + ": the replay differs: " + printableText(replay.message) + "\n";
        return out;
    }
    out.ok = true;
    out.summary = printableText(file) + ": verified: asset version " + std::to_string(r.asset->version) + ", " +
                  std::to_string(replay.boundariesChecked) + " boundaries and final state " + toHex16(r.asset->finalStateHash) +
                  " reproduced bit for bit (fingerprint " + toHex16(r.asset->fingerprint) + ", signature " + toHex16(r.asset->signature) +
                  ")";
    return out;
}

int cmdExport(const std::vector<std::string>& argv)
{
    Args a;
    ArgSpec spec;
    spec.output = spec.requireOutput = spec.quiet = true;
    if (!parseArgs(argv, "export", spec, a)) return Invalid;
    if (a.help) return Ok;
    const ReadLog read;
    const LoadedLab lab = loadModelFile(a.file);
    printDiagnostics(a.file, lab.diagnostics);
    if (!lab.model || !outputIsNotRead(read, a.output, "export")) return Invalid;
    const ExportOutcome rec = exportAsset(a.file, a.output, lab);
    if (!rec.asset) {
        std::fputs(rec.errors.c_str(), stderr);
        return Invalid;
    }
    std::string error;
    if (!writeFileAtomic(a.output, rec.text, error)) {
        std::fprintf(stderr, "%s: -: -: %s\n", printableText(a.output).c_str(), error.c_str());
        return Invalid;
    }
    if (!a.quiet) {
        std::printf("%s: asset version %d: %zu boundaries over %lld ticks, fingerprint %s, final state %s, signature %s\n",
                    printableText(a.output).c_str(), rec.asset->version, rec.asset->boundaries.size(),
                    static_cast<long long>(rec.asset->ticks), toHex16(rec.asset->fingerprint).c_str(),
                    toHex16(rec.asset->finalStateHash).c_str(), toHex16(rec.asset->signature).c_str());
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
    if (a.help) return Ok;
    const VerifyOutcome v = verifyAsset(a.file, readAssetFile(a.file));
    std::fputs(v.errors.c_str(), stderr);
    if (!v.ok) return Invalid;
    if (!a.quiet) std::printf("%s\n", v.summary.c_str());
    return Ok;
}

} // namespace drivelab::cli
