#pragma once
// Lab file reader: JSON text -> LabSpec, with a diagnostic for every structural problem.
#include <optional>
#include <string>
#include <string_view>

#include "spec/diagnostic.h"
#include "spec/labspec.h"

namespace drivelab {

/// largest lab or asset file accepted [bytes]
constexpr std::size_t kMaxInputBytes = 16u * 1024u * 1024u;
/// deepest JSON nesting accepted
constexpr int kMaxJsonDepth = 64;

/// result of reading a lab
struct LabReadResult {
    std::optional<LabSpec> lab; ///< present when the file is structurally sound
    Diagnostics diagnostics;    ///< every structural problem found
};

/// Parse JSON text under the size and depth limits, refusing duplicate keys.
/// On failure returns nullopt and records diagnostics.
std::optional<Json> parseJsonStrict(std::string_view text, Diagnostics& diags);

/// read a lab from JSON text
LabReadResult readLab(std::string_view text);
/// read a lab from an already parsed JSON value
LabReadResult readLabJson(const Json& root);
/// read a whole file into `out` (`-`: standard input); false (with a diagnostic) when
/// unreadable, too large, or not a regular file (a FIFO or device is refused, never waited on)
bool readTextFile(const std::string& path, std::string& out, Diagnostics& diags);

} // namespace drivelab
