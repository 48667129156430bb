#pragma once
// Autosave and crash recovery. While a lab has unsaved changes, a copy is written every
// minute to a recovery folder (never to the user's file), with a small description and
// a lock that this session holds. A clean save, a new or opened lab, or a normal exit
// removes the copy. At start-up, copies whose lock is no longer held (their session
// crashed or was killed) are offered for recovery. A part file with unsaved edits (issue 36,
// document/partfilesession.h) is copied the same way, its copy marked as a part's
// (files/partfilerecovery.h).
#include <QLockFile>
#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>

#include "files/prompter.h"

namespace drivelab {

class LabDocument;

/// the recovery folder and the copies left in it
class RecoveryStore {
public:
    explicit RecoveryStore(const QString& directory);
    /// the default folder (under the application data location)
    static QString defaultDirectory();
    QString directory() const { return m_dir; }
    /// copies whose session is gone, newest first
    QList<RecoveryEntry> orphans() const;
    /// delete a copy and its description
    void remove(const RecoveryEntry& entry) const;

private:
    QString m_dir;
};

/// what an autosaver copies: a document's unsaved state
struct AutosaveSource {
    std::function<bool()> modified;     ///< unsaved changes?
    std::function<quint64()> revision;  ///< changes with every edit, undo and redo
    std::function<QByteArray()> bytes;  ///< the copy's content (what a save would write)
    std::function<QString()> original;  ///< the user's file ("" when untitled)
    std::function<QString()> name;      ///< shown when offering the copy
    /// a part file's items renamed by the unsaved edits, in order (kept in the description)
    std::function<std::vector<std::pair<std::string, std::string>>()> renames;
    bool part = false;                  ///< a part file's edits (NAME.part.json), not a lab
};

/// writes the recovery copy of one document
class Autosaver : public QObject {
    Q_OBJECT
public:
    /// a lab (the window's document)
    Autosaver(LabDocument* document, const QString& directory, QObject* parent = nullptr);
    /// anything else with unsaved changes (a part file being edited)
    Autosaver(AutosaveSource source, const QString& directory, QObject* parent = nullptr);
    ~Autosaver() override;

    /// autosave period [ms] (default one minute)
    void setInterval(int ms) { m_timer.setInterval(ms); }
    int interval() const { return m_timer.interval(); }
    /// write the copy now if there are unsaved changes not yet copied; true when written
    bool autosaveNow();
    /// the copy is obsolete (saved, reverted, replaced): delete it
    void discard();
    /// digest of the user's file the unsaved changes start from (kept in the description)
    void setBaseDigest(const QByteArray& digest) { m_baseDigest = digest; }
    /// path of this session's copy
    QString recoveryPath() const { return m_labPath; }
    /// the recovery folder
    QString directory() const { return m_dir; }
    /// drop the lock and keep the copy, as a crash would (tests)
    void abandonForTest();

signals:
    /// a copy was written
    void autosaved(const QString& path);

private:
    AutosaveSource m_source;
    QString m_dir;
    QString m_labPath;
    QString m_metaPath;
    std::unique_ptr<QLockFile> m_lock;
    QTimer m_timer;
    quint64 m_savedRevision = 0;
    bool m_written = false;
    QByteArray m_baseDigest;
};

} // namespace drivelab
