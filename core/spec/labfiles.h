#pragma once
// The files a lab refers to (a `csv` signal's `file`): where they are read from, and the lab
// rewritten to be saved in another folder with every relative reference still naming the
// same file, so a lab written elsewhere (a sweep's variant) runs wherever it is written.
#include <string>
#include <vector>

#include "spec/labspec.h"

namespace drivelab {

/// the path `file` (a reference as written in the lab) is read from: relative to lab.baseDir
/// (the working directory when it is empty), or absolute as written
std::string labFilePath(const LabSpec& lab, const std::string& file);

/// the user's part library folders, searched in order for NAME.part.json after the lab's own
/// folder (drivelab-cli --parts-dir, the editor's part library setting; none by default). One
/// list for the process; a lab read through a LabFileReader (the MCP server) does not use it.
void setPartLibraryDirs(std::vector<std::string> dirs);
/// the folders setPartLibraryDirs set
std::vector<std::string> partLibraryDirs();
/// the first library folder's NAME.part.json that exists, or "" (none has it)
std::string libraryPartPath(const std::string& name);
/// where `lab` reads part NAME's file from: NAME.part.json beside the lab when it exists there,
/// else libraryPartPath(NAME), else the path beside the lab (which then does not read)
std::string partFilePath(const LabSpec& lab, const std::string& name);

/// make the lab's relative file references name the same files from `newBaseDir` (the folder
/// the lab is about to be written to; empty: the working directory) and set lab.baseDir to it.
/// A reference whose folder cannot be resolved becomes absolute. Nothing changes when the two
/// folders are the same. A lab whose files are read by a fileReader is left as it is. The part
/// files its instances use (partFilePath: beside it or in the library) are inlined into its
/// `parts` (the fingerprint stays).
void relocateLabFiles(LabSpec& lab, const std::string& newBaseDir);

} // namespace drivelab
