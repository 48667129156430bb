#include "properties/itemform.h"
#include "properties/textfieldeditor.h"

#include <QGridLayout>
#include <QGroupBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSet>
#include <QStyle>
#include <QVBoxLayout>

#include "analysis/bondgraphreading.h"
#include "canvas/symbols.h"
#include "components/descriptors.h"
#include "components/rotational/torqueconvertermap.h"
#include "document/displayunits.h"
#include "document/labdocument.h"
#include "document/numbers.h"
#include "fmi/fmusection.h"
#include "fmi/fmuvariableeditor.h"
#include "panels/eventstable.h"
#include "properties/fieldeditors.h"
#include "properties/inputeditor.h"
#include "properties/numberedit.h"
#include "properties/tableeditor.h"
#include "spec/labpath.h"

namespace drivelab {
namespace {

QString fieldKey(const FieldRef& f)
{
    switch (f.kind) {
    case FieldRef::Kind::Id: return QStringLiteral("id");
    case FieldRef::Kind::Port: return QStringLiteral("port:") + QString::fromStdString(f.name);
    case FieldRef::Kind::NodeField: return QStringLiteral("field:") + QString::fromStdString(f.name);
    case FieldRef::Kind::Parameter: return QStringLiteral("param:") + QString::fromStdString(f.name);
    case FieldRef::Kind::Input: return QStringLiteral("input:") + QString::fromStdString(f.name);
    case FieldRef::Kind::Event: return QStringLiteral("events");
    default: return QString();
    }
}

} // namespace

ItemForm::ItemForm(LabDocument* document, const QString& id, QWidget* parent)
    : QWidget(parent), m_document(document), m_id(id), m_layout(new QVBoxLayout(this))
{
    m_layout->setContentsMargins(8, 8, 8, 8);
    m_layout->setSpacing(8);
    m_isNode = document->lab().findNode(id.toStdString()) != nullptr;
    if (m_isNode)
        buildNode();
    else
        buildComponent();
    m_layout->addStretch(1);
    for (FieldEditor* e : m_editors) connect(e, &FieldEditor::hint, this, &ItemForm::hint);
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, &ItemForm::updateProblems);
    updateProblems();
}

void ItemForm::buildHeader(const QString& title, const QString& subtitle, const QString& doc, const QString& icon)
{
    auto* head = new QWidget(this);
    auto* grid = new QGridLayout(head);
    grid->setContentsMargins(0, 0, 0, 0);
    auto* iconLabel = new QLabel(head);
    if (!icon.isEmpty()) iconLabel->setPixmap(QIcon(icon).pixmap(56, 42));
    grid->addWidget(iconLabel, 0, 0, 2, 1, Qt::AlignTop);
    auto* titleLabel = new QLabel(QStringLiteral("<b style='font-size:13pt'>%1</b>  <span style='color:#6b7280'>%2</span>")
                                      .arg(title.toHtmlEscaped(), subtitle.toHtmlEscaped()),
                                  head);
    grid->addWidget(titleLabel, 0, 1);
    auto* docLabel = new QLabel(doc, head);
    docLabel->setWordWrap(true);
    docLabel->setStyleSheet(QStringLiteral("color:#4b5563"));
    grid->addWidget(docLabel, 1, 1);
    grid->setColumnStretch(1, 1);
    m_layout->addWidget(head);
    m_problems = new QLabel(this);
    m_problems->setWordWrap(true);
    m_problems->setTextFormat(Qt::RichText);
    m_problems->setStyleSheet(
        QStringLiteral("QLabel{background:#fdecee;border:1px solid #f3b4ba;border-radius:4px;padding:6px;color:#8f1119}"));
    m_problems->hide();
    m_layout->addWidget(m_problems);
}

QGridLayout* ItemForm::section(const QString& title)
{
    auto* box = new QGroupBox(title, this);
    auto* grid = new QGridLayout(box);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(2);
    grid->setColumnStretch(1, 1);
    m_layout->addWidget(box);
    return grid;
}

