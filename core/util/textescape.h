#pragma once
// Text that is safe to echo: what a user typed (an id, a path, a key) may hold control
// characters, terminal escape codes or bytes that are not UTF-8. Diagnostics print it
// through printableText, so a problem stays on one line, nothing reaches the terminal
// as a control sequence, and JSON output is always valid UTF-8.
#include <string>
#include <string_view>

#include "util/jsonwrite.h"

namespace drivelab {

/// `text` with every byte that is a control character (U+0000..U+001F, U+007F, the C1
/// controls U+0080..U+009F) or not part of a well-formed UTF-8 sequence written as `\xNN`
/// (two lowercase hex digits); well-formed printable UTF-8 is kept as it is
std::string printableText(std::string_view text);
/// printableText of each line of a multi-line text (the line ends are kept)
std::string printableLines(std::string_view text);
/// true when printableText(text) == text
bool isPrintableText(std::string_view text);
/// a copy of `value` whose every string and object key has gone through printableText
Json printableJson(const Json& value);

} // namespace drivelab
