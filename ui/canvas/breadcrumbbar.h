#pragma once
// The bar above the canvas while a part is open (docs/EDITOR.md "Opening an instance"): Back, Up
// and the path from the lab to the part shown (two-speed-shift › box (two_speed_planetary)); a
// click on a level shows it; a part file shown is named with Save Part File. Hidden at the lab's own network when there is nothing to go back to.
#include <QWidget>

class QHBoxLayout;
class QLabel;
class QToolButton;

namespace drivelab {

class PartNavigator;
struct ActionSet;

/// Back, Up and the path of a PartNavigator
class BreadcrumbBar : public QWidget {
    Q_OBJECT
public:
    BreadcrumbBar(PartNavigator* navigator, ActionSet* actions, QWidget* parent = nullptr);

    /// the levels as shown, from the lab down
    QStringList levels() const;

private:
    void rebuild();

    PartNavigator* m_navigator;
    QHBoxLayout* m_path;
    QList<QToolButton*> m_levels;
    QLabel* m_file;     // the part file shown
    QToolButton* m_save; // Save Part File
};

} // namespace drivelab
