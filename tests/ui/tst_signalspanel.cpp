// Issue 17, the editor half: the Signals panel creates every kind of signal, edits a field
// (a half-typed number is refused and never stored), pastes a table from spreadsheet text,
// imports a CSV file (a `csv` signal relative to a saved lab, a `table` in an untitled one),
// renames (bindings follow) and deletes (refused while an input is bound, or unbinding it in
// the same undo step); the property form binds an input to a signal with scale and offset
// and unbinds it back to a number; a bad point shows in the Problems panel under the signal
// id and activating it shows the point; the observable picker lists signals as their own
// group and a run plots them. After every step the lab's content is checked, and undoing
// everything then redoing everything gives back each saved state byte for byte.
#include <QApplication>
#include <QComboBox>
#include <QDialog>
#include <QLineEdit>
#include <QLineSeries>
#include <QListWidget>
#include <QTableView>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include "canvas/labeltext.h"
#include "document/displayunits.h"
#include "document/labdocument.h"
#include "panels/problemspanel.h"
#include "panels/signalform.h"
#include "panels/signalplot.h"
#include "panels/signalspanel.h"
#include "plots/plotarea.h"
#include "plots/plotpanel.h"
#include "properties/inputeditor.h"
#include "properties/itemform.h"
#include "properties/numberedit.h"
#include "properties/propertypanel.h"
#include "properties/tableeditor.h"
#include "canvas/labscene.h"
#include "commands/setvaluecommand.h"
#include "canvas/labview.h"
#include "simulation/runcontroller.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

// a shaft driven by a torque source whose torque follows a sine; a ramp nobody uses yet
const char* kLab = R"({
  "format": "drivelab.lab", "version": 1, "name": "signal-driven shaft",
  "run": {"tick_ns": 1000000, "duration_ns": 2000000000, "report_every_ticks": 10},
  "nodes": [{"id": "shaft", "domain": "rotational", "inertia": 0.5, "initial_speed": 0}],
  "components": [
    {"id": "src", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": {"signal": "drive", "scale": 1.0, "offset": 0.0}}},
    {"id": "drag", "type": "damper", "node_a": "shaft", "parameters": {"damping": 0.5}}
  ],
  "signals": [
    {"id": "drive", "kind": "sine", "amplitude": 10, "frequency": 1.5, "phase": 0, "offset": 2, "start": 0.2, "unit": "N m"},
    {"id": "apply", "kind": "ramp", "start": 0.5, "duration": 1.0, "from": 0, "to": 300, "unit": "N m"}
  ]
})";

} // namespace

class TestSignals : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        test::isolate();
        QLocale::setDefault(QLocale::c());
    }
    void init();
    void cleanup();
    void everyKindIsCreatedValid();
    void fieldEditsAreUndoable();
    void halfTypedNumbersAreRefused();
    void tablesPasteFromSpreadsheetText();
    void csvImportIntoASavedLab();
    void csvImportIntoAnUntitledLab();
    void renameCarriesTheBindings();
    void inputsBindFromThePropertyForm();
    void deleteRefusesWhileBoundOrUnbinds();
    void aBadPointShowsInTheProblemsPanel();
    void thePickerAndThePlotsShowSignals();
    void inputsBindToAController();

private:
    LabDocument* doc() const { return m_w->document(); }
    SignalsPanel* panel() const { return m_w->signalsPanel(); }
    SignalForm* form() const { return panel()->form(); }
    std::string saved() const { return writeLab(doc()->lab()); }
    void type(QWidget* w, const QString& text) { test::retype(w, text); }
    /// record the lab after a step (for the undo/redo walk)
    void step() { m_states.push_back(saved()); }
    void walkUndoRedo() { test::walkUndoRedo(doc(), m_states); }

    QTemporaryDir m_dir;
    MainWindow* m_w = nullptr;
    test::ScriptedPrompter m_prompter;
    QString m_labPath;
    std::vector<std::string> m_states;
};

void TestSignals::init()
{
    m_labPath = m_dir.filePath(QStringLiteral("shaft.lab.json"));
    QVERIFY(test::writeAll(m_labPath, kLab));
    m_w = test::shownMainWindow(m_dir, &m_prompter).release();
    QVERIFY(QTest::qWaitForWindowExposed(m_w));
    QApplication::setActiveWindow(m_w);
    QVERIFY(m_w->openLab(m_labPath));
    QVERIFY2(doc()->isValid(), doc()->diagnostics().empty() ? "" : doc()->diagnostics().front().message.c_str());
    m_w->raiseDock(QStringLiteral("signals"));
    m_states.clear();
    step();
}

