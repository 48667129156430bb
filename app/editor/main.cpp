// drivelab: the schematic editor.
//   drivelab [LAB]                         open the editor (on LAB; on the very first launch
//                                          without LAB, on a copy of the default example)
//   drivelab --screenshot PATH [LAB]       render the main window to a PNG and exit
//     --open-part PATH open an instance's part first (PATH: gearbox, or gearbox/p1 for nested parts)
//     --select ID      select an item first (its properties show; inside the opened part)
//     --maps ID        render the map editor of converter ID instead (ID.PARAM: the 2-D table editor of
//                      a map parameter, with the operating point after --run-to)
//     --problems       raise the Problems panel
//     --dock NAME      raise a panel: palette, properties, history, problems, events, run, oil
//     --size WxH       window size (default 1600x1000)
//     --causality      show the causality overlay and its panel
//     --run-to SECONDS run the simulation to this time first (the plots show)
//     --study SWEEP    open the sweep in Study ▸ New Sweep…, run it, render that dialog
//     --study-tab TAB  the dialog's tab to render: results (default) or setup
//     --study-plot P   the results plot: factor (metric against a factor, default) or scatter
#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QTimer>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "canvas/partnavigator.h"
#include "causality/causalityui.h"
#include "convertermap/convertermapeditor.h"
#include "files/examplelabs.h"
#include "files/filecontroller.h"
#include "fmuloader.h"
#include "mainwindow.h"
#include "results/resultsui.h"
#include "results/vehicleresultspanel.h"
#include "simulation/runcontroller.h"
#include "study/resultsplot.h"
#include "study/studyrunner.h"
#include "study/studyui.h"
#include "study/sweepdialog.h"
#include "table2d/table2ddialog.h"
#include <QComboBox>
#include <QTabWidget>

namespace {

bool hasDisplay()
{
    return qEnvironmentVariableIsSet("DISPLAY") || qEnvironmentVariableIsSet("WAYLAND_DISPLAY") ||
           qEnvironmentVariableIsSet("QT_QPA_PLATFORM");
}

bool argPresent(int argc, char** argv, const char* name)
{
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], name) == 0) return true;
    }
    return false;
}

void settle()
{
    for (int i = 0; i < 6; ++i) QApplication::processEvents();
}

} // namespace

