#include "properties/numberdelegate.h"

#include <QKeyEvent>

#include "properties/numberedit.h"

namespace drivelab {

NumberDelegate::NumberDelegate(std::function<void(const QString&)> refuse, QObject* parent)
    : QStyledItemDelegate(parent), m_refuse(std::move(refuse))
{
}

QWidget* NumberDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    if (index.data(kIdRole).toBool()) return QStyledItemDelegate::createEditor(parent, option, index);
    auto* e = new NumberEdit(parent);
    e->setUnit(index.data(kUnitRole).toString());
    e->setFrame(false);
    return e;
}

void NumberDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const
{
    if (index.data(kIdRole).toBool()) return QStyledItemDelegate::setEditorData(editor, index);
    const QVariant v = index.data(kSiRole);
    static_cast<NumberEdit*>(editor)->setValue(v.isValid() ? std::optional<double>(v.toDouble()) : std::nullopt);
}

void NumberDelegate::setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const
{
    if (index.data(kIdRole).toBool()) return QStyledItemDelegate::setModelData(editor, model, index);
    auto* e = static_cast<NumberEdit*>(editor);
    // the NumberEdit has already handled Return itself (and cleared its modified flag):
    // compare with the text it was given, not with isModified()
    if (!e->edited()) return;
    if (e->unfinished()) {
        m_refuse(e->toolTip());
        return;
    }
    model->setData(index, e->text(), Qt::EditRole);
}

// Tab or Return away from text that is not a number: say why before the editor closes (Tab)
// or while it stays open (Return)
bool NumberDelegate::eventFilter(QObject* object, QEvent* event)
{
    if (event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent*>(event)->key();
        auto* e = qobject_cast<NumberEdit*>(object);
        if (e && (key == Qt::Key_Tab || key == Qt::Key_Backtab || key == Qt::Key_Return || key == Qt::Key_Enter) && e->edited() &&
            e->unfinished())
            m_refuse(e->toolTip());
    }
    return QStyledItemDelegate::eventFilter(object, event);
}

} // namespace drivelab
