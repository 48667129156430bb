// The converter map editor: every rule of LAB_FORMAT section 2 the core reports shows
// at the offending row (and point on the chart): a knot with s·R > 1, an efficiency
// peak inside a segment, a non-increasing speed ratio, the end rules, the
// counter-rotation pairing on the first rows of both maps of the pair. Points are
// added, removed, reordered and pasted from a spreadsheet, each as one command.
#include <QApplication>
#include <QClipboard>
#include <QLineSeries>
#include <QScatterSeries>
#include <QTabBar>
#include <QTableView>
#include <QUndoStack>
#include <QtTest>

#include "commands/deleteitemscommand.h"
#include "commands/renamecommand.h"
#include "commands/setvaluecommand.h"
#include "convertermap/convertermapeditor.h"
#include "convertermap/mapchart.h"
#include "document/labdocument.h"
#include "properties/tableeditor.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

class TestConverterMap : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void validMapsShowNoProblems();
    void efficiencyAboveOneMarksTheRightRow();
    void efficiencyPeakInsideASegmentIsCaught();
    void speedRatioOrderAndEndRules();
    void counterRotationMarksBothMapsOfThePair();
    void pointsAreAddedRemovedAndReordered();
    void pasteFromASpreadsheet();
    void garbageInACellChangesNothing();
    void theEditorFollowsRenameAndDelete();

private:
    TableModel* model() const { return m_editor->table()->model(); }
    /// rows of the shown map with any problem
    QList<int> badRows() const;
    void setMap(const char* map, const Json& rows)
    {
        m_w->document()->push(new SetValueCommand(m_w->document(), {ValueTarget::Kind::Parameter, "tc", map}, rows));
    }
    Json map(const char* name) const { return m_w->document()->lab().findComponent("tc")->parameters[name]; }

    QTemporaryDir m_dir;
    MainWindow* m_w = nullptr;
    ConverterMapEditor* m_editor = nullptr;
    test::ScriptedPrompter m_prompter;
};

void TestConverterMap::init()
{
    m_w = new MainWindow({m_dir.filePath("recovery"), false});
    m_w->setPrompter(&m_prompter);
    QVERIFY(m_w->openLab(test::labPath("converter-launch.lab.json")));
    m_editor = m_w->openMapEditor("tc");
    QVERIFY(m_editor);
}

void TestConverterMap::cleanup()
{
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    delete m_w;
}

QList<int> TestConverterMap::badRows() const
{
    QList<int> rows;
    for (int r = 0; r < model()->rowCount(); ++r) {
        bool bad = !model()->problems(r, -1).isEmpty();
        for (int c = 0; c < 3; ++c) bad = bad || !model()->problems(r, c).isEmpty();
        if (bad) rows << r;
    }
    return rows;
}

void TestConverterMap::validMapsShowNoProblems()
{
    QCOMPARE(m_editor->currentMap(), QString("pump_positive"));
    QCOMPARE(model()->rowCount(), 10);
    QVERIFY(badRows().isEmpty());
    QCOMPARE(m_editor->problemLines().size(), 1);
    QVERIFY(m_editor->problemLines().front().startsWith(QStringLiteral("✔")));
    MapChart* chart = m_editor->chart();
    QCOMPARE(chart->torqueRatioSeries()->count(), 10);
    QCOMPARE(chart->capacitySeries()->count(), 10);
    QVERIFY(chart->efficiencySeries()->count() > 100);
    QCOMPARE(chart->limitSeries()->points(), (QList<QPointF>{{-1.0, 1.0}, {1.0, 1.0}}));
    QCOMPARE(chart->problemSeries()->count(), 0);
    for (const QPointF& p : chart->efficiencySeries()->points()) QVERIFY(p.y() <= 1.0 + 1e-12);
}

