// Plots as tidy as a good plotting tool's (issue 34, item 5), checked on what the user sees:
// the drawn tick labels of real runs (no `1e+04`, steps of 1, 2 or 5 times a power of ten, also
// after any zoom), tick means that start at the first tick's end (no false step from the
// report's 0 at t = 0), plot areas that line up down a column, a constant series on a readable
// axis, no `[]` title, a wheel zoom on a finished run that stays where it is, and a CSV export
// named after the lab and the plot.
#include <QCategoryAxis>
#include <QChart>
#include <QFileDialog>
#include <QLineEdit>
#include <QLineSeries>
#include <QTimer>
#include <QValueAxis>
#include <QWheelEvent>

#include <cmath>

#include "plots/axisticks.h"
#include "plots/plotarea.h"
#include "plots/plotview.h"
#include "simulation/runcontroller.h"
#include "simulation/samplestore.h"
#include "components/registry.h"
#include "io/labfile.h"
#include "solver/observables.h"
#include "solver/session.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

// the number a drawn tick label shows ("12 500 rpm" → 12500; "2.5e6" → 2.5e6); NaN if none
double labelValue(QString text)
{
    text.remove(QChar(0x2009));
    if (text.endsWith(QLatin1String(" s"))) text.chop(2);
    bool ok = false;
    const double v = text.toDouble(&ok);
    return ok ? v : std::nan("");
}

// the tick labels an axis draws: a category axis' labels, or a value axis' ticks (fixed: tickCount
// evenly over the range; dynamic: the multiples of the interval from the anchor) in its format
QStringList axisLabels(QAbstractAxis* axis)
{
    if (auto* c = qobject_cast<QCategoryAxis*>(axis)) return c->categoriesLabels();
    auto* v = qobject_cast<QValueAxis*>(axis);
    if (!v) return {};
    QStringList out;
    const QByteArray format = v->labelFormat().toUtf8();
    if (v->tickType() == QValueAxis::TicksDynamic) {
        for (double k = std::ceil((v->min() - v->tickAnchor()) / v->tickInterval() - 1e-9);
             v->tickAnchor() + k * v->tickInterval() <= v->max() + 1e-9 * v->tickInterval(); k += 1.0)
            out << QString::asprintf(format.constData(), v->tickAnchor() + k * v->tickInterval());
    } else {
        for (int i = 0; i < v->tickCount(); ++i)
            out << QString::asprintf(format.constData(), v->min() + i * (v->max() - v->min()) / (v->tickCount() - 1));
    }
    return out;
}

struct DrawnLabels {
    QStringList left, right, bottom;
};

DrawnLabels drawnLabels(PlotPanel* p)
{
    DrawnLabels out;
    for (QAbstractAxis* a : p->chart()->axes()) {
        QStringList& to = a->alignment() == Qt::AlignBottom ? out.bottom : a->alignment() == Qt::AlignLeft ? out.left : out.right;
        to = axisLabels(a);
    }
    return out;
}

// every label plain (no exponent below 1e6), and the values evenly spaced by 1, 2 or 5 × 10^k
QString badTicks(const QStringList& labels)
{
    std::vector<double> v;
    for (const QString& l : labels) {
        if (l.contains(QLatin1String("e+")) || (l.contains(QLatin1Char('e')) && std::fabs(labelValue(l)) < 1e6))
            return QStringLiteral("scientific label %1").arg(l);
        v.push_back(labelValue(l));
    }
    std::sort(v.begin(), v.end());
    if (v.size() < 2) return QStringLiteral("fewer than two ticks: %1").arg(labels.join(QLatin1Char('|')));
    const double d = v[1] - v[0];
    for (std::size_t i = 1; i < v.size(); ++i) {
        if (std::fabs(v[i] - v[i - 1] - d) > 1e-6 * d) return QStringLiteral("uneven ticks %1").arg(labels.join(QLatin1Char('|')));
    }
    const double m = d / std::pow(10.0, std::floor(std::log10(d) + 1e-9));
    if (std::fabs(m - 1.0) > 1e-6 && std::fabs(m - 2.0) > 1e-6 && std::fabs(m - 5.0) > 1e-6)
        return QStringLiteral("step %1 is not 1, 2 or 5 times a power of ten: %2").arg(d).arg(labels.join(QLatin1Char('|')));
    return {};
}

