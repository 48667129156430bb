#include "panels/signalform.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpressionValidator>
#include <QScrollArea>
#include <QStyle>
#include <QTableView>
#include <QTextDocument>
#include <QToolButton>
#include <QVBoxLayout>

#include <regex>

#include "commands/editsignalcommand.h"
#include "commands/renamecommand.h"
#include "commands/renamesignalcommand.h"
#include "document/labdocument.h"
#include "document/signaledit.h"
#include "panels/signalplot.h"
#include "properties/numberedit.h"
#include "properties/tableeditor.h"

namespace drivelab {
namespace {

void markSignalField(QWidget* w, const QStringList& problems, const QString& normalTip = {})
{
    w->setProperty("problem", !problems.isEmpty());
    w->setToolTip(problems.isEmpty() ? normalTip : problems.join(QLatin1Char('\n')));
    w->style()->unpolish(w);
    w->style()->polish(w);
}

// "points[3]" -> ("points", 3); "amplitude" -> ("amplitude", -1)
std::pair<std::string, int> splitField(const std::string& field)
{
    static const std::regex re(R"(^([A-Za-z_]+)\[(\d+)\].*$)");
    std::smatch m;
    if (std::regex_match(field, m, re)) return {m[1].str(), std::stoi(m[2].str())};
    return {field, -1};
}

QLabel* dim(const QString& text, QWidget* parent)
{
    auto* l = new QLabel(text, parent);
    l->setStyleSheet(QStringLiteral("color:#4b5563"));
    return l;
}

} // namespace

SignalForm::SignalForm(LabDocument* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    auto* root = new QHBoxLayout(this);
    root->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* left = new QWidget(scroll);
    m_left = new QVBoxLayout(left);
    m_left->setContentsMargins(4, 2, 4, 2);
    m_left->setSpacing(4);
    auto* head = new QGridLayout;
    head->setHorizontalSpacing(6);
    head->setVerticalSpacing(2);
    m_idEdit = new QLineEdit(left);
    m_idEdit->setValidator(new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z][A-Za-z0-9_-]*")), m_idEdit));
    m_idEdit->setStatusTip(tr("Signal id: a letter, then letters, digits, _ or -. Inputs bound to it follow a rename."));
    m_kind = new QComboBox(left);
    for (const char* k : signalKinds()) m_kind->addItem(QString::fromLatin1(k), QString::fromLatin1(k));
    m_kind->setStatusTip(tr("Changing the kind starts its fields afresh (undo brings the old ones back)"));
    m_unit = new QLineEdit(left);
    m_unit->setPlaceholderText(tr("none"));
    m_unit->setMaxLength(32);
    m_unit->setStatusTip(tr("The unit shown with the signal's values and in the plots (\"N m\", \"rad/s\"); the file stores it as text"));
    head->addWidget(new QLabel(tr("Id"), left), 0, 0);
    head->addWidget(m_idEdit, 0, 1);
    head->addWidget(new QLabel(tr("Kind"), left), 0, 2);
    head->addWidget(m_kind, 0, 3);
    head->addWidget(new QLabel(tr("Unit"), left), 0, 4);
    head->addWidget(m_unit, 0, 5);
    head->setColumnStretch(1, 2);
    head->setColumnStretch(3, 1);
    head->setColumnStretch(5, 1);
    m_left->addLayout(head);
    m_doc = new QLabel(left);
    m_doc->setWordWrap(true);
    m_doc->setStyleSheet(QStringLiteral("color:#6b7280; font-size:8pt"));
    m_left->addWidget(m_doc);
    m_problems = new QLabel(left);
    m_problems->setWordWrap(true);
    m_problems->setTextFormat(Qt::RichText);
    m_problems->setStyleSheet(
        QStringLiteral("QLabel{background:#fdecee;border:1px solid #f3b4ba;border-radius:4px;padding:4px;color:#8f1119}"));
    m_problems->hide();
    m_left->addWidget(m_problems);
    m_left->addStretch(1);
    scroll->setWidget(left);
    // small minimums: the bottom dock spans the window, whose minimum width follows it
    scroll->setMinimumWidth(150);
    m_plot = new SignalPlot(this);
    // a table's points take the full height of the dock, between the fields and the plot
    m_tableHost = new QWidget(this);
    auto* host = new QVBoxLayout(m_tableHost);
    host->setContentsMargins(0, 0, 0, 0);
    m_tableHost->setMinimumWidth(120); // below its toolbar's hint: the window's minimum width follows the bottom dock
    m_tableHost->hide();
    root->addWidget(scroll, 3);
    root->addWidget(m_tableHost, 3);
    root->addWidget(m_plot, 3);

    connect(m_idEdit, &QLineEdit::editingFinished, this, &SignalForm::commitId);
    connect(m_unit, &QLineEdit::editingFinished, this, &SignalForm::commitUnit);
    connect(m_kind, &QComboBox::activated, this, [this](int index) {
        const SignalSpec* s = signal();
        const std::string kind = m_kind->itemData(index).toString().toStdString();
        if (!s || kind == s->kind) return;
        Json fields = makeSignal(kind, s->id).fields;
        if (s->fields.is_object() && s->fields.contains("unit")) fields["unit"] = s->fields["unit"];
        pushFields(kind, fields, tr("Make %1 a %2 signal").arg(m_id, QString::fromStdString(kind)));
    });
    setSignalId(QString());
}

const SignalSpec* SignalForm::signal() const { return m_id.isEmpty() ? nullptr : m_document->lab().findSignal(m_id.toStdString()); }

void SignalForm::setDocument(LabDocument* document)
{
    if (document == m_document) return;
    m_document = document;
    setSignalId(QString());
}

void SignalForm::setSignalId(const QString& id)
{
    m_id = id;
    m_plotKey.clear();
    refresh();
}

void SignalForm::buildBody(const std::string& kind)
{
    if (m_body && kind == m_builtKind) return;
    if (m_body) {
        m_body->hide();
        m_body->deleteLater();
    }
    if (m_table) {
        m_table->hide();
        m_table->deleteLater();
    }
    m_numbers.clear();
    m_table = nullptr;
    m_interp = nullptr;
    m_file = nullptr;
    m_fileInfo = nullptr;
    m_builtKind = kind;
    m_body = new QWidget(this);
    auto* grid = new QGridLayout(m_body);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(2);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(4, 1);
    // the fields two to a row, so a short dock shows them all
    int index = 0;
    for (const SignalField& f : signalFields(kind)) {
        const int row = index / 2, col = (index % 2) * 3;
        ++index;
        auto* name = new QLabel(QString::fromLatin1(f.name), m_body);
        const QString doc = QCoreApplication::translate("SignalKinds", f.doc);
        name->setToolTip(doc);
        auto* e = new NumberEdit(m_body);
        e->setUnit(QString::fromLatin1(f.unit));
        e->setAllowEmpty(!f.required);
        if (!f.required) e->setPlaceholderText(tr("default: 0"));
        e->setStatusTip(doc);
        e->setProperty("siUnit", QString::fromLatin1(f.unit));
        const QString field = QString::fromLatin1(f.name);
        connect(e, &NumberEdit::committed, this, [this, field](std::optional<double> si) {
            setField(field.toLatin1().constData(), si ? std::optional<Json>(Json(*si)) : std::nullopt, tr("Set %1.%2").arg(m_id, field));
        });
        connect(e, &NumberEdit::refused, this, &SignalForm::hint);
        grid->addWidget(name, row, col);
        grid->addWidget(e, row, col + 1);
        grid->addWidget(dim(*f.unit ? QString::fromLatin1(f.unit) : QString(), m_body), row, col + 2);
        m_numbers.insert(field, e);
    }
    if (kind == "table" || kind == "csv") {
        int row = grid->rowCount();
        if (kind == "csv") {
            m_file = new QLineEdit(m_body);
            m_file->setPlaceholderText(tr("trace.csv"));
            m_file->setStatusTip(tr("A two-column CSV file (time [s], value), relative to the lab file's folder"));
            auto* browse = new QToolButton(m_body);
            browse->setText(tr("…"));
            browse->setToolTip(tr("Choose the CSV file"));
            auto* box = new QHBoxLayout;
            box->setSpacing(2);
            box->addWidget(m_file, 1);
            box->addWidget(browse);
            grid->addWidget(new QLabel(tr("file"), m_body), row, 0);
            grid->addLayout(box, row, 1, 1, 5);
            connect(m_file, &QLineEdit::editingFinished, this, [this] {
                const SignalSpec* s = signal();
                const std::string text = m_file->text().trimmed().toStdString();
                if (!s || (s->fields.contains("file") && s->fields["file"] == Json(text))) return;
                setField("file", Json(text), tr("Set %1.file").arg(m_id));
            });
            connect(browse, &QToolButton::clicked, this, [this] {
                const QString labDir = QString::fromStdString(m_document->lab().baseDir);
                const QString path =
                    QFileDialog::getOpenFileName(this, tr("Signal file"), labDir, tr("CSV files (*.csv *.txt);;All files (*)"));
                if (path.isEmpty()) return;
                const QString rel = labDir.isEmpty() ? path : QDir(labDir).relativeFilePath(path);
                setField("file", Json(rel.toStdString()), tr("Set %1.file").arg(m_id));
            });
            m_fileInfo = dim(QString(), m_body);
            m_fileInfo->setWordWrap(true);
            grid->addWidget(m_fileInfo, ++row, 1, 1, 5);
            ++row;
        }
        m_interp = new QComboBox(m_body);
        m_interp->addItem(tr("linear"), QStringLiteral("linear"));
        m_interp->addItem(tr("hold"), QStringLiteral("hold"));
        m_interp->setStatusTip(tr("Between points: a straight line (linear) or the earlier point's value (hold)"));
        connect(m_interp, &QComboBox::activated, this, [this](int index) {
            setField("interpolation", Json(m_interp->itemData(index).toString().toStdString()), tr("Set %1.interpolation").arg(m_id));
        });
        grid->addWidget(new QLabel(tr("interpolation"), m_body), row, 0);
        grid->addWidget(m_interp, row, 1, 1, 2);
        if (kind == "table") {
            m_table = new TableEditor(m_tableHost);
            m_table->setRowLimits(1, 0);
            m_table->setMinimumHeight(90);
            connect(m_table, &TableEditor::tableEdited, this, [this](const Json& rows, const QString& text) {
                setField("points", rowsToPoints(rows), tr("%1: %2").arg(m_id, text));
            });
            connect(m_table, &TableEditor::hint, this, &SignalForm::hint);
            m_tableHost->layout()->addWidget(m_table);
        }
    }
    m_tableHost->setVisible(m_table != nullptr);
    m_left->insertWidget(3, m_body); // after the header, the kind's description and the problems
}

void SignalForm::pushFields(const std::string& kind, const Json& fields, const QString& text)
{
    m_document->push(new EditSignalCommand(m_document, m_id.toStdString(), kind, fields, text));
}

void SignalForm::setField(const char* name, std::optional<Json> value, const QString& text)
{
    const SignalSpec* s = signal();
    if (!s) return;
    Json fields = s->fields.is_object() ? s->fields : Json::object();
    const auto it = fields.find(name);
    if (!value) {
        if (it == fields.end()) return;
        fields.erase(name);
    } else {
        if (it != fields.end() && *it == *value) return;
        fields[name] = *value; // in place when present, else appended
    }
    pushFields(s->kind, fields, text);
}

void SignalForm::commitId()
{
    const SignalSpec* s = signal();
    const QString to = m_idEdit->text();
    if (!s || to == m_id) return;
    const QString why = RenameCommand::whyNot(m_document->lab(), m_id.toStdString(), to.toStdString());
    if (!why.isEmpty()) {
        markSignalField(m_idEdit, {why});
        emit hint(why);
        return;
    }
    markSignalField(m_idEdit, {});
    m_idEdit->setModified(false);
    m_document->push(new RenameSignalCommand(m_document, m_id.toStdString(), to.toStdString()));
}

void SignalForm::commitUnit()
{
    const SignalSpec* s = signal();
    if (!s) return;
    const QString text = m_unit->text().trimmed();
    setField("unit", text.isEmpty() ? std::nullopt : std::optional<Json>(Json(text.toStdString())), tr("Set %1.unit").arg(m_id));
}

void SignalForm::refresh()
{
    const SignalSpec* s = signal();
    setEnabled(s != nullptr);
    if (!s) {
        const QSignalBlocker b(m_idEdit);
        m_idEdit->clear();
        m_unit->clear();
        m_doc->clear();
        m_problems->hide();
        m_plot->setSignal(std::nullopt, 1.0, QString());
        return;
    }
    buildBody(s->kind);
    const Json& f = s->fields;
    if (!m_idEdit->hasFocus() || !m_idEdit->isModified()) {
        m_idEdit->setText(m_id);
        m_idEdit->setModified(false);
        markSignalField(m_idEdit, {});
    }
    {
        const QSignalBlocker b(m_kind);
        const int k = m_kind->findData(QString::fromStdString(s->kind));
        if (k < 0) m_kind->addItem(tr("%1 (unknown)").arg(QString::fromStdString(s->kind)), QString::fromStdString(s->kind));
        m_kind->setCurrentIndex(m_kind->findData(QString::fromStdString(s->kind)));
    }
    const QString unit = f.contains("unit") && f["unit"].is_string() ? QString::fromStdString(f["unit"].get<std::string>()) : QString();
    if (!m_unit->hasFocus() || !m_unit->isModified()) {
        m_unit->setText(unit);
        m_unit->setModified(false);
    }
    m_doc->setText(QCoreApplication::translate("SignalKinds", signalKindDoc(s->kind)));
    for (auto it = m_numbers.begin(); it != m_numbers.end(); ++it) {
        const std::string key = it.key().toStdString();
        const bool number = f.contains(key) && f[key].is_number();
        it.value()->setValue(number ? std::optional<double>(f[key].get<double>()) : std::nullopt);
        if (f.contains(key) && !number && !(it.value()->hasFocus() && it.value()->isModified()))
            it.value()->setText(QString::fromStdString(f[key].dump()));
    }
    if (m_interp) {
        const QSignalBlocker b(m_interp);
        const bool hold = f.contains("interpolation") && f["interpolation"] == Json("hold");
        m_interp->setCurrentIndex(hold ? 1 : 0);
    }
    if (m_file && (!m_file->hasFocus() || !m_file->isModified())) {
        m_file->setText(f.contains("file") && f["file"].is_string() ? QString::fromStdString(f["file"].get<std::string>()) : QString());
        m_file->setModified(false);
    }
    if (m_table) m_table->model()->setTable(pointsToRows(f.contains("points") ? f["points"] : Json::array()), signalPointColumns());
    updateProblems();
    updatePlot();
}

void SignalForm::updateProblems()
{
    // an edit's problems come with its compile, after the edit (the panel calls again then)
    if (m_document->diagnosticsPending()) return;
    const std::string id = m_id.toStdString();
    QHash<QString, QStringList> byField;
    QHash<QPair<int, int>, QStringList> cells;
    QHash<int, QStringList> rows;
    QStringList table, lines;
    for (const auto& d : m_document->diagnosticsFor(id)) {
        const QString msg = (d.severity == Severity::Warning ? tr("warning: ") : QString()) + QString::fromStdString(d.message);
        lines << QStringLiteral("<b>%1</b>: %2").arg(QString::fromStdString(d.field).toHtmlEscaped(), msg.toHtmlEscaped());
        const auto [name, row] = splitField(d.field);
        if (name == "points") {
            if (row >= 0)
                rows[row] << msg;
            else
                table << msg;
        } else {
            byField[QString::fromStdString(name)] << msg;
        }
    }
    for (auto it = m_numbers.begin(); it != m_numbers.end(); ++it)
        markSignalField(it.value(), byField.value(it.key()), it.value()->statusTip());
    markSignalField(m_unit, byField.value(QStringLiteral("unit")), m_unit->statusTip());
    if (m_file) markSignalField(m_file, byField.value(QStringLiteral("file")), m_file->statusTip());
    if (m_interp) markSignalField(m_interp, byField.value(QStringLiteral("interpolation")), m_interp->statusTip());
    if (m_table) {
        m_table->model()->setProblems(cells, rows, table);
        markSignalField(m_table->view(), table);
    }
    m_problems->setText(lines.join(QStringLiteral("<br>")));
    m_problems->setVisible(!lines.isEmpty());
}

QString SignalForm::problemsText() const
{
    if (m_problems->isHidden()) return QString();
    QTextDocument doc;
    doc.setHtml(m_problems->text());
    return doc.toPlainText();
}

void SignalForm::updatePlot()
{
    const SignalSpec* s = signal();
    const LabSpec& lab = m_document->lab();
    const double duration = static_cast<double>(lab.run.durationNs) * 1e-9;
    // recompute only when what the plot shows changed (a csv signal reads its file)
    const std::string key =
        s ? s->kind + '\n' + s->fields.dump() + '\n' + lab.baseDir + '\n' + std::to_string(lab.run.durationNs) : std::string();
    if (key == m_plotKey) return;
    m_plotKey = key;
    if (!s) return;
    Diagnostics d;
    const auto model = compileSignal(lab, *s, d);
    QString why;
    if (!model)
        why = tr("Nothing to plot: %1")
                  .arg(d.items().empty() ? tr("the signal is incomplete") : QString::fromStdString(d.items().front().message));
    m_plot->setSignal(model, duration, why);
    m_plot->setToolTip(why);
    if (m_fileInfo) m_fileInfo->setText(model ? tr("%n points read", nullptr, int(model->t.size())) : QString());
}

void SignalForm::focusField(const QString& field)
{
    const auto [name, row] = splitField(field.toStdString());
    if (name == "points" && m_table) {
        if (row >= 0)
            m_table->focusCell(row, -1);
        else
            m_table->view()->setFocus();
        return;
    }
    if (NumberEdit* e = m_numbers.value(QString::fromStdString(name))) {
        e->setFocus(Qt::OtherFocusReason);
        return;
    }
    if (name == "file" && m_file)
        m_file->setFocus(Qt::OtherFocusReason);
    else if (name == "unit")
        m_unit->setFocus(Qt::OtherFocusReason);
    else if (name == "interpolation" && m_interp)
        m_interp->setFocus(Qt::OtherFocusReason);
    else if (name == "kind")
        m_kind->setFocus(Qt::OtherFocusReason);
    else if (name == "id")
        m_idEdit->setFocus(Qt::OtherFocusReason);
}

} // namespace drivelab
