#include "document/numbers.h"

#include <QLocale>
#include <QObject>
#include <QRegularExpression>

#include <charconv>
#include <cmath>
#include <limits>

namespace drivelab {

QString normalizeDecimal(const QString& text)
{
    // a comma counts only where the locale uses it, and only as the one separator
    if (QLocale().decimalPoint() != QLatin1String(",")) return text;
    if (text.count(QLatin1Char(',')) != 1 || text.contains(QLatin1Char('.'))) return text;
    QString t = text;
    t.replace(QLatin1Char(','), QLatin1Char('.'));
    return t;
}

namespace {

// the one grammar of a number in every field: sign, digits with one point, optional exponent
// (captures: 1 sign, 2 digits before the point, 3 digits after it, 4 digits of ".5", 5 exponent)
const QRegularExpression& numberGrammar()
{
    static const QRegularExpression re(QStringLiteral(R"(^\s*([+-]?)(?:(\d+)\.?(\d*)|\.(\d+))(?:[eE]([+-]?\d+))?\s*$)"));
    return re;
}

/// why decimal text is or is not an exact count of 10^-decimals units
enum class ScaledWhy { Ok, Empty, Negative, Comma, NotNumber, WholeNeeded, TooPrecise, TooLarge };

/// text (the number grammar, no sign but +) as an exact multiple of 10^-decimals, decimal
/// arithmetic only: "2.5" or "25e-1" with 9 decimals -> 2500000000
ScaledWhy scaleDecimal(const QString& typed, int decimals, std::int64_t* out)
{
    const QString text = normalizeDecimal(typed);
    const QString t = text.trimmed();
    if (t.isEmpty()) return ScaledWhy::Empty;
    const auto m = numberGrammar().match(text);
    if (!m.hasMatch()) return t.contains(QLatin1Char(',')) ? ScaledWhy::Comma : ScaledWhy::NotNumber;
    if (m.captured(1) == QLatin1String("-")) return ScaledWhy::Negative;
    QString digits = m.captured(2) + m.captured(3) + m.captured(4);
    // where the decimal point sits in `digits`, after the exponent moved it
    qlonglong point = m.captured(2).size();
    if (!m.captured(5).isEmpty()) {
        bool ok = false;
        const qlonglong e = m.captured(5).toLongLong(&ok);
        if (!ok || e > 400 || e < -400) {
            // an absurd exponent: zero stays zero, anything else is out of reach
            if (digits.count(QLatin1Char('0')) == digits.size()) {
                if (out) *out = 0;
                return ScaledWhy::Ok;
            }
            return m.captured(5).startsWith(QLatin1Char('-')) ? ScaledWhy::TooPrecise : ScaledWhy::TooLarge;
        }
        point += e;
    }
    // the units of 10^-decimals: the point moves `decimals` places right
    point += decimals;
    while (point > digits.size()) digits += QLatin1Char('0');
    while (point < digits.size()) {
        if (!digits.endsWith(QLatin1Char('0'))) return decimals == 0 ? ScaledWhy::WholeNeeded : ScaledWhy::TooPrecise;
        digits.chop(1);
    }
    while (digits.size() > 1 && digits.startsWith(QLatin1Char('0'))) digits.remove(0, 1);
    if (digits.isEmpty()) digits = QStringLiteral("0");
    // at most 18 significant digits fit an int64 without overflow
    if (digits.size() > 18) return ScaledWhy::TooLarge;
    if (out) *out = digits.toLongLong();
    return ScaledWhy::Ok;
}

} // namespace

NumberTextState classifyNumber(const QString& typed, bool integerOnly)
{
    const QString text = normalizeDecimal(typed);
    const QRegularExpression& realFull = numberGrammar();
    static const QRegularExpression realPart(QStringLiteral(R"(^\s*[+-]?(\d*\.?\d*)([eE][+-]?\d*)?\s*$)"));
    static const QRegularExpression intFull(QStringLiteral(R"(^\s*[+-]?\d+\s*$)"));
    static const QRegularExpression intPart(QStringLiteral(R"(^\s*[+-]?\d*\s*$)"));
    if (integerOnly) {
        if (intFull.match(text).hasMatch()) return parseWholeNumber(text) ? NumberTextState::Acceptable : NumberTextState::Intermediate;
        return intPart.match(text).hasMatch() ? NumberTextState::Intermediate : NumberTextState::Invalid;
    }
    if (realFull.match(text).hasMatch()) return parseNumber(text) ? NumberTextState::Acceptable : NumberTextState::Intermediate;
    // "1e" and "-" may become numbers; an exponent without mantissa digits may not
    const auto m = realPart.match(text);
    if (!m.hasMatch()) return NumberTextState::Invalid;
    if (!m.captured(2).isEmpty() && !m.captured(1).contains(QRegularExpression(QStringLiteral("\\d")))) return NumberTextState::Invalid;
    return NumberTextState::Intermediate;
}

std::optional<double> parseNumber(const QString& typed)
{
    const QString text = normalizeDecimal(typed);
    if (!numberGrammar().match(text).hasMatch()) return std::nullopt;
    const QByteArray bytes = text.trimmed().toLatin1();
    char* end = nullptr;
    const double v = std::strtod(bytes.constData(), &end);
    if (end != bytes.constData() + bytes.size() || !std::isfinite(v)) return std::nullopt;
    return v;
}

QString numberRefusal(const QString& typed, bool integerOnly)
{
    const QString text = normalizeDecimal(typed);
    const QString t = text.trimmed();
    if (classifyNumber(text, integerOnly) == NumberTextState::Acceptable) return {};
    if (t.isEmpty()) return QObject::tr("A value is needed");
    if (t.contains(QLatin1Char(','))) {
        return QLocale().decimalPoint() == QLatin1String(",")
                   ? QObject::tr("Use one decimal comma and no thousands separators (0,5 or 1500)")
                   : QObject::tr("A comma is not a decimal separator here: write 0.5, not 0,5");
    }
    if (integerOnly && classifyNumber(text, false) == NumberTextState::Acceptable)
        return QObject::tr("A whole number is needed (no decimals, no exponent)");
    static const QRegularExpression openExponent(QStringLiteral(R"([eE][+-]?$)"));
    if (openExponent.match(t).hasMatch()) return QObject::tr("The exponent has no digits: write 1e3 for 1000, or remove the e");
    if (t == QLatin1String("-") || t == QLatin1String("+") || t == QLatin1String(".") || t == QLatin1String("-.") ||
        t == QLatin1String("+."))
        return QObject::tr("A sign or a point alone is not a number");
    if (classifyNumber(text, false) == NumberTextState::Intermediate && !parseNumber(text) &&
        QRegularExpression(QStringLiteral(R"(^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)\s*$)")).match(text).hasMatch())
        return QObject::tr("Too large for a number (beyond about 1.8e308)");
    return QObject::tr("\u201c%1\u201d is not a number (digits, one point, an optional exponent such as 1e-3)").arg(t);
}

QString scaledRefusal(const QString& typed, int decimals)
{
    switch (scaleDecimal(typed, decimals, nullptr)) {
    case ScaledWhy::Ok: return {};
    case ScaledWhy::Empty: return QObject::tr("A value is needed");
    case ScaledWhy::Negative: return QObject::tr("Cannot be negative");
    case ScaledWhy::Comma:
        return QLocale().decimalPoint() == QLatin1String(",") ? QObject::tr("Use one decimal comma and no thousands separators")
                                                              : QObject::tr("A comma is not a decimal separator here: write 0.5, not 0,5");
    case ScaledWhy::WholeNeeded: return QObject::tr("A whole number is needed");
    case ScaledWhy::TooPrecise: return QObject::tr("At most %n decimals (stored exactly in whole nanoseconds)", nullptr, decimals);
    case ScaledWhy::TooLarge: return QObject::tr("Too large (at most 18 digits in all)");
    case ScaledWhy::NotNumber: break;
    }
    // the same reasons as every other number field ("1e" has no exponent digits, ...)
    return numberRefusal(typed, false);
}

std::optional<std::int64_t> parseWholeNumber(const QString& text)
{
    bool ok = false;
    const qlonglong v = text.trimmed().toLongLong(&ok, 10);
    if (!ok) return std::nullopt;
    return static_cast<std::int64_t>(v);
}

QString formatNumber(double v)
{
    if (!std::isfinite(v)) return QString();
    // the shortest text that reads back to v; plain digits unless the exponent form is much
    // shorter ("100000", not "1e+05"; "1.7e+09", not "1700000000")
    char buf[64];
    const auto sci = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
    const QString exponent = QString::fromLatin1(buf, static_cast<int>(sci.ptr - buf));
    const auto fixed = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
    if (fixed.ec == std::errc() && fixed.ptr - buf <= exponent.size() + 2) return QString::fromLatin1(buf, static_cast<int>(fixed.ptr - buf));
    return exponent;
}

QString formatNumberDigits(double v, int digits)
{
    if (!std::isfinite(v)) return QString();
    // round to `digits` significant digits, then write that number as formatNumber does
    const QByteArray rounded = QByteArray::number(v, 'g', digits);
    double r = std::strtod(rounded.constData(), nullptr);
    if (r == 0.0) r = 0.0; // no "-0"
    return formatNumber(r);
}

std::optional<std::int64_t> parseScaled(const QString& typed, int decimals)
{
    std::int64_t v = 0;
    if (scaleDecimal(typed, decimals, &v) != ScaledWhy::Ok) return std::nullopt;
    return v;
}

QString formatScaled(std::int64_t value, int decimals)
{
    const bool negative = value < 0;
    QString digits = QString::number(negative ? -static_cast<qulonglong>(value) : static_cast<qulonglong>(value));
    if (decimals > 0) {
        digits = digits.rightJustified(decimals + 1, QLatin1Char('0'));
        QString frac = digits.right(decimals);
        QString whole = digits.left(digits.size() - decimals);
        while (frac.endsWith(QLatin1Char('0'))) frac.chop(1);
        digits = frac.isEmpty() ? whole : whole + QLatin1Char('.') + frac;
    }
    return negative ? QLatin1Char('-') + digits : digits;
}

} // namespace drivelab