std::size_t indexOf(const std::vector<ObservableRef>& layout, const char* subject, const char* name)
{
    for (std::size_t k = 0; k < layout.size(); ++k) {
        if (layout[k].subject == subject && layout[k].name == name) return k;
    }
    return layout.size();
}

} // namespace

class TestPlotsTidy : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { drivelab::test::isolate(); }
    void tickFormat();
    void tickMeanRuleMatchesTheDescriptors();
    void tickMeansStartAtTheFirstTickEnd();
    void ticksArePlainAndNiceAfterZoom();
    void stackedPlotAreasLineUp();
    void constantSeriesHasAReadableAxis();
    void dimensionlessAxisHasNoBrackets();
    void wheelZoomOnAFinishedRunStays();
    void csvExportIsNamedAfterLabAndPlot();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> runShown(const char* lab, double t) { return drivelab::test::runShown(m_dir, lab, t, 5); }
};

void TestPlotsTidy::tickFormat()
{
    QCOMPARE(niceStep(10.0, 4), 2.0);     // 2.5 → 2
    QCOMPARE(niceStep(0.037, 4), 0.01);   // 0.00925 → 0.01
    QCOMPARE(niceStep(4500.0, 4), 1000.0);
    QCOMPARE(niceStep(3.0, 4), 1.0);      // 0.75 → 1
    const QString thin(QChar(0x2009));
    QCOMPARE(TickFormat(12000.0, 2000.0).label(10000.0), QStringLiteral("10") + thin + QStringLiteral("000"));
    QCOMPARE(TickFormat(12000.0, 2000.0).label(2000.0), QStringLiteral("2000"));
    QCOMPARE(TickFormat(12000.0, 2000.0).label(-12000.0), QStringLiteral("-12") + thin + QStringLiteral("000"));
    QCOMPARE(TickFormat(999000.0, 100000.0).label(900000.0), QStringLiteral("900") + thin + QStringLiteral("000"));
    QCOMPARE(TickFormat(1.0, 0.25).label(0.5), QStringLiteral("0.50")); // 0.25 is no nice step, but two decimals hold it
    QCOMPARE(TickFormat(1.0, 0.05).label(0.1), QStringLiteral("0.10"));
    QCOMPARE(TickFormat(1.0, 0.2).label(-0.2 + 0.2), QStringLiteral("0.0")); // never "-0.0"
    QCOMPARE(TickFormat(1.0, 0.2).label(-1e-17), QStringLiteral("0.0"));
    QCOMPARE(TickFormat(1.0, 0.2).label(0.4), QStringLiteral("0.4"));
    QCOMPARE(TickFormat(3e6, 5e5).label(2.5e6), QStringLiteral("2.5e6")); // engineering beyond 1e6
    QCOMPARE(TickFormat(1.2e8, 2e7).label(1.2e8), QStringLiteral("120e6"));
    QCOMPARE(TickFormat(4e-5, 1e-5).label(4e-5), QStringLiteral("40e-6"));
    // a constant: a range around its value
    double lo = 0.0, hi = 0.0, step = 0.0;
    niceRange(lo, hi, step);
    QCOMPARE(lo, -1.0);
    QCOMPARE(hi, 1.0);
    lo = hi = 250.0;
    niceRange(lo, hi, step);
    QVERIFY(lo <= 237.5 && hi >= 262.5 && hi - lo <= 50.0);
    // whole numbers (a flag 0 .. 1): half a unit of room, whole-number steps
    lo = 0.0;
    hi = 1.0;
    niceRange(lo, hi, step, 5, true);
    QCOMPARE(lo, -0.5);
    QCOMPARE(hi, 1.5);
    QCOMPARE(step, 1.0);
    // data 100 .. 2100: 5 % room, whole steps of 500
    lo = 100.0;
    hi = 2100.0;
    niceRange(lo, hi, step);
    QCOMPARE(lo, 0.0);
    QCOMPARE(hi, 2500.0);
    QCOMPARE(step, 500.0);
}

