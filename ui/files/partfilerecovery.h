#pragma once
// Autosave and crash recovery of part files opened for editing (issue 36, docs/EDITOR.md "Editing a
// part file"), as the lab has them (files/autosaver.h): while a part file has unsaved edits, a copy
// of its definition as Save Part File would write it goes to the recovery folder every minute (never
// to the part file), with a description naming the file and the digest the edits start from, under a
// lock this session holds. Saving the part file, undoing back to it, discarding it on close or a
// normal exit removes the copy. A copy whose session is gone is offered at start-up after the lab's,
// and again whenever that part file is opened for editing: Recover opens it with the copy's network
// as one undo step of unsaved edits (the file is written only by Save Part File, which asks first if
// the file changed on disk since), Discard deletes the copy, Later keeps it. A copy that holds
// exactly what the file holds is removed without asking.
#include <QObject>
#include <QPointer>
#include <QString>

#include <map>

#include "files/prompter.h"

namespace drivelab {

class Autosaver;
class FileController;
class PartFileSession;
class PartNavigator;
class RecoveryStore;

/// the recovery copies of one window's part files
class PartFileRecovery : public QObject {
    Q_OBJECT
public:
    /// copies go to `directory` (the lab's recovery folder); questions through `files`' prompter
    PartFileRecovery(PartNavigator* navigator, FileController* files, const QString& directory, QObject* parent = nullptr);

    /// the autosaver of a part file's session (nullptr before its first edit)
    Autosaver* autosaverFor(const PartFileSession* session) const;
    /// write every part file's copy now (as the timers do); the number written
    int autosaveNow();
    /// offer each part file's copy left by a session that did not end normally; the number recovered
    int offerRecovery(const RecoveryStore& store);

signals:
    /// a status-bar message
    void message(const QString& text);

private:
    void track();
    void offerOnOpen();
    /// offer one copy (deleted without asking when it equals the file); true when recovered
    bool offer(const RecoveryEntry& entry, const RecoveryStore& store);
    bool recover(const RecoveryEntry& entry, const RecoveryStore& store);

    PartNavigator* m_navigator;
    FileController* m_files;
    QString m_dir;
    std::map<const PartFileSession*, QPointer<Autosaver>> m_savers;
    QPointer<PartFileSession> m_offered; // the session last offered its copy on opening
    bool m_busy = false;
};

} // namespace drivelab
