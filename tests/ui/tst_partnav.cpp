// Issue 36 (editor): opening an instance to edit its part (docs/EDITOR.md "Opening an instance").
//  - a double-click on an instance shows its part's network (the exposed ports as nodes), the
//    breadcrumb names the path, Alt+Up and Alt+Left (Back) go up and back;
//  - an edit inside (a drag, a node from the palette) changes the inline part's definition and is one
//    undo step of the lab: undo gives back the lab's bytes, and the view shows it; nothing is lost
//    going up, and Save writes the edited part;
//  - a part file opens for editing apart from the lab (tst_partfileedit); nested parts open by path;
//  - no two actions of the window share a key.
#include <QtTest>
#include <QToolButton>

#include "actionset.h"
#include "canvas/breadcrumbbar.h"
#include "canvas/componentitem.h"
#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "canvas/nodeitem.h"
#include "canvas/partnavigator.h"
#include "document/labdocument.h"
#include "files/filecontroller.h"
#include "mainwindow.h"
#include "properties/propertypanel.h"
#include "spec/labwriter.h"
#include "uitestutil.h"

using namespace drivelab;

class TestPartNav : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolate(); }
    void init();
    void cleanup();
    void doubleClickOpensTheInstancesPart();
    void editsInsideAreStepsOfTheLab();
    void partFileOpensApartAndNestedPartsByPath();
    void shortcutsAreUnique();

private:
    QPoint at(const QPointF& scenePos) const { return m_w->view()->mapFromScene(scenePos); }
    /// the fixture `lab` copied with the part files it uses into the test's folder
    QString copy(const QString& lab, const QStringList& parts);
    BreadcrumbBar* bar() const { return m_w->findChild<BreadcrumbBar*>(); }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_w;
    test::ScriptedPrompter m_prompter;
};

void TestPartNav::init()
{
    m_w = test::shownMainWindow(m_dir, &m_prompter);
    QVERIFY(m_w);
}

void TestPartNav::cleanup()
{
    m_prompter.saveChoices.push_back(Prompter::SaveChoice::Discard);
    m_w.reset();
}

QString TestPartNav::copy(const QString& lab, const QStringList& parts) { return test::copyPartsFixtures(m_dir, QStringList{lab} + parts); }

void TestPartNav::doubleClickOpensTheInstancesPart()
{
    QVERIFY(m_w->openLab(copy(QStringLiteral("two-speed-parts.lab.json"), {QStringLiteral("two_speed_planetary.part.json")})));
    LabDocument* doc = m_w->document();
    LabScene* scene = m_w->scene();
    QVERIFY(bar());
    QVERIFY2(!bar()->isVisible(), "no bar at the lab's own network");
    // double-click the motor instance: its part's network, the port 'shaft' a node
    ComponentItem* drive = scene->componentItem(QStringLiteral("drive"));
    QVERIFY(drive);
    m_w->view()->centerOn(drive);
    QTest::mouseDClick(m_w->view()->viewport(), Qt::LeftButton, {}, at(drive->scenePos()));
    QCOMPARE(m_w->partNavigator()->path(), QStringList{QStringLiteral("drive")});
    QVERIFY(scene->document() != doc);
    QVERIFY2(scene->componentItem(QStringLiteral("motor")), "the part's motor is drawn");
    QVERIFY2(scene->nodeItem(QStringLiteral("shaft")), "the exposed port is drawn as a node");
    QVERIFY(scene->wire(QStringLiteral("motor"), QStringLiteral("node_a")));
    QVERIFY(!scene->componentItem(QStringLiteral("drive")));
    // its problems are the lab's inside the instance: the motor's expressions of the part's
    // parameters are fine (compiled alone, "=peak_torque" would not be)
    const auto& problems = scene->document()->diagnostics();
    QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().message.c_str());
    QVERIFY(bar()->isVisible());
    QCOMPARE(bar()->levels(), (QStringList{QStringLiteral("two-speed-shift (parts)"), QStringLiteral("drive (motor_drive)")}));
    // the motor's form shows the part's field as written, its expression
    scene->selectIds({QStringLiteral("motor")});
    QVERIFY(m_w->properties()->form());
    QCOMPARE(m_w->properties()->form()->itemId(), QStringLiteral("motor"));
    // Alt+Up: the lab again; Alt+Left (Back): the part again
    QVERIFY(m_w->actions()->partUp->isEnabled());
    m_w->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_w.get()));
    m_w->view()->setFocus();
    QTest::keyClick(m_w->view(), Qt::Key_Up, Qt::AltModifier);
    QVERIFY(m_w->partNavigator()->path().isEmpty());
    QCOMPARE(scene->document(), doc);
    QVERIFY(scene->componentItem(QStringLiteral("drive")));
    QVERIFY2(bar()->isVisible(), "Back is still there");
    QTest::keyClick(m_w->view(), Qt::Key_Left, Qt::AltModifier);
    QCOMPARE(m_w->partNavigator()->path(), QStringList{QStringLiteral("drive")});
    QVERIFY(scene->componentItem(QStringLiteral("motor")));
    // a click on the lab's level in the bar
    QToolButton* top = nullptr;
    for (auto* b : bar()->findChildren<QToolButton*>()) {
        if (b->text() == QStringLiteral("two-speed-shift (parts)")) top = b;
    }
    QVERIFY(top);
    top->click();
    QVERIFY(m_w->partNavigator()->path().isEmpty());
    // Open Part on the selected instance; opening another lab leaves the part
    scene->selectIds({QStringLiteral("drive")});
    QVERIFY(m_w->actions()->openPart->isEnabled());
    m_w->actions()->openPart->trigger();
    QCOMPARE(m_w->partNavigator()->path(), QStringList{QStringLiteral("drive")});
    QVERIFY(m_w->files()->newLab());
    QVERIFY(m_w->partNavigator()->path().isEmpty());
    QCOMPARE(scene->document(), doc);
    QVERIFY(!bar()->isVisible());
}

