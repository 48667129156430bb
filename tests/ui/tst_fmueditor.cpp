// The `fmu` component in the editor (issue 38, import side; docs/EDITOR.md "FMU components",
// docs/FMI.md "In the editor"), over the test FMUs the build packs from C sources
// (tests/fmi/testfmus: picontroller3 declares its units directly and through a declared type,
// picontroller2 the FMI 2.0 way):
//   - the property form reads the archive's model description: `output` and `speed_input` pick
//     from its real outputs / inputs (each with unit and description); a typed name the FMU does
//     not have is refused in the field, naming the component and the field, and nothing is stored;
//   - its real parameters are rows with their start values, units and descriptions; a value typed
//     there is stored in the lab's `start_values` (one undoable command), emptied it is removed;
//   - a bad archive (missing, an invalid model description, no Linux binary) is a message in the
//     form and a red mark on the component, never a crash;
//   - node_a is drawn from the mapping: needed (and named after the FMU input) with a speed_input;
//     the caption stands outside the symbol's drawing and its label, whichever way it turns;
//   - the observable picker shows the FMU variable behind `ID.output` (also `sub/pi` inside an
//     instance of a part), and the observable picked there plots the run's values; every real
//     output of the FMU is an observable of its own there (ramp3: one the lab does not map), with
//     the FMU's unit and the variable's name.
#include <QComboBox>
#include <QDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QStandardItemModel>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

#include "canvas/canvaseditor.h"
#include "canvas/componentitem.h"
#include "canvas/labscene.h"
#include "canvas/portitem.h"
#include "document/displayunits.h"
#include "document/labdocument.h"
#include "fmi/fmusection.h"
#include "fmi/fmuvariableeditor.h"
#include "fmuloader.h"
#include "plots/plotarea.h"
#include "plots/plotpanel.h"
#include "properties/itemform.h"
#include "properties/numberedit.h"
#include "properties/propertypanel.h"
#include "simulation/samplestore.h"
#include "solver/session.h"
#include "spec/labwriter.h"
#include "storedzip.h"
#include "runtestutil.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

/// BUILD/tests/fmus/NAME.fmu (tests/fmi/testfmus)
QString testFmu(const QString& name) { return QCoreApplication::applicationDirPath() + QStringLiteral("/fmus/") + name + QStringLiteral(".fmu"); }