void ItemForm::addRow(QGridLayout* grid, const QString& key, const QString& name, FieldEditor* editor, const QString& unit,
                      const QString& doc, const Range& range)
{
    int row = grid->rowCount();
    auto* label = new QLabel(name, this);
    grid->addWidget(label, row, 0, Qt::AlignTop | Qt::AlignLeft);
    if (qobject_cast<TableFieldEditor*>(editor)) {
        // a table takes the full width under its name
        grid->addWidget(editor->widget(), ++row, 0, 1, 3);
    } else {
        grid->addWidget(editor->widget(), row, 1);
    }
    QLabel* u = nullptr;
    if (!unit.isNull()) {
        u = new QLabel(this);
        u->setMinimumWidth(36);
        u->setStyleSheet(QStringLiteral("color:#4b5563"));
        grid->addWidget(u, row, 2);
    }
    QLabel* d = nullptr;
    if (!doc.isEmpty()) {
        d = new QLabel(this);
        d->setWordWrap(true);
        d->setStyleSheet(QStringLiteral("color:#6b7280; font-size:8pt"));
        grid->addWidget(d, row + 1, qobject_cast<TableFieldEditor*>(editor) ? 0 : 1, 1, qobject_cast<TableFieldEditor*>(editor) ? 3 : 2);
    }
    if (!unit.isEmpty()) m_ranges.insert(key, {range, unit});
    // the unit and the range follow the display units
    DisplayUnits::follow(label, [label, u, d, editor, unit, doc, range] {
        const QString text = DisplayUnits::withRange(doc, range, unit);
        label->setToolTip(text);
        if (u) u->setText(DisplayUnits::instance().view(unit).label);
        if (d) {
            d->setText(text);
            editor->widget()->setStatusTip(text);
        }
    });
    m_editors.insert(key, editor);
    // numbers offer "Sweep this" beside the line edit's own entries
    if (QLineEdit* edit = numberEdit(key)) {
        edit->setContextMenuPolicy(Qt::CustomContextMenu);
        connect(edit, &QWidget::customContextMenuRequested, this, [this, key, edit](const QPoint& pos) {
            if (QMenu* menu = fieldMenu(key)) {
                menu->exec(edit->mapToGlobal(pos));
                delete menu;
            }
        });
    }
}

QLineEdit* ItemForm::numberEdit(const QString& key) const
{
    FieldEditor* e = m_editors.value(key);
    if (auto* n = qobject_cast<NumberFieldEditor*>(e)) return n->edit();
    if (auto* i = qobject_cast<InputFieldEditor*>(e)) return i->valueEdit();
    return nullptr;
}

QString ItemForm::valuePath(const QString& key) const
{
    const QString kind = key.section(QLatin1Char(':'), 0, 0), name = key.section(QLatin1Char(':'), 1);
    if (!numberEdit(key)) return QString();
    if (kind == QStringLiteral("field")) return m_id + QLatin1Char('.') + name;
    if (kind == QStringLiteral("input")) return m_id + QStringLiteral(".inputs.") + name;
    if (kind == QStringLiteral("param")) {
        const ComponentSpec* c = m_document->lab().findComponent(m_id.toStdString());
        return c ? QString::fromStdString(parameterPath(c->id, c->type, name.toStdString())) : QString();
    }
    return QString();
}

QMenu* ItemForm::fieldMenu(const QString& key)
{
    QLineEdit* edit = numberEdit(key);
    if (!edit) return nullptr;
    QMenu* menu = edit->createStandardContextMenu();
    menu->addSeparator();
    const QString path = valuePath(key);
    QAction* sweep = menu->addAction(tr("Sweep this"));
    sweep->setObjectName(QStringLiteral("sweepThis"));
    sweep->setData(path);
    // an input bound to a signal has no number of its own to vary (its scale and offset do)
    auto* input = qobject_cast<InputFieldEditor*>(m_editors.value(key));
    const bool bound = input && input->sourceCombo()->currentIndex() != 0;
    sweep->setEnabled(!path.isEmpty() && !bound);
    sweep->setStatusTip(tr("Add a factor on %1 to a sweep (Study ▸ New Sweep…)").arg(path));
    connect(sweep, &QAction::triggered, this, [this, path] {
        emit sweepRequested(path);
    });
    return menu;
}

