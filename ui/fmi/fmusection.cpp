#include "fmi/fmusection.h"

#include <QGridLayout>
#include <QGroupBox>
#include <QLabel>
#include <QVBoxLayout>

#include "commands/setvaluecommand.h"
#include "document/labdocument.h"
#include "fmi/fmuinfo.h"
#include "properties/numberedit.h"

namespace drivelab {
namespace {

/// the component's start_values as stored (an empty object when absent or not an object)
Json storedStartValues(const LabSpec& lab, const std::string& id)
{
    const auto v = SetValueCommand::current(lab, {ValueTarget::Kind::Parameter, id, "start_values"});
    return v && v->is_object() ? *v : Json::object();
}

} // namespace

FmuSection::FmuSection(LabDocument* document, const QString& id, QWidget* parent) : QWidget(parent), m_document(document), m_id(id)
{
    setObjectName(QStringLiteral("fmuSection"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* box = new QGroupBox(tr("FMU parameters (start values)"), this);
    auto* inner = new QVBoxLayout(box);
    m_status = new QLabel(box);
    m_status->setObjectName(QStringLiteral("fmuStatus"));
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    inner->addWidget(m_status);
    m_rows = new QWidget(box);
    m_grid = new QGridLayout(m_rows);
    m_grid->setContentsMargins(0, 0, 0, 0);
    m_grid->setHorizontalSpacing(6);
    m_grid->setVerticalSpacing(2);
    m_grid->setColumnStretch(1, 1);
    inner->addWidget(m_rows);
    layout->addWidget(box);
    refresh();
}

void FmuSection::refresh()
{
    const ComponentSpec* c = m_document->lab().findComponent(m_id.toStdString());
    if (!c) return;
    const FmuInfo info = fmuInfo(m_document->lab(), *c);
    m_failed = !info.fmu;
    if (m_failed) {
        m_status->setText(tr("The FMU cannot be used: %1").arg(info.error));
        m_status->setStyleSheet(QStringLiteral("color:#8f1119"));
    } else {
        const FmuDescription& d = info.description();
        m_status->setText(tr("FMI %1 co-simulation model '%2' (%3): real inputs %4; real outputs %5; %n parameter(s)", nullptr,
                             int(info.realVariables("parameter").size()))
                              .arg(d.fmiVersion == 3 ? QStringLiteral("3.0") : QStringLiteral("2.0"), QString::fromStdString(d.modelName),
                                   info.file, info.names("input"), info.names("output")));
        m_status->setStyleSheet(QStringLiteral("color:#4b5563"));
    }
    // the rows follow the archive's bytes
    const QString builtFor = info.fmu ? QString::fromStdString(info.fmu->archiveHash()) : QString();
    if (builtFor != m_builtFor || m_edits.isEmpty() != info.realVariables("parameter").empty()) {
        m_builtFor = builtFor;
        rebuild();
    }
    const Json values = storedStartValues(m_document->lab(), m_id.toStdString());
    for (auto it = m_edits.cbegin(); it != m_edits.cend(); ++it) {
        const std::string name = it.key().toStdString();
        const bool given = values.contains(name) && values[name].is_number();
        it.value()->setValue(given ? std::optional<double>(values[name].get<double>()) : std::nullopt);
    }
}

void FmuSection::rebuild()
{
    qDeleteAll(m_rows->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly));
    m_edits.clear();
    const ComponentSpec* c = m_document->lab().findComponent(m_id.toStdString());
    const FmuInfo info = c ? fmuInfo(m_document->lab(), *c) : FmuInfo{};
    int row = 0;
    for (const FmuVariable* v : info.realVariables("parameter")) {
        const QString name = QString::fromStdString(v->name);
        const QString unit = QString::fromStdString(v->unit);
        auto* label = new QLabel(name, m_rows);
        auto* edit = new NumberEdit(m_rows);
        edit->setObjectName(QStringLiteral("fmuParameter_") + name);
        edit->setAllowEmpty(true);
        // the FMU's unit as it declares it: the value goes to the FMU unconverted
        edit->setDefaultValue(v->hasStart ? std::optional<double>(v->start) : std::nullopt);
        QString doc = QString::fromStdString(v->description);
        if (v->variability == "tunable") doc += (doc.isEmpty() ? QString() : QStringLiteral(" · ")) + tr("tunable, set before initialization");
        doc += (doc.isEmpty() ? QString() : QStringLiteral(" · ")) +
               (v->hasStart ? tr("FMU start value %1%2").arg(QString::number(v->start, 'g', 17), unit.isEmpty() ? QString() : QLatin1Char(' ') + unit)
                            : tr("no start value in the FMU"));
        edit->setStatusTip(doc);
        label->setToolTip(doc);
        auto* unitLabel = new QLabel(unit, m_rows);
        unitLabel->setStyleSheet(QStringLiteral("color:#4b5563"));
        auto* docLabel = new QLabel(doc, m_rows);
        docLabel->setWordWrap(true);
        docLabel->setStyleSheet(QStringLiteral("color:#6b7280; font-size:8pt"));
        m_grid->addWidget(label, row, 0, Qt::AlignTop | Qt::AlignLeft);
        m_grid->addWidget(edit, row, 1);
        m_grid->addWidget(unitLabel, row, 2);
        m_grid->addWidget(docLabel, row + 1, 1, 1, 2);
        row += 2;
        m_edits.insert(name, edit);
        connect(edit, &NumberEdit::committed, this, [this, name](std::optional<double> value) {
            commit(name, value);
        });
        connect(edit, &NumberEdit::refused, this, &FmuSection::hint);
    }
    m_rows->setVisible(row > 0);
}

void FmuSection::commit(const QString& name, std::optional<double> value)
{
    const LabSpec& lab = m_document->lab();
    const std::string id = m_id.toStdString();
    const ValueTarget target{ValueTarget::Kind::Parameter, id, "start_values"};
    const auto before = SetValueCommand::current(lab, target);
    if (before && !before->is_object()) {
        // the map's own field holds something else: not replaced behind the user's back
        emit hint(tr("fmu '%1': start_values is not a map of numbers: correct it in its field first").arg(m_id));
        refresh();
        return;
    }
    Json values = storedStartValues(lab, id);
    if (value)
        values[name.toStdString()] = *value;
    else
        values.erase(name.toStdString());
    // a map left empty is removed: the component then gives no start values, as before any was typed
    const std::optional<Json> after = values.empty() ? std::nullopt : std::optional<Json>(values);
    if (before == after) return;
    m_document->push(new SetValueCommand(m_document, target, after, tr("Set FMU parameter %1 of %2").arg(name, m_id)));
}

} // namespace drivelab
