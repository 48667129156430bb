#include "commands/editeventcommand.h"

#include <QCoreApplication>

#include "components/descriptors.h"
#include "document/displayunits.h"
#include "document/numbers.h"

namespace drivelab {

EditEventCommand::EditEventCommand(LabDocument* document, std::size_t index, EventSpec event, QUndoCommand* parent)
    : LabCommand(document, QString(), parent), m_index(index), m_old(document->lab().events.at(index)), m_new(std::move(event))
{
    // "Edit event 2: at 1.5 s clutch.pressure = 2 bar" (the value in the display unit)
    const ComponentSpec* c = document->lab().findComponent(m_new.component);
    const ComponentDescriptor* d = c ? findComponentDescriptor(c->type) : nullptr;
    const InputDescriptor* in = d ? d->input(m_new.input) : nullptr;
    const UnitView view = DisplayUnits::instance().view(in ? QString::fromLatin1(in->unit) : QString());
    const QString value = view.textWithUnit(m_new.value);
    setText(QCoreApplication::translate("EditEventCommand", "Edit event %1: at %2 s %3.%4 = %5")
                .arg(index + 1)
                .arg(formatScaled(m_new.timeNs, 9), qs(m_new.component), qs(m_new.input), value));
}

void EditEventCommand::redo()
{
    lab().events.at(m_index) = m_new;
    changed(ChangeKind::Values, {qs(m_old.component), qs(m_new.component)});
}

void EditEventCommand::undo()
{
    lab().events.at(m_index) = m_old;
    changed(ChangeKind::Values, {qs(m_old.component), qs(m_new.component)});
}

} // namespace drivelab
