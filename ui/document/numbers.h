#pragma once
// Strict number text for the editor: C-locale parsing that accepts only complete,
// finite numbers, the shortest round-trip display form, and exact decimal <-> integer
// conversion for the nanosecond run settings (no floating point on the way).
#include <QString>

#include <cstdint>
#include <optional>

namespace drivelab {

/// how far a piece of text is from a number
enum class NumberTextState { Invalid, Intermediate, Acceptable };

/// classify text as a real number (integerOnly: no fraction, no exponent)
NumberTextState classifyNumber(const QString& text, bool integerOnly);
/// the finite value of complete number text, or nullopt
std::optional<double> parseNumber(const QString& text);
/// the value of complete whole-number text, or nullopt
std::optional<std::int64_t> parseWholeNumber(const QString& text);
/// shortest text that reads back to the same double ("100", "0.1", "1e-05")
QString formatNumber(double v);
/// value with at most `digits` significant digits (for converted display units)
QString formatNumberDigits(double v, int digits);
/// "1.25" with `decimals` = 9 -> 1250000000; nullopt for negative, malformed or too precise text
std::optional<std::int64_t> parseScaled(const QString& text, int decimals);
/// 1250000000 with `decimals` = 9 -> "1.25"
QString formatScaled(std::int64_t value, int decimals);

} // namespace drivelab
