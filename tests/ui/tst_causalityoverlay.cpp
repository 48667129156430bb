// The causality overlay and panel (docs/EDITOR.md, "Causality overlay"): conflicts coloured
// and listed, a consistent network without red, constrained groups that select their items,
// strokes at the end the core's report names, and live updates through undo.
#include <QAction>
#include <QDockWidget>
#include <QTreeWidget>

#include "analysis/causality.h"
#include "canvas/labscene.h"
#include "canvas/wireitem.h"
#include "causality/causalitycontroller.h"
#include "causality/causalityoverlay.h"
#include "causality/causalitypanel.h"
#include "causality/causalityui.h"
#include "canvas/canvaseditor.h"
#include "compile/compiler.h"
#include "document/labdocument.h"
#include "uitestutil.h"

#include <QUndoStack>

using namespace drivelab;
using namespace drivelab::test;

namespace {

const char* kRun = R"("run": {"tick_ns": 100000, "duration_ns": 10000000, "report_every_ticks": 10})";

QByteArray labText(const QString& nodes, const QString& components)
{
    return QStringLiteral(R"({"format": "drivelab.lab", "version": 1, "name": "t", %1, "nodes": [%2], "components": [%3], "events": []})")
        .arg(QString::fromLatin1(kRun), nodes, components)
        .toUtf8();
}

QString orifice(const QString& id, const QString& a, const QString& b)
{
    return QStringLiteral(R"({"id": "%1", "type": "orifice", "node_a": "%2", "node_b": "%3", "parameters": {"conductance": 1e-10}})")
        .arg(id, a, b);
}

QString accumulator(const QString& id, const QString& node)
{
    return QStringLiteral(R"({"id": "%1", "type": "accumulator", "node_a": "%2", "parameters": {"gas_volume": 1e-3, )"
                          R"("precharge_pressure": 2e6, "polytropic_index": 1.4, "initial_pressure": 3e6}})")
        .arg(id, node);
}

const QString kTank = QStringLiteral(R"({"id": "tank", "domain": "hydraulic", "fixed_pressure": 1e5})");
QString junction(const QString& id) { return QStringLiteral(R"({"id": "%1", "domain": "hydraulic"})").arg(id); }

// tank --supply-- [line: acc1, acc2]
QByteArray twoAccumulators()
{
    return labText(kTank + QLatin1Char(',') + junction(QStringLiteral("line")),
                   orifice(QStringLiteral("supply"), QStringLiteral("tank"), QStringLiteral("line")) + QLatin1Char(',') +
                       accumulator(QStringLiteral("acc1"), QStringLiteral("line")) + QLatin1Char(',') +
                       accumulator(QStringLiteral("acc2"), QStringLiteral("line")));
}

// tank --supply-- [line: acc1] --line_r-- [port2: acc2]
QByteArray behindLineResistance()
{
    return labText(kTank + QLatin1Char(',') + junction(QStringLiteral("line")) + QLatin1Char(',') + junction(QStringLiteral("port2")),
                   orifice(QStringLiteral("supply"), QStringLiteral("tank"), QStringLiteral("line")) + QLatin1Char(',') +
                       accumulator(QStringLiteral("acc1"), QStringLiteral("line")) + QLatin1Char(',') +
                       orifice(QStringLiteral("line_r"), QStringLiteral("line"), QStringLiteral("port2")) + QLatin1Char(',') +
                       accumulator(QStringLiteral("acc2"), QStringLiteral("port2")));
}

// drive -> [a] --g (ratio 2)-- [b]
QByteArray gearedInertias()
{
    return labText(QStringLiteral(R"({"id": "a", "domain": "rotational", "inertia": 0.5, "initial_speed": 10},)"
                                  R"({"id": "b", "domain": "rotational", "inertia": 2, "initial_speed": 5})"),
                   QStringLiteral(R"({"id": "drive", "type": "torque_step", "node_a": "a", "parameters": {"step_torque": 5, )"
                                  R"("offset_torque": 0, "start_time": 0}},)"
                                  R"({"id": "g", "type": "gear", "node_a": "a", "node_b": "b", "parameters": {"ratio": 2}})"));
}

QStringList childTexts(QTreeWidgetItem* section)
{
    QStringList out;
    for (int i = 0; section && i < section->childCount(); ++i) out << section->child(i)->text(0);
    return out;
}

// the bond of the core's own report between a node's junction and a component's element
const CausalityBond* coreBond(const CausalityReport& r, const std::string& junction, const std::string& element)
{
    for (const auto& b : r.bonds) {
        if ((b.from == junction && b.to == element) || (b.from == element && b.to == junction)) return &b;
    }
    return nullptr;
}

} // namespace