/// a shaft (J 0.2) held by the PI FMU `file` through motor against a 5 N m load (docs/FMI.md's
/// worked example); `pi` maps `output` (and `speed_input` when given)
QByteArray piLab(const QString& file, const QString& speedInput = QStringLiteral("speed"))
{
    const QString input = speedInput.isEmpty() ? QString() : QStringLiteral(R"(, "speed_input": "%1")").arg(speedInput);
    return QStringLiteral(R"({"format": "drivelab.lab", "version": 1, "name": "fmu-pi",
  "run": {"tick_ns": 1000000, "duration_ns": 500000000, "report_every_ticks": 10},
  "nodes": [{"id": "shaft", "domain": "rotational", "inertia": 0.2, "initial_speed": 0}],
  "components": [
    {"id": "pi", "type": "fmu", "node_a": "shaft", "parameters": {"file": "%1", "output": "torque"%2}},
    {"id": "motor", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": {"controller": "pi"}}},
    {"id": "load", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": -5}}
  ]})")
        .arg(file, input)
        .toUtf8();
}

/// the same controller inside an instance `sub` of an inline part (compiled id sub/pi)
QByteArray partLab(const QString& file)
{
    return QStringLiteral(R"({"format": "drivelab.lab", "version": 2, "name": "fmu-part",
  "run": {"tick_ns": 1000000, "duration_ns": 200000000, "report_every_ticks": 10},
  "parts": [{"name": "pi_drive", "ports": [{"name": "shaft", "domain": "rotational"}],
    "components": [
      {"id": "pi", "type": "fmu", "node_a": "shaft", "parameters": {"file": "%1", "output": "torque", "speed_input": "speed"}},
      {"id": "motor", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": {"controller": "pi"}}}]}],
  "instances": [{"id": "sub", "part": "pi_drive", "ports": {"shaft": "shaft"}}],
  "nodes": [{"id": "shaft", "domain": "rotational", "inertia": 0.2, "initial_speed": 0}],
  "components": []})")
        .arg(file)
        .toUtf8();
}

/// the rows of a variable field's pick list: "name|unit|description"
QStringList pickRows(QComboBox* box)
{
    QStringList rows;
    auto* m = static_cast<QStandardItemModel*>(box->model());
    for (int r = 0; r < m->rowCount(); ++r)
        rows << m->item(r, 0)->text() + QLatin1Char('|') + m->item(r, 1)->text() + QLatin1Char('|') + m->item(r, 2)->text();
    return rows;
}

/// an archive of `files` (name -> bytes) written to `path`
bool writeZip(const QString& path, const std::vector<std::pair<std::string, std::string>>& files)
{
    fmi::StoredZip zip;
    std::string why;
    for (const auto& [name, data] : files) {
        if (!zip.add(name, data, why)) return false;
    }
    const std::string bytes = zip.finish();
    return test::writeAll(path, QByteArray(bytes.data(), qsizetype(bytes.size())));
}

} // namespace

class TestFmuEditor : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void theFormPicksFromTheModelDescription_data();
    void theFormPicksFromTheModelDescription();
    void aNameTheFmuLacksIsRefusedInTheField();
    void parametersAreStoredAsStartValues();
    void aBadArchiveIsAMessageNotACrash_data();
    void aBadArchiveIsAMessageNotACrash();
    void node_aIsDrawnFromTheMapping();
    void thePortCaptionIsOutsideTheSymbol();
    void thePickerShowsTheFmuVariableAndItPlots();
    void thePickerListsEveryFmuOutput();
    void insideAPartThePathIsTheInstancePath();

private:
    /// write `text` as DIR/NAME and open it; the component form of `pi` (null on failure)
    ItemForm* openAndSelect(const QString& name, const QByteArray& text, const QString& id = QStringLiteral("pi"));
    FmuVariableEditor* variableEditor(ItemForm* f, const char* field) const
    {
        return qobject_cast<FmuVariableEditor*>(f->editor(QStringLiteral("param:") + QLatin1String(field)));
    }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_w;
    test::ScriptedPrompter m_prompter;
};

void TestFmuEditor::initTestCase()
{
    test::isolate();
    QLocale::setDefault(QLocale::c());
    // the FMU cache of this test (the loader unpacks into XDG_CACHE_HOME/drivelab/fmu/HASH)
    qputenv("XDG_CACHE_HOME", m_dir.filePath(QStringLiteral("cache")).toUtf8());
    installFmuImport(); // as the editor's main() does
    for (const char* name : {"picontroller3", "picontroller2", "ramp3"}) {
        const QString from = testFmu(QString::fromLatin1(name));
        QVERIFY2(QFileInfo::exists(from), qPrintable(from));
        QVERIFY(QFile::copy(from, m_dir.filePath(QString::fromLatin1(name) + QStringLiteral(".fmu"))));
    }
}

void TestFmuEditor::init()
{
    m_w = test::shownMainWindow(m_dir, &m_prompter);
}

void TestFmuEditor::cleanup()
{
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard, Prompter::SaveChoice::Discard};
    m_w.reset();
}

ItemForm* TestFmuEditor::openAndSelect(const QString& name, const QByteArray& text, const QString& id)
{
    const QString path = m_dir.filePath(name);
    if (!test::writeAll(path, text)) return nullptr;
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    if (!m_w->openLab(path)) return nullptr;
    m_w->scene()->selectIds({id});
    ItemForm* f = m_w->properties()->form();
    return f && f->itemId() == id ? f : nullptr;
}

void TestFmuEditor::theFormPicksFromTheModelDescription_data()
{
    QTest::addColumn<QString>("fmu");
    QTest::newRow("FMI 3.0") << QStringLiteral("picontroller3.fmu");
    QTest::newRow("FMI 2.0") << QStringLiteral("picontroller2.fmu");
}

// the lists are the FMU's real outputs and inputs with their units (given directly, or by a
// declared type) and descriptions; picking one stores its name, one undoable command
void TestFmuEditor::theFormPicksFromTheModelDescription()
{
    QFETCH(QString, fmu);
    ItemForm* f = openAndSelect(QStringLiteral("pi.lab.json"), piLab(fmu, QString()));
    QVERIFY(f);
    QVERIFY(m_w->document()->isValid());
    FmuVariableEditor* out = variableEditor(f, "output");
    FmuVariableEditor* in = variableEditor(f, "speed_input");
    QVERIFY(out && in);
    QCOMPARE(pickRows(out->combo()), QStringList{QStringLiteral("torque|N m|torque [N m]")});
    QCOMPARE(pickRows(in->combo()),
             (QStringList{QStringLiteral("(absent)||no FMU input is fed node_a's speed"), QStringLiteral("speed|rad/s|measured speed [rad/s]")}));
    QCOMPARE(out->combo()->currentText(), QStringLiteral("torque"));
    QCOMPARE(in->combo()->currentText(), QString());
    // the summary names the model and its variables
    FmuSection* s = f->fmuSection();
    QVERIFY(s);
    QVERIFY(!s->failed());
    QVERIFY2(s->status()->text().contains(QStringLiteral("'picontroller'")) && s->status()->text().contains(fmu),
             qPrintable(s->status()->text()));
    // pick the speed input from the list (the user's click: activated)
    QUndoStack* undo = m_w->document()->undoStack();
    const int before = undo->count();
    emit in->combo()->activated(1); // the user's click on the list's "speed" row
    QCOMPARE(undo->count(), before + 1);
    const ComponentSpec* pi = m_w->document()->lab().findComponent("pi");
    QCOMPARE(QString::fromStdString(pi->parameters["speed_input"].get<std::string>()), QStringLiteral("speed"));
    QVERIFY(m_w->document()->isValid());
    // "(absent)" removes it again
    emit variableEditor(m_w->properties()->form(), "speed_input")->combo()->activated(0);
    QVERIFY(!m_w->document()->lab().findComponent("pi")->parameters.contains("speed_input"));
    undo->undo();
    QCOMPARE(QString::fromStdString(m_w->document()->lab().findComponent("pi")->parameters["speed_input"].get<std::string>()),
             QStringLiteral("speed"));
}

// free text naming a variable the FMU does not have (or one of the wrong causality) stays in the
// field, marked, with the component and the field named; the lab is unchanged
void TestFmuEditor::aNameTheFmuLacksIsRefusedInTheField()
{
    ItemForm* f = openAndSelect(QStringLiteral("pi.lab.json"), piLab(QStringLiteral("picontroller3.fmu")));
    QVERIFY(f);
    const std::string before = writeLab(m_w->document()->lab());
    const int commands = m_w->document()->undoStack()->count();
    FmuVariableEditor* out = variableEditor(f, "output");
    QLineEdit* edit = out->combo()->lineEdit();
    for (const QString& wrong : {QStringLiteral("torq"), QStringLiteral("TORQUE"), QStringLiteral("speed"), QStringLiteral("integral")}) {
        test::retype(edit, wrong);
        QTest::keyClick(edit, Qt::Key_Return);
        QCOMPARE(writeLab(m_w->document()->lab()), before);
        QCOMPARE(m_w->document()->undoStack()->count(), commands);
        QCOMPARE(edit->text(), wrong);
        QVERIFY(out->combo()->property("problem").toBool());
        const QString why = out->combo()->toolTip();
        QVERIFY2(why.contains(QStringLiteral("fmu 'pi': output: '") + wrong + QStringLiteral("' is not a real output")) &&
                     why.contains(QStringLiteral("'torque'")) && why.contains(QStringLiteral("nothing was stored")),
                 qPrintable(why));
    }
    // the name it has is stored (the same text: nothing to do) and the mark goes
    test::retype(edit, QStringLiteral("torque"));
    QTest::keyClick(edit, Qt::Key_Return);
    QVERIFY(!out->combo()->property("problem").toBool());
    QCOMPARE(writeLab(m_w->document()->lab()), before);
    // the speed input refuses an output's name
    FmuVariableEditor* in = variableEditor(f, "speed_input");
    test::retype(in->combo()->lineEdit(), QStringLiteral("torque"));
    QTest::keyClick(in->combo()->lineEdit(), Qt::Key_Return);
    QVERIFY(in->combo()->property("problem").toBool());
    QVERIFY2(in->combo()->toolTip().contains(QStringLiteral("fmu 'pi': speed_input: 'torque' is not a real input")),
             qPrintable(in->combo()->toolTip()));
    QCOMPARE(writeLab(m_w->document()->lab()), before);
}

// each real parameter is a row: the FMU's start value as the default, its unit, its description;
// typed values go to start_values (one command each), an emptied row leaves it
void TestFmuEditor::parametersAreStoredAsStartValues()
{
    ItemForm* f = openAndSelect(QStringLiteral("pi.lab.json"), piLab(QStringLiteral("picontroller3.fmu")));
    QVERIFY(f);
    FmuSection* s = f->fmuSection();
    QVERIFY(s);
    QVERIFY(s->parameterEdit(QStringLiteral("target")) && s->parameterEdit(QStringLiteral("kp")) && s->parameterEdit(QStringLiteral("ki")));
    QVERIFY(!s->parameterEdit(QStringLiteral("integral"))); // a local, not a parameter
    QVERIFY(!s->parameterEdit(QStringLiteral("speed")));    // an input
    NumberEdit* kp = s->parameterEdit(QStringLiteral("kp"));
    QCOMPARE(kp->placeholderText(), QStringLiteral("default: 0.5"));
    QCOMPARE(kp->text(), QString());
    QVERIFY2(kp->statusTip().contains(QStringLiteral("proportional gain")) && kp->statusTip().contains(QStringLiteral("N m s/rad")),
             qPrintable(kp->statusTip()));
    bool unitShown = false;
    for (QLabel* l : s->findChildren<QLabel*>()) unitShown = unitShown || l->text() == QStringLiteral("N m s/rad");
    QVERIFY(unitShown);
    QCOMPARE(s->parameterEdit(QStringLiteral("target"))->placeholderText(), QStringLiteral("default: 100"));

    QUndoStack* undo = m_w->document()->undoStack();
    const int before = undo->count();
    test::retype(kp, QStringLiteral("0.8"));
    QTest::keyClick(kp, Qt::Key_Return);
    QCOMPARE(undo->count(), before + 1);
    const ComponentSpec* pi = m_w->document()->lab().findComponent("pi");
    QCOMPARE(pi->parameters["start_values"], Json::parse(R"({"kp": 0.8})"));
    QVERIFY(m_w->document()->isValid());
    NumberEdit* target = m_w->properties()->form()->fmuSection()->parameterEdit(QStringLiteral("target"));
    test::retype(target, QStringLiteral("120"));
    QTest::keyClick(target, Qt::Key_Return);
    QCOMPARE(m_w->document()->lab().findComponent("pi")->parameters["start_values"], Json::parse(R"({"kp": 0.8, "target": 120})"));
    QVERIFY(writeLab(m_w->document()->lab()).find("\"start_values\"") != std::string::npos);
    // shown back after a refresh, in the field
    QCOMPARE(m_w->properties()->form()->fmuSection()->parameterEdit(QStringLiteral("kp"))->text(), QStringLiteral("0.8"));
    // emptied: removed; the last one gone, the map goes too
    kp = m_w->properties()->form()->fmuSection()->parameterEdit(QStringLiteral("kp"));
    test::retype(kp, QString());
    QTest::keyClick(kp, Qt::Key_Return);
    QCOMPARE(m_w->document()->lab().findComponent("pi")->parameters["start_values"], Json::parse(R"({"target": 120})"));
    target = m_w->properties()->form()->fmuSection()->parameterEdit(QStringLiteral("target"));
    test::retype(target, QString());
    QTest::keyClick(target, Qt::Key_Return);
    QVERIFY(!m_w->document()->lab().findComponent("pi")->parameters.contains("start_values"));
    QCOMPARE(undo->count(), before + 4);
    undo->undo();
    QCOMPARE(m_w->document()->lab().findComponent("pi")->parameters["start_values"], Json::parse(R"({"target": 120})"));
}

void TestFmuEditor::aBadArchiveIsAMessageNotACrash_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("says");
    QTest::newRow("missing") << QStringLiteral("nowhere.fmu") << QStringLiteral("nowhere.fmu");
    QTest::newRow("not a zip") << QStringLiteral("text.fmu") << QStringLiteral("not a readable zip archive");
    QTest::newRow("invalid model description") << QStringLiteral("badxml.fmu") << QStringLiteral("not well-formed");
    QTest::newRow("no model description") << QStringLiteral("noxml.fmu") << QStringLiteral("no modelDescription.xml");
    QTest::newRow("no Linux binary") << QStringLiteral("nobinary.fmu") << QStringLiteral("no binary for this platform");
}

