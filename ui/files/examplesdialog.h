#pragma once
// File ▸ Open Example…: the shipped labs, each with a thumbnail of its drawing, its name and
// one line of description. Open (or a double-click, or Return) opens the user's own copy of
// the chosen lab (examplelabs.h); the shipped files stay as they are.
#include <QDialog>

#include "files/examplelabs.h"

class QListWidget;

namespace drivelab {

/// chooses one of the shipped example labs
class ExamplesDialog : public QDialog {
    Q_OBJECT
public:
    /// the examples of `dir` (examplesDir() when empty)
    explicit ExamplesDialog(QWidget* parent = nullptr, const QString& dir = QString());

    /// the shipped file of the chosen example ("" when none)
    QString selectedPath() const;
    /// the list (tests)
    QListWidget* list() const { return m_list; }
    /// the examples shown
    const QVector<ExampleLab>& examples() const { return m_examples; }

private:
    QVector<ExampleLab> m_examples;
    QListWidget* m_list;
};

} // namespace drivelab
