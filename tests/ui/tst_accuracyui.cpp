// The run settings' Accuracy field (run.accuracy; docs/EDITOR.md "Accuracy"): a relative tolerance
// typed there is stored exactly as one undoable edit and saved with the lab; half-typed, NaN,
// negative or out-of-range text is refused visibly, naming the field, and the lab keeps its value.
// Run then runs the core's accuracy search off the UI thread (Run returns at once, the search's
// thread is not the UI's), shows the chosen method, tick and estimated error, and runs the model at
// that choice: the same choice as the core's own search. Cancel stops it and nothing runs.
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QtTest>

#include "compile/compiler.h"
#include "document/labdocument.h"
#include "mainwindow.h"
#include "panels/runsettingspanel.h"
#include "simulation/accuracysearch.h"
#include "simulation/runcontroller.h"
#include "spec/labwriter.h"
#include "spec/runmethods.h"
#include "study/accuracy.h"
#include "uitestutil.h"

using namespace drivelab;

class TestAccuracyUi : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { test::isolate(); }
    void init() { m_w = test::shownMainWindow(m_dir, &m_prompter); }
    void cleanup() { m_w.reset(); }
    void typedToleranceIsStoredAndSaved();
    void badTextIsRefusedNamingTheField_data();
    void badTextIsRefusedNamingTheField();
    void runSearchesOffTheUiThreadAndRunsTheChoice();
    void cancelRunsNothing();

private:
    QTemporaryDir m_dir;
    test::ScriptedPrompter m_prompter;
    std::unique_ptr<MainWindow> m_w;
};

void TestAccuracyUi::typedToleranceIsStoredAndSaved()
{
    QVERIFY(m_w->openLab(test::labPath("tyre-spin.lab.json")));
    LabDocument* doc = m_w->document();
    QLineEdit* field = m_w->runSettings()->accuracyEdit();
    QVERIFY(field->text().isEmpty());
    QCOMPARE(doc->lab().run.accuracy, 0.0);
    const std::string original = writeLab(doc->lab());
    const int before = doc->undoStack()->count();
    test::retype(field, QStringLiteral("2.5e-7"));
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(doc->lab().run.accuracy, 2.5e-7);
    QCOMPARE(doc->undoStack()->count(), before + 1);
    QVERIFY(m_w->runSettings()->refusalText().isEmpty());
    doc->undoStack()->undo();
    QCOMPARE(doc->lab().run.accuracy, 0.0);
    QCOMPARE(writeLab(doc->lab()), original);
    QVERIFY(field->text().isEmpty());
    doc->undoStack()->redo();
    QCOMPARE(doc->lab().run.accuracy, 2.5e-7);
    // saved with the lab, and read back the same
    const QString path = m_dir.filePath(QStringLiteral("acc.lab.json"));
    QVERIFY(m_w->files()->saveTo(path));
    QVERIFY(test::readAll(path).contains("\"accuracy\": 2.5e-07"));
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
    QVERIFY(m_w->openLab(path));
    QCOMPARE(m_w->document()->lab().run.accuracy, 2.5e-7);
    QCOMPARE(m_w->runSettings()->accuracyEdit()->text().toDouble(), 2.5e-7);
    // emptied: the lab asks for none again and writes no accuracy
    test::retype(m_w->runSettings()->accuracyEdit(), QString());
    QTest::keyClick(m_w->runSettings()->accuracyEdit(), Qt::Key_Return);
    QCOMPARE(m_w->document()->lab().run.accuracy, 0.0);
    QVERIFY(writeLab(m_w->document()->lab()).find("accuracy") == std::string::npos);
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
}

void TestAccuracyUi::badTextIsRefusedNamingTheField_data()
{
    QTest::addColumn<QString>("text");
    QTest::newRow("half-typed") << "1e-";
    QTest::newRow("nan") << "nan";
    QTest::newRow("negative") << "-1e-6";
    QTest::newRow("zero") << "0";
    QTest::newRow("too large") << "2";
    QTest::newRow("words") << "tight";
}

