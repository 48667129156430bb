#pragma once
// The platform's FMU loader (docs/FMI.md, "Import"): an FMU archive read, hashed, unpacked once
// into a private cache keyed by its content hash, its description read and its library opened.
// Installed into the core (setFmuLoader) by the programs that import FMUs; drivelab_fmu (the
// exported FMU's library) does not link this, so it gains no dependency (zlib, libdl).
#include <memory>
#include <string>

#include "components/common/fmuhost.h"

namespace drivelab {

/// the cache folder: $XDG_CACHE_HOME/drivelab/fmu, else $HOME/.cache/drivelab/fmu
std::string fmuCacheDir();

/// the FMU archive `bytes` (read from `name`, which messages name), unpacked to
/// fmuCacheDir()/HASH (once: an unpacked folder is reused) and loaded; the same archive loaded
/// again shares the open library. Null with `error` naming the file otherwise.
std::shared_ptr<const LoadedFmu> loadFmu(const std::string& name, std::string bytes, std::string& error);

/// install loadFmu as the core's FMU loader
void installFmuImport();

} // namespace drivelab
