// The canvas: the palette built from the descriptors, networks built through the scene
// API and through simulated mouse drags (palette drops, wire drags, item drags,
// rubber band), wrong-domain wires refused with a reason, copy/paste with fresh ids,
// delete, rotate, and the auto-layout and wire routing of every lab.
#include <QClipboard>
#include <QDropEvent>
#include <QGraphicsView>
#include <QMimeData>
#include <QPainter>
#include <QScrollBar>
#include <QSvgRenderer>
#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

#include "canvas/canvaseditor.h"
#include "canvas/componentitem.h"
#include "canvas/connectiontool.h"
#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "canvas/nodeitem.h"
#include "canvas/portitem.h"
#include "canvas/symbols.h"
#include "canvas/wireitem.h"
#include "canvas/wirerouter.h"
#include "components/descriptors.h"
#include "components/registry.h"
#include "document/labdocument.h"
#include "palette/palettewidget.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

class TestCanvas : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void paletteListsEveryDescriptor();
    void paletteSearchFilters();
    void everyPaletteEntryHasItsSymbol();
    void letteringStaysUpright();
    void buildThroughSceneApi();
    void buildThroughMouseDrags();
    void wrongDomainIsRefusedWithAReason();
    void dragFromPortToEmptyCanvasCreatesANode();
    void dragFromPortToPortJoinsThroughANewNode();
    void itemDragMovesAndMergesIntoOneCommand();
    void arrowKeysNudgeAsOneStep();
    void rubberBandSelects();
    void copyPasteGivesFreshIdsAndRewires();
    void deleteKeyDeletesAndWireDeleteDisconnects();
    void rotateAndFlipMovePorts();
    void labsGetATidyLayout_data();
    void labsGetATidyLayout();
    void routerAvoidsObstacles();
    void zoomAndFit();

private:
    QPoint at(const QPointF& scenePos) const { return m_w->view()->mapFromScene(scenePos); }
    void drop(const QString& token, const QPointF& scenePos);
    void drag(const QPointF& from, const QPointF& to, Qt::KeyboardModifiers mods = {});
    QPointF portPos(const QString& comp, const QString& port) const { return m_w->scene()->componentItem(comp)->port(port)->scenePos(); }

    QTemporaryDir m_dir;
    MainWindow* m_w = nullptr;
    test::ScriptedPrompter m_prompter;
};

void TestCanvas::init()
{
    m_w = new MainWindow({m_dir.filePath(QStringLiteral("recovery")), false});
    m_w->setPrompter(&m_prompter);
    m_w->resize(1400, 900);
    m_w->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_w));
    m_w->view()->resetZoom();
    m_w->view()->centerOn(QPointF(0, 0));
}

void TestCanvas::cleanup()
{
    m_prompter.saveChoices.push_back(Prompter::SaveChoice::Discard);
    delete m_w;
    m_w = nullptr;
}

