// The Vehicle results dock (issue 35, editor half): after a run of a lab with a vehicle body
// reaches its end, the dock appears beside the plots (which stay in front) with the results
// `drivelab-cli run` reports, bit for bit (the same function on the same model), as a table and
// an energy-split bar chart with one bar per split entry; a lab without a vehicle body says so.
//
//   [push: torque 1800 N m] --> ( wheel ) ==0.3 m== [ car: 1500 kg, coast-down ]   (a 30 s launch)
#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QDockWidget>
#include <QHorizontalBarSeries>
#include <QLabel>
#include <QTableWidget>
#include <QTemporaryDir>

#include "compile/compiler.h"
#include "document/labdocument.h"
#include "io/report.h"
#include "mainwindow.h"
#include "results/resultsui.h"
#include "results/vehicleresultspanel.h"
#include "runtestutil.h"
#include "simulation/runcontroller.h"
#include "uitestutil.h"

using namespace drivelab;

class TestVehicleResultsUi : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }
    void runShowsTheResults();
    void labWithoutAVehicle();

private:
    QTemporaryDir m_dir;
};

namespace {

const char* kLaunch = R"({"format": "drivelab.lab", "version": 1, "name": "launch",
  "run": {"tick_ns": 1000000, "duration_ns": 30000000000, "report_every_ticks": 1000},
  "nodes": [{"id": "wheel", "domain": "rotational", "inertia": 0.5, "initial_speed": 0}],
  "components": [{"id": "push", "type": "torque_source", "node_a": "wheel", "inputs": {"torque": 1800}},
                 {"id": "car", "type": "vehicle_body", "node_a": "wheel", "parameters": {"mass": 1500, "wheel_radius": 0.3,
                  "coastdown_f0": 150, "coastdown_f1": 2, "coastdown_f2": 0.45}},
                 {"id": "brake", "type": "clutch", "node_a": "wheel", "node_b": "ground", "inputs": {"capacity": 0}}]})";

QString writeLab(const QTemporaryDir& dir, const char* name, const std::string& text)
{
    const QString path = dir.filePath(QString::fromLatin1(name));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) qFatal("cannot write %s", qPrintable(path));
    f.write(text.data(), static_cast<qint64>(text.size()));
    return path;
}

} // namespace

void TestVehicleResultsUi::runShowsTheResults()
{
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(writeLab(m_dir, "launch.lab.json", kLaunch)));
    w.resize(1400, 900);
    w.show();
    QDockWidget* dock = w.results()->dock();
    QVERIFY(!dock->isVisible()); // nothing run yet
    RunController* rc = w.runController();
    QVERIFY(rc->runTo(30.0));
    QVERIFY(test::waitIdle(rc));
    VehicleResultsPanel* panel = w.results()->panel();
    panel->wait();
    QTRY_VERIFY(panel->summary().has_value());
    QTRY_VERIFY(dock->isVisible());
    QVERIFY(!rc->plotDock()->visibleRegion().isEmpty()); // the plots stay in front
    // the report's numbers: the same results on the same model (io/checkedrun.h's RunStatus is not
    // the editor's: runToReport samples every tick the same way)
    const CompileResult c = compile(w.document()->lab());
    Session s(c.model);
    ReportWriter writer(*c.model);
    SolverError err;
    QVERIFY(runToReport(s, writer, err));
    const VehicleSummary expected = writer.vehicle().finish(s.energy());
    QCOMPARE(panel->summary()->toJson().dump(), expected.toJson().dump());
    // the table: every scalar and every split entry, energies shown in MJ
    QTableWidget* t = panel->table();
    QCOMPARE(t->rowCount(), static_cast<int>(expected.scalars.size() + expected.split.size()));
    int topRow = -1, fuelRow = -1;
    for (int r = 0; r < t->rowCount(); ++r) {
        if (t->item(r, 0)->text() == QStringLiteral("Top speed")) topRow = r;
        if (t->item(r, 0)->text() == QStringLiteral("Fuel consumption")) fuelRow = r;
    }
    QVERIFY(topRow >= 0 && fuelRow >= 0);
    double top = 0.0;
    QVERIFY(expected.value("top_speed_kmh", top));
    QCOMPARE(t->item(topRow, 2)->text(), QStringLiteral("km/h"));
    QVERIFY2(std::fabs(t->item(topRow, 1)->text().toDouble() - top) <= 5e-4 * top, qPrintable(t->item(topRow, 1)->text()));
    QCOMPARE(t->item(fuelRow, 1)->text(), QStringLiteral("—")); // no engine: no value, never a guess
    // the chart: one bar per split entry, labelled
    QChart* chart = panel->chart();
    QCOMPARE(chart->series().size(), 1);
    auto* bars = qobject_cast<QHorizontalBarSeries*>(chart->series().front());
    QVERIFY(bars);
    QCOMPARE(bars->barSets().front()->count(), static_cast<int>(expected.split.size()));
    auto* axis = qobject_cast<QBarCategoryAxis*>(chart->axes(Qt::Vertical).front());
    QVERIFY(axis && axis->categories().contains(QStringLiteral("Aerodynamic drag")) && axis->categories().contains(QStringLiteral("Brakes")));
    double aero = 0.0;
    QVERIFY(expected.value("energy_split.aero", aero));
    const int at = axis->categories().indexOf(QStringLiteral("Aerodynamic drag"));
    QCOMPARE(bars->barSets().front()->at(at), aero / 1e6);
    QVERIFY(panel->status()->text().contains(QStringLiteral("car")));
}

void TestVehicleResultsUi::labWithoutAVehicle()
{
    MainWindow w({m_dir.path(), false});
    QVERIFY(w.openLab(test::labPath("clutch-engagement.lab.json")));
    w.show();
    w.results()->panel()->compute(w.runController()->model() ? w.runController()->model() : compile(w.document()->lab()).model);
    w.results()->panel()->wait();
    QTRY_VERIFY(w.results()->panel()->status()->text().contains(QStringLiteral("no vehicle body")));
    QVERIFY(!w.results()->panel()->summary());
    QCOMPARE(w.results()->panel()->table()->rowCount(), 0);
    QVERIFY(!w.results()->dock()->isVisible());
}

QTEST_MAIN(TestVehicleResultsUi)
#include "tst_vehicleresultsui.moc"
