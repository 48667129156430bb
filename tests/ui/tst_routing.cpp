// Large labs on the canvas (issue 34, item 6): wires keep out of symbols and labels,
// a nudge re-routes only what it touched, Fit to View never goes below a readable zoom,
// and Arrange lays a lab out in one undo step that undoes to the same bytes.
//
//   port ──stub──┐            every segment of every wire is checked against every
//        ┌───────┘ [label]    symbol and label rectangle but its own two ends'
//        └──stub── node
#include <QScrollBar>
#include <QUndoStack>
#include <QtTest>

#include "actionset.h"
#include "canvas/canvaseditor.h"
#include "canvas/componentitem.h"
#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "canvas/nodeitem.h"
#include "canvas/portitem.h"
#include "canvas/wireitem.h"
#include "document/displayunits.h"
#include "document/labdocument.h"
#include "document/placement.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

// an item's symbol and label in scene coordinates
struct Box {
    QString id;
    QString what; // "symbol" or "label"
    QRectF rect;
};

// written here on purpose, not the router's helper: an orthogonal segment runs through
// the interior of a rectangle shrunk by one unit (touching or running along an edge is fine)
bool segmentThrough(const QPointF& a, const QPointF& b, const QRectF& r)
{
    const QRectF in = r.adjusted(1, 1, -1, -1);
    const double x0 = std::min(a.x(), b.x()), x1 = std::max(a.x(), b.x());
    const double y0 = std::min(a.y(), b.y()), y1 = std::max(a.y(), b.y());
    return x0 < in.right() && x1 > in.left() && y0 < in.bottom() && y1 > in.top();
}

bool routeThrough(const QVector<QPointF>& route, const QRectF& r)
{
    for (int k = 1; k < route.size(); ++k) {
        if (segmentThrough(route[k - 1], route[k], r)) return true;
    }
    return false;
}

QString wireName(const WireItem* w) { return w->component() + QLatin1Char('.') + w->port(); }

} // namespace

class TestRouting : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void wiresCrossNoSymbolOrLabel_data();
    void wiresCrossNoSymbolOrLabel();
    void aNudgeKeepsEveryOtherRoute_data();
    void aNudgeKeepsEveryOtherRoute();
    void fitNeverGoesBelowReadable();
    void arrangeIsOneUndoStepBackToTheBytes();

private:
    LabScene* scene() const { return m_w->scene(); }
    LabDocument* doc() const { return m_w->document(); }
    QList<Box> boxes() const;
    QMap<QString, QVector<QPointF>> routes() const;
    // empty when no wire runs through another item's symbol or any label, else the pairs
    QStringList crossings() const;

    QTemporaryDir m_dir;
    MainWindow* m_w = nullptr;
    test::ScriptedPrompter m_prompter;
};

void TestRouting::init()
{
    m_w = new MainWindow({m_dir.filePath(QStringLiteral("recovery")), false});
    m_w->setPrompter(&m_prompter);
    m_w->resize(1400, 900);
    m_w->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_w));
}

void TestRouting::cleanup()
{
    m_prompter.saveChoices.push_back(Prompter::SaveChoice::Discard);
    delete m_w;
    m_w = nullptr;
}

QList<Box> TestRouting::boxes() const
{
    QList<Box> out;
    const auto add = [&out](const SymbolItem* i) {
        out << Box{i->id(), QStringLiteral("symbol"), i->symbolRect().translated(i->pos())}
            << Box{i->id(), QStringLiteral("label"), i->labelRect().translated(i->pos())};
    };
    for (const auto& n : doc()->lab().nodes) add(scene()->nodeItem(QString::fromStdString(n.id)));
    for (const auto& c : doc()->lab().components) add(scene()->componentItem(QString::fromStdString(c.id)));
    return out;
}

QMap<QString, QVector<QPointF>> TestRouting::routes() const
{
    QMap<QString, QVector<QPointF>> out;
    for (WireItem* w : scene()->wires()) out.insert(wireName(w), w->route());
    return out;
}

