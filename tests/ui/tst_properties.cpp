// The property editor: typed numeric fields (garbage is refused whole, half-typed
// values never commit, Escape restores), commits as commands, whole numbers, optional
// parameters cleared, ports bound from a list, renames, fields marked with the core's
// diagnostics, display units, run settings to the exact nanosecond, and events.
#include <QComboBox>
#include <QFile>
#include <QFileInfo>
#include <QLineEdit>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

#include "canvas/labeltext.h"
#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "canvas/nodeitem.h"
#include "commands/setvaluecommand.h"
#include "document/displayunits.h"
#include "document/labdocument.h"
#include "document/numbers.h"
#include "panels/eventsmodel.h"
#include "panels/eventstable.h"
#include "panels/runsettingspanel.h"
#include "properties/fieldeditors.h"
#include "properties/itemform.h"
#include "properties/numberedit.h"
#include "properties/propertypanel.h"
#include "properties/tableeditor.h"
#include "spec/labwriter.h"
#include "fmutorquelab.h"
#include "fmuloader.h"
#include "uitestutil.h"

using namespace drivelab;

class TestProperties : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        test::isolate();
        QLocale::setDefault(QLocale::c()); // a point is the decimal separator in these tests
    }
    void init();
    void cleanup();
    void numberTextIsClassifiedStrictly();
    void garbageInANumericFieldLeavesTheModelValid();
    void halfTypedValuesNeverCommit();
    void aValidNumberCommitsOneUndoableCommand();
    void wholeNumbersStayWhole();
    void optionalParametersClearToTheirDefault();
    void portsBindFromTheList();
    void renameThroughTheIdField();
    void fieldsShowTheirDiagnostics();
    void displayUnitsConvertBothWays();
    void tableCellsRefuseGarbage();
    void runSettingsAreExactNanoseconds();
    void runMethodIsChosenUndoneAndRefusedVisibly();
    void eventsAreEditable();

private:
    ItemForm* select(const QString& id);
    NumberEdit* numberEdit(const QString& id, const QString& key);
    void type(QWidget* w, const QString& text, bool clear = true);

    QTemporaryDir m_dir;
    MainWindow* m_w = nullptr;
    test::ScriptedPrompter m_prompter;
};

void TestProperties::init()
{
    m_w = new MainWindow({m_dir.filePath("recovery"), false});
    m_w->setPrompter(&m_prompter);
    m_w->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_w));
    QApplication::setActiveWindow(m_w);
    QVERIFY(m_w->openLab(test::labPath("converter-launch.lab.json")));
}

void TestProperties::cleanup()
{
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    delete m_w;
    DisplayUnits::instance().setEngineering(DisplayUnits::Quantity::Speed, false);
}

ItemForm* TestProperties::select(const QString& id)
{
    m_w->scene()->selectIds({id});
    ItemForm* f = m_w->properties()->form();
    return f && f->itemId() == id ? f : nullptr;
}

NumberEdit* TestProperties::numberEdit(const QString& id, const QString& key)
{
    ItemForm* f = select(id);
    if (!f) return nullptr;
    auto* e = qobject_cast<NumberFieldEditor*>(f->editor(key));
    return e ? e->edit() : nullptr;
}

void TestProperties::type(QWidget* w, const QString& text, bool clear)
{
    w->setFocus();
    if (clear) QTest::keyClick(w, Qt::Key_A, Qt::ControlModifier), QTest::keyClick(w, Qt::Key_Backspace);
    QTest::keyClicks(w, text);
}

void TestProperties::numberTextIsClassifiedStrictly()
{
    QCOMPARE(classifyNumber("1.5e-3", false), NumberTextState::Acceptable);
    QCOMPARE(classifyNumber("-0.25", false), NumberTextState::Acceptable);
    QCOMPARE(classifyNumber("1e", false), NumberTextState::Intermediate);
    QCOMPARE(classifyNumber("-", false), NumberTextState::Intermediate);
    QCOMPARE(classifyNumber("1e999", false), NumberTextState::Intermediate); // not finite
    QCOMPARE(classifyNumber("abc", false), NumberTextState::Invalid);
    QCOMPARE(classifyNumber("nan", false), NumberTextState::Invalid);
    QCOMPARE(classifyNumber("inf", false), NumberTextState::Invalid);
    QCOMPARE(classifyNumber("0x10", false), NumberTextState::Invalid);
    QCOMPARE(classifyNumber("1,5", false), NumberTextState::Invalid);
    QCOMPARE(classifyNumber("3.5", true), NumberTextState::Invalid);
    QCOMPARE(classifyNumber("35", true), NumberTextState::Acceptable);
    QVERIFY(!parseNumber("1.2.3"));
    QCOMPARE(*parseScaled("2.5", 9), std::int64_t(2500000000));
    QCOMPARE(*parseScaled("0.000000001", 9), std::int64_t(1));
    QVERIFY(!parseScaled("0.0000000001", 9));
    QVERIFY(!parseScaled("-1", 9));
    QCOMPARE(formatScaled(2500000000, 9), QString("2.5"));
    QCOMPARE(formatScaled(50000, 3), QString("50"));
}

