#pragma once
// A text parameter (ParamKind::Text: an imported FMU's file, a variable name) or a map of numbers
// by name (ParamKind::NumberMap, edited as its JSON text: {"kp": 0.5}) in the property form. The
// text is stored as typed; a map that is not valid JSON is refused in the field, not stored.
#include "properties/fieldeditors.h"

namespace drivelab {

class TextFieldEditor : public FieldEditor {
    Q_OBJECT
public:
    TextFieldEditor(LabDocument* document, ValueTarget target, const ParameterDescriptor& p, QWidget* parent);
    QWidget* widget() const override;
    void refresh() override;
    void setItemId(const QString& id) { m_target.id = id.toStdString(); }

private:
    void commit();
    ValueTarget m_target;
    const ParameterDescriptor& m_param;
    QLineEdit* m_edit;
};

} // namespace drivelab