void TestConverterMap::efficiencyAboveOneMarksTheRightRow()
{
    // s = 0.8 with R = 1.5: s·R = 1.2 at point 5
    QVERIFY(model()->setData(model()->index(5, 1), "1.5", Qt::EditRole));
    QCOMPARE(map("pump_positive")[5]["torque_ratio"].get<double>(), 1.5);
    QCOMPARE(badRows(), QList<int>{5});
    QVERIFY(!model()->problems(5, 1).isEmpty());
    // numbers for people (not 1.2000000000000002), the product in words (not s*R)
    QCOMPARE(model()->problems(5, 1).front(),
             QString("efficiency (speed_ratio times torque_ratio) = 1.2 exceeds 1 at speed_ratio 0.8; lower torque_ratio to at most 1.25"));
    QVERIFY(model()->headerData(5, Qt::Vertical, Qt::DisplayRole).toString().contains("5"));
    QVERIFY(model()->headerData(5, Qt::Vertical, Qt::DisplayRole).toString().startsWith("⚠"));
    QVERIFY(m_editor->problemLines().join('\n').contains("converter.pump_positive[5].torque_ratio"));
    const auto bad = m_editor->chart()->problemSeries()->points();
    QCOMPARE(bad.size(), 1);
    QCOMPARE(bad.front(), QPointF(0.8, 1.5));
    QVERIFY(m_editor->chart()->badSegmentSeries()->count() > 0);
    // the other maps are clean
    auto* tabs = m_editor->findChild<QTabBar*>();
    QVERIFY(tabs->tabText(0).startsWith("⚠"));
    for (int i = 1; i < 4; ++i) QVERIFY(!tabs->tabText(i).startsWith("⚠"));
    // undo clears it live
    m_w->document()->undoStack()->undo();
    QVERIFY(badRows().isEmpty());
    QCOMPARE(m_editor->chart()->problemSeries()->count(), 0);
}

void TestConverterMap::efficiencyPeakInsideASegmentIsCaught()
{
    // knots pass (0.5·1.9 = 0.95, 1·1 = 1) but s·R peaks at 1.089 near s = 0.78
    const Json rows = Json::parse(R"([{"speed_ratio": -1, "torque_ratio": 1, "capacity_coefficient": 0.008},
        {"speed_ratio": 0, "torque_ratio": 2, "capacity_coefficient": 0.007},
        {"speed_ratio": 0.5, "torque_ratio": 1.9, "capacity_coefficient": 0.005},
        {"speed_ratio": 1, "torque_ratio": 1, "capacity_coefficient": 0}])");
    setMap("pump_positive", rows);
    QCOMPARE(badRows(), QList<int>{2});
    QVERIFY(model()->problems(2, 1).front().contains("peaks"));
    bool above = false;
    for (const QPointF& p : m_editor->chart()->efficiencySeries()->points()) above = above || p.y() > 1.05;
    QVERIFY(above);
    for (const QPointF& p : m_editor->chart()->badSegmentSeries()->points()) QVERIFY(p.x() > 0.5 && p.x() < 1.0 && p.y() > 1.0);
    QVERIFY(m_editor->chart()->badSegmentSeries()->count() > 0);
}

void TestConverterMap::speedRatioOrderAndEndRules()
{
    Json rows = map("pump_positive");
    rows[3]["speed_ratio"] = 0.1;            // follows 0.2
    rows[9]["capacity_coefficient"] = 0.001; // C must be 0 at s = 1
    setMap("pump_positive", rows);
    QCOMPARE(badRows(), (QList<int>{3}));
    QVERIFY(model()->problems(3, 0).front().contains("increase strictly"));
    // the map must span exactly -1 .. 1
    rows[3]["speed_ratio"] = 0.4;
    rows[0]["speed_ratio"] = -0.9;
    setMap("pump_positive", rows);
    QCOMPARE(badRows(), (QList<int>{0}));
    QVERIFY(model()->problems(0, 0).front().contains("-1 exactly"));
    // once it does, C = 0 at s = 1
    rows[0]["speed_ratio"] = -1.0;
    setMap("pump_positive", rows);
    QCOMPARE(badRows(), (QList<int>{9}));
    QVERIFY(model()->problems(9, 2).front().contains("must be 0"));
    // too few points: the whole map
    setMap("pump_positive", Json::array({rows[0]}));
    QVERIFY(!model()->tableProblems().isEmpty());
}

void TestConverterMap::counterRotationMarksBothMapsOfThePair()
{
    Json rows = map("turbine_negative");
    rows[0]["capacity_coefficient"] = 0.009;
    setMap("turbine_negative", rows);
    m_editor->showMap("counter_rotation");
    QCOMPARE(m_editor->currentMap(), QString("pump_positive"));
    QCOMPARE(badRows(), QList<int>{0});
    QVERIFY(model()->problems(0, 2).front().contains("turbine_negative"));
    m_editor->showMap("turbine_negative");
    QCOMPARE(badRows(), QList<int>{0});
    for (const char* clean : {"pump_negative", "turbine_positive"}) {
        m_editor->showMap(clean);
        QVERIFY2(badRows().isEmpty(), clean);
    }
}

