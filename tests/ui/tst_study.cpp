// Issue 19, the editor half: Study ▸ New Sweep… on the open lab. "Sweep this" on a number of
// the property form adds a factor with that field's value path and a range around its value;
// a sweep opened from a file runs in the background on the open lab and fills the results
// table, whose lock times are the two-inertia engagement's closed form t* = w0 Jeff / C; the
// CSV export is byte for byte the results file of `drivelab-cli sweep` (study::resultsText of
// an independent headless run); cancelling keeps the finished rows; a factor path the lab has
// not is refused on its cell and nothing runs; Save Sweep writes what readSweepJson reads back
// with `lab` relative to the file; double-clicking a row opens that variant's lab in a new
// window, run, with the row's capacity.
#include <QAction>
#include <QChart>
#include <QFileDialog>
#include <QComboBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProgressBar>
#include <QPushButton>
#include <QTableView>
#include <QTableWidget>
#include <QtTest>

#include <cmath>
#include <numbers>

#include "canvas/labscene.h"
#include "document/displayunits.h"
#include "document/numbers.h"
#include "document/labdocument.h"
#include "plots/plotarea.h"
#include "properties/itemform.h"
#include "properties/propertypanel.h"
#include "simulation/runcontroller.h"
#include "spec/labpath.h"
#include "study/engine.h"
#include "study/results.h"
#include "study/resultsmodel.h"
#include "study/resultsplot.h"
#include "study/studyrunner.h"
#include "study/studyui.h"
#include "study/sweepdialog.h"
#include "study/sweepform.h"
#include "study/sweepwriter.h"
#include "uitestutil.h"

using namespace drivelab;

namespace {

QString fixture(const QString& name) { return QStringLiteral(DRIVELAB_SOURCE_DIR "/tests/fixtures/sweeps/") + name; }

/// the column of a results header
int column(const study::Study& s, const std::string& name)
{
    for (std::size_t i = 0; i < s.columns.size(); ++i)
        if (s.columns[i] == name) return static_cast<int>(i);
    return -1;
}

} // namespace

class TestStudy : public QObject {
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    test::ScriptedPrompter m_prompter;
    std::unique_ptr<MainWindow> m_w;

    SweepDialog* dialog() { return m_w->studies()->dialog(); }
    /// run the dialog's sweep to its end
    void runToEnd()
    {
        QSignalSpy ended(dialog()->runner(), &StudyRunner::ended);
        QVERIFY(dialog()->run());
        QTRY_VERIFY_WITH_TIMEOUT(ended.count() == 1, 60000);
        QVERIFY(!dialog()->isRunning());
        QCOMPARE(dialog()->results()->rowCount(), static_cast<int>(dialog()->runner()->finished()));
    }
    /// the capacity sweep opened fresh in the dialog
    void openCapacitySweep()
    {
        QString why;
        QVERIFY2(dialog()->openSweep(fixture(QStringLiteral("capacity.sweep.json")), &why), qPrintable(why));
    }

private slots:
    void initTestCase()
    {
        test::isolate();
        m_w = test::shownMainWindow(m_dir, &m_prompter);
        QVERIFY(m_w->openLab(fixture(QStringLiteral("two-inertia.lab.json"))));
        QVERIFY(m_w->document()->isValid());
    }

    void menu()
    {
        QMenu* study = m_w->findChild<QMenu*>(QStringLiteral("studyMenu"));
        QVERIFY(study);
        QStringList texts;
        for (QAction* a : study->actions()) texts << a->text().remove(QLatin1Char('&'));
        QCOMPARE(texts, (QStringList{QStringLiteral("New Sweep…"), QStringLiteral("Open Sweep…"), QStringLiteral("Save Sweep…")}));
        m_w->studies()->newAction()->trigger();
        QVERIFY(dialog()->isVisible());
    }

