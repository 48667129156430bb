// drivelab-cli causality LAB [--json]: bond-graph causality analysis (LAB_FORMAT section 5,
// docs/CAUSALITY.md). Exit 0 consistent, 2 conflict or invalid lab.
#include <cstdio>

#include "analysis/causality.h"
#include "cli/commands.h"
#include "compile/compiler.h"
#include "spec/labreader.h"

namespace drivelab::cli {

int cmdCausality(const std::vector<std::string>& args)
{
    std::string path;
    bool json = false;
    for (const std::string& a : args) {
        if (a == "--json") {
            json = true;
        } else if (!a.empty() && a[0] == '-') {
            std::fprintf(stderr, "drivelab-cli causality: unknown option '%s'\n", a.c_str());
            return Invalid;
        } else if (path.empty()) {
            path = a;
        } else {
            std::fprintf(stderr, "drivelab-cli causality: unexpected argument '%s'\n", a.c_str());
            return Invalid;
        }
    }
    if (path.empty()) {
        std::fputs("drivelab-cli causality: name a lab file\n", stderr);
        return Invalid;
    }
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
        for (const auto& d : diags.items()) std::fprintf(stderr, "%s\n", formatDiagnostic(path, d).c_str());
        return Invalid;
    }
    const CompileResult compiled = compile(*spec);
    diags.append(compiled.diagnostics);
    const CausalityReport report =
        compiled.model ? analyzeCausality(*compiled.model, initialLockMask(*compiled.model)) : analyzeCausality(*spec);
    if (json) {
        Json out = causalityJson(report);
        out["lab_valid"] = compiled.model != nullptr;
        Json list = Json::array();
        for (const auto& d : diags.items())
            list.push_back(Json{{"severity", d.severity == Severity::Error ? "error" : "warning"},
                                {"component", d.subject},
                                {"field", d.field},
                                {"message", d.message}});
        out["diagnostics"] = std::move(list);
        std::fputs(prettyJson(out).c_str(), stdout);
    } else {
        std::printf("lab '%s'\n%s", spec->name.c_str(), causalityText(report).c_str());
        if (!compiled.model) std::puts("\nthe lab is invalid (see the problems on stderr)");
        for (const auto& d : diags.items()) std::fprintf(stderr, "%s\n", formatDiagnostic(path, d).c_str());
        for (const auto& c : report.conflicts)
            std::fprintf(stderr, "%s: %s: causality: %s\n", path.c_str(), c.elements.empty() ? "-" : c.elements.back().c_str(),
                         c.message.c_str());
    }
    return report.consistent && compiled.model ? Ok : Invalid;
}

} // namespace drivelab::cli
