#include "properties/numberedit.h"

#include <QKeyEvent>
#include <QStyle>

#include "document/numbers.h"

namespace drivelab {

QValidator::State NumberValidator::validate(QString& input, int&) const
{
    if (input.trimmed().isEmpty()) return Intermediate;
    // never Invalid: a refused keystroke would silently change what the user typed
    return classifyNumber(input, m_integer) == NumberTextState::Acceptable ? Acceptable : Intermediate;
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
    if (m_default) setDefaultValue(m_default);
    showValue();
}

void NumberEdit::setDefaultValue(std::optional<double> si)
{
    m_default = si;
    setPlaceholderText(si ? tr("default: %1").arg(m_view.text(*si)) : QString());
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
    m_shown = m_value ? m_view.text(*m_value) : QString();
    setText(m_shown);
    m_loaded = m_shown;
    setModified(false);
    updateState();
}

bool NumberEdit::unfinished() const
{
    const QString t = text();
    if (t.trimmed().isEmpty()) return !m_allowEmpty;
    return classifyNumber(t, m_integer) != NumberTextState::Acceptable;
}

QString NumberEdit::refusal() const
{
    const QString t = text();
    if (t.trimmed().isEmpty()) return m_allowEmpty ? QString() : tr("A value is needed");
    return numberRefusal(t, m_integer);
}

void NumberEdit::updateState()
{
    const bool bad = unfinished() && !(text().trimmed().isEmpty() && !m_value);
    setProperty("unfinished", bad);
    setToolTip(bad ? tr("Not stored: %1. Correct it, or press Escape to restore %2")
                         .arg(refusal(), m_shown.isEmpty() ? tr("the empty value") : m_shown)
                   : QString());
    style()->unpolish(this);
    style()->polish(this);
}

void NumberEdit::commit(bool announce)
{
    const QString t = text();
    if (t == m_shown) {
        setModified(false);
        return;
    }
    if (t.trimmed().isEmpty()) {
        if (!m_allowEmpty) {
            updateState();
            if (announce) emit refused(toolTip());
            return;
        }
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
    if (!shown) {
        // half-typed or garbage: the whole entry is refused, the model keeps its value
        updateState();
        if (announce) emit refused(toolTip());
        return;
    }
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
        event->accept();
        return;
    }
    QLineEdit::keyPressEvent(event);
}

void NumberEdit::focusOutEvent(QFocusEvent* event)
{
    // another window taking the focus (or this one closing) is not the user finishing the
    // entry: a refused entry stays amber with its tooltip, but nothing is announced
    const bool away = event->reason() == Qt::ActiveWindowFocusReason || event->reason() == Qt::PopupFocusReason;
    if (isModified()) commit(!away);
    QLineEdit::focusOutEvent(event);
}

} // namespace drivelab