    void sweepThis()
    {
        m_w->scene()->selectIds({QStringLiteral("clutch")});
        ItemForm* form = m_w->properties()->form();
        QVERIFY(form);
        std::unique_ptr<QMenu> menu(form->fieldMenu(QStringLiteral("input:capacity")));
        QVERIFY(menu);
        QAction* sweep = menu->findChild<QAction*>(QStringLiteral("sweepThis"));
        QVERIFY(sweep && sweep->isEnabled());
        QCOMPARE(sweep->text(), QStringLiteral("Sweep this"));
        dialog()->hide();
        sweep->trigger();
        QVERIFY(dialog()->isVisible());
        QTableWidget* f = dialog()->form()->factors();
        const int row = f->rowCount() - 1;
        QCOMPARE(f->item(row, SweepForm::FPath)->text(), QStringLiteral("clutch.inputs.capacity"));
        QCOMPARE(f->item(row, SweepForm::FNow)->text(), QStringLiteral("100"));
        QCOMPARE(dialog()->form()->combo(f, row, SweepForm::FKind)->currentText(), QStringLiteral("range"));
        QCOMPARE(f->item(row, SweepForm::FFrom)->text(), QStringLiteral("50"));
        QCOMPARE(f->item(row, SweepForm::FTo)->text(), QStringLiteral("150"));
        QCOMPARE(f->item(row, SweepForm::FCount)->text(), QStringLiteral("5"));
        QCOMPARE(dialog()->form()->countLabel()->text(), QStringLiteral("variants: 5"));
        // the same field again selects its factor, no second one
        sweep->trigger();
        QCOMPARE(f->rowCount(), row + 1);
        // a parameter and a node field give their paths as the diagnostics print them
        QCOMPARE(form->valuePath(QStringLiteral("param:kinetic_ratio")),
                 QString::fromStdString(parameterPath("clutch", "clutch", "kinetic_ratio")));
        m_w->scene()->selectIds({QStringLiteral("load")});
        QCOMPARE(m_w->properties()->form()->valuePath(QStringLiteral("field:inertia")), QStringLiteral("load.inertia"));
        std::unique_ptr<QMenu> m2(m_w->properties()->form()->fieldMenu(QStringLiteral("field:inertia")));
        m2->findChild<QAction*>(QStringLiteral("sweepThis"))->trigger();
        QCOMPARE(f->item(f->rowCount() - 1, SweepForm::FNow)->text(), QStringLiteral("0.8"));
        QCOMPARE(f->item(f->rowCount() - 1, SweepForm::FFrom)->text(), QStringLiteral("0.4"));
        QCOMPARE(f->item(f->rowCount() - 1, SweepForm::FTo)->text(), QStringLiteral("1.2")); // not 1.2000000000000002
        QCOMPARE(dialog()->form()->countLabel()->text(), QStringLiteral("variants: 25"));
        // a field that is not a number has no menu
        QVERIFY(!m_w->properties()->form()->fieldMenu(QStringLiteral("id")));
    }

    void invalidFactorIsRefused()
    {
        openCapacitySweep();
        const int before = dialog()->results()->rowCount();
        QTableWidget* f = dialog()->form()->factors();
        f->item(0, SweepForm::FPath)->setText(QStringLiteral("clutch.clutch.capacity"));
        QVERIFY(!dialog()->run());
        QVERIFY(!dialog()->isRunning());
        QCOMPARE(dialog()->results()->rowCount(), before);
        const QString problems = dialog()->form()->problemsText();
        QVERIFY2(problems.contains(QStringLiteral("factor 1 (clutch.clutch.capacity), Path:")), qPrintable(problems));
        QVERIFY2(problems.contains(QStringLiteral("capacity")), qPrintable(problems));
        QVERIFY(!f->item(0, SweepForm::FPath)->toolTip().isEmpty());
        QCOMPARE(f->item(0, SweepForm::FPath)->text(), QStringLiteral("clutch.clutch.capacity")); // kept as typed
        QCOMPARE(f->item(0, SweepForm::FNow)->text(), QStringLiteral("✗ no value"));
        QVERIFY(dialog()->findChild<QLabel*>(QStringLiteral("sweepProblems"))->isVisible());
        // a count that is not a whole number: refused on its cell, the text kept, nothing runs
        f->item(0, SweepForm::FPath)->setText(QStringLiteral("clutch.inputs.capacity"));
        f->item(1, SweepForm::FCount)->setText(QStringLiteral("3x"));
        QCOMPARE(dialog()->form()->countLabel()->text(), QStringLiteral("variants: —"));
        QVERIFY(!dialog()->run());
        QVERIFY2(dialog()->form()->problemsText().startsWith(QStringLiteral("factor 2 (load.inertia), Count:")),
                 qPrintable(dialog()->form()->problemsText()));
        QCOMPARE(f->item(1, SweepForm::FCount)->text(), QStringLiteral("3x"));
        QCOMPARE(dialog()->results()->rowCount(), before);
        // a metric naming an observable the lab has not
        f->item(1, SweepForm::FCount)->setText(QStringLiteral("3"));
        dialog()->form()->combo(dialog()->form()->metrics(), 1, SweepForm::MObservable)->setEditText(QStringLiteral("clutch.no_such"));
        QVERIFY(!dialog()->run());
        QVERIFY2(dialog()->form()->problemsText().contains(QStringLiteral("metric 2 (heat_J), Observable:")),
                 qPrintable(dialog()->form()->problemsText()));
    }

