#pragma once
// The observable picker: a tree of the run's nodes, components and time signals (ids, each
// marked node / component / signal) with their observables and units. Double-click (or Add) puts an observable into the current plot;
// entries can also be dragged onto any plot.
#include <QDialog>

#include <vector>

class QTreeWidget;
class QLineEdit;

namespace drivelab {

/// one observable of the model's layout (solver/session.h; the plots header sees only its name)
struct ObservableRef;

/// picker dialog
class ObservablePicker : public QDialog {
    Q_OBJECT
public:
    explicit ObservablePicker(QWidget* parent = nullptr);
    /// fill the tree from a layout
    void setObservableLayout(const std::vector<ObservableRef>& layout);
    QTreeWidget* tree() const { return m_tree; }

signals:
    /// add these observables to the current plot (newPlot: to a new plot)
    void picked(const QStringList& subjects, const QStringList& names, bool newPlot);

private:
    void emitSelected(bool newPlot);
    QTreeWidget* m_tree;
    QLineEdit* m_filter;
};

} // namespace drivelab
