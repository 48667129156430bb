#pragma once
// Shared helpers of the editor tests: a prompter with scripted answers, lab paths,
// file reading, and saving a window's lab through the real save path.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <deque>
#include <memory>

#include "files/filecontroller.h"
#include "files/prompter.h"
#include "document/labdocument.h"
#include "mainwindow.h"
#include "simulation/runcontroller.h"
#include "spec/labwriter.h"

namespace drivelab::test {

/// answers questions from queues and records what was asked
class ScriptedPrompter : public Prompter {
public:
    std::deque<SaveChoice> saveChoices;
    std::deque<ConflictChoice> conflictChoices;
    std::deque<bool> reloadChoices;
    std::deque<RecoveryChoice> recoveryChoices;
    QString nextOpenPath;
    QString nextSavePath;
    QStringList asked;  ///< one word per question, in order
    QStringList errors; ///< error texts shown

    SaveChoice askSaveChanges(const QString&) override
    {
        asked << QStringLiteral("save-changes");
        return take(saveChoices, SaveChoice::Cancel);
    }
    ConflictChoice askDiskConflict(const QString&) override
    {
        asked << QStringLiteral("conflict");
        return take(conflictChoices, ConflictChoice::Cancel);
    }
    bool askReload(const QString&, bool) override
    {
        asked << QStringLiteral("reload");
        return take(reloadChoices, false);
    }
    QList<RecoveryEntry> recoveryEntries; ///< the copies offered, in order
    RecoveryChoice askRecover(const RecoveryEntry& e) override
    {
        asked << QStringLiteral("recover");
        recoveryEntries << e;
        return take(recoveryChoices, RecoveryChoice::Later);
    }
    QString openPath(const QString&) override
    {
        asked << QStringLiteral("open-path");
        return nextOpenPath;
    }
    QString savePath(const QString&) override
    {
        asked << QStringLiteral("save-path");
        return nextSavePath;
    }
    void error(const QString&, const QString& text) override
    {
        asked << QStringLiteral("error");
        errors << text;
    }
    std::deque<bool> updateChoices; ///< answers to "update the lab's instances of a saved part?"
    QStringList updateTexts;        ///< the texts of those questions
    bool askUpdateInstances(const QString& text) override
    {
        asked << QStringLiteral("update-instances");
        updateTexts << text;
        return take(updateChoices, false);
    }

private:
    template <class T> static T take(std::deque<T>& q, T fallback)
    {
        if (q.empty()) return fallback;
        T v = q.front();
        q.pop_front();
        return v;
    }
};

/// a lab of the repository
inline QString labPath(const QString& name) { return QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/") + name; }

/// files of tests/fixtures/parts/ copied (writable, replacing older copies) into `dir`; the path of the first
inline QString copyPartsFixtures(const QTemporaryDir& dir, const QStringList& names)
{
    for (const QString& f : names) {
        const QString to = dir.filePath(f);
        QFile::remove(to);
        QFile::copy(QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/fixtures/parts/") + f, to);
        QFile(to).setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
    }
    return names.isEmpty() ? QString() : dir.filePath(names.front());
}

/// every lab of the repository
inline QStringList allLabs()
{
    QStringList out;
    for (const QString& f : QDir(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs")).entryList({QStringLiteral("*.lab.json")}, QDir::Files))
        out << labPath(f);
    return out;
}

/// a file's bytes
inline QByteArray readAll(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    return f.readAll();
}

/// write bytes (test setup)
inline bool writeAll(const QString& path, const QByteArray& bytes)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) return false;
    return f.write(bytes) == bytes.size();
}

/// isolate settings and data folders of the tests (one set per test program, so
/// programs running in parallel do not share recent files or display units)
inline void isolate()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("DriveLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("DriveLabTests-") + QFileInfo(QCoreApplication::applicationFilePath()).baseName());
    QSettings().clear();
}

/// a shown 1400x900 main window with the lab run to t (paused there); `settle` more rounds of
/// events lay the charts out (and align them); null if the lab does not open or run
inline std::unique_ptr<MainWindow> runShown(const QTemporaryDir& dir, const char* lab, double t, int settle = 0)
{
    auto w = std::make_unique<MainWindow>(MainWindowOptions{dir.path(), false});
    if (!w->openLab(labPath(QString::fromLatin1(lab)))) return nullptr;
    w->resize(1400, 900);
    w->show();
    if (!w->runController()->runTo(t)) return nullptr;
    for (int i = 0; i < settle; ++i) QApplication::processEvents();
    return w;
}

/// a main window as a user sees it: no saved settings, recovery files under dir/recovery,
/// the given scripted prompter answering its dialogs, shown at 1400x900
inline std::unique_ptr<MainWindow> shownMainWindow(const QTemporaryDir& dir, ScriptedPrompter* prompter)
{
    MainWindowOptions o;
    o.restoreSettings = false;
    o.recoveryDirectory = dir.filePath(QStringLiteral("recovery"));
    auto w = std::make_unique<MainWindow>(o);
    w->setPrompter(prompter);
    w->resize(1400, 900);
    w->show();
    if (!QTest::qWaitForWindowExposed(w.get())) qWarning("main window not exposed");
    return w;
}

/// replace a field's text the way a user does: select all, delete, type
inline void retype(QWidget* w, const QString& text)
{
    w->setFocus();
    QTest::keyClick(w, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(w, Qt::Key_Backspace);
    QTest::keyClicks(w, text);
}

/// undo every recorded step back to the first state (each undo gives the lab recorded before
/// it, byte for byte), then redo them all; `nothingBefore`: the first state is the stack's start
inline void walkUndoRedo(LabDocument* doc, const std::vector<std::string>& states, bool nothingBefore = false)
{
    QUndoStack* undo = doc->undoStack();
    for (std::size_t i = states.size() - 1; i > 0; --i) {
        QVERIFY(undo->canUndo());
        undo->undo();
        QCOMPARE(writeLab(doc->lab()), states[i - 1]);
    }
    if (nothingBefore) QVERIFY(!undo->canUndo());
    for (std::size_t i = 1; i < states.size(); ++i) {
        QVERIFY(undo->canRedo());
        undo->redo();
        QCOMPARE(writeLab(doc->lab()), states[i]);
    }
}

} // namespace drivelab::test
