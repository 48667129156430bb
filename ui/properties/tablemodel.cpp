#include "properties/tablemodel.h"

#include <QBrush>
#include <QColor>

#include <cmath>

#include "document/displayunits.h"
#include "document/numbers.h"

namespace drivelab {

TableModel::TableModel(QObject* parent) : QAbstractTableModel(parent)
{
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, [this] {
        if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        emit headerDataChanged(Qt::Horizontal, 0, columnCount() - 1);
    });
}

void TableModel::setTable(const Json& rows, std::span<const TableColumn> columns)
{
    const bool sameShape = rows.is_array() && m_rows.is_array() && rows.size() == m_rows.size() && columns.data() == m_columns.data() &&
                           columns.size() == m_columns.size();
    if (sameShape) {
        m_rows = rows;
        if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        return;
    }
    beginResetModel();
    m_rows = rows.is_array() ? rows : Json::array();
    m_columns = columns;
    endResetModel();
}

std::optional<double> TableModel::cell(int row, int column) const
{
    if (row < 0 || row >= rowCount() || column < 0 || column >= columnCount()) return std::nullopt;
    const Json& r = m_rows[static_cast<std::size_t>(row)];
    const char* key = m_columns[static_cast<std::size_t>(column)].name;
    if (!r.is_object() || !r.contains(key) || !r[key].is_number()) return std::nullopt;
    return r[key].get<double>();
}

Json TableModel::withCell(int row, int column, double si) const
{
    Json out = m_rows;
    Json& r = out[static_cast<std::size_t>(row)];
    if (!r.is_object()) r = Json::object();
    r[m_columns[static_cast<std::size_t>(column)].name] = si;
    return out;
}

void TableModel::setProblems(const QHash<QPair<int, int>, QStringList>& cells, const QHash<int, QStringList>& rows,
                             const QStringList& table)
{
    m_cellProblems = cells;
    m_rowProblems = rows;
    m_tableProblems = table;
    if (rowCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    if (rowCount() > 0) emit headerDataChanged(Qt::Vertical, 0, rowCount() - 1);
}

QStringList TableModel::problems(int row, int column) const
{
    if (column < 0) return m_rowProblems.value(row);
    return m_cellProblems.value({row, column});
}

int TableModel::rowCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_rows.size()); }

int TableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : static_cast<int>(m_columns.size()); }

QVariant TableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid()) return {};
    const int r = index.row(), c = index.column();
    const TableColumn& col = m_columns[static_cast<std::size_t>(c)];
    const auto v = cell(r, c);
    const QStringList cellProblems = m_cellProblems.value({r, c});
    const QStringList rowProblems = m_rowProblems.value(r);
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: {
        if (col.id) { // a component id, shown as the text it is
            const Json& row = m_rows[static_cast<std::size_t>(r)];
            if (!row.is_object() || !row.contains(col.name)) return QString();
            return row[col.name].is_string() ? QString::fromStdString(row[col.name].get<std::string>())
                                             : QString::fromStdString(row[col.name].dump());
        }
        if (!v) {
            const Json& row = m_rows[static_cast<std::size_t>(r)];
            return row.is_object() && row.contains(col.name) ? QString::fromStdString(row[col.name].dump()) : QString();
        }
        return DisplayUnits::instance().view(QString::fromLatin1(col.unit)).text(*v);
    }
    case kSiRole: return v ? QVariant(*v) : QVariant();
    case kUnitRole: return QString::fromLatin1(col.unit);
    case kIdRole: return col.id;
    case Qt::TextAlignmentRole: return int((col.id ? Qt::AlignLeft : Qt::AlignRight) | Qt::AlignVCenter);
    case Qt::BackgroundRole:
        if (!cellProblems.isEmpty()) return QBrush(QColor(0xfd, 0xd8, 0xdb));
        if (!rowProblems.isEmpty()) return QBrush(QColor(0xfe, 0xf0, 0xf1));
        return {};
    case Qt::ForegroundRole:
        if (!cellProblems.isEmpty()) return QBrush(QColor(0xa0, 0x10, 0x1b));
        return {};
    case Qt::ToolTipRole: {
        QStringList all = cellProblems + rowProblems;
        if (all.isEmpty()) return QString::fromLatin1(col.doc);
        return all.join(QLatin1Char('\n'));
    }
    default: return {};
    }
}

QVariant TableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal) {
        if (section < 0 || section >= columnCount()) return {};
        const TableColumn& col = m_columns[static_cast<std::size_t>(section)];
        if (role == Qt::DisplayRole) {
            const UnitView view = DisplayUnits::instance().view(QString::fromLatin1(col.unit));
            const QString name = QString::fromLatin1(col.name);
            return view.label.isEmpty() ? name : QStringLiteral("%1\n[%2]").arg(name, view.label);
        }
        if (role == Qt::ToolTipRole) return QString::fromLatin1(col.doc);
        return {};
    }
    if (role == Qt::DisplayRole) {
        // rows are numbered from 0, as in the core's field paths ("map[3]")
        const bool bad = m_rowProblems.contains(section) || [&] {
            for (auto it = m_cellProblems.cbegin(); it != m_cellProblems.cend(); ++it) {
                if (it.key().first == section) return true;
            }
            return false;
        }();
        return bad ? QStringLiteral("⚠ %1").arg(section) : QString::number(section);
    }
    if (role == Qt::ForegroundRole && m_rowProblems.contains(section)) return QBrush(QColor(0xa0, 0x10, 0x1b));
    return {};
}

Qt::ItemFlags TableModel::flags(const QModelIndex& index) const
{
    if (!index.isValid()) return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

bool TableModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || role != Qt::EditRole) return false;
    const TableColumn& col = m_columns[static_cast<std::size_t>(index.column())];
    if (col.id) {
        // an id is stored exactly as typed (the core names what is wrong with it on the cell)
        const QString text = value.toString();
        if (text == data(index, Qt::EditRole).toString()) return true;
        Json out = m_rows;
        Json& r = out[static_cast<std::size_t>(index.row())];
        if (!r.is_object()) r = Json::object();
        r[col.name] = text.toStdString();
        emit tableEdited(out, tr("Edit %1 of point %2").arg(QString::fromLatin1(col.name)).arg(index.row()));
        return true;
    }
    double si = 0.0;
    if (value.typeId() == QMetaType::Double) {
        si = value.toDouble();
    } else {
        // the text shown, given back unedited: the stored value stays bit for bit
        if (value.toString() == data(index, Qt::EditRole).toString()) return true;
        const auto shown = parseNumber(value.toString());
        if (!shown) return false; // garbage never reaches the table
        const UnitView view = DisplayUnits::instance().view(QString::fromLatin1(m_columns[static_cast<std::size_t>(index.column())].unit));
        si = view.fromDisplay(*shown);
    }
    if (!std::isfinite(si)) return false;
    if (cell(index.row(), index.column()) == si) return true;
    emit tableEdited(
        withCell(index.row(), index.column(), si),
        tr("Edit %1 of point %2").arg(QString::fromLatin1(m_columns[static_cast<std::size_t>(index.column())].name)).arg(index.row()));
    return true;
}

} // namespace drivelab
