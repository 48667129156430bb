#include "properties/expressionedit.h"

#include <QFocusEvent>
#include <QKeyEvent>
#include <QStyle>

#include "compile/fieldexpr.h"
#include "document/numbers.h"

namespace drivelab {

ExpressionEdit::ExpressionEdit(QWidget* parent) : QLineEdit(parent)
{
    setPlaceholderText(tr("a number or =expression"));
}

void ExpressionEdit::setValue(const Json& value)
{
    if (hasFocus() && isModified()) return;
    if (value.is_string())
        m_shown = QString::fromStdString(value.get<std::string>());
    else if (value.is_number())
        m_shown = formatNumber(value.get<double>());
    else if (value.is_null())
        m_shown.clear();
    else
        m_shown = QString::fromStdString(value.dump());
    setText(m_shown);
    setModified(false);
    updateState(false);
}

std::optional<Json> ExpressionEdit::parsed(QString* why) const
{
    const QString t = text().trimmed();
    if (t.startsWith(QLatin1Char('='))) {
        // the lab's own network has no parameters: an expression there uses constants only
        double v = 0.0;
        std::string reason;
        if (!evaluateExpression(t.toStdString(), {}, m_unit.c_str(), v, reason)) {
            if (why) *why = QString::fromStdString(reason);
            return std::nullopt;
        }
        return Json(t.toStdString());
    }
    if (const auto v = parseNumber(t)) return Json(*v);
    if (why) *why = numberRefusal(t, false);
    return std::nullopt;
}

QString ExpressionEdit::refusal() const
{
    if (text().trimmed().isEmpty()) return m_allowEmpty ? QString() : tr("A value is needed: the part gives this parameter no default");
    QString why;
    return parsed(&why) ? QString() : why;
}

void ExpressionEdit::updateState(bool bad)
{
    setProperty("unfinished", bad);
    setToolTip(bad ? tr("Not stored: %1. Correct it, or press Escape to restore %2")
                         .arg(refusal(), m_shown.isEmpty() ? tr("the empty value") : m_shown)
                   : QString());
    style()->unpolish(this);
    style()->polish(this);
}

void ExpressionEdit::commit(bool announce)
{
    const QString t = text();
    if (t == m_shown) {
        setModified(false);
        updateState(false);
        return;
    }
    const QString why = refusal();
    if (!why.isEmpty()) {
        updateState(true);
        if (announce) emit refused(toolTip());
        return;
    }
    m_shown = t;
    setModified(false);
    updateState(false);
    emit committed(t.trimmed().isEmpty() ? std::nullopt : parsed(nullptr));
}

void ExpressionEdit::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        setText(m_shown);
        setModified(false);
        updateState(false);
        event->accept();
        return;
    }
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        commit(true);
        event->accept();
        return;
    }
    QLineEdit::keyPressEvent(event);
}

void ExpressionEdit::focusOutEvent(QFocusEvent* event)
{
    const bool away = event->reason() == Qt::ActiveWindowFocusReason || event->reason() == Qt::PopupFocusReason;
    if (isModified()) commit(!away);
    QLineEdit::focusOutEvent(event);
}

} // namespace drivelab
