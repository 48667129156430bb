// The 2-D table editor (issue 35 item 6, the editor half): a mapped engine's torque map edited
// in a grid (axes in row 0 and column 0, values[i][j] = f(x[i], y[j]) in the cells) beside its
// colour map with contour lines, and the operating point drawn live during a run.
//
//   typing a cell (real key events)         -> stored exactly as typed (display unit converted once)
//   a non-monotone axis, NaN, "1e", a range  -> refused with "eng: torque_map.FIELD: reason", table kept
//   a tab-separated block at a cell (Ctrl+V) -> the cells under it; a whole map at the corner cell
//   + / − row and column                     -> one x / y point, values interpolated between neighbours
//   every change                             -> one undo step; undo/redo give the lab bytes back exactly
//   preview pixel (px, py)                   -> colourOf(Table2D::at(toSi(pixel centre))): the core's bilinear value
//   contour segment ends                     -> on their level to rounding (the surface is linear along sub-cell edges)
//   run of   [speed_source w(t)]=>[e]--eng(th(t))--ground,  w = 100 + 200 t rad/s, th = 0.2 + 0.6 t, h = 1 ms:
//            the marker sits at (speed, throttle) of the newest sample = (w(t - h/2), th(t - h/2)) (the
//            means over the last tick of ramps), and moves with the run.
#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTableView>
#include <QToolButton>
#include <QUndoStack>
#include <QtTest>

#include <cmath>

#include "document/displayunits.h"
#include "document/labdocument.h"
#include "plots/plotarea.h"
#include "properties/propertypanel.h"
#include "runtestutil.h"
#include "simulation/samplestore.h"
#include "spec/labwriter.h"
#include "table2d/mappreview.h"
#include "table2d/table2ddialog.h"
#include "table2d/table2deditor.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

const char* kLab = R"({"format": "drivelab.lab", "version": 1, "name": "mapped engine on a speed ramp",
  "run": {"tick_ns": 1000000, "duration_ns": 1000000000, "report_every_ticks": 100},
  "nodes": [{"id": "e", "domain": "rotational", "inertia": 0.2, "initial_speed": 100}],
  "components": [
    {"id": "src", "type": "speed_source", "node_a": "e", "inputs": {"speed": {"signal": "w"}}},
    {"id": "eng", "type": "mapped_engine", "node_a": "e", "inputs": {"throttle": {"signal": "th"}},
     "parameters": {"torque_map": {"x": [0, 150, 220, 400], "y": [0, 0.3, 1],
                                   "values": [[20, 65, 170], [35, 80, 185], [42, 87, 192], [60, 105, 210]]},
                    "fuel_map": {"x": [0, 400], "y": [-100, 300], "values": [[0.5, 6], [2.5, 16]]},
                    "lower_heating_value": 43000000}}],
  "events": [],
  "signals": [{"id": "w", "kind": "ramp", "start": 0, "duration": 1, "from": 100, "to": 300},
              {"id": "th", "kind": "ramp", "start": 0, "duration": 1, "from": 0.2, "to": 0.8}]})";

} // namespace

class TestTable2DEditor : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void openedFromThePropertyForm();
    void typedCellIsStoredExactly();
    void badEntriesAreRefusedWithTheReason();
    void blockPasteFromASpreadsheet();
    void rowsAndColumnsAddedAndRemoved();
    void everyEditIsOneUndoStep();
    void previewColoursAreTheBilinearValues();
    void operatingPointFollowsTheRun();

private:
    Table2DEditor* grid() const { return m_dialog->editor(); }
    Json map() const { return m_w->document()->lab().findComponent("eng")->parameters["torque_map"]; }
    std::string labText() const { return writeLab(m_w->document()->lab()); }
    /// double-click a grid cell and type text, then press a key, as a user does
    void typeInto(int row, int column, const QString& text, Qt::Key finish = Qt::Key_Return);

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_w;
    Table2DDialog* m_dialog = nullptr;
    test::ScriptedPrompter m_prompter;
};

void TestTable2DEditor::init()
{
    const QString path = m_dir.filePath(QStringLiteral("engine.lab.json"));
    QVERIFY(test::writeAll(path, QByteArray(kLab)));
    m_w = test::shownMainWindow(m_dir, &m_prompter);
    QVERIFY(m_w->openLab(path));
    QVERIFY(m_w->document()->diagnostics().empty());
    m_dialog = m_w->openTable2DEditor(QStringLiteral("eng"), QStringLiteral("torque_map"));
    QVERIFY(m_dialog);
    QVERIFY(QTest::qWaitForWindowExposed(m_dialog));
}