void TestPartNav::editsInsideAreStepsOfTheLab()
{
    const QString path = copy(QStringLiteral("two-speed-parts.lab.json"), {QStringLiteral("two_speed_planetary.part.json")});
    QVERIFY(m_w->openLab(path));
    LabDocument* doc = m_w->document();
    LabScene* scene = m_w->scene();
    const std::string before = writeLab(doc->lab());
    const Json partBefore = doc->lab().parts[0];
    QString why;
    QVERIFY2(m_w->partNavigator()->openPath(QStringLiteral("drive"), &why), qPrintable(why));
    // a drag of the motor: one step of the lab, the part's layout has it
    ComponentItem* motor = scene->componentItem(QStringLiteral("motor"));
    QVERIFY(motor);
    m_w->view()->centerOn(motor);
    const QPointF from = motor->scenePos();
    const QPointF to = from + QPointF(80, 40);
    QWidget* vp = m_w->view()->viewport();
    QTest::mousePress(vp, Qt::LeftButton, {}, at(from));
    for (int i = 1; i <= 6; ++i) QTest::mouseMove(vp, at(from + (to - from) * (i / 6.0)));
    QTest::mouseRelease(vp, Qt::LeftButton, {}, at(to));
    QCOMPARE(doc->undoStack()->count(), 1);
    QVERIFY(doc->isModified());
    const Json& layout = doc->lab().parts[0]["layout"];
    QVERIFY2(layout.contains("motor"), layout.dump().c_str());
    QCOMPARE(layout["motor"]["x"].get<double>(), scene->componentItem(QStringLiteral("motor"))->scenePos().x());
    // the rest of the part is as written: name, ports, parameters, the motor's expressions
    for (const char* k : {"name", "description", "ports", "parameters", "components"}) QCOMPARE(doc->lab().parts[0][k], partBefore[k]);
    QCOMPARE(doc->lab().instances.size(), std::size_t(2));
    const std::string moved = writeLab(doc->lab());
    // a node from the palette: a second step; the part lists it, the ports stay out of its nodes
    const QString node = scene->addFromPalette(QStringLiteral("node:rotational"), from + QPointF(0, 120));
    QVERIFY(!node.isEmpty());
    QCOMPARE(doc->undoStack()->count(), 2);
    QVERIFY(doc->lab().parts[0].contains("nodes"));
    QCOMPARE(doc->lab().parts[0]["nodes"].size(), std::size_t(1));
    QCOMPARE(doc->lab().parts[0]["nodes"][0]["id"], Json(node.toStdString()));
    QVERIFY2(doc->isValid(), doc->diagnostics().empty() ? "" : doc->diagnostics().front().message.c_str());
    const std::string added = writeLab(doc->lab());
    // undo in the lab: the view follows, the bytes come back step by step
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), moved);
    QVERIFY2(!scene->nodeItem(node), "the view shows the undone node gone");
    doc->undoStack()->undo();
    QCOMPARE(writeLab(doc->lab()), before);
    QCOMPARE(scene->componentItem(QStringLiteral("motor"))->scenePos(), from);
    doc->undoStack()->redo();
    doc->undoStack()->redo();
    QCOMPARE(writeLab(doc->lab()), added);
    QVERIFY(scene->nodeItem(node));
    // up to the lab: nothing lost, still unsaved; Save writes the edited part
    m_w->partNavigator()->up();
    QVERIFY(doc->isModified());
    QCOMPARE(writeLab(doc->lab()), added);
    QVERIFY(m_w->files()->save());
    QCOMPARE(test::readAll(path).toStdString(), added);
    // a delete inside (the node and its wire: one macro) is one step as well
    QVERIFY(m_w->partNavigator()->openPath(QStringLiteral("drive"), &why));
    scene->selectIds({node});
    m_w->actions()->remove->trigger();
    QCOMPARE(doc->undoStack()->count(), 3);
    QCOMPARE(writeLab(doc->lab()), moved);
    // an undo that takes the instance away leaves the part for the lab
    m_w->partNavigator()->up();
    scene->selectIds({QStringLiteral("drive")});
    m_w->actions()->remove->trigger();
    QVERIFY(!doc->lab().findInstance("drive"));
    doc->undoStack()->undo();
    QVERIFY(m_w->partNavigator()->openPath(QStringLiteral("drive"), &why));
    doc->undoStack()->redo(); // the instance is deleted again
    QVERIFY(m_w->partNavigator()->path().isEmpty());
    QCOMPARE(scene->document(), doc);
}

