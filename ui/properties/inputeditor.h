#pragma once
// An input row of the property form: either a number (the initial value, as before) or a
// binding to one of the lab's time signals, value = scale * signal + offset
// (`"torque": {"signal": "apply", "scale": 1, "offset": 0}`). The combo switches between
// "value" and "signal <id>"; unbinding stores the value the signal started the input at.
// Every change is one SetValueCommand on the input.
#include "properties/fieldeditors.h"

class QFrame;

namespace drivelab {

/// an initial input: a number or a signal binding
class InputFieldEditor : public FieldEditor {
    Q_OBJECT
public:
    /// an empty value field shows the input's initial default in the display unit
    InputFieldEditor(LabDocument* document, ValueTarget target, const InputDescriptor& input, QWidget* parent);
    QWidget* widget() const override;
    void refresh() override;
    void setProblems(const QStringList& problems) override;
    void setItemId(const QString& id) { m_target.id = id.toStdString(); }

    /// "value" (index 0) or "signal <id>" (data: the signal id)
    QComboBox* sourceCombo() const { return m_source; }
    /// the number while unbound
    NumberEdit* valueEdit() const { return m_value; }
    /// scale and offset while bound (empty: 1 and 0)
    NumberEdit* scaleEdit() const { return m_scale; }
    NumberEdit* offsetEdit() const { return m_offset; }
    /// bind to a signal ("" unbinds), as choosing it in the combo does
    void bindTo(const QString& signal);

private:
    void setBindingKey(const char* key, std::optional<double> value);
    void push(std::optional<Json> value, const QString& text);

    ValueTarget m_target;
    const InputDescriptor& m_input;
    QFrame* m_box;
    QComboBox* m_source;
    NumberEdit* m_value;
    QWidget* m_bound;
    NumberEdit* m_scale;
    NumberEdit* m_offset;
};

} // namespace drivelab
