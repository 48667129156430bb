// check_lab, causality, export_asset and verify_asset: the commands' own functions
// (app/cli/shared.h), so each answer is what `check --json`, `causality --json`, `export` and
// `verify` give for the same input.
#include "cli/mcp/mcptools.h"
#include "cli/output.h"
#include "cli/shared.h"
#include "io/atomicfile.h"
#include "io/modelfile.h"
#include "spec/labreader.h"
#include "util/hash.h"
#include "util/textescape.h"

namespace drivelab::cli::mcp {

ToolResult toolCheckLab(const Json& args, CallContext& ctx)
{
    const LabText lab = labArgument(args["lab"], ctx, "lab");
    if (!lab.ok) return toolError(lab.error);
    const LoadedLab loaded = loadLabText(lab.text, lab.files);
    ToolResult r;
    r.structured = checkJson(loaded.diagnostics);
    r.text = diagnosticLines(lab.file, loaded.diagnostics);
    if (loaded.model)
        r.text += printableText(lab.file) + ": valid: " + std::to_string(loaded.model->nodes.size()) + " nodes, " +
                  std::to_string(loaded.model->components.size()) + " components, " + std::to_string(loaded.model->ticks) +
                  " ticks, fingerprint " + toHex16(loaded.model->fingerprint) + "\n";
    else
        r.text += printableText(lab.file) + ": invalid (the lines above say what to change)\n";
    return r;
}

ToolResult toolCausality(const Json& args, CallContext& ctx)
{
    const LabText lab = labArgument(args["lab"], ctx, "lab");
    if (!lab.ok) return toolError(lab.error);
    const CausalityRun run = analyzeLabText(true, lab.text, Diagnostics(), {}, lab.files);
    ToolResult r;
    r.structured = causalityDocument(run);
    if (run.spec) r.text = causalityText(run.report);
    r.text += diagnosticLines(lab.file, run.diagnostics);
    for (const auto& c : run.report.conflicts)
        r.text += printableText(lab.file) + ": " + printableText(c.elements.empty() ? "-" : c.elements.back()) +
                  ": causality: " + printableText(c.message) + "\n";
    return r;
}

ToolResult toolExportAsset(const Json& args, CallContext& ctx)
{
    const ReadLog read; // every file this call reads: the output may be none of them
    const LabText lab = labArgument(args["lab"], ctx, "lab");
    if (!lab.ok) return toolError(lab.error);
    std::string target, error;
    const std::string output = args.value("output", std::string());
    if (!output.empty() && (target = pathInRoot(output, true, ctx.config, "output", error)).empty()) return toolError(error);
    const LoadedLab loaded = loadModelText(lab.text, lab.files);
    if (!loaded.model) return toolError(diagnosticLines(lab.file, loaded.diagnostics));
    if (loaded.model->ticks > ctx.config.args.maxTicks)
        return toolError(printableText(lab.file) + ": -: run.duration_ns: " + std::to_string(loaded.model->ticks) +
                         " ticks, over this server's limit of " + std::to_string(ctx.config.args.maxTicks) + " (--max-ticks)\n");
    if (const std::string e = overwritesInput(read, target, output, "output"); !e.empty()) return toolError(e);
    ctx.log("info", "export_asset: recording " + lab.file);
    const ExportOutcome rec = exportAsset(lab.file, output.empty() ? "asset" : output, loaded);
    if (!rec.asset) return toolError(diagnosticLines(lab.file, loaded.diagnostics) + rec.errors);
    if (!target.empty() && !writeFileAtomic(target, rec.text, error)) return toolError(printableText(output) + ": -: -: " + error + "\n");
    const std::string uri = ctx.server.store("assets", "asset of " + lab.file, rec.text);
    ToolResult r;
    const Asset& a = *rec.asset;
    r.structured = Json{{"version", a.version},
                        {"ticks", a.ticks},
                        {"boundaries", a.boundaries.size()},
                        {"fingerprint", toHex16(a.fingerprint)},
                        {"final_state_hash", toHex16(a.finalStateHash)},
                        {"signature", toHex16(a.signature)},
                        {"bytes", rec.text.size()},
                        {"asset_uri", uri}};
    if (!output.empty()) r.structured["written"] = output;
    r.text = diagnosticLines(lab.file, loaded.diagnostics) + "asset version " + std::to_string(a.version) + ": " +
             std::to_string(a.boundaries.size()) + " boundaries over " + std::to_string(a.ticks) + " ticks, fingerprint " +
             toHex16(a.fingerprint) + ", final state " + toHex16(a.finalStateHash) + ", signature " + toHex16(a.signature) + "; resource " +
             uri + (output.empty() ? "" : ", written to " + output) + "\n";
    r.extraContent.push_back(Json{{"type", "resource_link"}, {"uri", uri}, {"name", "asset"}, {"mimeType", "application/json"}});
    return r;
}

ToolResult toolVerifyAsset(const Json& args, CallContext& ctx)
{
    const LabText asset = labArgument(args["asset"], ctx, "asset");
    if (!asset.ok) return toolError(asset.error);
    const AssetReadResult read = readAsset(asset.text);
    const VerifyOutcome v = verifyAsset(asset.file, read);
    if (!v.ok) return toolError(v.errors);
    ToolResult r;
    r.structured = Json{{"verified", true},
                        {"version", read.asset->version},
                        {"fingerprint", toHex16(read.asset->fingerprint)},
                        {"final_state_hash", toHex16(read.asset->finalStateHash)},
                        {"signature", toHex16(read.asset->signature)}};
    r.text = v.errors + v.summary + "\n";
    return r;
}

} // namespace drivelab::cli::mcp
