#include "panels/runsettingspanel.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QFocusEvent>
#include <QKeyEvent>
#include <QStyle>

#include "commands/labinfocommand.h"
#include "commands/runsettingscommand.h"
#include "document/labdocument.h"
#include "document/numbers.h"
#include "spec/runmethods.h"

namespace drivelab {
namespace {

void markRunField(QWidget* w, const QStringList& problems, const QString& tip)
{
    w->setProperty("problem", !problems.isEmpty());
    w->setToolTip(problems.isEmpty() ? tip : problems.join(QLatin1Char('\n')));
    w->style()->unpolish(w);
    w->style()->polish(w);
}

// no validator: a validator that refuses keystrokes turned "1e12" into 112 and "-5" into 5
QLineEdit* decimalEdit(QWidget* parent, int decimals)
{
    auto* e = new QLineEdit(parent);
    e->setProperty("decimals", decimals);
    e->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return e;
}

} // namespace

QString RunSettingsPanel::fieldName(QLineEdit* e) const
{
    return e == m_tick ? tr("Tick") : e == m_duration ? tr("Duration") : e == m_accuracy ? tr("Accuracy") : tr("Report every");
}

QString RunSettingsPanel::labText(QLineEdit* e) const
{
    const RunSpec& r = m_document->lab().run;
    if (e == m_tick) return formatScaled(r.tickNs, 3);
    if (e == m_duration) return formatScaled(r.durationNs, 9);
    if (e == m_accuracy) return r.accuracy > 0.0 ? formatNumber(r.accuracy) : QString();
    return QString::number(r.reportEveryTicks);
}

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
    m_method = new QComboBox(this);
    // the methods the core accepts, in its order (core/spec/labspec.h runMethods)
    for (const RunMethodInfo& m : runMethods())
        m_method->addItem(QCoreApplication::translate("drivelab::RunMethod", m.label), QString::fromLatin1(m.name));
    m_method->setStatusTip(tr("How each interval is integrated (run.method): the implicit midpoint (order 2, stiffness-adaptive), "
                              "or a 2-stage collocation method (Gauss\u2013Legendre order 4, Radau IIA order 3 and L-stable) "
                              "for the component types it supports"));
    // the box does not widen the dock (and with it the window's minimum width) to its longest item
    m_method->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_method->setMinimumContentsLength(3);
    form->addRow(tr("Method"), m_method);
    connect(m_method, &QComboBox::activated, this, &RunSettingsPanel::commitMethod);
    m_accuracy = new QLineEdit(this);
    m_accuracy->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    m_accuracy->setPlaceholderText(tr("the lab's tick and method"));
    m_accuracy->setStatusTip(tr("Relative tolerance (run.accuracy, saved with the lab, e.g. 1e-6): Run first picks the method and "
                                "the largest tick whose estimated error meets it; empty runs the tick and method above"));
    form->addRow(tr("Accuracy"), m_accuracy);
    m_accuracyResult = new QLabel(this);
    m_accuracyResult->setWordWrap(true);
    m_accuracyResult->setStyleSheet(QStringLiteral("color:#4b5563"));
    m_accuracyResult->hide();
    form->addRow(QString(), m_accuracyResult);
    connect(m_accuracy, &QLineEdit::editingFinished, this, &RunSettingsPanel::commitAccuracy);
    m_accuracy->installEventFilter(this);
    m_derived = new QLabel(this);
    m_derived->setWordWrap(true);
    m_derived->setStyleSheet(QStringLiteral("color:#4b5563"));
    form->addRow(QString(), m_derived);
    m_refusal = new QLabel(this);
    m_refusal->setWordWrap(true);
    m_refusal->setStyleSheet(QStringLiteral("color:#92400e"));
    m_refusal->hide();
    form->addRow(QString(), m_refusal);
    for (QLineEdit* e : {m_tick, m_duration, m_report}) {
        connect(e, &QLineEdit::editingFinished, this, &RunSettingsPanel::commitRun);
        e->installEventFilter(this);
    }
    // another lab: nothing typed into the old one is pending
    connect(document, &LabDocument::changed, this, [this](ChangeKind kind) {
        if (kind == ChangeKind::Reset) m_refused.clear();
    });
    connect(m_name, &QLineEdit::editingFinished, this, &RunSettingsPanel::commitInfo);
    connect(document, &LabDocument::changed, this, &RunSettingsPanel::refresh);
    connect(document, &LabDocument::diagnosticsChanged, this, &RunSettingsPanel::refresh);
    refresh();
}