// the form says why in its FMU section (and leaves the mapping fields free text, stored as typed),
// the component is marked red with the compile's message naming it and the file
void TestFmuEditor::aBadArchiveIsAMessageNotACrash()
{
    QFETCH(QString, file);
    QFETCH(QString, says);
    QVERIFY(test::writeAll(m_dir.filePath(QStringLiteral("text.fmu")), "not an archive"));
    QVERIFY(writeZip(m_dir.filePath(QStringLiteral("badxml.fmu")), {{"modelDescription.xml", "<fmiModelDescription fmiVersion=\"3.0\"><Open>"}}));
    QVERIFY(writeZip(m_dir.filePath(QStringLiteral("noxml.fmu")), {{"documentation/index.html", "<p>nothing</p>"}}));
    QVERIFY(writeZip(m_dir.filePath(QStringLiteral("nobinary.fmu")),
                     {{"modelDescription.xml", R"(<fmiModelDescription fmiVersion="3.0" modelName="m" instantiationToken="{t}">
  <CoSimulation modelIdentifier="m"/><ModelVariables>
  <Float64 name="torque" valueReference="1" causality="output"/></ModelVariables></fmiModelDescription>)"},
                      {"binaries/x86_64-windows/m.dll", "MZ"}}));
    ItemForm* f = openAndSelect(QStringLiteral("bad.lab.json"), piLab(file));
    QVERIFY(f);
    QVERIFY(!m_w->document()->isValid());
    FmuSection* s = f->fmuSection();
    QVERIFY(s && s->failed());
    QVERIFY2(s->status()->text().contains(says) && s->status()->text().contains(file), qPrintable(s->status()->text()));
    QVERIFY(!s->parameterEdit(QStringLiteral("kp")));
    // the component is red, its tooltip the compile's message naming the file
    ComponentItem* item = m_w->scene()->componentItem(QStringLiteral("pi"));
    QVERIFY(item && item->hasErrors());
    QVERIFY2(item->toolTip().contains(file), qPrintable(item->toolTip()));
    // the mapping fields have no list, and take text as typed (the compile judges it)
    FmuVariableEditor* out = variableEditor(f, "output");
    QCOMPARE(pickRows(out->combo()).size(), 0);
    test::retype(out->combo()->lineEdit(), QStringLiteral("anything"));
    QTest::keyClick(out->combo()->lineEdit(), Qt::Key_Return);
    QCOMPARE(QString::fromStdString(m_w->document()->lab().findComponent("pi")->parameters["output"].get<std::string>()),
             QStringLiteral("anything"));
    // fixing the file in the form reads the archive: the lists and the rows appear
    m_w->document()->undoStack()->undo();
    auto* fileEdit = qobject_cast<QLineEdit*>(m_w->properties()->form()->editor(QStringLiteral("param:file"))->widget());
    QVERIFY(fileEdit);
    test::retype(fileEdit, QStringLiteral("picontroller3.fmu"));
    QTest::keyClick(fileEdit, Qt::Key_Return);
    QVERIFY(m_w->document()->isValid());
    f = m_w->properties()->form();
    QVERIFY(!f->fmuSection()->failed());
    QVERIFY(f->fmuSection()->parameterEdit(QStringLiteral("kp")));
    QCOMPARE(pickRows(variableEditor(f, "output")->combo()), QStringList{QStringLiteral("torque|N m|torque [N m]")});
    QTRY_VERIFY(!m_w->scene()->componentItem(QStringLiteral("pi"))->hasErrors()); // the marks follow the posted compile
}

