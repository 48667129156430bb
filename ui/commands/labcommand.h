#pragma once
// Base of every edit: a QUndoCommand bound to the document it changes.
#include <QStringList>
#include <QUndoCommand>

#include "document/labdocument.h"

namespace drivelab {

/// an undoable edit of a LabDocument's spec
class LabCommand : public QUndoCommand {
public:
    LabCommand(LabDocument* document, const QString& text, QUndoCommand* parent = nullptr)
        : QUndoCommand(text, parent), m_document(document)
    { }

protected:
    /// the document edited
    LabDocument* document() const { return m_document; }
    /// the spec, for changing
    LabSpec& lab() const { return m_document->edit(); }
    /// tell the views what changed
    void changed(ChangeKind kind, const QStringList& ids = {}) const { m_document->notifyChanged(kind, ids); }

private:
    LabDocument* m_document;
};

/// std::string -> QString
inline QString qs(const std::string& s) { return QString::fromStdString(s); }

/// ids as a QStringList
template <class Range> QStringList qsList(const Range& ids)
{
    QStringList out;
    for (const auto& id : ids) out << QString::fromStdString(id);
    return out;
}

} // namespace drivelab
