#include "properties/fieldeditors.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QStyle>
#include <QTableView>

#include <algorithm>

#include "commands/connectcommand.h"
#include "commands/disconnectcommand.h"
#include "commands/renamecommand.h"
#include "document/displayunits.h"
#include "document/fieldpath.h"
#include "document/labdocument.h"
#include "document/numbers.h"
#include "document/portdomains.h"
#include "properties/numberedit.h"
#include "properties/tableeditor.h"

namespace drivelab {
namespace {

void markWidget(QWidget* w, const QStringList& problems, const QString& normalTip = {})
{
    w->setProperty("problem", !problems.isEmpty());
    w->setToolTip(problems.isEmpty() ? normalTip : problems.join(QLatin1Char('\n')));
    w->style()->unpolish(w);
    w->style()->polish(w);
}

} // namespace

void FieldEditor::setProblems(const QStringList& problems) { markWidget(widget(), problems); }

void FieldEditor::focusField(int, int) { widget()->setFocus(Qt::OtherFocusReason); }

// ---- id

IdEditor::IdEditor(LabDocument* document, const QString& id, QWidget* parent) : FieldEditor(document, parent), m_id(id)
{
    m_edit = new QLineEdit(parent);
    m_edit->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z][A-Za-z0-9_-]*")), m_edit));
    m_edit->setStatusTip(tr("Unique id: a letter, then letters, digits, _ or -. Ports, events and layout follow a rename."));
    connect(m_edit, &QLineEdit::editingFinished, this, &IdEditor::commit);
    refresh();
}

QWidget* IdEditor::widget() const { return m_edit; }

void IdEditor::refresh()
{
    if (!m_edit->hasFocus() || !m_edit->isModified()) {
        m_edit->setText(m_id);
        m_edit->setModified(false);
    }
}

void IdEditor::commit()
{
    const QString to = m_edit->text();
    if (to == m_id) return;
    const QString why = RenameCommand::whyNot(m_document->lab(), m_id.toStdString(), to.toStdString());
    if (!why.isEmpty()) {
        markWidget(m_edit, {why});
        emit hint(why);
        return;
    }
    markWidget(m_edit, {});
    m_edit->setModified(false);
    m_document->push(new RenameCommand(m_document, m_id.toStdString(), to.toStdString()));
}

// ---- port

PortEditor::PortEditor(LabDocument* document, const QString& component, const PortDescriptor& port, QWidget* parent)
    : FieldEditor(document, parent), m_component(component), m_port(port)
{
    m_combo = new QComboBox(parent);
    m_combo->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_combo->setMinimumContentsLength(8);
    m_combo->setStatusTip(QString::fromLatin1(port.doc));
    refresh();
    connect(m_combo, &QComboBox::activated, this, [this](int index) {
        const QString node = m_combo->itemData(index).toString();
        const ComponentSpec* c = m_document->lab().findComponent(m_component.toStdString());
        if (!c) return;
        const std::string* bound = c->port(m_port.name);
        if (node.isEmpty()) {
            if (bound) m_document->push(new DisconnectCommand(m_document, m_component.toStdString(), m_port.name));
        } else if (!bound || *bound != node.toStdString()) {
            m_document->push(new ConnectCommand(m_document, m_component.toStdString(), m_port.name, node.toStdString()));
        }
    });
}

QWidget* PortEditor::widget() const { return m_combo; }

void PortEditor::refresh()
{
    const QSignalBlocker block(m_combo);
    m_combo->clear();
    const LabSpec& lab = m_document->lab();
    const ComponentSpec* c = lab.findComponent(m_component.toStdString());
    const std::string* bound = c ? c->port(m_port.name) : nullptr;
    m_combo->addItem(m_port.optional && m_port.allowGround ? tr("(none: ground)") : tr("(not connected)"), QString());
    if (m_port.allowGround) m_combo->addItem(tr("ground"), QStringLiteral("ground"));
    for (const auto& n : lab.nodes) {
        const auto d = domainFromName(n.domain);
        if (c && d && portAccepts(lab, *c, m_port, *d)) m_combo->addItem(QString::fromStdString(n.id), QString::fromStdString(n.id));
    }
    // a binding the list does not offer (wrong domain, unknown node) stays visible
    if (bound && m_combo->findData(QString::fromStdString(*bound)) < 0)
        m_combo->addItem(tr("%1 (invalid)").arg(QString::fromStdString(*bound)), QString::fromStdString(*bound));
    m_combo->setCurrentIndex(bound ? m_combo->findData(QString::fromStdString(*bound)) : 0);
}

// ---- number

