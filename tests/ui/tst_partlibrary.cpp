// The editor's part library (issue 36): a folder the settings name (QSettings
// "parts/libraryFolder"), made the core's part library folder; the palette lists its parts
// (searchable by name, description, ports and parameters; a file that cannot be used is listed
// with its problem and cannot be dragged); a part activated from the palette (or pushed as
// AddInstanceCommand, what a drop does) becomes an instance of the lab: fresh id, no port
// connected, parameters at their defaults, found through the library when the lab compiles;
// undo restores the lab's bytes.
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

#include "canvas/labview.h"
#include "commands/addinstancecommand.h"
#include "compile/compiler.h"
#include "document/labdocument.h"
#include "files/filecontroller.h"
#include "io/labfile.h"
#include "mainwindow.h"
#include "palette/palettewidget.h"
#include "palette/partlibrary.h"
#include "spec/labfiles.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {
const QString kLibrary = QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/parts");

// labs/parts/differential-launch without its instance: an engine and a car to put an axle between
LabSpec carWithoutAxle()
{
    LoadedLab l = loadLab(DRIVELAB_SOURCE_DIR "/labs/parts/differential-launch.lab.json");
    if (!l.spec) qFatal("differential-launch does not read");
    LabSpec lab = *l.spec;
    lab.instances.clear();
    lab.baseDir.clear(); // untitled: only the library has the part
    return lab;
}
} // namespace

class TestPartLibrary : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolate(); }
    void cleanup() { setPartLibraryFolder(QString()); }
    void settingNamesTheCoresFolder();
    void paletteListsTheLibrary();
    void unusableFilesAreListedWithTheirProblem();
    void addInstanceAndUndo();
    void paletteActivationCreatesAnInstance();
    void droppingAPartCreatesAnInstanceThere();
    void savesWhereTheLibraryServes();
};

void TestPartLibrary::settingNamesTheCoresFolder()
{
    QVERIFY(partLibraryDirs().empty());
    setPartLibraryFolder(kLibrary);
    QCOMPARE(QSettings().value(QString::fromLatin1(kPartLibraryKey)).toString(), kLibrary);
    QCOMPARE(partLibraryDirs(), std::vector<std::string>{kLibrary.toStdString()});
    // at start the stored folder is the core's again
    setPartLibraryDirs({});
    applyPartLibrarySetting();
    QCOMPARE(partLibraryDirs(), std::vector<std::string>{kLibrary.toStdString()});
    setPartLibraryFolder(QString());
    QVERIFY(!QSettings().contains(QString::fromLatin1(kPartLibraryKey)));
    QVERIFY(partLibraryDirs().empty());
}

void TestPartLibrary::paletteListsTheLibrary()
{
    PaletteWidget p;
    QVERIFY(!p.groups().contains("parts")); // no folder: no section
    const int builtIn = int(p.tokens().size());
    p.setLibraryFolder(kLibrary);
    QCOMPARE(p.groups().last(), QString("parts"));
    const QStringList parts = {"part:converter_lockup", "part:cylinder_unit", "part:inline_four", "part:open_differential",
                               "part:two_speed_planetary"};
    QCOMPARE(p.tokens().mid(builtIn), parts);
    // searchable by what the part is and what it has
    p.setFilter("differential");
    QVERIFY(p.visibleTokens().contains("part:open_differential"));
    QVERIFY(p.visibleTokens().contains("component:differential"));
    p.setFilter("brake_capacity");
    QCOMPARE(p.visibleTokens(), QStringList{"part:two_speed_planetary"});
    p.setFilter("lockup part");
    QCOMPARE(p.visibleTokens(), QStringList{"part:converter_lockup"});
    p.setFilter("");
    const QString tip = p.toolTipOf("two_speed_planetary");
    QVERIFY2(tip.contains("sun (rotational)") && tip.contains("brake_capacity [N m]"), qPrintable(tip));
    // the drag data of a part is its token, as for a component
    std::unique_ptr<QMimeData> mime(PaletteWidget::mimeFor("part:open_differential"));
    QVERIFY(!mime->formats().isEmpty());
}

void TestPartLibrary::unusableFilesAreListedWithTheirProblem()
{
    QTemporaryDir dir;
    QVERIFY(test::writeAll(dir.filePath("broken.part.json"),
                           R"({"format": "drivelab.part", "version": 1, "name": "other", "ports": [{"name": "a", "domain": "rotational"}]})"));
    QVERIFY(QFile::copy(kLibrary + "/open_differential.part.json", dir.filePath("open_differential.part.json")));
    PaletteWidget p;
    const int builtIn = int(p.tokens().size());
    p.setLibraryFolder(dir.path());
    QCOMPARE(p.tokens().mid(builtIn), QStringList{"part:open_differential"}); // broken has no token: it cannot be dragged
    const QString tip = p.toolTipOf("broken");
    QVERIFY2(tip.contains("cannot be used") && tip.contains("name: must be &quot;broken&quot;"), qPrintable(tip));
    // an empty folder says so
    QTemporaryDir empty;
    p.setLibraryFolder(empty.path());
    QCOMPARE(int(p.tokens().size()), builtIn);
    QVERIFY(p.toolTipOf("No part files in this folder").contains("Save part files (NAME.part.json) in"));
    QVERIFY(p.groups().contains("parts"));
}

