#pragma once
// Editor of one table parameter: the points in a table view (typed cells, rows numbered
// as the core numbers them) with add, remove, move up/down, copy and paste from a
// spreadsheet. Every change produces the whole new table (tableEdited) for a command.
#include <QWidget>

#include "properties/tablemodel.h"

class QTableView;
class QToolButton;

namespace drivelab {

/// a table parameter editor
class TableEditor : public QWidget {
    Q_OBJECT
public:
    explicit TableEditor(QWidget* parent = nullptr);

    TableModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    /// row limits (from the descriptor)
    void setRowLimits(int minRows, int maxRows);
    /// select a cell (column -1: the whole row)
    void focusCell(int row, int column);

    /// insert a point after `row` (interpolated between neighbours)
    void addPoint(int row);
    /// remove these rows
    void removePoints(QList<int> rows);
    /// move a row up (-1) or down (+1)
    void movePoint(int row, int step);
    /// paste spreadsheet text at a cell; false (with a hint) when it holds no numbers
    bool pasteText(const QString& text, int row, int column);
    /// the selected rows as tab-separated text with a header line
    QString copyText() const;
    /// a cell entry was refused: say why (hint) and remember it for the tooltip
    void refuse(const QString& reason);
    /// the reason the last cell entry was refused (empty: the last entry was taken)
    QString lastRefusal() const { return m_lastRefusal; }

signals:
    /// the new table and a description of the change
    void tableEdited(const Json& rows, const QString& description);
    /// a status-bar hint
    void hint(const QString& text);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QList<int> selectedRows() const;
    int currentRow() const;
    void updateButtons();

    TableModel* m_model;
    QTableView* m_view;
    QToolButton* m_add;
    QToolButton* m_remove;
    QToolButton* m_up;
    QToolButton* m_down;
    QToolButton* m_paste;
    QString m_lastRefusal;
    int m_minRows = 0;
    int m_maxRows = 1 << 20;
};

} // namespace drivelab
