#include "fmufile.h"

#include <climits>
#include <fstream>
#include <sstream>
#include <unistd.h>

#include "compile/compiler.h"
#include "io/atomicfile.h"
#include "util/hash.h"

namespace drivelab::fmi {

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
    why = "the FMU library drivelab_fmu.so is neither beside the program (" + dir + ") nor in " + dir +
          "../lib/drivelab/: build the target drivelab_fmu (or install DriveLab)";
    return false;
}

FmuIdentity fmuIdentityFor(const Model& model, const std::string& outputPath)
{
    FmuIdentity id;
    id.modelIdentifier = modelIdentifierFor(outputPath);
    id.modelName = model.name.empty() ? id.modelIdentifier : model.name;
    id.description = "DriveLab lab " + id.modelName + " (fingerprint " + toHex16(model.fingerprint) + ")";
    return id;
}

bool exportFmuFile(const Model& model, const FmuSelection& sel, const std::string& outputPath, FmuArchive& out, FmuIdentity& id,
                   FmuExportFailure& failure)
{
    failure = {};
    // an imported FMU cannot run inside an exported one: its library loads no FMU and takes no other files
    if (!model.fmus.empty()) {
        failure.step = FmuExportStep::Build;
        for (const FmuBinding& b : model.fmus)
            failure.lines.push_back("component '" + b.component + "' imports the FMU '" + b.file +
                                    "': an exported FMU cannot run an imported FMU inside it; export a lab without it");
        return false;
    }
    std::string library, why;
    if (!readFmuLibrary(library, why)) {
        failure.step = FmuExportStep::Library;
        failure.lines.push_back(why);
        return false;
    }
    id = fmuIdentityFor(model, outputPath);
    // parameters are value paths of the lab as compiled (parts flattened): what the FMU sets them in
    const LabSpec spec = normalizedSpec(model);
    if (!buildFmu(model, spec, sel, id, library, out, failure.lines)) {
        failure.step = FmuExportStep::Build;
        return false;
    }
    if (!writeFileAtomic(outputPath, out.bytes, why)) {
        failure.step = FmuExportStep::Write;
        failure.lines.push_back(why);
        return false;
    }
    return true;
}

} // namespace drivelab::fmi
