#pragma once
// The property form of an instance of a part (issue 36): which part it places and where that
// part is defined, its ports and the nodes they connect to, and its parameters: one field each
// with the part's unit, range, default and description. A field takes a number or an "=expr"
// (ExpressionEdit); an empty field means the part's default. Problems the core reports on the
// instance mark their field (`parameters.NAME`); the others, and those of the components inside
// it (`box/ring_brake: ...`), are listed at the top.
#include <QHash>
#include <QWidget>

#include <string>

class QGridLayout;
class QLabel;

namespace drivelab {

class LabDocument;
class ExpressionEdit;

/// the form of one instance
class InstanceForm : public QWidget {
    Q_OBJECT
public:
    InstanceForm(LabDocument* document, const QString& id, QWidget* parent = nullptr);

    QString itemId() const { return m_id; }
    /// re-read the values and the diagnostics
    void refresh();
    /// re-read the diagnostics (nothing while the document's compile is pending)
    void updateProblems();
    /// the field of a parameter (nullptr when the part has none of that name)
    ExpressionEdit* parameterEdit(const QString& name) const { return m_edits.value(name); }
    /// the problems listed at the top ("" when none)
    QString problemsText() const;

signals:
    /// a status-bar hint
    void hint(const QString& text);

private:
    void build();
    /// where the instance's part is defined, for the form ("" when it does not resolve)
    QString originText(const std::string& origin) const;

    LabDocument* m_document;
    QString m_id;
    QLabel* m_problems = nullptr;
    QLabel* m_ports = nullptr;
    QHash<QString, ExpressionEdit*> m_edits;
};

} // namespace drivelab
