#pragma once
// The FMU part of an `fmu` component's property form (docs/EDITOR.md, "FMU components"): what
// the archive is (FMI version, model name, its real inputs, outputs and parameters) or, for an
// archive that cannot be read (missing, not a zip, an invalid model description, no binary for
// this platform), the loader's message in red; then one row per real parameter of the FMU
// (causality parameter) with its start value from the model description as the field's
// default, its unit and description. A value typed in a row is stored in the component's
// `start_values` map under the parameter's name (docs/FORMATS.md); emptying the row removes it
// (the FMU's own start value applies). The rows follow the archive: another file, or the same
// file with other bytes, rebuilds them.
#include <QHash>
#include <QWidget>

#include <optional>

class QGridLayout;
class QLabel;

namespace drivelab {

class LabDocument;
class NumberEdit;

class FmuSection : public QWidget {
    Q_OBJECT
public:
    FmuSection(LabDocument* document, const QString& id, QWidget* parent = nullptr);
    void setItemId(const QString& id) { m_id = id; }
    /// re-read the archive's description and the stored start values
    void refresh();
    /// the status line (the archive's summary, or why it cannot be read)
    QLabel* status() const { return m_status; }
    /// the field of FMU parameter `name` (null when the FMU has none of that name)
    NumberEdit* parameterEdit(const QString& name) const { return m_edits.value(name); }
    /// true while the status shows an error
    bool failed() const { return m_failed; }

signals:
    /// a status-bar hint
    void hint(const QString& text);

private:
    void rebuild();
    void commit(const QString& name, std::optional<double> value);

    LabDocument* m_document;
    QString m_id;
    QLabel* m_status;
    QWidget* m_rows;
    QGridLayout* m_grid;
    QString m_builtFor; ///< the archive hash the rows were built for
    bool m_failed = false;
    QHash<QString, NumberEdit*> m_edits;
};

} // namespace drivelab
