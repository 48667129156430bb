// Issue 20, the editor half (docs/EDITOR.md, "Oil"): the Oil panel adds the lab's oil with
// the descriptors' defaults, edits its fields as typed number fields (a half-typed or invalid
// entry stays as typed, refused with the field named, and is never stored; other edits do not
// overwrite it), removes it; every step is one undo step (undo all / redo all give back each
// state byte for byte), the Problems panel follows and activates the oil's field, and saving
// and opening keep the section. The property form shows initial_temperature, wall_conductance
// and oil_node, and oil_node wires on the canvas like any hydraulic port. Labels show a
// thermal-liquid volume's oil temperature (initial, then live in a run); the default plots
// hold the oil temperatures; the editor's worker runs thermal-lockup and its samples carry
// them; the causality overlay draws the bonds to a volume's oil-temperature junction.
#include <QApplication>
#include <QComboBox>
#include <QLabel>
#include <QPushButton>
#include <QStatusBar>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include <cmath>

#include "analysis/causality.h"
#include "canvas/canvaseditor.h"
#include "canvas/componentitem.h"
#include "canvas/connectiontool.h"
#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "canvas/nodeitem.h"
#include "canvas/portitem.h"
#include "canvas/wireitem.h"
#include "causality/causalitycontroller.h"
#include "causality/causalityoverlay.h"
#include "causality/causalitypanel.h"
#include "causality/causalityui.h"
#include "components/descriptors.h"
#include "document/labdocument.h"
#include "panels/oilpanel.h"
#include "panels/problemspanel.h"
#include "plots/defaultplots.h"
#include "plots/plotarea.h"
#include "plots/plotpanel.h"
#include "properties/fieldeditors.h"
#include "properties/itemform.h"
#include "properties/numberedit.h"
#include "properties/propertypanel.h"
#include "runtestutil.h"
#include "simulation/runcontroller.h"
#include "simulation/samplestore.h"
#include "solver/session.h"
#include "spec/labreader.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

// a tank feeding a line volume through a valve; no oil yet
const char* kLab = R"({
  "format": "drivelab.lab", "version": 1, "name": "oil-less line",
  "run": {"tick_ns": 1000000, "duration_ns": 100000000, "report_every_ticks": 10},
  "nodes": [
    {"id": "tank", "domain": "hydraulic", "fixed_pressure": 101325},
    {"id": "line", "domain": "hydraulic", "volume": 1e-4, "bulk_modulus": 1.5e9, "initial_pressure": 101325}
  ],
  "components": [
    {"id": "valve", "type": "orifice", "node_a": "tank", "node_b": "line", "parameters": {"conductance": 1e-10}}
  ]
})";

} // namespace

class TestOil : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        test::isolate();
        QLocale::setDefault(QLocale::c());
    }
    void init();
    void cleanup();
    void oilIsAddedEditedAndRemovedUndoably();
    void savingAndOpeningKeepTheOil();
    void refusedEntriesStayAsTyped();
    void thermalLiquidFieldsAndPorts();
    void oilNodeWiresOnTheCanvas();
    void defaultPlotsSeparateOilTemperatures();
    void aRunShowsTheOilTemperatures();
    void causalityDrawsTheOilJunction();

private:
    LabDocument* doc() const { return m_w->document(); }
    OilPanel* panel() const { return m_w->oilPanel(); }
    std::string saved() const { return writeLab(doc()->lab()); }
    void open(const QString& path);
    void type(QWidget* w, const QString& text) { test::retype(w, text); }
    void drag(const QPointF& from, const QPointF& to);
    QPoint at(const QPointF& scenePos) const { return m_w->view()->mapFromScene(scenePos); }
    void step() { m_states.push_back(saved()); }
    void walkUndoRedo() { test::walkUndoRedo(doc(), m_states, true); }
    NumberEdit* nodeField(const QString& node, const QString& field);

    QTemporaryDir m_dir;
    MainWindow* m_w = nullptr;
    test::ScriptedPrompter m_prompter;
    QString m_labPath;
    std::vector<std::string> m_states;
};

void TestOil::init()
{
    m_labPath = m_dir.filePath(QStringLiteral("line.lab.json"));
    QVERIFY(test::writeAll(m_labPath, kLab));
    m_w = test::shownMainWindow(m_dir, &m_prompter).release();
    QVERIFY(QTest::qWaitForWindowExposed(m_w));
    QApplication::setActiveWindow(m_w);
    m_states.clear();
}

