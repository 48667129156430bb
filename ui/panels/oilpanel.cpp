#include "panels/oilpanel.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QResizeEvent>
#include <QScrollArea>
#include <QStyle>
#include <QVBoxLayout>

#include <cmath>

#include "commands/oilcommand.h"
#include "components/hydraulic/oil.h"
#include "document/displayunits.h"
#include "document/labdocument.h"
#include "document/numbers.h"
#include "properties/fieldeditors.h"
#include "properties/numberedit.h"

namespace drivelab {
namespace {

const char* kOilSubject = "oil";

// the hydraulic nodes that carry an oil temperature (docs/FORMATS.md "Oil")
QStringList thermalLiquidVolumes(const LabSpec& lab)
{
    QStringList out;
    for (const NodeSpec& n : lab.nodes) {
        if (domainFromName(n.domain) == Domain::Hydraulic && n.fields.is_object() && n.fields.contains("initial_temperature"))
            out << QString::fromStdString(n.id);
    }
    return out;
}

} // namespace

OilPanel::OilPanel(LabDocument* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    outer->addWidget(scroll);
    auto* inner = new QWidget(scroll);
    scroll->setWidget(inner);
    // the fields beside what the lab has, its problems and the buttons (under them when narrow)
    auto* columns = new QBoxLayout(QBoxLayout::TopToBottom, inner);
    m_columns = columns;
    columns->setContentsMargins(8, 6, 8, 6);
    columns->setSpacing(16);
    auto* layout = new QVBoxLayout;
    layout->setSpacing(6);
    auto* side = new QVBoxLayout;
    side->setSpacing(6);
    columns->addLayout(layout, 3);
    columns->addLayout(side, 2);

    auto* head = new QHBoxLayout;
    m_status = new QLabel(inner);
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::RichText);
    side->addWidget(m_status);
    head->addStretch(1);
    m_add = new QPushButton(tr("Add Oil"), inner);
    m_add->setObjectName(QStringLiteral("addOil"));
    m_add->setStatusTip(tr("Give the lab an oil (thermal-liquid hydraulics): its fields start at typical mineral-oil values"));
    m_remove = new QPushButton(tr("Remove Oil"), inner);
    m_remove->setObjectName(QStringLiteral("removeOil"));
    m_remove->setStatusTip(tr("Remove the lab's oil: hydraulic volumes become isothermal again (undo brings it back)"));
    head->addWidget(m_add);
    head->addWidget(m_remove);

    m_problems = new QLabel(inner);
    m_problems->setWordWrap(true);
    m_problems->setTextFormat(Qt::RichText);
    m_problems->setStyleSheet(
        QStringLiteral("QLabel{background:#fdecee;border:1px solid #f3b4ba;border-radius:4px;padding:6px;color:#8f1119}"));
    m_problems->hide();
    side->addWidget(m_problems);

    // the fields, from the core's descriptors: name, value, unit (two columns of them when wide)
    m_fieldsBox = new QWidget(inner);
    auto* grid = new QGridLayout(m_fieldsBox);
    m_grid = grid;
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setHorizontalSpacing(6);
    grid->setVerticalSpacing(3);
    const auto fields = oilFields();
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const ParameterDescriptor& f = fields[i];
        const QString name = QString::fromLatin1(f.name);
        ValueTarget t{ValueTarget::Kind::Oil, kOilSubject, f.name};
        auto* e = new NumberFieldEditor(m_document, t, QString::fromLatin1(f.unit), f.kind == ParamKind::WholeNumber, !f.required,
                                        f.required ? std::nullopt : std::optional<double>(f.fileDefault), m_fieldsBox);
        auto* label = new QLabel(name, m_fieldsBox);
        label->setBuddy(e->widget());
        e->widget()->setObjectName(QStringLiteral("oil_") + name);
        auto* unit = new QLabel(m_fieldsBox);
        // the unit, and the range in the documentation, follow the display units
        DisplayUnits::follow(unit, [label, unit, e, &f] {
            const QString doc = DisplayUnits::withRange(QString::fromLatin1(f.doc), f.range, QString::fromLatin1(f.unit));
            label->setToolTip(doc);
            e->widget()->setStatusTip(doc);
            unit->setText(DisplayUnits::instance().view(QString::fromLatin1(f.unit)).label);
        });
        unit->setMinimumWidth(52);
        unit->setStyleSheet(QStringLiteral("color:#4b5563"));
        m_rows.push_back({label, e->widget(), unit});
        m_editors.insert(name, e);
        // a refused entry names its field (the status bar and the line under the fields)
        connect(e->edit(), &NumberEdit::refused, this, [this, name, e](const QString&) {
            const QString why = e->edit()->refusal();
            m_refused.insert(name, why);
            updateRefusals();
            emit hint(tr("oil %1: \u201c%2\u201d not stored: %3").arg(name, e->edit()->text(), why));
        });
        connect(e->edit(), &NumberEdit::committed, this, [this, name] {
            if (m_refused.remove(name)) updateRefusals();
        });
        // corrected, or restored with Escape
        connect(e->edit(), &QLineEdit::textChanged, this, [this, name, e] {
            if (m_refused.contains(name) && !e->edit()->unfinished()) {
                m_refused.remove(name);
                updateRefusals();
            }
        });
    }
    layout->addWidget(m_fieldsBox);

    m_refusal = new QLabel(inner);
    m_refusal->setObjectName(QStringLiteral("oilRefusal"));
    m_refusal->setWordWrap(true);
    m_refusal->setStyleSheet(QStringLiteral("color:#92400e"));
    m_refusal->hide();
    layout->addWidget(m_refusal);
    m_summary = new QLabel(inner);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::RichText);
    m_summary->setStyleSheet(QStringLiteral("color:#4b5563"));
    side->addWidget(m_summary);
    side->addLayout(head);
    side->addStretch(1);
    layout->addStretch(1);

    connect(m_add, &QPushButton::clicked, this, &OilPanel::addOil);
    connect(m_remove, &QPushButton::clicked, this, &OilPanel::removeOil);
    connect(document, &LabDocument::changed, this, [this](ChangeKind kind) {
        // another lab: nothing typed into the old one is pending
        if (kind == ChangeKind::Reset) {
            m_refused.clear();
            updateRefusals();
        }
    });
    connect(document, &LabDocument::changed, this, &OilPanel::refresh);
    connect(document, &LabDocument::diagnosticsChanged, this, &OilPanel::refresh);
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, [this] {
        refresh();
        updateRefusals();
    });
    arrange();
    refresh();
}

