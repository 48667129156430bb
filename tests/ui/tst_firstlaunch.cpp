// What a new user meets (issue 34, item 7): File ▸ Open Example… with the shipped labs (a
// thumbnail and one line each), opened as the user's own copy; the examples found from a build
// tree and from an installed layout; the default example once, on the very first launch; an
// empty lab at 100 %, not 150 %; the palette's groups from the descriptors (a transformer, an
// engine cylinder and a PID controller are not sources), synonyms in its search and a word
// when nothing matches; a clutch's unused optional ports drawn only when they are wanted.
#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenuBar>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include "canvas/canvaseditor.h"
#include "canvas/componentitem.h"
#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "canvas/portitem.h"
#include "components/registry.h"
#include "document/labdocument.h"
#include "files/examplelabs.h"
#include "files/examplesdialog.h"
#include "files/filecontroller.h"
#include "palette/palettewidget.h"
#include "uitestutil.h"

using namespace drivelab;

class TestFirstLaunch : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void examplesFromTheBuildTreeAndAnInstall();
    void openExampleListsTheShippedLabs();
    void openExampleOpensTheUsersCopy();
    void firstLaunchOnlyOnce();
    void emptyLabAtHundredPercent();
    void paletteGroupsFromTheDescriptors();
    void paletteSearchFindsSynonymsAndSaysWhenNothingMatches();
    void optionalPortsOnlyWhenWanted();

private:
    QTemporaryDir m_dir;
};

namespace {

// the palette entry of a token and the key of its group
QString groupOf(PaletteWidget* palette, const QString& token)
{
    auto* tree = palette->findChild<QTreeWidget*>();
    for (int i = 0; i < tree->topLevelItemCount(); ++i) {
        QTreeWidgetItem* g = tree->topLevelItem(i);
        for (int j = 0; j < g->childCount(); ++j) {
            if (g->child(j)->data(0, Qt::UserRole + 1).toString() == token) return g->data(0, Qt::UserRole).toString();
        }
    }
    return {};
}

} // namespace

void TestFirstLaunch::initTestCase() { drivelab::test::isolate(); }

void TestFirstLaunch::examplesFromTheBuildTreeAndAnInstall()
{
    // a build tree's binary finds the source tree's labs/
    const QString source = QDir(QStringLiteral(DRIVELAB_SOURCE_DIR "/labs")).absolutePath();
    QCOMPARE(findExamplesDir(m_dir.filePath(QStringLiteral("nowhere/bin"))), source);
    QCOMPARE(examplesDir(), source);
    // an installed one: PREFIX/bin beside PREFIX/share/drivelab/labs
    const QString prefix = m_dir.filePath(QStringLiteral("prefix"));
    QVERIFY(QDir().mkpath(prefix + QStringLiteral("/bin")));
    QVERIFY(QDir().mkpath(prefix + QStringLiteral("/share/drivelab/labs")));
    QVERIFY(QFile::copy(drivelab::test::labPath(QStringLiteral("clutch-engagement.lab.json")),
                        prefix + QStringLiteral("/share/drivelab/labs/clutch-engagement.lab.json")));
    QCOMPARE(findExamplesDir(prefix + QStringLiteral("/bin")), QDir(prefix + QStringLiteral("/share/drivelab/labs")).absolutePath());
    QCOMPARE(listExamples(findExamplesDir(prefix + QStringLiteral("/bin"))).size(), 1);
}

void TestFirstLaunch::openExampleListsTheShippedLabs()
{
    MainWindow w({m_dir.path(), false});
    // File ▸ Open Example… is there
    QMenu* file = w.menuBar()->findChild<QMenu*>(QStringLiteral("fileMenu"));
    QVERIFY(file);
    bool found = false;
    for (QAction* a : file->actions()) found = found || a->text() == QObject::tr("Open &Example…");
    QVERIFY(found);
    ExamplesDialog d(&w);
    const QStringList shipped = drivelab::test::allLabs();
    QCOMPARE(d.examples().size(), shipped.size());
    QCOMPARE(d.list()->count(), shipped.size());
    for (int i = 0; i < d.examples().size(); ++i) {
        const ExampleLab& e = d.examples()[i];
        QVERIFY2(!e.title.isEmpty() && !e.summary.isEmpty(), qPrintable(e.path));
        QVERIFY2(!e.summary.contains(QLatin1Char('\n')) && e.summary.size() <= 140, qPrintable(e.summary));
        // a thumbnail of the drawing: not blank
        const QImage img = d.list()->item(i)->icon().pixmap(QSize(200, 120)).toImage();
        QVERIFY(!img.isNull());
        int ink = 0;
        for (int y = 0; y < img.height(); y += 2)
            for (int x = 0; x < img.width(); x += 2) ink += img.pixel(x, y) != qRgb(255, 255, 255) && qAlpha(img.pixel(x, y)) > 0 ? 1 : 0;
        QVERIFY2(ink > 50, qPrintable(e.path));
    }
    QCOMPARE(firstSentence(QStringLiteral("One thing. Another thing.")), QStringLiteral("One thing."));
    // DRIVELAB_EXAMPLES_PNG=path: the dialog, to look at
    if (qEnvironmentVariableIsSet("DRIVELAB_EXAMPLES_PNG")) {
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        QVERIFY(d.grab().save(qEnvironmentVariable("DRIVELAB_EXAMPLES_PNG")));
    }
}

