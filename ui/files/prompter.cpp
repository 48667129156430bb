#include "files/prompter.h"

#include <QCoreApplication>
#include <QFileDialog>
#include <QMessageBox>
#include <QPushButton>

namespace drivelab {
namespace {

QString trPrompter(const char* text) { return QCoreApplication::translate("Prompter", text); }

QString filter() { return trPrompter("DriveLab labs (*.lab.json);;JSON files (*.json);;All files (*)"); }

} // namespace

Prompter::SaveChoice DialogPrompter::askSaveChanges(const QString& name)
{
    const auto b =
        QMessageBox::warning(m_parent, trPrompter("Unsaved changes"), trPrompter("Save the changes to %1 before closing it?").arg(name),
                             QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (b == QMessageBox::Save) return SaveChoice::Save;
    if (b == QMessageBox::Discard) return SaveChoice::Discard;
    return SaveChoice::Cancel;
}

Prompter::ConflictChoice DialogPrompter::askDiskConflict(const QString& path)
{
    QMessageBox box(QMessageBox::Warning, trPrompter("File changed on disk"),
                    trPrompter("%1 was changed by another program since you opened or saved it.\n\n"
                               "Saving now would overwrite those changes.")
                        .arg(path),
                    QMessageBox::NoButton, m_parent);
    QPushButton* over = box.addButton(trPrompter("Overwrite"), QMessageBox::DestructiveRole);
    QPushButton* as = box.addButton(trPrompter("Save As…"), QMessageBox::AcceptRole);
    box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(as);
    box.exec();
    if (box.clickedButton() == over) return ConflictChoice::Overwrite;
    if (box.clickedButton() == as) return ConflictChoice::SaveAs;
    return ConflictChoice::Cancel;
}

bool DialogPrompter::askReload(const QString& path, bool modified)
{
    const QString text = modified ? trPrompter("%1 was changed by another program.\n\nReload it and lose your unsaved changes?").arg(path)
                                  : trPrompter("%1 was changed by another program.\n\nReload it?").arg(path);
    return QMessageBox::question(m_parent, trPrompter("File changed on disk"), text, QMessageBox::Yes | QMessageBox::No,
                                 modified ? QMessageBox::No : QMessageBox::Yes) == QMessageBox::Yes;
}

Prompter::RecoveryChoice DialogPrompter::askRecover(const RecoveryEntry& e)
{
    const QString when = QLocale().toString(e.saved, QLocale::ShortFormat);
    QString text = e.part ? trPrompter("DriveLab did not close normally. An autosaved copy of the part file %1 from %2 holds edits that were "
                                       "not saved.\n\nRecover them? The part file opens with them as unsaved edits (one undo step); "
                                       "Save Part File writes them.")
                                .arg(e.original, when)
                          : trPrompter("DriveLab did not close normally. An autosaved copy of %1 from %2 holds changes that were not saved.\n\n"
                                       "Recover it? You can then review it and save it over the original.")
                                .arg(e.original.isEmpty() ? trPrompter("an untitled lab (%1)").arg(e.name) : e.original, when);
    if (e.originalChanged)
        text += QStringLiteral("\n\n") + trPrompter("%1 was changed on disk since; saving the recovered version would replace that change.")
                                             .arg(e.original);
    QMessageBox box(QMessageBox::Question, trPrompter("Recover unsaved changes"), text, QMessageBox::NoButton, m_parent);
    QPushButton* recover = box.addButton(trPrompter("Recover"), QMessageBox::AcceptRole);
    QPushButton* discard = box.addButton(trPrompter("Discard"), QMessageBox::DestructiveRole);
    box.addButton(trPrompter("Later"), QMessageBox::RejectRole);
    box.setDefaultButton(recover);
    box.exec();
    if (box.clickedButton() == recover) return RecoveryChoice::Recover;
    if (box.clickedButton() == discard) return RecoveryChoice::Discard;
    return RecoveryChoice::Later;
}

QString DialogPrompter::openPath(const QString& directory)
{
    return QFileDialog::getOpenFileName(m_parent, trPrompter("Open lab"), directory,
                                        trPrompter("DriveLab labs and portable assets (*.lab.json *.dlasset.json);;") + filter());
}

QString DialogPrompter::savePath(const QString& suggestion)
{
    return QFileDialog::getSaveFileName(m_parent, trPrompter("Save lab as"), suggestion, filter());
}

void DialogPrompter::error(const QString& title, const QString& text) { QMessageBox::critical(m_parent, title, text); }

bool DialogPrompter::askUpdateInstances(const QString& text)
{
    QMessageBox box(QMessageBox::Question, trPrompter("Update instances"), text, QMessageBox::NoButton, m_parent);
    QPushButton* update = box.addButton(trPrompter("Update the Lab"), QMessageBox::AcceptRole);
    box.addButton(trPrompter("Leave the Lab"), QMessageBox::RejectRole);
    box.setDefaultButton(update);
    box.exec();
    return box.clickedButton() == update;
}

} // namespace drivelab
