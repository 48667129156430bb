#pragma once
// Editing a part file in a main window (issue 36, docs/EDITOR.md "Editing a part file"): File ▸
// Save Part File (and the button in the path bar) writes the part file shown, the lab is checked
// again against it, and the lab's instances of the part are offered the update (document/partupdate.h)
// as one undo step; closing the window asks about part files with unsaved edits. Unsaved edits are
// autosaved and offered again after a crash (files/partfilerecovery.h); a save over a file changed
// on disk since it was opened or saved asks first.
#include <QObject>
#include <QString>

#include <string>
#include <utility>
#include <vector>

#include "spec/labspec.h"

namespace drivelab {

class MainWindow;
class PartFileRecovery;
class PartFileSession;
class RecoveryStore;

/// the part-file tools of one window
class PartFileUi : public QObject {
    Q_OBJECT
public:
    /// adds Save Part File to the window's "fileMenu"
    explicit PartFileUi(MainWindow* window);

    /// save the part file shown and offer to update the lab; false when none is shown or the
    /// file could not be written (the prompter says why; the file is as it was)
    bool savePart();
    /// each part file with unsaved edits saved or discarded as the user answers; false: cancelled
    bool maybeSaveParts();
    /// offer the part files' copies left by a session that did not end normally (after the lab's)
    void offerRecovery(const RecoveryStore& store);
    /// the autosave and recovery of the part files
    PartFileRecovery* recovery() const { return m_recovery; }

private:
    bool write(PartFileSession* session, QString* why);
    void offerUpdate(const std::string& part, const QString& file, const Json& saved,
                     const std::vector<std::pair<std::string, std::string>>& renames);
    void message(const QString& text);
    void updateAction();

    MainWindow* m_window;
    PartFileRecovery* m_recovery;
};

} // namespace drivelab
