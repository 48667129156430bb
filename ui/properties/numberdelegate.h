#pragma once
// The cell editor of the table editors (1-D tables, converter maps, 2-D tables): a NumberEdit
// in the cell's display unit. Return, keypad Enter, Tab or a click elsewhere commit a complete
// number; Return on text that is not one keeps the editor open (amber, the reason in its
// tooltip); an unfinished entry that loses focus or is tabbed away from is refused with the
// reason, handed to `refuse`.
#include <QStyledItemDelegate>

#include <functional>

namespace drivelab {

/// a NumberEdit delegate for table views whose model gives a cell's SI value in kSiRole and its SI unit in kUnitRole
class NumberDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    /// the roles the model answers (TableModel's and Table2DModel's)
    static constexpr int kSiRole = Qt::UserRole + 1;
    static constexpr int kUnitRole = Qt::UserRole + 2;
    /// true for a column of component ids: a plain line edit, the text stored as typed
    static constexpr int kIdRole = Qt::UserRole + 3;

    NumberDelegate(std::function<void(const QString&)> refuse, QObject* parent);

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;

protected:
    bool eventFilter(QObject* object, QEvent* event) override;

private:
    std::function<void(const QString&)> m_refuse;
};

} // namespace drivelab
