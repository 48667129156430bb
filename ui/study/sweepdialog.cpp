#include "study/sweepdialog.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSet>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include "compile/compileresult.h"
#include "document/labdocument.h"
#include "files/labfileio.h"
#include "solver/session.h"
#include "study/resultsmodel.h"
#include "study/resultsplot.h"
#include "study/results.h"
#include "study/studyrunner.h"
#include "study/sweepform.h"
#include "study/sweepwriter.h"

namespace drivelab {

SweepDialog::SweepDialog(LabDocument* document, QWidget* parent) : QDialog(parent), m_document(document)
{
    setObjectName(QStringLiteral("sweepDialog"));
    setWindowTitle(tr("Sweep"));
    setSizeGripEnabled(true);
    resize(1100, 760);
    auto* layout = new QVBoxLayout(this);
    m_note = new QLabel(this);
    m_note->setObjectName(QStringLiteral("sweepNote"));
    m_note->setWordWrap(true);
    layout->addWidget(m_note);
    m_tabs = new QTabWidget(this);
    m_form = new SweepForm(this);
    m_tabs->addTab(m_form, tr("Setup"));
    auto* split = new QSplitter(Qt::Vertical, this);
    m_model = new ResultsModel(this);
    m_proxy = new ResultsProxy(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(ResultsModel::SortRole);
    m_table = new QTableView(split);
    m_table->setObjectName(QStringLiteral("resultsTable"));
    m_table->setModel(m_proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(0, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setToolTip(tr("Click a header to sort; double-click a row to open that variant in a new window"));
    m_plot = new ResultsPlot(m_model, split);
    split->addWidget(m_table);
    split->addWidget(m_plot);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    m_tabs->addTab(split, tr("Results"));
    layout->addWidget(m_tabs, 1);

    auto* bottom = new QHBoxLayout;
    m_progress = new QProgressBar(this);
    m_progress->setObjectName(QStringLiteral("studyProgress"));
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    m_progress->setFormat(QStringLiteral("%v / %m"));
    m_progress->setTextVisible(false); // no count before the first run
    m_status = new QLabel(tr("Not run yet"), this);
    m_status->setObjectName(QStringLiteral("studyStatus"));
    m_run = new QPushButton(tr("Run"), this);
    m_run->setObjectName(QStringLiteral("runSweep"));
    m_run->setDefault(true);
    m_cancel = new QPushButton(tr("Cancel"), this);
    m_cancel->setObjectName(QStringLiteral("cancelSweep"));
    m_export = new QPushButton(tr("Export CSV…"), this);
    m_export->setObjectName(QStringLiteral("exportCsv"));
    auto* open = new QPushButton(tr("Open…"), this);
    auto* save = new QPushButton(tr("Save…"), this);
    auto* close = new QPushButton(tr("Close"), this);
    bottom->addWidget(m_progress, 2);
    bottom->addWidget(m_status, 3);
    for (QPushButton* b : {m_run, m_cancel, m_export, open, save, close}) bottom->addWidget(b);
    layout->addLayout(bottom);

    m_runner = new StudyRunner(this);
    connect(m_run, &QPushButton::clicked, this, &SweepDialog::run);
    connect(m_cancel, &QPushButton::clicked, this, &SweepDialog::cancel);
    connect(m_export, &QPushButton::clicked, this, &SweepDialog::exportWithDialog);
    connect(open, &QPushButton::clicked, this, &SweepDialog::openWithDialog);
    connect(save, &QPushButton::clicked, this, &SweepDialog::saveWithDialog);
    connect(close, &QPushButton::clicked, this, &QDialog::close);
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex& i) {
        activateRow(i.row());
    });
    // the plot and the status follow the rows at most four times a second
    m_redraw = new QTimer(this);
    m_redraw->setSingleShot(true);
    m_redraw->setInterval(250);
    connect(m_redraw, &QTimer::timeout, this, [this] {
        m_plot->redraw();
        updateProgress();
    });
    connect(m_runner, &StudyRunner::rowsArrived, this, [this](const std::vector<study::Row>& rows) {
        const bool first = m_model->rowCount() == 0;
        m_model->addRows(rows);
        if (first) m_table->resizeColumnsToContents();
        if (!m_redraw->isActive()) m_redraw->start();
    });
    connect(m_runner, &StudyRunner::ended, this, [this](bool) {
        m_redraw->stop();
        m_plot->redraw();
        updateProgress();
        updateButtons();
        emit message(m_status->text());
    });
    connect(m_document, &LabDocument::changed, this, &SweepDialog::refreshLab);
    connect(m_document, &LabDocument::filePathChanged, this, &SweepDialog::refreshLab);
    refreshLab();
    updateButtons();
}

SweepDialog::~SweepDialog()
{
    m_runner->cancel();
    m_runner->wait();
}

QString SweepDialog::labName() const { return m_document->filePath().isEmpty() ? m_document->displayName() : m_document->filePath(); }

void SweepDialog::refreshLab()
{
    QStringList observables, lockables;
    if (const auto c = m_document->compiled(); c && c->model) {
        QHash<QString, int> parts;
        for (const ObservableRef& r : observableLayout(*c->model)) {
            const QString subject = QString::fromStdString(r.subject);
            observables << subject + QLatin1Char('.') + QString::fromStdString(r.name);
            if (r.name == "locked" || r.name == "slip_speed") parts[subject] += 1;
        }
        for (auto it = parts.begin(); it != parts.end(); ++it)
            if (it.value() == 2) lockables << it.key();
        lockables.sort();
    }
    m_form->setLab(m_document->lab(), observables, lockables);
    setWindowTitle(tr("Sweep — %1").arg(m_document->displayName()));
    QString note = tr("Runs on the lab open in the editor, <b>%1</b>, as it is now (unsaved edits included).")
                       .arg(m_document->displayName().toHtmlEscaped());
    if (!m_sweepPath.isEmpty()) note += tr(" Sweep file: %1.").arg(QFileInfo(m_sweepPath).fileName().toHtmlEscaped());
    m_note->setText(note);
}

void SweepDialog::addFactorFor(const QString& path)
{
    refreshLab();
    m_form->addFactorFor(path);
    m_tabs->setCurrentIndex(0);
}

bool SweepDialog::openSweep(const QString& path, QString* why)
{
    Diagnostics d;
    const std::optional<study::SweepSpec> spec = study::readSweepFile(path.toStdString(), d);
    if (!spec) {
        QStringList lines;
        for (const Diagnostic& x : d.items())
            lines << QStringLiteral("%1: %2").arg(QString::fromStdString(x.field), QString::fromStdString(x.message));
        const QString text = tr("%1 was not opened: %2").arg(QFileInfo(path).fileName(), lines.join(QStringLiteral("; ")));
        m_status->setText(text);
        if (why) *why = text;
        return false;
    }
    m_sweepPath = QFileInfo(path).absoluteFilePath();
    m_form->setSpec(*spec);
    refreshLab();
    // the sweep names a lab: say so when it is not the one open
    const QString named =
        QFileInfo(QDir(QString::fromStdString(spec->baseDir)).filePath(QString::fromStdString(spec->lab))).canonicalFilePath();
    const QString open = m_document->filePath().isEmpty() ? QString() : QFileInfo(m_document->filePath()).canonicalFilePath();
    if (named != open)
        m_note->setText(m_note->text() + tr(" <span style='color:#8a5a00'>This sweep was written for %1; it runs on the open lab "
                                            "(File ▸ Open its lab to run it as written).</span>")
                                             .arg(QString::fromStdString(spec->lab).toHtmlEscaped()));
    m_tabs->setCurrentIndex(0);
    m_status->setText(tr("Opened %1").arg(QFileInfo(path).fileName()));
    return true;
}

bool SweepDialog::saveSweep(const QString& path, QString* why)
{
    const auto fail = [&](const QString& text) {
        m_status->setText(text);
        if (why) *why = text;
        return false;
    };
    if (m_document->filePath().isEmpty()) return fail(tr("Save the lab first: a sweep file names its lab by path."));
    std::optional<study::SweepSpec> spec = m_form->build();
    if (!spec) {
        m_tabs->setCurrentIndex(0);
        return fail(tr("Not saved: %1").arg(m_form->problemsText()));
    }
    const QDir dir = QFileInfo(path).absoluteDir();
    spec->lab = dir.relativeFilePath(QFileInfo(m_document->filePath()).absoluteFilePath()).toStdString();
    QString error;
    if (!writeFileAtomically(path, QByteArray::fromStdString(study::sweepText(*spec)), &error))
        return fail(tr("Could not save %1: %2").arg(path, error));
    m_sweepPath = QFileInfo(path).absoluteFilePath();
    refreshLab();
    m_status->setText(tr("Saved %1").arg(QFileInfo(path).fileName()));
    return true;
}

std::string SweepDialog::csvText() const
{
    if (!m_study) return {};
    return study::resultsText(*m_study, false, m_model->csvLines());
}

bool SweepDialog::exportCsv(const QString& path, QString* why)
{
    QString error;
    if (!m_study)
        error = tr("nothing to export: run the sweep first");
    else if (!writeFileAtomically(path, QByteArray::fromStdString(csvText()), &error) && error.isEmpty())
        error = tr("write failed");
    if (!error.isEmpty()) {
        m_status->setText(tr("Not exported: %1").arg(error));
        if (why) *why = error;
        return false;
    }
    m_status->setText(tr("Exported %n row(s) to %1", nullptr, m_model->rowCount()).arg(QFileInfo(path).fileName()));
    return true;
}

bool SweepDialog::run()
{
    if (isRunning()) return false;
    const std::optional<study::SweepSpec> spec = m_form->build();
    if (!spec) {
        m_tabs->setCurrentIndex(0);
        m_status->setText(tr("Not run: fix the marked fields"));
        return false;
    }
    auto s = std::make_shared<study::Study>();
    Diagnostics d;
    if (!study::prepareStudyForLab(*spec, m_document->lab(), labName().toStdString(), *s, d)) {
        m_form->showDiagnostics(d);
        m_tabs->setCurrentIndex(0);
        m_status->setText(tr("Not run: %n problem(s), marked in the setup", nullptr, static_cast<int>(d.size())));
        return false;
    }
    m_study = s;
    m_model->reset(m_study);
    m_plot->resetChoices();
    m_table->resizeColumnsToContents();
    m_progress->setRange(0, static_cast<int>(std::min<std::size_t>(s->size(), 2'000'000'000)));
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_runner->start(m_study, m_form->jobs());
    m_tabs->setCurrentIndex(1);
    updateProgress();
    updateButtons();
    return true;
}

void SweepDialog::cancel()
{
    if (!isRunning()) return;
    m_runner->cancel();
    m_status->setText(tr("Cancelling…"));
}

bool SweepDialog::isRunning() const { return m_runner->isRunning(); }

void SweepDialog::updateProgress()
{
    const std::size_t done = m_runner->finished(), total = m_runner->total();
    m_progress->setValue(static_cast<int>(std::min<std::size_t>(done, 2'000'000'000)));
    const double t = m_runner->elapsed();
    int errors = 0;
    for (const study::Row& r : m_model->rows()) errors += r.error.empty() ? 0 : 1;
    const QString failed = errors ? tr(", %n failed (see the error column)", nullptr, errors) : QString();
    if (isRunning()) {
        const QString eta = done == 0
                                ? tr("estimating")
                                : tr("about %1 s left").arg(t / static_cast<double>(done) * static_cast<double>(total - done), 0, 'f', 1);
        m_status->setText(tr("%1 / %2 variants%3 · %4 s · %5").arg(done).arg(total).arg(failed).arg(t, 0, 'f', 1).arg(eta));
    } else if (m_runner->wasCancelled()) {
        m_status->setText(tr("Cancelled: %1 of %2 variants finished%3 (kept)").arg(done).arg(total).arg(failed));
    } else if (total > 0) {
        m_status->setText(tr("Done: %1 variants in %2 s%3").arg(done).arg(t, 0, 'f', t < 10.0 ? 2 : 1).arg(failed));
    }
}

void SweepDialog::updateButtons()
{
    const bool running = isRunning();
    m_run->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_export->setEnabled(!running && m_study);
    m_form->setEnabled(!running);
}

void SweepDialog::activateRow(int row)
{
    if (!m_study || row < 0 || row >= m_proxy->rowCount()) return;
    const QModelIndex source = m_proxy->mapToSource(m_proxy->index(row, 0));
    const study::Row& r = m_model->rows()[static_cast<std::size_t>(source.row())];
    emit variantRequested(m_study, static_cast<qulonglong>(r.index));
}

void SweepDialog::openWithDialog()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Sweep"), QFileInfo(m_document->filePath()).absolutePath(),
                                                      tr("Sweeps (*.sweep.json);;JSON (*.json)"));
    QString why;
    if (!path.isEmpty() && !openSweep(path, &why)) QMessageBox::warning(this, tr("Open Sweep"), why);
}

void SweepDialog::saveWithDialog()
{
    QString start = m_sweepPath;
    if (start.isEmpty() && !m_document->filePath().isEmpty()) {
        const QFileInfo lab(m_document->filePath());
        start = lab.absoluteDir().filePath(lab.fileName().section(QLatin1Char('.'), 0, 0) + QStringLiteral(".sweep.json"));
    }
    QString path = QFileDialog::getSaveFileName(this, tr("Save Sweep"), start, tr("Sweeps (*.sweep.json)"));
    if (path.isEmpty()) return;
    if (!path.endsWith(QStringLiteral(".json"))) path += QStringLiteral(".sweep.json");
    QString why;
    if (!saveSweep(path, &why)) QMessageBox::warning(this, tr("Save Sweep"), why);
}

QString SweepDialog::defaultCsvPath() const
{
    // beside the sweep file and named after it ("launch.sweep.json" -> "launch.csv"), else
    // beside the lab ("launch.lab.json" -> "launch-sweep.csv"), else in the last folder used
    const auto stem = [](const QString& fileName) {
        for (const char* suffix : {".sweep.json", ".lab.json", ".json"}) {
            if (fileName.endsWith(QLatin1String(suffix))) return fileName.chopped(static_cast<int>(qstrlen(suffix)));
        }
        return fileName;
    };
    if (!m_sweepPath.isEmpty()) {
        const QFileInfo sweep(m_sweepPath);
        return sweep.absoluteDir().filePath(stem(sweep.fileName()) + QStringLiteral(".csv"));
    }
    const QString lab = m_document->filePath();
    const QString dir = lab.isEmpty() ? QSettings().value(QStringLiteral("files/lastDirectory"), QDir::homePath()).toString()
                                      : QFileInfo(lab).absolutePath();
    const QString name = lab.isEmpty() ? QString::fromStdString(m_document->lab().name) : stem(QFileInfo(lab).fileName());
    return QDir(dir).filePath((name.isEmpty() ? tr("lab") : name) + QStringLiteral("-sweep.csv"));
}

void SweepDialog::exportWithDialog()
{
    QString path = QFileDialog::getSaveFileName(this, tr("Export Results"), defaultCsvPath(), tr("CSV (*.csv)"));
    if (path.isEmpty()) return;
    // a name typed without the extension gets it (the filter says CSV)
    if (!path.endsWith(QStringLiteral(".csv"), Qt::CaseInsensitive)) path += QStringLiteral(".csv");
    QString why;
    if (!exportCsv(path, &why)) QMessageBox::warning(this, tr("Export Results"), why);
}

} // namespace drivelab
