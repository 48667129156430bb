#pragma once
// The files a lab refers to (a `csv` signal's `file`): where they are read from, and the lab
// rewritten to be saved in another folder with every relative reference still naming the
// same file, so a lab written elsewhere (a sweep's variant) runs wherever it is written.
#include <string>

#include "spec/labspec.h"

namespace drivelab {

/// the path `file` (a reference as written in the lab) is read from: relative to lab.baseDir
/// (the working directory when it is empty), or absolute as written
std::string labFilePath(const LabSpec& lab, const std::string& file);

/// make the lab's relative file references name the same files from `newBaseDir` (the folder
/// the lab is about to be written to; empty: the working directory) and set lab.baseDir to it.
/// A reference whose folder cannot be resolved becomes absolute. Nothing changes when the two
/// folders are the same. A lab whose files are read by a fileReader is left as it is. The part
/// files its instances use (NAME.part.json) are inlined into its `parts` (the fingerprint stays).
void relocateLabFiles(LabSpec& lab, const std::string& newBaseDir);

} // namespace drivelab