void TestPartLibrary::addInstanceAndUndo()
{
    setPartLibraryFolder(kLibrary);
    LabDocument doc;
    doc.reset(carWithoutAxle(), QString());
    const std::string before = writeLab(doc.lab());
    QVERIFY(before.find("\"version\": 1") != std::string::npos);
    auto* cmd = new AddInstanceCommand(&doc, "open_differential", Placement{120, 40, 0, false});
    QCOMPARE(cmd->instanceId(), QString("open_differential1"));
    doc.push(cmd);
    QCOMPARE(doc.lab().instances.size(), std::size_t{1});
    const InstanceSpec& inst = doc.lab().instances.front();
    QCOMPARE(inst.part, std::string("open_differential"));
    QVERIFY(inst.ports.empty() && inst.parameters.empty());
    QCOMPARE(placementOf(doc.lab(), "open_differential1")->x, 120.0);
    // found through the library: the only problems are its ports, not connected yet
    std::string said;
    for (const Diagnostic& d : doc.diagnostics()) said += d.subject + ": " + d.field + ": " + d.message + "\n";
    QVERIFY2(said.find("open_differential1: ports.pinion: not connected") != std::string::npos, said.c_str());
    QVERIFY2(said.find("no part") == std::string::npos, said.c_str());
    // connected, the lab is the shipped differential-launch with default parameters
    LabSpec connected = doc.lab();
    connected.instances.front().ports = Json{{"pinion", "engine"}, {"vehicle", "car"}};
    const CompileResult c = compile(connected);
    QVERIFY(c.model);
    QCOMPARE(c.model->components.front().id, std::string("open_differential1/diff"));
    // undo: the bytes of before (version 1 again); redo: the same instance
    doc.undoStack()->undo();
    QCOMPARE(writeLab(doc.lab()), before);
    doc.undoStack()->redo();
    QCOMPARE(doc.lab().instances.front().id, std::string("open_differential1"));
    // without the library the same lab names the missing part
    setPartLibraryFolder(QString());
    doc.notifyChanged(ChangeKind::Values);
    said.clear();
    for (const Diagnostic& d : doc.diagnostics()) said += d.subject + ": " + d.field + ": " + d.message + "\n";
    QVERIFY2(said.find("open_differential1: part: no part 'open_differential'") != std::string::npos, said.c_str());
}

void TestPartLibrary::paletteActivationCreatesAnInstance()
{
    setPartLibraryFolder(kLibrary);
    QTemporaryDir dir;
    MainWindow w({dir.path(), false});
    QVERIFY(w.palette()->tokens().contains("part:two_speed_planetary"));
    emit w.palette()->activated("part:two_speed_planetary");
    QCOMPARE(w.document()->lab().instances.size(), std::size_t{1});
    QCOMPARE(w.document()->lab().instances.front().part, std::string("two_speed_planetary"));
    w.document()->undoStack()->undo();
    QVERIFY(w.document()->lab().instances.empty());
}

// dragging a part from the palette onto the canvas (a real drag-enter and drop on the view):
// an instance of it, placed where it was dropped, one undo step
void TestPartLibrary::droppingAPartCreatesAnInstanceThere()
{
    setPartLibraryFolder(kLibrary);
    QTemporaryDir dir;
    MainWindow w({dir.path(), false});
    w.resize(1200, 800);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QMimeData* mime = PaletteWidget::mimeFor(QStringLiteral("part:open_differential"));
    QWidget* vp = w.view()->viewport();
    const QPoint pos = vp->rect().center() + QPoint(60, 40);
    QDragEnterEvent enter(pos, Qt::CopyAction, mime, Qt::LeftButton, {});
    QApplication::sendEvent(vp, &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(pos), Qt::CopyAction, mime, Qt::LeftButton, {});
    QApplication::sendEvent(vp, &drop);
    delete mime;
    QVERIFY(drop.isAccepted());
    QCOMPARE(w.document()->lab().instances.size(), std::size_t{1});
    const std::string id = w.document()->lab().instances.front().id;
    QCOMPARE(w.document()->lab().instances.front().part, std::string("open_differential"));
    const QPointF scenePos = w.view()->mapToScene(pos);
    QVERIFY(w.document()->lab().layout.contains(id));
    const Json& place = w.document()->lab().layout.at(id);
    QVERIFY2(std::fabs(place.at("x").get<double>() - scenePos.x()) <= 20.0 && std::fabs(place.at("y").get<double>() - scenePos.y()) <= 20.0,
             place.dump().c_str());
    w.document()->undoStack()->undo();
    QVERIFY(w.document()->lab().instances.empty());
}

// a lab whose instance uses a library part saves into any folder while the library has the part
// (it compiles there through the library); without the library the save is refused, naming it
void TestPartLibrary::savesWhereTheLibraryServes()
{
    QTemporaryDir dir, elsewhere;
    MainWindow w({dir.path(), false});
    test::ScriptedPrompter prompter;
    w.setPrompter(&prompter);
    LabSpec lab = carWithoutAxle();
    lab.instances = loadLab(DRIVELAB_SOURCE_DIR "/labs/parts/differential-launch.lab.json").spec->instances; // the axle
    w.document()->reset(lab, QString());
    const QString path = elsewhere.filePath("launch.lab.json");
    QVERIFY(!w.files()->saveTo(path)); // no library: refused
    QVERIFY2(prompter.errors.join('\n').contains("uses the part file open_differential.part.json"), qPrintable(prompter.errors.join('\n')));
    QVERIFY(!QFileInfo::exists(path));
    w.palette()->setLibraryFolder(kLibrary);
    QVERIFY(w.files()->saveTo(path));
    LoadedLab again = loadLab(path.toStdString());
    QVERIFY(again.model); // through the library
    QCOMPARE(again.model->fingerprint, loadLab(DRIVELAB_SOURCE_DIR "/labs/parts/differential-launch.lab.json").model->fingerprint);
}

QTEST_MAIN(TestPartLibrary)
#include "tst_partlibrary.moc"
