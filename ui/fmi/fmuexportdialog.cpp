#include "fmi/fmuexportdialog.h"

#include <QComboBox>
#include <QDir>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

#include "compile/compileresult.h"
#include "compile/compiler.h"
#include "document/labdocument.h"
#include "fmufile.h"
#include "solver/session.h"
#include "study/valuepicker.h"

namespace drivelab {
namespace {

QListWidget* checkList(QWidget* parent, const std::vector<std::string>& names, bool checked)
{
    auto* list = new QListWidget(parent);
    for (const std::string& n : names) {
        auto* item = new QListWidgetItem(QString::fromStdString(n), list);
        item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable);
        item->setCheckState(checked ? Qt::Checked : Qt::Unchecked);
    }
    return list;
}

std::vector<std::string> checkedNames(const QListWidget* list)
{
    std::vector<std::string> out;
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->checkState() == Qt::Checked) out.push_back(list->item(i)->text().toStdString());
    return out;
}

} // namespace

FmuExportDialog::FmuExportDialog(std::shared_ptr<const Model> model, const QString& suggestedPath, QWidget* parent)
    : QDialog(parent), m_model(std::move(model))
{
    setWindowTitle(tr("Export FMU"));
    // what the lab offers: observables, its components' inputs, its numeric values (as compiled)
    std::vector<std::string> outputs, inputs, parameters;
    for (const ObservableRef& o : observableLayout(*m_model)) outputs.push_back(o.subject + "." + o.name);
    for (const ComponentInfo& c : m_model->components)
        for (const InputDescriptor& in : c.desc->inputs) inputs.push_back(c.id + ".inputs." + in.name);
    for (const LabValue& v : labValues(normalizedSpec(*m_model))) parameters.push_back(v.path);

    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_fmi = new QComboBox(this);
    m_fmi->addItem(tr("FMI 3.0"), 3);
    m_fmi->addItem(tr("FMI 2.0"), 2);
    m_fmi->setStatusTip(tr("The FMI version of the co-simulation FMU (as drivelab-cli export-fmu --fmi)"));
    form->addRow(tr("Standard"), m_fmi);
    auto* pathRow = new QHBoxLayout;
    m_path = new QLineEdit(suggestedPath, this);
    auto* browse = new QPushButton(tr("Browse…"), this);
    connect(browse, &QPushButton::clicked, this, &FmuExportDialog::browse);
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    form->addRow(tr("FMU file"), pathRow);
    layout->addLayout(form);

    auto* lists = new QGridLayout;
    m_outputs = checkList(this, outputs, true);
    m_inputs = checkList(this, inputs, false);
    m_parameters = checkList(this, parameters, false);
    const QString heads[] = {tr("Outputs (observables)"), tr("Inputs (set by the importer)"), tr("Tunable parameters")};
    QListWidget* all[] = {m_outputs, m_inputs, m_parameters};
    for (int i = 0; i < 3; ++i) {
        lists->addWidget(new QLabel(heads[i], this), 0, i);
        lists->addWidget(all[i], 1, i);
    }
    layout->addLayout(lists, 1);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    QPushButton* ok = buttons->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
    ok->setObjectName(QStringLiteral("exportButton"));
    connect(buttons, &QDialogButtonBox::accepted, this, [this] {
        if (exportNow()) accept();
    });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    resize(820, 480);
}

fmi::FmuSelection FmuExportDialog::selection() const
{
    fmi::FmuSelection sel;
    sel.fmiVersion = m_fmi->currentData().toInt();
    sel.outputs = checkedNames(m_outputs);
    // every observable: none named, as the CLI's default (the same instantiation token)
    if (static_cast<int>(sel.outputs.size()) == m_outputs->count()) sel.outputs.clear();
    sel.inputs = checkedNames(m_inputs);
    sel.parameters = checkedNames(m_parameters);
    return sel;
}

bool FmuExportDialog::exportNow()
{
    const QString path = m_path->text();
    if (!path.endsWith(QLatin1String(".fmu")) || path.size() < 5) {
        showError(tr("\u201c%1\u201d: an FMU's file name ends in .fmu (the FMI standard). Nothing was written.").arg(path));
        return false;
    }
    if (checkedNames(m_outputs).empty()) {
        showError(tr("No output is checked: an FMU exposes at least one observable. Nothing was written."));
        return false;
    }
    fmi::FmuArchive fmu;
    fmi::FmuIdentity id;
    fmi::FmuExportFailure failure;
    if (fmi::exportFmuFile(*m_model, selection(), path.toStdString(), fmu, id, failure)) return true;
    QStringList lines;
    for (const std::string& l : failure.lines) lines << QString::fromStdString(l);
    const QString where = failure.step == fmi::FmuExportStep::Write ? tr("%1 could not be written").arg(path)
                          : failure.step == fmi::FmuExportStep::Library ? tr("The FMU library is missing")
                                                                         : tr("The lab refuses these choices");
    showError(tr("%1; nothing was written:\n%2").arg(where, lines.join(QLatin1Char('\n'))));
    return false;
}

void FmuExportDialog::showError(const QString& text)
{
    if (!m_error) {
        m_error = new QMessageBox(QMessageBox::Warning, tr("Export FMU"), QString(), QMessageBox::Ok, this);
        m_error->setWindowModality(Qt::WindowModal);
    }
    m_error->setText(text);
    m_error->open();
}

void FmuExportDialog::run(QWidget* parent, const LabDocument* document)
{
    const auto compiled = document->compiled();
    if (!compiled || !compiled->model) {
        QStringList errors;
        if (compiled) {
            for (const Diagnostic& d : compiled->diagnostics.items())
                if (d.severity == Severity::Error) errors << QString::fromStdString(d.subject + ": " + d.field + ": " + d.message);
        }
        QMessageBox::warning(parent, tr("Export FMU"),
                             tr("The lab does not compile, so it cannot be exported (see Problems):\n%1").arg(errors.join(QLatin1Char('\n'))));
        return;
    }
    QString suggested = document->filePath();
    if (suggested.endsWith(QLatin1String(".lab.json")))
        suggested.chop(9);
    else if (suggested.endsWith(QLatin1String(".json")))
        suggested.chop(5);
    if (suggested.isEmpty()) suggested = QDir::home().filePath(QStringLiteral("lab"));
    suggested += QLatin1String(".fmu");
    FmuExportDialog dialog(compiled->model, suggested, parent);
    dialog.exec();
}

void FmuExportDialog::browse()
{
    const QString path = QFileDialog::getSaveFileName(this, tr("Export FMU"), m_path->text(), tr("FMU (*.fmu)"));
    if (!path.isEmpty()) m_path->setText(path);
}

} // namespace drivelab