void TestProperties::garbageInANumericFieldLeavesTheModelValid()
{
    LabDocument* doc = m_w->document();
    NumberEdit* e = numberEdit("engine", "field:inertia");
    QVERIFY(e);
    QCOMPARE(e->text(), QString("0.25"));
    const std::string before = writeLab(doc->lab());
    const int steps = doc->undoStack()->count();
    // typed garbage is kept as typed (never a dropped key) and refused whole on Return
    type(e, "abc#!xyz");
    QTest::keyClick(e, Qt::Key_Return);
    QCOMPARE(e->text(), QString("abc#!xyz"));
    QVERIFY(e->property("unfinished").toBool());
    // garbage that arrives anyway (paste, programmatic) is not committed
    e->setFocus();
    e->setText("1.2.3");
    e->setModified(true);
    QTest::keyClick(e, Qt::Key_Return);
    QVERIFY(e->unfinished());
    QVERIFY(e->property("unfinished").toBool());
    m_w->view()->setFocus(); // leaving the field does not commit it either
    QCOMPARE(writeLab(doc->lab()), before);
    QCOMPARE(doc->undoStack()->count(), steps);
    QVERIFY(doc->isValid());
    // Escape brings back the model's value
    e->setFocus();
    QTest::keyClick(e, Qt::Key_Escape);
    QCOMPARE(e->text(), QString("0.25"));
}

void TestProperties::halfTypedValuesNeverCommit()
{
    LabDocument* doc = m_w->document();
    NumberEdit* e = numberEdit("engine", "field:initial_speed");
    const std::string before = writeLab(doc->lab());
    for (const char* partial : {"1e", "-", ".", "+", "2e-"}) {
        type(e, partial);
        QTest::keyClick(e, Qt::Key_Return);
        m_w->view()->setFocus();
        QCOMPARE(writeLab(doc->lab()), before);
    }
    // an empty required field is unfinished, not "no value"
    type(e, "");
    QTest::keyClick(e, Qt::Key_Return);
    QCOMPARE(writeLab(doc->lab()), before);
    QVERIFY(doc->isValid());
}

void TestProperties::aValidNumberCommitsOneUndoableCommand()
{
    LabDocument* doc = m_w->document();
    NumberEdit* e = numberEdit("engine", "field:inertia");
    const int steps = doc->undoStack()->count();
    type(e, "0.5");
    QTest::keyClick(e, Qt::Key_Return);
    QCOMPARE(doc->lab().findNode("engine")->fields["inertia"].get<double>(), 0.5);
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    // unchanged text commits nothing
    QTest::keyClick(e, Qt::Key_Return);
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    doc->undoStack()->undo();
    QCOMPARE(doc->lab().findNode("engine")->fields["inertia"].get<double>(), 0.25);
    QCOMPARE(e->text(), QString("0.25")); // the field follows the model
    // leaving the field commits a finished number too
    type(e, "1e-1");
    m_w->view()->setFocus();
    QCOMPARE(doc->lab().findNode("engine")->fields["inertia"].get<double>(), 0.1);
}

void TestProperties::wholeNumbersStayWhole()
{
    QVERIFY(m_w->openLab(test::labPath("two-speed-shift.lab.json")));
    LabDocument* doc = m_w->document();
    NumberEdit* e = numberEdit("gearset", "param:sun_teeth");
    QVERIFY(e);
    type(e, "31.5"); // kept as typed, refused whole: never 315
    QCOMPARE(e->text(), QString("31.5"));
    QTest::keyClick(e, Qt::Key_Return);
    QVERIFY(doc->lab().findComponent("gearset")->parameters["sun_teeth"].get<int>() != 315);
    type(e, "31");
    QTest::keyClick(e, Qt::Key_Return);
    const Json& v = doc->lab().findComponent("gearset")->parameters["sun_teeth"];
    QVERIFY(v.is_number_integer());
    QCOMPARE(v.get<int>(), 31);
}