// with a speed_input node_a is needed: drawn (red while free) and named after the FMU input;
// without one it is an optional port drawn on demand
void TestFmuEditor::node_aIsDrawnFromTheMapping()
{
    QVERIFY(openAndSelect(QStringLiteral("pi.lab.json"), piLab(QStringLiteral("picontroller3.fmu"))));
    PortItem* port = m_w->scene()->componentItem(QStringLiteral("pi"))->port(QStringLiteral("node_a"));
    QVERIFY(port);
    QCOMPARE(port->caption(), QStringLiteral("speed"));
    QVERIFY(port->showsName());
    QVERIFY(port->toolTip().contains(QStringLiteral("feeds FMU input 'speed'")));
    FmuVariableEditor* in = variableEditor(m_w->properties()->form(), "speed_input");
    emit in->combo()->activated(0); // (absent)
    QCOMPARE(port->caption(), QString());
    QVERIFY(!port->showsName());
    m_w->document()->undoStack()->undo();
    QCOMPARE(port->caption(), QStringLiteral("speed"));
    QCOMPARE(port->binding(), PortItem::Binding::Node);
    QVERIFY(!port->quietWhenIdle());
}

// the caption of node_a ("speed") is drawn outside the FMU's drawing, beside the wire, clear of
// the symbol and of the label, at every rotation, mirrored or not
void TestFmuEditor::thePortCaptionIsOutsideTheSymbol()
{
    QVERIFY(openAndSelect(QStringLiteral("pi.lab.json"), piLab(QStringLiteral("picontroller3.fmu"))));
    ComponentItem* item = m_w->scene()->componentItem(QStringLiteral("pi"));
    PortItem* port = item->port(QStringLiteral("node_a"));
    QVERIFY(port && port->showsName());
    for (int flip = 0; flip < 2; ++flip) {
        for (int turn = 0; turn < 4; ++turn) {
            const QRectF caption = port->mapRectToParent(port->nameRect());
            const QString where = QStringLiteral("turn %1, flip %2: caption %3,%4 %5x%6")
                                      .arg(turn)
                                      .arg(flip)
                                      .arg(caption.x())
                                      .arg(caption.y())
                                      .arg(caption.width())
                                      .arg(caption.height());
            QVERIFY2(!caption.isEmpty(), qPrintable(where));
            QVERIFY2(!caption.intersects(item->symbolRect()), qPrintable(where));
            QVERIFY2(!caption.intersects(item->labelRect()), qPrintable(where));
            m_w->canvasEditor()->rotateSelection(true);
        }
        m_w->canvasEditor()->flipSelection();
    }
}

