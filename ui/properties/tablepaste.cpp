#include "properties/tablepaste.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include "document/numbers.h"

namespace drivelab {

std::optional<QVector<QVector<double>>> parseSpreadsheet(const QString& text, QString* error)
{
    QStringList lines = text.split(QRegularExpression(QStringLiteral("\r\n|\n|\r")), Qt::SkipEmptyParts);
    for (QString& l : lines) l = l.trimmed();
    lines.removeAll(QString());
    if (lines.isEmpty()) {
        if (error) *error = QCoreApplication::translate("TablePaste", "The clipboard holds no numbers");
        return std::nullopt;
    }
    const bool tabs = text.contains(QLatin1Char('\t'));
    const bool semicolons = !tabs && text.contains(QLatin1Char(';'));
    QRegularExpression sep;
    if (tabs)
        sep = QRegularExpression(QStringLiteral("\t"));
    else if (semicolons)
        sep = QRegularExpression(QStringLiteral(";"));
    else
        sep = QRegularExpression(QStringLiteral("[,\\s]+"));
    const bool decimalComma = tabs || semicolons;
    QVector<QVector<double>> out;
    for (int i = 0; i < lines.size(); ++i) {
        const QStringList cells = lines[i].split(sep, Qt::SkipEmptyParts);
        QVector<double> row;
        bool words = false;
        for (QString c : cells) {
            c = c.trimmed();
            if (decimalComma) c.replace(QLatin1Char(','), QLatin1Char('.'));
            const auto v = parseNumber(c);
            if (!v) {
                words = true;
                if (i > 0 || row.size() > 0) {
                    if (error) *error = QCoreApplication::translate("TablePaste", "Line %1: '%2' is not a number").arg(i + 1).arg(c);
                    return std::nullopt;
                }
                break;
            }
            row << *v;
        }
        if (words && i == 0) continue; // a header line
        if (!row.isEmpty()) out << row;
    }
    if (out.isEmpty()) {
        if (error) *error = QCoreApplication::translate("TablePaste", "The clipboard holds no numbers");
        return std::nullopt;
    }
    return out;
}

} // namespace drivelab
