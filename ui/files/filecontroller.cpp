#include "files/filecontroller.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QTimer>

#include "canvas/symbols.h"
#include "document/autolayout.h"
#include "document/labdocument.h"
#include "files/autosaver.h"
#include "files/examplelabs.h"
#include "files/examplesdialog.h"
#include "files/recentfiles.h"
#include "spec/labfiles.h"
#include "spec/labwriter.h"

namespace drivelab {

FileController::FileController(LabDocument* document, Prompter* prompter, Autosaver* autosaver, RecentFiles* recent, QObject* parent)
    : QObject(parent), m_document(document), m_prompter(prompter), m_autosaver(autosaver), m_recent(recent)
{
    connect(&m_watcher, &QFileSystemWatcher::fileChanged, this, &FileController::onFileChanged);
    connect(document, &LabDocument::modifiedChanged, this, [this](bool modified) {
        if (!modified && m_autosaver) m_autosaver->discard();
    });
}

bool FileController::maybeSave()
{
    if (!m_document->isModified()) return true;
    switch (m_prompter->askSaveChanges(m_document->displayName())) {
    case Prompter::SaveChoice::Save: return save();
    case Prompter::SaveChoice::Discard: return true;
    case Prompter::SaveChoice::Cancel: return false;
    }
    return false;
}

bool FileController::newLab()
{
    if (!maybeSave()) return false;
    LabSpec lab;
    lab.name = "untitled";
    m_document->reset(std::move(lab), QString());
    m_digest.clear();
    watch(QString());
    if (m_autosaver) {
        m_autosaver->discard();
        m_autosaver->setBaseDigest({});
    }
    emit message(tr("New lab"));
    return true;
}

bool FileController::open(const QString& path)
{
    const QString abs = QFileInfo(path).absoluteFilePath();
    bool otherOpened = false;
    if (m_otherOpener && m_otherOpener(abs, otherOpened)) return otherOpened;
    LabFileContent content = readLabFile(abs);
    if (!content.lab) {
        // nothing changes: the open lab stays, the problems are listed
        emit openFailed(path, content.diagnostics);
        emit message(tr("Could not open %1: %n problem(s), see the Problems panel", nullptr, int(content.diagnostics.size()))
                         .arg(QFileInfo(path).fileName()));
        return false;
    }
    if (!maybeSave()) return false;
    autoPlace(*content.lab, symbolPortAnchor);
    m_document->reset(std::move(*content.lab), abs);
    m_digest = bytesDigest(content.bytes);
    watch(abs);
    if (m_autosaver) {
        m_autosaver->discard();
        m_autosaver->setBaseDigest(m_digest);
    }
    if (m_recent) m_recent->add(abs);
    QSettings().setValue(QStringLiteral("files/lastDirectory"), QFileInfo(abs).absolutePath());
    emit opened(abs);
    const std::size_t instances = m_document->lab().instances.size();
    if (instances > 0)
        emit message(tr("Opened %1: %n part instance(s), drawn as blocks with the part's ports",
                        nullptr, int(instances))
                         .arg(abs));
    else
        emit message(tr("Opened %1").arg(abs));
    return true;
}

bool FileController::openWithDialog()
{
    const QString dir = QSettings().value(QStringLiteral("files/lastDirectory"), QDir::currentPath()).toString();
    const QString path = m_prompter->openPath(dir);
    if (path.isEmpty()) return false;
    return open(path);
}

bool FileController::openExample(const QString& shipped)
{
    if (!maybeSave()) return false;
    QString why;
    const QString copy = userCopyOfExample(shipped, userExamplesDir(), &why);
    if (copy.isEmpty()) {
        m_prompter->error(tr("Open Example"), why);
        return false;
    }
    if (!open(copy)) return false;
    emit message(tr("Opened your copy of the example %1 (%2)").arg(QFileInfo(shipped).fileName(), copy));
    return true;
}

bool FileController::openExampleWithDialog()
{
    ExamplesDialog dialog(qobject_cast<QWidget*>(parent()));
    if (dialog.exec() != QDialog::Accepted || dialog.selectedPath().isEmpty()) return false;
    return openExample(dialog.selectedPath());
}

bool FileController::save()
{
    if (m_document->filePath().isEmpty()) return saveAs();
    const QString path = m_document->filePath();
    // someone else changed the file since we read or wrote it
    if (QFileInfo::exists(path) && !m_digest.isEmpty() && fileDigest(path) != m_digest) {
        switch (m_prompter->askDiskConflict(path)) {
        case Prompter::ConflictChoice::Overwrite: break;
        case Prompter::ConflictChoice::SaveAs: return saveAs();
        case Prompter::ConflictChoice::Cancel: return false;
        }
    }
    return write(path);
}

bool FileController::saveAs()
{
    QString suggestion = m_document->filePath();
    if (suggestion.isEmpty()) {
        const QString dir = QSettings().value(QStringLiteral("files/lastDirectory"), QDir::currentPath()).toString();
        suggestion = QDir(dir).filePath(QString::fromStdString(m_document->lab().name) + QStringLiteral(".lab.json"));
    }
    QString path = m_prompter->savePath(suggestion);
    if (path.isEmpty()) return false;
    if (!path.endsWith(QLatin1String(".json"))) path += QStringLiteral(".lab.json");
    return saveTo(path);
}

bool FileController::saveTo(const QString& path) { return write(QFileInfo(path).absoluteFilePath()); }

bool FileController::write(const QString& path)
{
    if (m_document->isReadOnly()) {
        emit message(tr("%1 is read-only: nothing saved").arg(m_document->displayName()));
        return false;
    }
    // a lab whose instances use part files beside it (NAME.part.json) is saved only where those
    // files are or the part library has them, so nothing it uses goes missing (the editor does
    // not copy part files)
    for (const InstanceSpec& inst : m_document->lab().instances) {
        bool inlinePart = false;
        for (const Json& def : m_document->lab().parts) inlinePart = inlinePart || def.value("name", std::string()) == inst.part;
        const QString partFile = QFileInfo(path).absoluteDir().filePath(QString::fromStdString(inst.part) + QStringLiteral(".part.json"));
        // a part of the part library folder (the settings') is found wherever the lab is
        if (inlinePart || QFileInfo::exists(partFile) || !libraryPartPath(inst.part).empty()) continue;
        m_prompter->error(tr("Save failed"), tr("Could not save %1:\nits instance %2 uses the part file %3, which is not in that folder.\n\n"
                                                "Save the lab in the folder of its part files, or copy %3 there first.")
                                                 .arg(path, QString::fromStdString(inst.id), QFileInfo(partFile).fileName()));
        emit message(tr("Save failed: the part file %1 is not beside %2").arg(QFileInfo(partFile).fileName(), path));
        return false;
    }
    const QByteArray bytes = QByteArray::fromStdString(writeLab(m_document->lab()));
    QString error;
    // our own write must not look like someone else's change
    m_watcher.blockSignals(true);
    const bool ok = writeFileAtomically(path, bytes, &error, m_progress);
    m_watcher.blockSignals(false);
    if (!ok) {
        m_prompter->error(tr("Save failed"), tr("Could not save %1:\n%2\n\nThe file on disk was not changed.").arg(path, error));
        emit message(tr("Save failed: %1").arg(error));
        return false;
    }
    m_digest = bytesDigest(bytes);
    m_document->setFilePath(path);
    m_document->markSaved();
    if (m_autosaver) {
        m_autosaver->discard();
        m_autosaver->setBaseDigest(m_digest);
    }
    watch(path);
    if (m_recent) m_recent->add(path);
    QSettings().setValue(QStringLiteral("files/lastDirectory"), QFileInfo(path).absolutePath());
    emit saved(path);
    emit message(tr("Saved %1").arg(path));
    return true;
}

bool FileController::reload()
{
    const QString path = m_document->filePath();
    if (path.isEmpty()) return false;
    LabFileContent content = readLabFile(path);
    if (!content.lab) {
        emit openFailed(path, content.diagnostics);
        return false;
    }
    autoPlace(*content.lab, symbolPortAnchor);
    m_document->reset(std::move(*content.lab), path);
    m_digest = bytesDigest(content.bytes);
    if (m_autosaver) {
        m_autosaver->discard();
        m_autosaver->setBaseDigest(m_digest);
    }
    watch(path);
    emit message(tr("Reloaded %1").arg(path));
    return true;
}

bool FileController::offerRecovery(const RecoveryStore& store)
{
    for (const RecoveryEntry& e : store.orphans()) {
        // a part file's copy is offered by the part-file tools (files/partfilerecovery.h)
        if (e.part) continue;
        switch (m_prompter->askRecover(e)) {
        case Prompter::RecoveryChoice::Later: continue;
        case Prompter::RecoveryChoice::Discard: store.remove(e); continue;
        case Prompter::RecoveryChoice::Recover: break;
        }
        LabFileContent content = readLabFile(e.labPath);
        if (!content.lab) {
            emit openFailed(e.labPath, content.diagnostics);
            continue;
        }
        autoPlace(*content.lab, symbolPortAnchor);
        // the recovered lab belongs to the user's file, with unsaved changes
        m_document->reset(std::move(*content.lab), e.original, true);
        m_digest = e.baseDigest;
        watch(e.original);
        if (m_autosaver) m_autosaver->setBaseDigest(m_digest);
        store.remove(e);
        if (m_autosaver) m_autosaver->autosaveNow();
        emit message(tr("Recovered unsaved changes from %1").arg(e.saved.toString(Qt::ISODate)));
        return true;
    }
    return false;
}

void FileController::watch(const QString& path)
{
    if (!m_watcher.files().isEmpty()) m_watcher.removePaths(m_watcher.files());
    if (!path.isEmpty() && QFileInfo::exists(path)) m_watcher.addPath(path);
}

void FileController::onFileChanged(const QString& path)
{
    // an atomic replace drops the watch: keep following the path
    QTimer::singleShot(0, this, [this, path] {
        if (path != m_document->filePath() || m_asking) return;
        if (QFileInfo::exists(path) && !m_watcher.files().contains(path)) m_watcher.addPath(path);
        if (!QFileInfo::exists(path)) {
            emit message(tr("%1 was removed from disk; saving will write it again").arg(path));
            return;
        }
        if (fileDigest(path) == m_digest) return;
        m_asking = true;
        const bool reloadIt = m_prompter->askReload(path, m_document->isModified());
        m_asking = false;
        if (reloadIt)
            reload();
        else
            emit message(tr("%1 changed on disk; you will be asked before it is overwritten").arg(path));
    });
}

} // namespace drivelab
