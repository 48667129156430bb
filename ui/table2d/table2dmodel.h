#pragma once
// A 2-D table parameter (a mapped engine's torque map) as one grid, laid out as the file
// stores it: row 0 holds the y axis, column 0 the x axis, the cell (i + 1, j + 1) the value
// values[i][j] = f(x[i], y[j]); the corner (0, 0) names the axes. Values are shown in display
// units; the cells the core complains about are marked. The model never changes the spec: an
// edit produces the whole new table and emits edited(); the editor checks it and commits it.
#include <QAbstractTableModel>
#include <QHash>

#include <optional>

#include "spec/descriptor.h"
#include "util/jsonwrite.h"

namespace drivelab {

/// item model of one Table2D parameter
class Table2DModel : public QAbstractTableModel {
    Q_OBJECT
public:
    /// what a grid cell holds
    enum class Part { Corner, X, Y, Value };

    explicit Table2DModel(QObject* parent = nullptr);

    /// show a table of this parameter (p outlives the model: descriptors are static)
    void setTable(const Json& value, const ParameterDescriptor* p);
    const Json& table() const { return m_table; }
    const ParameterDescriptor* parameter() const { return m_param; }
    /// points on the x axis (grid rows - 1) and on the y axis (grid columns - 1)
    int nx() const;
    int ny() const;

    static Part partAt(int row, int column);
    /// the descriptor column of a grid cell: 0 x axis, 1 y axis, 2 values (-1 for the corner)
    int columnIndex(int row, int column) const;
    /// the SI value of a grid cell, or nullopt when missing or not a number
    std::optional<double> si(int row, int column) const;
    /// the table with one grid cell set (SI)
    Json withCell(int row, int column, double si) const { return withCell(m_table, row, column, si); }
    /// a table with one grid cell set (SI)
    static Json withCell(const Json& table, int row, int column, double si);
    /// the field path of a grid cell below the parameter ("x[2]", "y[0]", "values[2][1]")
    QString fieldAt(int row, int column) const;
    /// the grid cell of a field path below the parameter ((-1, -1) when it names none)
    QPair<int, int> cellOf(const QString& field) const;

    /// the core's problems by field path below the parameter ("" for the whole table)
    void setProblems(const QHash<QString, QStringList>& byField);
    QStringList problems(int row, int column) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    /// a double is an SI value; a string is display text (parsed strictly)
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

    /// roles of a cell's SI value and SI unit (NumberDelegate's)
    static constexpr int kSiRole = Qt::UserRole + 1;
    static constexpr int kUnitRole = Qt::UserRole + 2;

signals:
    /// the user changed the table (the editor checks and commits it)
    void edited(const Json& table, const QString& description);

private:
    Json m_table = Json::object();
    const ParameterDescriptor* m_param = nullptr;
    QHash<QString, QStringList> m_problems;
};

} // namespace drivelab
