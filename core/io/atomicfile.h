#pragma once
// Whole-file writes that never leave a half-written file: write a temporary file
// beside the target, flush it to disk, then rename it over the target.
#include <string>

namespace drivelab {

/// write `data` to `path` atomically; false with a message on failure (the old file is intact)
bool writeFileAtomic(const std::string& path, const std::string& data, std::string& error);

} // namespace drivelab