QStringList TestRouting::crossings() const
{
    QStringList out;
    const QList<Box> all = boxes();
    for (WireItem* w : scene()->wires()) {
        for (const Box& b : all) {
            // a wire leaves its own symbols, but runs through no label, its own ends' neither
            if (b.what == QLatin1String("symbol") && (b.id == w->component() || b.id == w->node())) continue;
            if (routeThrough(w->route(), b.rect)) out << QStringLiteral("%1 → %2 runs through the %3 of %4").arg(wireName(w), w->node(), b.what, b.id);
        }
    }
    return out;
}

void TestRouting::wiresCrossNoSymbolOrLabel_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("engineering");
    for (const QString& p : test::allLabs()) {
        QTest::newRow(qPrintable(QFileInfo(p).fileName() + " SI")) << p << false;
        QTest::newRow(qPrintable(QFileInfo(p).fileName() + " rpm °C bar kW")) << p << true;
    }
}

void TestRouting::wiresCrossNoSymbolOrLabel()
{
    QFETCH(QString, path);
    QFETCH(bool, engineering);
    // engineering display units make other labels (wider ones)
    using Q = DisplayUnits::Quantity;
    for (Q q : {Q::Speed, Q::Temperature, Q::Pressure, Q::Power}) DisplayUnits::instance().setEngineering(q, engineering);
    QVERIFY(m_w->openLab(path));
    for (Q q : {Q::Speed, Q::Temperature, Q::Pressure, Q::Power}) DisplayUnits::instance().setEngineering(q, false);
    QVERIFY(!scene()->wires().isEmpty());
    const QStringList found = crossings();
    QVERIFY2(found.isEmpty(), qPrintable(found.join(QStringLiteral("\n"))));
    // every wire is orthogonal and ends at its port
    for (WireItem* w : scene()->wires()) {
        const auto& pts = w->route();
        QVERIFY(pts.size() >= 2);
        QCOMPARE(pts.front(), scene()->componentItem(w->component())->port(w->port())->scenePos());
        for (int k = 1; k < pts.size(); ++k)
            QVERIFY2(pts[k - 1].x() == pts[k].x() || pts[k - 1].y() == pts[k].y(), qPrintable(wireName(w)));
    }
}

void TestRouting::aNudgeKeepsEveryOtherRoute_data()
{
    QTest::addColumn<QString>("lab");
    QTest::newRow("thermal-lockup") << QStringLiteral("thermal-lockup.lab.json");
    QTest::newRow("fired-converter") << QStringLiteral("fired-converter.lab.json");
}

void TestRouting::aNudgeKeepsEveryOtherRoute()
{
    QFETCH(QString, lab);
    QVERIFY(m_w->openLab(test::labPath(lab)));
    QStringList ids;
    for (const auto& n : doc()->lab().nodes) ids << QString::fromStdString(n.id);
    for (const auto& c : doc()->lab().components) ids << QString::fromStdString(c.id);
    m_w->view()->setFocus();
    int kept = 0, changed = 0;
    for (const QString& id : ids) {
        const QMap<QString, QVector<QPointF>> before = routes();
        QHash<QString, QRectF> labelsBefore;
        for (const Box& b : boxes()) {
            if (b.what == QLatin1String("label")) labelsBefore.insert(b.id, b.rect);
        }
        // one grid step to the right, by the arrow key
        scene()->selectIds({id});
        const auto from = placementOf(doc()->lab(), id.toStdString());
        QTest::keyClick(m_w->view(), Qt::Key_Right);
        QCOMPARE(placementOf(doc()->lab(), id.toStdString())->x, from->x + 10.0);
        // what the move touched: the item's symbol and label where they are now, and
        // every label that changed its place
        QList<QRectF> touched;
        for (const Box& b : boxes()) {
            if (b.id == id || labelsBefore.value(b.id) != b.rect) touched << b.rect;
        }
        for (WireItem* w : scene()->wires()) {
            if (w->route() != before.value(wireName(w))) ++changed;
            if (w->component() == id || w->node() == id) continue;
            const QVector<QPointF>& old = before.value(wireName(w));
            bool blocked = false;
            for (const QRectF& r : touched) blocked = blocked || routeThrough(old, r);
            if (blocked) continue;
            QVERIFY2(w->route() == old, qPrintable(QStringLiteral("moving %1 re-routed %2").arg(id, wireName(w))));
            ++kept;
        }
        QVERIFY2(crossings().isEmpty(), qPrintable(id + ": " + crossings().join(QStringLiteral("\n"))));
        doc()->undoStack()->undo();
    }
    QVERIFY(kept > ids.size()); // the check saw wires
    qInfo("%d one-step nudges changed %d wire routes in all (%d wires)", int(ids.size()), changed, int(scene()->wires().size()));
}