void TestSignals::cleanup()
{
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    delete m_w;
    m_w = nullptr;
}

void TestSignals::everyKindIsCreatedValid()
{
    QCOMPARE(panel()->ids(), QStringList({"drive", "apply"}));
    QStringList made;
    for (const char* kind : {"table", "sine", "ramp", "step"}) {
        const QString id = panel()->addSignal(QString::fromLatin1(kind));
        QVERIFY(!id.isEmpty());
        made << id;
        const SignalSpec* s = doc()->lab().findSignal(id.toStdString());
        QVERIFY(s);
        QCOMPARE(s->kind, std::string(kind));
        QCOMPARE(panel()->currentId(), id); // the new one is selected
        QCOMPARE(form()->signalId(), id);
        QCOMPARE(form()->kindCombo()->currentData().toString(), QString::fromLatin1(kind));
        QVERIFY2(doc()->diagnosticsFor(id.toStdString()).empty(), kind);
        QVERIFY(form()->plot()->series()->count() > 2);
        step();
    }
    QCOMPARE(made, QStringList({"signal1", "signal2", "signal3", "signal4"}));
    const SignalSpec* table = doc()->lab().findSignal("signal1");
    QCOMPARE(table->fields["points"], Json::parse("[[0.0, 0.0], [1.0, 1.0]]"));
    QCOMPARE(doc()->lab().findSignal("signal2")->fields["frequency"].get<double>(), 1.0);
    QVERIFY(form()->numberEdit("after")); // the step's fields
    QVERIFY(!form()->numberEdit("amplitude"));
    // the kind can change: its fields start afresh, the unit stays
    panel()->showSignal("drive");
    QComboBox* kind = form()->kindCombo();
    const int ramp = kind->findData(QStringLiteral("ramp"));
    kind->setCurrentIndex(ramp);
    emit kind->activated(ramp);
    QCOMPARE(doc()->lab().findSignal("drive")->kind, std::string("ramp"));
    QCOMPARE(doc()->lab().findSignal("drive")->fields["unit"], Json("N m"));
    QVERIFY(form()->numberEdit("duration"));
    step();
    walkUndoRedo();
}

void TestSignals::fieldEditsAreUndoable()
{
    panel()->showSignal("drive");
    NumberEdit* amp = form()->numberEdit("amplitude");
    QVERIFY(amp);
    QCOMPARE(amp->text(), QString("10"));
    type(amp, "12.5");
    QTest::keyClick(amp, Qt::Key_Return);
    QCOMPARE(doc()->lab().findSignal("drive")->fields["amplitude"].get<double>(), 12.5);
    step();
    // an optional field cleared is removed from the file
    NumberEdit* phase = form()->numberEdit("phase");
    type(phase, "");
    QTest::keyClick(phase, Qt::Key_Return);
    QVERIFY(!doc()->lab().findSignal("drive")->fields.contains("phase"));
    step();
    // the unit is text
    type(form()->unitEdit(), "kN m");
    QTest::keyClick(form()->unitEdit(), Qt::Key_Return);
    QCOMPARE(doc()->lab().findSignal("drive")->fields["unit"], Json("kN m"));
    step();
    // a field the core refuses is stored (it is a number) and marked with the core's message
    NumberEdit* freq = form()->numberEdit("frequency");
    type(freq, "0");
    QTest::keyClick(freq, Qt::Key_Return);
    QCOMPARE(doc()->lab().findSignal("drive")->fields["frequency"].get<double>(), 0.0);
    QTRY_VERIFY(freq->property("problem").toBool()); // marked with the edit's compile, after its event
    QVERIFY(form()->problemsText().contains(QStringLiteral("frequency")));
    step();
    walkUndoRedo();
    // undo brings the field's text back too
    doc()->undoStack()->undo();
    doc()->undoStack()->undo();
    doc()->undoStack()->undo();
    QCOMPARE(form()->numberEdit("phase")->text(), QString("0"));
}

