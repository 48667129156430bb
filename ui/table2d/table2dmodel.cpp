#include "table2d/table2dmodel.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QRegularExpression>

#include "document/displayunits.h"
#include "document/numbers.h"

namespace drivelab {

Table2DModel::Table2DModel(QObject* parent) : QAbstractTableModel(parent)
{
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, [this] {
        if (rowCount() > 0 && columnCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
        if (columnCount() > 0) emit headerDataChanged(Qt::Horizontal, 0, 0);
        if (rowCount() > 0) emit headerDataChanged(Qt::Vertical, 0, 0);
    });
}

void Table2DModel::setTable(const Json& value, const ParameterDescriptor* p)
{
    const int oldRows = rowCount(), oldColumns = columnCount();
    const Json next = value.is_object() ? value : Json::object();
    const auto count = [&next](const char* key) {
        return next.contains(key) && next[key].is_array() ? static_cast<int>(next[key].size()) : 0;
    };
    if (p == m_param && count("x") + 1 == oldRows && count("y") + 1 == oldColumns) {
        m_table = next;
        if (oldRows > 0 && oldColumns > 0) emit dataChanged(index(0, 0), index(oldRows - 1, oldColumns - 1));
        return;
    }
    beginResetModel();
    m_table = next;
    m_param = p;
    endResetModel();
}

int Table2DModel::nx() const { return m_table.contains("x") && m_table["x"].is_array() ? static_cast<int>(m_table["x"].size()) : 0; }

int Table2DModel::ny() const { return m_table.contains("y") && m_table["y"].is_array() ? static_cast<int>(m_table["y"].size()) : 0; }

Table2DModel::Part Table2DModel::partAt(int row, int column)
{
    if (row == 0 && column == 0) return Part::Corner;
    if (column == 0) return Part::X;
    if (row == 0) return Part::Y;
    return Part::Value;
}

int Table2DModel::columnIndex(int row, int column) const
{
    switch (partAt(row, column)) {
    case Part::X: return 0;
    case Part::Y: return 1;
    case Part::Value: return 2;
    default: return -1;
    }
}

std::optional<double> Table2DModel::si(int row, int column) const
{
    const Json* v = nullptr;
    const auto at = [](const Json& list, int i) -> const Json* {
        return list.is_array() && i >= 0 && i < static_cast<int>(list.size()) ? &list[static_cast<std::size_t>(i)] : nullptr;
    };
    switch (partAt(row, column)) {
    case Part::X: v = m_table.contains("x") ? at(m_table["x"], row - 1) : nullptr; break;
    case Part::Y: v = m_table.contains("y") ? at(m_table["y"], column - 1) : nullptr; break;
    case Part::Value:
        if (const Json* r = m_table.contains("values") ? at(m_table["values"], row - 1) : nullptr) v = at(*r, column - 1);
        break;
    default: break;
    }
    if (!v || !v->is_number()) return std::nullopt;
    return v->get<double>();
}

Json Table2DModel::withCell(const Json& table, int row, int column, double value)
{
    Json out = table;
    switch (partAt(row, column)) {
    case Part::X: out["x"][static_cast<std::size_t>(row - 1)] = value; break;
    case Part::Y: out["y"][static_cast<std::size_t>(column - 1)] = value; break;
    case Part::Value: out["values"][static_cast<std::size_t>(row - 1)][static_cast<std::size_t>(column - 1)] = value; break;
    default: break;
    }
    return out;
}

QString Table2DModel::fieldAt(int row, int column) const
{
    switch (partAt(row, column)) {
    case Part::X: return QStringLiteral("x[%1]").arg(row - 1);
    case Part::Y: return QStringLiteral("y[%1]").arg(column - 1);
    case Part::Value: return QStringLiteral("values[%1][%2]").arg(row - 1).arg(column - 1);
    default: return QString();
    }
}

QPair<int, int> Table2DModel::cellOf(const QString& field) const
{
    static const QRegularExpression re(QStringLiteral(R"(^(x|y|values)(?:\[(\d+)\])?(?:\[(\d+)\])?$)"));
    const auto m = re.match(field);
    if (!m.hasMatch() || m.captured(2).isEmpty()) return {-1, -1};
    const int a = m.captured(2).toInt();
    if (m.captured(1) == QLatin1String("x")) return {a + 1, 0};
    if (m.captured(1) == QLatin1String("y")) return {0, a + 1};
    return {a + 1, m.captured(3).isEmpty() ? 1 : m.captured(3).toInt() + 1};
}

void Table2DModel::setProblems(const QHash<QString, QStringList>& byField)
{
    m_problems = byField;
    if (rowCount() > 0 && columnCount() > 0) emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
}

QStringList Table2DModel::problems(int row, int column) const
{
    QStringList out = m_problems.value(fieldAt(row, column));
    // a values row the core refuses as a whole (wrong length) marks each of its cells
    if (partAt(row, column) == Part::Value) out += m_problems.value(QStringLiteral("values[%1]").arg(row - 1));
    return out;
}

int Table2DModel::rowCount(const QModelIndex& parent) const { return parent.isValid() || !m_param ? 0 : nx() + 1; }

int Table2DModel::columnCount(const QModelIndex& parent) const { return parent.isValid() || !m_param ? 0 : ny() + 1; }

QVariant Table2DModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || !m_param) return {};
    const int r = index.row(), c = index.column();
    const Part part = partAt(r, c);
    const int ci = columnIndex(r, c);
    const TableColumn* col = ci >= 0 ? &m_param->columns[static_cast<std::size_t>(ci)] : nullptr;
    const UnitView view = DisplayUnits::instance().view(col ? QString::fromLatin1(col->unit) : QString());
    const QStringList bad = problems(r, c);
    switch (role) {
    case Qt::DisplayRole:
    case Qt::EditRole: {
        if (part == Part::Corner) return QString(); // the headers beside it name the axes
        if (const auto v = si(r, c)) return view.text(*v);
        return QString();
    }
    case kSiRole: {
        const auto v = si(r, c);
        return v ? QVariant(*v) : QVariant();
    }
    case kUnitRole: return col ? QString::fromLatin1(col->unit) : QString();
    case Qt::TextAlignmentRole: return part == Part::Corner ? int(Qt::AlignCenter) : int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole: {
        if (part == Part::Value) return {};
        QFont f;
        f.setBold(true);
        return f;
    }
    case Qt::BackgroundRole:
        if (!bad.isEmpty()) return QBrush(QColor(0xfd, 0xd8, 0xdb));
        if (part == Part::Corner) return QBrush(QColor(0xe5, 0xe7, 0xeb));
        if (part != Part::Value) return QBrush(QColor(0xee, 0xf2, 0xf7));
        return {};
    case Qt::ForegroundRole:
        if (!bad.isEmpty()) return QBrush(QColor(0xa0, 0x10, 0x1b));
        if (part != Part::Value) return QBrush(QColor(0x1f, 0x3a, 0x5f));
        return {};
    case Qt::ToolTipRole: {
        if (!bad.isEmpty()) return bad.join(QLatin1Char('\n'));
        if (!col) return tr("Column 0: the %1 axis (x), one point per row. Row 0: the %2 axis (y), one point per column. Cells: %3.")
                             .arg(QString::fromLatin1(m_param->columns[0].name), QString::fromLatin1(m_param->columns[1].name),
                                  QString::fromLatin1(m_param->columns[2].name));
        return QStringLiteral("%1 — %2").arg(fieldAt(r, c), QString::fromLatin1(col->doc));
    }
    default: return {};
    }
}

