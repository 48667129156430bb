// drivelab-cli causality LAB [--json]: bond-graph causality analysis (LAB_FORMAT section 5,
// docs/CAUSALITY.md). Exit 0 consistent, 2 conflict or invalid lab.
#include <cstdio>

#include "analysis/causality.h"
#include "cli/args.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "cli/shared.h"
#include "compile/compiler.h"
#include "io/labfile.h"
#include "spec/labreader.h"
#include "util/textescape.h"

namespace drivelab::cli {

CausalityRun analyzeLabText(bool read, const std::string& text, const Diagnostics& readDiagnostics, const std::string& baseDir,
                            const LabFileReader& files)
{
    // a lab the reader accepts is analysed even when the compiler refuses it: some conflicts
    // (a pressure source on a compliant node) are compile errors too, and are reported as conflicts
    CausalityRun r;
    r.diagnostics = readDiagnostics;
    if (read) {
        LabReadResult lab = readLab(text);
        r.diagnostics.append(lab.diagnostics);
        r.spec = std::move(lab.lab);
        if (r.spec) {
            r.spec->baseDir = baseDir;
            r.spec->fileReader = files;
        }
    }
    if (!r.spec) return r;
    const CompileResult compiled = compile(*r.spec);
    r.diagnostics.append(compiled.diagnostics);
    r.labValid = compiled.model != nullptr;
    r.report = compiled.model ? analyzeCausality(*compiled.model, initialLockMask(*compiled.model)) : analyzeCausality(*r.spec);
    return r;
}

Json causalityDocument(const CausalityRun& r)
{
    if (!r.spec) {
        // a lab that does not read: still one valid document, nothing analysed
        return Json{{"consistent", false},
                    {"bonds", Json::array()},
                    {"elements", Json::array()},
                    {"algebraic_loops", Json::array()},
                    {"conflicts", Json::array()},
                    {"lab_valid", false},
                    {"diagnostics", diagnosticsJson(r.diagnostics)}};
    }
    Json out = causalityJson(r.report);
    out["lab_valid"] = r.labValid;
    out["diagnostics"] = diagnosticsJson(r.diagnostics);
    return out;
}

int cmdCausality(const std::vector<std::string>& argv)
{
    Args a;
    ArgSpec options;
    options.json = true;
    if (!parseArgs(argv, "causality", options, a)) return Invalid;
    if (a.help) return Ok;
    const std::string& path = a.file;
    Diagnostics readDiags;
    std::string text;
    const bool read = readTextFile(path, text, readDiags);
    const CausalityRun r = analyzeLabText(read, text, readDiags, path == "-" ? std::string() : labBaseDir(path));
    if (a.json) {
        printJson(causalityDocument(r));
        return r.spec && r.report.consistent && r.labValid ? Ok : Invalid;
    }
    if (!r.spec) {
        printDiagnostics(path, r.diagnostics);
        return Invalid;
    }
    std::printf("lab '%s'\n%s", printableText(r.spec->name).c_str(), printableLines(causalityText(r.report)).c_str());
    if (!r.labValid) std::puts("\nthe lab is invalid (see the problems on stderr)");
    printDiagnostics(path, r.diagnostics);
    for (const auto& c : r.report.conflicts)
        std::fprintf(stderr, "%s: %s: causality: %s\n", printableText(path).c_str(),
                     printableText(c.elements.empty() ? "-" : c.elements.back()).c_str(), printableText(c.message).c_str());
    return r.report.consistent && r.labValid ? Ok : Invalid;
}

} // namespace drivelab::cli
