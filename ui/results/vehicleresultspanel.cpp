#include "results/vehicleresultspanel.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHeaderView>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QPalette>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>
#include <QtConcurrent>

#include <cmath>

#include "compile/model.h"
#include "document/numbers.h"
#include "io/checkedrun.h"

namespace drivelab {

namespace {

/// a result's label in the table
QString resultLabel(const std::string& name)
{
    struct Label {
        const char* name;
        const char* text;
    };
    static const Label kLabels[] = {
        {"duration", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Duration")},
        {"distance", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Distance")},
        {"mean_speed_kmh", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Mean speed")},
        {"top_speed_kmh", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Top speed")},
        {"top_speed_time", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Top speed reached at")},
        {"time_0_100_kmh", QT_TRANSLATE_NOOP("VehicleResultsPanel", "0-100 km/h")},
        {"positive_tractive_energy", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Positive tractive energy")},
        {"net_tractive_energy", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Net tractive energy")},
        {"max_excess_force", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Largest excess tractive force")},
        {"gradeability", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Gradeability")},
        {"fuel_mass", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Fuel")},
        {"fuel_volume", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Fuel volume")},
        {"fuel_l_per_100km", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Fuel consumption")},
        {"co2_mass", QT_TRANSLATE_NOOP("VehicleResultsPanel", "CO2")},
        {"co2_g_per_km", QT_TRANSLATE_NOOP("VehicleResultsPanel", "CO2 per km")},
        {"trace_rms_kmh", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Trace error, RMS")},
        {"trace_worst_kmh", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Trace error, worst")},
        {"trace_worst_time", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Worst trace error at")},
        {"trace_outside_time", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Time outside +-2 km/h")},
        {"engine", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Engine heat")},
        {"converter", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Converter")},
        {"clutches", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Clutches")},
        {"brakes", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Brakes")},
        {"tyre_slip", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Tyre slip")},
        {"dampers", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Dampers")},
        {"hydraulic", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Hydraulic losses")},
        {"aero", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Aerodynamic drag")},
        {"rolling", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Rolling resistance")},
        {"grade", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Grade (potential energy)")},
        {"other_heat", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Other heat")},
        {"stored_change", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Kinetic and stored change")},
        {"numerical_dissipation", QT_TRANSLATE_NOOP("VehicleResultsPanel", "Numerical dissipation")},
    };
    for (const Label& l : kLabels)
        if (name == l.name) return QCoreApplication::translate("VehicleResultsPanel", l.text);
    return QString::fromStdString(name); // a category a new type brings
}

/// a value in the unit the table shows (energies in MJ, distances in km) and that unit
std::pair<double, QString> shown(double v, const char* unit)
{
    const QString u = QString::fromLatin1(unit);
    if (u == QLatin1String("J")) return {v / 1e6, QStringLiteral("MJ")};
    if (u == QLatin1String("m")) return {v / 1e3, QStringLiteral("km")};
    return {v, u};
}

} // namespace

VehicleResultsPanel::VehicleResultsPanel(QWidget* parent) : QWidget(parent)
{
    setObjectName(QStringLiteral("vehicleResultsPanel"));
    m_status = new QLabel(tr("Run a lab with a vehicle body to see its vehicle results here."), this);
    m_status->setWordWrap(true);
    m_table = new QTableWidget(0, 3, this);
    m_table->setObjectName(QStringLiteral("vehicleResultsTable"));
    m_table->setHorizontalHeaderLabels({tr("Result"), tr("Value"), tr("Unit")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    auto* chart = new QChart;
    chart->setTitle(tr("Energy split"));
    chart->legend()->hide();
    m_view = new QChartView(chart, this);
    m_view->setObjectName(QStringLiteral("vehicleResultsChart"));
    m_view->setRenderHint(QPainter::Antialiasing);
    m_view->setMinimumWidth(320);
    auto* split = new QSplitter(Qt::Horizontal, this);
    split->addWidget(m_table);
    split->addWidget(m_view);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 2);
    split->setSizes({420, 840});
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_status);
    layout->addWidget(split, 1);
    connect(&m_watcher, &QFutureWatcher<Outcome>::finished, this, [this] {
        present(m_watcher.result());
    });
}

VehicleResultsPanel::~VehicleResultsPanel()
{
    if (m_cancel) m_cancel->store(true);
    m_watcher.waitForFinished();
}

QChart* VehicleResultsPanel::chart() const { return m_view->chart(); }

VehicleResultsPanel::Outcome VehicleResultsPanel::run(std::shared_ptr<const Model> model, std::shared_ptr<std::atomic<bool>> cancel)
{
    Outcome o;
    Session s(model);
    ReportWriter writer(*model);
    if (!writer.vehicle().present()) {
        o.why = tr("This lab has no vehicle body (or several and no \"results\" section naming one): no vehicle results.");
        return o;
    }
    RunOptions options;
    options.cancel = cancel.get();
    const RunOutcome r = runChecked(s, writer, options);
    switch (r.status) {
    case RunStatus::Completed: o.summary = writer.vehicle().finish(s.energy()); break;
    case RunStatus::SolverFailed:
        o.why = tr("The run failed at t = %1 s (%2): no vehicle results.")
                    .arg(r.solver.time)
                    .arg(QString::fromStdString(r.solver.subject + ": " + r.solver.message));
        break;
    case RunStatus::BadBooks: o.why = tr("The run's books failed their check: %1").arg(QString::fromStdString(r.books.message)); break;
    case RunStatus::Cancelled:
    case RunStatus::WriteFailed: break;
    }
    return o;
}

void VehicleResultsPanel::compute(std::shared_ptr<const Model> model)
{
    if (m_cancel) m_cancel->store(true);
    m_watcher.waitForFinished();
    if (!model) return;
    m_lab = QString::fromStdString(model->name);
    m_status->setText(tr("Computing the vehicle results of '%1'…").arg(m_lab));
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    m_watcher.setFuture(QtConcurrent::run(&VehicleResultsPanel::run, std::move(model), m_cancel));
}

void VehicleResultsPanel::wait()
{
    if (!m_watcher.isRunning()) return;
    m_watcher.waitForFinished();
    QCoreApplication::sendPostedEvents(&m_watcher);
    if (m_watcher.isFinished()) present(m_watcher.result());
}

void VehicleResultsPanel::present(const Outcome& o)
{
    if (!o.summary && o.why.isEmpty()) return; // cancelled: a newer computation follows
    m_summary = o.summary;
    m_table->setRowCount(0);
    m_view->chart()->removeAllSeries();
    for (QAbstractAxis* a : m_view->chart()->axes()) m_view->chart()->removeAxis(a);
    if (!o.summary) {
        m_status->setText(o.why);
        return;
    }
    const VehicleSummary& s = *o.summary;
    m_status->setText(
        tr("Vehicle '%1' of '%2'%3: a checked run of the lab as compiled for the editor's run, the numbers drivelab-cli run reports.")
            .arg(QString::fromStdString(s.vehicle), m_lab,
                 s.reference.empty() ? tr(" (no reference speed: add a \"results\" section to follow a trace)")
                                     : tr(", following signal '%1'").arg(QString::fromStdString(s.reference))));
    fillTable(s);
    fillChart(s);
    emit resultsShown();
}

void VehicleResultsPanel::fillTable(const VehicleSummary& s)
{
    const auto add = [this](const QString& label, double value, const char* unit) {
        const int row = m_table->rowCount();
        m_table->insertRow(row);
        const auto [v, u] = shown(value, unit);
        m_table->setItem(row, 0, new QTableWidgetItem(label));
        auto* item = new QTableWidgetItem(std::isfinite(v) ? formatNumberDigits(v, 4) : tr("—"));
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        if (!std::isfinite(v)) item->setToolTip(tr("Not computed for this run (no fuel data, no reference, never reached)"));
        m_table->setItem(row, 1, item);
        m_table->setItem(row, 2, new QTableWidgetItem(u));
    };
    for (const auto& [name, value] : s.scalars) add(resultLabel(name), value, vehicleResultUnit(name));
    for (const auto& [name, value] : s.split) add(tr("Energy: %1").arg(resultLabel(name)), value, "J");
}

void VehicleResultsPanel::fillChart(const VehicleSummary& s)
{
    QChart* chart = m_view->chart();
    auto* set = new QBarSet(tr("Energy"));
    set->setLabelColor(palette().color(QPalette::WindowText));
    QStringList categories;
    double lo = 0.0, hi = 0.0;
    // bottom to top in report order: the first category at the top
    for (auto it = s.split.rbegin(); it != s.split.rend(); ++it) {
        const double mj = it->second / 1e6;
        *set << mj;
        categories << resultLabel(it->first);
        lo = std::min(lo, mj);
        hi = std::max(hi, mj);
    }
    auto* series = new QHorizontalBarSeries;
    series->append(set);
    series->setLabelsVisible(true);
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsFormat(QStringLiteral("@value"));
    series->setLabelsPrecision(4);
    chart->addSeries(series);
    auto* axisY = new QBarCategoryAxis;
    axisY->append(categories);
    chart->addAxis(axisY, Qt::AlignLeft);
    series->attachAxis(axisY);
    auto* axisX = new QValueAxis;
    axisX->setTitleText(tr("Energy [MJ]"));
    // room for the labels beyond the longest bar; a negative part below 2 % of the scale would be
    // no visible bar (the table has its number): the axis then starts at 0
    const double pad = 0.2 * std::max(hi - lo, 1e-9);
    axisX->setRange(lo < -0.02 * hi ? lo - pad : 0.0, hi + pad);
    axisX->applyNiceNumbers();
    chart->addAxis(axisX, Qt::AlignBottom);
    series->attachAxis(axisX);
}

} // namespace drivelab