void TestProperties::optionalParametersClearToTheirDefault()
{
    LabDocument* doc = m_w->document();
    NumberEdit* e = numberEdit("lockup", "param:kinetic_ratio");
    QVERIFY(e);
    QCOMPARE(e->text(), QString("0.9"));
    QVERIFY(e->placeholderText().contains("1"));
    type(e, "");
    QTest::keyClick(e, Qt::Key_Return);
    QVERIFY(!doc->lab().findComponent("lockup")->parameters.contains("kinetic_ratio"));
    QVERIFY(doc->isValid());
    doc->undoStack()->undo();
    QCOMPARE(doc->lab().findComponent("lockup")->parameters["kinetic_ratio"].get<double>(), 0.9);
}

void TestProperties::portsBindFromTheList()
{
    LabDocument* doc = m_w->document();
    ItemForm* f = select("engine_friction");
    QVERIFY(f);
    auto* combo = qobject_cast<QComboBox*>(f->editor("port:node_b")->widget());
    QVERIFY(combo);
    // only rotational nodes (and ground) are offered
    QVERIFY(combo->findData("turbine") >= 0);
    QVERIFY(combo->findData("ground") >= 0);
    QCOMPARE(combo->findData("oil"), -1);
    const int turbine = combo->findData("turbine");
    combo->setCurrentIndex(turbine);
    emit combo->activated(turbine);
    QCOMPARE(*doc->lab().findComponent("engine_friction")->port("node_b"), std::string("turbine"));
    f = select("engine_friction");
    combo = qobject_cast<QComboBox*>(f->editor("port:node_b")->widget());
    emit combo->activated(0); // back to "(none: ground)"
    QVERIFY(doc->lab().findComponent("engine_friction")->port("node_b") == nullptr);
    // the heat port lists thermal nodes only
    auto* heat = qobject_cast<QComboBox*>(f->editor("port:heat_node")->widget());
    QVERIFY(heat->findData("oil") >= 0);
    QCOMPARE(heat->findData("engine"), -1);
}

void TestProperties::renameThroughTheIdField()
{
    LabDocument* doc = m_w->document();
    ItemForm* f = select("turbine");
    auto* id = qobject_cast<QLineEdit*>(f->editor("id")->widget());
    QVERIFY(id);
    type(id, "wheels"); // taken
    QTest::keyClick(id, Qt::Key_Return);
    QVERIFY(doc->lab().findNode("turbine"));
    QVERIFY(id->property("problem").toBool());
    type(id, "turbine_shaft");
    QTest::keyClick(id, Qt::Key_Return);
    QVERIFY(doc->lab().findNode("turbine_shaft"));
    QCOMPARE(*doc->lab().findComponent("tc")->port("node_b"), std::string("turbine_shaft"));
    QVERIFY(placementOf(doc->lab(), "turbine_shaft"));
    // the form and the canvas follow the new id; the selection stays
    QCOMPARE(m_w->properties()->form()->itemId(), QString("turbine_shaft"));
    QVERIFY(m_w->scene()->nodeItem("turbine_shaft")->isSelected());
    // an id the file format refuses cannot even be typed
    type(id, "9lives");
    QVERIFY(!id->text().startsWith('9'));
}

void TestProperties::fieldsShowTheirDiagnostics()
{
    LabDocument* doc = m_w->document();
    doc->push(new SetValueCommand(doc, {ValueTarget::Kind::NodeField, "wheels", "inertia"}, Json(-1.0)));
    ItemForm* f = select("wheels");
    QWidget* w = f->editor("field:inertia")->widget();
    QTRY_VERIFY(w->property("problem").toBool()); // with the edit's compile, after its event
    QVERIFY(w->toolTip().contains("must be in [1e-09, 1e+09]"));
    QVERIFY(!f->editor("field:initial_speed")->widget()->property("problem").toBool());
    doc->undoStack()->undo();
    QTRY_VERIFY(!f->editor("field:inertia")->widget()->property("problem").toBool());
}

