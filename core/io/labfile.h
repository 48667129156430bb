#pragma once
// Read and compile a lab file in one step (what `check` and `run` do).
#include <memory>
#include <optional>
#include <string>

#include "compile/compiler.h"
#include "spec/labreader.h"

namespace drivelab {

/// a lab read from disk and compiled
struct LoadedLab {
    std::optional<LabSpec> spec;        ///< present when the file is structurally sound
    std::shared_ptr<const Model> model; ///< present when the lab is valid
    Diagnostics diagnostics;            ///< everything found, in order
};

/// read and compile the lab at `path` (a csv signal's file is relative to the lab's directory)
LoadedLab loadLab(const std::string& path);
/// read and compile lab JSON text; `baseDir`: the directory csv signal files are relative to
/// (empty: the working directory)
LoadedLab loadLabText(const std::string& text, const std::string& baseDir = {});
/// the same, with the files it refers to read by `files` (LabSpec::fileReader)
LoadedLab loadLabText(const std::string& text, const LabFileReader& files);
/// the directory a lab file's relative paths are read from ("" for a bare file name)
std::string labBaseDir(const std::string& labPath);

} // namespace drivelab
