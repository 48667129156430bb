#pragma once
// Every question the file handling asks the user, behind one interface: the window
// uses dialogs, tests script the answers.
#include <QDateTime>
#include <QString>

#include <string>
#include <utility>
#include <vector>

class QWidget;

namespace drivelab {

/// an autosaved lab (or part file) left behind by a session that did not end normally
struct RecoveryEntry {
    QString labPath;       ///< the recovery copy (a lab, or with `part` a part definition)
    QString metaPath;      ///< its description
    QString original;      ///< the user's file it belongs to ("" for an untitled lab)
    QByteArray baseDigest; ///< digest of the user's file when it was last opened or saved
    QDateTime saved;       ///< when it was autosaved
    QString name;          ///< the lab's name (a part's: its file name)
    bool part = false;     ///< unsaved edits of a part file (`original`), not of a lab
    bool originalChanged = false; ///< `original` no longer has `baseDigest`: changed on disk since
    /// a part file's items renamed by the edits, in order (PartFileSession::renames): the lab's
    /// update after Save Part File follows them as it would have without the crash
    std::vector<std::pair<std::string, std::string>> renames;
};

/// questions to the user
class Prompter {
public:
    virtual ~Prompter() = default;
    enum class SaveChoice { Save, Discard, Cancel };
    enum class ConflictChoice { Overwrite, SaveAs, Cancel };
    enum class RecoveryChoice { Recover, Discard, Later };

    /// unsaved changes would be lost
    virtual SaveChoice askSaveChanges(const QString& name) = 0;
    /// the file changed on disk since it was opened or saved, and we are about to save over it
    virtual ConflictChoice askDiskConflict(const QString& path) = 0;
    /// the file changed on disk while open: reload it? (`modified`: unsaved changes would be lost)
    virtual bool askReload(const QString& path, bool modified) = 0;
    /// a recovery copy exists
    virtual RecoveryChoice askRecover(const RecoveryEntry& entry) = 0;
    /// a file to open ("" = cancelled)
    virtual QString openPath(const QString& directory) = 0;
    /// a file to save to ("" = cancelled)
    virtual QString savePath(const QString& suggestion) = 0;
    /// an error the user must see
    virtual void error(const QString& title, const QString& text) = 0;
    /// a saved part file: update the open lab's instances of it as `text` says? (docs/EDITOR.md
    /// "Editing a part file")
    virtual bool askUpdateInstances(const QString& text) = 0;
};

/// the dialogs of the main window
class DialogPrompter : public Prompter {
public:
    explicit DialogPrompter(QWidget* parent) : m_parent(parent) { }
    SaveChoice askSaveChanges(const QString& name) override;
    ConflictChoice askDiskConflict(const QString& path) override;
    bool askReload(const QString& path, bool modified) override;
    RecoveryChoice askRecover(const RecoveryEntry& entry) override;
    QString openPath(const QString& directory) override;
    QString savePath(const QString& suggestion) override;
    void error(const QString& title, const QString& text) override;
    bool askUpdateInstances(const QString& text) override;

private:
    QWidget* m_parent;
};

} // namespace drivelab