void TestSignals::halfTypedNumbersAreRefused()
{
    panel()->showSignal("apply");
    NumberEdit* to = form()->numberEdit("to");
    QVERIFY(to);
    const std::string before = saved();
    const int steps = doc()->undoStack()->count();
    QSignalSpy hints(panel(), &SignalsPanel::hint);
    for (const char* partial : {"1e", "-", ".", "2e-", "abc", "1,5"}) {
        type(to, QString::fromLatin1(partial));
        QTest::keyClick(to, Qt::Key_Return);
        QVERIFY2(to->property("unfinished").toBool(), partial); // shown, not stored
        QCOMPARE(to->text(), QString::fromLatin1(partial));     // every key kept as typed
        m_w->view()->setFocus();                                // leaving the field does not store it either
        QCOMPARE(saved(), before);
    }
    QVERIFY(hints.count() > 0); // the refusal was said
    QCOMPARE(doc()->undoStack()->count(), steps);
    // a complete number: one command
    type(to, "3");
    QTest::keyClick(to, Qt::Key_Return);
    QCOMPARE(doc()->lab().findSignal("apply")->fields["to"].get<double>(), 3.0);
    QCOMPARE(doc()->undoStack()->count(), steps + 1);
}

void TestSignals::tablesPasteFromSpreadsheetText()
{
    const QString id = panel()->addSignal(QStringLiteral("table"));
    step();
    TableEditor* table = form()->tableEditor();
    QVERIFY(table);
    QCOMPARE(table->model()->rowCount(), 2);
    // a spreadsheet block with a header replaces the whole table when all of it is selected
    table->view()->selectAll();
    QVERIFY(table->pasteText(QStringLiteral("time\tvalue\n0\t5\n0.25\t7.5\n1\t-2\n1.5\t0\n"), 0, 0));
    QCOMPARE(doc()->lab().findSignal(id.toStdString())->fields["points"], Json::parse("[[0.0,5.0],[0.25,7.5],[1.0,-2.0],[1.5,0.0]]"));
    QCOMPARE(table->model()->rowCount(), 4);
    QVERIFY(doc()->diagnosticsFor(id.toStdString()).empty());
    step();
    // one cell typed
    QVERIFY(table->model()->setData(table->model()->index(1, 1), QStringLiteral("8"), Qt::EditRole));
    QCOMPARE(doc()->lab().findSignal(id.toStdString())->fields["points"][1][1].get<double>(), 8.0);
    step();
    // garbage in a cell never reaches the table
    QVERIFY(!table->model()->setData(table->model()->index(1, 1), QStringLiteral("8e"), Qt::EditRole));
    QCOMPARE(saved(), m_states.back());
    // hold interpolation
    QComboBox* interp = form()->interpolationCombo();
    interp->setCurrentIndex(1);
    emit interp->activated(1);
    QCOMPARE(doc()->lab().findSignal(id.toStdString())->fields["interpolation"], Json("hold"));
    step();
    // the plot follows the table: the held value 8 from 0.25 s to 1 s
    bool sawHold = false;
    for (const QPointF& p : form()->plot()->series()->points()) sawHold = sawHold || (p.x() > 0.5 && p.x() < 0.9 && p.y() == 8.0);
    QVERIFY(sawHold);
    walkUndoRedo();
}

void TestSignals::csvImportIntoASavedLab()
{
    QDir(m_dir.path()).mkpath(QStringLiteral("traces"));
    const QString csv = m_dir.filePath(QStringLiteral("traces/launch trace.csv"));
    QVERIFY(test::writeAll(csv, "time,torque\n0,0\n0.5,120\n1.0,300\n"));
    const QString id = panel()->importCsv(csv);
    QCOMPARE(id, QStringLiteral("launch_trace"));
    const SignalSpec* s = doc()->lab().findSignal("launch_trace");
    QVERIFY(s);
    QCOMPARE(s->kind, std::string("csv"));
    QCOMPARE(s->fields["file"], Json("traces/launch trace.csv")); // relative to the lab's folder
    QVERIFY2(doc()->diagnosticsFor("launch_trace").empty(), "the file is read relative to the lab");
    QCOMPARE(form()->fileEdit()->text(), QStringLiteral("traces/launch trace.csv"));
    QCOMPARE(form()->plot()->series()->at(form()->plot()->series()->count() - 1).y(), 300.0);
    step();
    // a file that is not a signal is refused, nothing added
    const QString bad = m_dir.filePath(QStringLiteral("bad.csv"));
    QVERIFY(test::writeAll(bad, "t,v\n0,1\n0.5,x\n"));
    QVERIFY(panel()->importCsv(bad).isEmpty());
    QVERIFY(panel()->message().contains(QStringLiteral("line 3")));
    QCOMPARE(saved(), m_states.back());
    // saving the lab elsewhere: the file is then looked for relative to the new folder
    QTemporaryDir other;
    m_prompter.nextSavePath = other.filePath(QStringLiteral("moved.lab.json"));
    QVERIFY(m_w->files()->saveAs());
    QCOMPARE(QString::fromStdString(doc()->lab().baseDir), QFileInfo(other.path()).absoluteFilePath());
    QVERIFY(!doc()->diagnosticsFor("launch_trace").empty());
    walkUndoRedo();
}

