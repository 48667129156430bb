// Portable assets in the editor (docs/EDITOR.md, "Portable assets"): an export from the
// editor is byte for byte what `drivelab-cli export` writes and verifies with the core;
// an asset opens read-only (edits refused, never dirty); Replay and Verify passes for every
// fixture; a tampered asset is refused with its reason and the open lab is kept.
#include <QAction>
#include <QDockWidget>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QUndoStack>

#include "actionset.h"
#include "assets/assetui.h"
#include "assets/replaypanel.h"
#include "fixturechanges.h"
#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "document/labdocument.h"
#include "io/asset.h"
#include "palette/palettewidget.h"
#include "panels/problemspanel.h"
#include "uitestutil.h"

using namespace drivelab;
using namespace drivelab::test;

namespace {

/// the enabled state of every action of the window's action set, by its text
QMap<QString, bool> actionStates(const ActionSet& a)
{
    QMap<QString, bool> out;
    for (QAction* x : {a.newLab, a.open, a.save, a.saveAs, a.reload, a.undo, a.redo, a.cut, a.copy, a.paste, a.remove, a.selectAll,
                       a.rename, a.rotateCw, a.rotateCcw, a.flip, a.editMaps})
        out.insert(x->toolTip(), x->isEnabled());
    return out;
}

QString fixtureDir() { return QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/fixtures/assets/v1"); }

QStringList fixtures()
{
    QStringList out;
    for (const QString& f : QDir(fixtureDir()).entryList({QStringLiteral("*.dlasset.json")}, QDir::Files))
        out << QDir(fixtureDir()).filePath(f);
    return out;
}

} // namespace

class TestAssetUi : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void exportMatchesCli();
    void openFixtureReadOnly();
    void replayVerifiesEveryFixture();
    void replayShowsFailingBoundary();
    void tamperedAssetRefused();
    void labAfterAssetIsEditable();
    void editActionsComeBackAfterAsset();

private:
    AssetUi* assets() const { return m_window->assets(); }
    bool waitExport(const QString& path);

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<ScriptedPrompter> m_prompter;
};

void TestAssetUi::initTestCase()
{
    isolate();
    QVERIFY(m_dir.isValid());
    QVERIFY(fixtures().size() >= 1);
}

void TestAssetUi::init()
{
    m_prompter = std::make_unique<ScriptedPrompter>();
    m_window = drivelab::test::shownMainWindow(m_dir, m_prompter.get());
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestAssetUi::cleanup() { m_window.reset(); }

bool TestAssetUi::waitExport(const QString& path)
{
    QSignalSpy done(assets(), &AssetUi::exportFinished);
    assets()->exportTo(path);
    if (!done.wait(60000)) return false;
    return done.front().at(0).toBool();
}

// Export every lab from the editor: the file reads and replays with the core, and its bytes
// are those `drivelab-cli export` writes for the lab file (the layout the editor adds is not
// part of an asset).
void TestAssetUi::exportMatchesCli()
{
    for (const QString& lab : allLabs()) {
        QVERIFY(m_window->openLab(lab));
        const QString base = QFileInfo(lab).completeBaseName();
        const QString mine = m_dir.filePath(base + QStringLiteral(".editor.dlasset.json"));
        const QString cli = m_dir.filePath(base + QStringLiteral(".cli.dlasset.json"));
        QElapsedTimer t;
        t.start();
        QVERIFY2(waitExport(mine), qPrintable(lab));
        QProcess p;
        p.start(QStringLiteral(DRIVELAB_CLI), {QStringLiteral("export"), lab, QStringLiteral("--output"), cli, QStringLiteral("--quiet")});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 0);
        const QByteArray a = readAll(mine), b = readAll(cli);
        QVERIFY(!a.isEmpty());
        QVERIFY2(a == b, qPrintable(lab));
        const AssetReadResult read = readAssetFile(mine.toStdString());
        QVERIFY(read.asset);
        QVERIFY(replayAsset(*read.asset).ok);
        QVERIFY(!m_window->document()->isModified()); // exporting changes nothing in the lab
    }
}

// A fixture opens read-only: the title says so, edits are refused and disabled, nothing
// becomes dirty, and File ▸ Save writes nothing over the asset.
void TestAssetUi::openFixtureReadOnly()
{
    const QString path = QDir(fixtureDir()).filePath(QStringLiteral("converter-launch.dlasset.json"));
    const QByteArray before = readAll(path);
    QVERIFY(m_window->openLab(path));
    LabDocument* doc = m_window->document();
    QVERIFY(doc->isReadOnly());
    QVERIFY(assets()->asset());
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("read-only")));
    QVERIFY(doc->lab().findComponent("tc") || !doc->lab().components.empty());
    const std::size_t components = doc->lab().components.size();
    // edits are refused
    QSignalSpy refused(doc, &LabDocument::editRefused);
    const QString added = m_window->scene()->addFromPalette(QStringLiteral("component:damper"), QPointF(0, 0));
    QCOMPARE(refused.count(), 1);
    QCOMPARE(doc->lab().components.size(), components);
    QVERIFY(added.isEmpty() || !doc->lab().findComponent(added.toStdString()));
    m_window->scene()->selectIds({QString::fromStdString(doc->lab().components.front().id)});
    QVERIFY(!m_window->actions()->remove->isEnabled());
    m_window->actions()->remove->trigger();
    QCOMPARE(doc->lab().components.size(), components);
    QCOMPARE(doc->undoStack()->count(), 0);
    QVERIFY(!doc->isModified());
    QVERIFY(!m_window->isWindowModified());
    // disabled: saving, editing panels
    QVERIFY(!m_window->actions()->save->isEnabled());
    QVERIFY(!m_window->actions()->saveAs->isEnabled());
    QVERIFY(!m_window->palette()->isEnabled());
    QVERIFY(!m_window->files()->save());
    QCOMPARE(readAll(path), before);
    QVERIFY(assets()->replayAction()->isEnabled());
    QVERIFY(assets()->dock()->isVisible());
}

