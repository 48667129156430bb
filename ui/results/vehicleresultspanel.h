#pragma once
// The Vehicle results panel (issue 35): after a run of a lab with a vehicle body, the results
// `drivelab-cli run` reports in its "vehicle" section (io/vehicleresults.h) as a table, and the
// energy split as a bar chart. The numbers come from a checked headless run of the same model
// on a background thread (the same function the report uses), so they are the report's bit for
// bit; live edits made during the editor's run are not in them.
#include <QFutureWatcher>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>

#include "io/vehicleresults.h"

class QChart;
class QChartView;
class QLabel;
class QTableWidget;

namespace drivelab {

struct Model;

/// the results table and the energy-split chart
class VehicleResultsPanel : public QWidget {
    Q_OBJECT
public:
    explicit VehicleResultsPanel(QWidget* parent = nullptr);
    ~VehicleResultsPanel() override;

    /// compute the results of `model` in the background (a model without a vehicle body: a note)
    void compute(std::shared_ptr<const Model> model);
    /// wait for a computation in progress and show it (screenshots, tests)
    void wait();
    /// the results shown (none before the first computation)
    const std::optional<VehicleSummary>& summary() const { return m_summary; }

    QTableWidget* table() const { return m_table; }
    QChart* chart() const;
    QLabel* status() const { return m_status; }

signals:
    /// a computation ended with results (a lab without a vehicle body does not emit it)
    void resultsShown();

private:
    /// what a background run gives: the summary, or why there is none
    struct Outcome {
        std::optional<VehicleSummary> summary;
        QString why;
    };
    static Outcome run(std::shared_ptr<const Model> model, std::shared_ptr<std::atomic<bool>> cancel);
    void present(const Outcome& o);
    void fillTable(const VehicleSummary& s);
    void fillChart(const VehicleSummary& s);

    QLabel* m_status;
    QTableWidget* m_table;
    QChartView* m_view;
    QFutureWatcher<Outcome> m_watcher;
    std::shared_ptr<std::atomic<bool>> m_cancel;
    std::optional<VehicleSummary> m_summary;
    QString m_lab;
};

} // namespace drivelab