// the picker shows the FMU variable behind pi.output and pi.speed_in; picked, it plots the run's
// values (the samples of the run, sample for sample)
void TestFmuEditor::thePickerShowsTheFmuVariableAndItPlots()
{
    QVERIFY(openAndSelect(QStringLiteral("pi.lab.json"), piLab(QStringLiteral("picontroller3.fmu"))));
    RunController* rc = m_w->runController();
    QVERIFY(rc->runTo(0.2));
    PlotArea* area = rc->plots();
    area->showPicker();
    auto* picker = area->findChild<QDialog*>(QStringLiteral("observablePicker"));
    QVERIFY(picker);
    auto* tree = picker->findChild<QTreeWidget*>();
    QTreeWidgetItem* output = nullptr;
    QTreeWidgetItem* speedIn = nullptr;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = tree->topLevelItem(i);
        if (top->text(0) != QStringLiteral("pi")) continue;
        for (int j = 0; j < top->childCount(); ++j) {
            if (top->child(j)->text(0) == QStringLiteral("output")) output = top->child(j);
            if (top->child(j)->text(0) == QStringLiteral("speed_in")) speedIn = top->child(j);
        }
    }
    QVERIFY(output && speedIn);
    QVERIFY(!tree->isColumnHidden(2));
    QCOMPARE(output->text(1), QStringLiteral("N m"));
    QVERIFY2(output->text(2).startsWith(QStringLiteral("FMU output torque [N m]: torque [N m] of picontroller3.fmu")), qPrintable(output->text(2)));
    QVERIFY2(speedIn->text(2).contains(QStringLiteral("FMU input speed [rad/s]")), qPrintable(speedIn->text(2)));
    // picked (a double-click): a new series of pi.output with the run's samples
    emit tree->itemDoubleClicked(output, 0);
    PlotPanel* panel = area->currentPanel();
    QVERIFY(panel && !panel->keys().isEmpty());
    const int key = int(panel->keys().size()) - 1;
    QCOMPARE(panel->keys()[key].text(), QStringLiteral("pi.output"));
    const SampleStore& store = *rc->branches().front().store;
    const auto layout = observableLayout(*rc->model());
    std::size_t col = layout.size();
    for (std::size_t j = 0; j < layout.size(); ++j) {
        if (layout[j].subject == "pi" && layout[j].name == "output") col = j;
    }
    QVERIFY(col < layout.size());
    QLineSeries* series = panel->series(key, 0);
    QVERIFY(series && series->count() > 0);
    // the series' last point is the store's last sample of pi.output: the PI's torque, a run value
    const QPointF last = series->at(series->count() - 1);
    QCOMPARE(last.y(), store.value(store.size() - 1, col));
    QVERIFY(store.value(store.size() - 1, col) > 0.0); // the PI drives the shaft up against the load
    picker->close();
}