void TestProperties::displayUnitsConvertBothWays()
{
    LabDocument* doc = m_w->document();
    DisplayUnits::instance().setEngineering(DisplayUnits::Quantity::Speed, true);
    NumberEdit* e = numberEdit("engine", "field:initial_speed");
    QCOMPARE(e->unitLabel(), QString("rpm"));
    QCOMPARE(e->text(), QString("763.944")); // 80 rad/s, rounded for reading
    QVERIFY(nodeDetail(*doc->lab().findNode("engine")).contains("rpm"));
    type(e, "3000");
    QTest::keyClick(e, Qt::Key_Return);
    const double si = doc->lab().findNode("engine")->fields["initial_speed"].get<double>();
    QVERIFY(std::fabs(si - 3000.0 * 2.0 * M_PI / 60.0) < 1e-12);
    // the file stays SI
    QVERIFY(Json::parse(writeLab(doc->lab()))["nodes"][0]["initial_speed"].get<double>() < 400.0);
    DisplayUnits::instance().setEngineering(DisplayUnits::Quantity::Speed, false);
    QCOMPARE(e->unitLabel(), QString("rad/s"));
}

void TestProperties::tableCellsRefuseGarbage()
{
    LabDocument* doc = m_w->document();
    ItemForm* f = select("engine_torque");
    auto* t = qobject_cast<TableFieldEditor*>(f->editor("param:torque_curve"));
    QVERIFY(t);
    TableModel* model = t->editor()->model();
    QCOMPARE(model->rowCount(), 5);
    const int steps = doc->undoStack()->count();
    QVERIFY(!model->setData(model->index(1, 1), "lots", Qt::EditRole));
    QVERIFY(!model->setData(model->index(1, 1), "", Qt::EditRole));
    QCOMPARE(doc->undoStack()->count(), steps);
    QVERIFY(model->setData(model->index(1, 1), "185", Qt::EditRole));
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    QCOMPARE(doc->lab().findComponent("engine_torque")->parameters["torque_curve"][1]["torque"].get<double>(), 185.0);
    // a point added between two is interpolated; one command each
    t->editor()->addPoint(0);
    QCOMPARE(model->rowCount(), 6);
    QCOMPARE(*model->cell(1, 0), 50.0);
    QCOMPARE(doc->undoStack()->count(), steps + 2);
    QVERIFY(doc->isValid());
}

void TestProperties::runSettingsAreExactNanoseconds()
{
    LabDocument* doc = m_w->document();
    RunSettingsPanel* run = m_w->runSettings();
    QCOMPARE(run->tickEdit()->text(), QString("50"));
    QCOMPARE(run->durationEdit()->text(), QString("5"));
    type(run->tickEdit(), "25");
    QTest::keyClick(run->tickEdit(), Qt::Key_Return);
    QCOMPARE(doc->lab().run.tickNs, std::int64_t(25000));
    type(run->durationEdit(), "2.000000001");
    QTest::keyClick(run->durationEdit(), Qt::Key_Return);
    QCOMPARE(doc->lab().run.durationNs, std::int64_t(2000000001));
    QVERIFY(!doc->isValid()); // not a whole number of ticks: the core says so
    QTRY_VERIFY(run->durationEdit()->property("problem").toBool()); // marked after the edit's event
    // letters are kept as typed and refused whole, with the reason under the fields
    type(run->durationEdit(), "abc");
    QCOMPARE(run->durationEdit()->text(), QString("abc"));
    m_w->view()->setFocus();
    QCOMPARE(doc->lab().run.durationNs, std::int64_t(2000000001));
    QVERIFY(run->refusalText().contains("not a number"));
    run->durationEdit()->setFocus();
    QTest::keyClick(run->durationEdit(), Qt::Key_Escape);
    doc->undoStack()->undo();
    QVERIFY(doc->isValid());
    // the lab's name is edited here too
    type(run->nameEdit(), "launch-2");
    QTest::keyClick(run->nameEdit(), Qt::Key_Return);
    QCOMPARE(doc->lab().name, std::string("launch-2"));
}