// Replay and Verify passes for every fixture, boundary by boundary, in a worker thread.
void TestAssetUi::replayVerifiesEveryFixture()
{
    for (const QString& f : fixtures()) {
        QVERIFY(m_window->openLab(f));
        ReplayPanel* panel = assets()->replayPanel();
        QSignalSpy finished(panel, &ReplayPanel::finished);
        panel->replayButton()->click();
        // a replay that fails at boundary 0 (a fixture of a deliberate change) may already have
        // stopped, its finished signal still queued
        QVERIFY(panel->isRunning() || finished.count() == 1 || finished.wait(60000));
        QVERIFY(!panel->replayButton()->isEnabled() || finished.count() == 1);
        QVERIFY(finished.count() == 1 || finished.wait(60000));
        const AssetReadResult read = readAssetFile(f.toStdString());
        QVERIFY(read.asset);
        const int n = static_cast<int>(read.asset->boundaries.size());
        QCOMPARE(panel->verdict().boundaries.size(), n);
        QCOMPARE(panel->table()->rowCount(), n + 1); // plus the final state hash
        if (const FixtureChange* change = fixtureChange(f.toStdString())) {
            // a deliberate change of results (tests/fixturechanges.h): passes up to the
            // change, fails there
            QCOMPARE(finished.front().at(0).toBool(), false);
            const int at = static_cast<int>(change->boundary);
            for (int i = 0; i < at; ++i) QCOMPARE(panel->table()->item(i, 2)->text(), QStringLiteral("pass"));
            QVERIFY(panel->table()->item(at, 2)->text() != QStringLiteral("pass"));
            QVERIFY2(panel->verdictText().startsWith(QStringLiteral("FAIL")), qPrintable(panel->verdictText()));
        } else {
            QCOMPARE(finished.front().at(0).toBool(), true);
            for (int i = 0; i <= n; ++i) QCOMPARE(panel->table()->item(i, 2)->text(), QStringLiteral("pass"));
            QVERIFY2(panel->verdictText().startsWith(QStringLiteral("PASS")), qPrintable(panel->verdictText()));
        }
        QVERIFY(panel->replayButton()->isEnabled());
    }
}

// A replay that differs (an asset whose recorded value was changed, fingerprint and
// signature recomputed so that it reads) fails at that boundary and names the observable.
void TestAssetUi::replayShowsFailingBoundary()
{
    const QString f = QDir(fixtureDir()).filePath(QStringLiteral("two-speed-shift.dlasset.json"));
    AssetReadResult read = readAssetFile(f.toStdString());
    QVERIFY(read.asset);
    Asset asset = *read.asset;
    Json& b = asset.boundaries[3];
    const std::string node = b["nodes"].begin().key();
    const std::string obs = b["nodes"][node].begin().key();
    Json& value = b["nodes"][node][obs];
    QVERIFY(value.is_number_float());
    value = value.get<double>() + 1.0;
    const ReplayVerdict v = replayAndVerify(asset);
    QVERIFY(!v.ok);
    QCOMPARE(v.boundaries[0].result, BoundaryVerdict::Result::Pass);
    QCOMPARE(v.boundaries[2].result, BoundaryVerdict::Result::Pass);
    QCOMPARE(v.boundaries[3].result, BoundaryVerdict::Result::Fail);
    QVERIFY2(v.boundaries[3].difference.contains(QString::fromStdString(node + "." + obs)), qPrintable(v.boundaries[3].difference));
    QCOMPARE(v.boundaries[4].result, BoundaryVerdict::Result::NotCompared);
    QVERIFY(!v.finalHashCompared);
    QVERIFY(v.summary.startsWith(QStringLiteral("FAIL at boundary 3")));
}