void TestOil::cleanup()
{
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    delete m_w;
    m_w = nullptr;
}

void TestOil::open(const QString& path)
{
    QVERIFY(m_w->openLab(path));
    QVERIFY2(doc()->isValid(), doc()->diagnostics().empty() ? "" : doc()->diagnostics().front().message.c_str());
    m_w->raiseDock(QStringLiteral("oil"));
    m_states.clear();
    step();
}

void TestOil::drag(const QPointF& from, const QPointF& to)
{
    QWidget* vp = m_w->view()->viewport();
    QTest::mousePress(vp, Qt::LeftButton, {}, at(from));
    for (int i = 1; i <= 6; ++i) QTest::mouseMove(vp, at(from + (to - from) * (i / 6.0)));
    QTest::mouseRelease(vp, Qt::LeftButton, {}, at(to));
}

NumberEdit* TestOil::nodeField(const QString& node, const QString& field)
{
    m_w->scene()->selectIds({node});
    ItemForm* form = m_w->properties()->form();
    if (!form || form->itemId() != node) return nullptr;
    auto* e = qobject_cast<NumberFieldEditor*>(form->editor(QStringLiteral("field:") + field));
    return e ? e->edit() : nullptr;
}

void TestOil::oilIsAddedEditedAndRemovedUndoably()
{
    open(m_labPath);
    QVERIFY(doc()->lab().oil.is_null());
    QVERIFY(!panel()->addButton()->isHidden());
    QVERIFY(panel()->removeButton()->isHidden());
    QVERIFY(!panel()->fieldEdit("density")->isEnabled());
    // Lab ▸ Oil… raises the panel
    QAction* action = m_w->findChild<QAction*>(QStringLiteral("lab_oil"));
    QVERIFY(action);
    m_w->raiseDock(QStringLiteral("problems"));
    action->trigger();
    QTRY_VERIFY(panel()->isVisible());

    // add: the required fields at the descriptors' editor defaults, in one undo step
    QTest::mouseClick(panel()->addButton(), Qt::LeftButton);
    QCOMPARE(doc()->lab().oil, Json::parse(R"({"density": 870, "thermal_expansion": 7e-4, "specific_heat": 1900,
                                               "viscosity_40c": 46, "viscosity_100c": 6.8})"));
    QVERIFY(doc()->isValid());
    QVERIFY(panel()->fieldEdit("density")->isEnabled());
    QCOMPARE(panel()->fieldEdit("density")->text(), QStringLiteral("870"));
    QVERIFY(panel()->fieldEdit("reference_temperature")->text().isEmpty()); // optional: the default applies
    QVERIFY(panel()->fieldEdit("reference_temperature")->placeholderText().contains(QStringLiteral("313.15")));
    QVERIFY(panel()->removeButton()->isVisible());
    QVERIFY(panel()->summaryText().contains(QStringLiteral("No thermal-liquid volume yet")));
    step();

    // a field: typed, committed with Return
    type(panel()->fieldEdit("density"), "880");
    QTest::keyClick(panel()->fieldEdit("density"), Qt::Key_Return);
    QCOMPARE(doc()->lab().oil["density"].get<double>(), 880.0);
    step();
    // an optional field lands where the format lists it, and clearing it removes it
    type(panel()->fieldEdit("reference_temperature"), "320");
    QTest::keyClick(panel()->fieldEdit("reference_temperature"), Qt::Key_Return);
    QCOMPARE(doc()->lab().oil.begin().key(), std::string("density"));
    QCOMPARE(std::next(doc()->lab().oil.begin()).key(), std::string("reference_temperature"));
    QCOMPARE(doc()->lab().oil["reference_temperature"].get<double>(), 320.0);
    step();
    type(panel()->fieldEdit("reference_temperature"), "");
    QTest::keyClick(panel()->fieldEdit("reference_temperature"), Qt::Key_Return);
    QVERIFY(!doc()->lab().oil.contains("reference_temperature"));
    step();

    // the line becomes a thermal-liquid volume through the property form; its label says so
    NumberEdit* t0 = nodeField("line", "initial_temperature");
    QVERIFY(t0);
    type(t0, "330");
    QTest::keyClick(t0, Qt::Key_Return);
    QCOMPARE(doc()->lab().findNode("line")->fields["initial_temperature"].get<double>(), 330.0);
    QVERIFY(doc()->isValid());
    QVERIFY2(m_w->scene()->nodeItem("line")->detail().contains(QStringLiteral("oil T₀ 330 K")),
             qPrintable(m_w->scene()->nodeItem("line")->detail()));
    QVERIFY(panel()->summaryText().contains(QStringLiteral("Thermal-liquid volumes: line")));
    step();

    // a number out of range is stored and shown as the core's problem at the field; the
    // Problems panel lists it under "oil" and activating it focuses the field
    type(panel()->fieldEdit("viscosity_100c"), "50");
    QTest::keyClick(panel()->fieldEdit("viscosity_100c"), Qt::Key_Return);
    QCOMPARE(doc()->lab().oil["viscosity_100c"].get<double>(), 50.0);
    QVERIFY(!doc()->isValid());
    // the marks (and the Problems list) come with the edit's compile, after its event
    QTRY_VERIFY(panel()->fieldEdit("viscosity_100c")->property("problem").toBool());
    int row = -1;
    const QStringList lines = m_w->problems()->lines();
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].contains(QStringLiteral("oil")) && lines[i].contains(QStringLiteral("viscosity_100c"))) row = i;
    }
    QVERIFY2(row >= 0, qPrintable(lines.join('\n')));
    QVERIFY(panel()->fieldEdit("viscosity_100c")->property("problem").toBool());
    QVERIFY(!panel()->fieldEdit("density")->property("problem").toBool());
    m_w->raiseDock(QStringLiteral("problems"));
    panel()->fieldEdit("density")->setFocus();
    m_w->problems()->activateRow(row);
    QTRY_VERIFY(panel()->fieldEdit("viscosity_100c")->hasFocus());
    step();
    // corrected: the problem goes
    type(panel()->fieldEdit("viscosity_100c"), "7");
    QTest::keyClick(panel()->fieldEdit("viscosity_100c"), Qt::Key_Return);
    QVERIFY(doc()->isValid());
    QTRY_VERIFY(!panel()->fieldEdit("viscosity_100c")->property("problem").toBool());
    step();

    // remove: the volume now needs an oil (a problem at its field), in one undo step
    QTest::mouseClick(panel()->removeButton(), Qt::LeftButton);
    QVERIFY(doc()->lab().oil.is_null());
    bool needsOil = false;
    for (const Diagnostic& d : doc()->diagnosticsFor("line")) needsOil = needsOil || d.field == "initial_temperature";
    QVERIFY(needsOil);
    QVERIFY(!panel()->addButton()->isHidden());
    QVERIFY(panel()->summaryText().contains(QStringLiteral("need the oil")));
    step();
    walkUndoRedo();
    QCOMPARE(doc()->undoStack()->count(), static_cast<int>(m_states.size()) - 1); // one command per step
}

