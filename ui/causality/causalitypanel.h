#pragma once
// The "Causality" panel: the verdict, then the conflicts (with what to change), the
// constrained groups and the algebraic loops (as paths "r1 → mid → r2 → r1") of the open
// lab. Clicking an entry asks for its items to be selected on the canvas.
#include <QWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace drivelab {

class CausalityController;

/// the causality panel
class CausalityPanel : public QWidget {
    Q_OBJECT
public:
    explicit CausalityPanel(CausalityController* controller, QWidget* parent = nullptr);

    /// role of an entry's ids (QStringList)
    static constexpr int kIdsRole = Qt::UserRole + 1;
    /// the list (tests)
    QTreeWidget* tree() const { return m_tree; }
    /// the verdict line
    QString verdict() const;
    /// the full text of the current entry (a conflict's message), word-wrapped under the list
    QString details() const;
    /// the top-level section with this key ("conflicts", "groups", "loops", "notes"), or nullptr
    QTreeWidgetItem* section(const QString& key) const;

signals:
    /// an entry was clicked: select these node and component ids
    void itemsActivated(const QStringList& ids);

private:
    void rebuild();

    CausalityController* m_controller;
    QLabel* m_verdict;
    QTreeWidget* m_tree;
    QLabel* m_details;
};

} // namespace drivelab