void TestSignals::csvImportIntoAnUntitledLab()
{
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    QVERIFY(m_w->files()->newLab());
    QVERIFY(doc()->filePath().isEmpty());
    m_states = {saved()};
    const QString csv = m_dir.filePath(QStringLiteral("trace.csv"));
    QVERIFY(test::writeAll(csv, "# measured\n0;1.5\n0.1;2.5\n0.3;-1\n"));
    const QString id = panel()->importCsv(csv);
    QCOMPARE(id, QStringLiteral("trace"));
    const SignalSpec* s = doc()->lab().findSignal("trace");
    QCOMPARE(s->kind, std::string("table"));
    QCOMPARE(s->fields["points"], Json::parse("[[0.0,1.5],[0.1,2.5],[0.3,-1.0]]"));
    QCOMPARE(form()->tableEditor()->model()->rowCount(), 3);
    step();
    walkUndoRedo();
}

void TestSignals::renameCarriesTheBindings()
{
    panel()->showSignal("drive");
    QLineEdit* id = form()->idEdit();
    // a taken id is refused
    type(id, "shaft");
    QTest::keyClick(id, Qt::Key_Return);
    QVERIFY(doc()->lab().findSignal("drive"));
    QVERIFY(id->property("problem").toBool());
    type(id, "push");
    QTest::keyClick(id, Qt::Key_Return);
    QVERIFY(!doc()->lab().findSignal("drive"));
    QVERIFY(doc()->lab().findSignal("push"));
    QCOMPARE(doc()->lab().findComponent("src")->inputs["torque"]["signal"], Json("push"));
    QCOMPARE(panel()->currentId(), QStringLiteral("push")); // the panel follows
    QVERIFY(doc()->isValid());
    step();
    walkUndoRedo();
    doc()->undoStack()->undo();
    QCOMPARE(panel()->currentId(), QStringLiteral("drive"));
}

void TestSignals::inputsBindFromThePropertyForm()
{
    m_w->scene()->selectIds({QStringLiteral("src")});
    ItemForm* f = m_w->properties()->form();
    QVERIFY(f);
    auto* e = qobject_cast<InputFieldEditor*>(f->editor(QStringLiteral("input:torque")));
    QVERIFY(e);
    QComboBox* source = e->sourceCombo();
    QCOMPARE(source->currentData().toString(), QStringLiteral("signal:drive"));
    QVERIFY(source->findData(QStringLiteral("signal:apply")) > 0);
    QVERIFY(e->scaleEdit()->isVisibleTo(f));
    QVERIFY(!e->valueEdit()->isVisibleTo(f));
    // unbind: the input keeps the value the signal starts it at (the sine's offset before its start)
    source->setCurrentIndex(0);
    emit source->activated(0);
    QCOMPARE(doc()->lab().findComponent("src")->inputs["torque"], Json(2.0));
    QVERIFY(e->valueEdit()->isVisibleTo(f));
    QCOMPARE(e->valueEdit()->text(), QStringLiteral("2"));
    step();
    // bind to the ramp, then set a scale and an offset
    const int apply = source->findData(QStringLiteral("signal:apply"));
    source->setCurrentIndex(apply);
    emit source->activated(apply);
    QCOMPARE(doc()->lab().findComponent("src")->inputs["torque"], Json::parse(R"({"signal": "apply"})"));
    step();
    type(e->scaleEdit(), "0.5");
    QTest::keyClick(e->scaleEdit(), Qt::Key_Return);
    step();
    type(e->offsetEdit(), "-3");
    QTest::keyClick(e->offsetEdit(), Qt::Key_Return);
    QCOMPARE(doc()->lab().findComponent("src")->inputs["torque"], Json::parse(R"({"signal": "apply", "scale": 0.5, "offset": -3.0})"));
    QVERIFY(doc()->isValid());
    step();
    // a half-typed scale is refused
    type(e->scaleEdit(), "1e");
    QTest::keyClick(e->scaleEdit(), Qt::Key_Return);
    m_w->view()->setFocus();
    QCOMPARE(saved(), m_states.back());
    // another signal keeps the scale and offset
    const int drive = source->findData(QStringLiteral("signal:drive"));
    source->setCurrentIndex(drive);
    emit source->activated(drive);
    QCOMPARE(doc()->lab().findComponent("src")->inputs["torque"], Json::parse(R"({"signal": "drive", "scale": 0.5, "offset": -3.0})"));
    step();
    walkUndoRedo();
    QCOMPARE(source->currentData().toString(), QStringLiteral("signal:drive"));
    // a binding naming no signal stays visible and its row is marked with the core's message
    doc()->push(new SetValueCommand(doc(), {ValueTarget::Kind::Input, "src", "torque"}, Json::parse(R"({"signal": "nope"})")));
    QCOMPARE(source->currentData().toString(), QStringLiteral("signal:nope"));
    QVERIFY(source->currentText().contains(QStringLiteral("missing")));
    QTRY_VERIFY(e->widget()->property("problem").toBool()); // marked after the edit's event
    QVERIFY(e->widget()->toolTip().contains(QStringLiteral("unknown signal")));
}