void RunSettingsPanel::refresh()
{
    const LabSpec& lab = m_document->lab();
    const auto set = [this](QLineEdit* e, const QString& text) {
        if (e->hasFocus() && e->isModified()) return;
        if (m_refused.contains(e)) return; // the refused text stays until corrected or Escape
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
    set(m_accuracy, labText(m_accuracy));
    {
        const QSignalBlocker quiet(m_method);
        m_method->setCurrentIndex(m_method->findData(QString::fromLatin1(runMethodInfo(lab.run.method).name)));
    }
    // an edit's problems come with its compile, after the edit (diagnosticsChanged refreshes again)
    if (!m_document->diagnosticsPending()) {
        QHash<QString, QStringList> problems;
        for (const auto& d : m_document->diagnostics()) {
            if (d.field.rfind("run.", 0) == 0) problems[QString::fromStdString(d.field.substr(4))] << QString::fromStdString(d.message);
        }
        markRunField(m_tick, problems.value(QStringLiteral("tick_ns")), m_tick->statusTip());
        markRunField(m_duration, problems.value(QStringLiteral("duration_ns")), m_duration->statusTip());
        markRunField(m_report, problems.value(QStringLiteral("report_every_ticks")), m_report->statusTip());
        markRunField(m_method, problems.value(QStringLiteral("method")), m_method->statusTip());
        markRunField(m_accuracy, problems.value(QStringLiteral("accuracy")), m_accuracy->statusTip());
    }
    // refused entries: amber, the reason in the tooltip and under the fields
    QStringList reasons;
    for (QLineEdit* e : {m_tick, m_duration, m_report, m_accuracy}) {
        const bool refused = m_refused.contains(e);
        e->setProperty("unfinished", refused);
        if (refused) {
            const QString kept = labText(e);
            const QString why = tr("%1 \u201c%2\u201d not stored: %3. The lab keeps %4; correct it or press Escape.")
                                    .arg(fieldName(e), e->text(), m_refused.value(e),
                                         kept.isEmpty() ? tr("none (its own tick and method)") : kept);
            e->setToolTip(why);
            reasons << why;
        }
        e->style()->unpolish(e);
        e->style()->polish(e);
    }
    m_refusal->setText(reasons.join(QLatin1Char('\n')));
    m_refusal->setVisible(!reasons.isEmpty());
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
    // each field takes exactly what was typed, or refuses the whole entry and says why
    QStringList refusedNow;
    for (QLineEdit* e : {m_tick, m_duration, m_report}) {
        const int decimals = e->property("decimals").toInt();
        const auto v = parseScaled(e->text(), decimals);
        if (!v) {
            if (!m_refused.contains(e) || e->isModified())
                refusedNow << fieldName(e) + QStringLiteral(": ") + scaledRefusal(e->text(), decimals);
            m_refused.insert(e, scaledRefusal(e->text(), decimals));
            continue;
        }
        m_refused.remove(e);
        if (e == m_tick)
            run.tickNs = *v;
        else if (e == m_duration)
            run.durationNs = *v;
        else
            run.reportEveryTicks = *v;
    }
    for (QLineEdit* e : {m_tick, m_duration, m_report}) e->setModified(false);
    if (!refusedNow.isEmpty() && !m_focusAway) emit hint(tr("Not stored: %1").arg(refusedNow.join(QStringLiteral("; "))));
    m_focusAway = false;
    const RunSpec& old = m_document->lab().run;
    if (run.tickNs == old.tickNs && run.durationNs == old.durationNs && run.reportEveryTicks == old.reportEveryTicks) {
        refresh();
        return;
    }
    m_document->push(new RunSettingsCommand(m_document, run));
}

// one undoable command; back to the midpoint the lab no longer names a method (the default),
// unless it named "midpoint" itself (so a lab's bytes stay as they were)
void RunSettingsPanel::commitMethod(int index)
{
    if (index < 0 || index >= static_cast<int>(runMethods().size())) return;
    RunSpec run = m_document->lab().run;
    const RunMethod old = run.method;
    const RunMethod chosen = runMethods()[static_cast<std::size_t>(index)].method;
    if (chosen != RunMethod::Midpoint)
        run.method = chosen;
    else if (old != RunMethod::Midpoint)
        run.method = RunMethod::Absent;
    if (run.method == old) return;
    m_document->push(new RunSettingsCommand(m_document, run));
}

// empty: the lab asks for no accuracy; else a relative tolerance the core accepts, or refused whole
void RunSettingsPanel::commitAccuracy()
{
    const QString text = m_accuracy->text().trimmed();
    RunSpec run = m_document->lab().run;
    QString why;
    if (text.isEmpty()) {
        run.accuracy = 0.0;
    } else if (const auto v = parseNumber(text)) {
        if (isValidAccuracy(*v))
            run.accuracy = *v;
        else
            why = tr("a relative tolerance is from %1 to %2 (empty: the lab's own tick and method)")
                      .arg(formatNumber(kMinAccuracy), formatNumber(kMaxAccuracy));
    } else {
        why = numberRefusal(text, false);
        if (why.isEmpty()) why = tr("not a number");
    }
    const bool announce = !m_refused.contains(m_accuracy) || m_accuracy->isModified();
    m_accuracy->setModified(false);
    if (!why.isEmpty()) {
        m_refused.insert(m_accuracy, why);
        if (announce && !m_focusAway) emit hint(tr("Not stored: %1: %2").arg(fieldName(m_accuracy), why));
        m_focusAway = false;
        refresh();
        return;
    }
    m_refused.remove(m_accuracy);
    m_focusAway = false;
    if (run.accuracy == m_document->lab().run.accuracy) {
        refresh();
        return;
    }
    m_document->push(new RunSettingsCommand(m_document, run));
}

void RunSettingsPanel::setAccuracyResult(const QString& text)
{
    m_accuracyResult->setText(text);
    m_accuracyResult->setVisible(!text.isEmpty());
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

QString RunSettingsPanel::refusalText() const { return m_refusal->isVisible() || !m_refused.isEmpty() ? m_refusal->text() : QString(); }

bool RunSettingsPanel::eventFilter(QObject* watched, QEvent* event)
{
    // the focus going to another window (or the window closing) does not announce refusals
    if (event->type() == QEvent::FocusOut) {
        const auto reason = static_cast<QFocusEvent*>(event)->reason();
        m_focusAway = reason == Qt::ActiveWindowFocusReason || reason == Qt::PopupFocusReason;
    } else if (event->type() == QEvent::KeyPress) {
        m_focusAway = false;
    }
    // Escape in a run field restores the lab's value
    if (event->type() == QEvent::KeyPress && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape) {
        for (QLineEdit* e : {m_tick, m_duration, m_report, m_accuracy}) {
            if (watched != e) continue;
            m_refused.remove(e);
            e->setModified(false);
            refresh();
            return true;
        }
    }
    if (watched == m_description && event->type() == QEvent::FocusOut) commitInfo();
    return QWidget::eventFilter(watched, event);
}

void RunSettingsPanel::focusField(const QString& name)
{
    QWidget* w = name == QLatin1String("tick_ns")              ? m_tick
                 : name == QLatin1String("duration_ns")        ? m_duration
                 : name == QLatin1String("report_every_ticks") ? m_report
                 : name == QLatin1String("method")             ? static_cast<QWidget*>(m_method)
                 : name == QLatin1String("accuracy")           ? m_accuracy
                                                               : static_cast<QWidget*>(m_name);
    w->setFocus(Qt::OtherFocusReason);
    if (auto* e = qobject_cast<QLineEdit*>(w)) e->selectAll();
}

} // namespace drivelab
