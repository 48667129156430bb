// What users reach for in plots (issue 34, item 9): a measurement between two cursors (checked
// against closed forms, on every sample rather than the decimated points), derived channels (a
// muParser expression of observables and signals, defined in the picker, errors naming the
// unknown name or the syntax error's position) and event markers (lab events and the solver's
// clutch events at their located instants).
#include <QChart>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QToolButton>

#include <cmath>
#include <numbers>

#include "compile/compileresult.h"
#include "plots/derivedchannel.h"
#include "plots/measurement.h"
#include "plots/observablepicker.h"
#include "plots/plotarea.h"
#include "plots/plotview.h"
#include "simulation/markerlog.h"
#include "simulation/runcontroller.h"
#include "simulation/samplestore.h"
#include "solver/session.h"
#include "solver/workspace.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

// n + 1 samples every h seconds of f(t) in column 0 (tick = sample, tick_ns = h * 1e9)
template <class F>
std::shared_ptr<SampleStore> sampled(std::size_t n, std::int64_t tickNs, F f)
{
    auto s = std::make_shared<SampleStore>(1, n + 1, tickNs, 1, static_cast<std::int64_t>(n));
    for (std::size_t i = 0; i <= n; ++i) {
        const std::int64_t tick = static_cast<std::int64_t>(i);
        s->beginSample()[0] = f(static_cast<double>(tick * tickNs) / 1e9); // the store's own time expression
        s->commitSample(tick);
    }
    return s;
}

std::size_t indexOf(const std::vector<ObservableRef>& layout, const char* subject, const char* name)
{
    for (std::size_t k = 0; k < layout.size(); ++k) {
        if (layout[k].subject == subject && layout[k].name == name) return k;
    }
    return layout.size();
}

} // namespace

class TestPlotsTools : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { drivelab::test::isolate(); }
    void measurementClosedForms();
    void measurementUsesEverySample();
    void measureCursorsFromTheToolbarAndMouse();
    void derivedChannelCompiles();
    void derivedChannelFromThePicker();
    void eventMarkers();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> runShown(const char* lab, double t) { return drivelab::test::runShown(m_dir, lab, t, 5); }
};

// Samples every h = 1 ms on [0, 1]:
//   v = 3 + 2t        linear: every measure exact to rounding, ∫[ta,tb] = 3(tb-ta) + tb² - ta²
//   v = sin(2πt)      ∫[0, 1/4] = 1/(2π); the trapezoids lie below a concave arc, by at most
//                     (b - a) h² max|v''| / 12 = 0.25 · 1e-6 · 4π² / 12
//   v = floor(10 t)   a step series (held): ∫[0.05, 0.25] = 0·0.05 + 1·0.1 + 2·0.05 = 0.2
void TestPlotsTools::measurementClosedForms()
{
    const double h = 1e-3;
    const auto linear = sampled(1000, 1000000, [](double t) {
        return 3.0 + 2.0 * t;
    });
    const auto value = [&](const SampleStore& s) {
        return [&s](std::size_t i) {
            return s.value(i, 0);
        };
    };
    const double ta = 0.2345, tb = 0.789;
    IntervalMeasure m = measureInterval(*linear, linear->size(), 0, value(*linear), ta, tb, false);
    QVERIFY(m.valid);
    QCOMPARE(m.ta, ta);
    QCOMPARE(m.tb, tb);
    QVERIFY(std::fabs(m.va - (3.0 + 2.0 * ta)) < 1e-14);
    QVERIFY(std::fabs(m.vb - (3.0 + 2.0 * tb)) < 1e-14);
    const double exact = 3.0 * (tb - ta) + tb * tb - ta * ta;
    QVERIFY2(std::fabs(m.integral - exact) < 1e-13, qPrintable(QString::number(m.integral - exact)));
    QVERIFY(std::fabs(m.mean - exact / (tb - ta)) < 1e-13);
    QCOMPARE(m.samples, std::size_t(789 - 235)); // 0.235 .. 0.788 (0.789 itself is tb)
    QVERIFY(std::fabs(m.min - m.va) < 1e-15 && std::fabs(m.max - m.vb) < 1e-15);

    const double pi = std::numbers::pi;
    const auto sine = sampled(1000, 1000000, [pi](double t) {
        return std::sin(2.0 * pi * t);
    });
    m = measureInterval(*sine, sine->size(), 0, value(*sine), 0.0, 0.25, false);
    const double bound = 0.25 * h * h * 4.0 * pi * pi / 12.0;
    QVERIFY2(m.integral <= 1.0 / (2.0 * pi) && m.integral >= 1.0 / (2.0 * pi) - bound,
             qPrintable(QString::number(m.integral - 1.0 / (2.0 * pi))));
    QVERIFY(std::fabs(m.vb - 1.0) < 1e-15);

    const auto steps = sampled(1000, 1000000, [](double t) {
        return std::floor(10.0 * t + 1e-9);
    });
    m = measureInterval(*steps, steps->size(), 0, value(*steps), 0.05, 0.25, true);
    QVERIFY2(std::fabs(m.integral - 0.2) < 1e-14, qPrintable(QString::number(m.integral - 0.2)));
    QCOMPARE(m.va, 0.0);
    QCOMPARE(m.vb, 2.0);
    QCOMPARE(m.max, 2.0);

    // a tick mean (first sample 1): the interval starts at the first tick's end
    m = measureInterval(*linear, linear->size(), 1, value(*linear), 0.0, 0.5, false);
    QCOMPARE(m.ta, linear->time(1));
    // no overlap: invalid
    QVERIFY(!measureInterval(*linear, linear->size(), 0, value(*linear), 2.0, 3.0, false).valid);
}