void TestOil::savingAndOpeningKeepTheOil()
{
    open(m_labPath);
    QTest::mouseClick(panel()->addButton(), Qt::LeftButton);
    type(panel()->fieldEdit("bulk_modulus"), "1.7e9");
    QTest::keyClick(panel()->fieldEdit("bulk_modulus"), Qt::Key_Return);
    NumberEdit* t0 = nodeField("line", "initial_temperature");
    QVERIFY(t0);
    type(t0, "350");
    QTest::keyClick(t0, Qt::Key_Return);
    const Json oil = doc()->lab().oil;
    QCOMPARE(oil["bulk_modulus"].get<double>(), 1.7e9);
    QVERIFY(doc()->isValid());
    const QString path = m_dir.filePath(QStringLiteral("oiled.lab.json"));
    m_prompter.nextSavePath = path;
    QVERIFY(m_w->files()->saveAs());
    // the file holds the section, the command line's reader reads it back
    const LabReadResult read = readLab(test::readAll(path).toStdString());
    QVERIFY(read.lab);
    QCOMPARE(read.lab->oil, oil);
    const std::string before = saved();
    // opened again: the same lab, and the panel shows it
    QVERIFY(m_w->openLab(m_labPath));
    QVERIFY(doc()->lab().oil.is_null());
    QVERIFY(panel()->fieldEdit("bulk_modulus")->text().isEmpty());
    QVERIFY(m_w->openLab(path));
    QCOMPARE(doc()->lab().oil, oil);
    QCOMPARE(saved(), before);
    QVERIFY(!doc()->isModified());
    QCOMPARE(panel()->fieldEdit("bulk_modulus")->text(), QStringLiteral("1.7e+09"));
    QVERIFY(m_w->scene()->nodeItem("line")->detail().contains(QStringLiteral("oil T₀ 350 K")));
}