void TestSignals::deleteRefusesWhileBoundOrUnbinds()
{
    const int steps = doc()->undoStack()->count();
    QVERIFY(!panel()->removeSignal("drive", false));
    QVERIFY(panel()->message().contains(QStringLiteral("src.torque")));
    QCOMPARE(saved(), m_states.back());
    QCOMPARE(doc()->undoStack()->count(), steps);
    // an unused signal goes: Delete in the list (the canvas selection stays)
    m_w->scene()->selectIds({QStringLiteral("drag")});
    panel()->showSignal("apply");
    panel()->list()->setFocus();
    QTest::keyClick(panel()->list(), Qt::Key_Delete);
    QVERIFY(!doc()->lab().findSignal("apply"));
    QVERIFY(doc()->lab().findComponent("drag"));
    QCOMPARE(doc()->undoStack()->count(), steps + 1);
    step();
    // unbinding first: one undo step, the input keeps the signal's start value
    QVERIFY(panel()->removeSignal("drive", true));
    QVERIFY(!doc()->lab().findSignal("drive"));
    QCOMPARE(doc()->lab().findComponent("src")->inputs["torque"], Json(2.0));
    QVERIFY(doc()->isValid());
    QCOMPARE(doc()->undoStack()->count(), steps + 2);
    QVERIFY(panel()->ids().isEmpty());
    step();
    walkUndoRedo();
}

void TestSignals::aBadPointShowsInTheProblemsPanel()
{
    const QString id = panel()->addSignal(QStringLiteral("table"));
    TableEditor* table = form()->tableEditor();
    table->view()->selectAll();
    QVERIFY(table->pasteText(QStringLiteral("0\t0\n1\t1\n0.5\t2\n"), 0, 0));
    QVERIFY(!doc()->isValid());
    // the Problems panel lists it under the signal id, with the point
    ProblemsPanel* problems = m_w->problems();
    const auto pointRow = [&] {
        int row = -1;
        const QStringList lines = problems->lines();
        for (int i = 0; i < lines.size(); ++i) {
            if (lines[i].contains(QStringLiteral(": %1: points[2]: ").arg(id))) row = i;
        }
        return row;
    };
    // listed with the edit's compile, after its event
    QTRY_VERIFY2(pointRow() >= 0, qPrintable(problems->lines().join('\n')));
    const int row = pointRow();
    // the panel marks the row and lists the problem; the list shows an icon
    QVERIFY(!table->model()->problems(2, -1).isEmpty());
    QVERIFY(form()->problemsText().contains(QStringLiteral("points[2]")));
    QVERIFY(!panel()->list()->currentItem()->icon().isNull());
    // activating the problem from elsewhere shows the signal and its point
    panel()->showSignal("drive");
    QCOMPARE(panel()->currentId(), QStringLiteral("drive"));
    problems->activateRow(row);
    QCOMPARE(panel()->currentId(), id);
    QCOMPARE(form()->tableEditor()->view()->currentIndex().row(), 2);
    // fixing the time clears it
    QVERIFY(form()->tableEditor()->model()->setData(form()->tableEditor()->model()->index(2, 0), QStringLiteral("1.5"), Qt::EditRole));
    QVERIFY(doc()->isValid());
}