void TestTable2DEditor::cleanup()
{
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    m_w.reset();
    if (DisplayUnits::instance().engineering(DisplayUnits::Quantity::Speed))
        DisplayUnits::instance().setEngineering(DisplayUnits::Quantity::Speed, false);
}

void TestTable2DEditor::typeInto(int row, int column, const QString& text, Qt::Key finish)
{
    // click the cell, then type: the first key opens the cell editor with it (AnyKeyPressed)
    QTableView* view = grid()->view();
    const QModelIndex idx = grid()->model()->index(row, column);
    view->scrollTo(idx);
    m_dialog->activateWindow();
    view->setFocus();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(idx).center());
    QCOMPARE(view->currentIndex(), idx);
    QTest::keyClicks(view, text.left(1));
    QWidget* editor = QApplication::focusWidget();
    QVERIFY(editor && editor != view);
    QTest::keyClicks(editor, text.mid(1));
    QCOMPARE(qobject_cast<QLineEdit*>(editor)->text(), text); // every key kept
    QTest::keyClick(editor, finish);
    QCoreApplication::processEvents(); // the delegate commits through a queued call
}

void TestTable2DEditor::openedFromThePropertyForm()
{
    m_dialog->close();
    QApplication::processEvents();
    m_w->properties()->showItems({QStringLiteral("eng")});
    QPushButton* button = nullptr;
    for (QPushButton* b : m_w->properties()->findChildren<QPushButton*>(QStringLiteral("editTable2D"))) {
        if (b->isVisible()) button = b;
    }
    QVERIFY(button);
    QCOMPARE(m_w->properties()->findChildren<QPushButton*>(QStringLiteral("editTable2D")).size(), 2); // torque_map, fuel_map
    QTest::mouseClick(button, Qt::LeftButton);
    QApplication::processEvents();
    Table2DDialog* opened = nullptr;
    for (Table2DDialog* d : m_w->findChildren<Table2DDialog*>()) {
        if (d->isVisible()) opened = d;
    }
    QVERIFY(opened);
    QCOMPARE(opened->componentId(), QStringLiteral("eng"));
    // a diagnostic naming a cell opens the editor at that cell
    m_w->showProblem(QStringLiteral("eng"), QStringLiteral("mapped_engine.fuel_map.values[1][0]"));
    Table2DDialog* fuel = nullptr;
    for (Table2DDialog* d : m_w->findChildren<Table2DDialog*>()) {
        if (d->isVisible() && d->parameterName() == QLatin1String("fuel_map")) fuel = d;
    }
    QVERIFY(fuel);
    QCOMPARE(fuel->editor()->view()->currentIndex(), fuel->editor()->model()->index(2, 1));
}

void TestTable2DEditor::typedCellIsStoredExactly()
{
    typeInto(2, 2, QStringLiteral("81.2345678901"));
    QCOMPARE(map()["values"][1][1].get<double>(), 81.2345678901);
    QCOMPARE(grid()->lastRefusal(), QString());
    // the y axis (row 0) and, in rpm, the x axis (column 0): converted once from what was typed
    typeInto(0, 2, QStringLiteral("0.35"));
    QCOMPARE(map()["y"][1].get<double>(), 0.35);
    DisplayUnits::instance().setEngineering(DisplayUnits::Quantity::Speed, true);
    typeInto(2, 0, QStringLiteral("1500"));
    const double si = DisplayUnits::instance().view(QStringLiteral("rad/s")).fromDisplay(1500.0);
    QCOMPARE(map()["x"][1].get<double>(), si);
    QCOMPARE(grid()->model()->index(2, 0).data().toString(), QStringLiteral("1500"));
    QCOMPARE(m_w->document()->undoStack()->count(), 3);
}