void TestAccuracyUi::badTextIsRefusedNamingTheField()
{
    QFETCH(QString, text);
    QVERIFY(m_w->openLab(test::labPath("tyre-spin.lab.json")));
    LabDocument* doc = m_w->document();
    QLineEdit* field = m_w->runSettings()->accuracyEdit();
    // a stored value first: the refusal keeps it
    test::retype(field, QStringLiteral("1e-5"));
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(doc->lab().run.accuracy, 1e-5);
    const int before = doc->undoStack()->count();
    test::retype(field, text);
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(doc->lab().run.accuracy, 1e-5);
    QCOMPARE(doc->undoStack()->count(), before);
    const QString why = m_w->runSettings()->refusalText();
    QVERIFY2(why.startsWith(QStringLiteral("Accuracy \u201c%1\u201d not stored").arg(text)), qPrintable(why));
    QVERIFY2(why.contains(QStringLiteral("The lab keeps 0.00001")), qPrintable(why));
    QCOMPARE(field->text(), text); // what was typed stays, amber, until corrected
    QVERIFY(field->property("unfinished").toBool());
    // Escape restores the lab's value
    QTest::keyClick(field, Qt::Key_Escape);
    QVERIFY(m_w->runSettings()->refusalText().isEmpty());
    QCOMPARE(field->text().toDouble(), 1e-5);
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
}

void TestAccuracyUi::runSearchesOffTheUiThreadAndRunsTheChoice()
{
    QVERIFY(m_w->openLab(test::labPath("tyre-spin.lab.json")));
    LabDocument* doc = m_w->document();
    QLineEdit* field = m_w->runSettings()->accuracyEdit();
    test::retype(field, QStringLiteral("1e-6"));
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(doc->lab().run.accuracy, 1e-6);
    RunController* rc = m_w->runController();
    AccuracySearch* search = rc->accuracy();
    QSignalSpy finished(search, &AccuracySearch::finished);
    QSignalSpy progress(search, &AccuracySearch::progress);
    rc->run();
    // Run returned with the search under way on its own thread: nothing runs yet
    QVERIFY(search->isSearching());
    QVERIFY(!rc->model());
    QVERIFY(finished.wait(120000));
    QCOMPARE(finished.takeFirst().at(0).toBool(), true);
    QVERIFY(progress.count() > 0);
    // the core's own search chooses the same
    const study::AccuracyChoice core = study::chooseMethodAndTick(doc->lab(), 1e-6, AccuracySearch::kMaxHalvings);
    QVERIFY(core.chosen >= 0);
    const study::MethodTicks& m = core.methods[static_cast<std::size_t>(core.chosen)];
    QVERIFY(m.tickNs < doc->lab().run.tickNs); // 1e-6 needs less than the lab's own 1 ms
    QTRY_VERIFY(rc->model());
    QCOMPARE(rc->model()->tickNs, m.tickNs);
    QCOMPARE(std::string(methodName(rc->model()->method)), std::string(runMethodInfo(m.method).name));
    QTRY_VERIFY(rc->state() == RunState::Finished);
    // beside the settings: the method, the tick and the estimated error
    QLabel* shown = m_w->runSettings()->accuracyResult();
    QVERIFY(!shown->isHidden());
    const QString text = shown->text();
    QVERIFY2(text.contains(QString::fromLatin1(runMethodInfo(m.method).name)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("tick %1 µs").arg(static_cast<double>(m.tickNs) / 1000.0)), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("estimated error %1").arg(QString::number(m.estimate.estimate(), 'g', 2))), qPrintable(text));
    // the unchanged lab runs again at once (the choice is kept); not stale
    QVERIFY(!rc->isStale());
    rc->run();
    QVERIFY(!search->isSearching());
    QTRY_VERIFY(rc->state() == RunState::Finished);
    QCOMPARE(rc->model()->tickNs, m.tickNs);
    // another accuracy makes the results stale
    test::retype(field, QStringLiteral("1e-4"));
    QTest::keyClick(field, Qt::Key_Return);
    QTRY_VERIFY(rc->isStale());
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
}

void TestAccuracyUi::cancelRunsNothing()
{
    QVERIFY(m_w->openLab(test::labPath("tyre-spin.lab.json")));
    QLineEdit* field = m_w->runSettings()->accuracyEdit();
    test::retype(field, QStringLiteral("1e-9"));
    QTest::keyClick(field, Qt::Key_Return);
    RunController* rc = m_w->runController();
    AccuracySearch* search = rc->accuracy();
    QSignalSpy finished(search, &AccuracySearch::finished);
    rc->run();
    QVERIFY(search->isSearching());
    search->cancel();
    QVERIFY(finished.wait(60000));
    QCOMPARE(finished.takeFirst().at(0).toBool(), false);
    QVERIFY(search->choice().cancelled);
    QVERIFY(!rc->model());
    QCOMPARE(rc->state(), RunState::Idle);
    QVERIFY2(m_w->runSettings()->accuracyResult()->text().contains(QStringLiteral("cancelled")),
             qPrintable(m_w->runSettings()->accuracyResult()->text()));
    m_prompter.saveChoices = {Prompter::SaveChoice::Discard};
}

QTEST_MAIN(TestAccuracyUi)
#include "tst_accuracyui.moc"