void OilPanel::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    arrange();
}

void OilPanel::arrange()
{
    // a bottom dock is wide and low: two columns of fields beside the text; a side dock is
    // narrow: one column, the text under it
    const int w = width();
    const int fieldColumns = w >= 560 ? 2 : 1;
    const auto direction = w >= 900 ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom;
    if (fieldColumns == m_fieldColumns && direction == m_columns->direction()) return;
    m_columns->setDirection(direction);
    // side by side 3 : 2; stacked, the text takes the room left (the fields stay together on top)
    m_columns->setStretch(0, direction == QBoxLayout::LeftToRight ? 3 : 0);
    m_columns->setStretch(1, direction == QBoxLayout::LeftToRight ? 2 : 1);
    m_fieldColumns = fieldColumns;
    for (const auto& r : m_rows) {
        for (QWidget* x : r) m_grid->removeWidget(x);
    }
    for (int c = 0; c < 8; ++c) {
        m_grid->setColumnStretch(c, 0);
        m_grid->setColumnMinimumWidth(c, 0);
    }
    const int rows = (static_cast<int>(m_rows.size()) + fieldColumns - 1) / fieldColumns;
    for (int i = 0; i < static_cast<int>(m_rows.size()); ++i) {
        const int row = i % rows, col = i / rows * 4;
        for (int k = 0; k < 3; ++k) m_grid->addWidget(m_rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(k)], row, col + k);
        m_grid->setColumnStretch(col + 1, 1);
    }
    if (fieldColumns == 2) m_grid->setColumnMinimumWidth(3, 16);
}

