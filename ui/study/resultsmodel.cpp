#include "study/resultsmodel.h"

#include <QBrush>
#include <QColor>

#include <cmath>
#include <limits>

#include "document/numbers.h"
#include "study/results.h"
#include "study/studyunits.h"
#include "util/hash.h"

namespace drivelab {

ResultsModel::ResultsModel(QObject* parent) : QAbstractTableModel(parent)
{
    // the table and the plot follow the display units
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, [this] {
        beginResetModel();
        endResetModel();
    });
}

void ResultsModel::reset(std::shared_ptr<const study::Study> s)
{
    beginResetModel();
    m_study = std::move(s);
    m_rows.clear();
    m_units = m_study ? resultUnits(*m_study) : std::vector<std::string>{};
    endResetModel();
}

QString ResultsModel::columnTitle(int c) const
{
    if (!m_study || c < 0 || c >= static_cast<int>(m_study->columns.size())) return {};
    const QString name = QString::fromStdString(m_study->columns[static_cast<std::size_t>(c)]);
    const std::size_t i = static_cast<std::size_t>(c);
    const QString unit = i < m_units.size() && !m_units[i].empty()
                             ? DisplayUnits::instance().view(QString::fromStdString(m_units[i])).label
                             : QString();
    return unit.isEmpty() ? name : QStringLiteral("%1 [%2]").arg(name, unit);
}

void ResultsModel::addRows(const std::vector<study::Row>& rows)
{
    if (rows.empty()) return;
    const int first = static_cast<int>(m_rows.size());
    beginInsertRows({}, first, first + static_cast<int>(rows.size()) - 1);
    m_rows.insert(m_rows.end(), rows.begin(), rows.end());
    endInsertRows();
}

std::map<std::size_t, std::string> ResultsModel::csvLines() const
{
    std::map<std::size_t, std::string> out;
    for (const study::Row& r : m_rows) out[r.index] = study::csvRow(r);
    return out;
}

int ResultsModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_rows.size()); }

int ResultsModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() || !m_study ? 0 : static_cast<int>(m_study->columns.size());
}

double ResultsModel::value(int r, int c) const
{
    const std::size_t i = static_cast<std::size_t>(c);
    const double si = siValue(r, c);
    if (c <= 0 || i >= m_units.size() || m_units[i].empty() || !std::isfinite(si)) return si;
    return DisplayUnits::instance().view(QString::fromStdString(m_units[i])).toDisplay(si);
}

double ResultsModel::siValue(int r, int c) const
{
    const double nan = std::numeric_limits<double>::quiet_NaN();
    if (r < 0 || r >= static_cast<int>(m_rows.size()) || !m_study) return nan;
    const study::Row& row = m_rows[static_cast<std::size_t>(r)];
    const int nf = static_cast<int>(row.factors.size()), nm = static_cast<int>(row.metrics.size());
    if (c == 0) return static_cast<double>(row.index);
    if (c <= nf) return row.factors[static_cast<std::size_t>(c - 1)];
    if (c <= nf + nm) return row.metrics[static_cast<std::size_t>(c - 1 - nf)];
    if (c == nf + nm + 1) return row.residual;
    return nan;
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_study) return {};
    const study::Row& row = m_rows[static_cast<std::size_t>(index.row())];
    const int c = index.column();
    const int nf = static_cast<int>(row.factors.size()), nm = static_cast<int>(row.metrics.size());
    const bool numeric = c <= nf + nm + 1;
    if (role == Qt::BackgroundRole && !row.error.empty()) return QBrush(QColor(0xfd, 0xec, 0xee));
    if (role == Qt::TextAlignmentRole)
        return numeric ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (numeric) {
        const double v = value(index.row(), c);
        if (role == SortRole) return std::isfinite(v) ? QVariant(v) : QVariant();
        if (role == Qt::DisplayRole) {
            if (!std::isfinite(v)) return QString();
            // rounded for reading; the tooltip has the exact value the results file holds
            return c == 0 ? QString::number(row.index) : formatNumberDigits(v, 6);
        }
        if (role == Qt::ToolTipRole && std::isfinite(v)) {
            const std::size_t i = static_cast<std::size_t>(c);
            const QString si = QString::fromStdString(formatDouble(siValue(index.row(), c)));
            return i < m_units.size() && !m_units[i].empty()
                       ? si + QLatin1Char(' ') + DisplayUnits::pretty(QString::fromStdString(m_units[i]))
                       : si;
        }
        return {};
    }
    QString text;
    if (c == nf + nm + 2)
        text = row.fingerprint ? QString::fromStdString(toHex16(row.fingerprint)) : QString();
    else if (c == nf + nm + 3)
        text = row.error.empty() ? QString::fromStdString(toHex16(row.finalHash)) : QString();
    else
        text = QString::fromStdString(row.error);
    if (role == Qt::DisplayRole || role == SortRole || role == Qt::ToolTipRole) return text;
    return {};
}

QVariant ResultsModel::headerData(int section, Qt::Orientation o, int role) const
{
    if (o != Qt::Horizontal || !m_study || section < 0 || section >= static_cast<int>(m_study->columns.size())) return {};
    if (role == Qt::DisplayRole || role == Qt::ToolTipRole) return columnTitle(section);
    return {};
}

bool ResultsProxy::lessThan(const QModelIndex& a, const QModelIndex& b) const
{
    const QVariant x = a.data(ResultsModel::SortRole), y = b.data(ResultsModel::SortRole);
    // no value sorts after every value (ascending)
    if (!x.isValid() || !y.isValid()) return x.isValid() && !y.isValid();
    if (x.typeId() == QMetaType::Double && y.typeId() == QMetaType::Double) return x.toDouble() < y.toDouble();
    return x.toString() < y.toString();
}

} // namespace drivelab