    void capacitySweep()
    {
        openCapacitySweep();
        QCOMPARE(dialog()->form()->countLabel()->text(), QStringLiteral("variants: 12"));
        dialog()->form()->setJobs(2);
        runToEnd();
        const auto s = dialog()->study();
        QVERIFY(s);
        QCOMPARE(dialog()->results()->rowCount(), 12);
        QCOMPARE(dialog()->progress()->value(), 12);
        QVERIFY2(dialog()->statusLabel()->text().startsWith(QStringLiteral("Done: 12 variants")),
                 qPrintable(dialog()->statusLabel()->text()));
        const int lock = column(*s, "lock_s"), cap = column(*s, "clutch.inputs.capacity"), j2 = column(*s, "load.inertia");
        QVERIFY(lock > 0 && cap > 0 && j2 > 0);
        for (int r = 0; r < 12; ++r) {
            const double C = dialog()->results()->value(r, cap), J2 = dialog()->results()->value(r, j2);
            const double jeff = 0.2 * J2 / (0.2 + J2), exact = 150.0 * jeff / C;
            const double got = dialog()->results()->value(r, lock);
            QVERIFY2(std::fabs(got - exact) < 1e-12,
                     qPrintable(QStringLiteral("row %1: %2 vs %3").arg(r).arg(got, 0, 'g', 17).arg(exact, 0, 'g', 17)));
        }
        // sorting by lock time sorts numbers (descending: the longest lock first)
        QTableView* t = dialog()->table();
        t->sortByColumn(lock, Qt::DescendingOrder);
        double last = INFINITY;
        for (int r = 0; r < 12; ++r) {
            const double v = t->model()->index(r, lock).data(ResultsModel::SortRole).toDouble();
            QVERIFY(v <= last);
            last = v;
        }
        // the plot: lock time against capacity, one line per load inertia, every row a point
        QCOMPARE(dialog()->plot()->xCombo()->currentText(), QStringLiteral("clutch.inputs.capacity [N·m]"));
        QCOMPARE(dialog()->plot()->yCombo()->currentText(), QStringLiteral("lock_s [s]"));
        QCOMPARE(dialog()->plot()->pointCount(), 12);
        QCOMPARE(dialog()->plot()->chart()->series().size(), 3);
        dialog()->plot()->modeCombo()->setCurrentIndex(ResultsPlot::Scatter);
        QCOMPARE(dialog()->plot()->pointCount(), 12);
        QVERIFY(dialog()->plot()->chart()->series().size() >= 2); // binned colours with a legend
        QCOMPARE(dialog()->plot()->chart()->axes().size(), 2);    // the factor plot's axes are gone
        QVERIFY(dialog()->plot()->xCombo()->currentText() != dialog()->plot()->yCombo()->currentText());
    }

