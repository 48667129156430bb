#pragma once
// Editing a part file in a main window (issue 36, docs/EDITOR.md "Editing a part file"): File ▸
// Save Part File (and the button in the path bar) writes the part file shown, the lab is checked
// again against it, and the lab's instances of the part are offered the update (document/partupdate.h)
// as one undo step; closing the window asks about part files with unsaved edits.
#include <QObject>
#include <QString>

#include <string>
#include <utility>
#include <vector>

#include "spec/labspec.h"

namespace drivelab {

class MainWindow;
class PartFileSession;

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

private:
    void offerUpdate(const std::string& part, const QString& file, const Json& saved,
                     const std::vector<std::pair<std::string, std::string>>& renames);
    void message(const QString& text);
    void updateAction();

    MainWindow* m_window;
};

} // namespace drivelab
