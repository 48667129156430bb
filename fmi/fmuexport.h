#pragma once
// Assemble a DriveLab FMU (docs/FMI.md): the archive `drivelab-cli export-fmu` writes.
//
//   modelDescription.xml
//   binaries/x86_64-linux/<modelIdentifier>.so   (FMI 3)   binaries/linux64/<modelIdentifier>.so (FMI 2)
//   resources/lab.json            the normalized lab (what a portable asset records as its model)
//   resources/drivelab-fmu.json   the selection and the instantiation token
//   documentation/index.html      the lab, its variables and how the FMU steps
#include <string>
#include <vector>

#include "compile/model.h"
#include "fmuvariables.h"
#include "modeldescription.h"

namespace drivelab::fmi {

/// an assembled FMU
struct FmuArchive {
    std::string bytes;      ///< the zip
    FmuVariables variables; ///< what it declares
    std::string modelDescription; ///< modelDescription.xml
};

/// the model identifier for an FMU written to `outputPath`: the file's name without `.fmu`, every
/// character outside [A-Za-z0-9_] as '_', a leading digit prefixed with '_'
std::string modelIdentifierFor(const std::string& outputPath);

/// build the FMU of `model` (compiled from `spec`) for `sel` with the FMU library's bytes; false
/// with one line per problem in `errors`
bool buildFmu(const Model& model, const LabSpec& spec, const FmuSelection& sel, const FmuIdentity& id, const std::string& library,
              FmuArchive& out, std::vector<std::string>& errors);

} // namespace drivelab::fmi
