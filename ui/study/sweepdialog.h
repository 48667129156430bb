#pragma once
// Study ▸ New Sweep… (docs/EDITOR.md, "Studies"): a sweep of the lab open in the editor. The
// Setup tab (SweepForm) says what to vary and what to measure; Run checks it against the lab
// (study::prepareStudyForLab: a refusal is marked on its field and nothing runs) and runs every
// variant in the background on the chosen number of workers, with a progress bar, the count
// and an estimate of the time left; Cancel keeps the finished rows. The Results tab holds the
// sortable table (double-click: open that variant), Export CSV… (exactly the results file of
// `drivelab-cli sweep`) and the plot.
#include <QDialog>

#include <memory>
#include <optional>

#include "study/study.h"

class QLabel;
class QProgressBar;
class QPushButton;
class QTabWidget;
class QTableView;
class QTimer;

namespace drivelab {

class LabDocument;
class SweepForm;
class ResultsModel;
class ResultsProxy;
class ResultsPlot;
class StudyRunner;

/// the sweep dialog of one window
class SweepDialog : public QDialog {
    Q_OBJECT
public:
    SweepDialog(LabDocument* document, QWidget* parent = nullptr);
    ~SweepDialog() override;

    /// add a factor on a value path (Sweep this) and show the setup
    void addFactorFor(const QString& path);
    /// read a sweep file into the form (false with why: nothing in the form changes)
    bool openSweep(const QString& path, QString* why = nullptr);
    /// write the form as a sweep file, `lab` relative to its folder (false with why)
    bool saveSweep(const QString& path, QString* why = nullptr);
    /// the results table as CSV (atomic write; exactly study::resultsText); false with why
    bool exportCsv(const QString& path, QString* why = nullptr);
    /// the results as the CSV file's text
    std::string csvText() const;
    /// check and start the sweep on the open lab; false (and nothing runs) when refused
    bool run();
    void cancel();
    bool isRunning() const;
    /// open the variant shown in a row of the table (view row)
    void activateRow(int row);

    void openWithDialog();
    void saveWithDialog();
    /// Export CSV…: a file dialog starting at defaultCsvPath(); ".csv" is added when the name has none
    void exportWithDialog();
    /// where Export CSV… proposes to write: named after the sweep file, else the lab
    QString defaultCsvPath() const;

    SweepForm* form() const { return m_form; }
    QTableView* table() const { return m_table; }
    ResultsModel* results() const { return m_model; }
    ResultsPlot* plot() const { return m_plot; }
    StudyRunner* runner() const { return m_runner; }
    QProgressBar* progress() const { return m_progress; }
    QLabel* statusLabel() const { return m_status; }
    QTabWidget* tabs() const { return m_tabs; }
    /// the study last run (null before)
    std::shared_ptr<const study::Study> study() const { return m_study; }

signals:
    /// open variant `index` of the study last run
    void variantRequested(std::shared_ptr<const drivelab::study::Study> study, qulonglong index);
    /// a status-bar message
    void message(const QString& text);

private:
    void refreshLab();
    void updateProgress();
    void updateButtons();
    QString labName() const;

    LabDocument* m_document;
    SweepForm* m_form;
    QTabWidget* m_tabs;
    QTableView* m_table;
    ResultsModel* m_model;
    ResultsProxy* m_proxy;
    ResultsPlot* m_plot;
    StudyRunner* m_runner;
    QProgressBar* m_progress;
    QLabel* m_status;
    QLabel* m_note;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QPushButton* m_export;
    QTimer* m_redraw;
    std::shared_ptr<const study::Study> m_study;
    QString m_sweepPath;
};

} // namespace drivelab