void TestOil::refusedEntriesStayAsTyped()
{
    open(test::labPath("thermal-lockup.lab.json"));
    const std::string before = saved();
    NumberEdit* nu40 = panel()->fieldEdit("viscosity_40c");
    QCOMPARE(nu40->text(), QStringLiteral("35"));
    // a half-typed exponent, left with Tab: refused whole, kept as typed, named
    type(nu40, "1e");
    QTest::keyClick(nu40, Qt::Key_Tab);
    QCOMPARE(saved(), before);
    QCOMPARE(nu40->text(), QStringLiteral("1e"));
    QVERIFY(nu40->property("unfinished").toBool());
    QVERIFY2(panel()->refusalText().contains(QStringLiteral("viscosity_40c \u201c1e\u201d not stored")),
             qPrintable(panel()->refusalText()));
    QVERIFY(panel()->refusalText().contains(QStringLiteral("keeps 35")));
    QVERIFY2(m_w->statusBar()->currentMessage().contains(QStringLiteral("viscosity_40c")), qPrintable(m_w->statusBar()->currentMessage()));
    // garbage in another field with Return: refused and listed too
    NumberEdit* c = panel()->fieldEdit("specific_heat");
    type(c, "2000abc");
    QTest::keyClick(c, Qt::Key_Return);
    QCOMPARE(saved(), before);
    QCOMPARE(c->text(), QStringLiteral("2000abc"));
    QVERIFY(panel()->refusalText().contains(QStringLiteral("specific_heat")));
    QCOMPARE(doc()->undoStack()->count(), 0);
    // another field's edit does not overwrite the refused text
    type(panel()->fieldEdit("density"), "870");
    QTest::keyClick(panel()->fieldEdit("density"), Qt::Key_Return);
    QCOMPARE(doc()->lab().oil["density"].get<double>(), 870.0);
    QCOMPARE(doc()->undoStack()->count(), 1);
    QCOMPARE(nu40->text(), QStringLiteral("1e"));
    QCOMPARE(c->text(), QStringLiteral("2000abc"));
    QCOMPARE(doc()->lab().oil["viscosity_40c"].get<double>(), 35.0);
    // corrected: stored; Escape restores the other
    type(nu40, "1e2");
    QTest::keyClick(nu40, Qt::Key_Return);
    QCOMPARE(doc()->lab().oil["viscosity_40c"].get<double>(), 100.0);
    QVERIFY(!panel()->refusalText().contains(QStringLiteral("viscosity_40c")));
    c->setFocus();
    QTest::keyClick(c, Qt::Key_Escape);
    QCOMPARE(c->text(), QStringLiteral("2000"));
    QVERIFY(panel()->refusalText().isEmpty());
    QCOMPARE(doc()->undoStack()->count(), 2);
}

void TestOil::thermalLiquidFieldsAndPorts()
{
    open(test::labPath("thermal-lockup.lab.json"));
    // a volume's initial_temperature and a reservoir's temperature are descriptor fields of the form
    NumberEdit* t0 = nodeField("sump", "initial_temperature");
    QVERIFY(t0);
    QCOMPARE(t0->text(), QStringLiteral("313.15"));
    QVERIFY(nodeField("sump", "temperature"));
    // the form's header is the core's thermal-liquid volume
    bool described = false;
    for (QLabel* l : m_w->properties()->form()->findChildren<QLabel*>())
        described = described || l->text().contains(QStringLiteral("thermal-liquid volume"));
    QVERIFY(described);
    // a wall: relief's wall_conductance
    m_w->scene()->selectIds({"relief"});
    auto* wall = qobject_cast<NumberFieldEditor*>(m_w->properties()->form()->editor(QStringLiteral("param:wall_conductance")));
    QVERIFY(wall);
    QCOMPARE(wall->edit()->text(), QStringLiteral("60"));
    type(wall->edit(), "75");
    QTest::keyClick(wall->edit(), Qt::Key_Return);
    QCOMPARE(doc()->lab().findComponent("relief")->parameters["wall_conductance"].get<double>(), 75.0);
    // oil_node: a hydraulic port offering the hydraulic nodes, bound to the sump
    for (const char* id : {"lockup", "tc"}) {
        m_w->scene()->selectIds({QString::fromLatin1(id)});
        auto* port = qobject_cast<PortEditor*>(m_w->properties()->form()->editor(QStringLiteral("port:oil_node")));
        QVERIFY2(port, id);
        auto* combo = qobject_cast<QComboBox*>(port->widget());
        QCOMPARE(combo->currentData().toString(), QStringLiteral("sump"));
        QVERIFY(combo->findData(QStringLiteral("pump_out")) >= 0);
        QCOMPARE(combo->findData(QStringLiteral("case")), -1); // a thermal node is not offered
        QCOMPARE(combo->findData(QStringLiteral("engine")), -1);
        // choose another volume and back: one undo step each
        const int pumpOut = combo->findData(QStringLiteral("pump_out"));
        combo->setCurrentIndex(pumpOut);
        emit combo->activated(pumpOut);
        QCOMPARE(*doc()->lab().findComponent(id)->port("oil_node"), std::string("pump_out"));
        doc()->undoStack()->undo();
        QCOMPARE(*doc()->lab().findComponent(id)->port("oil_node"), std::string("sump"));
    }
    QVERIFY(doc()->isValid());
}

