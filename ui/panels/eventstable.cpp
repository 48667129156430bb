#include "panels/eventstable.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLineEdit>
#include <QStyle>
#include <QValidator>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <set>

#include "commands/addeventcommand.h"
#include "commands/removeeventscommand.h"
#include "components/descriptors.h"
#include "document/numbers.h"
#include "panels/eventsmodel.h"
#include "properties/numberedit.h"

namespace drivelab {
namespace {

// exact seconds: Acceptable or Intermediate, never Invalid, so no keystroke is dropped
// ("-5" never becomes 5); Return on text that is not a time keeps the editor open
class TimeValidator : public QValidator {
public:
    using QValidator::QValidator;
    State validate(QString& input, int&) const override { return parseScaled(input, 9) ? Acceptable : Intermediate; }
};

// time in seconds (exact to the nanosecond), component and input from lists, value as a number
class EventDelegate : public QStyledItemDelegate {
public:
    EventDelegate(EventsTable* table, QObject* parent) : QStyledItemDelegate(parent), m_table(table) { }

    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        switch (index.column()) {
        case EventsModel::Time: {
            auto* e = new QLineEdit(parent);
            e->setValidator(new TimeValidator(e));
            e->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
            QObject::connect(e, &QLineEdit::textEdited, e, [e](const QString& t) {
                const QString why = scaledRefusal(t, 9);
                e->setProperty("unfinished", !why.isEmpty());
                e->setToolTip(why.isEmpty() ? QString() : QObject::tr("Not stored: %1").arg(why));
                e->style()->unpolish(e);
                e->style()->polish(e);
            });
            return e;
        }
        case EventsModel::Component:
        case EventsModel::Input: {
            auto* c = new QComboBox(parent);
            c->addItems(index.data(EventsModel::kChoicesRole).toStringList());
            return c;
        }
        case EventsModel::Value: {
            auto* e = new NumberEdit(parent);
            e->setUnit(index.data(EventsModel::kUnitRole).toString());
            return e;
        }
        }
        return QStyledItemDelegate::createEditor(parent, option, index);
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override
    {
        // the table is refreshed while a cell is edited (an edit's problems arrive after its event):
        // what the user typed stays; only an editor still showing what it was given is loaded again
        const QVariant loaded = editor->property("loadedText");
        if (loaded.isValid() && editorText(editor) != loaded.toString()) return;
        const QString text = index.data(Qt::EditRole).toString();
        if (auto* c = qobject_cast<QComboBox*>(editor))
            c->setCurrentText(text);
        else if (auto* e = qobject_cast<QLineEdit*>(editor))
            e->setText(text);
        editor->setProperty("loadedText", editorText(editor));
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override
    {
        if (auto* c = qobject_cast<QComboBox*>(editor)) {
            model->setData(index, c->currentText(), Qt::EditRole);
        } else if (auto* n = qobject_cast<NumberEdit*>(editor)) {
            if (!n->unfinished())
                model->setData(index, n->text(), Qt::EditRole);
            else if (n->edited())
                m_table->refuse(n->toolTip());
        } else if (auto* e = qobject_cast<QLineEdit*>(editor)) {
            if (e->hasAcceptableInput())
                model->setData(index, e->text(), Qt::EditRole);
            else
                m_table->refuse(e->toolTip());
        }
    }

protected:
    static QString editorText(const QWidget* editor)
    {
        if (auto* c = qobject_cast<const QComboBox*>(editor)) return c->currentText();
        if (auto* e = qobject_cast<const QLineEdit*>(editor)) return e->text();
        return {};
    }
    // Tab or Return away from a number or time that is refused: say why
    bool eventFilter(QObject* object, QEvent* event) override
    {
        if (event->type() == QEvent::KeyPress) {
            const int key = static_cast<QKeyEvent*>(event)->key();
            if (key == Qt::Key_Tab || key == Qt::Key_Backtab || key == Qt::Key_Return || key == Qt::Key_Enter) {
                if (auto* n = qobject_cast<NumberEdit*>(object); n && n->edited() && n->unfinished())
                    m_table->refuse(n->toolTip());
                else if (auto* e = qobject_cast<QLineEdit*>(object); e && !n && !e->hasAcceptableInput())
                    m_table->refuse(e->toolTip());
            }
        }
        return QStyledItemDelegate::eventFilter(object, event);
    }

private:
    EventsTable* m_table;
};

} // namespace

EventsTable::EventsTable(LabDocument* document, QWidget* parent)
    : QWidget(parent), m_document(document), m_model(new EventsModel(document, this))
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* bar = new QHBoxLayout;
    m_add = new QToolButton(this);
    m_add->setText(tr("+ Event"));
    m_add->setAutoRaise(true);
    m_add->setStatusTip(tr("Add an event that changes a component input at a given time"));
    m_remove = new QToolButton(this);
    m_remove->setText(tr("− Event"));
    m_remove->setAutoRaise(true);
    m_remove->setStatusTip(tr("Remove the selected events"));
    bar->addWidget(m_add);
    bar->addWidget(m_remove);
    bar->addStretch(1);
    layout->addLayout(bar);
    m_view = new QTableView(this);
    m_view->setModel(m_model);
    m_view->setItemDelegate(new EventDelegate(this, m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_view->verticalHeader()->setDefaultSectionSize(22);
    m_view->setAlternatingRowColors(true);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed | QAbstractItemView::AnyKeyPressed);
    layout->addWidget(m_view);
    connect(m_add, &QToolButton::clicked, this, &EventsTable::addEvent);
    connect(m_remove, &QToolButton::clicked, this, &EventsTable::removeSelected);
    connect(m_model, &QAbstractItemModel::modelReset, this, &EventsTable::updateButtons);
    connect(document, &LabDocument::changed, this, &EventsTable::updateButtons);
    updateButtons();
}

void EventsTable::setComponentFilter(const QString& id)
{
    m_model->setComponentFilter(id);
    m_view->setColumnHidden(EventsModel::Component, !id.isEmpty());
    updateButtons();
}

void EventsTable::refuse(const QString& reason)
{
    m_view->setToolTip(reason);
    emit hint(reason);
}

void EventsTable::updateButtons()
{
    bool any = false;
    for (const auto& c : m_document->lab().components) {
        const ComponentDescriptor* d = findComponentDescriptor(c.type);
        if (!d || d->inputs.empty()) continue;
        if (m_model->componentFilter().isEmpty() || m_model->componentFilter().toStdString() == c.id) any = true;
    }
    m_add->setEnabled(any);
    m_add->setToolTip(any ? QString() : tr("No component with inputs to schedule"));
    m_remove->setEnabled(m_model->rowCount() > 0);
}

void EventsTable::addEvent()
{
    const LabSpec& lab = m_document->lab();
    const ComponentSpec* target = nullptr;
    for (const auto& c : lab.components) {
        const ComponentDescriptor* d = findComponentDescriptor(c.type);
        if (!d || d->inputs.empty()) continue;
        if (m_model->componentFilter().isEmpty() || m_model->componentFilter().toStdString() == c.id) {
            target = &c;
            break;
        }
    }
    if (!target) return;
    const ComponentDescriptor* d = findComponentDescriptor(target->type);
    EventSpec e;
    e.component = target->id;
    e.input = d->inputs.front().name;
    // after the last event of the lab, at the initial value
    for (const auto& other : lab.events) e.timeNs = std::max(e.timeNs, other.timeNs);
    if (e.timeNs == 0) e.timeNs = lab.run.durationNs / 2;
    e.value = target->inputs.contains(e.input) && target->inputs[e.input].is_number() ? target->inputs[e.input].get<double>()
                                                                                      : d->inputs.front().initialDefault;
    const std::size_t at = lab.events.size();
    m_document->push(new AddEventCommand(m_document, e, at));
    focusEvent(static_cast<int>(at), EventsModel::Time);
}

void EventsTable::removeSelected()
{
    std::set<std::size_t> indices;
    for (const QModelIndex& i : m_view->selectionModel()->selectedIndexes()) indices.insert(m_model->eventIndex(i.row()));
    if (indices.empty() && m_view->currentIndex().isValid()) indices.insert(m_model->eventIndex(m_view->currentIndex().row()));
    if (indices.empty()) return;
    m_document->push(new RemoveEventsCommand(m_document, indices));
}

void EventsTable::focusEvent(int eventIndex, int column)
{
    const int row = m_model->rowOf(static_cast<std::size_t>(eventIndex));
    if (row < 0) return;
    const QModelIndex idx = m_model->index(row, column);
    m_view->setCurrentIndex(idx);
    m_view->scrollTo(idx);
    m_view->setFocus();
}

} // namespace drivelab
