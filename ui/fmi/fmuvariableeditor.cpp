#include "fmi/fmuvariableeditor.h"

#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QStyle>
#include <QTreeView>

#include "document/labdocument.h"
#include "fmi/fmuinfo.h"

namespace drivelab {

bool isFmuVariableField(const ComponentDescriptor& d, const ParameterDescriptor& p)
{
    const std::string_view name(p.name);
    return std::string_view(d.type) == "fmu" && (name == "output" || name == "speed_input");
}

FmuVariableEditor::FmuVariableEditor(LabDocument* document, ValueTarget target, const ParameterDescriptor& p, QWidget* parent)
    : FieldEditor(document, parent), m_target(std::move(target)), m_param(p),
      m_causality(std::string_view(p.name) == "speed_input" ? "input" : "output")
{
    m_combo = new QComboBox(parent);
    m_combo->setObjectName(QStringLiteral("fmuVariable_") + QString::fromLatin1(p.name));
    m_combo->setEditable(true);
    m_combo->setInsertPolicy(QComboBox::NoInsert);
    // the text is taken as typed: no inline completion, and Return does not swap a typed name for
    // a list entry that matches it case-insensitively (FMI names are case-sensitive)
    m_combo->setCompleter(nullptr);
    m_combo->setDuplicatesEnabled(true);
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_combo->setMinimumContentsLength(12);
    // the list: name, unit, description in columns
    m_model = new QStandardItemModel(0, 3, m_combo);
    auto* view = new QTreeView(m_combo);
    view->setRootIsDecorated(false);
    view->header()->hide();
    view->setAllColumnsShowFocus(true);
    m_combo->setModel(m_model);
    m_combo->setView(view);
    if (!p.required) m_combo->lineEdit()->setPlaceholderText(tr("(absent)"));
    refresh();
    connect(m_combo, &QComboBox::activated, this, [this](int row) {
        commit(m_model->item(row, 0)->data(Qt::UserRole).toString());
    });
    connect(m_combo->lineEdit(), &QLineEdit::editingFinished, this, [this] {
        commit(m_combo->currentText().trimmed());
    });
}

QWidget* FmuVariableEditor::widget() const { return m_combo; }

void FmuVariableEditor::refresh()
{
    const QSignalBlocker block(m_combo);
    const ComponentSpec* c = m_document->lab().findComponent(m_target.id);
    const FmuInfo info = c ? fmuInfo(m_document->lab(), *c) : FmuInfo{};
    m_model->removeRows(0, m_model->rowCount());
    const auto addRow = [this](const QString& value, const QString& name, const QString& unit, const QString& doc) {
        auto* item = new QStandardItem(name);
        item->setData(value, Qt::UserRole);
        item->setToolTip(doc);
        m_model->appendRow({item, new QStandardItem(unit), new QStandardItem(doc)});
    };
    if (!m_param.required) addRow(QString(), tr("(absent)"), QString(), tr("no FMU input is fed node_a's speed"));
    for (const FmuVariable* v : info.realVariables(m_causality)) {
        const QString name = QString::fromStdString(v->name);
        addRow(name, name, QString::fromStdString(v->unit), QString::fromStdString(v->description));
    }
    static_cast<QTreeView*>(m_combo->view())->resizeColumnToContents(0);
    static_cast<QTreeView*>(m_combo->view())->resizeColumnToContents(1);
    const auto v = SetValueCommand::current(m_document->lab(), m_target);
    const QString text = !v ? QString() : v->is_string() ? QString::fromStdString(v->get<std::string>()) : QString::fromStdString(v->dump());
    m_combo->setCurrentIndex(-1);
    m_combo->setEditText(text);
    const FmuVariable* known = info.fmu ? findRealVariable(info, text, m_causality) : nullptr;
    m_combo->lineEdit()->setStatusTip(known ? fmuVariableText(*known) : QString());
    m_refusal.clear();
    showMarks();
}

void FmuVariableEditor::setProblems(const QStringList& problems)
{
    m_problems = problems;
    showMarks();
}

void FmuVariableEditor::showMarks()
{
    QStringList all = m_problems;
    if (!m_refusal.isEmpty()) all.prepend(m_refusal);
    m_combo->setProperty("problem", !all.isEmpty());
    m_combo->setToolTip(all.join(QLatin1Char('\n')));
    m_combo->style()->unpolish(m_combo);
    m_combo->style()->polish(m_combo);
}

void FmuVariableEditor::commit(const QString& text)
{
    const ComponentSpec* c = m_document->lab().findComponent(m_target.id);
    if (!c) return;
    const FmuInfo info = fmuInfo(m_document->lab(), *c);
    m_refusal = fmuVariableRefusal(info, QString::fromStdString(m_target.id), QString::fromLatin1(m_param.name), text, m_causality);
    if (!m_refusal.isEmpty()) {
        // the typed text stays in the field, marked, so the user sees what was refused
        showMarks();
        emit hint(m_refusal);
        return;
    }
    showMarks();
    const std::optional<Json> value = text.isEmpty() ? std::nullopt : std::optional<Json>(Json(text.toStdString()));
    if (SetValueCommand::current(m_document->lab(), m_target) == value) return;
    m_document->push(new SetValueCommand(m_document, m_target, value));
}

} // namespace drivelab
