#pragma once
// The converter map editor: the four maps of one torque converter as editable tables
// (add, remove, reorder, paste from a spreadsheet) beside a chart of C(s), R(s) and the
// efficiency s·R(s) with the s·R = 1 limit. Every rule of LAB_FORMAT section 2 that the
// core reports is shown live at the offending row and point, the counter-rotation pair
// on the first rows of both maps. Edits are commands on the document.
#include <QDialog>

class QLabel;
class QListWidget;
class QTabBar;

namespace drivelab {

class LabDocument;
class TableEditor;
class MapChart;

/// map editor window of one converter
class ConverterMapEditor : public QDialog {
    Q_OBJECT
public:
    ConverterMapEditor(LabDocument* document, const QString& componentId, QWidget* parent = nullptr);

    QString componentId() const { return m_id; }
    /// show a map ("pump_positive", ...; "counter_rotation" shows the first map of a failing pair) and focus a cell
    void showMap(const QString& map, int row = -1, const QString& column = {});
    /// the map shown
    QString currentMap() const;
    TableEditor* table() const { return m_table; }
    MapChart* chart() const { return m_chart; }
    /// the converter's map problems listed under the table
    QStringList problemLines() const;

private:
    void refresh();
    void updateTitle();

    LabDocument* m_document;
    QString m_id;
    QTabBar* m_tabs;
    TableEditor* m_table;
    MapChart* m_chart;
    QLabel* m_pairs;
    QLabel* m_hint;
    QListWidget* m_problems;
};

} // namespace drivelab