    void csvExportIsTheCliFile()
    {
        QVERIFY(dialog()->study());
        const QString out = m_dir.filePath(QStringLiteral("results.csv"));
        QString why;
        QVERIFY2(dialog()->exportCsv(out, &why), qPrintable(why));
        // an independent headless run of the same sweep file, as drivelab-cli sweep does it
        Diagnostics d;
        const auto spec = study::readSweepFile(fixture(QStringLiteral("capacity.sweep.json")).toStdString(), d);
        QVERIFY(spec);
        study::Study s;
        QVERIFY(study::prepareStudy(*spec, s, d));
        std::vector<std::size_t> all(s.size());
        for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
        std::map<std::size_t, std::string> lines;
        for (const study::Row& r : study::runVariants(s, all, study::EngineOptions{1, nullptr, {}})) lines[r.index] = study::csvRow(r);
        const std::string expected = study::resultsText(s, false, lines);
        QCOMPARE(test::readAll(out), QByteArray::fromStdString(expected));
        QCOMPARE(lines.size(), std::size_t{12});
    }

    // Export CSV… proposes a name (from the sweep file, else the lab) and adds ".csv" to a name
    // typed without it (issue 34); the file dialog is answered as a user does.
    void csvExportProposesANameAndAddsCsv()
    {
        QVERIFY(dialog()->study());
        // a sweep never saved: named after the lab, beside it
        SweepDialog fresh(m_w->document());
        QCOMPARE(fresh.defaultCsvPath(), QFileInfo(fixture(QStringLiteral("two-inertia-sweep.csv"))).absoluteFilePath());
        const QString typed = m_dir.filePath(QStringLiteral("mine"));
        QString proposed;
        QTimer::singleShot(0, this, [&] {
            auto* files = qobject_cast<QFileDialog*>(QApplication::activeModalWidget());
            QVERIFY(files);
            proposed = files->selectedFiles().value(0);
            files->selectFile(typed);
            static_cast<QDialog*>(files)->accept(); // as the Save button does
        });
        QTest::mouseClick(dialog()->findChild<QPushButton*>(QStringLiteral("exportCsv")), Qt::LeftButton);
        QCOMPARE(QFileInfo(proposed).fileName(), QStringLiteral("capacity.csv"));
        QVERIFY(!QFileInfo::exists(typed));
        QCOMPARE(test::readAll(typed + QStringLiteral(".csv")), QByteArray::fromStdString(dialog()->csvText()));
    }

    // The results table and plot give every factor and metric its unit, in the display units
    // (issue 34); the CSV file stays SI.
    void resultsShowUnitsInTheDisplayUnits()
    {
        ResultsModel* m = dialog()->results();
        QStringList titles;
        for (int c = 0; c < m->columnCount(); ++c) titles << m->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString();
        for (const char* t : {"clutch.inputs.capacity [N·m]", "load.inertia [kg·m²]", "lock_s [s]", "heat_J [J]", "total_heat_J [J]",
                              "final_speed [rad/s]", "peak_load_speed [rad/s]", "t_load_40 [s]", "energy_residual [J]"})
            QVERIFY2(titles.contains(QString::fromUtf8(t)), qPrintable(titles.join(QStringLiteral(" | "))));
        const int speed = static_cast<int>(titles.indexOf(QStringLiteral("final_speed [rad/s]")));
        const double si = m->value(0, speed);
        const std::string csv = dialog()->csvText();
        QAction* rpm = nullptr;
        for (QAction* a : m_w->findChildren<QAction*>()) {
            if (a->text() == DisplayUnits::choiceName(DisplayUnits::Quantity::Speed)) rpm = a;
        }
        QVERIFY(rpm);
        rpm->trigger();
        QCOMPARE(m->headerData(speed, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("final_speed [rpm]"));
        QCOMPARE(m->value(0, speed), si / (std::numbers::pi / 30.0));
        QCOMPARE(m->siValue(0, speed), si);
        QCOMPARE(m->data(m->index(0, speed), Qt::DisplayRole).toString(), formatNumberDigits(si / (std::numbers::pi / 30.0), 6));
        dialog()->plot()->modeCombo()->setCurrentIndex(ResultsPlot::Scatter);
        QVERIFY(dialog()->plot()->yCombo()->findText(QStringLiteral("peak_load_speed [rpm]")) >= 0);
        QCOMPARE(dialog()->csvText(), csv);
        dialog()->plot()->modeCombo()->setCurrentIndex(0);
        rpm->trigger();
        QCOMPARE(m->value(0, speed), si);
    }

    // Pick from Lab lists the lab's numbers by item; choosing one adds a factor on its path.
    void pickFromLabAddsAFactor()
    {
        SweepForm* form = dialog()->form();
        const int before = form->factors()->rowCount();
        QStringList offered;
        QTimer::singleShot(0, this, [&] {
            auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget());
            QVERIFY(menu);
            QAction* chosen = nullptr;
            for (QAction* item : menu->actions()) {
                if (!item->menu()) continue;
                for (QAction* a : item->menu()->actions()) {
                    offered << a->data().toString();
                    if (a->data().toString() == QStringLiteral("engine.initial_speed")) chosen = a;
                }
            }
            QVERIFY(chosen);
            QCOMPARE(chosen->text(), QStringLiteral("initial_speed = 150 rad/s"));
            chosen->trigger();
            menu->close();
        });
        QTest::mouseClick(form->pickButton(), Qt::LeftButton);
        for (const char* p : {"engine.inertia", "load.initial_speed", "clutch.clutch.kinetic_ratio", "clutch.inputs.capacity", "run.tick_ns"})
            QVERIFY2(offered.contains(QString::fromLatin1(p)), qPrintable(offered.join(QStringLiteral(", "))));
        QCOMPARE(form->factors()->rowCount(), before + 1);
        QCOMPARE(cellText(form->factors(), before, SweepForm::FPath), QStringLiteral("engine.initial_speed"));
        form->factors()->removeRow(before);
    }

