// The buttons, panels and words of issue 15: Fork has its own icon and label and Play
// reads "Resume (F5)" while paused; the toolbar says stale, not "(finished)", once the
// lab changed; another lab clears the plots, gives the canvas its room back and opens at a
// readable zoom; a clutch that can never carry torque is a warning with its capacity
// first in the form; the map chart keeps a negative C in view with no unlabelled legend
// marker; rich text in the canvas tooltip; legends not cut off; "1 error"; the F1 list
// names Save As; a failed open leaves Problems when another lab opens.
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>
#include <QValueAxis>
#include <QtTest>

#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "commands/setvaluecommand.h"
#include "convertermap/convertermapeditor.h"
#include "convertermap/mapchart.h"
#include "document/labdocument.h"
#include "panels/problemspanel.h"
#include "plots/plotarea.h"
#include "actionset.h"
#include "properties/fieldeditors.h"
#include "properties/itemform.h"
#include "properties/propertypanel.h"
#include "simulation/canvasprobe.h"
#include "runtestutil.h"
#include "uitestutil.h"

using namespace drivelab;

class TestPolish : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::isolate(); }
    void cleanup();
    void forkIsNotAnotherPlayButton();
    void theToolbarSaysStale();
    void anotherLabClearsThePlotsAndIsReadable();
    void aClutchThatCanNeverCarryTorqueIsAWarning();
    void theMapChartKeepsANegativeCapacityInView();
    void theCanvasTooltipIsRichText();
    void legendsNameTheSubjects();
    void countsAndHelpReadRight();
    void aFailedOpenLeavesProblemsWhenAnotherLabOpens();

private:
    std::unique_ptr<MainWindow> window(const char* lab);
    QString progressText() const { return m_w->findChild<QLabel*>(QStringLiteral("runProgress"))->text(); }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_w;
    test::ScriptedPrompter m_prompter;
};

std::unique_ptr<MainWindow> TestPolish::window(const char* lab)
{
    auto w = test::shownMainWindow(m_dir, &m_prompter);
    QApplication::setActiveWindow(w.get());
    if (!w->openLab(test::labPath(QString::fromLatin1(lab)))) qWarning("cannot open %s", lab);
    return w;
}

void TestPolish::cleanup()
{
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    m_w.reset();
}

void TestPolish::forkIsNotAnotherPlayButton()
{
    m_w = window("two-speed-shift.lab.json");
    RunController* rc = m_w->runController();
    QAction* fork = rc->forkAction();
    QAction* run = rc->runAction();
    QCOMPARE(run->toolTip(), QStringLiteral("Run (F5)"));
    rc->step();
    QVERIFY(test::waitIdle(rc));
    QCOMPARE(rc->state(), RunState::Paused);
    QCOMPARE(run->toolTip(), QStringLiteral("Resume (F5)"));
    QCOMPARE(run->text(), QStringLiteral("&Resume"));
    QVERIFY(fork->isEnabled());
    // not the style's green arrow: an icon of its own, and a label beside it on the toolbar
    const QImage arrow = QApplication::style()->standardIcon(QStyle::SP_ArrowRight).pixmap(20).toImage();
    const QImage play = run->icon().pixmap(20).toImage();
    const QImage mine = fork->icon().pixmap(20).toImage();
    QVERIFY(!mine.isNull());
    QVERIFY(mine != arrow);
    QVERIFY(mine != play);
    QCOMPARE(fork->iconText(), QStringLiteral("Fork"));
    auto* bar = m_w->findChild<QToolBar*>(QStringLiteral("simulationToolbar"));
    QVERIFY(bar);
    auto* button = qobject_cast<QToolButton*>(bar->widgetForAction(fork));
    QVERIFY(button);
    QCOMPARE(button->toolButtonStyle(), Qt::ToolButtonTextBesideIcon);
    rc->stop();
    QTRY_COMPARE(rc->state(), RunState::Stopped);
    QCOMPARE(run->toolTip(), QStringLiteral("Run (F5)"));
}

void TestPolish::theToolbarSaysStale()
{
    m_w = window("mechanical-converter.lab.json");
    RunController* rc = m_w->runController();
    rc->run();
    QVERIFY(test::waitIdle(rc));
    QCOMPARE(rc->state(), RunState::Finished);
    QVERIFY(progressText().contains(QStringLiteral("(finished)")));
    LabDocument* doc = m_w->document();
    ComponentSpec& comp = doc->edit().components.back();
    comp.parameters["damping"] = comp.parameters["damping"].get<double>() * 2.0;
    doc->notifyChanged(ChangeKind::Values, {QString::fromStdString(comp.id)});
    QTRY_VERIFY(rc->isStale());
    QVERIFY2(progressText().contains(QStringLiteral("(stale)")), qPrintable(progressText()));
    QVERIFY(!progressText().contains(QStringLiteral("finished")));
}

