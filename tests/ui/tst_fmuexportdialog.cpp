// File > Export FMU… (docs/EDITOR.md, docs/FMI.md): the dialog's choices, made with the keyboard
// and the mouse, give an FMU whose modelDescription.xml declares exactly the picked variables;
// the default (every output) is the CLI's default; a refused export says why in a message box and
// writes nothing. The FMU is written by fmi::exportFmuFile, the function drivelab-cli export-fmu
// calls (the test runs from build/bin, beside drivelab_fmu.so, as the editor does).
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QTimer>
#include <QtTest>

#include <set>

#include "compile/compileresult.h"
#include "fmi/fmuexportdialog.h"
#include "spec/labreader.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

/// modelDescription.xml out of a stored (uncompressed) zip: its text lies in the archive as is
QString modelDescription(const QString& fmuPath)
{
    const QByteArray zip = test::readAll(fmuPath);
    const qsizetype from = zip.indexOf("<?xml");
    const qsizetype to = zip.indexOf("</fmiModelDescription>");
    if (from < 0 || to < from) return {};
    return QString::fromUtf8(zip.mid(from, to - from));
}

/// the declared variables by causality ("output" -> names)
std::map<QString, std::set<QString>> declared(const QString& xml)
{
    std::map<QString, std::set<QString>> out;
    static const QRegularExpression var(QStringLiteral("name=\"([^\"]+)\"[^>]*causality=\"(\\w+)\""));
    for (auto it = var.globalMatch(xml); it.hasNext();) {
        const auto m = it.next();
        out[m.captured(2)].insert(m.captured(1));
    }
    return out;
}

std::set<QString> checked(const QListWidget* list)
{
    std::set<QString> s;
    for (int i = 0; i < list->count(); ++i)
        if (list->item(i)->checkState() == Qt::Checked) s.insert(list->item(i)->text());
    return s;
}

/// toggle row `row` the way a user does: click it, press Space
void toggle(QListWidget* list, int row)
{
    list->setFocus();
    list->scrollToItem(list->item(row));
    const QRect r = list->visualItemRect(list->item(row));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, r.center());
    QTest::keyClick(list, Qt::Key_Space);
}

} // namespace

class TestFmuExportDialog : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        test::isolate();
        const QByteArray text = test::readAll(test::labPath("converter-launch.lab.json"));
        const LabReadResult r = readLab(std::string_view(text.constData(), static_cast<std::size_t>(text.size())));
        QVERIFY(r.lab);
        const CompileResult c = compile(*r.lab);
        QVERIFY(c.model);
        m_model = c.model;
    }
    void picksGiveExactlyThoseVariables();
    void theDefaultIsEveryOutputAsTheCli();
    void aRefusalSaysWhyAndWritesNothing();
    void theFileMenuOpensTheDialog();

private:
    QTemporaryDir m_dir;
    std::shared_ptr<const Model> m_model;
};

void TestFmuExportDialog::picksGiveExactlyThoseVariables()
{
    const QString path = m_dir.filePath(QStringLiteral("picked.fmu"));
    FmuExportDialog d(m_model, path);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    QVERIFY(d.outputsList()->count() > 3);
    QVERIFY(d.inputsList()->count() >= 2);
    QVERIFY(d.parametersList()->count() >= 2);
    // FMI 2 with the keyboard
    d.fmiBox()->setFocus();
    QTest::keyClick(d.fmiBox(), Qt::Key_Down);
    QCOMPARE(d.fmiBox()->currentData().toInt(), 2);
    // outputs: all but the first and the third unchecked
    for (int i = 0; i < d.outputsList()->count(); ++i)
        if (i != 0 && i != 2) toggle(d.outputsList(), i);
    QCOMPARE(checked(d.outputsList()).size(), std::size_t(2));
    toggle(d.inputsList(), 0);
    toggle(d.parametersList(), 1);
    toggle(d.parametersList(), 0);
    QCOMPARE(checked(d.inputsList()).size(), std::size_t(1));
    QCOMPARE(checked(d.parametersList()).size(), std::size_t(2));
    QTest::mouseClick(d.findChild<QPushButton*>(QStringLiteral("exportButton")), Qt::LeftButton);
    QVERIFY2(!d.errorBox() || !d.errorBox()->isVisible(), qPrintable(d.errorBox() ? d.errorBox()->text() : QString()));
    QCOMPARE(d.result(), int(QDialog::Accepted));
    const QString xml = modelDescription(path);
    QVERIFY(xml.contains(QStringLiteral("fmiVersion=\"2.0\"")));
    auto vars = declared(xml);
    QCOMPARE(vars[QStringLiteral("output")], checked(d.outputsList()));
    QCOMPARE(vars[QStringLiteral("input")], checked(d.inputsList()));
    QCOMPARE(vars[QStringLiteral("parameter")], checked(d.parametersList()));
}