    void cancelKeepsFinishedRows()
    {
        openCapacitySweep();
        dialog()->form()->setJobs(1);
        // cancel as soon as the first variant finished (on the worker: no second one starts)
        StudyRunner* runner = dialog()->runner();
        auto c = connect(
            runner, &StudyRunner::rowFinished, runner,
            [runner] {
                runner->cancel();
            },
            Qt::DirectConnection);
        runToEnd();
        disconnect(c);
        QCOMPARE(dialog()->results()->rowCount(), 1);
        QVERIFY2(dialog()->statusLabel()->text().startsWith(QStringLiteral("Cancelled: 1 of 12")),
                 qPrintable(dialog()->statusLabel()->text()));
        const auto s = dialog()->study();
        const study::Row& r = dialog()->results()->rows().front();
        QCOMPARE(r.index, std::size_t{0});
        QVERIFY(r.error.empty());
        const double jeff = 0.2 * r.factors[1] / (0.2 + r.factors[1]);
        QVERIFY(std::fabs(r.metrics[0] - 150.0 * jeff / r.factors[0]) < 1e-12);
        // the export holds the kept row only
        const std::string csv = dialog()->csvText();
        QCOMPARE(csv, study::csvHeader(*s) + study::csvRow(r) + "\n");
        // the Cancel button while running (1000 variants): the finished rows stay, all of them complete
        dialog()->form()->factors()->item(1, SweepForm::FCount)->setText(QStringLiteral("250"));
        QCOMPARE(dialog()->form()->countLabel()->text(), QStringLiteral("variants: %L1").arg(1000));
        QSignalSpy ended(runner, &StudyRunner::ended);
        QVERIFY(dialog()->run());
        auto* cancel = dialog()->findChild<QPushButton*>(QStringLiteral("cancelSweep"));
        QVERIFY(cancel->isEnabled());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(ended.count() == 1, 60000);
        QCOMPARE(dialog()->results()->rowCount(), static_cast<int>(runner->finished()));
        QVERIFY(dialog()->results()->rowCount() < 1000);
        QVERIFY2(dialog()->statusLabel()->text().startsWith(QStringLiteral("Cancelled: ")), qPrintable(dialog()->statusLabel()->text()));
        for (const study::Row& x : dialog()->results()->rows()) QVERIFY(x.error.empty() && std::isfinite(x.metrics[0]));
    }