void TestConverterMap::pointsAreAddedRemovedAndReordered()
{
    LabDocument* doc = m_w->document();
    m_editor->showMap("pump_negative");
    TableEditor* t = m_editor->table();
    const int steps = doc->undoStack()->count();
    t->addPoint(1); // between s = 0 and s = 0.85
    QCOMPARE(model()->rowCount(), 5);
    QCOMPARE(*model()->cell(2, 0), 0.425);
    QCOMPARE(*model()->cell(2, 1), 1.5);
    QVERIFY(doc->isValid());
    t->movePoint(2, -1); // out of order: the core complains on the moved row
    QCOMPARE(*model()->cell(1, 0), 0.425);
    QCOMPARE(badRows(), QList<int>{2});
    t->movePoint(1, +1);
    QVERIFY(badRows().isEmpty());
    t->removePoints({2});
    QCOMPARE(model()->rowCount(), 4);
    QCOMPARE(doc->undoStack()->count(), steps + 4);
    // never fewer points than the descriptor's minimum
    t->removePoints({0, 1, 2});
    QCOMPARE(model()->rowCount(), 4);
    QCOMPARE(doc->undoStack()->count(), steps + 4);
    for (int i = 0; i < 4; ++i) doc->undoStack()->undo();
    QCOMPARE(model()->rowCount(), 4);
    QCOMPARE(QString::fromStdString(map("pump_negative").dump()),
             QString::fromStdString(Json::parse(test::readAll(test::labPath("converter-launch.lab.json"))
                                                    .toStdString())["components"][2]["parameters"]["pump_negative"]
                                        .dump()));
}

void TestConverterMap::pasteFromASpreadsheet()
{
    LabDocument* doc = m_w->document();
    m_editor->showMap("turbine_positive");
    TableEditor* t = m_editor->table();
    t->view()->selectAll();
    // what a spreadsheet copies: a header, tabs, decimal commas
    const QString text = "speed_ratio\ttorque_ratio\tcapacity_coefficient\n-1\t1\t0,008\n0\t1\t0,0035\n0,6\t1\t0,002\n1\t1\t0\n";
    const int steps = doc->undoStack()->count();
    QVERIFY(t->pasteText(text, 0, 0));
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    QCOMPARE(model()->rowCount(), 4);
    QCOMPARE(*model()->cell(1, 2), 0.0035);
    QCOMPARE(*model()->cell(2, 0), 0.6);
    QVERIFY(doc->isValid());
    // a column pasted at a cell overwrites downwards
    t->view()->clearSelection();
    QVERIFY(t->pasteText("0.004\n0.0025\n", 1, 2));
    QCOMPARE(*model()->cell(1, 2), 0.004);
    QCOMPARE(*model()->cell(2, 2), 0.0025);
    QCOMPARE(*model()->cell(2, 0), 0.6);
    // text that is not numbers changes nothing
    QVERIFY(!t->pasteText("speed\nfast\n", 0, 0));
    QCOMPARE(doc->undoStack()->count(), steps + 2);
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    QCOMPARE(model()->rowCount(), 5);
}

void TestConverterMap::garbageInACellChangesNothing()
{
    LabDocument* doc = m_w->document();
    const std::string before = writeLab(doc->lab());
    for (const char* junk : {"", "abc", "1..2", "nan", "1e", "--1"})
        QVERIFY2(!model()->setData(model()->index(3, 1), junk, Qt::EditRole), junk);
    QCOMPARE(writeLab(doc->lab()), before);
    QVERIFY(doc->isValid());
}

void TestConverterMap::theEditorFollowsRenameAndDelete()
{
    LabDocument* doc = m_w->document();
    QPointer<ConverterMapEditor> editor = m_editor;
    QVERIFY(m_w->openMapEditor("tc") == editor.data()); // one editor per converter
    m_w->scene();
    doc->push(new RenameCommand(doc, "tc", "converter"));
    QCOMPARE(editor->componentId(), QString("converter"));
    QVERIFY(editor->windowTitle().contains("converter"));
    QVERIFY(model()->setData(model()->index(4, 1), "1.3", Qt::EditRole));
    QCOMPARE(doc->lab().findComponent("converter")->parameters["pump_positive"][4]["torque_ratio"].get<double>(), 1.3);
    doc->push(new DeleteItemsCommand(doc, {"converter"}));
    QTRY_VERIFY(editor.isNull() || !editor->isVisible());
}

QTEST_MAIN(TestConverterMap)
#include "tst_convertermap.moc"
