#include "simulation/accuracysearch.h"

#include <QProgressDialog>
#include <QStringList>
#include <QWidget>

#include "compile/compiler.h"
#include "document/numbers.h"
#include "spec/runmethods.h"
#include "study/errorestimate.h"

namespace drivelab {

namespace {

QString number(double v) { return QString::number(v, 'g', 2); }

} // namespace

QString accuracySummary(const study::AccuracyChoice& choice, double tolerance)
{
    if (choice.cancelled) return AccuracySearch::tr("The search for accuracy %1 was cancelled; Run searches again.").arg(tolerance);
    if (choice.chosen >= 0) {
        const study::MethodTicks& m = choice.methods[static_cast<std::size_t>(choice.chosen)];
        const double e = m.estimate.estimate();
        return AccuracySearch::tr("Runs with %1 at tick %2 µs: estimated error %3%4 (asked for %5).")
            .arg(QString::fromLatin1(runMethodInfo(m.method).name), formatScaled(m.tickNs, 3), number(e),
                 m.estimate.regular() ? QString() : AccuracySearch::tr(", a bound"))
            .arg(tolerance);
    }
    // none met it: the finest estimate each method reached says how far off the request is
    QStringList tried;
    for (const study::MethodTicks& m : choice.methods) {
        if (!m.compiles) continue;
        const double e = m.estimate.estimate();
        tried << AccuracySearch::tr("%1 %2 at %3 µs")
                     .arg(QString::fromLatin1(runMethodInfo(m.method).name), e >= 0.0 ? number(e) : AccuracySearch::tr("no estimate"),
                          formatScaled(m.tickNs, 3));
    }
    return AccuracySearch::tr("No method meets accuracy %1 within %2 halvings of the tick (%3): ask for less, or give a smaller tick.")
        .arg(tolerance)
        .arg(AccuracySearch::kMaxHalvings)
        .arg(tried.join(QStringLiteral("; ")));
}

AccuracySearch::AccuracySearch(QWidget* dialogParent, QObject* parent) : QObject(parent), m_dialogParent(dialogParent) {}

AccuracySearch::~AccuracySearch()
{
    m_cancel.store(true);
    if (m_thread.joinable()) m_thread.join();
}

bool AccuracySearch::hasChoiceFor(std::uint64_t fingerprint, double accuracy) const
{
    return m_kept && m_chosenModel && m_keptFingerprint == fingerprint && m_keptAccuracy == accuracy;
}

void AccuracySearch::start(const LabSpec& lab, std::uint64_t fingerprint)
{
    if (m_thread.joinable()) return; // one at a time: its finished() answers the run that is waiting
    m_lab = lab;
    m_fingerprint = fingerprint;
    m_cancel.store(false);
    const int total = static_cast<int>(runMethods().size()) * (kMaxHalvings + 3);
    // the dialog appears only when the search takes longer than a moment
    m_dialog = new QProgressDialog(tr("Choosing the method and tick for accuracy %1\u2026").arg(lab.run.accuracy), tr("Cancel"), 0, total,
                                   m_dialogParent);
    m_dialog->setWindowTitle(tr("Accuracy"));
    m_dialog->setObjectName(QStringLiteral("accuracyProgress"));
    m_dialog->setWindowModality(Qt::WindowModal);
    m_dialog->setMinimumDuration(800);
    m_dialog->setAutoClose(false);
    m_dialog->setAutoReset(false);
    m_dialog->setValue(0);
    connect(m_dialog, &QProgressDialog::canceled, this, &AccuracySearch::cancel);
    connect(this, &AccuracySearch::progress, m_dialog, [d = m_dialog](int done, int) { d->setValue(done); });
    // the search owns a copy of the lab; results come back through queued calls (dropped when this is gone)
    m_thread = std::thread([this, spec = lab] {
        const study::AccuracyChoice c = study::chooseMethodAndTick(
            spec, spec.run.accuracy, kMaxHalvings,
            [this](int done, int total) {
                QMetaObject::invokeMethod(this, [this, done, total] { emit progress(done, total); }, Qt::QueuedConnection);
            },
            &m_cancel);
        QMetaObject::invokeMethod(this, [this, c] { done(c); }, Qt::QueuedConnection);
    });
}

void AccuracySearch::cancel() { m_cancel.store(true); }

void AccuracySearch::done(const study::AccuracyChoice& choice)
{
    if (m_thread.joinable()) m_thread.join();
    if (m_dialog) {
        m_dialog->hide();
        m_dialog->deleteLater();
        m_dialog = nullptr;
    }
    m_choice = choice;
    m_kept = false;
    m_chosenModel.reset();
    if (!choice.cancelled && choice.chosen >= 0) {
        // the lab at the chosen tick and method, as `drivelab-cli run --accuracy` runs it
        const study::MethodTicks& m = choice.methods[static_cast<std::size_t>(choice.chosen)];
        LabSpec chosen;
        std::string why;
        if (study::finerTickSpec(m_lab, static_cast<int>(m_lab.run.tickNs / m.tickNs), chosen, why)) {
            chosen.run.method = m.method;
            const CompileResult c = compile(chosen);
            if (c.model) {
                m_chosenSpec = chosen;
                m_chosenModel = c.model;
                m_keptFingerprint = m_fingerprint;
                m_keptAccuracy = m_lab.run.accuracy;
                m_kept = true;
            }
        }
    }
    m_summary = accuracySummary(choice, m_lab.run.accuracy);
    emit finished(m_kept);
}

} // namespace drivelab
