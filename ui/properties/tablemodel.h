#pragma once
// A table parameter (motor torque curve, converter map) as an item model: one row per
// point, one column per descriptor column, values in display units, cells and rows
// the core complains about marked. The model never changes the spec itself: an edit
// produces the whole new table and emits tableEdited(); the owner pushes a command.
#include <QAbstractTableModel>
#include <QHash>

#include <span>

#include "spec/descriptor.h"
#include "util/jsonwrite.h"

namespace drivelab {

/// item model of one table parameter
class TableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    explicit TableModel(QObject* parent = nullptr);

    /// show a table with these columns
    void setTable(const Json& rows, std::span<const TableColumn> columns);
    /// the table shown
    const Json& table() const { return m_rows; }
    std::span<const TableColumn> columns() const { return m_columns; }
    /// value of a cell (SI), or nullopt when missing or not a number
    std::optional<double> cell(int row, int column) const;
    /// the table with one cell changed (SI)
    Json withCell(int row, int column, double si) const;

    /// problems: per cell, per row (no column) and for the whole table
    void setProblems(const QHash<QPair<int, int>, QStringList>& cells, const QHash<int, QStringList>& rows, const QStringList& table);
    /// problems of a cell (column -1: the row's own)
    QStringList problems(int row, int column) const;
    /// problems of the whole table
    QStringList tableProblems() const { return m_tableProblems; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    /// a double is an SI value; a string is display text (parsed strictly)
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

    /// role of the SI value of a cell
    static constexpr int kSiRole = Qt::UserRole + 1; // NumberDelegate::kSiRole
    /// role of the SI unit of a cell's column
    static constexpr int kUnitRole = Qt::UserRole + 2; // NumberDelegate::kUnitRole
    /// role: true for a column of component ids (edited as text)
    static constexpr int kIdRole = Qt::UserRole + 3; // NumberDelegate::kIdRole

signals:
    /// the user changed the table (the owner commits it)
    void tableEdited(const Json& rows, const QString& description);

private:
    Json m_rows = Json::array();
    std::span<const TableColumn> m_columns;
    QHash<QPair<int, int>, QStringList> m_cellProblems;
    QHash<int, QStringList> m_rowProblems;
    QStringList m_tableProblems;
};

} // namespace drivelab
