#pragma once
// The observable picker: a tree of the run's nodes, components and time signals (ids, each
// marked node / component / signal) with their observables and units. Double-click (or Add) puts an observable into the current plot;
// entries can also be dragged onto any plot. Below the tree, a derived channel is defined: a
// name, an expression of observables and signals (plots/derivedchannel.h) and a unit label;
// what is wrong with it (an unknown name, a syntax error and its position) shows under it.
#include <QDialog>

#include <vector>

#include "plots/derivedchannel.h"

class QTreeWidget;
class QLineEdit;
class QLabel;

namespace drivelab {

/// one observable of the model's layout (solver/session.h; the plots header sees only its name)
struct ObservableRef;
struct Model;

/// picker dialog
class ObservablePicker : public QDialog {
    Q_OBJECT
public:
    explicit ObservablePicker(QWidget* parent = nullptr);
    /// fill the tree from a layout (of `model`, when given: an fmu component's observables then
    /// show the FMU variable behind them, its unit and description: ui/fmi/fmuobservables.h)
    void setObservableLayout(const std::vector<ObservableRef>& layout, const Model* model = nullptr);
    QTreeWidget* tree() const { return m_tree; }
    /// show why the last derived channel was refused ("" clears it)
    void setDerivedError(const QString& text);
    QString derivedError() const;

signals:
    /// define this derived channel and add it to the current plot (newPlot: to a new plot)
    void derivedWanted(const drivelab::DerivedDefinition& d, bool newPlot);
    /// add these observables to the current plot (newPlot: to a new plot)
    void picked(const QStringList& subjects, const QStringList& names, bool newPlot);

private:
    void emitSelected(bool newPlot);
    QTreeWidget* m_tree;
    QLineEdit* m_filter;
    QLineEdit* m_derivedName;
    QLineEdit* m_derivedExpression;
    QLineEdit* m_derivedUnit;
    QLabel* m_derivedError;
};

} // namespace drivelab