// v = sin(50 t) + t on [0, 2] in 200 001 samples, drawn in a plot a few hundred pixels wide (a
// few points per column): the plot's measurement is the full-resolution one (the same function
// on the store), and within the trapezoid bound of the closed form
// ∫[0.3, 1.7] = (cos 15 - cos 85)/50 + (1.7² - 0.3²)/2
void TestPlotsTools::measurementUsesEverySample()
{
    const auto store = sampled(200000, 10000, [](double t) {
        return std::sin(50.0 * t) + t;
    });
    const std::vector<ObservableRef> layout{{"x", "torque", "N m", false, false, false, true}};
    PlotPanel p(QStringLiteral("fast"));
    p.resize(400, 250);
    p.setObservableLayout(&layout);
    p.setBranches({{0, QStringLiteral("main"), store, nullptr}});
    QVERIFY(p.addKey({QStringLiteral("x"), QStringLiteral("torque"), {}}));
    p.refresh(0.0, 2.0, true);
    QVERIFY(p.series(0, 0)->count() < 5000); // decimated
    p.setMeasureTimes(1.7, 0.3); // either order
    const IntervalMeasure m = p.measurement(0, 0);
    QVERIFY(m.valid);
    const IntervalMeasure direct = measureInterval(
        *store, store->size(), 0,
        [&](std::size_t i) {
            return store->value(i, 0);
        },
        0.3, 1.7, false);
    QCOMPARE(m.integral, direct.integral);
    QCOMPARE(m.samples, direct.samples);
    QCOMPARE(m.samples, std::size_t(140000 - 1));
    const double exact = (std::cos(15.0) - std::cos(85.0)) / 50.0 + (1.7 * 1.7 - 0.3 * 0.3) / 2.0;
    const double bound = 1.4 * 1e-5 * 1e-5 * 2500.0 / 12.0; // (b - a) h² max|v''| / 12
    QVERIFY2(std::fabs(m.integral - exact) <= bound, qPrintable(QString::number(m.integral - exact)));
    QVERIFY(std::fabs(m.mean - exact / 1.4) <= bound / 1.4 + 1e-15);
    const QStringList lines = p.view()->measurementLines();
    QCOMPARE(lines.size(), 2);
    QVERIFY2(lines[0].contains(QStringLiteral("Δt 1.4 s")), qPrintable(lines[0]));
    QVERIFY2(lines[1].contains(QStringLiteral("∫ %1 N·m·s").arg(QString::number(m.integral, 'g', 5))), qPrintable(lines[1]));
    p.setMeasureTimes(std::nan(""), std::nan(""));
    QVERIFY(!p.measurement(0, 0).valid);
    QVERIFY(p.view()->measurementLines().isEmpty());
}

