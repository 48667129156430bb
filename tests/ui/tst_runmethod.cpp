// The run settings panel's Method box offers every value of run.method the core accepts (the
// core's list, core/spec/runmethods.h), shows the lab's own method, stores a choice made with the
// keyboard as one undoable edit, and a lab saved unchanged keeps its bytes.
#include <QComboBox>
#include <QtTest>

#include "mainwindow.h"
#include "panels/runsettingspanel.h"
#include "spec/labreader.h"
#include "spec/runmethods.h"
#include "uitestutil.h"

using namespace drivelab;

class TestRunMethod : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::isolate(); }
    void init() { m_w = test::shownMainWindow(m_dir, &m_prompter); }
    void cleanup() { m_w.reset(); }
    void theBoxOffersEveryMethodOfTheCore();
    void aLabShowsItsOwnMethodAndKeepsItsBytes();
    void radau3IsChosenWithKeysAsOneUndoableEdit();

private:
    /// converter-launch as the editor saves it, with `run.method` set to `method` (empty: none)
    QString labWith(const char* method);

    QTemporaryDir m_dir;
    test::ScriptedPrompter m_prompter;
    std::unique_ptr<MainWindow> m_w;
};

QString TestRunMethod::labWith(const char* method)
{
    // the example as the editor saves it (its auto-placed items get their layout on the first save)
    const QString base = m_dir.filePath(QStringLiteral("base.lab.json"));
    if (!QFileInfo::exists(base)) {
        m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
        if (!m_w->openLab(test::labPath("converter-launch.lab.json")) || !m_w->files()->saveTo(base)) return {};
    }
    const QByteArray text = test::readAll(base);
    LabReadResult r = readLab(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
    for (const RunMethodInfo& m : runMethods()) {
        if (std::string(m.name) == method) r.lab->run.method = m.method;
    }
    const QString path = m_dir.filePath(QStringLiteral("m-%1.lab.json").arg(*method ? method : "none"));
    const std::string bytes = writeLab(*r.lab);
    test::writeAll(path, QByteArray::fromStdString(bytes));
    return path;
}

void TestRunMethod::theBoxOffersEveryMethodOfTheCore()
{
    QVERIFY(m_w->openLab(test::labPath("converter-launch.lab.json")));
    QComboBox* box = m_w->runSettings()->methodBox();
    QCOMPARE(box->count(), static_cast<int>(runMethods().size()));
    QVERIFY(runMethods().size() >= 3);
    for (std::size_t i = 0; i < runMethods().size(); ++i) {
        QCOMPARE(box->itemData(static_cast<int>(i)).toString(), QString::fromLatin1(runMethods()[i].name));
        QVERIFY(!box->itemText(static_cast<int>(i)).isEmpty());
    }
    QVERIFY(box->findData(QStringLiteral("radau3")) >= 0);
}

void TestRunMethod::aLabShowsItsOwnMethodAndKeepsItsBytes()
{
    for (const char* method : {"radau3", "gauss2", "midpoint", ""}) {
        const QString path = labWith(method);
        QVERIFY(!path.isEmpty());
        const QByteArray before = test::readAll(path);
        QVERIFY(before.contains("\"method\"") == (*method != 0));
        m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
        QVERIFY(m_w->openLab(path));
        QComboBox* box = m_w->runSettings()->methodBox();
        QCOMPARE(box->currentData().toString(), QString::fromLatin1(*method ? method : "midpoint"));
        QVERIFY2(!box->currentText().isEmpty(), method);
        // saved unchanged: the same bytes
        const QString copy = path + QStringLiteral(".copy.lab.json");
        QVERIFY(m_w->files()->saveTo(copy));
        QCOMPARE(test::readAll(copy), before);
    }
}

void TestRunMethod::radau3IsChosenWithKeysAsOneUndoableEdit()
{
    QVERIFY(m_w->openLab(test::labPath("converter-launch.lab.json")));
    LabDocument* doc = m_w->document();
    QComboBox* box = m_w->runSettings()->methodBox();
    QCOMPARE(doc->lab().run.method, RunMethod::Absent);
    const std::string original = writeLab(doc->lab());
    const int before = doc->undoStack()->count();
    box->setFocus();
    const int radau = box->findData(QStringLiteral("radau3"));
    QVERIFY(radau > 0);
    for (int i = 0; i < radau; ++i) QTest::keyClick(box, Qt::Key_Down);
    QCOMPARE(doc->lab().run.method, RunMethod::Radau3);
    QCOMPARE(box->currentData().toString(), QStringLiteral("radau3"));
    // the steps through the box are one edit each; walking back to it from gauss2 adds one
    QCOMPARE(doc->undoStack()->count(), before + radau);
    QVERIFY(writeLab(doc->lab()).find("\"method\": \"radau3\"") != std::string::npos);
    doc->undoStack()->undo();
    QCOMPARE(doc->lab().run.method, RunMethod::Gauss2);
    QCOMPARE(box->currentData().toString(), QStringLiteral("gauss2"));
    doc->undoStack()->redo();
    QCOMPARE(box->currentData().toString(), QStringLiteral("radau3"));
    // back to the midpoint: the lab names no method again, byte for byte as before
    box->setFocus();
    for (int i = 0; i < radau; ++i) QTest::keyClick(box, Qt::Key_Up);
    QCOMPARE(doc->lab().run.method, RunMethod::Absent);
    QCOMPARE(writeLab(doc->lab()), original);
}

QTEST_MAIN(TestRunMethod)
#include "tst_runmethod.moc"
