#pragma once
// The Problems panel: every diagnostic the core reports for the lab, live, each row
// carrying exactly the line `drivelab-cli check` prints (Ctrl+C copies those lines).
// Activating a row selects and centres the item and focuses the field. Problems of a
// file that could not be opened are listed the same way, above the lab's own.
#include <QWidget>

#include "spec/diagnostic.h"

class QTreeWidget;
class QLabel;

namespace drivelab {

class LabDocument;

/// problems dock contents
class ProblemsPanel : public QWidget {
    Q_OBJECT
public:
    explicit ProblemsPanel(LabDocument* document, QWidget* parent = nullptr);

    /// show the problems of a file that could not be opened ("" clears them)
    void setOpenFailure(const QString& path, const Diagnostics& diagnostics);
    /// the command-line lines of every row, in order
    QStringList lines() const;
    /// number of rows
    int count() const;
    /// activate a row (as a click would)
    void activateRow(int row);
    QTreeWidget* tree() const { return m_tree; }
    /// the summary line above the rows
    QString summary() const;
    /// "1 error, 2 warnings" (English plurals without a translation loaded)
    static QString countText(int errors, int warnings);

signals:
    /// a lab problem was activated: select the subject and focus the field
    void problemActivated(const QString& subject, const QString& field);
    /// errors and warnings now listed
    void countsChanged(int errors, int warnings);

private:
    void rebuild();
    void copySelected();

    LabDocument* m_document;
    QTreeWidget* m_tree;
    QLabel* m_summary;
    QString m_failedPath;
    Diagnostics m_failed;
};

} // namespace drivelab