void TestRouting::fitNeverGoesBelowReadable()
{
    // a large lab in a small window: Fit to View stops at the readable zoom, the
    // drawing's left edge in view, the rest a scroll away
    m_w->resize(900, 700);
    QVERIFY(m_w->openLab(test::labPath("thermal-lockup.lab.json")));
    LabView* view = m_w->view();
    view->resetZoom();
    m_w->actions()->zoomFit->trigger();
    QApplication::processEvents();
    QVERIFY2(view->zoom() >= LabView::kReadableZoom - 1e-9, qPrintable(QString::number(view->zoom())));
    const QRectF content = scene()->contentRect();
    const QRectF visible = view->mapToScene(view->viewport()->rect()).boundingRect();
    QVERIFY(!visible.contains(content)); // it does not fit at that zoom ...
    QVERIFY(visible.left() <= content.left() && visible.right() > content.left()); // ... its left edge shows
    QVERIFY(view->horizontalScrollBar()->maximum() > view->horizontalScrollBar()->value()); // and the rest scrolls
    // a window resize keeps the readable fit
    m_w->resize(1000, 760);
    QApplication::processEvents();
    QVERIFY(view->zoom() >= LabView::kReadableZoom - 1e-9);
    // a small lab in a large window is fitted whole
    m_w->resize(1800, 1200);
    QVERIFY(m_w->openLab(test::labPath("clutch-engagement.lab.json")));
    view->resetZoom();
    m_w->actions()->zoomFit->trigger();
    QApplication::processEvents();
    QVERIFY(view->zoom() >= LabView::kReadableZoom - 1e-9);
    QVERIFY(view->mapToScene(view->viewport()->rect()).boundingRect().contains(scene()->contentRect()));
}

void TestRouting::arrangeIsOneUndoStepBackToTheBytes()
{
    QVERIFY(m_w->openLab(test::labPath("thermal-lockup.lab.json")));
    // untidy it: two items dragged off (one undo step each)
    const auto move = [this](const QString& id, double dx, double dy) {
        scene()->selectIds({id});
        for (int k = 0; k < 3; ++k) QTest::keyClick(m_w->view(), dx > 0 ? Qt::Key_Right : Qt::Key_Left, Qt::ShiftModifier);
        for (int k = 0; k < 3; ++k) QTest::keyClick(m_w->view(), dy > 0 ? Qt::Key_Down : Qt::Key_Up, Qt::ShiftModifier);
    };
    m_w->view()->setFocus();
    move(QStringLiteral("case"), 1, 1);
    move(QStringLiteral("lockup"), -1, -1);
    const std::string untidy = writeLab(doc()->lab());
    const int steps = doc()->undoStack()->count();
    m_w->actions()->arrange->trigger();
    QCOMPARE(doc()->undoStack()->count(), steps + 1);
    const std::string arranged = writeLab(doc()->lab());
    QVERIFY(arranged != untidy);
    QVERIFY2(crossings().isEmpty(), qPrintable(crossings().join(QStringLiteral("\n"))));
    // no two symbols overlap after Arrange
    const QList<Box> all = boxes();
    for (int i = 0; i < all.size(); ++i) {
        for (int j = i + 1; j < all.size(); ++j) {
            if (all[i].what == QLatin1String("symbol") && all[j].what == QLatin1String("symbol"))
                QVERIFY2(!all[i].rect.intersects(all[j].rect), qPrintable(all[i].id + " overlaps " + all[j].id));
        }
    }
    // undo: the bytes before; redo: the arrangement
    doc()->undoStack()->undo();
    QCOMPARE(writeLab(doc()->lab()), untidy);
    doc()->undoStack()->redo();
    QCOMPARE(writeLab(doc()->lab()), arranged);
    // arranged already: nothing more to undo
    m_w->actions()->arrange->trigger();
    QCOMPARE(doc()->undoStack()->count(), steps + 1);
}

QTEST_MAIN(TestRouting)
#include "tst_routing.moc"
