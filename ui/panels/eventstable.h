#pragma once
// An editable events table (time, component, input, value) with Add and Remove;
// used by the Events dock for all events and by the property editor for one
// component's events.
#include <QWidget>

class QTableView;
class QToolButton;

namespace drivelab {

class LabDocument;
class EventsModel;

/// events editor
class EventsTable : public QWidget {
    Q_OBJECT
public:
    explicit EventsTable(LabDocument* document, QWidget* parent = nullptr);

    EventsModel* model() const { return m_model; }
    QTableView* view() const { return m_view; }
    /// show only one component's events ("" = all)
    void setComponentFilter(const QString& id);
    /// add an event (for the filtered component, or the first one with inputs)
    void addEvent();
    /// remove the selected events
    void removeSelected();
    /// select the row of an event position
    void focusEvent(int eventIndex, int column);
    /// a cell entry was refused: say why (hint and the table's tooltip)
    void refuse(const QString& reason);

signals:
    /// a status-bar hint
    void hint(const QString& text);

private:
    void updateButtons();

    LabDocument* m_document;
    EventsModel* m_model;
    QTableView* m_view;
    QToolButton* m_add;
    QToolButton* m_remove;
};

} // namespace drivelab