class TestCausalityOverlay : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void actionShowsOverlayAndPanel();
    void twoAccumulatorsConflict();
    void lineResistanceConsistent();
    void gearedGroupSelects();
    void strokeEndsMatchCore();
    void undoUpdatesOverlay();

private:
    void open(const QByteArray& text);
    CausalityUi* ui() const { return m_window->causality(); }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<ScriptedPrompter> m_prompter;
};

void TestCausalityOverlay::initTestCase()
{
    isolate();
    QVERIFY(m_dir.isValid());
}

void TestCausalityOverlay::init()
{
    m_prompter = std::make_unique<ScriptedPrompter>();
    m_window = drivelab::test::shownMainWindow(m_dir, m_prompter.get());
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestCausalityOverlay::cleanup() { m_window.reset(); }

void TestCausalityOverlay::open(const QByteArray& text)
{
    static int n = 0;
    const QString path = m_dir.filePath(QStringLiteral("lab%1.lab.json").arg(++n));
    QVERIFY(writeAll(path, text));
    QVERIFY(m_window->openLab(path));
    QVERIFY(m_window->document()->diagnostics().empty() || m_window->document()->isValid());
    ui()->setOverlayVisible(true);
    // opening is a change: the analysis follows after the debounce
    QTRY_VERIFY(!ui()->controller()->isPending() && !ui()->controller()->isStale());
}

void TestCausalityOverlay::actionShowsOverlayAndPanel()
{
    open(behindLineResistance());
    ui()->setOverlayVisible(false);
    QVERIFY(!ui()->overlay()->isVisible());
    ui()->action()->trigger();
    QVERIFY(ui()->action()->isChecked());
    QVERIFY(ui()->overlay()->isVisible());
    QVERIFY(ui()->dock()->isVisible());
    QVERIFY(ui()->controller()->isActive());
    ui()->action()->trigger();
    QVERIFY(!ui()->overlay()->isVisible());
}

// Two accumulators straight on one pure junction: both are framed red, the panel lists one
// conflict naming both and the junction, with what to change.
void TestCausalityOverlay::twoAccumulatorsConflict()
{
    open(twoAccumulators());
    const CausalityReport& r = ui()->controller()->report();
    QVERIFY(!r.consistent);
    QCOMPARE(ui()->overlay()->conflictItems(), (QSet<QString>{"acc1", "acc2", "line"}));
    // the accumulators' bonds are drawn red (acc2 is left in derivative causality), supply's is not
    for (const char* acc : {"acc1", "acc2"}) {
        const auto marks = ui()->overlay()->marksOf(m_window->scene()->wire(QString::fromLatin1(acc), QStringLiteral("node_a")));
        QCOMPARE(marks.size(), 1);
        QVERIFY(marks.front().assigned);
        QVERIFY(marks.front().conflict);
    }
    const auto supply = ui()->overlay()->marksOf(m_window->scene()->wire(QStringLiteral("supply"), QStringLiteral("node_a")));
    QCOMPARE(supply.size(), 1);
    QVERIFY(!supply.front().conflict);

    CausalityPanel* panel = ui()->panel();
    QVERIFY2(panel->verdict().contains(QStringLiteral("1 causal conflict")), qPrintable(panel->verdict()));
    QTreeWidgetItem* conflicts = panel->section(QStringLiteral("conflicts"));
    QVERIFY(conflicts);
    QCOMPARE(conflicts->childCount(), 1);
    QTreeWidgetItem* entry = conflicts->child(0);
    QCOMPARE(entry->text(0), QStringLiteral("acc1, acc2 at 'line'"));
    QVERIFY(entry->childCount() == 1);
    QVERIFY2(entry->child(0)->text(0).contains(QStringLiteral("connect one through a line resistance where the physics has one")),
             qPrintable(entry->child(0)->text(0)));
    QCOMPARE(entry->data(0, CausalityPanel::kIdsRole).toStringList(), (QStringList{"acc1", "acc2", "line"}));
    QCOMPARE(panel->details(), entry->child(0)->text(0)); // the message in full under the list
    // clicking the entry selects the three items
    QTreeWidget* tree = panel->tree();
    tree->scrollToItem(entry);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualItemRect(entry).center());
    QCOMPARE(m_window->scene()->selectedIds(), (std::set<std::string>{"acc1", "acc2", "line"}));
}