void TestTable2DEditor::badEntriesAreRefusedWithTheReason()
{
    const std::string before = labText();
    const int steps = m_w->document()->undoStack()->count();
    QLabel* refusal = grid()->findChild<QLabel*>(QStringLiteral("refusal"));
    QVERIFY(refusal);
    // x[1] = 300 > x[2] = 220: the speed axis would not increase
    typeInto(2, 0, QStringLiteral("300"), Qt::Key_Tab);
    QVERIFY2(grid()->lastRefusal().startsWith(QStringLiteral("eng: torque_map.x[2]: ")), qPrintable(grid()->lastRefusal()));
    QVERIFY(grid()->lastRefusal().contains(QStringLiteral("increase strictly")));
    QVERIFY(refusal->isVisible());
    QCOMPARE(refusal->text(), grid()->lastRefusal());
    QCOMPARE(labText(), before);
    // the same in rpm: the reason in rpm too
    DisplayUnits::instance().setEngineering(DisplayUnits::Quantity::Speed, true);
    typeInto(2, 0, QStringLiteral("3000"), Qt::Key_Tab);
    QVERIFY2(grid()->lastRefusal().contains(QStringLiteral("rpm follows")), qPrintable(grid()->lastRefusal()));
    QCOMPARE(labText(), before);
    // a throttle above 1: out of the axis's range
    typeInto(0, 3, QStringLiteral("1.5"), Qt::Key_Tab);
    QVERIFY2(grid()->lastRefusal().startsWith(QStringLiteral("eng: torque_map.y[2]: ")), qPrintable(grid()->lastRefusal()));
    QCOMPARE(labText(), before);
    // NaN typed is not a number; NaN set as a value is not finite
    typeInto(1, 1, QStringLiteral("nan"), Qt::Key_Tab);
    QVERIFY2(grid()->lastRefusal().contains(QStringLiteral("not a number")), qPrintable(grid()->lastRefusal()));
    QCOMPARE(labText(), before);
    QVERIFY(grid()->model()->setData(grid()->model()->index(1, 1), std::nan(""), Qt::EditRole));
    QVERIFY2(grid()->lastRefusal().startsWith(QStringLiteral("eng: torque_map.values[0][0]: not finite")), qPrintable(grid()->lastRefusal()));
    QCOMPARE(labText(), before);
    // a half-typed exponent: Return keeps the editor open with the text, nothing stored
    typeInto(1, 2, QStringLiteral("1e"), Qt::Key_Return);
    QVERIFY2(grid()->lastRefusal().contains(QStringLiteral("exponent")), qPrintable(grid()->lastRefusal()));
    auto* open = qobject_cast<QLineEdit*>(QApplication::focusWidget());
    QVERIFY(open);
    QCOMPARE(open->text(), QStringLiteral("1e"));
    QTest::keyClick(open, Qt::Key_Escape);
    QCOMPARE(labText(), before);
    QCOMPARE(m_w->document()->undoStack()->count(), steps);
    // a valid entry afterwards clears the refusal
    typeInto(1, 1, QStringLiteral("21"));
    QCOMPARE(grid()->lastRefusal(), QString());
    QVERIFY(!refusal->isVisible());
}