// the toolbar's Measure puts A and B at a third and two thirds of the shown range in every plot;
// dragging B with the mouse moves it in every plot
void TestPlotsTools::measureCursorsFromTheToolbarAndMouse()
{
    const auto w = runShown("converter-launch.lab.json", 2.0);
    QVERIFY(w);
    PlotArea* area = w->runController()->plots();
    area->setRange(0.0, 3.0);
    QToolButton* measure = nullptr;
    for (QToolButton* b : area->findChildren<QToolButton*>()) measure = b->text() == QLatin1String("Measure") ? b : measure;
    QVERIFY(measure);
    QTest::mouseClick(measure, Qt::LeftButton);
    QVERIFY(area->measuring());
    QCOMPARE(area->measureStart(), 1.0);
    QCOMPARE(area->measureEnd(), 2.0);
    for (PlotPanel* p : area->panels()) QVERIFY(!p->view()->measurementLines().isEmpty());
    if (qEnvironmentVariableIsSet("DRIVELAB_PLOTS_PNG")) // the plots as drawn, to look at
        QVERIFY(area->exportPng(QDir(qEnvironmentVariable("DRIVELAB_PLOTS_PNG")).filePath(QStringLiteral("measure.png"))));
    // drag B from 2 s to where 1.5 s is drawn
    PlotPanel* p = area->panels().front();
    QVERIFY(p->measurement(0, 0).valid);
    const auto viewPos = [&](double t) {
        return p->view()->mapFromScene(p->chart()->mapToPosition(QPointF(t, 0.0)));
    };
    const int y = p->view()->mapFromScene(p->chart()->plotArea().center()).y();
    const QPoint from(viewPos(2.0).x(), y), to(viewPos(1.5).x(), y);
    QTest::mousePress(p->view()->viewport(), Qt::LeftButton, Qt::NoModifier, from);
    QMouseEvent move(QEvent::MouseMove, QPointF(to), p->view()->viewport()->mapToGlobal(QPointF(to)), Qt::NoButton, Qt::LeftButton,
                     Qt::NoModifier);
    QApplication::sendEvent(p->view()->viewport(), &move);
    QTest::mouseRelease(p->view()->viewport(), Qt::LeftButton, Qt::NoModifier, to);
    QVERIFY2(std::fabs(area->measureEnd() - 1.5) < 0.02, qPrintable(QString::number(area->measureEnd())));
    QCOMPARE(area->rangeStart(), 0.0); // a drag on a cursor is no pan
    QCOMPARE(area->rangeEnd(), 3.0);
    QCOMPARE(area->panels().back()->measurement(0, 0).tb, area->measureEnd());
    QTest::mouseClick(measure, Qt::LeftButton);
    QVERIFY(!area->measuring());
    QVERIFY(p->view()->measurementLines().isEmpty());
}

void TestPlotsTools::derivedChannelCompiles()
{
    const std::vector<ObservableRef> layout{{"wheels", "speed", "rad/s", false, true, false},
                                            {"tc", "torque", "N m", false, false, false, true},
                                            {"drive-ref", "value", "", false, false, true}};
    auto s = std::make_shared<SampleStore>(3, 2, 1000000, 1, 1);
    for (int i = 0; i < 2; ++i) {
        double* row = s->beginSample();
        row[0] = 10.0 + i;
        row[1] = 100.0;
        row[2] = 12.5;
        s->commitSample(i);
    }
    QString error;
    auto c = DerivedChannel::compile({QStringLiteral("kmh"), QStringLiteral("wheels.speed*0.3*3.6"), QStringLiteral("km/h")}, layout, &error);
    QVERIFY2(c, qPrintable(error));
    // muParser folds the constants (0.3·3.6): within two roundings of v·0.3·3.6
    QVERIFY(std::fabs(c->value(*s, 1) - 11.0 * 0.3 * 3.6) <= 1e-15 * 11.0 * 1.08);
    QVERIFY(!c->tickMean());
    // a signal by its id ('-' written '_'), a tick mean read: the channel is one too
    c = DerivedChannel::compile({QStringLiteral("err"), QStringLiteral("drive_ref - wheels.speed + 0*tc.torque"), QString()}, layout, &error);
    QVERIFY2(c, qPrintable(error));
    QCOMPARE(c->value(*s, 0), 2.5);
    QVERIFY(c->tickMean());
    // an unknown name: named, with its position
    QVERIFY(!DerivedChannel::compile({QStringLiteral("bad"), QStringLiteral("2*wheels.sped"), QString()}, layout, &error));
    QVERIFY2(error.contains(QStringLiteral("\"wheels.sped\"")) && error.contains(QStringLiteral("position 3")), qPrintable(error));
    // a syntax error: its position
    QVERIFY(!DerivedChannel::compile({QStringLiteral("bad"), QStringLiteral("wheels.speed*(2+"), QString()}, layout, &error));
    QVERIFY2(error.startsWith(QStringLiteral("Syntax error at position")), qPrintable(error));
    QVERIFY(!DerivedChannel::compile({QStringLiteral("bad"), QStringLiteral("  "), QString()}, layout, &error));
    QVERIFY(DerivedChannel::validName(QStringLiteral("wheel_kmh")));
    QVERIFY(!DerivedChannel::validName(QStringLiteral("2x")));
    QVERIFY(!DerivedChannel::validName(QStringLiteral("a.b")));
}

