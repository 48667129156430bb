#pragma once
// The form of one time signal in the Signals panel: its id (rename), kind, unit, the
// kind's fields (typed numbers refused whole when unfinished, as in the property form), a
// table's points (the property form's table editor: typed cells, add/remove/move, paste
// from a spreadsheet), a csv signal's file, and a plot of the signal over the run. Every
// edit is one command on the document's undo stack; fields the core complains about are
// marked and listed.
#include <QHash>
#include <QWidget>

#include <optional>

#include "spec/labspec.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QVBoxLayout;

namespace drivelab {

class LabDocument;
class NumberEdit;
class TableEditor;
class SignalPlot;

/// the editor of one signal
class SignalForm : public QWidget {
    Q_OBJECT
public:
    explicit SignalForm(LabDocument* document, QWidget* parent = nullptr);
    /// edit the signals of another document (an opened part's view); shows no signal until one is set
    void setDocument(LabDocument* document);

    /// edit this signal ("" = none)
    void setSignalId(const QString& id);
    QString signalId() const { return m_id; }
    /// re-read the spec and the diagnostics
    void refresh();
    /// mark the fields with the compile's problems (nothing while the compile is pending: the
    /// panel calls again when the document announces them)
    void updateProblems();
    /// focus the field a diagnostic names ("amplitude", "points[3]", "file")
    void focusField(const QString& field);

    /// the widgets (tests drive them)
    QLineEdit* idEdit() const { return m_idEdit; }
    QComboBox* kindCombo() const { return m_kind; }
    QLineEdit* unitEdit() const { return m_unit; }
    NumberEdit* numberEdit(const QString& field) const { return m_numbers.value(field); }
    TableEditor* tableEditor() const { return m_table; }
    QComboBox* interpolationCombo() const { return m_interp; }
    QLineEdit* fileEdit() const { return m_file; }
    SignalPlot* plot() const { return m_plot; }
    /// the problems listed above the fields (plain text, one per line)
    QString problemsText() const;

signals:
    /// a status-bar hint
    void hint(const QString& text);

private:
    const SignalSpec* signal() const;
    void buildBody(const std::string& kind);
    void pushFields(const std::string& kind, const Json& fields, const QString& text);
    void setField(const char* name, std::optional<Json> value, const QString& text);
    void commitId();
    void commitUnit();
    void updatePlot();

    LabDocument* m_document;
    QString m_id;
    std::string m_builtKind;
    QLineEdit* m_idEdit;
    QComboBox* m_kind;
    QLineEdit* m_unit;
    QLabel* m_doc;
    QLabel* m_problems;
    QWidget* m_body = nullptr;
    QVBoxLayout* m_left;
    QHash<QString, NumberEdit*> m_numbers;
    TableEditor* m_table = nullptr;
    QWidget* m_tableHost;
    QComboBox* m_interp = nullptr;
    QLineEdit* m_file = nullptr;
    QLabel* m_fileInfo = nullptr;
    SignalPlot* m_plot;
    std::string m_plotKey;
};

} // namespace drivelab
