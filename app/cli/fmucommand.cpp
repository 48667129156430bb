// drivelab-cli export-fmu: a lab as an FMI 3.0 or FMI 2.0 co-simulation FMU (docs/FMI.md).
#include <climits>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/output.h"
#include "cli/usage.h"
#include "compile/compiler.h"
#include "fmuexport.h"
#include "io/atomicfile.h"
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

// the FMU library built beside this executable (or installed in ../lib/drivelab); false with why
bool readFmuLibrary(std::string& bytes, std::string& why)
{
    char self[PATH_MAX];
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    std::string dir = n > 0 ? std::string(self, static_cast<std::size_t>(n)) : std::string();
    dir = dir.substr(0, dir.find_last_of('/') + 1);
    for (const std::string& path : {dir + "drivelab_fmu.so", dir + "../lib/drivelab/drivelab_fmu.so"}) {
        std::ifstream f(path, std::ios::binary);
        if (!f) continue;
        std::ostringstream s;
        s << f.rdbuf();
        bytes = s.str();
        return true;
    }
    why = "the FMU library drivelab_fmu.so is neither beside drivelab-cli (" + dir + ") nor in " + dir +
          "../lib/drivelab/: build the target drivelab_fmu (or install DriveLab)";
    return false;
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
    std::string library, why;
    if (!readFmuLibrary(library, why)) {
        std::fprintf(stderr, "drivelab-cli export-fmu: %s\n", printableText(why).c_str());
        return Invalid;
    }
    fmi::FmuIdentity id;
    id.modelIdentifier = fmi::modelIdentifierFor(a.output);
    id.modelName = lab.model->name.empty() ? id.modelIdentifier : lab.model->name;
    id.description = "DriveLab lab " + id.modelName + " (fingerprint " + toHex16(lab.model->fingerprint) + ")";
    // parameters are value paths of the lab as compiled (parts flattened): what the FMU sets them in
    const LabSpec spec = normalizedSpec(*lab.model);
    fmi::FmuArchive fmu;
    std::vector<std::string> errors;
    if (!fmi::buildFmu(*lab.model, spec, a.selection, id, library, fmu, errors)) {
        for (const std::string& e : errors) std::fprintf(stderr, "%s: -: %s\n", printableText(a.file).c_str(), printableText(e).c_str());
        return Invalid;
    }
    if (!writeFileAtomic(a.output, fmu.bytes, why)) {
        std::fprintf(stderr, "%s: -: -: %s\n", printableText(a.output).c_str(), why.c_str());
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
