#pragma once
// The variable mapping fields of an `fmu` component in the property form (docs/EDITOR.md, "FMU
// components"): `output` picks one of the FMU's real outputs, `speed_input` one of its real
// inputs (or none). An editable combo box whose list shows each variable with its unit and
// description (read from the model description, fmuinfo.h); a typed name the FMU does not have
// is refused in the field, naming the component and the field, and nothing is stored. When the
// archive cannot be read the text is stored as typed (the compile then says what is wrong).
#include "properties/fieldeditors.h"

class QComboBox;
class QStandardItemModel;

namespace drivelab {

/// a field this editor takes: the fmu type's `output` or `speed_input`
bool isFmuVariableField(const ComponentDescriptor& d, const ParameterDescriptor& p);

class FmuVariableEditor : public FieldEditor {
    Q_OBJECT
public:
    /// `p`: the fmu descriptor's `output` or `speed_input` parameter
    FmuVariableEditor(LabDocument* document, ValueTarget target, const ParameterDescriptor& p, QWidget* parent);
    QWidget* widget() const override;
    void refresh() override;
    void setProblems(const QStringList& problems) override;
    void setItemId(const QString& id) { m_target.id = id.toStdString(); }
    QComboBox* combo() const { return m_combo; }
    /// the FMU causality the field maps ("output" or "input")
    const char* causality() const { return m_causality; }
    /// why the last entry was refused ("" when it was stored)
    QString refusal() const { return m_refusal; }

private:
    void commit(const QString& text);
    void showMarks();
    ValueTarget m_target;
    const ParameterDescriptor& m_param;
    const char* m_causality;
    QComboBox* m_combo;
    QStandardItemModel* m_model;
    QStringList m_problems; ///< the compile's diagnostics of the field
    QString m_refusal;      ///< the editor's own refusal of the last entry
};

} // namespace drivelab
