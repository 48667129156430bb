#pragma once
// A line edit that takes only numbers. Keystrokes that cannot lead to a number are
// refused; a half-typed value ("1e", "-") is shown as unfinished and never committed;
// Return or leaving the field commits a complete value, Escape restores the model's.
// Values are SI in the model and shown in the current display unit.
#include <QLineEdit>
#include <QValidator>

#include <optional>

#include "document/displayunits.h"

namespace drivelab {

/// validator of real or whole-number text
class NumberValidator : public QValidator {
public:
    NumberValidator(bool integerOnly, QObject* parent = nullptr) : QValidator(parent), m_integer(integerOnly) {}
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
    /// show a model value (SI); does nothing while the user is typing in the field
    void setValue(std::optional<double> si);
    /// the model value shown
    std::optional<double> value() const { return m_value; }
    /// the display unit label ("rpm")
    QString unitLabel() const { return m_view.label; }
    /// true while the text is not a complete number
    bool unfinished() const;

signals:
    /// a complete, changed value was entered (nullopt: cleared)
    void committed(std::optional<double> si);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    void commit();
    void showValue();
    void updateState();

    NumberValidator* m_validator;
    UnitView m_view;
    QString m_siUnit;
    std::optional<double> m_value;
    QString m_shown;
    bool m_integer = false;
    bool m_allowEmpty = false;
};

} // namespace drivelab