QVariant Table2DModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (!m_param || (role != Qt::DisplayRole && role != Qt::ToolTipRole)) return {};
    // grid column 0 holds the x axis, row 0 the y axis: their headers name the axis with its display
    // unit; the points are numbered from 0 as the core's field paths ("x[2]", "values[2][1]")
    const TableColumn& axis = m_param->columns[orientation == Qt::Horizontal ? 0 : 1];
    if (section == 0) {
        if (role == Qt::ToolTipRole) return QString::fromLatin1(axis.doc);
        const QString u = DisplayUnits::instance().view(QString::fromLatin1(axis.unit)).label;
        return u.isEmpty() ? QString::fromLatin1(axis.name) : QStringLiteral("%1 [%2]").arg(QString::fromLatin1(axis.name), u);
    }
    if (role == Qt::ToolTipRole) return {};
    return QString::number(section - 1);
}

Qt::ItemFlags Table2DModel::flags(const QModelIndex& index) const
{
    if (!index.isValid()) return Qt::NoItemFlags;
    if (partAt(index.row(), index.column()) == Part::Corner) return Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsEditable;
}

bool Table2DModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (!index.isValid() || role != Qt::EditRole || !m_param) return false;
    const int r = index.row(), c = index.column();
    const int ci = columnIndex(r, c);
    if (ci < 0) return false;
    double v = 0.0;
    if (value.typeId() == QMetaType::Double) {
        v = value.toDouble();
    } else {
        // the text shown, given back unedited: the stored value stays bit for bit
        if (value.toString() == data(index, Qt::EditRole).toString()) return true;
        const auto shown = parseNumber(value.toString());
        if (!shown) return false; // garbage never reaches the table (the editor said why)
        v = DisplayUnits::instance().view(QString::fromLatin1(m_param->columns[static_cast<std::size_t>(ci)].unit)).fromDisplay(*shown);
    }
    // a non-finite double goes on to the editor's check, which refuses it with the reason
    if (si(r, c) == v) return true;
    emit edited(withCell(r, c, v), tr("Edit %1").arg(fieldAt(r, c)));
    return true;
}

} // namespace drivelab