void TestCanvas::drop(const QString& token, const QPointF& scenePos)
{
    QMimeData* mime = PaletteWidget::mimeFor(token);
    const QPointF pos = at(scenePos);
    QDragEnterEvent enter(pos.toPoint(), Qt::CopyAction, mime, Qt::LeftButton, {});
    QApplication::sendEvent(m_w->view()->viewport(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent dropEvent(pos, Qt::CopyAction, mime, Qt::LeftButton, {});
    QApplication::sendEvent(m_w->view()->viewport(), &dropEvent);
    delete mime;
}

void TestCanvas::drag(const QPointF& from, const QPointF& to, Qt::KeyboardModifiers mods)
{
    QWidget* vp = m_w->view()->viewport();
    QTest::mousePress(vp, Qt::LeftButton, mods, at(from));
    const int steps = 6;
    for (int i = 1; i <= steps; ++i) {
        const QPointF p = from + (to - from) * (double(i) / steps);
        QTest::mouseMove(vp, at(p));
    }
    QTest::mouseRelease(vp, Qt::LeftButton, mods, at(to));
}

void TestCanvas::paletteListsEveryDescriptor()
{
    const QStringList tokens = m_w->palette()->tokens();
    for (const ComponentDescriptor* d : componentDescriptors()) QVERIFY2(tokens.contains(QStringLiteral("component:") + d->type), d->type);
    int nodes = 0;
    for (Domain dom : {Domain::Rotational, Domain::Translational, Domain::Hydraulic, Domain::Thermal}) {
        const bool described = nodeDomainDescriptor(dom) != nullptr;
        QCOMPARE(tokens.contains(QStringLiteral("node:") + domainName(dom)), described);
        nodes += described ? 1 : 0;
    }
    QCOMPARE(tokens.size(), int(componentDescriptors().size()) + nodes);
    // groups come in the documented order, each named by the descriptors
    const QStringList order = {"rotational", "hydraulic", "translational", "thermal", "sources"};
    int last = -1;
    for (const QString& g : m_w->palette()->groups()) {
        const int i = order.indexOf(g);
        if (i < 0) continue;
        QVERIFY(i > last);
        last = i;
    }
    QVERIFY(m_w->palette()->groups().contains("sources"));
}

void TestCanvas::everyPaletteEntryHasItsSymbol()
{
    // every registered type and node domain shows its symbol in the palette, and its drawing on the
    // canvas names every port the descriptor declares (no port falls back to the drawing's top edge)
    QStringList without;
    for (const QString& token : m_w->palette()->tokens()) {
        if (!token.startsWith(QLatin1String("part:")) && !m_w->palette()->hasIcon(token)) without << token;
    }
    QVERIFY2(without.isEmpty(), qPrintable(QStringLiteral("palette entries without an icon: ") + without.join(QStringLiteral(", "))));
    for (const ComponentDescriptor* d : componentDescriptors()) {
        QVERIFY2(!componentIconPath(*d).isEmpty(), d->type);
        QSvgRenderer svg(componentIconPath(*d));
        QVERIFY2(svg.isValid(), d->type);
        QVERIFY2(componentSymbol(*d).renderer, d->type);
        for (const auto& p : d->ports)
            QVERIFY2(svg.elementExists(QStringLiteral("port-") + QLatin1String(p.name)), qPrintable(QString::fromLatin1(d->type) + ": " + p.name));
    }
}

void TestCanvas::paletteSearchFilters()
{
    m_w->palette()->setFilter("torque_converter");
    QCOMPARE(m_w->palette()->visibleTokens(), QStringList{"component:torque_converter"});
    m_w->palette()->setFilter("thermal mass");
    QVERIFY(m_w->palette()->visibleTokens().contains("node:thermal"));
    QVERIFY(!m_w->palette()->visibleTokens().contains("component:gear"));
    m_w->palette()->setFilter("no-such-thing");
    QVERIFY(m_w->palette()->visibleTokens().isEmpty());
    m_w->palette()->setFilter("");
    QCOMPARE(m_w->palette()->visibleTokens(), m_w->palette()->tokens());
}

void TestCanvas::letteringStaysUpright()
{
    // a symbol's lettering (`<g id="upright">`: "FMU", "PID") is not part of the turned body: for a
    // mirrored placement it is drawn as written (not the mirror image of the unmirrored drawing),
    // the same size, centred where the mirror takes its centre
    for (const char* type : {"fmu", "speed_controller"}) {
        const ComponentDescriptor* d = findComponentDescriptor(type);
        QVERIFY2(d, type);
        const Symbol& s = componentSymbol(*d);
        QVERIFY2(s.upright && s.renderer, type);
        QVERIFY2(!s.renderer->elementExists(QStringLiteral("upright")), type); // not drawn turned
        const auto draw = [&s](const QTransform& orient) {
            QImage img(200, 200, QImage::Format_RGB32);
            img.fill(Qt::white);
            QPainter p(&img);
            p.translate(100, 100);
            s.paintUpright(&p, orient);
            return img;
        };
        const auto ink = [](const QImage& img) {
            QRect r;
            for (int y = 0; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x)
                    if (img.pixel(x, y) != qRgb(255, 255, 255)) r |= QRect(x, y, 1, 1);
            return r;
        };
        QTransform flip;
        flip.scale(-1, 1);
        const QImage plain = draw(QTransform());
        const QImage mirrored = draw(flip);
        const QRect a = ink(plain), b = ink(mirrored);
        QVERIFY2(!a.isEmpty(), type);
        QCOMPARE(b.size(), a.size());
        const double centre = 100.0 + flip.map(s.uprightRect.center()).x();
        QVERIFY2(std::abs(b.center().x() + 0.5 - (centre + (a.center().x() + 0.5 - 100.0 - s.uprightRect.center().x()))) <= 1.0, type);
        // reads as written: the columns' ink matches the unmirrored lettering's, not its mirror image's
        const auto column = [](const QImage& img, int x) {
            int sum = 0;
            for (int y = 0; y < img.height(); ++y) sum += 255 - qGray(img.pixel(x, y));
            return sum;
        };
        long same = 0, reversed = 0;
        for (int i = 0; i < a.width(); ++i) {
            same += std::abs(column(mirrored, b.left() + i) - column(plain, a.left() + i));
            reversed += std::abs(column(mirrored, b.left() + i) - column(plain, a.right() - i));
        }
        QVERIFY2(same * 4 < reversed, qPrintable(QStringLiteral("%1: as written %2, mirrored %3").arg(type).arg(same).arg(reversed)));
    }
}

void TestCanvas::buildThroughSceneApi()
{
    LabScene* scene = m_w->scene();
    const QString engine = scene->addFromPalette("node:rotational", {0, 0});
    const QString wheels = scene->addFromPalette("node:rotational", {400, 0});
    const QString motor = scene->addFromPalette("component:motor", {-150, 0});
    const QString gear = scene->addFromPalette("component:gear", {200, 0});
    const QString drag = scene->addFromPalette("component:damper", {400, 150});
    CanvasEditor* ed = m_w->canvasEditor();
    ed->connectPort(motor, "node_a", engine);
    ed->connectPort(gear, "node_a", engine);
    ed->connectPort(gear, "node_b", wheels);
    ed->connectPort(drag, "node_a", wheels);
    QVERIFY2(m_w->document()->isValid(), "the network should compile without errors");
    QCOMPARE(scene->wires().size(), 4);
    QVERIFY(scene->wire(gear, "node_b") != nullptr);
    QCOMPARE(scene->wire(gear, "node_b")->node(), wheels);
    QVERIFY(scene->componentItem(motor) && scene->nodeItem(engine));
    QCOMPARE(scene->componentItem(drag)->port("node_b")->binding(), PortItem::Binding::DefaultGround);
}

void TestCanvas::buildThroughMouseDrags()
{
    LabDocument* doc = m_w->document();
    drop("node:rotational", {0, 0});
    drop("node:rotational", {300, 0});
    drop("component:spring", {150, 200});
    QCOMPARE(int(doc->lab().nodes.size()), 2);
    QCOMPARE(int(doc->lab().components.size()), 1);
    const QString a = QString::fromStdString(doc->lab().nodes[0].id);
    const QString b = QString::fromStdString(doc->lab().nodes[1].id);
    const QString spring = QString::fromStdString(doc->lab().components[0].id);
    QCOMPARE(placementOf(doc->lab(), spring.toStdString())->x, 150.0);
    // wires by dragging from the ports onto the nodes
    drag(portPos(spring, "node_a"), {0, 0});
    drag(portPos(spring, "node_b"), {300, 0});
    const ComponentSpec* c = doc->lab().findComponent(spring.toStdString());
    QVERIFY(c->port("node_a") && *c->port("node_a") == a.toStdString());
    QVERIFY(c->port("node_b") && *c->port("node_b") == b.toStdString());
    QVERIFY(doc->isValid());
    QCOMPARE(m_w->scene()->wires().size(), 2);
}

void TestCanvas::wrongDomainIsRefusedWithAReason()
{
    LabDocument* doc = m_w->document();
    LabScene* scene = m_w->scene();
    const QString shaft = scene->addFromPalette("node:rotational", {300, 0});
    const QString clutch = scene->addFromPalette("component:clutch", {0, 0});
    const std::string before = writeLab(doc->lab());
    const int steps = doc->undoStack()->count();
    QSignalSpy hints(scene, &LabScene::hint);
    drag(portPos(clutch, "heat_node"), {300, 0});
    QCOMPARE(writeLab(doc->lab()), before);
    QCOMPARE(doc->undoStack()->count(), steps);
    const QString why = scene->connectionTool()->lastRefusal();
    QVERIFY2(why.contains("thermal") && why.contains("rotational") && why.contains(shaft), qPrintable(why));
    bool hinted = false;
    for (const auto& h : hints) hinted = hinted || h.front().toString() == why;
    QVERIFY(hinted);
    // the static rule agrees, and the right domain is accepted
    const ComponentDescriptor* d = findComponentDescriptor("clutch");
    QVERIFY(!ConnectionTool::judgeNode(doc->lab(), clutch.toStdString(), *d->port("heat_node"), shaft.toStdString()).ok);
    QVERIFY(ConnectionTool::judgeNode(doc->lab(), clutch.toStdString(), *d->port("node_a"), shaft.toStdString()).ok);
    // a rotational port onto a thermal port is refused too
    const QString damper = scene->addFromPalette("component:damper", {0, 300});
    drag(portPos(damper, "node_a"), portPos(clutch, "heat_node"));
    QVERIFY(doc->lab().findComponent(damper.toStdString())->port("node_a") == nullptr);
    QVERIFY(scene->connectionTool()->lastRefusal().contains("matching domains"));
}

void TestCanvas::dragFromPortToEmptyCanvasCreatesANode()
{
    LabDocument* doc = m_w->document();
    const QString clutch = m_w->scene()->addFromPalette("component:clutch", {0, 0});
    const int steps = doc->undoStack()->count();
    drag(portPos(clutch, "heat_node"), {0, 200});
    QCOMPARE(int(doc->lab().nodes.size()), 1);
    QCOMPARE(doc->lab().nodes[0].domain, std::string("thermal"));
    QCOMPARE(*doc->lab().findComponent(clutch.toStdString())->port("heat_node"), doc->lab().nodes[0].id);
    QCOMPARE(doc->undoStack()->count(), steps + 1); // one macro
    doc->undoStack()->undo();
    QVERIFY(doc->lab().nodes.empty());
}

void TestCanvas::dragFromPortToPortJoinsThroughANewNode()
{
    LabDocument* doc = m_w->document();
    const QString a = m_w->scene()->addFromPalette("component:gear", {0, 0});
    const QString b = m_w->scene()->addFromPalette("component:spring", {300, 0});
    drag(portPos(a, "node_b"), portPos(b, "node_a"));
    QCOMPARE(int(doc->lab().nodes.size()), 1);
    const std::string node = doc->lab().nodes[0].id;
    QCOMPARE(*doc->lab().findComponent(a.toStdString())->port("node_b"), node);
    QCOMPARE(*doc->lab().findComponent(b.toStdString())->port("node_a"), node);
}

void TestCanvas::itemDragMovesAndMergesIntoOneCommand()
{
    LabDocument* doc = m_w->document();
    const QString n = m_w->scene()->addFromPalette("node:rotational", {0, 0});
    const int steps = doc->undoStack()->count();
    drag({0, -15}, {123, 64});
    const Placement p = *placementOf(doc->lab(), n.toStdString());
    QCOMPARE(p.x, 120.0); // snapped to the grid
    QCOMPARE(p.y, 80.0);
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    QCOMPARE(m_w->scene()->nodeItem(n)->pos(), QPointF(120, 80));
    doc->undoStack()->undo();
    QCOMPARE(placementOf(doc->lab(), n.toStdString())->x, 0.0);
}

void TestCanvas::arrowKeysNudgeAsOneStep()
{
    LabDocument* doc = m_w->document();
    const QString n = m_w->scene()->addFromPalette("node:rotational", {0, 0});
    m_w->scene()->selectIds({n});
    m_w->view()->setFocus();
    const int steps = doc->undoStack()->count();
    QTest::keyClick(m_w->view(), Qt::Key_Right);
    QTest::keyClick(m_w->view(), Qt::Key_Right);
    QTest::keyClick(m_w->view(), Qt::Key_Down, Qt::ShiftModifier);
    QCOMPARE(placementOf(doc->lab(), n.toStdString())->x, 20.0);
    QCOMPARE(placementOf(doc->lab(), n.toStdString())->y, 100.0);
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    doc->undoStack()->undo();
    QCOMPARE(placementOf(doc->lab(), n.toStdString())->x, 0.0);
    QCOMPARE(placementOf(doc->lab(), n.toStdString())->y, 0.0);
}

void TestCanvas::rubberBandSelects()
{
    LabScene* scene = m_w->scene();
    const QString a = scene->addFromPalette("node:rotational", {0, 0});
    const QString b = scene->addFromPalette("node:rotational", {100, 0});
    const QString far = scene->addFromPalette("node:rotational", {500, 0});
    scene->clearSelection();
    drag({-80, -120}, {180, 90});
    const auto sel = scene->selectedIds();
    QVERIFY(sel.count(a.toStdString()) && sel.count(b.toStdString()));
    QVERIFY(!sel.count(far.toStdString()));
}

void TestCanvas::copyPasteGivesFreshIdsAndRewires()
{
    LabDocument* doc = m_w->document();
    LabScene* scene = m_w->scene();
    const QString shaft = scene->addFromPalette("node:rotational", {0, 0});
    const QString damper = scene->addFromPalette("component:damper", {0, 150});
    m_w->canvasEditor()->connectPort(damper, "node_a", shaft);
    scene->selectIds({shaft, damper});
    m_w->canvasEditor()->copySelection();
    const int steps = doc->undoStack()->count();
    QVERIFY(m_w->canvasEditor()->paste());
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    QCOMPARE(int(doc->lab().nodes.size()), 2);
    QCOMPARE(int(doc->lab().components.size()), 2);
    const ComponentSpec& copy = doc->lab().components[1];
    const NodeSpec& shaftCopy = doc->lab().nodes[1];
    QVERIFY(copy.id != damper.toStdString() && shaftCopy.id != shaft.toStdString());
    QCOMPARE(*copy.port("node_a"), shaftCopy.id); // the copy drives the copied shaft
    QCOMPARE(placementOf(doc->lab(), copy.id)->x, placementOf(doc->lab(), damper.toStdString())->x + 40.0);
    QVERIFY(doc->isValid());
    // the pasted items are selected
    QCOMPARE(scene->selectedIds().size(), std::size_t(2));
    QVERIFY(scene->selectedIds().count(copy.id));
    // pasting garbage changes nothing
    QApplication::clipboard()->setText("not a lab");
    QVERIFY(!m_w->canvasEditor()->paste());
    QCOMPARE(doc->undoStack()->count(), steps + 1);
}

void TestCanvas::deleteKeyDeletesAndWireDeleteDisconnects()
{
    LabDocument* doc = m_w->document();
    LabScene* scene = m_w->scene();
    const QString shaft = scene->addFromPalette("node:rotational", {0, 0});
    const QString damper = scene->addFromPalette("component:damper", {200, 0});
    m_w->canvasEditor()->connectPort(damper, "node_a", shaft);
    // select the wire only and delete: the port is unbound, the items stay
    scene->clearSelection();
    scene->wire(damper, "node_a")->setSelected(true);
    m_w->view()->setFocus();
    QTest::keyClick(m_w->view(), Qt::Key_Delete);
    QVERIFY(doc->lab().findComponent(damper.toStdString())->port("node_a") == nullptr);
    QVERIFY(doc->lab().findNode(shaft.toStdString()));
    // select the shaft and delete it
    scene->selectIds({shaft});
    QTest::keyClick(m_w->view(), Qt::Key_Delete);
    QVERIFY(!doc->lab().findNode(shaft.toStdString()));
    QVERIFY(!scene->nodeItem(shaft));
}

void TestCanvas::rotateAndFlipMovePorts()
{
    LabScene* scene = m_w->scene();
    const QString tc = scene->addFromPalette("component:torque_converter", {0, 0});
    const QPointF pump = portPos(tc, "node_a");
    QVERIFY(pump.x() < 0);
    scene->selectIds({tc});
    m_w->canvasEditor()->rotateSelection(true);
    QCOMPARE(placementOf(m_w->document()->lab(), tc.toStdString())->rotation, 90);
    QVERIFY(portPos(tc, "node_a").y() < 0); // the pump now faces up
    QCOMPARE(scene->componentItem(tc)->port("node_a")->direction(), QPointF(0, -1));
    m_w->canvasEditor()->rotateSelection(false);
    m_w->canvasEditor()->flipSelection();
    QVERIFY(portPos(tc, "node_a").x() > 0); // mirrored: the pump on the right
}

void TestCanvas::labsGetATidyLayout_data()
{
    QTest::addColumn<QString>("path");
    for (const QString& p : test::allLabs()) QTest::newRow(qPrintable(QFileInfo(p).fileName())) << p;
}

void TestCanvas::labsGetATidyLayout()
{
    QFETCH(QString, path);
    QVERIFY(m_w->openLab(path));
    LabScene* scene = m_w->scene();
    const LabSpec& lab = m_w->document()->lab();
    QList<QPair<QString, QRectF>> rects;
    for (const auto& n : lab.nodes) {
        QVERIFY2(placementOf(lab, n.id), n.id.c_str());
        auto* item = scene->nodeItem(QString::fromStdString(n.id));
        rects << qMakePair(item->id(), item->symbolRect().translated(item->pos()));
    }
    for (const auto& c : lab.components) {
        QVERIFY2(placementOf(lab, c.id), c.id.c_str());
        auto* item = scene->componentItem(QString::fromStdString(c.id));
        rects << qMakePair(item->id(), item->symbolRect().translated(item->pos()));
    }
    // no two symbols overlap
    for (int i = 0; i < rects.size(); ++i) {
        for (int j = i + 1; j < rects.size(); ++j)
            QVERIFY2(!rects[i].second.intersects(rects[j].second), qPrintable(rects[i].first + " overlaps " + rects[j].first));
    }
    // every wire is orthogonal and passes through no symbol but its own two ends
    for (WireItem* w : scene->wires()) {
        const auto& pts = w->route();
        QVERIFY(pts.size() >= 2);
        for (int k = 1; k < pts.size(); ++k) {
            const QPointF a = pts[k - 1], b = pts[k];
            QVERIFY2(qFuzzyCompare(a.x(), b.x()) || qFuzzyCompare(a.y(), b.y()), qPrintable(w->component() + "." + w->port()));
            const QRectF seg = QRectF(a, b).normalized().adjusted(-0.5, -0.5, 0.5, 0.5);
            for (const auto& [id, r] : rects) {
                if (id == w->component() || id == w->node()) continue;
                QVERIFY2(!seg.intersects(r.adjusted(2, 2, -2, -2)), qPrintable(w->component() + "." + w->port() + " crosses " + id));
            }
        }
    }
}

void TestCanvas::routerAvoidsObstacles()
{
    const QRectF box(-20, -20, 40, 40);
    const auto pts = routeWire({-100, 0}, {1, 0}, {100, 0}, {-1, 0}, {box});
    for (int k = 1; k < pts.size(); ++k) {
        QVERIFY(qFuzzyCompare(pts[k - 1].x(), pts[k].x()) || qFuzzyCompare(pts[k - 1].y(), pts[k].y()));
        QVERIFY(!QRectF(pts[k - 1], pts[k]).normalized().adjusted(-0.1, -0.1, 0.1, 0.1).intersects(box));
    }
    QCOMPARE(pts.front(), QPointF(-100, 0));
    QCOMPARE(pts.back(), QPointF(100, 0));
    // without obstacles: a straight line
    QCOMPARE(routeWire({0, 0}, {1, 0}, {100, 0}, {-1, 0}).size(), 2);
}

void TestCanvas::zoomAndFit()
{
    QVERIFY(m_w->openLab(test::labPath("converter-launch.lab.json")));
    LabView* view = m_w->view();
    view->fitToContent();
    const QRectF visible = view->mapToScene(view->viewport()->rect()).boundingRect();
    QVERIFY(visible.contains(m_w->scene()->contentRect()));
    const double z = view->zoom();
    view->zoomBy(2.0);
    QVERIFY(std::fabs(view->zoom() - 2.0 * z) < 1e-9);
    QWheelEvent wheel(QPointF(100, 100), view->viewport()->mapToGlobal(QPointF(100, 100)), QPoint(), QPoint(0, -120), Qt::NoButton,
                      Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(view->viewport(), &wheel);
    QVERIFY(view->zoom() < 2.0 * z);
}

QTEST_MAIN(TestCanvas)
#include "tst_canvas.moc"
