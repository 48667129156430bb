// Display units everywhere (issue 34): a unit chosen in View ▸ Display Units applies at once
// to every field, its range and its default, to the Oil panel and to the canvas labels, with
// rounding for reading and exact storage: a field the user does not edit keeps its SI value bit
// for bit, and a value typed in rpm, bar or °C is stored as the one conversion of what was typed
// (rpm × π/30, bar × 1e5, °C + 273.15). The History names each step's value in its unit.
#include <QAction>
#include <QMenu>
#include <QUndoStack>
#include <QtTest>

#include <numbers>

#include "canvas/labscene.h"
#include "canvas/nodeitem.h"
#include "commands/setvaluecommand.h"
#include "document/displayunits.h"
#include "document/labdocument.h"
#include "panels/oilpanel.h"
#include "properties/fieldeditors.h"
#include "properties/itemform.h"
#include "properties/numberedit.h"
#include "properties/propertypanel.h"
#include "uitestutil.h"

using namespace drivelab;

class TestUnits : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        test::isolate();
        QLocale::setDefault(QLocale::c());
    }
    void init();
    void cleanup();
    void speedFieldRangeAndLabelFollowTheUnit();
    void barAndCelsiusStoreWhatWasTyped();
    void oilPanelDefaultsFollowTheUnit();
    void historyNamesTheValues();

private:
    /// View ▸ Display Units ▸ `q`, as the user clicks it
    void choose(DisplayUnits::Quantity q, bool on);
    NumberEdit* field(const QString& id, const QString& key);
    void type(QWidget* w, const QString& text);
    double nodeValue(const char* id, const char* field) const
    {
        return m_w->document()->lab().findNode(id)->fields[field].get<double>();
    }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_w;
    test::ScriptedPrompter m_prompter;
};

void TestUnits::init()
{
    m_w = test::shownMainWindow(m_dir, &m_prompter);
    QApplication::setActiveWindow(m_w.get());
}

void TestUnits::cleanup()
{
    for (auto q : {DisplayUnits::Quantity::Speed, DisplayUnits::Quantity::Temperature, DisplayUnits::Quantity::Pressure,
                   DisplayUnits::Quantity::Power})
        DisplayUnits::instance().setEngineering(q, false);
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    m_w.reset();
}

void TestUnits::choose(DisplayUnits::Quantity q, bool on)
{
    QAction* a = nullptr;
    for (QAction* x : m_w->findChildren<QAction*>()) {
        if (x->text() == DisplayUnits::choiceName(q)) a = x;
    }
    QVERIFY(a);
    QCOMPARE(a->isChecked(), !on);
    a->trigger();
    QCOMPARE(DisplayUnits::instance().engineering(q), on);
}

NumberEdit* TestUnits::field(const QString& id, const QString& key)
{
    m_w->scene()->selectIds({id});
    ItemForm* f = m_w->properties()->form();
    if (!f || f->itemId() != id) return nullptr;
    auto* e = qobject_cast<NumberFieldEditor*>(f->editor(key));
    return e ? e->edit() : nullptr;
}