int main(int argc, char** argv)
{
    const bool screenshot = argPresent(argc, argv, "--screenshot");
    if (!hasDisplay()) {
        if (screenshot) {
            // a screenshot needs no screen
            qputenv("QT_QPA_PLATFORM", "offscreen");
        } else {
            std::fprintf(stderr, "drivelab: no display. Run a lab headless with drivelab-cli run LAB --output REPORT, "
                                 "or render the editor with drivelab --screenshot PATH LAB.\n");
            return 2;
        }
    }
    QApplication app(argc, argv);
    // labs may import co-simulation FMUs (the `fmu` component type)
    drivelab::installFmuImport();
    QApplication::setApplicationName(QStringLiteral("DriveLab"));
    QApplication::setOrganizationName(QStringLiteral("DriveLab"));
    QApplication::setApplicationVersion(QStringLiteral("0.1.0"));

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "DriveLab schematic editor"));
    parser.addHelpOption();
    parser.addVersionOption();
    QCommandLineOption shot(QStringLiteral("screenshot"), QApplication::translate("main", "Render the window to PATH and exit."),
                            QStringLiteral("PATH"));
    QCommandLineOption select(QStringLiteral("select"), QApplication::translate("main", "Select an item."), QStringLiteral("ID"));
    QCommandLineOption maps(QStringLiteral("maps"), QApplication::translate("main", "Show the map editor of a converter."),
                            QStringLiteral("ID"));
    QCommandLineOption problems(QStringLiteral("problems"), QApplication::translate("main", "Raise the Problems panel."));
    QCommandLineOption dock(QStringLiteral("dock"), QApplication::translate("main", "Raise a panel."), QStringLiteral("NAME"));
    QCommandLineOption size(QStringLiteral("size"), QApplication::translate("main", "Window size for screenshots."), QStringLiteral("WxH"),
                            QStringLiteral("1600x1000"));
    QCommandLineOption causality(QStringLiteral("causality"), QApplication::translate("main", "Show the causality overlay."));
    QCommandLineOption openPart(QStringLiteral("open-part"), QApplication::translate("main", "Open an instance's part."), QStringLiteral("PATH"));
    parser.addOptions({shot, select, maps, problems, dock, size, causality, openPart});
    QCommandLineOption runTo(QStringLiteral("run-to"), QApplication::translate("main", "Run the simulation to SECONDS first."),
                             QStringLiteral("SECONDS"));
    parser.addOption(runTo);
    QCommandLineOption study(QStringLiteral("study"), QApplication::translate("main", "Open and run a sweep; render its dialog."),
                             QStringLiteral("SWEEP"));
    QCommandLineOption studyTab(QStringLiteral("study-tab"), QApplication::translate("main", "The sweep dialog's tab: results or setup."),
                                QStringLiteral("TAB"), QStringLiteral("results"));
    QCommandLineOption studyPlot(QStringLiteral("study-plot"), QApplication::translate("main", "The results plot: factor or scatter."),
                                 QStringLiteral("PLOT"), QStringLiteral("factor"));
    parser.addOptions({study, studyTab, studyPlot});
    parser.addPositionalArgument(QStringLiteral("lab"), QApplication::translate("main", "Lab file to open."), QStringLiteral("[LAB]"));
    parser.process(app);
    const QStringList labs = parser.positionalArguments();

    drivelab::MainWindowOptions options;
    options.restoreSettings = !parser.isSet(shot);
    drivelab::MainWindow window(options);
    if (!labs.isEmpty())
        window.openLab(labs.front());
    else if (!parser.isSet(shot) && drivelab::takeFirstLaunch() && !drivelab::defaultExample().isEmpty())
        window.files()->openExample(drivelab::defaultExample()); // the very first launch shows a working lab

    if (!parser.isSet(shot)) {
        window.show();
        QTimer::singleShot(0, &window, [&window] {
            window.offerRecovery();
        });
        return QApplication::exec();
    }

    // screenshot mode: a fixed size, the drawing fitted at a readable zoom (as on open), then one frame to PNG
    const QStringList wh = parser.value(size).split(QLatin1Char('x'));
    const int w = wh.size() == 2 ? wh[0].toInt() : 1600;
    const int h = wh.size() == 2 ? wh[1].toInt() : 1000;
    window.resize(w > 200 ? w : 1600, h > 200 ? h : 1000);
    window.show();
    settle();
    window.view()->fitReadable();
    if (parser.isSet(openPart)) {
        QString why;
        if (!window.partNavigator()->openPath(parser.value(openPart), &why)) {
            std::fprintf(stderr, "drivelab: --open-part %s: %s\n", qPrintable(parser.value(openPart)), qPrintable(why));
            return 1;
        }
        settle();
    }
    if (parser.isSet(select)) window.scene()->selectIds({parser.value(select)});
    if (parser.isSet(problems)) window.raiseDock(QStringLiteral("problems"));
    if (parser.isSet(dock)) window.raiseDock(parser.value(dock));
    if (parser.isSet(causality)) window.causality()->setOverlayVisible(true);
    if (parser.isSet(runTo)) {
        // run first, then show the plots (a --dock given afterwards still wins)
        window.runController()->runTo(parser.value(runTo).toDouble());
        window.raiseDock(QStringLiteral("plots"));
        if (parser.isSet(dock)) window.raiseDock(parser.value(dock));
        settle();
        window.results()->panel()->wait(); // a run to the end: its vehicle results
        settle();
    }
    settle();
    QWidget* target = &window;
    if (const QString id = parser.value(maps); id.contains(QLatin1Char('.'))) {
        if (auto* editor = window.openTable2DEditor(id.section(QLatin1Char('.'), 0, 0), id.section(QLatin1Char('.'), 1))) {
            editor->updateLive();
            settle();
            target = editor;
        }
    } else if (parser.isSet(maps)) {
        if (auto* editor = window.openMapEditor(parser.value(maps))) {
            settle();
            target = editor;
        }
    }
    if (parser.isSet(study)) {
        // the sweep dialog, its sweep run to the end (a refused sweep shows its setup)
        drivelab::SweepDialog* d = window.studies()->dialog();
        d->resize(window.size() * 0.8);
        d->show();
        const bool ran = d->openSweep(parser.value(study)) && d->run();
        if (ran) {
            d->runner()->wait();
            settle();
        }
        if (parser.value(studyPlot) == QStringLiteral("scatter")) d->plot()->modeCombo()->setCurrentIndex(drivelab::ResultsPlot::Scatter);
        d->tabs()->setCurrentIndex(!ran || parser.value(studyTab) == QStringLiteral("setup") ? 0 : 1);
        settle();
        target = d;
    }
    settle();
    const QString path = parser.value(shot);
    const QPixmap pixmap = target->grab();
    if (pixmap.isNull() || !pixmap.save(path, "PNG")) {
        std::fprintf(stderr, "drivelab: cannot write the screenshot %s\n", qPrintable(path));
        return 1;
    }
    std::printf("%s\n", qPrintable(QFileInfo(path).absoluteFilePath()));
    return 0;
}
