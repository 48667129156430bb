// What the user types is what the lab stores (issue 15), tested with real key events:
// number fields take exactly the typed number or refuse the whole entry with a visible
// reason and keep the old value ("0,5" never becomes 5, "1e12" never 112 s, "-5" never 5),
// a decimal comma counts where the locale writes one, a half-typed "1e" says why it is
// amber; Return and keypad Enter commit in every table (torque curve, converter maps,
// events); Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y work on the one undo stack from the canvas, a
// panel or the map editor window.
#include <QLineEdit>
#include <QLocale>
#include <QStatusBar>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "convertermap/convertermapeditor.h"
#include "document/labdocument.h"
#include "panels/eventsmodel.h"
#include "panels/eventstable.h"
#include "panels/problemspanel.h"
#include <QTreeWidget>
#include "panels/runsettingspanel.h"
#include "properties/fieldeditors.h"
#include "properties/itemform.h"
#include "properties/numberedit.h"
#include "properties/propertypanel.h"
#include "properties/tableeditor.h"
#include "properties/tablemodel.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

class TestEntry : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void aCommaIsNeverDroppedFromANumber();
    void aDecimalCommaCountsWhereTheLocaleWritesOne();
    void aHalfTypedExponentSaysWhyAfterTab();
    void aWholeNumberFieldRefusesDecimalsWhole();
    void runSettingsTakeExactlyWhatWasTyped();
    void returnAndEnterCommitInTheTorqueCurve();
    void returnAndEnterCommitInTheConverterMaps();
    void returnCommitsInTheEventsTable();
    void aRefusedCellSaysWhy();
    void undoAndRedoKeysWorkEverywhere();

private:
    NumberEdit* numberEdit(const QString& id, const QString& key);
    void type(QWidget* w, const QString& text);
    /// type into a table cell as a user does: select it, type (the first key opens the
    /// editor), then press `finish` on the editor
    void typeInCell(QTableView* view, int row, int column, const QString& text, Qt::Key finish,
                    Qt::KeyboardModifiers mods = Qt::NoModifier);
    double inertia() const { return m_w->document()->lab().findNode("engine")->fields["inertia"].get<double>(); }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_w;
    test::ScriptedPrompter m_prompter;
};

void TestEntry::init()
{
    QLocale::setDefault(QLocale::c());
    m_w = test::shownMainWindow(m_dir, &m_prompter);
    QApplication::setActiveWindow(m_w.get());
    QVERIFY(m_w->openLab(test::labPath("converter-launch.lab.json")));
}

void TestEntry::cleanup()
{
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    m_w.reset();
    QLocale::setDefault(QLocale::c());
}

NumberEdit* TestEntry::numberEdit(const QString& id, const QString& key)
{
    m_w->scene()->selectIds({id});
    ItemForm* f = m_w->properties()->form();
    if (!f || f->itemId() != id) return nullptr;
    auto* e = qobject_cast<NumberFieldEditor*>(f->editor(key));
    return e ? e->edit() : nullptr;
}

