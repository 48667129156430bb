#pragma once
// The lab's oil (`"oil"`, docs/FORMATS.md "Oil"): add it (every field at the descriptor's
// editor default), remove it, and edit its fields. The fields come from the core's
// oilFields() descriptors with their units and ranges; each is a number field of the
// property form (NumberFieldEditor on ValueTarget::Kind::Oil): every keystroke is kept, text
// that is not a number is refused whole, stays amber and is listed with the field named
// under the fields, and the lab keeps its value; an empty optional field removes it (the
// core's default applies). Every change is one undoable command. Diagnostics with subject
// "oil" mark their field and are listed above the fields. The thermal-liquid volumes (nodes
// with initial_temperature) and the oil's viscosity at a few temperatures (the core's
// Walther law) are shown beside them.
#include <QHash>
#include <QWidget>

#include <array>
#include <vector>

class QBoxLayout;
class QGridLayout;
class QLabel;
class QPushButton;

namespace drivelab {

class LabDocument;
class NumberFieldEditor;
class NumberEdit;

/// the Oil dock's contents
class OilPanel : public QWidget {
    Q_OBJECT
public:
    explicit OilPanel(LabDocument* document, QWidget* parent = nullptr);

    /// focus the field a diagnostic names ("density"; anything else: the panel)
    void focusField(const QString& name);
    /// the number field of an oil field (nullptr for an unknown name)
    NumberEdit* fieldEdit(const QString& name) const;
    QPushButton* addButton() const { return m_add; }
    QPushButton* removeButton() const { return m_remove; }
    /// the refusals shown under the fields, one line per field ("" when none)
    QString refusalText() const;
    /// the summary line (thermal-liquid volumes, viscosities)
    QString summaryText() const;

signals:
    /// a status-bar hint
    void hint(const QString& text);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    /// lay the fields and the text out for the panel's width
    void arrange();
    void refresh();
    void addOil();
    void removeOil();
    void updateRefusals();

    LabDocument* m_document;
    QLabel* m_status;
    QPushButton* m_add;
    QPushButton* m_remove;
    QLabel* m_problems;
    QWidget* m_fieldsBox;
    QBoxLayout* m_columns;
    QGridLayout* m_grid;
    std::vector<std::array<QWidget*, 3>> m_rows; ///< label, field, unit of each oil field
    int m_fieldColumns = 0;
    QLabel* m_summary;
    QLabel* m_refusal;
    QHash<QString, NumberFieldEditor*> m_editors; ///< field name -> editor
    QHash<QString, QString> m_refused;            ///< field name -> why its typed text was not stored
};

} // namespace drivelab
