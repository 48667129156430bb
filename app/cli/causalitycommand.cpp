// drivelab-cli causality LAB [--json]: bond-graph causality analysis (LAB_FORMAT section 5,
// docs/CAUSALITY.md). Exit 0 consistent, 2 conflict or invalid lab.
#include <cstdio>

#include "analysis/causality.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "compile/compiler.h"
#include "spec/labreader.h"
#include "util/textescape.h"

namespace drivelab::cli {

int cmdCausality(const std::vector<std::string>& argv)
{
    Args a;
    ArgSpec options;
    options.json = true;
    if (!parseArgs(argv, "causality", options, a)) return Invalid;
    const std::string& path = a.file;
    const bool json = a.json;
    // a lab the reader accepts is analysed even when the compiler refuses it: some conflicts
    // (a pressure source on a compliant node) are compile errors too, and are reported as conflicts
    Diagnostics diags;
    std::string text;
    std::optional<LabSpec> spec;
    if (readTextFile(path, text, diags)) {
        LabReadResult read = readLab(text);
        diags.append(read.diagnostics);
        spec = std::move(read.lab);
    }
    if (!spec) {
        // a lab that does not read: with --json still one valid document, nothing analysed
        if (json)
            printJson(Json{{"consistent", false}, {"bonds", Json::array()}, {"elements", Json::array()},
                           {"algebraic_loops", Json::array()}, {"conflicts", Json::array()}, {"lab_valid", false},
                           {"diagnostics", diagnosticsJson(diags)}});
        else printDiagnostics(path, diags);
        return Invalid;
    }
    const CompileResult compiled = compile(*spec);
    diags.append(compiled.diagnostics);
    const CausalityReport report =
        compiled.model ? analyzeCausality(*compiled.model, initialLockMask(*compiled.model)) : analyzeCausality(*spec);
    if (json) {
        Json out = causalityJson(report);
        out["lab_valid"] = compiled.model != nullptr;
        out["diagnostics"] = diagnosticsJson(diags);
        printJson(out);
    } else {
        std::printf("lab '%s'\n%s", printableText(spec->name).c_str(), printableLines(causalityText(report)).c_str());
        if (!compiled.model) std::puts("\nthe lab is invalid (see the problems on stderr)");
        printDiagnostics(path, diags);
        for (const auto& c : report.conflicts)
            std::fprintf(stderr, "%s: %s: causality: %s\n", printableText(path).c_str(),
                         printableText(c.elements.empty() ? "-" : c.elements.back()).c_str(), printableText(c.message).c_str());
    }
    return report.consistent && compiled.model ? Ok : Invalid;
}

} // namespace drivelab::cli
