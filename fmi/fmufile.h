#pragma once
// Writing a DriveLab FMU to a file (docs/FMI.md): the one path `drivelab-cli export-fmu` and the
// editor's File > Export FMU… both take. It finds the FMU library built beside the running
// executable, names the FMU after the file, assembles it (fmuexport.h) and writes it atomically:
// the file is whole or untouched.
#include <string>
#include <vector>

#include "compile/model.h"
#include "fmuexport.h"

namespace drivelab::fmi {

/// which step refused
enum class FmuExportStep { Library, Build, Write };

/// why an export wrote nothing
struct FmuExportFailure {
    FmuExportStep step = FmuExportStep::Build;
    std::vector<std::string> lines; ///< one per problem (Build: per chosen variable refused)
};

/// the FMU library's bytes: drivelab_fmu.so beside the running executable or in
/// ../lib/drivelab/ (installed); false with why
bool readFmuLibrary(std::string& bytes, std::string& why);

/// the identity of an FMU of `model` written to `outputPath`: the model identifier from the
/// file's name, the lab's name, a description with its fingerprint
FmuIdentity fmuIdentityFor(const Model& model, const std::string& outputPath);

/// the FMU of `model` for `sel` written to `outputPath` (its parameters are value paths of the lab
/// as compiled, parts flattened); false with the step that refused and why, and nothing written
bool exportFmuFile(const Model& model, const FmuSelection& sel, const std::string& outputPath, FmuArchive& out, FmuIdentity& id,
                   FmuExportFailure& failure);

} // namespace drivelab::fmi