void TestUnits::type(QWidget* w, const QString& text)
{
    w->setFocus();
    QTest::keyClick(w, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(w, Qt::Key_Backspace);
    QTest::keyClicks(w, text);
}

// 80 rad/s shown in rpm: the field rounds (763.944, not 763.9437268), its range is in rpm (not the
// rad/s range), the canvas label changes at once; Return on the unedited field stores nothing, and
// "764" typed is stored as 764 × π/30 exactly and shown back as typed.
void TestUnits::speedFieldRangeAndLabelFollowTheUnit()
{
    LabDocument* doc = m_w->document();
    QVERIFY(m_w->openLab(test::labPath("converter-launch.lab.json")));
    NumberEdit* e = field("engine", "field:initial_speed");
    QVERIFY(e);
    QCOMPARE(e->text(), QStringLiteral("80"));
    QVERIFY2(e->statusTip().contains(QStringLiteral("must be in [-100000, 100000] rad/s")), qPrintable(e->statusTip()));
    NodeItem* engine = m_w->scene()->nodeItem(QStringLiteral("engine"));
    QVERIFY2(engine->detail().contains(QStringLiteral("80 rad/s")), qPrintable(engine->detail()));

    choose(DisplayUnits::Quantity::Speed, true);
    e = field("engine", "field:initial_speed");
    QCOMPARE(e->unitLabel(), QStringLiteral("rpm"));
    QCOMPARE(e->text(), QStringLiteral("763.944"));
    QVERIFY2(e->statusTip().contains(QStringLiteral("must be in [-954930, 954930] rpm")), qPrintable(e->statusTip()));
    QVERIFY2(engine->detail().contains(QStringLiteral("763.94 rpm")) && !engine->detail().contains(QStringLiteral("rad/s")),
             qPrintable(engine->detail()));

    // the rounded text given back unedited stores nothing: 80 stays 80 bit for bit
    const int steps = doc->undoStack()->count();
    e->setFocus();
    QTest::keyClick(e, Qt::Key_End);
    QTest::keyClick(e, Qt::Key_Return);
    QTest::keyClick(e, Qt::Key_Tab);
    QCOMPARE(doc->undoStack()->count(), steps);
    QCOMPARE(nodeValue("engine", "initial_speed"), 80.0);

    // typed in rpm: the one conversion of what was typed, shown back as typed
    type(e, QStringLiteral("764"));
    QTest::keyClick(e, Qt::Key_Return);
    QCOMPARE(nodeValue("engine", "initial_speed"), 764.0 * (std::numbers::pi / 30.0));
    m_w->scene()->selectIds({});
    e = field("engine", "field:initial_speed");
    QCOMPARE(e->text(), QStringLiteral("764"));
    QVERIFY2(engine->detail().contains(QStringLiteral("764 rpm")), qPrintable(engine->detail()));

    // a value out of range: the field's problem names the range and the value in rpm
    doc->push(new SetValueCommand(doc, {ValueTarget::Kind::NodeField, "engine", "initial_speed"}, Json(200000.0)));
    // the problem comes with the edit's compile, after its event
    QTRY_VERIFY2(field("engine", "field:initial_speed")->toolTip().contains(QStringLiteral("must be in [-954930, 954930] rpm (got 1909860 rpm)")),
                 qPrintable(field("engine", "field:initial_speed")->toolTip()));
    doc->undoStack()->undo();
    e = field("engine", "field:initial_speed");

    // back to SI while the form is shown: field, range and label follow without reopening
    choose(DisplayUnits::Quantity::Speed, false);
    QCOMPARE(e->unitLabel(), QStringLiteral("rad/s"));
    QVERIFY2(e->statusTip().contains(QStringLiteral("rad/s")) && !e->statusTip().contains(QStringLiteral("rpm")),
             qPrintable(e->statusTip()));
    QVERIFY2(engine->detail().contains(QStringLiteral("80.006 rad/s")), qPrintable(engine->detail()));
}

// bar and °C: 1.01325 bar and 40 °C shown; "2" bar is 200000 Pa exactly (dividing by a scale of
// 1e-5 stored 199999.99999999997), "45.5" °C is 45.5 + 273.15 K.
void TestUnits::barAndCelsiusStoreWhatWasTyped()
{
    QVERIFY(m_w->openLab(test::labPath("thermal-lockup.lab.json")));
    choose(DisplayUnits::Quantity::Pressure, true);
    choose(DisplayUnits::Quantity::Temperature, true);
    NumberEdit* p = field("sump", "field:initial_pressure");
    NumberEdit* t = field("sump", "field:initial_temperature");
    QVERIFY(p && t);
    QCOMPARE(p->unitLabel(), QStringLiteral("bar"));
    QCOMPARE(p->text(), QStringLiteral("1.01325"));
    QCOMPARE(t->text(), QStringLiteral("40"));
    QVERIFY2(m_w->scene()->nodeItem(QStringLiteral("sump"))->detail().contains(QStringLiteral("40 °C")),
             qPrintable(m_w->scene()->nodeItem(QStringLiteral("sump"))->detail()));
    type(p, QStringLiteral("2"));
    QTest::keyClick(p, Qt::Key_Return);
    QCOMPARE(nodeValue("sump", "initial_pressure"), 200000.0);
    type(t, QStringLiteral("45.5"));
    QTest::keyClick(t, Qt::Key_Return);
    QCOMPARE(nodeValue("sump", "initial_temperature"), 45.5 + 273.15);
    QCOMPARE(t->text(), QStringLiteral("45.5"));
}

// The Oil panel is built once: its defaults, ranges and units follow a later unit change.
void TestUnits::oilPanelDefaultsFollowTheUnit()
{
    QVERIFY(m_w->openLab(test::labPath("thermal-lockup.lab.json")));
    OilPanel* oil = m_w->oilPanel();
    NumberEdit* ref = oil->fieldEdit(QStringLiteral("reference_temperature"));
    QVERIFY(ref);
    QCOMPARE(ref->placeholderText(), QStringLiteral("default: 313.15"));
    QCOMPARE(ref->unitLabel(), QStringLiteral("K"));
    choose(DisplayUnits::Quantity::Temperature, true);
    QCOMPARE(ref->placeholderText(), QStringLiteral("default: 40"));
    QCOMPARE(ref->unitLabel(), QStringLiteral("°C"));
    QVERIFY2(ref->statusTip().contains(QStringLiteral("] °C")) && !ref->statusTip().contains(QStringLiteral("] K")),
             qPrintable(ref->statusTip()));
    // the viscosity summary is at round temperatures of the unit shown
    QVERIFY2(oil->summaryText().contains(QStringLiteral("40 °C:")), qPrintable(oil->summaryText()));
}

// Three edits of one field are three History entries that say what each set, in its unit.
void TestUnits::historyNamesTheValues()
{
    LabDocument* doc = m_w->document();
    QVERIFY(m_w->openLab(test::labPath("converter-launch.lab.json")));
    NumberEdit* e = field("turbine", "field:inertia");
    QVERIFY(e);
    for (const char* v : {"0.3", "0.35", "0.4"}) {
        type(e, QString::fromLatin1(v));
        QTest::keyClick(e, Qt::Key_Return);
    }
    QUndoStack* undo = doc->undoStack();
    QCOMPARE(undo->count(), 3);
    QCOMPARE(undo->text(0), QStringLiteral("Set turbine.inertia to 0.3 kg·m²"));
    QCOMPARE(undo->text(1), QStringLiteral("Set turbine.inertia to 0.35 kg·m²"));
    QCOMPARE(undo->text(2), QStringLiteral("Set turbine.inertia to 0.4 kg·m²"));
    // in the unit the user typed it in
    choose(DisplayUnits::Quantity::Speed, true);
    NumberEdit* w = field("turbine", "field:initial_speed");
    type(w, QStringLiteral("1500"));
    QTest::keyClick(w, Qt::Key_Return);
    QCOMPARE(undo->text(3), QStringLiteral("Set turbine.initial_speed to 1500 rpm"));
}

QTEST_MAIN(TestUnits)
#include "tst_units.moc"