// One changed digit: the asset is refused with the core's reason, listed in Problems; the lab
// that was open (with unsaved changes) stays as it was.
void TestAssetUi::tamperedAssetRefused()
{
    QVERIFY(m_window->openLab(labPath(QStringLiteral("two-speed-shift.lab.json"))));
    m_window->scene()->addFromPalette(QStringLiteral("node:rotational"), QPointF(400, 400));
    LabDocument* doc = m_window->document();
    QVERIFY(doc->isModified());
    const std::size_t nodes = doc->lab().nodes.size();
    const QString title = m_window->windowTitle();

    QByteArray bytes = readAll(QDir(fixtureDir()).filePath(QStringLiteral("two-speed-shift.dlasset.json")));
    const int at = bytes.indexOf("\"inertia\": ") + 11;
    QVERIFY(at > 11);
    bytes[at] = bytes[at] == '1' ? '2' : '1';
    const QString tampered = m_dir.filePath(QStringLiteral("tampered.dlasset.json"));
    QVERIFY(writeAll(tampered, bytes));
    QVERIFY(!m_window->openLab(tampered));
    QVERIFY(m_prompter->asked.isEmpty()); // refused before anything was asked
    QVERIFY(!doc->isReadOnly());
    QVERIFY(doc->isModified());
    QCOMPARE(doc->lab().nodes.size(), nodes);
    QCOMPARE(m_window->windowTitle(), title);
    QVERIFY(!assets()->asset());
    // the reason, as the core gives it
    const QStringList lines = m_window->problems()->lines();
    QVERIFY2(lines.filter(QStringLiteral("tampered.dlasset.json: -: signature: does not match the content")).size() == 1,
             qPrintable(lines.join(QLatin1Char('\n'))));
}

// Opening a lab after an asset makes the document editable again and closes the replay.
void TestAssetUi::labAfterAssetIsEditable()
{
    QVERIFY(m_window->openLab(fixtures().front()));
    QVERIFY(m_window->document()->isReadOnly());
    QVERIFY(m_window->openLab(labPath(QStringLiteral("converter-launch.lab.json"))));
    QVERIFY(!m_window->document()->isReadOnly());
    QVERIFY(!assets()->asset());
    QVERIFY(!assets()->replayAction()->isEnabled());
    QVERIFY(m_window->palette()->isEnabled());
    QVERIFY(!m_window->windowTitle().contains(QStringLiteral("read-only")));
    QVERIFY(!m_window->scene()->addFromPalette(QStringLiteral("node:rotational"), QPointF(400, 400)).isEmpty());
    QVERIFY(m_window->document()->isModified());
}

// Leaving read-only mode gives back every edit action (issue 34: after an asset, Paste stayed
// grey until restart): each action's enabled state with and without a selection is the same
// before the asset and after leaving it by File ▸ New or by opening a lab, and in the asset
// every editing action is off. Ctrl+C then Ctrl+V, typed on the canvas, paste a copy.
void TestAssetUi::editActionsComeBackAfterAsset()
{
    ActionSet& a = *m_window->actions();
    LabDocument* doc = m_window->document();
    LabScene* scene = m_window->scene();
    const QString lab = labPath(QStringLiteral("converter-launch.lab.json"));
    const QString asset = QDir(fixtureDir()).filePath(QStringLiteral("converter-launch.dlasset.json"));
    const QStringList tc{QStringLiteral("tc")};
    // before any asset: an empty new lab, a lab without and with a selection
    const QMap<QString, bool> untitled = actionStates(a);
    QVERIFY(untitled.value(a.paste->toolTip()));
    QVERIFY(untitled.value(a.save->toolTip()));
    QVERIFY(m_window->openLab(lab));
    const QMap<QString, bool> labNone = actionStates(a);
    scene->selectIds(tc);
    const QMap<QString, bool> labSelected = actionStates(a);
    for (QAction* x : {a.cut, a.copy, a.paste, a.remove, a.rename, a.rotateCw, a.rotateCcw, a.flip, a.editMaps, a.save, a.saveAs})
        QVERIFY2(x->isEnabled(), qPrintable(x->toolTip()));

    const auto checkAsset = [&] {
        QVERIFY(m_window->openLab(asset));
        QVERIFY(doc->isReadOnly());
        scene->selectIds(tc);
        for (QAction* x : {a.save, a.saveAs, a.reload, a.undo, a.redo, a.cut, a.paste, a.remove, a.rename, a.rotateCw, a.rotateCcw,
                           a.flip, a.editMaps})
            QVERIFY2(!x->isEnabled(), qPrintable(x->toolTip()));
        QVERIFY(a.copy->isEnabled()); // copying from an asset is fine
    };
    // leave by File ▸ New
    checkAsset();
    a.newLab->trigger();
    QVERIFY(!doc->isReadOnly());
    QCOMPARE(actionStates(a), untitled);
    // leave by opening a lab
    checkAsset();
    QVERIFY(m_window->openLab(lab));
    scene->selectIds({});
    QCOMPARE(actionStates(a), labNone);
    scene->selectIds(tc);
    QCOMPARE(actionStates(a), labSelected);

    // the keys work: copy, then paste a copy with fresh ids
    const std::size_t before = doc->lab().components.size();
    m_window->view()->setFocus();
    QTest::keyClick(m_window->view(), Qt::Key_C, Qt::ControlModifier);
    QTest::keyClick(m_window->view(), Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(doc->lab().components.size(), before + 1);
    QCOMPARE(doc->undoStack()->count(), 1);
}

QTEST_MAIN(TestAssetUi)
#include "tst_assetui.moc"