void ItemForm::buildNode()
{
    const NodeSpec* n = m_document->lab().findNode(m_id.toStdString());
    const auto domain = domainFromName(n->domain);
    const NodeDomainDescriptor* d = domain ? nodeDomainDescriptor(*domain) : nullptr;
    // a thermal-liquid volume (docs/FORMATS.md "Oil") says so: the core's descriptor of it
    if (d && d->domain == Domain::Hydraulic && n->fields.is_object() && n->fields.contains("initial_temperature") &&
        m_document->lab().oil.is_object())
        d = &thermalLiquidNodeDescriptor();
    buildHeader(m_id, d ? QString::fromLatin1(d->label) : QString::fromStdString(n->domain),
                d ? QString::fromLatin1(d->doc) : tr("A node of a domain this build does not support."),
                domain ? nodeIconPath(*domain) : QString());
    QGridLayout* ident = section(tr("Identity"));
    addRow(ident, QStringLiteral("id"), tr("Id"), new IdEditor(m_document, m_id, this), QString(), QString());
    if (d) {
        QGridLayout* fields = section(tr("Fields"));
        for (const auto& f : d->fields) {
            ValueTarget t{ValueTarget::Kind::NodeField, n->id, f.name};
            auto* e = new NumberFieldEditor(m_document, t, QString::fromLatin1(f.unit), f.kind == ParamKind::WholeNumber, !f.required,
                                            f.required ? std::nullopt : std::optional<double>(f.fileDefault), this);
            addRow(fields, QStringLiteral("field:") + QString::fromLatin1(f.name), QString::fromLatin1(f.name), e,
                   QString::fromLatin1(f.unit), QString::fromLatin1(f.doc), f.range);
        }
    }
    QGridLayout* wires = section(tr("Connected ports"));
    m_connections = new QLabel(this);
    m_connections->setWordWrap(true);
    wires->addWidget(m_connections, 0, 0, 1, 3);
    refresh();
}

