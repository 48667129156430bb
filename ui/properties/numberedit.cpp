#include "properties/numberedit.h"

#include <QKeyEvent>
#include <QStyle>

#include "document/numbers.h"

namespace drivelab {

QValidator::State NumberValidator::validate(QString& input, int&) const
{
    if (input.trimmed().isEmpty()) return Intermediate;
    switch (classifyNumber(input, m_integer)) {
    case NumberTextState::Acceptable: return Acceptable;
    case NumberTextState::Intermediate: return Intermediate;
    case NumberTextState::Invalid: return Invalid;
    }
    return Invalid;
}

NumberEdit::NumberEdit(QWidget* parent) : QLineEdit(parent), m_validator(new NumberValidator(false, this))
{
    setValidator(m_validator);
    setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    connect(this, &QLineEdit::textEdited, this, &NumberEdit::updateState);
    connect(&DisplayUnits::instance(), &DisplayUnits::changed, this, [this] {
        setUnit(m_siUnit);
    });
}

void NumberEdit::setIntegerOnly(bool on)
{
    m_integer = on;
    delete m_validator;
    m_validator = new NumberValidator(on, this);
    setValidator(m_validator);
}

void NumberEdit::setUnit(const QString& siUnit)
{
    m_siUnit = siUnit;
    m_view = DisplayUnits::instance().view(siUnit);
    showValue();
}

void NumberEdit::setValue(std::optional<double> si)
{
    const bool same = si == m_value;
    m_value = si;
    // never overwrite what the user is typing
    if (hasFocus() && isModified()) return;
    if (!same || text() != m_shown) showValue();
}

void NumberEdit::showValue()
{
    if (!m_value) m_shown.clear();
    else if (m_view.identity()) m_shown = formatNumber(*m_value);
    else m_shown = formatNumberDigits(m_view.toDisplay(*m_value), 10);
    setText(m_shown);
    setModified(false);
    updateState();
}

bool NumberEdit::unfinished() const
{
    const QString t = text();
    if (t.trimmed().isEmpty()) return !m_allowEmpty;
    return classifyNumber(t, m_integer) != NumberTextState::Acceptable;
}

void NumberEdit::updateState()
{
    const bool bad = unfinished() && !(text().trimmed().isEmpty() && !m_value);
    setProperty("unfinished", bad);
    setToolTip(bad ? tr("Not a complete number yet: finish it or press Escape to restore %1").arg(m_shown.isEmpty() ? tr("the empty value") : m_shown)
                   : QString());
    style()->unpolish(this);
    style()->polish(this);
}

void NumberEdit::commit()
{
    const QString t = text();
    if (t == m_shown) {
        setModified(false);
        return;
    }
    if (t.trimmed().isEmpty()) {
        if (!m_allowEmpty) return;
        m_shown = t;
        setModified(false);
        emit committed(std::nullopt);
        return;
    }
    std::optional<double> shown;
    if (m_integer) {
        if (auto v = parseWholeNumber(t)) shown = static_cast<double>(*v);
    } else {
        shown = parseNumber(t);
    }
    if (!shown) return; // half-typed or garbage: never reaches the model
    const double si = m_view.fromDisplay(*shown);
    m_shown = t;
    setModified(false);
    updateState();
    emit committed(si);
}

void NumberEdit::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        showValue();
        event->accept();
        return;
    }
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        commit();
        if (unfinished()) updateState();
        event->accept();
        return;
    }
    QLineEdit::keyPressEvent(event);
}

void NumberEdit::focusOutEvent(QFocusEvent* event)
{
    if (isModified()) {
        commit();
        if (unfinished()) updateState();
    }
    QLineEdit::focusOutEvent(event);
}

} // namespace drivelab