void TestOil::oilNodeWiresOnTheCanvas()
{
    open(test::labPath("thermal-lockup.lab.json"));
    const std::string original = saved();
    m_w->canvasEditor()->disconnectPort(QStringLiteral("lockup"), QStringLiteral("oil_node"));
    QVERIFY(!doc()->lab().findComponent("lockup")->port("oil_node"));
    QVERIFY(!m_w->scene()->wire(QStringLiteral("lockup"), QStringLiteral("oil_node")));
    m_w->view()->fitToContent();
    QApplication::processEvents();
    const QPointF port = m_w->scene()->componentItem(QStringLiteral("lockup"))->port(QStringLiteral("oil_node"))->scenePos();
    // onto the thermal node: refused, with why
    drag(port, m_w->scene()->nodeItem(QStringLiteral("case"))->scenePos());
    QVERIFY(!doc()->lab().findComponent("lockup")->port("oil_node"));
    QVERIFY2(m_w->scene()->connectionTool()->lastRefusal().contains(QStringLiteral("hydraulic")),
             qPrintable(m_w->scene()->connectionTool()->lastRefusal()));
    // onto the sump: wired, the same lab as the file
    drag(port, m_w->scene()->nodeItem(QStringLiteral("sump"))->scenePos());
    QVERIFY(doc()->lab().findComponent("lockup")->port("oil_node"));
    QCOMPARE(*doc()->lab().findComponent("lockup")->port("oil_node"), std::string("sump"));
    QVERIFY(m_w->scene()->wire(QStringLiteral("lockup"), QStringLiteral("oil_node")));
    QVERIFY(doc()->isValid());
    // the port rule agrees
    const ComponentDescriptor* d = findComponentDescriptor("clutch");
    QVERIFY(ConnectionTool::judgeNode(doc()->lab(), "lockup", *d->port("oil_node"), "piston").ok);
    QVERIFY(!ConnectionTool::judgeNode(doc()->lab(), "lockup", *d->port("oil_node"), "case").ok);
    // disconnect and reconnect give back the file's lab (the layout aside)
    LabSpec a = doc()->lab(), b = *readLab(original).lab;
    a.layout = b.layout = Json::object();
    QCOMPARE(writeLab(a), writeLab(b));
}

void TestOil::defaultPlotsSeparateOilTemperatures()
{
    // a generic lab: the thermal mass's temperature and the volume's oil temperature on two plots
    const std::vector<ObservableRef> layout = {
        {"case", "temperature", "K", false, true}, {"sump", "pressure", "Pa", false, true}, {"sump", "temperature", "K", false, true}};
    const auto plots = defaultPlots(layout, {}, {QStringLiteral("sump")});
    QStringList titles;
    for (const DefaultPlot& p : plots) titles << p.title;
    QCOMPARE(titles, (QStringList{"Pressures", "Temperatures", "Oil temperatures"}));
    QCOMPARE(plots[1].keys.size(), 1);
    QCOMPARE(plots[1].keys[0].text(), QStringLiteral("case.temperature"));
    QCOMPARE(plots[2].keys.size(), 1);
    QCOMPARE(plots[2].keys[0].text(), QStringLiteral("sump.temperature"));
    // without thermal-liquid volumes nothing changes
    const auto plain = defaultPlots(layout, {});
    QCOMPARE(plain.size(), std::size_t(2));
    QCOMPARE(plain[1].keys.size(), 2);
}

