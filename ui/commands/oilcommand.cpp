#include "commands/oilcommand.h"

#include <QCoreApplication>

namespace drivelab {

OilCommand::OilCommand(LabDocument* document, Json oil, const QString& text, QUndoCommand* parent)
    : LabCommand(document, text, parent), m_old(document->lab().oil), m_new(std::move(oil))
{
    if (text.isEmpty()) {
        setText(m_new.is_null()   ? QCoreApplication::translate("OilCommand", "Remove the lab's oil")
                : m_old.is_null() ? QCoreApplication::translate("OilCommand", "Add the lab's oil")
                                  : QCoreApplication::translate("OilCommand", "Change the lab's oil"));
    }
}

void OilCommand::redo()
{
    lab().oil = m_new;
    changed(ChangeKind::Values);
}

void OilCommand::undo()
{
    lab().oil = m_old;
    changed(ChangeKind::Values);
}

} // namespace drivelab
