#include "document/numbers.h"

#include <QLocale>
#include <QObject>
#include <QRegularExpression>

#include <cmath>
#include <limits>

#include "util/jsonwrite.h"

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

NumberTextState classifyNumber(const QString& typed, bool integerOnly)
{
    const QString text = normalizeDecimal(typed);
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
    if (!m.captured(2).isEmpty() && !m.captured(1).contains(QRegularExpression(QStringLiteral("\\d")))) return NumberTextState::Invalid;
    return NumberTextState::Intermediate;
}

std::optional<double> parseNumber(const QString& typed)
{
    const QString text = normalizeDecimal(typed);
    static const QRegularExpression realFull(QStringLiteral(R"(^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$)"));
    if (!realFull.match(text).hasMatch()) return std::nullopt;
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
    const QString text = normalizeDecimal(typed);
    if (parseScaled(text, decimals)) return {};
    const QString t = text.trimmed();
    if (t.isEmpty()) return QObject::tr("A value is needed");
    if (t.startsWith(QLatin1Char('-'))) return QObject::tr("Cannot be negative");
    if (t.contains(QLatin1Char(',')))
        return QLocale().decimalPoint() == QLatin1String(",") ? QObject::tr("Use one decimal comma and no thousands separators")
                                                              : QObject::tr("A comma is not a decimal separator here: write 0.5, not 0,5");
    if (t.contains(QLatin1Char('e')) || t.contains(QLatin1Char('E')))
        return QObject::tr("Write it as a plain decimal number, without an exponent (%1)")
            .arg(decimals > 0 ? QStringLiteral("2.5") : QStringLiteral("100"));
    static const QRegularExpression plain(QStringLiteral(R"(^\+?(\d*)(?:\.(\d*))?$)"));
    const auto m = plain.match(t);
    if (m.hasMatch()) {
        if (decimals == 0 && t.contains(QLatin1Char('.'))) return QObject::tr("A whole number is needed");
        if (m.captured(1).isEmpty() && m.captured(2).isEmpty()) return QObject::tr("A point alone is not a number");
        if (m.captured(2).size() > decimals)
            return QObject::tr("At most %n decimals (stored exactly in whole nanoseconds)", nullptr, decimals);
        return QObject::tr("Too large");
    }
    return QObject::tr("\u201c%1\u201d is not a number").arg(t);
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

std::optional<std::int64_t> parseScaled(const QString& typed, int decimals)
{
    const QString text = normalizeDecimal(typed);
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