NumberFieldEditor::NumberFieldEditor(LabDocument* document, ValueTarget target, const QString& unit, bool whole, bool optional,
                                     std::optional<double> fileDefault, QWidget* parent)
    : FieldEditor(document, parent), m_target(std::move(target)), m_whole(whole)
{
    m_edit = new NumberEdit(parent);
    m_box = m_edit;
    m_edit->setIntegerOnly(whole);
    m_edit->setUnit(unit);
    m_edit->setAllowEmpty(optional);
    m_edit->setDefaultValue(fileDefault);
    connect(m_edit, &NumberEdit::committed, this, &NumberFieldEditor::commit);
    connect(m_edit, &NumberEdit::refused, this, &FieldEditor::hint);
    refresh();
}

QWidget* NumberFieldEditor::widget() const { return m_box; }

void NumberFieldEditor::refresh()
{
    const auto v = SetValueCommand::current(m_document->lab(), m_target);
    m_edit->setValue(v && v->is_number() ? std::optional<double>(v->get<double>()) : std::nullopt);
    if (v && !v->is_number()) m_edit->setText(QString::fromStdString(v->dump()));
}

void NumberFieldEditor::commit(std::optional<double> si)
{
    std::optional<Json> value;
    if (si) value = m_whole ? Json(static_cast<std::int64_t>(std::llround(*si))) : Json(*si);
    const auto old = SetValueCommand::current(m_document->lab(), m_target);
    if (old == value) return;
    m_document->push(new SetValueCommand(m_document, m_target, value));
}

// ---- boolean

BoolFieldEditor::BoolFieldEditor(LabDocument* document, ValueTarget target, bool optional, bool fileDefault, QWidget* parent)
    : FieldEditor(document, parent), m_target(std::move(target)), m_optional(optional)
{
    m_combo = new QComboBox(parent);
    if (optional) m_combo->addItem(tr("(default: %1)").arg(fileDefault ? tr("true") : tr("false")), QString());
    m_combo->addItem(tr("true"), QStringLiteral("true"));
    m_combo->addItem(tr("false"), QStringLiteral("false"));
    refresh();
    connect(m_combo, &QComboBox::activated, this, [this](int index) {
        const QString v = m_combo->itemData(index).toString();
        std::optional<Json> value;
        if (!v.isEmpty()) value = Json(v == QLatin1String("true"));
        if (SetValueCommand::current(m_document->lab(), m_target) == value) return;
        m_document->push(new SetValueCommand(m_document, m_target, value));
    });
}

QWidget* BoolFieldEditor::widget() const { return m_combo; }

void BoolFieldEditor::refresh()
{
    const QSignalBlocker block(m_combo);
    const auto v = SetValueCommand::current(m_document->lab(), m_target);
    if (!v || !v->is_boolean())
        m_combo->setCurrentIndex(0);
    else
        m_combo->setCurrentIndex(m_combo->findData(v->get<bool>() ? QStringLiteral("true") : QStringLiteral("false")));
}

// ---- number or keyword

KeywordFieldEditor::KeywordFieldEditor(LabDocument* document, ValueTarget target, const ParameterDescriptor& p, QWidget* parent)
    : FieldEditor(document, parent), m_target(std::move(target)), m_param(p)
{
    m_box = new QWidget(parent);
    auto* row = new QHBoxLayout(m_box);
    row->setContentsMargins(0, 0, 0, 0);
    m_edit = new NumberEdit(m_box);
    m_edit->setUnit(QString::fromLatin1(p.unit));
    m_edit->setAllowEmpty(!p.required);
    m_keyword = new QCheckBox(QString::fromLatin1(p.keyword ? p.keyword : ""), m_box);
    const auto keywordTip = [this] {
        m_keyword->setToolTip(tr("Use the keyword (stands for %1)")
                                  .arg(DisplayUnits::instance().view(QString::fromLatin1(m_param.unit)).quantity(m_param.keywordValue, 6)));
    };
    keywordTip();
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, keywordTip);
    row->addWidget(m_edit, 1);
    row->addWidget(m_keyword);
    connect(m_edit, &NumberEdit::committed, this, [this](std::optional<double> si) {
        std::optional<Json> value;
        if (si) value = Json(*si);
        if (SetValueCommand::current(m_document->lab(), m_target) == value) return;
        m_document->push(new SetValueCommand(m_document, m_target, value));
    });
    connect(m_edit, &NumberEdit::refused, this, &FieldEditor::hint);
    connect(m_keyword, &QCheckBox::clicked, this, [this](bool on) {
        std::optional<Json> value = on ? std::optional<Json>(Json(m_param.keyword)) : std::optional<Json>(Json(m_param.keywordValue));
        m_document->push(new SetValueCommand(m_document, m_target, value));
    });
    refresh();
}

QWidget* KeywordFieldEditor::widget() const { return m_box; }

void KeywordFieldEditor::refresh()
{
    const auto v = SetValueCommand::current(m_document->lab(), m_target);
    const bool isKeyword = v && v->is_string();
    const QSignalBlocker block(m_keyword);
    m_keyword->setChecked(isKeyword);
    m_edit->setEnabled(!isKeyword);
    m_edit->setValue(v && v->is_number() ? std::optional<double>(v->get<double>()) : std::nullopt);
}

