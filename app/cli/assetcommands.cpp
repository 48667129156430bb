// drivelab-cli export and verify: portable assets (LAB_FORMAT sections 4 and 6, docs/ASSETS.md).
#include <cstdio>

#include "cli/commands.h"
#include "io/asset.h"
#include "io/atomicfile.h"
#include "io/modelfile.h"
#include "spec/labreader.h"
#include "util/hash.h"

namespace drivelab::cli {
namespace {

// FILE plus --output/--quiet; false (with a message) on a usage error
struct AssetArgs {
    std::string file;
    std::string output;
    bool quiet = false;
};

bool parseAssetArgs(const std::vector<std::string>& in, const char* cmd, const char* what, bool allowOutput, AssetArgs& a)
{
    for (std::size_t i = 0; i < in.size(); ++i) {
        const std::string& s = in[i];
        if (s == "--quiet") a.quiet = true;
        else if (allowOutput && s == "--output" && i + 1 < in.size()) a.output = in[++i];
        else if (!s.empty() && s[0] == '-') {
            std::fprintf(stderr, "drivelab-cli %s: unknown or incomplete option '%s'\n", cmd, s.c_str());
            return false;
        } else if (a.file.empty()) a.file = s;
        else {
            std::fprintf(stderr, "drivelab-cli %s: unexpected argument '%s'\n", cmd, s.c_str());
            return false;
        }
    }
    if (a.file.empty()) {
        std::fprintf(stderr, "drivelab-cli %s: name %s\n", cmd, what);
        return false;
    }
    if (allowOutput && a.output.empty()) {
        std::fprintf(stderr, "drivelab-cli %s: name the asset to write with --output ASSET\n", cmd);
        return false;
    }
    return true;
}

void printDiagnostics(const std::string& file, const Diagnostics& d)
{
    for (const auto& x : d.items()) std::fprintf(stderr, "%s\n", formatDiagnostic(file, x).c_str());
}

} // namespace

int cmdExport(const std::vector<std::string>& argv)
{
    AssetArgs a;
    if (!parseAssetArgs(argv, "export", "a lab file", true, a)) return Invalid;
    const LoadedLab lab = loadModelFile(a.file);
    printDiagnostics(a.file, lab.diagnostics);
    if (!lab.model) return Invalid;
    AssetExport rec = recordAsset(lab.model);
    if (!rec.asset) {
        std::fprintf(stderr, "%s: %s: tick %lld: solver failure: %s (a lab that does not run cannot be exported)\n",
                     a.file.c_str(), rec.error.subject.c_str(), static_cast<long long>(rec.error.tick), rec.error.message.c_str());
        return Invalid;
    }
    const std::string text = writeAsset(*rec.asset);
    if (text.size() > kMaxInputBytes) {
        std::fprintf(stderr, "%s: -: run.report_every_ticks: the asset would be %zu bytes, over the %zu-byte limit every reader "
                             "enforces; report less often\n", a.file.c_str(), text.size(), kMaxInputBytes);
        return Invalid;
    }
    // never write an asset this build could not read back
    const AssetReadResult back = readAsset(text);
    if (!back.asset) {
        std::fprintf(stderr, "%s: -: -: internal error: the recorded asset does not read back; nothing written:\n", a.file.c_str());
        printDiagnostics(a.output, back.diagnostics);
        return Invalid;
    }
    std::string error;
    if (!writeFileAtomic(a.output, text, error)) {
        std::fprintf(stderr, "%s: -: -: %s\n", a.output.c_str(), error.c_str());
        return Invalid;
    }
    if (!a.quiet) {
        std::printf("%s: asset version %d: %zu boundaries over %lld ticks, fingerprint %s, final state %s, signature %s\n",
                    a.output.c_str(), rec.asset->version, rec.asset->boundaries.size(), static_cast<long long>(rec.asset->ticks),
                    toHex16(rec.asset->fingerprint).c_str(), toHex16(rec.asset->finalStateHash).c_str(),
                    toHex16(rec.asset->signature).c_str());
    }
    return Ok;
}

int cmdVerify(const std::vector<std::string>& argv)
{
    AssetArgs a;
    if (!parseAssetArgs(argv, "verify", "an asset file", false, a)) return Invalid;
    const AssetReadResult r = readAssetFile(a.file);
    printDiagnostics(a.file, r.diagnostics);
    if (!r.asset) return Invalid;
    const AssetReplay replay = replayAsset(*r.asset);
    if (replay.solverFailed) {
        std::fprintf(stderr, "%s: %s: %s: %s\n", a.file.c_str(), replay.error.subject.c_str(), replay.field.c_str(),
                     replay.message.c_str());
        return Invalid;
    }
    if (!replay.ok) {
        std::fprintf(stderr, "%s: -: %s: the replay differs: %s\n", a.file.c_str(), replay.field.c_str(), replay.message.c_str());
        return Invalid;
    }
    if (!a.quiet) {
        std::printf("%s: verified: asset version %d, %zu boundaries and final state %s reproduced bit for bit "
                    "(fingerprint %s, signature %s)\n",
                    a.file.c_str(), r.asset->version, replay.boundariesChecked, toHex16(r.asset->finalStateHash).c_str(),
                    toHex16(r.asset->fingerprint).c_str(), toHex16(r.asset->signature).c_str());
    }
    return Ok;
}

} // namespace drivelab::cli