void TestPartNav::partFileOpensApartAndNestedPartsByPath()
{
    QVERIFY(m_w->openLab(copy(QStringLiteral("two-speed-parts.lab.json"), {QStringLiteral("two_speed_planetary.part.json")})));
    LabDocument* doc = m_w->document();
    LabScene* scene = m_w->scene();
    const std::string before = writeLab(doc->lab());
    QVERIFY(m_w->partNavigator()->openInstance(QStringLiteral("box")));
    QVERIFY(scene->componentItem(QStringLiteral("ring_brake")));
    for (const char* port : {"sun", "ring", "carrier", "case"}) QVERIFY2(scene->nodeItem(QString::fromLatin1(port)), port);
    // a part file opens for editing in a document of its own (tst_partfileedit): the lab is untouched
    QVERIFY(!scene->document()->isReadOnly());
    QVERIFY(scene->document() != doc);
    const QString added = scene->addFromPalette(QStringLiteral("node:rotational"), QPointF(0, 0));
    QVERIFY(scene->nodeItem(added));
    QCOMPARE(writeLab(doc->lab()), before);
    QCOMPARE(doc->undoStack()->count(), 0);
    // not an instance: refused with a hint, the view stays
    QVERIFY(!m_w->partNavigator()->openInstance(QStringLiteral("ring_brake")));
    QCOMPARE(m_w->partNavigator()->path(), QStringList{QStringLiteral("box")});
    // nested: the engine's first cylinder, three levels in the bar
    QVERIFY(m_w->openLab(copy(QStringLiteral("fired-parts.lab.json"), {QStringLiteral("cylinder_unit.part.json")})));
    QString why;
    QVERIFY2(m_w->partNavigator()->openPath(QStringLiteral("engine/c1"), &why), qPrintable(why));
    QCOMPARE(bar()->levels(), (QStringList{QStringLiteral("fired-converter (parts)"), QStringLiteral("engine (inline_four)"),
                                           QStringLiteral("c1 (cylinder_unit)")}));
    m_w->partNavigator()->up();
    QCOMPARE(m_w->partNavigator()->path(), QStringList{QStringLiteral("engine")});
    for (const char* id : {"c1", "c2", "c3", "c4", "friction"}) QVERIFY2(scene->componentItem(QString::fromLatin1(id)), id);
    QVERIFY(!scene->document()->isReadOnly());
    QVERIFY(!m_w->partNavigator()->openPath(QStringLiteral("engine/nope"), &why));
    QVERIFY2(why.contains(QStringLiteral("nope")), qPrintable(why));
}

void TestPartNav::shortcutsAreUnique()
{
    QHash<QString, QString> owner;
    for (QAction* a : m_w->findChildren<QAction*>()) {
        for (const QKeySequence& k : a->shortcuts()) {
            const QString key = k.toString(QKeySequence::PortableText);
            QVERIFY2(!owner.contains(key) || owner.value(key) == a->text(),
                     qPrintable(QStringLiteral("%1: %2 and %3").arg(key, owner.value(key), a->text())));
            owner.insert(key, a->text());
        }
    }
    QCOMPARE(owner.value(QStringLiteral("Alt+Up")), m_w->actions()->partUp->text());
    QVERIFY(m_w->shortcutsText().contains(m_w->actions()->partUp->shortcut().toString(QKeySequence::NativeText)));
}

QTEST_MAIN(TestPartNav)
#include "tst_partnav.moc"
