#include "properties/inputeditor.h"

#include <QComboBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>

#include "document/labdocument.h"
#include "document/signaledit.h"
#include "properties/numberedit.h"

namespace drivelab {
namespace {

bool isBinding(const std::optional<Json>& v)
{
    return v && isInputBinding(*v);
}

std::string boundSignal(const std::optional<Json>& v)
{
    return isBinding(v) && v->contains("signal") && (*v)["signal"].is_string() ? (*v)["signal"].get<std::string>() : std::string();
}

} // namespace

InputFieldEditor::InputFieldEditor(LabDocument* document, ValueTarget target, const InputDescriptor& input,
                                   const QString& placeholder, QWidget* parent)
    : FieldEditor(document, parent), m_target(std::move(target)), m_input(input)
{
    m_box = new QFrame(parent);
    auto* row = new QHBoxLayout(m_box);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(3);
    m_source = new QComboBox(m_box);
    m_source->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_source->setStatusTip(tr("A fixed initial value, or a time signal of the lab (Signals panel) driving the input"));
    m_value = new NumberEdit(m_box);
    m_value->setUnit(QString::fromLatin1(input.unit));
    m_value->setAllowEmpty(true);
    m_value->setPlaceholderText(placeholder);
    m_bound = new QWidget(m_box);
    auto* b = new QHBoxLayout(m_bound);
    b->setContentsMargins(0, 0, 0, 0);
    b->setSpacing(3);
    m_scale = new NumberEdit(m_bound);
    m_scale->setAllowEmpty(true);
    m_scale->setPlaceholderText(QStringLiteral("1"));
    m_scale->setToolTip(tr("scale: the input is scale × signal + offset"));
    m_offset = new NumberEdit(m_bound);
    m_offset->setUnit(QString::fromLatin1(input.unit));
    m_offset->setAllowEmpty(true);
    m_offset->setPlaceholderText(QStringLiteral("0"));
    m_offset->setToolTip(tr("offset added after the scale, in the input's unit"));
    b->addWidget(new QLabel(QStringLiteral("×"), m_bound));
    b->addWidget(m_scale, 1);
    b->addWidget(new QLabel(QStringLiteral("+"), m_bound));
    b->addWidget(m_offset, 1);
    row->addWidget(m_source);
    row->addWidget(m_value, 1);
    row->addWidget(m_bound, 2);

    connect(m_source, &QComboBox::activated, this, [this](int index) { bindTo(m_source->itemData(index).toString()); });
    connect(m_value, &NumberEdit::committed, this, [this](std::optional<double> si) {
        std::optional<Json> value;
        if (si) value = Json(*si);
        if (SetValueCommand::current(m_document->lab(), m_target) == value) return;
        push(value, {});
    });
    connect(m_scale, &NumberEdit::committed, this, [this](std::optional<double> v) { setBindingKey("scale", v); });
    connect(m_offset, &NumberEdit::committed, this, [this](std::optional<double> v) { setBindingKey("offset", v); });
    for (NumberEdit* e : {m_value, m_scale, m_offset}) connect(e, &NumberEdit::refused, this, &FieldEditor::hint);
    refresh();
}

QWidget* InputFieldEditor::widget() const
{
    return m_box;
}

void InputFieldEditor::push(std::optional<Json> value, const QString& text)
{
    m_document->push(new SetValueCommand(m_document, m_target, std::move(value), text));
}

void InputFieldEditor::bindTo(const QString& signal)
{
    const auto old = SetValueCommand::current(m_document->lab(), m_target);
    const std::string now = boundSignal(old);
    if (signal.toStdString() == now) return;
    const QString where = QStringLiteral("%1.%2").arg(QString::fromStdString(m_target.id), QString::fromLatin1(m_input.name));
    if (signal.isEmpty()) {
        // unbound: the value the signal started the input at (the run starts the same)
        const auto start = boundStartValue(m_document->lab(), *old, m_input);
        push(start ? std::optional<Json>(Json(*start)) : std::nullopt, tr("Unbind %1 from signal %2").arg(where, QString::fromStdString(now)));
        return;
    }
    // another signal keeps the scale and offset
    Json binding = isBinding(old) ? *old : Json::object();
    binding["signal"] = signal.toStdString();
    push(binding, tr("Bind %1 to signal %2").arg(where, signal));
}

void InputFieldEditor::setBindingKey(const char* key, std::optional<double> value)
{
    const auto old = SetValueCommand::current(m_document->lab(), m_target);
    if (!isBinding(old)) return;
    Json binding = *old;
    if (value) binding[key] = *value;
    else binding.erase(key);
    if (binding == *old) return;
    push(binding, tr("Set %1.%2 %3").arg(QString::fromStdString(m_target.id), QString::fromLatin1(m_input.name), QString::fromLatin1(key)));
}

void InputFieldEditor::refresh()
{
    const LabSpec& lab = m_document->lab();
    const auto v = SetValueCommand::current(lab, m_target);
    const bool bound = isBinding(v);
    const std::string signal = boundSignal(v);
    {
        const QSignalBlocker block(m_source);
        m_source->clear();
        m_source->addItem(tr("value"), QString());
        for (const SignalSpec& s : lab.timeSignals)
            m_source->addItem(tr("signal %1").arg(QString::fromStdString(s.id)), QString::fromStdString(s.id));
        // a binding naming no signal of the lab stays visible
        if (bound && m_source->findData(QString::fromStdString(signal)) < 0)
            m_source->addItem(tr("signal %1 (missing)").arg(QString::fromStdString(signal)), QString::fromStdString(signal));
        m_source->setCurrentIndex(bound ? std::max(0, m_source->findData(QString::fromStdString(signal))) : 0);
        m_source->setEnabled(m_source->count() > 1 || bound);
    }
    m_value->setVisible(!bound);
    m_bound->setVisible(bound);
    if (bound) {
        const auto num = [&](const char* k) {
            return v->contains(k) && (*v)[k].is_number() ? std::optional<double>((*v)[k].get<double>()) : std::nullopt;
        };
        m_scale->setValue(num("scale"));
        m_offset->setValue(num("offset"));
    } else {
        m_value->setValue(v && v->is_number() ? std::optional<double>(v->get<double>()) : std::nullopt);
        if (v && !v->is_number()) m_value->setText(QString::fromStdString(v->dump()));
    }
}

void InputFieldEditor::setProblems(const QStringList& problems)
{
    FieldEditor::setProblems(problems);
    // the number fields show the mark too (a plain frame may draw no border)
    for (QWidget* w : {static_cast<QWidget*>(m_value), static_cast<QWidget*>(m_scale), static_cast<QWidget*>(m_offset)}) {
        w->setProperty("problem", !problems.isEmpty());
        w->style()->unpolish(w);
        w->style()->polish(w);
    }
}

} // namespace drivelab