    void errorRowsSayWhy()
    {
        // a load inertia the compiler refuses: those variants are rows with their error, the others run
        openCapacitySweep();
        QTableWidget* f = dialog()->form()->factors();
        dialog()->form()->combo(f, 1, SweepForm::FKind)->setCurrentIndex(0);
        f->item(1, SweepForm::FValues)->setText(QStringLiteral("-1 0.8"));
        QCOMPARE(dialog()->form()->countLabel()->text(), QStringLiteral("variants: 8"));
        runToEnd();
        QCOMPARE(dialog()->results()->rowCount(), 8);
        const int error = static_cast<int>(dialog()->study()->columns.size()) - 1;
        int failed = 0;
        for (int r = 0; r < 8; ++r) {
            const study::Row& row = dialog()->results()->rows()[static_cast<std::size_t>(r)];
            const QModelIndex i = dialog()->results()->index(r, error);
            QCOMPARE(i.data().toString(), QString::fromStdString(row.error));
            QCOMPARE(row.error.empty(), row.factors[1] > 0.0);
            QCOMPARE(i.data(Qt::BackgroundRole).isValid(), !row.error.empty());
            if (!row.error.empty()) {
                ++failed;
                QVERIFY2(row.error.find("does not compile") != std::string::npos, row.error.c_str());
            }
        }
        QCOMPARE(failed, 4);
        QVERIFY2(dialog()->statusLabel()->text().contains(QStringLiteral("4 failed")), qPrintable(dialog()->statusLabel()->text()));
    }

