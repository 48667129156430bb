#pragma once
// A field that takes a number or an "=expr" (docs/FORMATS.md "Expressions"): an instance's
// parameter value. Like NumberEdit, every keystroke is kept and an entry is committed on Return,
// keypad Enter or leaving the field; text that is neither a complete number nor an expression
// muParser accepts is refused whole (amber, the reason in the tooltip), the lab keeps its value,
// Escape restores it. An empty field means "absent" when allowed (the part's default applies).
#include <QLineEdit>

#include <optional>

#include "util/jsonwrite.h"

namespace drivelab {

/// one number-or-expression field
class ExpressionEdit : public QLineEdit {
    Q_OBJECT
public:
    explicit ExpressionEdit(QWidget* parent = nullptr);
    /// the field's unit as declared (checked against a single-parameter expression)
    void setUnit(const std::string& unit) { m_unit = unit; }
    /// an empty field commits "no value"
    void setAllowEmpty(bool on) { m_allowEmpty = on; }
    /// show the lab's value as written (a number or "=expr"; null: absent); not while typing
    void setValue(const Json& value);
    /// why the text is refused (empty when the field takes it)
    QString refusal() const;

signals:
    /// a complete, changed entry: a number, an "=expr" string, or nullopt (cleared)
    void committed(std::optional<Json> value);
    /// an entry was refused (the reason for the user)
    void refused(const QString& reason);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;

private:
    void commit(bool announce);
    void updateState(bool bad);
    /// the entry as the lab stores it, or nullopt with `why`
    std::optional<Json> parsed(QString* why) const;

    std::string m_unit;
    bool m_allowEmpty = false;
    QString m_shown; ///< the text of the lab's value
};

} // namespace drivelab