// The same with acc2 behind its own line resistance: consistent, nothing red.
void TestCausalityOverlay::lineResistanceConsistent()
{
    open(behindLineResistance());
    QVERIFY(ui()->controller()->report().consistent);
    QVERIFY(ui()->overlay()->conflictItems().isEmpty());
    int marks = 0;
    for (WireItem* w : m_window->scene()->wires()) {
        for (const BondMarks& m : ui()->overlay()->marksOf(w)) {
            QVERIFY(m.assigned);
            QVERIFY(!m.conflict);
            ++marks;
        }
    }
    QCOMPARE(marks, m_window->scene()->wires().size()); // every wire of this lab is one bond
    QVERIFY(ui()->panel()->verdict().contains(QStringLiteral("consistent")));
    QCOMPARE(ui()->panel()->section(QStringLiteral("conflicts"))->childCount(), 0);
}

// Geared inertias: one constrained group; clicking it selects the two shafts and the gear.
void TestCausalityOverlay::gearedGroupSelects()
{
    open(gearedInertias());
    QVERIFY(ui()->controller()->report().consistent);
    QVERIFY(ui()->overlay()->conflictItems().isEmpty());
    QTreeWidgetItem* groups = ui()->panel()->section(QStringLiteral("groups"));
    QVERIFY(groups);
    QCOMPARE(childTexts(groups), (QStringList{QStringLiteral("a, b via g (1 independent)")}));
    m_window->scene()->clearSelection();
    QTreeWidget* tree = ui()->panel()->tree();
    tree->scrollToItem(groups->child(0));
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, tree->visualItemRect(groups->child(0)).center());
    QCOMPARE(m_window->scene()->selectedIds(), (std::set<std::string>{"a", "b", "g"}));
}

