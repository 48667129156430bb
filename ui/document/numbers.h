#pragma once
// Strict number text for the editor: parsing that accepts only complete, finite numbers
// (a point is always the decimal separator; a comma is one too when the user's locale
// writes decimals with a comma), a reason for every refusal, the shortest round-trip display form, and exact decimal <-> integer
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
/// text with a lone decimal comma read as a point when the locale (QLocale()) writes decimals
/// with a comma ("0,5" -> "0.5" in German); otherwise the text unchanged
QString normalizeDecimal(const QString& text);
/// why text is not a number the field takes, for the user (empty when it is one)
QString numberRefusal(const QString& text, bool integerOnly);
/// why text is not an exact non-negative decimal with at most `decimals` decimals (empty when it is);
/// the grammar is every field's (an exponent is fine: "2e-3" is 0.002 exactly)
QString scaledRefusal(const QString& text, int decimals);
/// the value of complete whole-number text, or nullopt
std::optional<std::int64_t> parseWholeNumber(const QString& text);
/// shortest text that reads back to the same double, in plain digits unless the exponent form
/// is much shorter ("100", "0.1", "100000", "0.00001", "1.7e+09", "2.5e-09")
QString formatNumber(double v);
/// value rounded to `digits` significant digits, written as formatNumber writes it ("954930");
/// for reading: display units (UnitView) decide where rounding is right
QString formatNumberDigits(double v, int digits);
/// "1.25" or "125e-2" with `decimals` = 9 -> 1250000000, in decimal arithmetic (no floating point);
/// nullopt for negative, malformed, too precise or too large text
std::optional<std::int64_t> parseScaled(const QString& text, int decimals);
/// 1250000000 with `decimals` = 9 -> "1.25"
QString formatScaled(std::int64_t value, int decimals);

} // namespace drivelab