void TestSignals::thePickerAndThePlotsShowSignals()
{
    RunController* rc = m_w->runController();
    QVERIFY(rc->runTo(0.5));
    PlotArea* area = rc->plots();
    // a default plot holds the signals, sampled like any observable
    PlotPanel* signalsPlot = nullptr;
    for (PlotPanel* p : area->panels()) {
        if (p->title() == QStringLiteral("Signals")) signalsPlot = p;
    }
    QVERIFY(signalsPlot);
    QCOMPARE(signalsPlot->keys().size(), 2);
    QCOMPARE(signalsPlot->keys()[0].subject, QStringLiteral("drive"));
    QVERIFY(signalsPlot->series(0, 0) && signalsPlot->series(0, 0)->count() > 0);
    // the picker lists them as their own group
    area->showPicker();
    auto* picker = area->findChild<QDialog*>(QStringLiteral("observablePicker"));
    QVERIFY(picker);
    auto* tree = picker->findChild<QTreeWidget*>();
    QTreeWidgetItem* drive = nullptr;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        if (tree->topLevelItem(i)->text(0) == QStringLiteral("drive")) drive = tree->topLevelItem(i);
    }
    QVERIFY(drive);
    QCOMPARE(drive->text(1), QStringLiteral("signal"));
    QCOMPARE(drive->childCount(), 1);
    QCOMPARE(drive->child(0)->text(0), QStringLiteral("value"));
    QCOMPARE(drive->child(0)->text(1), DisplayUnits::instance().view(QStringLiteral("N m")).label); // "N·m"
    QCOMPARE(tree->topLevelItem(0)->text(1), QStringLiteral("node"));
    picker->close();
    // a signal plotted beside the torque it drives
    QVERIFY(area->addObservables(nullptr, {QStringLiteral("src"), QStringLiteral("drive")},
                                 {QStringLiteral("torque"), QStringLiteral("value")}));
    rc->reset();
}

// an input can follow a controller's output: the form lists the lab's controllers (never the
// component itself), binds, keeps scale and offset, and the canvas label names the controller
void TestSignals::inputsBindToAController()
{
    Json lab = Json::parse(kLab);
    lab["components"].push_back(Json::parse(R"({"id": "driver", "type": "speed_controller", "node_a": "shaft",
        "parameters": {"proportional_gain": 2, "output_min": -50, "output_max": 50}, "inputs": {"target": {"signal": "apply"}}})"));
    const QString path = m_dir.filePath(QStringLiteral("driver.lab.json"));
    QVERIFY(test::writeAll(path, QByteArray::fromStdString(lab.dump(1))));
    QVERIFY(m_w->openLab(path));
    QVERIFY(doc()->isValid());
    m_states.clear();
    step();
    m_w->scene()->selectIds({QStringLiteral("src")});
    ItemForm* f = m_w->properties()->form();
    QVERIFY(f);
    auto* e = qobject_cast<InputFieldEditor*>(f->editor(QStringLiteral("input:torque")));
    QVERIFY(e);
    QComboBox* source = e->sourceCombo();
    const int driver = source->findData(QStringLiteral("controller:driver"));
    QVERIFY(driver > 0);
    source->setCurrentIndex(driver);
    emit source->activated(driver);
    QCOMPARE(doc()->lab().findComponent("src")->inputs["torque"],
             Json::parse(R"({"controller": "driver", "scale": 1.0, "offset": 0.0})")); // the signal's scale and offset kept
    QVERIFY2(doc()->isValid(), doc()->diagnostics().empty() ? "" : doc()->diagnostics().front().message.c_str());
    QVERIFY(componentDetail(*doc()->lab().findComponent("src")).contains(QStringLiteral("← driver")));
    step();
    // the controller's own input does not offer the controller itself
    m_w->scene()->selectIds({QStringLiteral("driver")});
    auto* t = qobject_cast<InputFieldEditor*>(m_w->properties()->form()->editor(QStringLiteral("input:target")));
    QVERIFY(t);
    QCOMPARE(t->sourceCombo()->findData(QStringLiteral("controller:driver")), -1);
    walkUndoRedo();
}

QTEST_MAIN(TestSignals)
#include "tst_signalspanel.moc"
