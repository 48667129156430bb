#include "panels/runsettingspanel.h"

#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QRegularExpressionValidator>
#include <QStyle>

#include "commands/labinfocommand.h"
#include "commands/runsettingscommand.h"
#include "document/labdocument.h"
#include "document/numbers.h"

namespace drivelab {
namespace {

void mark(QWidget* w, const QStringList& problems, const QString& tip)
{
    w->setProperty("problem", !problems.isEmpty());
    w->setToolTip(problems.isEmpty() ? tip : problems.join(QLatin1Char('\n')));
    w->style()->unpolish(w);
    w->style()->polish(w);
}

QLineEdit* decimalEdit(QWidget* parent, int decimals)
{
    auto* e = new QLineEdit(parent);
    const QString pattern = decimals > 0 ? QStringLiteral(R"(\d{0,18}(\.\d{0,%1})?)").arg(decimals) : QStringLiteral(R"(\d{0,18})");
    e->setValidator(new QRegularExpressionValidator(QRegularExpression(pattern), e));
    e->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return e;
}

} // namespace

RunSettingsPanel::RunSettingsPanel(LabDocument* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    // the lab on the left, the run on the right
    auto* columns = new QHBoxLayout(this);
    auto* info = new QFormLayout;
    auto* form = new QFormLayout;
    columns->addLayout(info, 3);
    columns->addSpacing(16);
    columns->addLayout(form, 2);
    for (QFormLayout* f : {info, form}) f->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    m_name = new QLineEdit(this);
    m_name->setStatusTip(tr("The lab's name (reported, not part of the model fingerprint)"));
    info->addRow(tr("Name"), m_name);
    m_description = new QPlainTextEdit(this);
    m_description->setStatusTip(tr("Free text describing the lab; saved when the field loses focus"));
    m_description->installEventFilter(this);
    info->addRow(tr("Description"), m_description);
    m_tick = decimalEdit(this, 3);
    m_tick->setStatusTip(tr("Tick length in microseconds (stored as whole nanoseconds)"));
    form->addRow(tr("Tick [µs]"), m_tick);
    m_duration = decimalEdit(this, 9);
    m_duration->setStatusTip(tr("Run length in seconds; must be a whole number of ticks"));
    form->addRow(tr("Duration [s]"), m_duration);
    m_report = decimalEdit(this, 0);
    m_report->setStatusTip(tr("A report boundary every N ticks (plus tick 0 and the last tick)"));
    form->addRow(tr("Report every [ticks]"), m_report);
    m_derived = new QLabel(this);
    m_derived->setWordWrap(true);
    m_derived->setStyleSheet(QStringLiteral("color:#4b5563"));
    form->addRow(QString(), m_derived);
    for (QLineEdit* e : {m_tick, m_duration, m_report}) connect(e, &QLineEdit::editingFinished, this, &RunSettingsPanel::commitRun);
    connect(m_name, &QLineEdit::editingFinished, this, &RunSettingsPanel::commitInfo);
    connect(document, &LabDocument::changed, this, &RunSettingsPanel::refresh);
    connect(document, &LabDocument::diagnosticsChanged, this, &RunSettingsPanel::refresh);
    refresh();
}

void RunSettingsPanel::refresh()
{
    const LabSpec& lab = m_document->lab();
    const auto set = [](QLineEdit* e, const QString& text) {
        if (e->hasFocus() && e->isModified()) return;
        e->setText(text);
        e->setModified(false);
    };
    set(m_name, QString::fromStdString(lab.name));
    if (!m_description->hasFocus()) {
        const bool text = lab.description.is_string();
        m_description->setPlainText(text ? QString::fromStdString(lab.description.get<std::string>())
                                         : QString::fromStdString(lab.description.dump(2)));
        m_description->setReadOnly(!text);
        m_description->setToolTip(text ? QString() : tr("A structured description: edit it in the file"));
    }
    set(m_tick, formatScaled(lab.run.tickNs, 3));
    set(m_duration, formatScaled(lab.run.durationNs, 9));
    set(m_report, QString::number(lab.run.reportEveryTicks));
    QHash<QString, QStringList> problems;
    for (const auto& d : m_document->diagnostics()) {
        if (d.field.rfind("run.", 0) == 0) problems[QString::fromStdString(d.field.substr(4))] << QString::fromStdString(d.message);
    }
    mark(m_tick, problems.value(QStringLiteral("tick_ns")), m_tick->statusTip());
    mark(m_duration, problems.value(QStringLiteral("duration_ns")), m_duration->statusTip());
    mark(m_report, problems.value(QStringLiteral("report_every_ticks")), m_report->statusTip());
    const RunSpec& r = lab.run;
    if (r.tickNs > 0 && r.durationNs > 0 && r.reportEveryTicks > 0) {
        const qint64 ticks = r.durationNs / r.tickNs;
        m_derived->setText(tr("%1 ticks; a report boundary every %2 s (%3 boundaries)")
                               .arg(ticks)
                               .arg(formatScaled(r.tickNs * r.reportEveryTicks, 9))
                               .arg(ticks / r.reportEveryTicks + 1 + (ticks % r.reportEveryTicks ? 1 : 0)));
    } else {
        m_derived->clear();
    }
}

void RunSettingsPanel::commitRun()
{
    RunSpec run = m_document->lab().run;
    const auto tick = parseScaled(m_tick->text(), 3);
    const auto duration = parseScaled(m_duration->text(), 9);
    const auto report = parseScaled(m_report->text(), 0);
    if (tick) run.tickNs = *tick;
    if (duration) run.durationNs = *duration;
    if (report) run.reportEveryTicks = *report;
    for (QLineEdit* e : {m_tick, m_duration, m_report}) e->setModified(false);
    const RunSpec& old = m_document->lab().run;
    if (run.tickNs == old.tickNs && run.durationNs == old.durationNs && run.reportEveryTicks == old.reportEveryTicks) {
        refresh();
        return;
    }
    m_document->push(new RunSettingsCommand(m_document, run));
}

void RunSettingsPanel::commitInfo()
{
    const LabSpec& lab = m_document->lab();
    const std::string name = m_name->text().toStdString();
    Json description = lab.description;
    if (lab.description.is_string()) description = m_description->toPlainText().toStdString();
    m_name->setModified(false);
    if (name == lab.name && description == lab.description) return;
    m_document->push(new LabInfoCommand(m_document, name, description));
}

bool RunSettingsPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_description && event->type() == QEvent::FocusOut) commitInfo();
    return QWidget::eventFilter(watched, event);
}

void RunSettingsPanel::focusField(const QString& name)
{
    QWidget* w = name == QLatin1String("tick_ns") ? m_tick
                 : name == QLatin1String("duration_ns") ? m_duration
                 : name == QLatin1String("report_every_ticks") ? m_report
                                                               : static_cast<QWidget*>(m_name);
    w->setFocus(Qt::OtherFocusReason);
    if (auto* e = qobject_cast<QLineEdit*>(w)) e->selectAll();
}

} // namespace drivelab