void ItemForm::buildComponent()
{
    const ComponentSpec* c = m_document->lab().findComponent(m_id.toStdString());
    const ComponentDescriptor* d = findComponentDescriptor(c->type);
    buildHeader(m_id, QString::fromLatin1(d->label), QString::fromLatin1(d->doc), componentIconPath(*d));
    QGridLayout* ident = section(tr("Identity"));
    addRow(ident, QStringLiteral("id"), tr("Id"), new IdEditor(m_document, m_id, this), QString(), QString());
    auto* type = new QLabel(
        QStringLiteral("<code>%1</code> · %2").arg(QString::fromLatin1(d->type), QString::fromStdString(bondGraphSummary(*d))), this);
    type->setWordWrap(true);
    ident->addWidget(new QLabel(tr("Type"), this), ident->rowCount(), 0);
    ident->addWidget(type, ident->rowCount() - 1, 1, 1, 2);

    // the inputs a component needs before it can act (a clutch's capacity) come first, right
    // under its identity; the others stay after the parameters
    bool inputsFirst = false;
    for (const auto& in : d->inputs) inputsFirst = inputsFirst || in.idleAtZero != nullptr;
    const auto addInputs = [this, c, d](const QString& title) {
        QGridLayout* inputs = section(title);
        for (const auto& in : d->inputs) {
            ValueTarget t{ValueTarget::Kind::Input, c->id, in.name};
            addRow(inputs, QStringLiteral("input:") + QString::fromLatin1(in.name), QString::fromLatin1(in.name),
                   new InputFieldEditor(m_document, t, in, this), QString::fromLatin1(in.unit), QString::fromLatin1(in.doc), in.range);
        }
    };
    if (inputsFirst) addInputs(tr("Set first: inputs (initial values)"));

    QGridLayout* ports = section(tr("Connections"));
    for (const auto& p : d->ports) {
        const QString doc =
            QStringLiteral("%1 (%2%3)")
                .arg(QString::fromLatin1(p.doc), QString::fromLatin1(domainName(p.domain)), p.optional ? tr(", optional") : QString());
        addRow(ports, QStringLiteral("port:") + QString::fromLatin1(p.name), QString::fromLatin1(p.name),
               new PortEditor(m_document, m_id, p, this), QString(), doc);
    }

    if (!d->parameters.empty()) {
        QGridLayout* params = section(tr("Parameters"));
        const bool converter = d->tableEditor == TableEditorKind::ConverterMaps;
        for (const auto& p : d->parameters) {
            const QString key = QStringLiteral("param:") + QString::fromLatin1(p.name);
            ValueTarget t{ValueTarget::Kind::Parameter, c->id, p.name};
            const QString doc = QString::fromLatin1(p.doc);
            const bool number = p.kind == ParamKind::Real || p.kind == ParamKind::WholeNumber || p.kind == ParamKind::RealOrKeyword;
            const Range range = number ? p.range : Range::any();
            switch (p.kind) {
            case ParamKind::Real:
            case ParamKind::WholeNumber:
                addRow(params, key, QString::fromLatin1(p.name),
                       new NumberFieldEditor(m_document, t, QString::fromLatin1(p.unit), p.kind == ParamKind::WholeNumber, !p.required,
                                             p.required ? std::nullopt : std::optional<double>(p.fileDefault), this),
                       QString::fromLatin1(p.unit), doc, range);
                break;
            case ParamKind::Boolean:
                addRow(params, key, QString::fromLatin1(p.name),
                       new BoolFieldEditor(m_document, t, !p.required, p.fileDefault != 0.0, this), QString(), doc);
                break;
            case ParamKind::RealOrKeyword:
                addRow(params, key, QString::fromLatin1(p.name), new KeywordFieldEditor(m_document, t, p, this),
                       QString::fromLatin1(p.unit), doc, range);
                break;
            case ParamKind::Table:
                if (converter) break; // the map editor below
                addRow(params, key, QString::fromLatin1(p.name), new TableFieldEditor(m_document, t, p, this), QString(), doc);
                break;
            case ParamKind::Table2D: {
                // a 2-D table (a mapped engine's map) opens its own editor window
                auto* e = new Table2DFieldEditor(m_document, t, p, this);
                connect(e, &Table2DFieldEditor::editRequested, this, [this, name = QString::fromLatin1(p.name)](const QString& below) {
                    emit mapEditorRequested(m_id, name, -1, below);
                });
                addRow(params, key, QString::fromLatin1(p.name), e, QString(), doc);
                break;
            }
            case ParamKind::Text:
            case ParamKind::NumberMap:
                // an FMU's variable mapping picks from its model description (ui/fmi)
                if (isFmuVariableField(*d, p)) {
                    addRow(params, key, QString::fromLatin1(p.name), new FmuVariableEditor(m_document, t, p, this), QString(), doc);
                    break;
                }
                addRow(params, key, QString::fromLatin1(p.name), new TextFieldEditor(m_document, t, p, this), QString(), doc);
                break;
            }
        }
        if (d->type == std::string_view("fmu")) {
            m_fmu = new FmuSection(m_document, m_id, this);
            connect(m_fmu, &FmuSection::hint, this, &ItemForm::hint);
            m_layout->addWidget(m_fmu);
        }
        if (converter) {
            const int row = params->rowCount();
            auto* button = new QPushButton(tr("Edit maps…"), this);
            button->setStatusTip(tr("Open the converter map editor: the four maps with C(s), R(s) and efficiency charts"));
            connect(button, &QPushButton::clicked, this, [this] {
                emit mapEditorRequested(m_id, QString(), -1, QString());
            });
            params->addWidget(new QLabel(tr("Maps"), this), row, 0);
            params->addWidget(button, row, 1);
            m_mapSummary = new QLabel(this);
            m_mapSummary->setWordWrap(true);
            m_mapSummary->setTextFormat(Qt::RichText);
            params->addWidget(m_mapSummary, row + 1, 0, 1, 3);
        }
    }

    if (!d->inputs.empty()) {
        if (!inputsFirst) addInputs(tr("Inputs (initial values)"));
        QGridLayout* events = section(tr("Events"));
        m_events = new EventsTable(m_document, this);
        m_events->setComponentFilter(m_id);
        connect(m_events, &EventsTable::hint, this, &ItemForm::hint);
        m_events->setMinimumHeight(130);
        events->addWidget(m_events, 0, 0, 1, 3);
    }
    refresh();
}