// On every wire of the lab with most of them, the stroke sits at the end the core's report
// names, measured on the drawing: nearer the node when the node's junction receives the effort.
void TestCausalityOverlay::strokeEndsMatchCore()
{
    open(readAll(labPath(QStringLiteral("hydraulic-lockup.lab.json"))));
    const CompileResult compiled = compile(m_window->document()->lab());
    QVERIFY(compiled.model);
    const CausalityReport core = analyzeCausality(*compiled.model, initialLockMask(*compiled.model));
    // two wires named outright: the accumulator's stroke at the node, the final drive's at the gear
    const CausalityBond* acc = coreBond(core, "j0_accumulator_port", "accumulator");
    QVERIFY(acc);
    QCOMPARE(acc->strokeAt, std::string("j0_accumulator_port"));
    const CausalityBond* gear = coreBond(core, "j1_wheels", "final_drive");
    QVERIFY(gear);
    QCOMPARE(gear->strokeAt, std::string("final_drive"));
    const auto nearNode = [](const WireItem* w, const BondMarks& m) {
        const QPointF mid = (m.stroke[0] + m.stroke[1]) / 2.0;
        return QLineF(mid, w->route().back()).length() < QLineF(mid, w->route().front()).length();
    };
    WireItem* accWire = m_window->scene()->wire(QStringLiteral("accumulator"), QStringLiteral("node_a"));
    WireItem* gearWire = m_window->scene()->wire(QStringLiteral("final_drive"), QStringLiteral("node_b"));
    QVERIFY(accWire && gearWire);
    QCOMPARE(ui()->overlay()->marksOf(accWire).size(), 1);
    QVERIFY(nearNode(accWire, ui()->overlay()->marksOf(accWire).front()));
    QCOMPARE(ui()->overlay()->marksOf(gearWire).size(), 1);
    QVERIFY(!nearNode(gearWire, ui()->overlay()->marksOf(gearWire).front()));

    // every wire: its bonds are those of the core report between the node's junction and the
    // component's elements, strokes and half-arrows at the ends the report names
    const LabSpec& lab = m_window->document()->lab();
    int checked = 0;
    for (WireItem* w : m_window->scene()->wires()) {
        const std::string node = w->node().toStdString(), comp = w->component().toStdString();
        const NodeSpec* n = lab.findNode(node);
        QVERIFY(n);
        const std::string j = (n->domain == "rotational" || n->domain == "translational" ? "j1_" : "j0_") + node;
        std::vector<const CausalityBond*> expected;
        for (const auto& b : core.bonds) {
            const std::string other = b.from == j ? b.to : b.to == j ? b.from : std::string();
            if (other == comp || other.rfind(comp + ".", 0) == 0 || other == "j0_" + comp || other == "j1_" + comp ||
                other.rfind("j1_" + comp + ".", 0) == 0)
                expected.push_back(&b);
        }
        const QVector<BondMarks> marks = ui()->overlay()->marksOf(w);
        if (w->port() == QLatin1String("pressure_node")) {
            QVERIFY(marks.isEmpty()); // a signal, no bond
            continue;
        }
        QCOMPARE(static_cast<std::size_t>(marks.size()), expected.size());
        for (int i = 0; i < marks.size(); ++i) {
            const CausalityBond& b = *expected[static_cast<std::size_t>(i)];
            QVERIFY(marks[i].assigned);
            QCOMPARE(nearNode(w, marks[i]), b.strokeAt == j);
            const bool tipNearNode =
                QLineF(marks[i].arrowTip, w->route().back()).length() < QLineF(marks[i].arrowTip, w->route().front()).length();
            QCOMPARE(tipNearNode, b.to == j);
            ++checked;
        }
    }
    QVERIFY(checked >= 25);
}

// Deleting the second accumulator clears the conflict after the debounce; undo brings it back.
void TestCausalityOverlay::undoUpdatesOverlay()
{
    open(twoAccumulators());
    QVERIFY(!ui()->controller()->report().consistent);
    const int before = ui()->controller()->analyses();
    m_window->scene()->selectIds({QStringLiteral("acc2")});
    m_window->canvasEditor()->deleteSelection();
    QVERIFY(!m_window->document()->lab().findComponent("acc2"));
    // debounced: nothing analysed yet, then once
    QVERIFY(ui()->controller()->isPending());
    QCOMPARE(ui()->controller()->analyses(), before);
    QTRY_VERIFY(!ui()->controller()->isPending());
    QCOMPARE(ui()->controller()->analyses(), before + 1);
    QVERIFY(ui()->controller()->report().consistent);
    QVERIFY(ui()->overlay()->conflictItems().isEmpty());
    QCOMPARE(ui()->panel()->section(QStringLiteral("conflicts"))->childCount(), 0);

    m_window->document()->undoStack()->undo();
    QTRY_VERIFY(!ui()->controller()->isPending() && !ui()->controller()->isStale());
    QCOMPARE(ui()->overlay()->conflictItems(), (QSet<QString>{"acc1", "acc2", "line"}));
    QCOMPARE(ui()->overlay()->marksOf(m_window->scene()->wire(QStringLiteral("acc2"), QStringLiteral("node_a"))).size(), 1);
    QCOMPARE(ui()->panel()->section(QStringLiteral("conflicts"))->childCount(), 1);
}

QTEST_MAIN(TestCausalityOverlay)
#include "tst_causalityoverlay.moc"