void TestFirstLaunch::openExampleOpensTheUsersCopy()
{
    MainWindow w({m_dir.path(), false});
    ExamplesDialog d(&w);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    // choose drive-cycle (it reads a csv beside it) with the keyboard: Down to it, Return
    int row = -1;
    for (int i = 0; i < d.examples().size(); ++i) {
        if (d.examples()[i].path.endsWith(QStringLiteral("drive-cycle.lab.json"))) row = i;
    }
    QVERIFY(row > 0);
    d.list()->setFocus();
    for (int i = 0; i < row; ++i) QTest::keyClick(d.list(), Qt::Key_Down);
    QTest::keyClick(d.list(), Qt::Key_Return);
    QCOMPARE(d.result(), int(QDialog::Accepted));
    const QString shipped = d.selectedPath();
    QVERIFY(shipped.endsWith(QStringLiteral("drive-cycle.lab.json")));
    const QByteArray before = drivelab::test::readAll(shipped);
    QVERIFY(w.files()->openExample(shipped));
    const QString copy = w.document()->filePath();
    QCOMPARE(QFileInfo(copy).absolutePath(), QDir(userExamplesDir()).absolutePath());
    QVERIFY(copy != shipped);
    QVERIFY(w.document()->isValid()); // its csv came along
    QVERIFY(QFileInfo::exists(QDir(userExamplesDir()).absoluteFilePath(QStringLiteral("ece15-urban-cycle.csv"))));
    QCOMPARE(drivelab::test::readAll(shipped), before);
    // the user's copy is theirs: a changed copy is kept, and taking the example again gives a
    // fresh copy beside it (in a folder of its own here: the open copy is watched)
    const QString mine = m_dir.filePath(QStringLiteral("mine"));
    QString why;
    const QString first = userCopyOfExample(shipped, mine, &why);
    QVERIFY2(!first.isEmpty(), qPrintable(why));
    QCOMPARE(userCopyOfExample(shipped, mine, &why), first); // untouched: the same copy
    QVERIFY(drivelab::test::writeAll(first, drivelab::test::readAll(first).replace("Two ECE-15", "Mine: two ECE-15")));
    const QString again = userCopyOfExample(shipped, mine, &why);
    QVERIFY2(!again.isEmpty() && again != first, qPrintable(why));
    QVERIFY(again.endsWith(QStringLiteral("drive-cycle-2.lab.json")));
    QCOMPARE(drivelab::test::readAll(again), before);
    QVERIFY(drivelab::test::readAll(first).contains("Mine: two ECE-15"));
    QCOMPARE(drivelab::test::readAll(shipped), before);
}

void TestFirstLaunch::firstLaunchOnlyOnce()
{
    QSettings().remove(QStringLiteral("app/firstLaunchDone"));
    QVERIFY(takeFirstLaunch());
    QVERIFY(!takeFirstLaunch());
    QVERIFY(defaultExample().endsWith(QStringLiteral("converter-launch.lab.json")));
}

void TestFirstLaunch::emptyLabAtHundredPercent()
{
    MainWindow w({m_dir.path(), false});
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QCOMPARE(w.view()->zoom(), 1.0);
    // File ▸ New after a lab: back to 100 %
    QVERIFY(w.openLab(drivelab::test::labPath(QStringLiteral("clutch-engagement.lab.json"))));
    w.view()->zoomBy(1.7);
    QVERIFY(w.view()->zoom() != 1.0);
    QVERIFY(w.files()->newLab());
    QCOMPARE(w.view()->zoom(), 1.0);
}

