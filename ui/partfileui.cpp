#include "partfileui.h"

#include <QAction>
#include <QFileInfo>
#include <QMenu>
#include <QStatusBar>

#include "actionset.h"
#include "canvas/partnavigator.h"
#include "commands/replacelabcommand.h"
#include "document/labdocument.h"
#include "document/partfilesession.h"
#include "document/partupdate.h"
#include "files/autosaver.h"
#include "files/filecontroller.h"
#include "files/labfileio.h"
#include "files/partfilerecovery.h"
#include "mainwindow.h"
#include "palette/palettewidget.h"

namespace drivelab {
namespace {

QString joined(const std::vector<std::string>& ids)
{
    QStringList out;
    for (const auto& id : ids) out << QString::fromStdString(id);
    return out.join(QStringLiteral(", "));
}

} // namespace

PartFileUi::PartFileUi(MainWindow* window)
    : QObject(window), m_window(window),
      m_recovery(new PartFileRecovery(window->partNavigator(), window->files(), window->autosaver()->directory(), this))
{
    connect(m_recovery, &PartFileRecovery::message, this, &PartFileUi::message);
    ActionSet* a = window->actions();
    if (auto* file = window->findChild<QMenu*>(QStringLiteral("fileMenu"))) file->insertAction(a->reload, a->savePart);
    connect(a->savePart, &QAction::triggered, this, &PartFileUi::savePart);
    connect(window->palette(), &PaletteWidget::editPartRequested, this, [this](const QString& file) {
        QString why;
        if (!m_window->partNavigator()->openPartFile(file, &why)) message(why);
    });
    connect(window->partNavigator(), &PartNavigator::pathChanged, this, &PartFileUi::updateAction);
    connect(window->partNavigator(), &PartNavigator::partFileChanged, this, &PartFileUi::updateAction);
    updateAction();
}

void PartFileUi::updateAction()
{
    const PartFileSession* s = m_window->partNavigator()->session();
    m_window->actions()->savePart->setEnabled(s && s->isModified());
}

void PartFileUi::message(const QString& text) { m_window->statusBar()->showMessage(text, 10000); }

bool PartFileUi::savePart()
{
    PartFileSession* s = m_window->partNavigator()->session();
    if (!s) return false;
    // what the lab's update needs, taken before the save forgets the renames
    const auto renames = s->renames();
    const Json saved = s->definition();
    QString why;
    if (!write(s, &why)) {
        // an empty reason: the user cancelled (the status bar says so)
        if (why.isEmpty()) return false;
        message(why);
        m_window->files()->prompter()->error(tr("Save Part File"), why);
        return false;
    }
    // the lab reads the part file afresh (its fingerprint, problems and runs follow the file)
    m_window->document()->recheck();
    offerUpdate(s->body().part, s->file(), saved, renames);
    return true;
}

void PartFileUi::offerUpdate(const std::string& part, const QString& file, const Json& saved,
                             const std::vector<std::pair<std::string, std::string>>& renames)
{
    LabDocument* lab = m_window->document();
    const PartUpdate u = planPartUpdate(lab->lab(), part, file.toStdString(), saved, renames);
    const QString name = QFileInfo(file).fileName();
    const QString partName = QString::fromStdString(part);
    if (!u.otherFile.empty()) {
        message(tr("Saved %1. The lab takes part %2 from %3, not from this file: its instances are not changed.")
                    .arg(name, partName, QString::fromStdString(u.otherFile)));
        return;
    }
    const std::vector<std::string>& users = u.linked.empty() ? u.copied : u.linked;
    if (!u.changes) {
        message(users.empty() ? tr("Saved %1. No instance of the lab uses it.").arg(name)
                              : tr("Saved %1. The lab's instances of it use it as saved: %2.").arg(name, joined(users)));
        return;
    }
    QStringList text;
    if (u.copyDiffers)
        text << tr("The lab holds its own copy of part %1, used by %2: replace the copy with the saved part?").arg(partName, joined(users));
    else
        text << tr("The lab's instances of %1 (%2) use the saved file.").arg(partName, joined(users));
    if (!renames.empty()) text << tr("Events, bindings and results of the lab that name items renamed in the part follow the new names.");
    text << tr("Update the lab? One undo step takes the update back.");
    if (!m_window->files()->prompter()->askUpdateInstances(text.join(QStringLiteral("\n\n")))) {
        message(tr("Saved %1. The lab was left as it was.").arg(name));
        return;
    }
    lab->push(new ReplaceLabCommand(lab, u.after, tr("Update instances of %1").arg(partName), {}));
    message(tr("Saved %1 and updated the lab's instances of it: %2.").arg(name, joined(users)));
}

bool PartFileUi::maybeSaveParts()
{
    for (PartFileSession* s : m_window->partNavigator()->unsavedSessions()) {
        switch (m_window->files()->prompter()->askSaveChanges(s->file())) {
        case Prompter::SaveChoice::Cancel: return false;
        case Prompter::SaveChoice::Discard: break;
        case Prompter::SaveChoice::Save: {
            QString why;
            if (!write(s, &why)) {
                if (!why.isEmpty()) m_window->files()->prompter()->error(tr("Save Part File"), why);
                return false;
            }
            break;
        }
        }
    }
    return true;
}

bool PartFileUi::write(PartFileSession* s, QString* why)
{
    // someone else changed the file since it was opened or saved (or since recovered edits began)
    const QString file = s->file();
    if (QFileInfo::exists(file) && !s->baseDigest().isEmpty() && fileDigest(file) != s->baseDigest()) {
        // a part file is saved where it is: Save As is not offered for it, and cancels
        if (m_window->files()->prompter()->askDiskConflict(file) != Prompter::ConflictChoice::Overwrite) {
            if (why) *why = QString();
            message(tr("%1 was changed on disk: not saved; the edits stay unsaved.").arg(file));
            return false;
        }
    }
    return s->save(why);
}

void PartFileUi::offerRecovery(const RecoveryStore& store) { m_recovery->offerRecovery(store); }

} // namespace drivelab