    void everyKindThroughTheForm()
    {
        // a sweep with every kind of factor, both sampled designs' settings and every metric
        // field: the writer gives the file back key for key, and the form shows and rebuilds it
        const Json grid = Json::parse(R"({"format": "drivelab.sweep", "version": 1, "lab": "two-inertia.lab.json", "design": "grid",
          "factors": [{"path": "clutch.inputs.capacity", "random": {"distribution": "normal", "mean": 100.0, "std": 5.0, "count": 4, "seed": 7}},
                      {"path": "load.inertia", "random": {"distribution": "log_uniform", "low": 0.5, "high": 2.0, "count": 2, "seed": 3}},
                      {"path": "engine.inertia", "range": {"from": 0.1, "to": 0.3, "count": 3, "scale": "linear"}}],
          "metrics": [{"name": "t40", "reduce": "first_crossing", "observable": "load.speed", "level": 40.0, "direction": "down"},
                      {"name": "lock", "reduce": "lock_time", "component": "clutch"}, {"name": "q", "reduce": "total_heat"}]})");
        const Json lhs = Json::parse(R"({"format": "drivelab.sweep", "version": 1, "lab": "two-inertia.lab.json",
          "design": {"kind": "latin_hypercube", "samples": 9, "seed": 11},
          "factors": [{"path": "clutch.inputs.capacity", "random": {"distribution": "uniform", "low": 50.0, "high": 150.0}},
                      {"path": "load.inertia", "range": {"from": 0.4, "to": 1.6, "scale": "log"}},
                      {"path": "engine.inertia", "values": [0.1, 0.2]}],
          "metrics": [{"name": "w", "reduce": "mean", "observable": "engine.speed"}]})");
        for (const Json& root : {grid, lhs}) {
            Diagnostics d;
            const auto spec = study::readSweepJson(root, d);
            QVERIFY(spec);
            QCOMPARE(QString::fromStdString(study::sweepJson(*spec).dump()), QString::fromStdString(root.dump()));
            dialog()->form()->setSpec(*spec);
            auto back = dialog()->form()->build();
            QVERIFY2(back, qPrintable(dialog()->form()->problemsText()));
            back->lab = spec->lab;
            QCOMPARE(QString::fromStdString(study::sweepText(*back)), QString::fromStdString(study::sweepText(*spec)));
        }
        QCOMPARE(dialog()->form()->countLabel()->text(), QStringLiteral("variants: 9"));
        runToEnd();
        QCOMPARE(dialog()->results()->rowCount(), 9);
    }

    void saveSweepRoundTrip()
    {
        openCapacitySweep();
        const QString path = m_dir.filePath(QStringLiteral("sub/capacity-copy.sweep.json"));
        QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("sub"))));
        QString why;
        QVERIFY2(dialog()->saveSweep(path, &why), qPrintable(why));
        Diagnostics d;
        const auto back = study::readSweepFile(path.toStdString(), d);
        QVERIFY(back);
        const QString labAbs = QFileInfo(fixture(QStringLiteral("two-inertia.lab.json"))).absoluteFilePath();
        QCOMPARE(QString::fromStdString(back->lab), QDir(m_dir.filePath(QStringLiteral("sub"))).relativeFilePath(labAbs));
        const auto orig = study::readSweepFile(fixture(QStringLiteral("capacity.sweep.json")).toStdString(), d);
        study::SweepSpec a = *orig, b = *back;
        a.lab = b.lab;
        QCOMPARE(study::sweepText(b), study::sweepText(a));
        // beside the lab, `lab` is the lab's file name, as in the fixture
        const QString beside = m_dir.filePath(QStringLiteral("beside.sweep.json"));
        QVERIFY(QFile::copy(labAbs, m_dir.filePath(QStringLiteral("beside.lab.json"))));
        // (a sweep of an untitled lab is refused: it names its lab by path)
        auto spare = std::make_unique<MainWindow>(MainWindowOptions{m_dir.filePath(QStringLiteral("r2")), false});
        SweepDialog* other = spare->studies()->dialog();
        other->openSweep(fixture(QStringLiteral("capacity.sweep.json")));
        QVERIFY(!other->saveSweep(beside, &why));
        QVERIFY(why.contains(QStringLiteral("Save the lab first")));
        QVERIFY(!QFile::exists(beside));
    }

    void doubleClickOpensVariant()
    {
        openCapacitySweep();
        dialog()->form()->setJobs(2);
        runToEnd();
        QCOMPARE(dialog()->results()->rowCount(), 12);
        QTableView* t = dialog()->table();
        t->sortByColumn(0, Qt::AscendingOrder);
        const int cap = column(*dialog()->study(), "clutch.inputs.capacity");
        const int row = 10;
        const double capacity = t->model()->index(row, cap).data(ResultsModel::SortRole).toDouble();
        const double inertia = t->model()->index(row, cap + 1).data(ResultsModel::SortRole).toDouble();
        QCOMPARE(capacity, 130.0); // variant 10: the fourth capacity, the second inertia
        QCOMPARE(inertia, 0.8);
        const QRect rect = t->visualRect(t->model()->index(row, 0));
        QVERIFY(QTest::qWaitForWindowExposed(dialog()));
        // a user's double-click: a press and release, then the double-click
        QTest::mouseClick(t->viewport(), Qt::LeftButton, Qt::NoModifier, rect.center());
        QTest::mouseDClick(t->viewport(), Qt::LeftButton, Qt::NoModifier, rect.center());
        QTRY_VERIFY(m_w->studies()->lastVariantWindow());
        MainWindow* v = m_w->studies()->lastVariantWindow();
        QCOMPARE(v->document()->lab().findComponent("clutch")->inputs["capacity"].get<double>(), capacity);
        QCOMPARE(v->document()->lab().findNode("load")->fields.at("inertia").get<double>(), inertia);
        QVERIFY(v->document()->filePath().isEmpty());
        QVERIFY(v->document()->isModified());
        QVERIFY(v->windowTitle().startsWith(QStringLiteral("Variant 10 of two-inertia.lab.json")));
        // it runs, so its plots show
        QTRY_VERIFY_WITH_TIMEOUT(v->runController()->state() == RunState::Finished, 60000);
        QVERIFY(!v->runController()->plots()->panels().isEmpty());
        // the open lab is untouched
        QCOMPARE(m_w->document()->lab().findComponent("clutch")->inputs["capacity"].get<double>(), 100.0);
        v->document()->markSaved();
        v->close();
    }

    void cleanupTestCase()
    {
        if (dialog()->isRunning()) dialog()->cancel();
        m_w->document()->markSaved();
        m_w.reset();
    }
};

QTEST_MAIN(TestStudy)
#include "tst_study.moc"