// ---- inline table

TableFieldEditor::TableFieldEditor(LabDocument* document, ValueTarget target, const ParameterDescriptor& p, QWidget* parent)
    : FieldEditor(document, parent), m_target(std::move(target)), m_param(p)
{
    m_editor = new TableEditor(parent);
    m_editor->setRowLimits(p.minRows, p.maxRows);
    m_editor->setMinimumHeight(170);
    connect(m_editor, &TableEditor::tableEdited, this, [this](const Json& rows, const QString& text) {
        m_document->push(new SetValueCommand(m_document, m_target, rows, tr("%1: %2").arg(QString::fromStdString(m_target.id), text)));
    });
    connect(m_editor, &TableEditor::hint, this, &FieldEditor::hint);
    refresh();
}

QWidget* TableFieldEditor::widget() const { return m_editor; }

void TableFieldEditor::refresh()
{
    const auto v = SetValueCommand::current(m_document->lab(), m_target);
    m_editor->model()->setTable(v ? *v : Json::array(), m_param.columns);
}

void TableFieldEditor::setProblems(const QStringList&)
{
    // cell, row and table problems from the diagnostics naming this table: the form calls this
    // with the compile's problems, after the edit's event (never to compile in it)
    if (m_document->diagnosticsPending()) return;
    QHash<QPair<int, int>, QStringList> cells;
    QHash<int, QStringList> rows;
    QStringList table;
    for (const auto& d : m_document->diagnostics()) {
        if (d.subject != m_target.id) continue;
        const FieldRef f = parseFieldPath(m_document->lab(), d.subject, d.field);
        if (f.kind != FieldRef::Kind::Parameter || f.name != m_param.name) continue;
        const QString msg = QString::fromStdString(d.message);
        if (f.row < 0) {
            table << msg;
            continue;
        }
        int col = -1;
        for (std::size_t c = 0; c < m_param.columns.size(); ++c) {
            if (f.column == m_param.columns[c].name) col = static_cast<int>(c);
        }
        if (col < 0)
            rows[f.row] << msg;
        else
            cells[{f.row, col}] << msg;
    }
    m_editor->model()->setProblems(cells, rows, table);
    markWidget(m_editor->view(), table);
}

void TableFieldEditor::focusField(int row, int column)
{
    if (row >= 0)
        m_editor->focusCell(row, column);
    else
        m_editor->view()->setFocus();
}

// ---- 2-D table

Table2DFieldEditor::Table2DFieldEditor(LabDocument* document, ValueTarget target, const ParameterDescriptor& p, QWidget* parent)
    : FieldEditor(document, parent), m_target(std::move(target)), m_param(p)
{
    m_box = new QWidget(parent);
    auto* row = new QHBoxLayout(m_box);
    row->setContentsMargins(0, 0, 0, 0);
    m_button = new QPushButton(tr("Edit map…"), m_box);
    m_button->setObjectName(QStringLiteral("editTable2D"));
    m_button->setStatusTip(tr("Open the 2-D table editor: the grid, a colour map with contours and the live operating point"));
    m_summary = new QLabel(m_box);
    m_summary->setStyleSheet(QStringLiteral("color:#4b5563"));
    row->addWidget(m_button);
    row->addWidget(m_summary, 1);
    connect(m_button, &QPushButton::clicked, this, [this] { emit editRequested(QString()); });
    DisplayUnits::follow(m_box, [this] { refresh(); });
}

QWidget* Table2DFieldEditor::widget() const { return m_box; }

void Table2DFieldEditor::refresh()
{
    // "4 × 2 points · torque 0 … 200 N·m"
    const auto v = SetValueCommand::current(m_document->lab(), m_target);
    const auto count = [&v](const char* key) {
        return v && v->is_object() && v->contains(key) && (*v)[key].is_array() ? static_cast<int>((*v)[key].size()) : 0;
    };
    double lo = 0.0, hi = 0.0;
    bool any = false;
    if (v && v->is_object() && v->contains("values") && (*v)["values"].is_array()) {
        for (const Json& r : (*v)["values"]) {
            if (!r.is_array()) continue;
            for (const Json& e : r) {
                if (!e.is_number()) continue;
                const double d = e.get<double>();
                lo = any ? std::min(lo, d) : d;
                hi = any ? std::max(hi, d) : d;
                any = true;
            }
        }
    }
    const TableColumn& z = m_param.columns[2];
    const UnitView view = DisplayUnits::instance().view(QString::fromLatin1(z.unit));
    QString text = tr("%1 × %2 points").arg(count("x")).arg(count("y"));
    if (any) text += tr(" · %1 %2 … %3").arg(QString::fromLatin1(z.name), view.text(lo), view.quantity(hi, 6));
    m_summary->setText(text);
}

void Table2DFieldEditor::focusField(int, int) { emit editRequested(QString()); }

} // namespace drivelab