// run.method from the Run settings panel (issue 21): the user picks Gauss-Legendre from the
// keyboard, one undoable command, the lab compiles (converter-launch's types are all supported);
// on a lab with a type gauss2 refuses the combo is marked with the core's message and a click
// on the problem focuses it; back to the midpoint the lab names no method again
void TestProperties::runMethodIsChosenUndoneAndRefusedVisibly()
{
    LabDocument* doc = m_w->document();
    RunSettingsPanel* run = m_w->runSettings();
    QComboBox* box = run->methodBox();
    QCOMPARE(box->currentIndex(), 0);
    QCOMPARE(doc->lab().run.method, RunMethod::Absent);
    const int before = doc->undoStack()->count();
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Down);
    QCOMPARE(doc->lab().run.method, RunMethod::Gauss2);
    QCOMPARE(doc->undoStack()->count(), before + 1);
    QVERIFY(doc->isValid());
    QVERIFY(!box->property("problem").toBool());
    QVERIFY(writeLab(doc->lab()).find("\"method\": \"gauss2\"") != std::string::npos);
    doc->undoStack()->undo();
    QCOMPARE(doc->lab().run.method, RunMethod::Absent);
    QCOMPARE(box->currentIndex(), 0);

    // a lab with thermal-liquid volumes takes gauss2 (issue 37: oil temperatures at the stages)
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    QVERIFY(m_w->openLab(test::labPath("thermal-lockup.lab.json")));
    doc = m_w->document();
    box = m_w->runSettings()->methodBox();
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Down);
    QCOMPARE(doc->lab().run.method, RunMethod::Gauss2);
    QVERIFY(doc->isValid());
    QVERIFY(!box->property("problem").toBool());

    // a lab with an FMU (the one type the two-stage methods refuse): gauss2 is refused, visibly,
    // naming the field; the test FMU is packed beside the test (BUILD/tests/fmus, tests/fmi/testfmus)
    installFmuImport(); // as the editor's main() does
    const QString fmu = test::torqueSourceFmu();
    QVERIFY2(QFileInfo::exists(fmu), qPrintable(fmu));
    const QString fmuLab = m_dir.filePath("fmu.lab.json");
    {
        QFile f(fmuLab);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(test::fmuTorqueLab(fmu));
    }
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    QVERIFY(m_w->openLab(fmuLab));
    {
        QString why;
        for (const auto& d : m_w->document()->diagnostics()) why += QString::fromStdString(d.subject + ": " + d.field + ": " + d.message) + "\n";
        QVERIFY2(m_w->document()->isValid(), qPrintable("the FMU lab compiles with the midpoint: " + why));
    }
    doc = m_w->document();
    box = m_w->runSettings()->methodBox();
    box->setFocus();
    QTest::keyClick(box, Qt::Key_Down);
    QCOMPARE(doc->lab().run.method, RunMethod::Gauss2);
    QVERIFY(!doc->isValid());
    QTRY_VERIFY(box->property("problem").toBool()); // marked after the edit's event
    QVERIFY2(box->toolTip().contains("gauss2 does not support"), qPrintable(box->toolTip()));
    QString subject;
    for (const auto& d : doc->diagnostics()) {
        if (d.field == "run.method") subject = QString::fromStdString(d.subject);
    }
    QVERIFY(!subject.isEmpty());
    m_w->view()->setFocus();
    m_w->showProblem(subject, "run.method");
    QTRY_VERIFY(box->hasFocus());
    // back to the midpoint: the lab names no method, as before
    QTest::keyClick(box, Qt::Key_Up);
    QCOMPARE(doc->lab().run.method, RunMethod::Absent);
    QVERIFY(doc->isValid());
    QTRY_VERIFY(!box->property("problem").toBool());
}

void TestProperties::eventsAreEditable()
{
    LabDocument* doc = m_w->document();
    EventsModel* model = m_w->events()->model();
    QCOMPARE(model->rowCount(), 2);
    QCOMPARE(model->index(1, EventsModel::Time).data().toString(), QString("3"));
    QVERIFY(model->setData(model->index(1, EventsModel::Time), "2.75", Qt::EditRole));
    QCOMPARE(doc->lab().events[1].timeNs, std::int64_t(2750000000));
    QVERIFY(!model->setData(model->index(1, EventsModel::Value), "much", Qt::EditRole));
    QVERIFY(model->setData(model->index(1, EventsModel::Value), "500", Qt::EditRole));
    QCOMPARE(doc->lab().events[1].value, 500.0);
    // the component's own events are in its form
    ItemForm* f = select("lockup");
    auto* table = f->findChild<EventsTable*>();
    QVERIFY(table);
    QCOMPARE(table->model()->rowCount(), 1);
    table->addEvent();
    QCOMPARE(int(doc->lab().events.size()), 3);
    QCOMPARE(doc->lab().events[2].component, std::string("lockup"));
    QCOMPARE(doc->lab().events[2].input, std::string("capacity"));
    QCOMPARE(table->model()->rowCount(), 2);
    QVERIFY(doc->isValid());
    table->view()->selectRow(1);
    table->removeSelected();
    QCOMPARE(int(doc->lab().events.size()), 2);
}

QTEST_MAIN(TestProperties)
#include "tst_properties.moc"
