#include "properties/textfieldeditor.h"

#include <QLineEdit>
#include <QSignalBlocker>

#include "document/labdocument.h"

namespace drivelab {

TextFieldEditor::TextFieldEditor(LabDocument* document, ValueTarget target, const ParameterDescriptor& p, QWidget* parent)
    : FieldEditor(document, parent), m_target(std::move(target)), m_param(p)
{
    m_edit = new QLineEdit(parent);
    if (!p.required) m_edit->setPlaceholderText(tr("(absent)"));
    refresh();
    connect(m_edit, &QLineEdit::editingFinished, this, &TextFieldEditor::commit);
}

QWidget* TextFieldEditor::widget() const { return m_edit; }

void TextFieldEditor::refresh()
{
    const QSignalBlocker block(m_edit);
    const auto v = SetValueCommand::current(m_document->lab(), m_target);
    if (!v)
        m_edit->clear();
    else if (v->is_string())
        m_edit->setText(QString::fromStdString(v->get<std::string>()));
    else
        m_edit->setText(QString::fromStdString(v->dump()));
    m_edit->setToolTip(QString());
}

void TextFieldEditor::commit()
{
    const std::string text = m_edit->text().toStdString();
    std::optional<Json> value;
    if (!text.empty()) {
        if (m_param.kind == ParamKind::NumberMap) {
            Json parsed = Json::parse(text, nullptr, false);
            if (parsed.is_discarded()) {
                m_edit->setToolTip(tr("Not JSON: write the values as {\"name\": 1.5, ...}"));
                emit hint(m_edit->toolTip());
                return;
            }
            value = std::move(parsed);
        } else {
            value = Json(text);
        }
    }
    if (SetValueCommand::current(m_document->lab(), m_target) == value) return;
    m_document->push(new SetValueCommand(m_document, m_target, value));
}

} // namespace drivelab