void TestEntry::type(QWidget* w, const QString& text)
{
    w->setFocus();
    QTest::keyClick(w, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(w, Qt::Key_Backspace);
    QTest::keyClicks(w, text);
}

void TestEntry::typeInCell(QTableView* view, int row, int column, const QString& text, Qt::Key finish, Qt::KeyboardModifiers mods)
{
    view->setFocus();
    view->setCurrentIndex(view->model()->index(row, column));
    QTest::keyClicks(view, text.left(1)); // AnyKeyPressed opens the editor with this key
    QWidget* editor = QApplication::focusWidget();
    QVERIFY(editor && editor != view);
    QTest::keyClicks(editor, text.mid(1));
    QCOMPARE(qobject_cast<QLineEdit*>(editor)->text(), text); // every key kept
    QTest::keyClick(editor, finish, mods);
    QCoreApplication::processEvents(); // the delegate commits through a queued call
}

void TestEntry::aCommaIsNeverDroppedFromANumber()
{
    LabDocument* doc = m_w->document();
    NumberEdit* e = numberEdit("engine", "field:inertia");
    QVERIFY(e);
    const std::string before = writeLab(doc->lab());
    const int steps = doc->undoStack()->count();
    // the C locale writes a point: "0,5" is refused whole, never stored as 5
    type(e, "0,5");
    QCOMPARE(e->text(), QString("0,5"));
    QTest::keyClick(e, Qt::Key_Return);
    QCOMPARE(inertia(), 0.25);
    QCOMPARE(writeLab(doc->lab()), before);
    QCOMPARE(doc->undoStack()->count(), steps);
    QCOMPARE(e->text(), QString("0,5")); // what was typed stays, amber, with the reason
    QVERIFY(e->property("unfinished").toBool());
    QVERIFY2(e->toolTip().contains("comma"), qPrintable(e->toolTip()));
    QVERIFY(e->toolTip().contains("0.25")); // the value kept
    QVERIFY2(m_w->statusBar()->currentMessage().contains("comma"), qPrintable(m_w->statusBar()->currentMessage()));
    // leaving the field (Tab) refuses it too
    QTest::keyClick(e, Qt::Key_Tab);
    QCOMPARE(inertia(), 0.25);
    // the typed number with a point is taken exactly
    type(e, "0.5");
    QTest::keyClick(e, Qt::Key_Return);
    QCOMPARE(inertia(), 0.5);
    QVERIFY(!e->property("unfinished").toBool());
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    // garbage is kept as typed and refused whole
    type(e, "12abc");
    QCOMPARE(e->text(), QString("12abc"));
    QTest::keyClick(e, Qt::Key_Return);
    QCOMPARE(inertia(), 0.5);
    QVERIFY(e->toolTip().contains("not a number"));
    QTest::keyClick(e, Qt::Key_Escape);
    QCOMPARE(e->text(), QString("0.5"));
}

void TestEntry::aDecimalCommaCountsWhereTheLocaleWritesOne()
{
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    NumberEdit* e = numberEdit("engine", "field:inertia");
    QVERIFY(e);
    type(e, "0,5");
    QTest::keyClick(e, Qt::Key_Return);
    QCOMPARE(inertia(), 0.5);
    // the point still works, thousands separators do not
    type(e, "0.75");
    QTest::keyClick(e, Qt::Key_Enter, Qt::KeypadModifier);
    QCOMPARE(inertia(), 0.75);
    type(e, "1.000,5");
    QTest::keyClick(e, Qt::Key_Return);
    QCOMPARE(inertia(), 0.75);
    QVERIFY(e->property("unfinished").toBool());
    // run settings read the comma the same way
    m_w->raiseDock(QStringLiteral("run"));
    QLineEdit* d = m_w->runSettings()->durationEdit();
    type(d, "2,5");
    QTest::keyClick(d, Qt::Key_Return);
    QCOMPARE(m_w->document()->lab().run.durationNs, std::int64_t(2500000000));
}

void TestEntry::aHalfTypedExponentSaysWhyAfterTab()
{
    LabDocument* doc = m_w->document();
    NumberEdit* e = numberEdit("engine", "field:initial_speed");
    QVERIFY(e);
    const std::string before = writeLab(doc->lab());
    type(e, "1e");
    QTest::keyClick(e, Qt::Key_Tab);
    QVERIFY(!e->hasFocus());
    QCOMPARE(writeLab(doc->lab()), before);
    QVERIFY(e->property("unfinished").toBool());
    QVERIFY2(e->toolTip().contains("exponent"), qPrintable(e->toolTip()));
    QVERIFY(m_w->statusBar()->currentMessage().contains("exponent"));
    // finishing it stores exactly that
    type(e, "1e2");
    QTest::keyClick(e, Qt::Key_Tab);
    QCOMPARE(doc->lab().findNode("engine")->fields["initial_speed"].get<double>(), 100.0);
    QVERIFY(!e->property("unfinished").toBool());
}

void TestEntry::aWholeNumberFieldRefusesDecimalsWhole()
{
    QVERIFY(m_w->openLab(test::labPath("two-speed-shift.lab.json")));
    NumberEdit* e = numberEdit("gearset", "param:sun_teeth");
    QVERIFY(e);
    const int before = m_w->document()->lab().findComponent("gearset")->parameters["sun_teeth"].get<int>();
    type(e, "31.5");
    QCOMPARE(e->text(), QString("31.5")); // the point is not dropped (that made 315)
    QTest::keyClick(e, Qt::Key_Return);
    QCOMPARE(m_w->document()->lab().findComponent("gearset")->parameters["sun_teeth"].get<int>(), before);
    QVERIFY(e->toolTip().contains("whole number"));
}

void TestEntry::runSettingsTakeExactlyWhatWasTyped()
{
    LabDocument* doc = m_w->document();
    m_w->raiseDock(QStringLiteral("run"));
    RunSettingsPanel* run = m_w->runSettings();
    QLineEdit* d = run->durationEdit();
    const std::int64_t before = doc->lab().run.durationNs;
    QCOMPARE(before, std::int64_t(5000000000));
    const int steps = doc->undoStack()->count();
    // "1e12" never becomes 112 s; it is a number, too large for whole nanoseconds
    type(d, "1e12");
    QCOMPARE(d->text(), QString("1e12"));
    QTest::keyClick(d, Qt::Key_Return);
    QCOMPARE(doc->lab().run.durationNs, before);
    QCOMPARE(d->text(), QString("1e12"));
    QVERIFY(d->property("unfinished").toBool());
    QVERIFY2(run->refusalText().contains("Too large"), qPrintable(run->refusalText()));
    QVERIFY(d->toolTip().contains("Too large"));
    // "-5" never becomes 5
    type(d, "-5");
    QCOMPARE(d->text(), QString("-5"));
    QTest::keyClick(d, Qt::Key_Return);
    QCOMPARE(doc->lab().run.durationNs, before);
    QVERIFY2(run->refusalText().contains("negative"), qPrintable(run->refusalText()));
    QCOMPARE(doc->undoStack()->count(), steps);
    // Escape restores the lab's value and clears the reason
    QTest::keyClick(d, Qt::Key_Escape);
    QCOMPARE(d->text(), QString("5"));
    QVERIFY(run->refusalText().isEmpty());
    QVERIFY(!d->property("unfinished").toBool());
    // too many decimals for whole nanoseconds: refused, not rounded
    type(d, "2.0000000001");
    QTest::keyClick(d, Qt::Key_Tab);
    QCOMPARE(doc->lab().run.durationNs, before);
    QVERIFY(run->refusalText().contains("decimals"));
    // a plain number is taken exactly; the tick field likewise
    type(d, "2.5");
    QTest::keyClick(d, Qt::Key_Return);
    QCOMPARE(doc->lab().run.durationNs, std::int64_t(2500000000));
    QVERIFY(run->refusalText().isEmpty());
    QLineEdit* t = run->tickEdit();
    type(t, "-50");
    QTest::keyClick(t, Qt::Key_Return);
    QCOMPARE(doc->lab().run.tickNs, std::int64_t(50000));
    type(t, "25");
    QTest::keyClick(t, Qt::Key_Enter, Qt::KeypadModifier);
    QCOMPARE(doc->lab().run.tickNs, std::int64_t(25000));
    // an exponent is taken as in every other number field (one grammar), exactly, in decimal
    type(d, "3e0");
    QTest::keyClick(d, Qt::Key_Return);
    QCOMPARE(doc->lab().run.durationNs, std::int64_t(3000000000));
    QCOMPARE(doc->undoStack()->text(doc->undoStack()->count() - 1), QString("Set duration 3 s"));
    type(t, "2e1");
    QTest::keyClick(t, Qt::Key_Return);
    QCOMPARE(doc->lab().run.tickNs, std::int64_t(20000));
    QLineEdit* r = run->reportEdit();
    type(r, "1e2");
    QTest::keyClick(r, Qt::Key_Return);
    QCOMPARE(doc->lab().run.reportEveryTicks, std::int64_t(100));
    QCOMPARE(doc->undoStack()->text(doc->undoStack()->count() - 1), QString("Set report every 100 ticks"));
    // and refused for the same reasons: finer than a nanosecond, a half-typed exponent
    type(d, "1.5e-9");
    QTest::keyClick(d, Qt::Key_Return);
    QCOMPARE(doc->lab().run.durationNs, std::int64_t(3000000000));
    QVERIFY2(run->refusalText().contains("decimals"), qPrintable(run->refusalText()));
    type(d, "2e");
    QTest::keyClick(d, Qt::Key_Return);
    QCOMPARE(doc->lab().run.durationNs, std::int64_t(3000000000));
    QVERIFY2(run->refusalText().contains("exponent"), qPrintable(run->refusalText()));
}

void TestEntry::returnAndEnterCommitInTheTorqueCurve()
{
    LabDocument* doc = m_w->document();
    m_w->scene()->selectIds({"engine_torque"});
    auto* t = qobject_cast<TableFieldEditor*>(m_w->properties()->form()->editor("param:torque_curve"));
    QVERIFY(t);
    QTableView* view = t->editor()->view();
    const auto torque = [doc](int row) {
        return doc->lab().findComponent("engine_torque")->parameters["torque_curve"][static_cast<std::size_t>(row)]["torque"].get<double>();
    };
    const int steps = doc->undoStack()->count();
    typeInCell(view, 1, 1, "185", Qt::Key_Return);
    QCOMPARE(torque(1), 185.0);
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    typeInCell(view, 2, 1, "190.5", Qt::Key_Enter, Qt::KeypadModifier);
    QCOMPARE(torque(2), 190.5);
    QCOMPARE(doc->undoStack()->count(), steps + 2);
}

void TestEntry::returnAndEnterCommitInTheConverterMaps()
{
    LabDocument* doc = m_w->document();
    ConverterMapEditor* editor = m_w->openMapEditor("tc");
    QVERIFY(editor);
    QApplication::setActiveWindow(editor);
    QTableView* view = editor->table()->view();
    const auto cell = [doc](int row, const char* column) {
        return doc->lab().findComponent("tc")->parameters["pump_positive"][static_cast<std::size_t>(row)][column].get<double>();
    };
    typeInCell(view, 1, 2, "0.0072", Qt::Key_Return);
    QCOMPARE(cell(1, "capacity_coefficient"), 0.0072);
    typeInCell(view, 2, 1, "1.75", Qt::Key_Enter, Qt::KeypadModifier);
    QCOMPARE(cell(2, "torque_ratio"), 1.75);
}

void TestEntry::returnCommitsInTheEventsTable()
{
    LabDocument* doc = m_w->document();
    QTableView* view = m_w->events()->view();
    m_w->raiseDock(QStringLiteral("events"));
    typeInCell(view, 1, EventsModel::Value, "500", Qt::Key_Return);
    QCOMPARE(doc->lab().events[1].value, 500.0);
    typeInCell(view, 1, EventsModel::Time, "2.75", Qt::Key_Enter, Qt::KeypadModifier);
    QCOMPARE(doc->lab().events[1].timeNs, std::int64_t(2750000000));
    // "-5" in the time column is kept as typed and refused, never 5 s
    view->setFocus();
    view->setCurrentIndex(view->model()->index(1, EventsModel::Time));
    QTest::keyClicks(view, "-");
    QWidget* e = QApplication::focusWidget();
    QTest::keyClicks(e, "5");
    QCOMPARE(qobject_cast<QLineEdit*>(e)->text(), QString("-5"));
    QTest::keyClick(e, Qt::Key_Return); // stays open: not a time
    QCoreApplication::processEvents();
    QCOMPARE(QApplication::focusWidget(), e);
    QTest::keyClick(e, Qt::Key_Tab);
    QCoreApplication::processEvents();
    QCOMPARE(doc->lab().events[1].timeNs, std::int64_t(2750000000));
    QVERIFY(m_w->statusBar()->currentMessage().contains("negative"));
}

void TestEntry::aRefusedCellSaysWhy()
{
    LabDocument* doc = m_w->document();
    m_w->scene()->selectIds({"engine_torque"});
    auto* t = qobject_cast<TableFieldEditor*>(m_w->properties()->form()->editor("param:torque_curve"));
    QTableView* view = t->editor()->view();
    const std::string before = writeLab(doc->lab());
    view->setFocus();
    view->setCurrentIndex(view->model()->index(1, 1));
    QTest::keyClicks(view, "1");
    QWidget* e = QApplication::focusWidget();
    QTest::keyClicks(e, "8,5");
    QCOMPARE(qobject_cast<QLineEdit*>(e)->text(), QString("18,5"));
    // Return keeps the editor open on text that is not a number, and says why
    QTest::keyClick(e, Qt::Key_Return);
    QCoreApplication::processEvents();
    QCOMPARE(QApplication::focusWidget(), e);
    QVERIFY(t->editor()->lastRefusal().contains("comma"));
    // Tab leaves it; nothing is stored
    QTest::keyClick(e, Qt::Key_Tab);
    QCoreApplication::processEvents();
    QCOMPARE(writeLab(doc->lab()), before);
    QVERIFY(m_w->statusBar()->currentMessage().contains("comma"));
}

void TestEntry::undoAndRedoKeysWorkEverywhere()
{
    LabDocument* doc = m_w->document();
    NumberEdit* e = numberEdit("engine", "field:inertia");
    type(e, "0.5");
    QTest::keyClick(e, Qt::Key_Return);
    QCOMPARE(inertia(), 0.5);
    // from the canvas
    m_w->view()->setFocus();
    QTest::keyClick(m_w->view(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(inertia(), 0.25);
    QTest::keyClick(m_w->view(), Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(inertia(), 0.5);
    QTest::keyClick(m_w->view(), Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(m_w->view(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(inertia(), 0.5);
    // from a panel (the Problems tree)
    m_w->raiseDock(QStringLiteral("problems"));
    QWidget* panel = m_w->problems()->tree();
    panel->setFocus();
    QTest::keyClick(panel, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(inertia(), 0.25);
    QTest::keyClick(panel, Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(inertia(), 0.5);
    // from the map editor window: the same stack
    ConverterMapEditor* editor = m_w->openMapEditor("tc");
    QApplication::setActiveWindow(editor);
    QTableView* view = editor->table()->view();
    typeInCell(view, 1, 2, "0.0072", Qt::Key_Return);
    const auto c = [doc] {
        return doc->lab().findComponent("tc")->parameters["pump_positive"][1]["capacity_coefficient"].get<double>();
    };
    QCOMPARE(c(), 0.0072);
    view->setFocus();
    QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(c(), 0.007);
    QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(c(), 0.0072);
    QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(view, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(inertia(), 0.25); // the lab's one stack, across windows
    QTest::keyClick(view, Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(inertia(), 0.5);
    // a text field being typed in still undoes its own typing first
    QApplication::setActiveWindow(m_w.get());
    e = numberEdit("engine", "field:inertia");
    type(e, "0.9");
    QTest::keyClick(e, Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(e->text() != QString("0.9"));
    QCOMPARE(inertia(), 0.5);
}

QTEST_MAIN(TestEntry)
#include "tst_entry.moc"