void OilPanel::refresh()
{
    const LabSpec& lab = m_document->lab();
    const bool present = !lab.oil.is_null();
    const QStringList volumes = thermalLiquidVolumes(lab);
    m_add->setVisible(!present);
    m_remove->setVisible(present);
    m_fieldsBox->setEnabled(lab.oil.is_object());
    if (!present)
        m_status->setText(tr("<b>No oil.</b> Hydraulic volumes are isothermal. Add the lab's oil to give volumes an oil "
                             "temperature (thermal-liquid hydraulics: viscosity and density follow it, losses heat it)."));
    else if (!lab.oil.is_object())
        m_status->setText(tr("<b>The lab's oil is not an object</b> (fix it in the file, or remove it here)."));
    else
        m_status->setText(tr("<b>The lab's oil.</b> Every hydraulic volume with an <code>initial_temperature</code> carries its "
                             "oil temperature; the others stay at the reference temperature."));

    // the fields; a refused entry keeps its text until corrected or Escape
    QHash<QString, QStringList> byField;
    QStringList lines;
    // an edit's problems come with its compile, after the edit (diagnosticsChanged refreshes again)
    const bool known = !m_document->diagnosticsPending();
    for (const Diagnostic& d : known ? m_document->diagnostics() : std::vector<Diagnostic>{}) {
        if (d.subject != kOilSubject) continue;
        const QString field = QString::fromStdString(d.field);
        // a range refusal in the field's display unit
        QString message = QString::fromStdString(d.message);
        for (const ParameterDescriptor& f : oilFields()) {
            if (d.field == f.name) message = DisplayUnits::rangeMessage(message, f.range, QString::fromLatin1(f.unit));
        }
        const QString msg = (d.severity == Severity::Warning ? tr("warning: ") : QString()) + message;
        byField[field] << msg;
        lines << QStringLiteral("<b>oil.%1</b>: %2").arg(field.toHtmlEscaped(), msg.toHtmlEscaped());
    }
    for (auto it = m_editors.begin(); it != m_editors.end(); ++it) {
        if (m_refused.contains(it.key()) && it.value()->edit()->unfinished()) continue;
        it.value()->refresh();
        if (known) it.value()->setProblems(byField.value(it.key()));
    }
    if (known) {
        m_problems->setText(lines.join(QStringLiteral("<br>")));
        m_problems->setVisible(!lines.isEmpty());
    }

    // what the oil does in this lab: its volumes and its viscosity at a few temperatures
    QStringList summary;
    if (present) {
        summary << (volumes.isEmpty() ? tr("No thermal-liquid volume yet: give a hydraulic volume an initial_temperature "
                                           "(Properties) to carry its oil temperature.")
                                      : tr("Thermal-liquid volumes: %1.").arg(volumes.join(QStringLiteral(", ")).toHtmlEscaped()));
        Diagnostics quiet;
        OilModel oil;
        if (lab.oil.is_object() && compileOil(lab.oil, quiet, oil) && oil.present) {
            QStringList nus;
            // at round temperatures of the display unit (°C or K)
            const UnitView kelvin = DisplayUnits::instance().view(QStringLiteral("K"));
            const bool celsius = !kelvin.identity();
            for (const double c : {0.0, 20.0, 40.0, 80.0, 100.0, 120.0}) {
                const double t = celsius ? kelvin.fromDisplay(c) : c + 273.15;
                nus << tr("%1: %2").arg(celsius ? kelvin.quantity(t, 4) : kelvin.quantity(t, 5)).arg(formatNumberDigits(oil.viscosity(t), 3));
            }
            summary << tr("Kinematic viscosity (Walther) in mm²/s at %1; density %2 kg/m³ at the reference state.")
                           .arg(nus.join(QStringLiteral(", ")), formatNumberDigits(oil.rho, 6));
        }
    } else if (!volumes.isEmpty()) {
        summary << tr("These volumes give an initial_temperature and need the oil: %1.")
                       .arg(volumes.join(QStringLiteral(", ")).toHtmlEscaped());
    }
    m_summary->setText(summary.join(QStringLiteral("<br>")));
    m_summary->setVisible(!summary.isEmpty());
}

void OilPanel::updateRefusals()
{
    QStringList reasons;
    for (const ParameterDescriptor& f : oilFields()) {
        const QString name = QString::fromLatin1(f.name);
        if (!m_refused.contains(name)) continue;
        NumberFieldEditor* e = m_editors.value(name);
        const auto kept = e->edit()->value();
        reasons << tr("%1 \u201c%2\u201d not stored: %3. The lab keeps %4; correct it or press Escape.")
                       .arg(name, e->edit()->text(), m_refused.value(name),
                            kept ? DisplayUnits::instance().view(QString::fromLatin1(f.unit)).quantity(*kept, 6) : tr("no value"));
    }
    m_refusal->setText(reasons.join(QLatin1Char('\n')));
    m_refusal->setVisible(!reasons.isEmpty());
}

void OilPanel::addOil()
{
    if (!m_document->lab().oil.is_null()) return;
    // the required fields at the descriptors' editor defaults; the optional ones stay absent
    Json oil = Json::object();
    for (const ParameterDescriptor& f : oilFields()) {
        if (f.required && f.editorDefault) oil[f.name] = Json::parse(f.editorDefault); // JSON text
    }
    m_document->push(new OilCommand(m_document, oil));
    emit hint(tr("Oil added: give hydraulic volumes an initial_temperature to carry their oil temperature"));
}

void OilPanel::removeOil()
{
    if (m_document->lab().oil.is_null()) return;
    const QStringList volumes = thermalLiquidVolumes(m_document->lab());
    m_refused.clear();
    updateRefusals();
    m_document->push(new OilCommand(m_document, Json()));
    if (!volumes.isEmpty())
        emit hint(tr("Oil removed: %1 still give an initial_temperature (see Problems; Ctrl+Z brings the oil back)")
                      .arg(volumes.join(QStringLiteral(", "))));
}

NumberEdit* OilPanel::fieldEdit(const QString& name) const
{
    NumberFieldEditor* e = m_editors.value(name);
    return e ? e->edit() : nullptr;
}

QString OilPanel::refusalText() const { return m_refused.isEmpty() ? QString() : m_refusal->text(); }

QString OilPanel::summaryText() const { return m_summary->text(); }

void OilPanel::focusField(const QString& name)
{
    if (NumberEdit* e = fieldEdit(name); e && e->isEnabled()) {
        e->setFocus(Qt::OtherFocusReason);
        e->selectAll();
        return;
    }
    (m_document->lab().oil.is_null() ? static_cast<QWidget*>(m_add) : m_remove)->setFocus(Qt::OtherFocusReason);
}

} // namespace drivelab