void TestPolish::anotherLabClearsThePlotsAndIsReadable()
{
    m_w = window("converter-launch.lab.json");
    RunController* rc = m_w->runController();
    QVERIFY(rc->runTo(0.5));
    QCoreApplication::processEvents();
    QVERIFY(!rc->plots()->panels().isEmpty());
    // the plots share the window: at most two fifths (and a bit of rounding) of its height
    QDockWidget* dock = rc->plotDock();
    QTRY_VERIFY(dock->height() > 0);
    QVERIFY2(dock->height() <= m_w->height() * 9 / 20, qPrintable(QString::number(dock->height())));
    // another lab: no plots of the old one, the canvas gets its room back, labels readable
    QVERIFY(m_w->openLab(test::labPath("fired-converter.lab.json")));
    QCoreApplication::processEvents();
    QVERIFY(rc->plots()->panels().isEmpty());
    QVERIFY(rc->branches().isEmpty());
    QVERIFY(rc->plots()->message().contains(QStringLiteral("F5")));
    QTRY_VERIFY(dock->height() <= m_w->height() / 4 + 8);
    QVERIFY2(m_w->view()->zoom() >= LabView::kReadableZoom - 1e-9, qPrintable(QString::number(m_w->view()->zoom())));
    // Fit to View keeps the readable zoom too (issue 34; tst_routing tests it in full)
    m_w->actions()->zoomFit->trigger();
    QVERIFY(m_w->view()->zoom() >= LabView::kReadableZoom - 1e-9);
    // running the new lab brings its own default plots
    QVERIFY(rc->runTo(0.05));
    QVERIFY(!rc->plots()->panels().isEmpty());
}

void TestPolish::aClutchThatCanNeverCarryTorqueIsAWarning()
{
    m_w = window("converter-launch.lab.json");
    LabDocument* doc = m_w->document();
    QVERIFY(doc->diagnostics().empty());
    // without its 3 s event the lockup clutch never gets a capacity
    doc->edit().events.pop_back();
    doc->notifyChanged(ChangeKind::Values, {QStringLiteral("lockup")});
    QVERIFY(doc->isValid()); // a warning, not an error
    const auto d = doc->diagnosticsFor("lockup");
    QCOMPARE(int(d.size()), 1);
    QCOMPARE(d.front().severity, Severity::Warning);
    QCOMPARE(d.front().field, std::string("inputs.capacity"));
    QTRY_COMPARE(m_w->problems()->count(), 1); // listed with the edit's compile, after its event
    QVERIFY(m_w->problems()->lines().front().contains(QStringLiteral("warning: ")));
    QVERIFY2(m_w->problems()->summary().contains(QStringLiteral("1 warning")), qPrintable(m_w->problems()->summary()));
    QVERIFY(!m_w->problems()->summary().contains(QStringLiteral("warnings")));
    // the form puts the capacity first, marked as a warning (amber), not as an error
    m_w->scene()->selectIds({QStringLiteral("lockup")});
    ItemForm* f = m_w->properties()->form();
    QVERIFY(f);
    QStringList titles;
    for (QGroupBox* b : f->findChildren<QGroupBox*>()) titles << b->title();
    int first = -1;
    for (int i = 0; i < titles.size() && first < 0; ++i) first = titles[i].startsWith(QStringLiteral("Set first")) ? i : -1;
    QVERIFY2(first >= 0 && first < titles.indexOf(QStringLiteral("Connections")), qPrintable(titles.join(", ")));
    QVERIFY2(first < titles.indexOf(QStringLiteral("Parameters")), qPrintable(titles.join(", ")));
    QWidget* capacity = f->editor(QStringLiteral("input:capacity"))->widget();
    QVERIFY(capacity->property("warned").toBool());
    QVERIFY(!capacity->property("problem").toBool());
    QVERIFY(capacity->toolTip().contains(QStringLiteral("never carry torque")));
    // a capacity: no warning
    doc->push(new SetValueCommand(doc, {ValueTarget::Kind::Input, "lockup", "capacity"}, Json(400.0)));
    QVERIFY(doc->diagnostics().empty());
}

void TestPolish::theMapChartKeepsANegativeCapacityInView()
{
    m_w = window("converter-launch.lab.json");
    LabDocument* doc = m_w->document();
    Json map = doc->lab().findComponent("tc")->parameters["pump_positive"];
    map[1]["capacity_coefficient"] = -0.002;
    doc->push(new SetValueCommand(doc, {ValueTarget::Kind::Parameter, "tc", "pump_positive"}, map));
    ConverterMapEditor* editor = m_w->openMapEditor("tc", "pump_positive");
    QVERIFY(editor);
    MapChart* chart = editor->chart();
    QVERIFY(chart->capacityAxis()->min() <= -0.002);
    QCOMPARE(chart->capacityProblemSeries()->count(), 1); // drawn red
    QCOMPARE(chart->capacityProblemSeries()->at(0).y(), -0.002);
    // every legend entry shown has a label (no stray red marker), the offending one included
    bool offending = false;
    for (QLegendMarker* m : chart->chart()->legend()->markers()) {
        if (!m->isVisible()) continue;
        QVERIFY2(!m->label().isEmpty(), "an unlabelled legend marker");
        offending = offending || m->series() == chart->problemSeries();
    }
    QVERIFY(offending);
    // a speed ratio beyond 1 grows the axis too
    map[1]["capacity_coefficient"] = 0.007;
    map[map.size() - 1]["speed_ratio"] = 1.3;
    doc->push(new SetValueCommand(doc, {ValueTarget::Kind::Parameter, "tc", "pump_positive"}, map));
    QVERIFY(chart->speedRatioAxis()->max() >= 1.3);
    // and a valid map is back on the plain axes
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    QCOMPARE(chart->speedRatioAxis()->max(), 1.0);
    QCOMPARE(chart->capacityAxis()->min(), 0.0);
    for (QLegendMarker* m : chart->chart()->legend()->markers()) QVERIFY(!m->isVisible() || !m->label().isEmpty());
}

