#pragma once
// New, Open, Save, Save As, Recent, Reload: the document's life on disk. Saves are
// atomic; a prompt guards unsaved changes; a file changed by someone else is noticed
// (while open, and again before saving over it); a file that cannot be read is
// reported with its diagnostics and the open lab stays as it was.
#include <QFileSystemWatcher>
#include <QObject>

#include <functional>

#include "files/labfileio.h"
#include "files/prompter.h"

namespace drivelab {

class LabDocument;
class Autosaver;
class RecentFiles;
class RecoveryStore;

/// file handling of one document
class FileController : public QObject {
    Q_OBJECT
public:
    FileController(LabDocument* document, Prompter* prompter, Autosaver* autosaver, RecentFiles* recent, QObject* parent = nullptr);

    /// start an empty lab (after asking about unsaved changes)
    bool newLab();
    /// open a file (after asking); false when cancelled or unreadable
    bool open(const QString& path);
    /// ask for a file, then open it
    bool openWithDialog();
    /// open the user's own copy of a shipped example lab (examplelabs.h); false when cancelled
    /// or the copy cannot be made (the prompter says why)
    bool openExample(const QString& shipped);
    /// File ▸ Open Example…: choose one of the shipped labs, then open it (openExample)
    bool openExampleWithDialog();
    /// save to the current file (Save As when untitled)
    bool save();
    /// ask for a file, then save to it
    bool saveAs();
    /// save to a given file
    bool saveTo(const QString& path);
    /// re-read the file from disk, dropping unsaved changes (after asking)
    bool reload();
    /// ask about unsaved changes; false when the user cancels
    bool maybeSave();
    /// offer the copies of crashed sessions; true when one was recovered
    bool offerRecovery(const RecoveryStore& store);
    /// replace the prompter (tests script the answers)
    void setPrompter(Prompter* prompter) { m_prompter = prompter; }
    /// who asks the user (the window's dialogs, or a test's script)
    Prompter* prompter() const { return m_prompter; }
    /// a hook run while saving (tests interrupt saves with it)
    void setSaveProgress(SaveProgress progress) { m_progress = std::move(progress); }
    /// opens files that are not labs (portable assets, ui/assets/): true when it took the path
    using OtherOpener = std::function<bool(const QString& path, bool& opened)>;
    void setOtherOpener(OtherOpener opener) { m_otherOpener = std::move(opener); }
    /// digest of the file as last read or written
    QByteArray knownDigest() const { return m_digest; }

signals:
    /// a file was opened
    void opened(const QString& path);
    /// the lab was saved
    void saved(const QString& path);
    /// a file could not be opened: its diagnostics
    void openFailed(const QString& path, const drivelab::Diagnostics& diagnostics);
    /// a status-bar message
    void message(const QString& text);

private:
    void watch(const QString& path);
    void onFileChanged(const QString& path);
    bool write(const QString& path);

    LabDocument* m_document;
    Prompter* m_prompter;
    Autosaver* m_autosaver;
    RecentFiles* m_recent;
    QFileSystemWatcher m_watcher;
    QByteArray m_digest;
    SaveProgress m_progress;
    bool m_asking = false;
    OtherOpener m_otherOpener;
};

} // namespace drivelab