void TestTable2DEditor::blockPasteFromASpreadsheet()
{
    // a 2 x 2 block at values[1][1] (grid (2, 2)), tab-separated as spreadsheets copy it
    QApplication::clipboard()->setText(QStringLiteral("90\t190\n95\t195\n"));
    grid()->focusCell(2, 2);
    QTest::keyClick(grid()->view(), Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(map()["values"], Json::parse("[[20, 65, 170], [35, 90, 190], [42, 95, 195], [60, 105, 210]]"));
    QCOMPARE(m_w->document()->undoStack()->count(), 1);
    // a block that does not fit is refused whole
    const std::string before = labText();
    QApplication::clipboard()->setText(QStringLiteral("1\t2\t3\n"));
    grid()->focusCell(4, 2);
    QTest::keyClick(grid()->view(), Qt::Key_V, Qt::ControlModifier);
    QVERIFY2(grid()->lastRefusal().contains(QStringLiteral("does not fit")), qPrintable(grid()->lastRefusal()));
    QCOMPARE(labText(), before);
    // a whole map with its axes at the corner cell (a label in the spreadsheet's corner)
    QApplication::clipboard()->setText(QStringLiteral("rpm\\thr\t0\t1\n0\t10\t100\n500\t20\t200\n"));
    grid()->focusCell(0, 0);
    QTest::keyClick(grid()->view(), Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(map(), Json::parse(R"({"x": [0, 500], "y": [0, 1], "values": [[10, 100], [20, 200]]})"));
    QCOMPARE(grid()->model()->rowCount(), 3);
    QCOMPARE(grid()->model()->columnCount(), 3);
    QCOMPARE(m_w->document()->undoStack()->count(), 2);
}

void TestTable2DEditor::rowsAndColumnsAddedAndRemoved()
{
    auto* addRow = grid()->findChild<QToolButton*>(QStringLiteral("addRow"));
    auto* removeRow = grid()->findChild<QToolButton*>(QStringLiteral("removeRow"));
    auto* addColumn = grid()->findChild<QToolButton*>(QStringLiteral("addColumn"));
    auto* removeColumn = grid()->findChild<QToolButton*>(QStringLiteral("removeColumn"));
    QVERIFY(addRow && removeRow && addColumn && removeColumn);
    // after x[1] = 150: x = 185, the row the mean of its neighbours
    grid()->focusCell(2, 1);
    QTest::mouseClick(addRow, Qt::LeftButton);
    QCOMPARE(map()["x"], Json::parse("[0, 150, 185, 220, 400]"));
    QCOMPARE(map()["values"][2], Json::parse("[38.5, 83.5, 188.5]"));
    // after y[0] = 0: y = 0.15
    grid()->focusCell(1, 1);
    QTest::mouseClick(addColumn, Qt::LeftButton);
    QCOMPARE(map()["y"], Json::parse("[0, 0.15, 0.3, 1]"));
    QCOMPARE(map()["values"][0], Json::parse("[20, 42.5, 65, 170]"));
    // remove the added row and column again: the original map
    grid()->focusCell(3, 1);
    QTest::mouseClick(removeRow, Qt::LeftButton);
    grid()->focusCell(1, 2);
    QTest::mouseClick(removeColumn, Qt::LeftButton);
    QCOMPARE(map(), Json::parse(kLab)["components"][1]["parameters"]["torque_map"]);
    QCOMPARE(m_w->document()->undoStack()->count(), 4);
    // the last point past the end: beyond by the last step
    grid()->focusCell(4, 1);
    QTest::mouseClick(addRow, Qt::LeftButton);
    QCOMPARE(map()["x"], Json::parse("[0, 150, 220, 400, 580]"));
    // fewer than two points on an axis is refused
    grid()->focusCell(0, 2);
    QTest::mouseClick(removeColumn, Qt::LeftButton);
    const std::string before = labText();
    grid()->focusCell(0, 1);
    QVERIFY(!removeColumn->isEnabled());
    grid()->removeColumns({1});
    QVERIFY(grid()->lastRefusal().contains(QStringLiteral("at least 2 points")));
    QCOMPARE(labText(), before);
}

void TestTable2DEditor::everyEditIsOneUndoStep()
{
    std::vector<std::string> states{labText()};
    typeInto(3, 3, QStringLiteral("199.5"));
    states.push_back(labText());
    QApplication::clipboard()->setText(QStringLiteral("1\t2\n"));
    grid()->focusCell(1, 1);
    QTest::keyClick(grid()->view(), Qt::Key_V, Qt::ControlModifier);
    states.push_back(labText());
    grid()->focusCell(2, 1);
    QTest::mouseClick(grid()->findChild<QToolButton*>(QStringLiteral("addRow")), Qt::LeftButton);
    states.push_back(labText());
    grid()->focusCell(1, 3);
    QTest::mouseClick(grid()->findChild<QToolButton*>(QStringLiteral("removeColumn")), Qt::LeftButton);
    states.push_back(labText());
    QCOMPARE(m_w->document()->undoStack()->count(), 4);
    test::walkUndoRedo(m_w->document(), states, true);
    // the keys: Ctrl+Z in the dialog undoes, the grid follows
    QTest::keyClick(m_dialog, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(labText(), states[3]);
    QCOMPARE(grid()->model()->columnCount(), 4);
    // saved bytes: the lab written after the edits reads back to the same bytes
    const QString saved = m_dir.filePath(QStringLiteral("saved.lab.json"));
    m_prompter.nextSavePath = saved;
    QVERIFY(m_w->files()->saveAs());
    const QByteArray bytes = test::readAll(saved);
    QCOMPARE(bytes.toStdString(), states[3]);
}

void TestTable2DEditor::previewColoursAreTheBilinearValues()
{
    MapPreview* preview = m_dialog->preview();
    QVERIFY(preview->valid());
    const QImage& image = preview->image();
    const QRect r = preview->plotRect().toRect();
    QCOMPARE(image.size(), r.size());
    QVERIFY(image.width() > 200 && image.height() > 150);
    // every 7th pixel: the colour of the core's bilinear value at its centre
    const Table2D& t = preview->table();
    int checked = 0;
    for (int py = 0; py < image.height(); py += 7) {
        for (int px = 0; px < image.width(); px += 7) {
            const QPointF si = preview->toSi(QPointF(r.left() + px + 0.5, r.top() + py + 0.5));
            bool outside = false;
            const double z = t.at(si.x(), si.y(), outside);
            QVERIFY(!outside);
            QCOMPARE(QColor(image.pixel(px, py)), preview->colourOf(z));
            ++checked;
        }
    }
    QVERIFY(checked > 500);
    // the scale: its ends are the map's extreme values, in distinct colours
    QCOMPARE(preview->zMin(), 20.0);
    QCOMPARE(preview->zMax(), 210.0);
    QVERIFY(preview->colourOf(20.0) != preview->colourOf(210.0));
    // contour levels at nice steps inside (20, 210); every segment's ends lie on their level
    QCOMPARE(preview->levels(), (QVector<double>{40, 60, 80, 100, 120, 140, 160, 180, 200}));
    for (int k = 0; k < preview->levels().size(); ++k) {
        QVERIFY(!preview->contour(k).isEmpty());
        for (const QLineF& s : preview->contour(k)) {
            for (const QPointF& p : {s.p1(), s.p2()}) {
                bool outside = false;
                QVERIFY(std::fabs(t.at(p.x(), p.y(), outside) - preview->levels()[k]) <= 1e-12 * 210.0);
            }
        }
    }
    // the level 100 crosses the throttle axis at x = 0 between y = 0.3 (65) and 1 (170): y = 0.3 + 0.7 * 35 / 105
    bool found = false;
    for (const QLineF& s : preview->contour(static_cast<int>(preview->levels().indexOf(100.0)))) {
        for (const QPointF& p : {s.p1(), s.p2()}) found = found || (p.x() == 0.0 && std::fabs(p.y() - (0.3 + 0.7 * 35.0 / 105.0)) < 1e-12);
    }
    QVERIFY(found);
    // an invalid table is not drawn
    Json bad = map();
    bad["x"][2] = 100.0;
    preview->setTable(bad, preview->table().nx ? m_dialog->editor()->model()->parameter() : nullptr);
    QVERIFY(!preview->valid());
}

void TestTable2DEditor::operatingPointFollowsTheRun()
{
    MapPreview* preview = m_dialog->preview();
    m_dialog->updateLive();
    QVERIFY(!preview->operatingPoint());
    RunController* run = m_w->runController();
    QVERIFY(run->runTo(0.4));
    m_dialog->updateLive();
    const auto check = [&](double tolerance) {
        const SampleStore& s = *run->branches().front().store;
        const std::size_t n = s.size();
        QVERIFY(n > 1);
        const double t = s.time(n - 1), h = 1e-3;
        const auto p = preview->operatingPoint();
        QVERIFY(p);
        // the marker is the observables' newest sample, which is the ramps' value at the last tick's midpoint
        const auto [kx, ky] = m_dialog->liveIndexes();
        QCOMPARE(p->x(), s.value(n - 1, static_cast<std::size_t>(kx)));
        QCOMPARE(p->y(), s.value(n - 1, static_cast<std::size_t>(ky)));
        QVERIFY(std::fabs(p->x() - (100.0 + 200.0 * (t - h / 2.0))) < tolerance * 300.0);
        QVERIFY(std::fabs(p->y() - (0.2 + 0.6 * (t - h / 2.0))) < tolerance);
    };
    check(1e-12);
    const QPointF first = *preview->operatingPoint();
    QVERIFY(run->runTo(0.8));
    m_dialog->updateLive();
    check(1e-12);
    QVERIFY(preview->operatingPoint()->x() > first.x() + 50.0);
    QVERIFY(m_dialog->findChild<QLabel*>(QStringLiteral("live"))->text().contains(QStringLiteral("Operating point at t = ")));
    // a look at it: the dialog as drawn (docs/EDITOR.md)
    m_dialog->resize(1180, 640);
    QApplication::processEvents();
    m_dialog->grab().save(QStringLiteral("/tmp/table2d-editor.png"));
}

QTEST_MAIN(TestTable2DEditor)
#include "tst_table2deditor.moc"
