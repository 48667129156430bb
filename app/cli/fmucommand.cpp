// drivelab-cli export-fmu: a lab as an FMI 3.0 or FMI 2.0 co-simulation FMU (docs/FMI.md).
#include <cstdio>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "cli/usage.h"
#include "fmufile.h"
#include "io/modelfile.h"
#include "util/hash.h"
#include "util/textescape.h"

namespace drivelab::cli {

namespace {

/// the arguments of export-fmu: the repeatable options are lists
struct FmuArgs {
    std::string file;
    std::string output;
    fmi::FmuSelection selection;
    bool quiet = false;
    bool help = false;
};

bool fmuUsageError(const std::string& message)
{
    std::fprintf(stderr, "drivelab-cli export-fmu: %s\n", printableText(message).c_str());
    return false;
}

bool parseFmuArgs(const std::vector<std::string>& in, FmuArgs& a)
{
    bool haveFmi = false, haveOutput = false;
    for (std::size_t i = 0; i < in.size(); ++i) {
        const std::string& s = in[i];
        if (isHelpOption(s)) {
            a.help = printCommandUsage("export-fmu");
            return true;
        }
        const bool takesValue = s == "--output" || s == "--fmi" || s == "--input" || s == "--output-var" || s == "--parameter";
        if (takesValue && i + 1 >= in.size()) return fmuUsageError("option '" + s + "' needs a value");
        if (s == "--quiet") {
            if (a.quiet) return fmuUsageError("option '--quiet' given twice; give it once");
            a.quiet = true;
        } else if (s == "--output") {
            if (haveOutput) return fmuUsageError("option '--output' given twice; give it once");
            haveOutput = true;
            a.output = in[++i];
        } else if (s == "--fmi") {
            if (haveFmi) return fmuUsageError("option '--fmi' given twice; give it once");
            haveFmi = true;
            const std::string& v = in[++i];
            if (v != "3" && v != "2") return fmuUsageError("--fmi takes 3 or 2, got '" + v + "'");
            a.selection.fmiVersion = v == "3" ? 3 : 2;
        } else if (s == "--input") {
            a.selection.inputs.push_back(in[++i]);
        } else if (s == "--output-var") {
            a.selection.outputs.push_back(in[++i]);
        } else if (s == "--parameter") {
            a.selection.parameters.push_back(in[++i]);
        } else if (s.size() > 1 && s[0] == '-') {
            return fmuUsageError("unknown option '" + s + "'");
        } else if (a.file.empty() && !s.empty()) {
            a.file = s;
        } else {
            return fmuUsageError("one lab file, got another argument '" + s + "'");
        }
    }
    if (a.file.empty()) return fmuUsageError("name a lab file (or a portable asset)");
    if (a.output.empty() || a.output == "-") return fmuUsageError("--output NAME.fmu is required");
    if (a.output.size() < 5 || a.output.compare(a.output.size() - 4, 4, ".fmu") != 0)
        return fmuUsageError("--output " + a.output + ": an FMU's file name ends in .fmu (the FMI standard)");
    return true;
}

} // namespace

int cmdExportFmu(const std::vector<std::string>& argv)
{
    FmuArgs a;
    if (!parseFmuArgs(argv, a)) return Invalid;
    if (a.help) return Ok;
    const ReadLog read;
    const LoadedLab lab = loadModelFile(a.file); // a lab, or a portable asset
    printDiagnostics(a.file, lab.diagnostics);
    if (!lab.model || !outputIsNotRead(read, a.output, "export-fmu")) return Invalid;
    fmi::FmuArchive fmu;
    fmi::FmuIdentity id;
    fmi::FmuExportFailure failure;
    if (!fmi::exportFmuFile(*lab.model, a.selection, a.output, fmu, id, failure)) {
        for (const std::string& e : failure.lines) {
            if (failure.step == fmi::FmuExportStep::Library)
                std::fprintf(stderr, "drivelab-cli export-fmu: %s\n", printableText(e).c_str());
            else if (failure.step == fmi::FmuExportStep::Build)
                std::fprintf(stderr, "%s: -: %s\n", printableText(a.file).c_str(), printableText(e).c_str());
            else
                std::fprintf(stderr, "%s: -: -: %s\n", printableText(a.output).c_str(), e.c_str());
        }
        return Invalid;
    }
    if (!a.quiet) {
        int outputs = 0, inputs = 0, parameters = 0;
        for (const fmi::FmuVariable& v : fmu.variables.vars) {
            outputs += v.kind == fmi::VarKind::Output;
            inputs += v.kind == fmi::VarKind::Input;
            parameters += v.kind == fmi::VarKind::Parameter;
        }
        std::printf("%s: FMI %d co-simulation FMU '%s': %d outputs, %d inputs, %d parameters, step %s s (the tick), "
                    "instantiation token %s\n",
                    printableText(a.output).c_str(), a.selection.fmiVersion, id.modelIdentifier.c_str(), outputs, inputs, parameters,
                    formatDouble(static_cast<double>(lab.model->tickNs) / 1e9).c_str(), fmu.variables.instantiationToken.c_str());
    }
    return Ok;
}

} // namespace drivelab::cli
