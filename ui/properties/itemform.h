#pragma once
// The property form of one node or component: identity, connections, every parameter
// with its unit and doc string, initial inputs, and the component's events. Fields the
// core complains about are marked; focusField() jumps to a diagnostic's field.
#include <QHash>
#include <QWidget>

#include "document/fieldpath.h"
#include "spec/descriptor.h"

class QGridLayout;
class QLabel;
class QLineEdit;
class QMenu;
class QVBoxLayout;

namespace drivelab {

class LabDocument;
class FieldEditor;
class IdEditor;
class EventsTable;
class FmuSection;

/// the form of one item
class ItemForm : public QWidget {
    Q_OBJECT
public:
    ItemForm(LabDocument* document, const QString& id, QWidget* parent = nullptr);

    QString itemId() const { return m_id; }
    /// follow a rename
    void setItemId(const QString& id);
    /// re-read every value and diagnostic
    void refresh();
    /// re-read the diagnostics (nothing while the document's compile is pending)
    void updateProblems();
    /// focus the field a diagnostic names
    void focusField(const FieldRef& field);
    /// the editor of a field key ("param:damping", "port:node_a", "input:capacity", "field:inertia", "id")
    FieldEditor* editor(const QString& key) const { return m_editors.value(key); }
    /// the value path of a numeric field key ("input:capacity" -> "clutch.inputs.capacity"); "" when
    /// the field is not a number a sweep can vary
    QString valuePath(const QString& key) const;
    /// the context menu of a numeric field: the line edit's own entries and "Sweep this" (the
    /// caller owns it and shows it); nullptr when the field has none
    QMenu* fieldMenu(const QString& key);
    /// an `fmu` component's FMU section (its archive, its parameters; null for other types)
    FmuSection* fmuSection() const { return m_fmu; }

signals:
    /// open the converter map editor (map "" = first, row -1 = none)
    void mapEditorRequested(const QString& id, const QString& map, int row, const QString& column);
    /// a status-bar hint
    void hint(const QString& text);
    /// "Sweep this": vary this field's value in a sweep (its value path)
    void sweepRequested(const QString& path);

private:
    void buildHeader(const QString& title, const QString& subtitle, const QString& doc, const QString& icon);
    QGridLayout* section(const QString& title);
    /// one row: name, editor, unit and documentation (with `range` in the display unit, following its changes)
    void addRow(QGridLayout* grid, const QString& key, const QString& name, FieldEditor* editor, const QString& unit, const QString& doc,
                const Range& range = Range::any());
    void buildNode();
    void buildComponent();
    /// the line edit of a numeric field (nullptr for others)
    QLineEdit* numberEdit(const QString& key) const;

    LabDocument* m_document;
    QString m_id;
    bool m_isNode = false;
    QVBoxLayout* m_layout;
    QLabel* m_problems = nullptr;
    QLabel* m_connections = nullptr;
    QLabel* m_mapSummary = nullptr;
    EventsTable* m_events = nullptr;
    FmuSection* m_fmu = nullptr;
    QHash<QString, FieldEditor*> m_editors;
    QHash<QString, std::pair<Range, QString>> m_ranges; ///< each number field's range and SI unit
};

} // namespace drivelab
