#pragma once
// A line edit for numbers. Every keystroke is kept (a field that silently dropped a
// refused character stored "0,5" as 5): the field takes exactly what was typed or
// refuses the whole entry. Text that is not a complete number ("1e", "-", "0,5" where the
// locale's decimal separator is a point) is shown amber with the reason in the tooltip,
// never committed, and the model keeps its value; Return or leaving the field commits a
// complete value, Escape restores the model's. Values are SI in the model and shown in
// the current display unit (UnitView::text: rounded for people when converted; a field
// not edited is never written back, so the stored value stays bit-exact).
#include <QLineEdit>
#include <QValidator>

#include <optional>

#include "document/displayunits.h"

namespace drivelab {

/// validator of real or whole-number text: Acceptable or Intermediate, never Invalid, so
/// no keystroke is ever dropped (an item delegate keeps the editor open on Return until
/// the text is a number)
class NumberValidator : public QValidator {
public:
    NumberValidator(bool integerOnly, QObject* parent = nullptr) : QValidator(parent), m_integer(integerOnly) { }
    State validate(QString& input, int& pos) const override;

private:
    bool m_integer;
};

/// a typed numeric field
class NumberEdit : public QLineEdit {
    Q_OBJECT
public:
    explicit NumberEdit(QWidget* parent = nullptr);

    /// whole numbers only (teeth counts)
    void setIntegerOnly(bool on);
    /// the SI unit of the value ("rad/s"); the field shows the display unit
    void setUnit(const QString& siUnit);
    /// an empty field is allowed and commits "no value" (optional parameters)
    void setAllowEmpty(bool on) { m_allowEmpty = on; }
    /// the value an empty field stands for (SI), shown as "default: …" in the display unit
    void setDefaultValue(std::optional<double> si);
    /// show a model value (SI); does nothing while the user is typing in the field
    void setValue(std::optional<double> si);
    /// the model value shown
    std::optional<double> value() const { return m_value; }
    /// the display unit label ("rpm")
    QString unitLabel() const { return m_view.label; }
    /// true while the text is not a complete number
    bool unfinished() const;
    /// why the text is refused (empty when it is a number the field takes)
    QString refusal() const;
    /// true when the text differs from what the field last showed from the model
    bool edited() const { return text() != m_loaded; }

signals:
    /// a complete, changed value was entered (nullopt: cleared)
    void committed(std::optional<double> si);
    /// the user finished an entry that is not a number: nothing was stored (reason for the user)
    void refused(const QString& reason);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    /// commit a complete value; refuse anything else (announce: emit refused with the reason)
    void commit(bool announce = true);
    void showValue();
    void updateState();

    NumberValidator* m_validator;
    UnitView m_view;
    QString m_siUnit;
    std::optional<double> m_value;
    std::optional<double> m_default;
    QString m_shown;
    QString m_loaded;
    bool m_integer = false;
    bool m_allowEmpty = false;
};

} // namespace drivelab