void TestPolish::theCanvasTooltipIsRichText()
{
    m_w = window("converter-launch.lab.json");
    RunController* rc = m_w->runController();
    QVERIFY(rc->runTo(0.3));
    for (const char* id : {"engine", "tc"}) {
        QGraphicsItem* item = m_w->scene()->itemFor(QString::fromLatin1(id));
        QVERIFY(item);
        const QPoint at = m_w->view()->mapFromScene(item->sceneBoundingRect().center());
        const QString tip = rc->probe()->tooltipAt(at);
        QVERIFY(tip.contains(QStringLiteral("<b>%1</b>").arg(QString::fromLatin1(id))));
        QVERIFY2(!tip.contains(QStringLiteral("&lt;")), qPrintable(tip)); // no literal <b>engine</b>
    }
}

void TestPolish::legendsNameTheSubjects()
{
    m_w = window("two-speed-shift.lab.json");
    RunController* rc = m_w->runController();
    QVERIFY(rc->runTo(0.05));
    bool sawTorques = false;
    for (PlotPanel* p : rc->plots()->panels()) {
        if (p->keys().size() < 2 || p->keys().front().name != QStringLiteral("torque")) continue;
        sawTorques = true;
        for (QAbstractSeries* s : p->chart()->series()) QVERIFY2(!s->name().contains(QLatin1Char('.')), qPrintable(s->name()));
    }
    QVERIFY(sawTorques);
}

void TestPolish::countsAndHelpReadRight()
{
    QCOMPARE(ProblemsPanel::countText(1, 0), QStringLiteral("1 error"));
    QCOMPARE(ProblemsPanel::countText(2, 1), QStringLiteral("2 errors, 1 warning"));
    QCOMPARE(ProblemsPanel::countText(0, 3), QStringLiteral("3 warnings"));
    m_w = window("converter-launch.lab.json");
    LabDocument* doc = m_w->document();
    doc->push(new SetValueCommand(doc, {ValueTarget::Kind::NodeField, "engine", "inertia"}, Json(-1.0)));
    QTRY_COMPARE(m_w->problems()->summary(), QStringLiteral("1 error")); // counted after the edit's event
    bool status = false;
    for (QLabel* l : m_w->statusBar()->findChildren<QLabel*>()) status = status || l->text() == QStringLiteral("1 error");
    QVERIFY(status);
    // F1: Save As with its key, and every redo key
    const QString help = m_w->shortcutsText();
    QVERIFY(help.contains(QStringLiteral("Save As")));
    const QString saveAs = m_w->actions()->saveAs->shortcut().toString(QKeySequence::NativeText);
    QVERIFY(!saveAs.isEmpty());
    QVERIFY(help.contains(saveAs));
    QVERIFY(help.contains(QKeySequence(Qt::CTRL | Qt::Key_Y).toString(QKeySequence::NativeText)));
}

void TestPolish::aFailedOpenLeavesProblemsWhenAnotherLabOpens()
{
    m_w = window("converter-launch.lab.json");
    const QString broken = m_dir.filePath("broken.lab.json");
    QVERIFY(test::writeAll(broken, "{ not json"));
    QVERIFY(!m_w->openLab(broken));
    QVERIFY(m_w->problems()->lines().join('\n').contains(QStringLiteral("broken.lab.json")));
    QVERIFY(m_w->problems()->summary().contains(QStringLiteral("Could not open")));
    QVERIFY(m_w->openLab(test::labPath("two-speed-shift.lab.json")));
    QVERIFY(!m_w->problems()->lines().join('\n').contains(QStringLiteral("broken.lab.json")));
    QVERIFY(!m_w->problems()->summary().contains(QStringLiteral("Could not open")));
    // a new lab after a failed open clears it as well
    QVERIFY(!m_w->openLab(broken));
    QVERIFY(m_w->files()->newLab());
    QVERIFY(!m_w->problems()->summary().contains(QStringLiteral("Could not open")));
}

QTEST_MAIN(TestPolish)
#include "tst_polish.moc"