void ItemForm::setItemId(const QString& id)
{
    m_id = id;
    for (auto it = m_editors.begin(); it != m_editors.end(); ++it) {
        if (auto* e = qobject_cast<IdEditor*>(it.value())) e->setItemId(id);
        if (auto* e = qobject_cast<PortEditor*>(it.value())) e->setComponentId(id);
        if (auto* e = qobject_cast<NumberFieldEditor*>(it.value())) e->setItemId(id);
        if (auto* e = qobject_cast<BoolFieldEditor*>(it.value())) e->setItemId(id);
        if (auto* e = qobject_cast<KeywordFieldEditor*>(it.value())) e->setItemId(id);
        if (auto* e = qobject_cast<TableFieldEditor*>(it.value())) e->setItemId(id);
        if (auto* e = qobject_cast<Table2DFieldEditor*>(it.value())) e->setItemId(id);
        if (auto* e = qobject_cast<TextFieldEditor*>(it.value())) e->setItemId(id);
        if (auto* e = qobject_cast<InputFieldEditor*>(it.value())) e->setItemId(id);
        if (auto* e = qobject_cast<FmuVariableEditor*>(it.value())) e->setItemId(id);
    }
    if (m_fmu) m_fmu->setItemId(id);
    if (m_events) m_events->setComponentFilter(id);
}

void ItemForm::refresh()
{
    for (FieldEditor* e : m_editors) e->refresh();
    if (m_fmu) m_fmu->refresh();
    const LabSpec& lab = m_document->lab();
    if (m_connections) {
        QStringList lines;
        for (const auto& c : lab.components) {
            for (const auto& [port, node] : c.ports) {
                if (node == m_id.toStdString())
                    lines << QStringLiteral("%1.%2").arg(QString::fromStdString(c.id), QString::fromStdString(port));
            }
        }
        m_connections->setText(lines.isEmpty() ? tr("<i>none: drag from a component port to this node</i>")
                                               : lines.join(QStringLiteral(", ")));
    }
    if (m_mapSummary) {
        const ComponentSpec* c = lab.findComponent(m_id.toStdString());
        QStringList parts;
        // the core's map findings: a map is red when one names it or its counter-rotation pair
        const std::vector<ConverterMapFinding> findings = c ? checkConverterMaps(c->parameters) : std::vector<ConverterMapFinding>{};
        for (int i = 0; i < 4; ++i) {
            const char* map = kConverterMapNames[i];
            const int n =
                c && c->parameters.contains(map) && c->parameters[map].is_array() ? static_cast<int>(c->parameters[map].size()) : 0;
            bool bad = false;
            for (const auto& f : findings)
                bad =
                    bad || f.map == i || (f.pair >= 0 && (kCounterRotationPairs[f.pair][0] == i || kCounterRotationPairs[f.pair][1] == i));
            parts << QStringLiteral("<span style='color:%1'>%2: %3 points</span>")
                         .arg(bad ? QStringLiteral("#b3131f") : QStringLiteral("#374151"), QString::fromLatin1(map))
                         .arg(n);
        }
        m_mapSummary->setText(parts.join(QStringLiteral("<br>")));
    }
    updateProblems();
}