// every real output of the FMU is an observable: the ramp FMU's `impulse` (not mapped by the lab)
// is listed under `src` with the FMU's unit and its variable, and plots the run's values, the
// FMU's closed form a T + b T^2 / 2 (testfmus/ramp.c)
void TestFmuEditor::thePickerListsEveryFmuOutput()
{
    const QByteArray lab = QStringLiteral(R"({"format": "drivelab.lab", "version": 1, "name": "fmu-ramp",
  "run": {"tick_ns": 1000000, "duration_ns": 100000000, "report_every_ticks": 10},
  "nodes": [{"id": "shaft", "domain": "rotational", "inertia": 0.5, "initial_speed": 0}],
  "components": [
    {"id": "src", "type": "fmu", "parameters": {"file": "ramp3.fmu", "output": "torque", "start_values": {"torque_initial": 2, "torque_rate": 4}}},
    {"id": "motor", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": {"controller": "src"}}}
  ]})")
                              .toUtf8();
    QVERIFY(openAndSelect(QStringLiteral("ramp.lab.json"), lab, QStringLiteral("src")));
    RunController* rc = m_w->runController();
    QVERIFY(rc->runTo(0.05));
    PlotArea* area = rc->plots();
    area->showPicker();
    auto* picker = area->findChild<QDialog*>(QStringLiteral("observablePicker"));
    QVERIFY(picker);
    auto* tree = picker->findChild<QTreeWidget*>();
    QStringList names;
    QTreeWidgetItem* impulse = nullptr;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = tree->topLevelItem(i);
        if (top->text(0) != QStringLiteral("src")) continue;
        for (int j = 0; j < top->childCount(); ++j) {
            names << top->child(j)->text(0);
            if (top->child(j)->text(0) == QStringLiteral("impulse")) impulse = top->child(j);
        }
    }
    QCOMPARE(names, (QStringList{QStringLiteral("output"), QStringLiteral("speed_in"), QStringLiteral("torque"), QStringLiteral("impulse"),
                                 QStringLiteral("der_impulse_"), QStringLiteral("output_2")}));
    QVERIFY(impulse);
    // the FMU's unit as the layout's, shown as every SI unit is (N·m·s)
    QCOMPARE(impulse->text(1), DisplayUnits::instance().view(QStringLiteral("N m s")).label);
    QVERIFY(impulse->text(1).startsWith(QLatin1Char('N')));
    QVERIFY2(impulse->text(2).startsWith(QStringLiteral("FMU output impulse [N m s]: the torque's integral since t = 0 of ramp3.fmu")),
             qPrintable(impulse->text(2)));
    // picked: the run's values, the FMU's a T + b T^2 / 2 at the last communication point
    emit tree->itemDoubleClicked(impulse, 0);
    PlotPanel* panel = area->currentPanel();
    QVERIFY(panel && !panel->keys().isEmpty());
    const int key = int(panel->keys().size()) - 1;
    QCOMPARE(panel->keys()[key].text(), QStringLiteral("src.impulse"));
    const SampleStore& store = *rc->branches().front().store;
    const auto layout = observableLayout(*rc->model());
    std::size_t col = layout.size();
    for (std::size_t j = 0; j < layout.size(); ++j) {
        if (layout[j].subject == "src" && layout[j].name == "impulse") col = j;
    }
    QVERIFY(col < layout.size());
    // the last sample ends tick k - 1, whose step (from (k - 1) h, as the importer computes it) ended at T
    const std::size_t last = store.size() - 1;
    const long k = std::lround(store.time(last) / 1e-3);
    QVERIFY(k > 0);
    const double t = double(k - 1) * 1e-3 + 1e-3;
    QVERIFY2(store.value(last, col) == 2.0 * t + 0.5 * 4.0 * t * t, qPrintable(QString::number(store.value(last, col), 'g', 17)));
    QLineSeries* series = panel->series(key, 0);
    QVERIFY(series && series->count() > 0);
    QCOMPARE(series->at(series->count() - 1).y(), store.value(store.size() - 1, col));
    picker->close();
}