void TestOil::aRunShowsTheOilTemperatures()
{
    open(test::labPath("thermal-lockup.lab.json"));
    NodeItem* sump = m_w->scene()->nodeItem(QStringLiteral("sump"));
    QVERIFY2(sump->detail().contains(QStringLiteral("oil T₀ 313.15 K")), qPrintable(sump->detail()));
    RunController* rc = m_w->runController();
    QVERIFY(rc->runTo(3.0));
    QCOMPARE(rc->state(), RunState::Paused);
    // the default plots: the converter's, then the oil temperatures of the three volumes (the
    // accumulator's port is a junction)
    PlotPanel* oil = nullptr;
    for (PlotPanel* p : rc->plots()->panels()) {
        if (p->title() == QStringLiteral("Oil temperatures")) oil = p;
    }
    QVERIFY(oil);
    QStringList keys;
    for (const auto& k : oil->keys()) keys << k.text();
    QCOMPARE(keys, (QStringList{"sump.temperature", "pump_out.temperature", "piston.temperature"}));
    // the worker's samples carry the oil temperature: the sump has warmed since t = 0
    const auto& layout = rc->plots()->observableLayout();
    std::size_t k = layout.size();
    for (std::size_t i = 0; i < layout.size(); ++i) {
        if (layout[i].subject == "sump" && layout[i].name == "temperature") k = i;
    }
    QVERIFY(k < layout.size());
    QVERIFY(!rc->branches().isEmpty());
    const SampleStore& store = *rc->branches().front().store;
    const std::size_t n = store.size();
    QVERIFY(n > 1);
    QCOMPARE(store.value(0, k), 313.15);
    QVERIFY(std::fabs(store.time(n - 1) - 3.0) < 1e-9);
    const double t = store.value(n - 1, k);
    QVERIFY2(t > 313.15 && t < 400.0, qPrintable(QString::number(t, 'g', 17)));
    // the label shows it live
    QVERIFY2(sump->detail().contains(QStringLiteral("oil ")) && !sump->detail().contains(QStringLiteral("T₀")), qPrintable(sump->detail()));
    QVERIFY(sump->liveOil().has_value());
    QVERIFY(!m_w->scene()->nodeItem(QStringLiteral("engine"))->liveOil().has_value());
    // the hover text lists it
    QVERIFY(rc->observablesText(QStringLiteral("sump")).contains(QStringLiteral("temperature")));
    // reset: the initial temperature again
    rc->reset();
    QVERIFY(!sump->liveOil().has_value());
    QVERIFY(sump->detail().contains(QStringLiteral("oil T₀")));
}

void TestOil::causalityDrawsTheOilJunction()
{
    open(test::labPath("thermal-lockup.lab.json"));
    CausalityUi* ui = m_w->causality();
    ui->setOverlayVisible(true);
    QTRY_VERIFY(!ui->controller()->isPending() && !ui->controller()->isStale());
    const CausalityReport& r = ui->controller()->report();
    bool oilJunction = false;
    for (const CausalityElement& e : r.elements) oilJunction = oilJunction || (e.id == "j0_sump.oil" && e.owner == "sump");
    QVERIFY(oilJunction);
    // the heat of the converter and the lockup into the sump's oil: one bond on each oil_node wire
    for (const char* id : {"tc", "lockup"}) {
        WireItem* w = m_w->scene()->wire(QString::fromLatin1(id), QStringLiteral("oil_node"));
        QVERIFY2(w, id);
        const auto marks = ui->overlay()->marksOf(w);
        QCOMPARE(marks.size(), 1);
        QVERIFY(marks.front().assigned);
        QVERIFY(!marks.front().conflict);
    }
    // the relief into the sump: its flow, its losses left in the oil and its wall
    QCOMPARE(ui->overlay()->marksOf(m_w->scene()->wire(QStringLiteral("relief"), QStringLiteral("node_b"))).size(), 3);
    // the two-port storage in integral causality on both bonds: consistent, nothing framed
    QVERIFY(ui->overlay()->conflictItems().isEmpty());
    QVERIFY2(ui->panel()->verdict().contains(QStringLiteral("consistent")), qPrintable(ui->panel()->verdict()));
}

QTEST_MAIN(TestOil)
#include "tst_oil.moc"
