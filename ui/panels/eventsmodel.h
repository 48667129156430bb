#pragma once
// The lab's events as an item model: time [s], component, input, value. Optionally
// filtered to one component (the property editor shows a component's own events).
// Edits become EditEventCommands; cells the core complains about are marked.
#include <QAbstractTableModel>

#include "document/labdocument.h"

namespace drivelab {

/// item model of the events of a document
class EventsModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Time, Component, Input, Value, ColumnCount };
    /// role giving the choices of a combo cell (QStringList)
    static constexpr int kChoicesRole = Qt::UserRole + 1;
    /// role giving the SI unit of a value cell
    static constexpr int kUnitRole = Qt::UserRole + 2;

    explicit EventsModel(LabDocument* document, QObject* parent = nullptr);

    /// show only the events of this component ("" = all)
    void setComponentFilter(const QString& id);
    QString componentFilter() const { return m_filter; }
    /// position in the lab's events list of a row
    std::size_t eventIndex(int row) const { return m_rows.at(row); }
    /// row of an event position, or -1
    int rowOf(std::size_t eventIndex) const;
    /// refresh from the document
    void reload();

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

private:
    QStringList problems(int row, const char* key) const;

    LabDocument* m_document;
    QString m_filter;
    std::vector<std::size_t> m_rows;
};

} // namespace drivelab
