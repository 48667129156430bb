#pragma once
// File > Export FMU… (docs/EDITOR.md, docs/FMI.md): the choices of `drivelab-cli export-fmu` in a
// small dialog. The FMI version (3 or 2), and checkable lists of what the compiled lab offers:
// its observables as outputs (all checked, the CLI's default), its components' inputs and its
// numeric values (value paths of the lab as compiled) as tunable parameters (none checked). Export
// writes through fmi::exportFmuFile, the function the CLI calls; a refusal is shown in a message
// box naming the reason, and the file is written whole or not at all.
#include <QDialog>
#include <memory>

#include "compile/model.h"
#include "fmuvariables.h"

class QComboBox;
class QLineEdit;
class QListWidget;
class QMessageBox;

namespace drivelab {

class LabDocument;

/// the Export FMU dialog over one compiled lab
class FmuExportDialog : public QDialog {
    Q_OBJECT
public:
    /// `model` the lab as compiled; `suggestedPath` the FMU file offered first
    FmuExportDialog(std::shared_ptr<const Model> model, const QString& suggestedPath, QWidget* parent = nullptr);

    QComboBox* fmiBox() const { return m_fmi; }           ///< "FMI 3.0", "FMI 2.0"
    QListWidget* outputsList() const { return m_outputs; } ///< SUBJECT.NAME, checkable
    QListWidget* inputsList() const { return m_inputs; }   ///< ID.inputs.NAME, checkable
    QListWidget* parametersList() const { return m_parameters; } ///< value paths, checkable
    QLineEdit* pathEdit() const { return m_path; }         ///< the FMU file
    /// the choices as the CLI takes them (every output checked: none named, the CLI's default)
    fmi::FmuSelection selection() const;
    /// the message box of the last refusal (null: none)
    QMessageBox* errorBox() const { return m_error; }

    /// write the FMU; false with the reason (also shown in a message box)
    bool exportNow();

    /// File > Export FMU…: the dialog over `document`'s lab as compiled (a lab with errors is
    /// refused in a message box naming them), suggesting the lab's path with .fmu
    static void run(QWidget* parent, const LabDocument* document);

private:
    void showError(const QString& text);
    void browse();

    std::shared_ptr<const Model> m_model;
    QComboBox* m_fmi;
    QListWidget* m_outputs;
    QListWidget* m_inputs;
    QListWidget* m_parameters;
    QLineEdit* m_path;
    QMessageBox* m_error = nullptr;
};

} // namespace drivelab
