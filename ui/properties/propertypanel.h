#pragma once
// The property editor dock: the form of the selected item, kept in step with the
// document (values refresh in place; the form is rebuilt only when the selection or
// the item's kind changes).
#include <QPointer>
#include <QScrollArea>

#include "document/fieldpath.h"
#include "document/labdocument.h"
#include "properties/instanceform.h"
#include "properties/itemform.h"

class QLabel;

namespace drivelab {

class LabDocument;

/// property editor dock contents
class PropertyPanel : public QScrollArea {
    Q_OBJECT
public:
    explicit PropertyPanel(LabDocument* document, QWidget* parent = nullptr);

    /// show an item ("" = none; several = a summary)
    void showItems(const QStringList& ids);
    /// the form shown (nullptr when none)
    ItemForm* form() const { return m_form; }
    /// the form of an instance of a part shown (nullptr when none)
    InstanceForm* instanceForm() const { return m_instanceForm; }
    /// edit the items of another document (an opened part's network and back); shows none
    void setDocument(LabDocument* document);
    /// show an item and focus the field a diagnostic names
    void focusField(const QString& id, const FieldRef& field);

signals:
    void mapEditorRequested(const QString& id, const QString& map, int row, const QString& column);
    void hint(const QString& text);
    /// "Sweep this" on a numeric field: its value path (spec/labpath.h)
    void sweepRequested(const QString& path);

private:
    void connectDocument();
    void rebuild();
    void onChanged(ChangeKind kind);

    LabDocument* m_document;
    QStringList m_ids;
    QPointer<ItemForm> m_form;
    QPointer<InstanceForm> m_instanceForm;
    QLabel* m_placeholder = nullptr;
};

} // namespace drivelab
