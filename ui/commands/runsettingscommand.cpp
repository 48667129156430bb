#include "commands/runsettingscommand.h"

#include <QCoreApplication>
#include <QStringList>

#include "document/numbers.h"

namespace drivelab {

namespace {

// the method a change sets, named as the Method box names it (no default: a new method must be named here)
QString methodChange(RunMethod m)
{
    switch (m) {
    case RunMethod::Gauss2: return QCoreApplication::translate("RunSettingsCommand", "method Gauss–Legendre");
    case RunMethod::Radau3: return QCoreApplication::translate("RunSettingsCommand", "method Radau IIA");
    case RunMethod::Absent: // the lab names no method: the midpoint runs
    case RunMethod::Midpoint: break;
    }
    return QCoreApplication::translate("RunSettingsCommand", "method implicit midpoint");
}

// what changed, with the new values ("tick 0.0005 s, duration 5 s")
QString changes(const RunSpec& from, const RunSpec& to)
{
    QStringList parts;
    // in the units of the Run settings fields: the tick in µs, the duration in s
    if (from.tickNs != to.tickNs) parts << QCoreApplication::translate("RunSettingsCommand", "tick %1 µs").arg(formatScaled(to.tickNs, 3));
    if (from.durationNs != to.durationNs)
        parts << QCoreApplication::translate("RunSettingsCommand", "duration %1 s").arg(formatScaled(to.durationNs, 9));
    if (from.reportEveryTicks != to.reportEveryTicks)
        parts << QCoreApplication::translate("RunSettingsCommand", "report every %n ticks", nullptr, static_cast<int>(to.reportEveryTicks));
    if (from.method != to.method) parts << methodChange(to.method);
    if (from.accuracy != to.accuracy)
        parts << (to.accuracy > 0.0 ? QCoreApplication::translate("RunSettingsCommand", "accuracy %1").arg(formatNumber(to.accuracy))
                                    : QCoreApplication::translate("RunSettingsCommand", "no accuracy"));
    return parts.join(QStringLiteral(", "));
}

} // namespace

RunSettingsCommand::RunSettingsCommand(LabDocument* document, RunSpec run, QUndoCommand* parent)
    : LabCommand(document, QString(), parent), m_old(document->lab().run), m_new(run)
{
    const QString what = changes(m_old, m_new);
    setText(what.isEmpty() ? QCoreApplication::translate("RunSettingsCommand", "Change run settings")
                           : QCoreApplication::translate("RunSettingsCommand", "Set %1").arg(what));
}

void RunSettingsCommand::redo()
{
    lab().run = m_new;
    changed(ChangeKind::Values);
}

void RunSettingsCommand::undo()
{
    lab().run = m_old;
    changed(ChangeKind::Values);
}

} // namespace drivelab