// In the picker: name, expression, unit, Add Channel. The channel is plotted in the current plot,
// each point the expression of the samples (km/h of the wheel speed at 0.3 m); a refused one
// shows why under the fields and adds nothing.
void TestPlotsTools::derivedChannelFromThePicker()
{
    const auto w = runShown("converter-launch.lab.json", 1.0);
    QVERIFY(w);
    PlotArea* area = w->runController()->plots();
    PlotPanel* speeds = area->panels().back();
    QTest::mouseClick(speeds->view()->viewport(), Qt::LeftButton, Qt::NoModifier, QPoint(5, 5)); // the current plot
    area->showPicker();
    auto* picker = area->findChild<ObservablePicker*>();
    QVERIFY(picker);
    auto* name = picker->findChild<QLineEdit*>(QStringLiteral("derivedName"));
    auto* expression = picker->findChild<QLineEdit*>(QStringLiteral("derivedExpression"));
    auto* unit = picker->findChild<QLineEdit*>(QStringLiteral("derivedUnit"));
    auto* add = picker->findChild<QPushButton*>(QStringLiteral("derivedAdd"));
    QVERIFY(name && expression && unit && add);
    // refused: an unknown name
    QTest::keyClicks(name, QStringLiteral("wheel_kmh"));
    QTest::keyClicks(expression, QStringLiteral("wheel.speed*0.3*3.6"));
    QTest::keyClicks(unit, QStringLiteral("km/h"));
    const int keys = speeds->keys().size();
    QTest::mouseClick(add, Qt::LeftButton);
    QVERIFY2(picker->derivedError().contains(QStringLiteral("\"wheel.speed\"")), qPrintable(picker->derivedError()));
    QCOMPARE(speeds->keys().size(), keys);
    QVERIFY(area->derivedChannels().empty());
    // corrected
    expression->clear();
    QTest::keyClicks(expression, QStringLiteral("wheels.speed*0.3*3.6"));
    QTest::mouseClick(add, Qt::LeftButton);
    QVERIFY2(picker->derivedError().isEmpty(), qPrintable(picker->derivedError()));
    QCOMPARE(speeds->keys().size(), keys + 1);
    QCOMPARE(speeds->keys().back().text(), QStringLiteral("wheel_kmh"));
    QLineSeries* series = speeds->series(keys, 0);
    QVERIFY(series);
    QCOMPARE(series->name(), QStringLiteral("wheel_kmh"));
    const SampleStore& s = *w->runController()->branches().front().store;
    const std::size_t k = indexOf(area->observableLayout(), "wheels", "speed");
    const QList<QPointF> pts = series->points();
    QVERIFY(pts.size() > 10);
    for (const QPointF& pt : pts) {
        const std::size_t i = s.lowerBound(pt.x(), s.size());
        QCOMPARE(s.time(i), pt.x());
        const double v = s.value(i, k) * 0.3 * 3.6; // muParser folds 0.3·3.6: two roundings apart at most
        QVERIFY2(std::fabs(pt.y() - v) <= 1e-15 * std::fabs(v), qPrintable(QStringLiteral("%1 vs %2").arg(pt.y()).arg(v)));
    }
    // the unit is the channel's own (a second axis beside the rpm of the node speeds)
    QStringList titles;
    for (QAbstractAxis* a : speeds->chart()->axes(Qt::Vertical)) titles << a->titleText();
    QVERIFY2(titles.contains(QStringLiteral("[km/h]")), qPrintable(titles.join(QLatin1Char('|'))));
    // the name is taken now
    QTest::mouseClick(add, Qt::LeftButton);
    QVERIFY(picker->derivedError().contains(QStringLiteral("already")));
    // a rerun of the same lab keeps the channel
    QVERIFY(w->runController()->runTo(1.5));
    QCOMPARE(area->derivedChannels().size(), std::size_t(1));
    QVERIFY(area->panels().back()->series(keys, 0));
    picker->close();
}

