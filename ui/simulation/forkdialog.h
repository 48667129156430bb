#pragma once
// Fork dialog: the inputs of every component with their values at the fork time (edit
// one to set it in the fork; an input a signal or controller drives shows its binding and
// present value, and takes a constant only when "replace binding" is ticked) and the lab's events (those at or after the fork time can
// be edited, added or removed; earlier ones already happened).
#include <QDialog>

#include <cstdint>
#include <vector>

#include "simulation/runtypes.h"
#include "spec/labspec.h"

class QTableWidget;
class QLineEdit;
class QLabel;

namespace drivelab {

/// asks what a fork changes
class ForkDialog : public QDialog {
    Q_OBJECT
public:
    ForkDialog(const Model& model, const LabSpec& spec, std::int64_t tick, QWidget* parent = nullptr);

    /// inputs whose value was changed
    QVector<InputChange> inputChanges() const;
    /// the fork's events (all of them, in table order)
    std::vector<EventSpec> events() const;
    QString label() const;
    /// why the typed numbers cannot be used, one line per refused cell (empty: all are numbers)
    QStringList refusals() const;

    /// the value of every input at the start of `tick` (initial values and the events applied before it)
    static std::vector<double> inputValuesAt(const Model& model, std::int64_t tick);

    /// what drives an input at the fork time (source empty: nothing, a constant)
    struct ForkInputBinding {
        QString source;        ///< the signal's or controller's id
        double value = 0.0;    ///< the input's value from a signal at the fork time (SI)
        bool hasValue = false; ///< value known (a signal; a controller's output lives in the run's state)
    };
    /// per input (in the order of inputValuesAt): its binding at the start of `tick`, unless an
    /// event before it ended the binding
    static std::vector<ForkInputBinding> bindingsAt(const Model& model, const LabSpec& spec, std::int64_t tick);

private:
    /// "165 N·m"
    static QString unitText(double value, const QString& unit);
    /// a bound input's value cell: the binding (read-only), or an editable constant that replaces it
    void showBinding(int row, bool replaced);
    void addEventRow(const EventSpec& e, bool editable);

    const Model& m_model;
    std::int64_t m_tick;
    QTableWidget* m_inputs;
    QTableWidget* m_events;
    QLineEdit* m_label;
    QLabel* m_refusal = nullptr;
    std::vector<double> m_now;
    std::vector<std::pair<QString, QString>> m_inputKeys;
    std::vector<QString> m_binding; ///< per input row: "← drive (now 165 N·m)", or empty when not bound
    std::vector<bool> m_nowKnown;   ///< per input row: m_now is its present value (not for a controller's output)
};

} // namespace drivelab