// isTickMean reads the descriptor's tickMean flag through the observable layout: the flag marks
// exactly the observables whose descriptors document a mean over the last tick (a new torque
// documented as a mean but not flagged, or flagged but documented as instantaneous, fails here),
// whatever their unit (the mapped engine's speed and throttle are means too)
void TestPlotsTidy::tickMeanRuleMatchesTheDescriptors()
{
    int means = 0;
    const auto check = [&](const char* owner, const ObservableDescriptor& o) {
        const bool documented = QByteArray(o.doc).startsWith("mean ");
        const ObservableRef ref{"x", o.name, o.unit, o.integer, false, false, o.tickMean};
        QVERIFY2(isTickMean(ref) == documented, qPrintable(QStringLiteral("%1.%2 [%3]: %4").arg(owner, o.name, o.unit, o.doc)));
        means += documented;
    };
    forEachComponentType([&]<class T, std::size_t I>() {
        for (const ObservableDescriptor& o : T::descriptor().observables) check(T::descriptor().type, o);
    });
    for (Domain d : {Domain::Rotational, Domain::Translational, Domain::Hydraulic, Domain::Thermal}) {
        if (const NodeDomainDescriptor* n = nodeDomainDescriptor(d))
            for (const ObservableDescriptor& o : n->observables) check(domainName(d), o);
    }
    QVERIFY(means > 40);
    // a signal's value is never one, whatever its unit label
    QVERIFY(!isTickMean(ObservableRef{"drive", "value", "N m", false, false, true, true}));
    // the layout carries the flag: a mean whose unit is no torque's or force's (the mapped engine)
    const LoadedLab lab = loadLabText(R"({"format": "drivelab.lab", "version": 1, "name": "m",
        "run": {"tick_ns": 1000000, "duration_ns": 10000000, "report_every_ticks": 1},
        "nodes": [{"id": "e", "domain": "rotational", "inertia": 0.2, "initial_speed": 100}],
        "components": [{"id": "eng", "type": "mapped_engine", "node_a": "e", "inputs": {"throttle": 0.5},
          "parameters": {"torque_map": {"x": [0, 400], "y": [0, 1], "values": [[0, 0], [0, 100]]},
                         "fuel_map": {"x": [0, 400], "y": [-50, 250], "values": [[0.2, 0.2], [0.5, 9]]},
                         "friction_curve": [{"speed": 0, "torque": 5}, {"speed": 400, "torque": 13}],
                         "lower_heating_value": 42.9e6}}], "events": []})");
    QVERIFY2(lab.model, lab.diagnostics.empty() ? "" : lab.diagnostics.items().front().message.c_str());
    int engineMeans = 0;
    for (const ObservableRef& r : observableLayout(*lab.model)) {
        if (r.subject == "eng" && (r.name == "throttle" || r.name == "speed")) engineMeans += isTickMean(r);
    }
    QCOMPARE(engineMeans, 2);
}