void TestFmuExportDialog::theDefaultIsEveryOutputAsTheCli()
{
    const QString path = m_dir.filePath(QStringLiteral("default.fmu"));
    FmuExportDialog d(m_model, path);
    QCOMPARE(d.fmiBox()->currentData().toInt(), 3);
    QCOMPARE(checked(d.outputsList()).size(), std::size_t(d.outputsList()->count()));
    QVERIFY(checked(d.inputsList()).empty());
    QVERIFY(checked(d.parametersList()).empty());
    // every output: none named, as the CLI without --output-var (the same token)
    QVERIFY(d.selection().outputs.empty());
    QVERIFY(d.exportNow());
    auto vars = declared(modelDescription(path));
    QVERIFY(modelDescription(path).contains(QStringLiteral("fmiVersion=\"3.0\"")));
    QCOMPARE(vars[QStringLiteral("output")], checked(d.outputsList()));
    QCOMPARE(vars.count(QStringLiteral("input")), std::size_t(0));
    QCOMPARE(vars.count(QStringLiteral("parameter")), std::size_t(0));
}

void TestFmuExportDialog::aRefusalSaysWhyAndWritesNothing()
{
    // a directory that does not exist: the write is refused, nothing is left behind
    const QString missing = m_dir.filePath(QStringLiteral("no-such-dir/x.fmu"));
    FmuExportDialog d(m_model, missing);
    QVERIFY(!d.exportNow());
    QVERIFY(d.errorBox() && d.errorBox()->isVisible());
    QVERIFY2(d.errorBox()->text().contains(QStringLiteral("could not be written")), qPrintable(d.errorBox()->text()));
    QVERIFY2(d.errorBox()->text().contains(QStringLiteral("nothing was written")), qPrintable(d.errorBox()->text()));
    QVERIFY(!QFileInfo::exists(missing));
    d.errorBox()->close();
    // a name without .fmu: refused before anything is written
    const QString bad = m_dir.filePath(QStringLiteral("lab.zip"));
    d.pathEdit()->setText(bad);
    QVERIFY(!d.exportNow());
    QVERIFY2(d.errorBox()->text().contains(QStringLiteral(".fmu")), qPrintable(d.errorBox()->text()));
    QVERIFY(!QFileInfo::exists(bad));
    d.errorBox()->close();
    // no output checked
    d.pathEdit()->setText(m_dir.filePath(QStringLiteral("none.fmu")));
    for (int i = 0; i < d.outputsList()->count(); ++i) d.outputsList()->item(i)->setCheckState(Qt::Unchecked);
    QVERIFY(!d.exportNow());
    QVERIFY2(d.errorBox()->text().contains(QStringLiteral("No output")), qPrintable(d.errorBox()->text()));
    QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("none.fmu"))));
    // only the FMUs of the other cases in the directory: no temporary left
    const QStringList left = QDir(m_dir.path()).entryList(QDir::Files | QDir::Hidden);
    for (const QString& f : left) QVERIFY2(f == QLatin1String("picked.fmu") || f == QLatin1String("default.fmu"), qPrintable(f));
}

void TestFmuExportDialog::theFileMenuOpensTheDialog()
{
    test::ScriptedPrompter prompter;
    auto w = test::shownMainWindow(m_dir, &prompter);
    QVERIFY(w->openLab(test::labPath("converter-launch.lab.json")));
    QAction* action = w->findChild<QAction*>(QStringLiteral("exportFmuAction"));
    QVERIFY(action);
    QVERIFY(w->findChild<QMenu*>(QStringLiteral("fileMenu"))->actions().contains(action));
    int outputs = -1;
    QString path;
    QTimer::singleShot(0, this, [&] {
        auto* d = qobject_cast<FmuExportDialog*>(QApplication::activeModalWidget());
        if (d) {
            outputs = d->outputsList()->count();
            path = d->pathEdit()->text();
            d->reject();
        }
    });
    action->trigger();
    QVERIFY(outputs > 0);
    QVERIFY2(path.endsWith(QStringLiteral("converter-launch.fmu")), qPrintable(path));
}

QTEST_MAIN(TestFmuExportDialog)
#include "tst_fmuexportdialog.moc"
