#include "document/numbers.h"

#include <QRegularExpression>

#include <cmath>
#include <limits>

#include "util/jsonwrite.h"

namespace drivelab {

NumberTextState classifyNumber(const QString& text, bool integerOnly)
{
    static const QRegularExpression realFull(QStringLiteral(R"(^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$)"));
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
    if (!m.captured(2).isEmpty() && !m.captured(1).contains(QRegularExpression(QStringLiteral("\\d"))))
        return NumberTextState::Invalid;
    return NumberTextState::Intermediate;
}

std::optional<double> parseNumber(const QString& text)
{
    static const QRegularExpression realFull(QStringLiteral(R"(^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$)"));
    if (!realFull.match(text).hasMatch()) return std::nullopt;
    const QByteArray bytes = text.trimmed().toLatin1();
    char* end = nullptr;
    const double v = std::strtod(bytes.constData(), &end);
    if (end != bytes.constData() + bytes.size() || !std::isfinite(v)) return std::nullopt;
    return v;
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
    QString s = QString::fromStdString(formatDouble(v));
    if (s.endsWith(QLatin1String(".0"))) s.chop(2);
    return s;
}

QString formatNumberDigits(double v, int digits)
{
    if (!std::isfinite(v)) return QString();
    QString s = QString::number(v, 'g', digits);
    return s;
}

std::optional<std::int64_t> parseScaled(const QString& text, int decimals)
{
    static const QRegularExpression re(QStringLiteral(R"(^\s*\+?(\d*)(?:\.(\d*))?\s*$)"));
    const auto m = re.match(text);
    if (!m.hasMatch()) return std::nullopt;
    QString whole = m.captured(1);
    QString frac = m.captured(2);
    if (whole.isEmpty() && frac.isEmpty()) return std::nullopt;
    while (frac.size() > decimals && frac.endsWith(QLatin1Char('0'))) frac.chop(1);
    if (frac.size() > decimals) return std::nullopt;
    frac = frac.leftJustified(decimals, QLatin1Char('0'));
    const QString all = (whole.isEmpty() ? QStringLiteral("0") : whole) + frac;
    // at most 18 significant digits fit an int64 without overflow
    QString digits = all;
    while (digits.size() > 1 && digits.startsWith(QLatin1Char('0'))) digits.remove(0, 1);
    if (digits.size() > 18) return std::nullopt;
    bool ok = false;
    const qlonglong v = digits.toLongLong(&ok);
    if (!ok) return std::nullopt;
    return static_cast<std::int64_t>(v);
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
