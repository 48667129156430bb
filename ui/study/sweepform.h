#pragma once
// The setup of a sweep (docs/EDITOR.md, "Studies"): the design (grid, Latin hypercube, Monte
// Carlo with samples and seed), the factors table (value path, its value in the open lab now,
// kind and fields), the metrics table (name, reduction, observable or clutch, level and
// direction) and the number of worker threads. Every cell keeps exactly the text typed; the
// sweep is built from the text only when asked (build()), and what is refused is marked on its
// cell with the factor or metric and the field named, the text left as it was.
#include <QWidget>

#include <optional>

#include "spec/labspec.h"
#include "study/sweepspec.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace drivelab {

/// the sweep setup form
/// a table cell's text, trimmed (empty for a cell never filled)
QString cellText(const QTableWidget* t, int row, int column);

class SweepForm : public QWidget {
    Q_OBJECT
public:
    /// factors table columns
    enum FactorColumn { FPath, FNow, FKind, FValues, FFrom, FTo, FCount, FScale, FSeed, FColumns };
    /// metrics table columns
    enum MetricColumn { MName, MReduce, MObservable, MComponent, MLevel, MDirection, MColumns };

    explicit SweepForm(QWidget* parent = nullptr);

    /// the lab the factors are read from (its values show in "now"; its observables and
    /// clutches fill the metric choices); the form keeps a copy
    void setLab(const LabSpec& lab, const QStringList& observables, const QStringList& lockables);
    /// show a sweep (replaces every row; `description` is kept for saving)
    void setSpec(const study::SweepSpec& spec);
    /// add a factor on `path` with a range around its value now: 0.5× to 1.5×, 5 points
    /// (0 to 1 when the value is 0); an existing factor on the path is selected instead
    void addFactorFor(const QString& path);
    /// add an empty factor / a metric row
    void addFactor();
    void addMetric();

    /// the sweep the form's text says, through the core's reader; nullopt with every refusal
    /// marked on its cell and listed (`mark` false: only compute, e.g. the live count)
    std::optional<study::SweepSpec> build(bool mark = true);
    /// mark the core's diagnostics (`factors[1].path`, `metrics[0].observable`, ...) on their cells
    void showDiagnostics(const Diagnostics& diags);
    /// clear the marks and the problems line
    void clearProblems();

    int jobs() const;
    void setJobs(int jobs);
    QTableWidget* factors() const { return m_factors; }
    /// "Pick from Lab": a menu of the lab's numbers, each adding a factor on its path
    QPushButton* pickButton() const { return m_pick; }
    QTableWidget* metrics() const { return m_metrics; }
    QComboBox* design() const { return m_design; }
    QLineEdit* samples() const { return m_samples; }
    QLineEdit* seed() const { return m_seed; }
    /// "variants: 12"
    QLabel* countLabel() const { return m_count; }
    /// the refusals, one per line ("" when none)
    QString problemsText() const;
    /// the combo of a table cell (kind, scale, reduce, observable, component, direction)
    QComboBox* combo(QTableWidget* table, int row, int column) const;

signals:
    /// the text of some field changed
    void edited();

private:
    void setFactorRow(int row, const study::FactorSpec& f);
    void setMetricRow(int row, const study::MetricSpec& m);
    void updateFactorRow(int row);
    void updateMetricRow(int row);
    void updateNow(int row);
    void updateCount();
    void addProblem(QTableWidget* table, int row, int column, const QString& what, const QString& message);
    QLineEdit* designField(const QString& key) const;

    LabSpec m_lab;
    QStringList m_observables;
    QStringList m_lockables;
    Json m_source; // the sweep last shown (its description)
    QComboBox* m_design;
    QLineEdit* m_samples;
    QLineEdit* m_seed;
    QSpinBox* m_jobs;
    QLabel* m_count;
    QTableWidget* m_factors;
    QPushButton* m_pick;
    QTableWidget* m_metrics;
    QLabel* m_problems;
    QStringList m_problemLines;
    bool m_filling = false;
};

} // namespace drivelab