// ASCII sketch: a tick mean m(t_k) = (1/h) ∫[t_{k-1}, t_k] τ dt exists from t_1 = h on; at
// t_0 = 0 the report (and the SampleStore) holds 0 for it. The torque plot starts at the first
// sample after t = 0 (no line from 0 to the first mean), the readout skips it at t = 0, and the
// CSV leaves its cell empty there.
void TestPlotsTidy::tickMeansStartAtTheFirstTickEnd()
{
    const auto w = runShown("converter-launch.lab.json", 1.0);
    QVERIFY(w);
    PlotArea* area = w->runController()->plots();
    PlotPanel* torques = area->panels().front();
    QCOMPARE(torques->keys().front().name, QStringLiteral("torque"));
    const SampleStore& s = *w->runController()->branches().front().store;
    const std::size_t k = indexOf(area->observableLayout(), "tc", "torque");
    QVERIFY(isTickMean(area->observableLayout()[k]));
    QCOMPARE(s.tick(0), std::int64_t{0});
    QCOMPARE(s.value(0, k), 0.0); // what the store records at t = 0: the report's 0, no mean
    area->setRange(0.0, 0.05);
    const QList<QPointF> pts = torques->series(0, 0)->points();
    QVERIFY(!pts.isEmpty());
    QCOMPARE(pts.front().x(), s.time(1)); // the first tick's end, with the first mean
    QCOMPARE(pts.front().y(), s.value(1, k));
    // a state observable still starts at t = 0 (the speed ratio)
    PlotPanel* ratio = area->panels()[1];
    QCOMPARE(ratio->series(0, 0)->points().front().x(), 0.0);
    // readout at t = 0: the time only (the three torques have no value there)
    area->setCursorTime(0.0);
    QCOMPARE(torques->view()->readoutLines().size(), 1);
    // CSV from t = 0: the mean's cell at t = 0 is empty
    const QString csv = m_dir.filePath("means.csv");
    area->setCursorTime(std::nan(""));
    QVERIFY(area->exportCsv(csv));
    const QStringList rows = QString::fromUtf8(drivelab::test::readAll(csv)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(rows[1].split(QLatin1Char(','))[0].toDouble(), s.time(1)); // no series has a value at t = 0: no row
    QCOMPARE(rows[1].split(QLatin1Char(','))[1].toDouble(), s.value(1, k));
    // beside a state observable, the mean's cell at t = 0 is empty
    QVERIFY(area->addObservables(nullptr, {QStringLiteral("tc"), QStringLiteral("tc")}, {QStringLiteral("speed_ratio"), QStringLiteral("torque")}));
    QVERIFY(area->exportCsv(csv)); // the new plot is the current one
    const QStringList mixedRows = QString::fromUtf8(drivelab::test::readAll(csv)).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QVERIFY2(mixedRows[1].startsWith(QStringLiteral("0,")) && mixedRows[1].endsWith(QLatin1Char(',')), qPrintable(mixedRows[1]));
}

// every drawn axis of every plot: plain labels, even 1-2-5 steps; the time axis too after
// zooms by odd factors around odd times
void TestPlotsTidy::ticksArePlainAndNiceAfterZoom()
{
    for (const char* lab : {"converter-launch.lab.json", "fired-converter.lab.json", "two-speed-shift.lab.json"}) {
        const auto w = runShown(lab, 1.0);
        QVERIFY2(w, lab);
        PlotArea* area = w->runController()->plots();
        const auto check = [&](const char* when) {
            for (int i = 0; i < 5; ++i) QApplication::processEvents();
            for (PlotPanel* p : area->panels()) {
                const DrawnLabels d = drawnLabels(p);
                const QString where = QStringLiteral("%1, %2, %3: ").arg(QLatin1String(lab), p->title(), QLatin1String(when));
                QVERIFY2(badTicks(d.bottom).isEmpty(), qPrintable(where + badTicks(d.bottom)));
                if (!qobject_cast<QCategoryAxis*>(p->chart()->axes(Qt::Vertical).value(0)) ||
                    qobject_cast<QCategoryAxis*>(p->chart()->axes(Qt::Vertical).value(0))->categoriesLabels().value(0) !=
                        QLatin1String("0 stopped"))
                    QVERIFY2(badTicks(d.left).isEmpty(), qPrintable(where + badTicks(d.left)));
                if (!d.right.isEmpty()) QVERIFY2(badTicks(d.right).isEmpty(), qPrintable(where + badTicks(d.right)));
            }
        };
        check("whole run");
        // DRIVELAB_PLOTS_PNG=DIR: the plots as drawn, to look at (docs/EDITOR.md, tests)
        if (qEnvironmentVariableIsSet("DRIVELAB_PLOTS_PNG"))
            QVERIFY(area->exportPng(QDir(qEnvironmentVariable("DRIVELAB_PLOTS_PNG")).filePath(QLatin1String(lab) + QStringLiteral(".png"))));
        area->zoom(0.37, 0.4321);
        check("zoomed in");
        area->zoom(0.0613, 0.4021);
        check("zoomed far in");
        area->pan(0.00737);
        check("panned");
    }
}

// the plots of one grid column share their plot areas' left and right edges
void TestPlotsTidy::stackedPlotAreasLineUp()
{
    const auto w = runShown("converter-launch.lab.json", 2.0);
    QVERIFY(w);
    PlotArea* area = w->runController()->plots();
    const auto panels = area->panels();
    QCOMPARE(panels.size(), 5);
    const int columns = area->width() >= 1300 ? 3 : (area->width() >= 760 ? 2 : 1);
    QVERIFY(columns < 5);
    bool differed = false; // the labels' widths differ (torques in N·m, a ratio, heat in W)
    for (int c = 0; c < columns; ++c) {
        for (int i = c + columns; i < panels.size(); i += columns) {
            const QRectF a = panels[c]->chart()->plotArea(), b = panels[i]->chart()->plotArea();
            const QPointF ga = panels[c]->view()->mapToGlobal(panels[c]->view()->mapFromScene(a.topLeft()));
            const QPointF gb = panels[i]->view()->mapToGlobal(panels[i]->view()->mapFromScene(b.topLeft()));
            QVERIFY2(std::fabs(ga.x() - gb.x()) <= 1.0, qPrintable(QStringLiteral("%1 at %2, %3 at %4")
                                                                     .arg(panels[c]->title())
                                                                     .arg(ga.x())
                                                                     .arg(panels[i]->title())
                                                                     .arg(gb.x())));
            QVERIFY(std::fabs(a.width() - b.width()) <= 1.0);
            differed = differed || panels[c]->naturalInsets().left() != panels[i]->naturalInsets().left();
        }
    }
    QVERIFY(differed); // the check above was not trivial
}

// a constant series (here 0, and 250) is drawn mid-axis on a readable range, not ±1e-9
void TestPlotsTidy::constantSeriesHasAReadableAxis()
{
    const std::vector<ObservableRef> layout{{"a", "torque", "N m", false, false, false, true}, {"b", "torque", "N m", false, false, false, true}};
    auto store = std::make_shared<SampleStore>(2, 101, 10000000, 10, 100);
    for (int i = 0; i <= 100; ++i) {
        double* row = store->beginSample();
        row[0] = 0.0;
        row[1] = 250.0;
        store->commitSample(i);
    }
    PlotPanel p(QStringLiteral("constant"));
    p.setObservableLayout(&layout);
    p.setBranches({{0, QStringLiteral("main"), store}});
    QVERIFY(p.addKey({QStringLiteral("a"), QStringLiteral("torque"), {}}));
    p.refresh(0.0, 1.0, true);
    auto* axis = qobject_cast<QValueAxis*>(p.chart()->axes(Qt::Vertical).value(0));
    QVERIFY(axis);
    QCOMPARE(axis->min(), -1.0);
    QCOMPARE(axis->max(), 1.0);
    p.removeKey(0);
    QVERIFY(p.addKey({QStringLiteral("b"), QStringLiteral("torque"), {}}));
    p.refresh(0.0, 1.0, true);
    axis = qobject_cast<QValueAxis*>(p.chart()->axes(Qt::Vertical).value(0));
    QVERIFY2(axis->min() <= 237.5 && axis->max() >= 262.5 && axis->max() - axis->min() <= 50.0,
             qPrintable(QStringLiteral("%1 .. %2").arg(axis->min()).arg(axis->max())));
}

// a dimensionless quantity beside a torque: the right axis has no "[]" title
void TestPlotsTidy::dimensionlessAxisHasNoBrackets()
{
    const auto w = runShown("converter-launch.lab.json", 0.5);
    QVERIFY(w);
    PlotArea* area = w->runController()->plots();
    PlotPanel* p = area->addPanel(QStringLiteral("mixed"), {{QStringLiteral("tc"), QStringLiteral("torque"), {}}});
    QVERIFY(area->addObservables(p, {QStringLiteral("tc")}, {QStringLiteral("speed_ratio")}));
    const auto axes = p->chart()->axes(Qt::Vertical);
    QCOMPARE(axes.size(), 2);
    QStringList titles;
    for (QAbstractAxis* a : axes) titles << a->titleText();
    QVERIFY2(!titles.join(QLatin1Char('|')).contains(QLatin1String("[]")), qPrintable(titles.join(QLatin1Char('|'))));
    QVERIFY(titles.contains(QStringLiteral("[N·m]")));
    // the CSV header names the dimensionless column without brackets
    area->fit();
    const QString csv = m_dir.filePath("mixed.csv");
    QVERIFY(area->exportCsv(csv));
    QCOMPARE(QString::fromUtf8(drivelab::test::readAll(csv)).section(QLatin1Char('\n'), 0, 0),
             QStringLiteral("time [s],tc.torque [N·m],tc.speed_ratio"));
}

// Follow on (the default), the run finished: a wheel zoom over a plot zooms where the mouse is
// and stays there (it turns Follow off); a finished run does not follow
void TestPlotsTidy::wheelZoomOnAFinishedRunStays()
{
    const auto w = runShown("clutch-engagement.lab.json", 0.05);
    QVERIFY(w);
    RunController* rc = w->runController();
    rc->run();
    QElapsedTimer clock;
    clock.start();
    while (rc->state() == RunState::Running && clock.elapsed() < 60000) QApplication::processEvents(QEventLoop::AllEvents, 5);
    QCOMPARE(rc->state(), RunState::Finished);
    PlotArea* area = rc->plots();
    area->fit();
    QVERIFY(area->follow());
    const double end = area->rangeEnd();
    PlotPanel* p = area->panels().front();
    const QRectF plot = p->chart()->plotArea();
    const QPointF at = p->view()->mapFromScene(QPointF(plot.left() + 0.25 * plot.width(), plot.center().y()));
    const double t = p->chart()->mapToValue(p->view()->mapToScene(at.toPoint())).x();
    QWheelEvent wheel(at, p->view()->viewport()->mapToGlobal(at), QPoint(), QPoint(0, 240), Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase,
                      false);
    QApplication::sendEvent(p->view()->viewport(), &wheel);
    QVERIFY2(area->rangeEnd() < 0.9 * end, qPrintable(QStringLiteral("zoomed to %1 .. %2 of %3").arg(area->rangeStart()).arg(area->rangeEnd()).arg(end)));
    QVERIFY(area->rangeStart() < t && area->rangeEnd() > t); // around the mouse
    QVERIFY(!area->follow());
    // Follow turned on again on a finished run moves nothing
    const double x0 = area->rangeStart(), x1 = area->rangeEnd();
    area->setFollow(true);
    area->refresh(true);
    QCOMPARE(area->rangeStart(), x0);
    QCOMPARE(area->rangeEnd(), x1);
}

// CSV…: the dialog proposes LAB-PLOT.csv beside the lab
void TestPlotsTidy::csvExportIsNamedAfterLabAndPlot()
{
    QFile::copy(drivelab::test::labPath("converter-launch.lab.json"), m_dir.filePath("launch test.lab.json"));
    auto w = std::make_unique<MainWindow>(MainWindowOptions{m_dir.path(), false});
    QVERIFY(w->openLab(m_dir.filePath("launch test.lab.json")));
    w->show();
    QVERIFY(w->runController()->runTo(0.2));
    PlotArea* area = w->runController()->plots();
    QString proposed;
    QTimer poll; // the dialog the toolbar's CSV… opens (Qt's own on the offscreen platform), once it shows
    poll.setInterval(20);
    connect(&poll, &QTimer::timeout, this, [&] {
        for (QWidget* top : QApplication::topLevelWidgets()) {
            auto* d = qobject_cast<QFileDialog*>(top);
            if (!d || !d->isVisible()) continue;
            proposed = QDir(d->directory()).filePath(d->findChild<QLineEdit*>(QStringLiteral("fileNameEdit"))->text());
            d->reject();
        }
    });
    poll.start();
    area->exportCsvDialog();
    QCOMPARE(QFileInfo(proposed).absoluteFilePath(), QFileInfo(m_dir.filePath("launch-test-converter-torques-pump-turbine-stator.csv")).absoluteFilePath());
}

QTEST_MAIN(TestPlotsTidy)
#include "tst_plotstidy.moc"
