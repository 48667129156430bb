#pragma once
// The editors of the property form, one per row: id, port binding, number (node field,
// parameter, initial input), boolean, number-or-keyword, inline table and the converter
// maps button. Each reads its value from the spec, pushes a command when the user
// commits, and shows the diagnostics that name its field.
#include <QObject>
#include <QPointer>
#include <QStringList>

#include <optional>

#include "commands/setvaluecommand.h"
#include "spec/descriptor.h"

class QWidget;
class QComboBox;
class QLineEdit;
class QLabel;
class QCheckBox;
class QPushButton;

namespace drivelab {

class LabDocument;
class NumberEdit;
class TableEditor;

/// one row of the property form
class FieldEditor : public QObject {
    Q_OBJECT
public:
    FieldEditor(LabDocument* document, QObject* parent) : QObject(parent), m_document(document) { }
    /// the editing widget
    virtual QWidget* widget() const = 0;
    /// show the spec's value
    virtual void refresh() = 0;
    /// mark the field with these diagnostics (empty: clean)
    virtual void setProblems(const QStringList& problems);
    /// put the keyboard focus on the field (row/column for tables)
    virtual void focusField(int row, int column);

signals:
    /// a status-bar hint
    void hint(const QString& text);

protected:
    LabDocument* m_document;
};

/// the item id (rename)
class IdEditor : public FieldEditor {
    Q_OBJECT
public:
    IdEditor(LabDocument* document, const QString& id, QWidget* parent);
    QWidget* widget() const override;
    void refresh() override;
    void setItemId(const QString& id)
    {
        m_id = id;
        refresh();
    }

private:
    void commit();
    QString m_id;
    QLineEdit* m_edit;
};

/// a port binding: none / ground / a node of the port's domain
class PortEditor : public FieldEditor {
    Q_OBJECT
public:
    PortEditor(LabDocument* document, const QString& component, const PortDescriptor& port, QWidget* parent);
    QWidget* widget() const override;
    void refresh() override;
    void setComponentId(const QString& id) { m_component = id; }

private:
    QString m_component;
    const PortDescriptor& m_port;
    QComboBox* m_combo;
};

/// a number: node field, component parameter or initial input
class NumberFieldEditor : public FieldEditor {
    Q_OBJECT
public:
    /// `fileDefault`: the value an empty optional field stands for (SI), shown as its placeholder
    NumberFieldEditor(LabDocument* document, ValueTarget target, const QString& unit, bool whole, bool optional,
                      std::optional<double> fileDefault, QWidget* parent);
    QWidget* widget() const override;
    void refresh() override;
    void setItemId(const QString& id) { m_target.id = id.toStdString(); }
    NumberEdit* edit() const { return m_edit; }

private:
    void commit(std::optional<double> si);
    ValueTarget m_target;
    bool m_whole;
    QWidget* m_box;
    NumberEdit* m_edit;
};

/// a boolean parameter (optional ones can return to their default)
class BoolFieldEditor : public FieldEditor {
    Q_OBJECT
public:
    BoolFieldEditor(LabDocument* document, ValueTarget target, bool optional, bool fileDefault, QWidget* parent);
    QWidget* widget() const override;
    void refresh() override;
    void setItemId(const QString& id) { m_target.id = id.toStdString(); }

private:
    ValueTarget m_target;
    bool m_optional;
    QComboBox* m_combo;
};

/// a number or a keyword standing for a fixed number ("atmosphere")
class KeywordFieldEditor : public FieldEditor {
    Q_OBJECT
public:
    KeywordFieldEditor(LabDocument* document, ValueTarget target, const ParameterDescriptor& p, QWidget* parent);
    QWidget* widget() const override;
    void refresh() override;
    void setItemId(const QString& id) { m_target.id = id.toStdString(); }

private:
    ValueTarget m_target;
    const ParameterDescriptor& m_param;
    QWidget* m_box;
    NumberEdit* m_edit;
    QCheckBox* m_keyword;
};

/// an inline table parameter (motor torque curve)
class TableFieldEditor : public FieldEditor {
    Q_OBJECT
public:
    TableFieldEditor(LabDocument* document, ValueTarget target, const ParameterDescriptor& p, QWidget* parent);
    QWidget* widget() const override;
    void refresh() override;
    void setProblems(const QStringList& problems) override;
    void focusField(int row, int column) override;
    void setItemId(const QString& id) { m_target.id = id.toStdString(); }
    TableEditor* editor() const { return m_editor; }

private:
    ValueTarget m_target;
    const ParameterDescriptor& m_param;
    TableEditor* m_editor;
};

/// a 2-D table parameter (a mapped engine's maps): its size and value range, and a button
/// that opens the 2-D table editor (Table2DDialog)
class Table2DFieldEditor : public FieldEditor {
    Q_OBJECT
public:
    Table2DFieldEditor(LabDocument* document, ValueTarget target, const ParameterDescriptor& p, QWidget* parent);
    QWidget* widget() const override;
    void refresh() override;
    void focusField(int row, int column) override;
    void setItemId(const QString& id) { m_target.id = id.toStdString(); }
    QPushButton* button() const { return m_button; }

signals:
    /// open the editor at a field below the parameter ("" or "values[2][1]")
    void editRequested(const QString& below);

private:
    ValueTarget m_target;
    const ParameterDescriptor& m_param;
    QWidget* m_box;
    QPushButton* m_button;
    QLabel* m_summary;
};

} // namespace drivelab
