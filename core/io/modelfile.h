#pragma once
// Load a model from either kind of model file: a lab (`drivelab.lab`) or a portable
// asset (`drivelab.asset`), told apart by the document's `format`. What `run` reads.
#include <string>

#include "io/labfile.h"

namespace drivelab {

/// Read and compile the model at `path`. A lab is read exactly as loadLab reads it; an
/// asset passes every asset check (signature, fingerprint, schema, text form) first and
/// yields its recorded model.
LoadedLab loadModelFile(const std::string& path);
/// the same, from the file's text
LoadedLab loadModelText(const std::string& text, const std::string& baseDir = {});
/// the same, a lab's referenced files read by `files` (LabSpec::fileReader)
LoadedLab loadModelText(const std::string& text, const LabFileReader& files);

} // namespace drivelab