// Clutch events as markers, at the instants the solver located (the same as an independent
// headless run's ClutchEventLog), labelled with the clutch; lab events with their input and
// value; the Events button hides them all.
void TestPlotsTools::eventMarkers()
{
    const auto w = runShown("clutch-engagement.lab.json", 2.5);
    QVERIFY(w);
    PlotArea* area = w->runController()->plots();
    const QVector<TimeMarker> markers = area->markers();
    // the headless reference
    const auto compiled = w->document()->compiled();
    QVERIFY(compiled && compiled->model);
    Session ref(compiled->model);
    QCOMPARE(ref.run(compiled->model->ticks).status, BatchStatus::Completed);
    const ClutchEventLog& log = ref.clutchEvents();
    QVERIFY(log.count > 0 && log.count <= ClutchEventLog::kSize);
    QVector<TimeMarker> clutch;
    for (const TimeMarker& m : markers) {
        if (m.kind != TimeMarker::LabEvent) clutch << m;
    }
    QCOMPARE(clutch.size(), static_cast<int>(log.count));
    for (std::int64_t i = 0; i < log.count; ++i) {
        const ClutchEvent& e = log.at(i);
        const TimeMarker& m = clutch[static_cast<int>(i)];
        QCOMPARE(m.time, e.timeNs / 1e9);
        QCOMPARE(static_cast<int>(m.kind), static_cast<int>(e.kind) + 1);
        QVERIFY2(m.label.contains(QStringLiteral("clutch")), qPrintable(m.label));
    }
    bool locks = false;
    for (const TimeMarker& m : clutch) locks = locks || m.label.contains(QStringLiteral("clutch locks"));
    QVERIFY(locks);
    // the lab's six events, each with its input and value
    int lab = 0;
    for (const TimeMarker& m : markers) lab += m.kind == TimeMarker::LabEvent;
    QCOMPARE(lab, 6);
    QVERIFY2(markers.front().label.contains(QStringLiteral("event clutch.capacity = 20 N·m")), qPrintable(markers.front().label));
    QCOMPARE(markers.front().time, 0.2);
    // every plot draws them; hovering one gives its label
    PlotPanel* p = area->panels().front();
    QCOMPARE(p->view()->markers().size(), markers.size());
    area->fit();
    const QPointF at = p->view()->mapFromScene(QPointF(p->chart()->mapToPosition(QPointF(clutch.front().time, 0.0)).x(),
                                                       p->chart()->plotArea().center().y()));
    QVERIFY2(p->view()->markerTextAt(at).contains(clutch.front().label), qPrintable(p->view()->markerTextAt(at)));
    if (qEnvironmentVariableIsSet("DRIVELAB_PLOTS_PNG")) // the plots as drawn, to look at
        QVERIFY(area->exportPng(QDir(qEnvironmentVariable("DRIVELAB_PLOTS_PNG")).filePath(QStringLiteral("markers.png"))));
    // Events off: none drawn
    QToolButton* events = nullptr;
    for (QToolButton* b : area->findChildren<QToolButton*>()) events = b->text() == QLatin1String("Events") ? b : events;
    QVERIFY(events && events->isChecked());
    QTest::mouseClick(events, Qt::LeftButton);
    QVERIFY(!area->markersShown());
    for (PlotPanel* q : area->panels()) QVERIFY(q->view()->markers().isEmpty());
}

QTEST_MAIN(TestPlotsTools)
#include "tst_plotstools.moc"