void TestFirstLaunch::paletteGroupsFromTheDescriptors()
{
    MainWindow w({m_dir.path(), false});
    PaletteWidget* p = w.palette();
    QCOMPARE(groupOf(p, QStringLiteral("component:transformer")), QStringLiteral("multi_domain"));
    QCOMPARE(groupOf(p, QStringLiteral("component:cylinder")), QStringLiteral("engines"));
    QCOMPARE(groupOf(p, QStringLiteral("component:speed_controller")), QStringLiteral("control"));
    QCOMPARE(groupOf(p, QStringLiteral("component:motor")), QStringLiteral("sources"));
    // every entry sits in its descriptor's group
    for (const ComponentDescriptor* d : componentDescriptors())
        QCOMPARE(groupOf(p, QStringLiteral("component:") + d->type), QString::fromLatin1(paletteGroupName(d->group)));
}

void TestFirstLaunch::paletteSearchFindsSynonymsAndSaysWhenNothingMatches()
{
    MainWindow w({m_dir.path(), false});
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    PaletteWidget* p = w.palette();
    auto* search = p->findChild<QLineEdit*>();
    QVERIFY(search);
    search->setFocus();
    QTest::keyClicks(search, QStringLiteral("engine"));
    QVERIFY2(p->visibleTokens().contains(QStringLiteral("component:motor")), qPrintable(p->visibleTokens().join(' ')));
    QVERIFY(!p->noMatchShown());
    QTest::keyClick(search, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(search, QStringLiteral("PID"));
    QVERIFY(p->visibleTokens().contains(QStringLiteral("component:speed_controller")));
    QTest::keyClick(search, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(search, QStringLiteral("valve"));
    QVERIFY(p->visibleTokens().contains(QStringLiteral("component:orifice")));
    // nothing matches: the palette says so
    QTest::keyClick(search, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(search, QStringLiteral("xyzzy"));
    QVERIFY(p->visibleTokens().isEmpty());
    QVERIFY(p->noMatchShown());
    QLabel* said = nullptr;
    for (QLabel* l : p->findChildren<QLabel*>()) {
        if (l->isVisible() && l->text().contains(QStringLiteral("xyzzy"))) said = l;
    }
    QVERIFY(said);
    if (qEnvironmentVariableIsSet("DRIVELAB_PALETTE_PNG")) QVERIFY(p->grab().save(qEnvironmentVariable("DRIVELAB_PALETTE_PNG")));
    QTest::keyClick(search, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClick(search, Qt::Key_Backspace);
    QVERIFY(!p->noMatchShown());
    QCOMPARE(p->visibleTokens(), p->tokens());
}

void TestFirstLaunch::optionalPortsOnlyWhenWanted()
{
    MainWindow w({m_dir.path(), false});
    w.resize(1400, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    LabScene* scene = w.scene();
    const QString shaft = scene->addFromPalette(QStringLiteral("node:rotational"), {0, 0});
    const QString clutch = scene->addFromPalette(QStringLiteral("component:clutch"), {300, 0});
    const QString heat = scene->addFromPalette(QStringLiteral("node:thermal"), {300, 300});
    auto* item = scene->componentItem(clutch);
    QVERIFY(item);
    scene->clearSelection();
    // unused optional ports (pressure, oil, heat) are not drawn; required ones are
    for (const char* name : {"pressure_node", "oil_node", "heat_node"}) QVERIFY2(!item->port(QString::fromLatin1(name))->isDrawn(), name);
    QVERIFY(item->port(QStringLiteral("node_a"))->isDrawn());
    // the mouse over the clutch shows them (a real move over the view)
    QGraphicsView* view = w.view();
    QTest::mouseMove(view->viewport(), view->mapFromScene(item->sceneBoundingRect().center()));
    QTRY_VERIFY(item->port(QStringLiteral("heat_node"))->isDrawn());
    QTest::mouseMove(view->viewport(), view->mapFromScene(QPointF(-600, -600)));
    QTRY_VERIFY(!item->port(QStringLiteral("heat_node"))->isDrawn());
    // selected: shown
    item->setSelected(true);
    QVERIFY(item->port(QStringLiteral("heat_node"))->isDrawn());
    item->setSelected(false);
    // a connected optional port is always drawn
    w.canvasEditor()->connectPort(clutch, QStringLiteral("heat_node"), heat);
    item = scene->componentItem(clutch);
    QVERIFY(item->port(QStringLiteral("heat_node"))->isDrawn());
    QVERIFY(!item->port(QStringLiteral("pressure_node"))->isDrawn());
    Q_UNUSED(shaft);
    if (qEnvironmentVariableIsSet("DRIVELAB_PORTS_PNG")) QVERIFY(w.grab().save(qEnvironmentVariable("DRIVELAB_PORTS_PNG")));
}

QTEST_MAIN(TestFirstLaunch)
#include "tst_firstlaunch.moc"