void ItemForm::updateProblems()
{
    // an edit's problems come with its compile, after the edit (diagnosticsChanged calls again)
    if (!m_problems || m_document->diagnosticsPending()) return;
    QHash<QString, QStringList> byKey;
    QSet<QString> errorKeys;
    QStringList lines;
    for (const auto& d : m_document->diagnosticsFor(m_id.toStdString())) {
        const FieldRef f = parseFieldPath(m_document->lab(), d.subject, d.field);
        const bool warning = d.severity == Severity::Warning;
        // a range refusal in the field's display unit
        const auto range = m_ranges.constFind(fieldKey(f));
        const QString message = QString::fromStdString(d.message);
        const QString msg = (warning ? tr("warning: ") : QString()) +
                            (range == m_ranges.cend() ? message : DisplayUnits::rangeMessage(message, range->first, range->second));
        byKey[fieldKey(f)] << msg;
        if (!warning) errorKeys.insert(fieldKey(f));
        lines << QStringLiteral("<b>%1</b>: %2").arg(QString::fromStdString(d.field).toHtmlEscaped(), msg.toHtmlEscaped());
    }
    for (auto it = m_editors.begin(); it != m_editors.end(); ++it) {
        it.value()->setProblems(byKey.value(it.key()));
        // a field with warnings only is amber, not red: the lab still runs
        QWidget* w = it.value()->widget();
        const bool warned = byKey.contains(it.key()) && !errorKeys.contains(it.key());
        if (warned || w->property("warned").toBool()) {
            if (warned) w->setProperty("problem", false);
            w->setProperty("warned", warned);
            w->style()->unpolish(w);
            w->style()->polish(w);
        }
    }
    // warnings only: an amber box, not the red one of errors
    bool anyError = false;
    for (const auto& d : m_document->diagnosticsFor(m_id.toStdString())) anyError = anyError || d.severity == Severity::Error;
    m_problems->setStyleSheet(
        anyError ? QStringLiteral("QLabel{background:#fdecee;border:1px solid #f3b4ba;border-radius:4px;padding:6px;color:#8f1119}")
                 : QStringLiteral("QLabel{background:#fffbeb;border:1px solid #f3d19c;border-radius:4px;padding:6px;color:#7a4b00}"));
    m_problems->setText(lines.join(QStringLiteral("<br>")));
    m_problems->setVisible(!lines.isEmpty());
}

void ItemForm::focusField(const FieldRef& f)
{
    if (f.kind == FieldRef::Kind::Parameter) {
        const ComponentSpec* c = m_document->lab().findComponent(m_id.toStdString());
        const ComponentDescriptor* d = c ? findComponentDescriptor(c->type) : nullptr;
        if (d && d->tableEditor == TableEditorKind::ConverterMaps) {
            emit mapEditorRequested(m_id, QString::fromStdString(f.name), f.row, QString::fromStdString(f.column));
            return;
        }
    }
    if (f.kind == FieldRef::Kind::Event && m_events) {
        m_events->focusEvent(f.eventIndex, 0);
        return;
    }
    FieldEditor* e = m_editors.value(fieldKey(f));
    if (!e) return;
    if (qobject_cast<Table2DFieldEditor*>(e)) {
        // a 2-D table's cell ("values[2][1]") in its editor window
        emit mapEditorRequested(m_id, QString::fromStdString(f.name), -1, QString::fromStdString(f.column));
        return;
    }
    int column = -1;
    if (auto* t = qobject_cast<TableFieldEditor*>(e)) {
        const auto cols = t->editor()->model()->columns();
        for (std::size_t i = 0; i < cols.size(); ++i) {
            if (f.column == cols[i].name) column = static_cast<int>(i);
        }
    }
    e->focusField(f.row, column);
}

} // namespace drivelab
