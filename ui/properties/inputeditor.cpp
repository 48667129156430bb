#include "properties/inputeditor.h"

#include <QComboBox>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QStyle>

#include "document/labdocument.h"
#include "components/descriptors.h"
#include "document/signaledit.h"
#include "properties/numberedit.h"

namespace drivelab {
namespace {

bool isBinding(const std::optional<Json>& v) { return v && isInputBinding(*v); }

// what a binding names, as the source combo's data: "signal:ID" or "controller:ID" ("" unbound)
std::string boundSource(const std::optional<Json>& v)
{
    if (!isBinding(v)) return {};
    for (const char* key : {"signal", "controller"}) {
        if (v->contains(key) && (*v)[key].is_string()) return std::string(key) + ":" + (*v)[key].get<std::string>();
    }
    return "signal:";
}

} // namespace

InputFieldEditor::InputFieldEditor(LabDocument* document, ValueTarget target, const InputDescriptor& input, QWidget* parent)
    : FieldEditor(document, parent), m_target(std::move(target)), m_input(input)
{
    m_box = new QFrame(parent);
    auto* row = new QHBoxLayout(m_box);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(3);
    m_source = new QComboBox(m_box);
    m_source->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_source->setStatusTip(
        tr("A fixed initial value, a time signal of the lab (Signals panel) or a controller's output driving the input"));
    m_value = new NumberEdit(m_box);
    m_value->setUnit(QString::fromLatin1(input.unit));
    m_value->setAllowEmpty(true);
    m_value->setDefaultValue(input.initialDefault);
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

    connect(m_source, &QComboBox::activated, this, [this](int index) {
        bindTo(m_source->itemData(index).toString());
    });
    connect(m_value, &NumberEdit::committed, this, [this](std::optional<double> si) {
        std::optional<Json> value;
        if (si) value = Json(*si);
        if (SetValueCommand::current(m_document->lab(), m_target) == value) return;
        push(value, {});
    });
    connect(m_scale, &NumberEdit::committed, this, [this](std::optional<double> v) {
        setBindingKey("scale", v);
    });
    connect(m_offset, &NumberEdit::committed, this, [this](std::optional<double> v) {
        setBindingKey("offset", v);
    });
    for (NumberEdit* e : {m_value, m_scale, m_offset}) connect(e, &NumberEdit::refused, this, &FieldEditor::hint);
    refresh();
}

QWidget* InputFieldEditor::widget() const { return m_box; }

void InputFieldEditor::push(std::optional<Json> value, const QString& text)
{
    m_document->push(new SetValueCommand(m_document, m_target, std::move(value), text));
}

void InputFieldEditor::bindTo(const QString& source)
{
    const auto old = SetValueCommand::current(m_document->lab(), m_target);
    const std::string now = boundSource(old);
    if (source.toStdString() == now) return;
    const QString where = QStringLiteral("%1.%2").arg(QString::fromStdString(m_target.id), QString::fromLatin1(m_input.name));
    const QString nowName = QString::fromStdString(now.substr(now.find(':') + 1));
    if (source.isEmpty()) {
        // unbound: the value the signal started the input at (the run starts the same)
        const auto start = boundStartValue(m_document->lab(), *old, m_input);
        push(start ? std::optional<Json>(Json(*start)) : std::nullopt, tr("Unbind %1 from %2").arg(where, nowName));
        return;
    }
    // another signal or controller keeps the scale and offset
    const QString kind = source.section(QLatin1Char(':'), 0, 0), id = source.section(QLatin1Char(':'), 1);
    Json binding = Json::object();
    binding[kind.toStdString()] = id.toStdString(); // the source first, then what the old binding had
    if (isBinding(old)) {
        for (auto it = old->begin(); it != old->end(); ++it) {
            if (it.key() != "signal" && it.key() != "controller") binding[it.key()] = it.value();
        }
    }
    push(binding,
         kind == QLatin1String("controller") ? tr("Bind %1 to controller %2").arg(where, id) : tr("Bind %1 to signal %2").arg(where, id));
}

void InputFieldEditor::setBindingKey(const char* key, std::optional<double> value)
{
    const auto old = SetValueCommand::current(m_document->lab(), m_target);
    if (!isBinding(old)) return;
    Json binding = *old;
    if (value)
        binding[key] = *value;
    else
        binding.erase(key);
    if (binding == *old) return;
    push(binding, tr("Set %1.%2 %3").arg(QString::fromStdString(m_target.id), QString::fromLatin1(m_input.name), QString::fromLatin1(key)));
}

void InputFieldEditor::refresh()
{
    const LabSpec& lab = m_document->lab();
    const auto v = SetValueCommand::current(lab, m_target);
    const bool bound = isBinding(v);
    const QString source = QString::fromStdString(boundSource(v));
    {
        const QSignalBlocker block(m_source);
        m_source->clear();
        m_source->addItem(tr("value"), QString());
        for (const SignalSpec& s : lab.timeSignals)
            m_source->addItem(tr("signal %1").arg(QString::fromStdString(s.id)), QStringLiteral("signal:") + QString::fromStdString(s.id));
        // the outputs of the lab's controllers (never the component's own)
        for (const ComponentSpec& c : lab.components) {
            if (c.id != m_target.id && drivesInputs(c.type))
                m_source->addItem(tr("controller %1").arg(QString::fromStdString(c.id)),
                                  QStringLiteral("controller:") + QString::fromStdString(c.id));
        }
        // a binding naming nothing of the lab stays visible
        if (bound && m_source->findData(source) < 0)
            m_source->addItem(tr("%1 (missing)").arg(QString(source).replace(QLatin1Char(':'), QLatin1Char(' '))), source);
        m_source->setCurrentIndex(bound ? std::max(0, m_source->findData(source)) : 0);
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