// an fmu inside an instance: the picker's path is the instance path, with the same note
void TestFmuEditor::insideAPartThePathIsTheInstancePath()
{
    QVERIFY(test::writeAll(m_dir.filePath(QStringLiteral("part.lab.json")), partLab(QStringLiteral("picontroller2.fmu"))));
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    QVERIFY(m_w->openLab(m_dir.filePath(QStringLiteral("part.lab.json"))));
    QVERIFY(m_w->document()->isValid());
    RunController* rc = m_w->runController();
    QVERIFY(rc->runTo(0.05));
    PlotArea* area = rc->plots();
    area->showPicker();
    auto* tree = area->findChild<QDialog*>(QStringLiteral("observablePicker"))->findChild<QTreeWidget*>();
    QTreeWidgetItem* output = nullptr;
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* top = tree->topLevelItem(i);
        for (int j = 0; j < top->childCount(); ++j) {
            if (top->text(0) == QStringLiteral("sub/pi") && top->child(j)->text(0) == QStringLiteral("output")) output = top->child(j);
        }
    }
    QVERIFY(output);
    QCOMPARE(output->text(1), QStringLiteral("N m"));
    QVERIFY2(output->text(2).contains(QStringLiteral("FMU output torque [N m]")), qPrintable(output->text(2)));
    QVERIFY(area->addObservables(nullptr, {QStringLiteral("sub/pi")}, {QStringLiteral("output")}));
    QVERIFY(area->currentPanel()->series(0, 0) && area->currentPanel()->series(0, 0)->count() > 0);
}

QTEST_MAIN(TestFmuEditor)
#include "tst_fmueditor.moc"
