#pragma once
// Spreadsheet text -> numbers: rows on lines, cells separated by tabs (what spreadsheets
// copy), semicolons, commas or spaces; a decimal comma is understood when cells are
// separated otherwise; a header line of words is skipped.
#include <QString>
#include <QVector>

#include <optional>

namespace drivelab {

/// the numbers of pasted text, one vector per line; nullopt (with `error`) when a cell is not a number
std::optional<QVector<QVector<double>>> parseSpreadsheet(const QString& text, QString* error = nullptr);

} // namespace drivelab
