#pragma once
// The grid of one 2-D table parameter: axis points and cells typed in display units, a block
// pasted from a spreadsheet (at a cell, or a whole map with its axes at the corner cell), rows
// (x points) and columns (y points) added and removed. Every change produces the whole new
// table; before it leaves (tableEdited, one command) it is checked with the core's own rules
// (checkTable2D): a change that would make an axis non-monotone, a value non-finite or out of
// its range is refused with the reason, naming the component and the field, and the table is
// kept as it was.
#include <QWidget>

#include "table2d/table2dmodel.h"

class QLabel;
class QTableView;
class QToolButton;

namespace drivelab {

/// editor of one Table2D parameter's points and values
class Table2DEditor : public QWidget {
    Q_OBJECT
public:
    explicit Table2DEditor(QWidget* parent = nullptr);

    /// the component and parameter edited (p: its descriptor, static)
    void setSubject(const QString& componentId, const ParameterDescriptor* p);
    /// show the spec's table
    void setTable(const Json& value);
    Table2DModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }

    /// why the core would refuse `next` where it does not refuse the table shown ("" when it takes it)
    QString whyNot(const Json& next) const;
    /// check a new table: emit tableEdited, or refuse it (false) with the reason
    bool propose(const Json& next, const QString& description);

    /// insert an x point after grid row `row` (0: before the first), values interpolated
    void addRow(int row);
    /// insert a y point after grid column `column`
    void addColumn(int column);
    /// remove the x points of these grid rows
    void removeRows(QList<int> rows);
    /// remove the y points of these grid columns
    void removeColumns(QList<int> columns);
    /// paste spreadsheet text at a grid cell (the corner: a whole map, its y axis on the first line)
    bool pasteText(const QString& text, int row, int column);
    /// the selected cells (all when none) as tab-separated text in display units
    QString copyText() const;
    /// select a grid cell
    void focusCell(int row, int column);

    /// show a refusal (reason in the hint line and the view's tooltip)
    void refuse(const QString& reason);
    /// the reason the last change was refused ("" when it was taken)
    QString lastRefusal() const { return m_lastRefusal; }

signals:
    /// the new table and a description of the change
    void tableEdited(const Json& table, const QString& description);
    /// a status hint
    void hint(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QList<int> selected(bool rows) const;
    void updateButtons();
    /// the field path "id: name.field" of a finding's field below the parameter
    QString subjectText(const QString& field) const;

    Table2DModel* m_model;
    QTableView* m_view;
    QLabel* m_hint;
    QToolButton* m_addRow;
    QToolButton* m_removeRow;
    QToolButton* m_addColumn;
    QToolButton* m_removeColumn;
    QString m_id;
    QString m_lastRefusal;
};

} // namespace drivelab
