// The editor under load (a benchmark, not a test; nothing is asserted about time):
// a long run (10^6 ticks by default) with live plots in a shown main window, while a
// 5 ms QTimer pings the UI thread. Reports the ping latency (how late each timeout
// fires: p50, p99, max) and the worker's throughput against the same model run
// headless in the same process. The lab is compiled and loaded (paused at t = 0, the
// Plots panel laid out) before the clock starts; the timed part is Resume to the end.
//   bench_editor [--ticks N] [--lab LAB] [--samples-per-report K] [--plot-budget SHARE] [--headless-only] [--edit ROUNDS]
// --edit ROUNDS times editing instead of a run (issue 36: a lab of 200 components in 20 part
// instances, tests/bench/labs/parts-fleet/): open the lab, then per instance select, move, edit a
// parameter; reports each action's time, the p50/p99/max of every top-level UI-thread event
// meanwhile (wall and the UI thread's CPU time) and the cost of each single event that ends a
// document change (a drag's mouse release, an edit's Return), whose max the 16 ms target is for,
// and of each posted call (the compile an edit posts runs as one), with the compiles inside each kind
// --headless-only stops after the two headless measurements (the whole run in one batch, and in
// the worker's batches of one sample each): under callgrind, --toggle-collect='*runHeadless*'
// and '*runInWorkerBatches*' count what the worker's batching costs, repeatably
//   BENCH_EDITOR_TRACE=1 also prints every ping's lateness (to find where spikes come from)
//   BENCH_EDITOR_SLOW=MS prints every event the UI thread spent more than MS ms on during the
//   run (event type, receiver class and name, the plot it belongs to): which work is the spike
#include <QApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QThread>
#include <QTimer>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <vector>

#include "canvas/componentitem.h"
#include "canvas/labscene.h"
#include "canvas/labview.h"
#include "compile/compiler.h"
#include "document/labdocument.h"
#include "properties/expressionedit.h"
#include "properties/instanceform.h"
#include "properties/propertypanel.h"
#include "io/labfile.h"
#include "mainwindow.h"
#include "plots/plotarea.h"
#include "simulation/runcontroller.h"
#include "simulation/simworker.h"
#include "solver/session.h"
#include "spec/labfiles.h"
#include "spec/labreader.h"
#include "spec/labwriter.h"

using namespace drivelab;

namespace {

// the calling thread's CPU time [ms] (what the UI thread spent, whatever else the shared machine runs)
double threadCpuMs()
{
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

// times every event dispatched on the UI thread (nested events count in their parent's time too);
// with `frames` set, every top-level event's time goes there (a frame the user waits for)
class TimedApplication : public QApplication {
public:
    using QApplication::QApplication;
    double slowMs = -1.0; // < 0: off
    bool recording = false;
    std::vector<double>* frames = nullptr;    // wall time of each top-level event [ms]
    std::vector<double>* cpuFrames = nullptr; // the UI thread's CPU time of each top-level event [ms]
    struct Cost {
        double wall, cpu;        // [ms]
        std::uint64_t compiles; // whole compiles of a lab inside the event
    };
    std::vector<Cost>* releases = nullptr; // top-level mouse releases
    std::vector<Cost>* returns = nullptr;  // top-level Return key presses
    std::vector<Cost>* posted = nullptr;   // top-level posted calls (an edit's compile among them)
    std::vector<Cost>* repaints = nullptr; // top-level update requests (a pending compile runs ahead of one)
    struct Slow {
        int type;
        QByteArray receiver;
        double ms;
    };
    std::vector<Slow> slow;
    bool notify(QObject* receiver, QEvent* event) override
    {
        if ((slowMs < 0.0 && !frames) || !recording || QThread::currentThread() != thread()) return QApplication::notify(receiver, event);
        const int type = event->type(); // the event may be gone after delivery
        const bool returnKey = type == QEvent::KeyPress && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Return;
        QElapsedTimer t;
        t.start();
        const double cpu0 = threadCpuMs();
        const std::uint64_t compiles0 = compileCount();
        ++m_depth;
        const bool r = QApplication::notify(receiver, event);
        --m_depth;
        const double ms = static_cast<double>(t.nsecsElapsed()) / 1e6;
        const double cpu = threadCpuMs() - cpu0;
        const std::uint64_t compiles = compileCount() - compiles0;
        if (frames && m_depth == 0) {
            frames->push_back(ms);
            if (cpuFrames) cpuFrames->push_back(cpu);
            // the events that end a document change: a drag's release, an edit's Return
            if (type == QEvent::MouseButtonRelease && releases) releases->push_back({ms, cpu, compiles});
            if (returnKey && returns) returns->push_back({ms, cpu, compiles});
            if (type == QEvent::MetaCall && posted) posted->push_back({ms, cpu, compiles});
            if (type == QEvent::UpdateRequest && repaints) repaints->push_back({ms, cpu, compiles});
        }
        if (slowMs >= 0.0 && ms > slowMs) {
            QByteArray who = QByteArray(receiver->metaObject()->className()) + ' ' + receiver->objectName().toUtf8();
            if (receiver->parent()) who += QByteArray(" (child of ") + receiver->parent()->metaObject()->className() + ')';
            for (QObject* o = receiver; o; o = o->parent()) { // a plot's widgets: name the plot
                if (auto* p = qobject_cast<PlotPanel*>(o)) {
                    who += " in plot \"" + p->title().toUtf8() + '"';
                    break;
                }
            }
            slow.push_back({type, who, ms});
        }
        return r;
    }

private:
    int m_depth = 0;
};

double percentile(std::vector<double> v, double p)
{
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
    return v[std::min(i, v.size() - 1)];
}

// the whole run in one Session::run: the headless figure [s]
__attribute__((noinline)) double runHeadless(const std::shared_ptr<const Model>& model)
{
    Session s(model);
    const auto t0 = std::chrono::steady_clock::now();
    if (s.run(model->ticks).status != BatchStatus::Completed) return -1.0;
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// the run as the editor's worker does it (SimWorker::advance), without the UI: Session::run to
// the next sample tick with the interrupt flag checked before every tick, then observe into a
// row [s]
__attribute__((noinline)) double runInWorkerBatches(const std::shared_ptr<const Model>& model, std::int64_t stride)
{
    Session s(model);
    std::vector<double> row(s.observableCount());
    const std::atomic<bool> interrupt{false};
    const auto t0 = std::chrono::steady_clock::now();
    while (!s.finished()) {
        const std::int64_t end = SimWorker::sampleTickAfter(s.tick(), stride, model->ticks);
        if (s.run(end - s.tick(), &interrupt).status != BatchStatus::Completed) return -1.0;
        s.observe(row.data());
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// --edit ROUNDS: open the lab (timed), then per round and per instance of its parts: select it
// (a click), move it (a drag), edit its parameter `k` in its property form (retype, Return). Every
// top-level event the UI thread handles meanwhile is a frame; their p50, p99 and max are the figure
int editBench(TimedApplication& app, MainWindow& window, const QString& path, int rounds)
{
    QElapsedTimer openClock;
    openClock.start();
    if (!window.openLab(path)) return 2;
    const double openMs = static_cast<double>(openClock.nsecsElapsed()) / 1e6;
    for (int i = 0; i < 10; ++i) QApplication::processEvents();
    LabDocument* doc = window.document();
    LabView* view = window.view();
    QWidget* vp = view->viewport();
    std::vector<double> frames, cpuFrames, selectMs, moveMs, editMs;
    std::vector<TimedApplication::Cost> releases, returns, posted, repaints;
    frames.reserve(1 << 16);
    cpuFrames.reserve(1 << 16);
    app.frames = &frames;
    app.cpuFrames = &cpuFrames;
    app.releases = &releases;
    app.returns = &returns;
    app.posted = &posted;
    app.repaints = &repaints;
    app.recording = true;
    const auto settle = [] { QTest::qWait(20); };
    const auto timed = [&](std::vector<double>& into, auto&& action) {
        QElapsedTimer t;
        t.start();
        action();
        into.push_back(static_cast<double>(t.nsecsElapsed()) / 1e6);
        settle();
    };
    int failures = 0;
    for (int round = 0; round < rounds; ++round) {
        for (const InstanceSpec& inst : std::vector<InstanceSpec>(doc->lab().instances)) {
            const QString id = QString::fromStdString(inst.id);
            ComponentItem* item = window.scene()->componentItem(id);
            if (!item) return 3;
            view->centerOn(item);
            settle();
            const QPointF from = item->scenePos();
            timed(selectMs, [&] { QTest::mouseClick(vp, Qt::LeftButton, {}, view->mapFromScene(from)); });
            const QPointF to = from + QPointF(round % 2 ? -40 : 40, 0);
            timed(moveMs, [&] {
                QTest::mousePress(vp, Qt::LeftButton, {}, view->mapFromScene(from));
                for (int k = 1; k <= 6; ++k) QTest::mouseMove(vp, view->mapFromScene(from + (to - from) * (k / 6.0)));
                QTest::mouseRelease(vp, Qt::LeftButton, {}, view->mapFromScene(to));
            });
            item = window.scene()->componentItem(id);
            if (!item || item->scenePos() == from) ++failures;
            InstanceForm* form = window.properties()->instanceForm();
            ExpressionEdit* k = form ? form->parameterEdit(QStringLiteral("k")) : nullptr;
            if (!k) return 3;
            const double value = 700 + 10 * round;
            timed(editMs, [&] {
                k->setFocus();
                QTest::keyClick(k, Qt::Key_A, Qt::ControlModifier);
                QTest::keyClick(k, Qt::Key_Backspace);
                QTest::keyClicks(k, QString::number(value));
                QTest::keyClick(k, Qt::Key_Return);
            });
            if (doc->lab().findInstance(inst.id)->parameters.value("k", Json()) != Json(value)) ++failures;
        }
    }
    app.recording = false;
    app.frames = nullptr;
    app.cpuFrames = nullptr;
    app.releases = nullptr;
    app.returns = nullptr;
    app.posted = nullptr;
    app.repaints = nullptr;
    if (!doc->isValid()) ++failures;
    std::printf("lab %s: %zu components in %zu instances; open (read, compile, lay out, draw) %.1f ms\n", doc->lab().name.c_str(),
                doc->compiled() && doc->compiled()->model ? doc->compiled()->model->components.size() : std::size_t{0}, doc->lab().instances.size(), openMs);
    const auto line = [](const char* what, const std::vector<double>& v) {
        std::printf("  %-8s %3zu actions: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", what, v.size(), percentile(v, 0.5), percentile(v, 0.99),
                    v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()));
    };
    line("select", selectMs);
    line("move", moveMs);
    line("edit", editMs);
    const auto frameLine = [](const char* what, const std::vector<double>& v) {
        std::printf("  frames (top-level UI events), %s %zu: p50 %.2f ms, p99 %.2f ms, max %.2f ms, over 16 ms: %zu\n", what, v.size(),
                    percentile(v, 0.5), percentile(v, 0.99), v.empty() ? 0.0 : *std::max_element(v.begin(), v.end()),
                    static_cast<std::size_t>(std::count_if(v.begin(), v.end(), [](double f) { return f > 16.0; })));
    };
    frameLine("wall", frames);
    frameLine("UI-thread CPU", cpuFrames);
    // the single events that end a document change (the 16 ms target applies to each)
    const auto eventLine = [](const char* what, const std::vector<TimedApplication::Cost>& v) {
        std::vector<double> wall, cpu;
        std::uint64_t compiles = 0;
        for (const auto& c : v) {
            wall.push_back(c.wall);
            cpu.push_back(c.cpu);
            compiles += c.compiles;
        }
        std::printf("  %-8s %3zu events: wall p50 %.2f / max %.2f ms; UI-thread CPU p50 %.2f / max %.2f ms; %llu compiles in them\n", what,
                    v.size(), percentile(wall, 0.5), wall.empty() ? 0.0 : *std::max_element(wall.begin(), wall.end()), percentile(cpu, 0.5),
                    cpu.empty() ? 0.0 : *std::max_element(cpu.begin(), cpu.end()), static_cast<unsigned long long>(compiles));
    };
    eventLine("release", releases);
    eventLine("Return", returns);
    eventLine("posted", posted);
    eventLine("repaint", repaints);
    if (failures) std::fprintf(stderr, "bench_editor: %d edits did not take\n", failures);
    return failures ? 3 : 0;
}

} // namespace

int main(int argc, char** argv)
{
    long long ticks = 1000000;
    int samplesPerReport = 10;
    double plotBudget = PlotArea::kDefaultLiveBudget;
    bool headlessOnly = false;
    int editRounds = 0;
    std::string labPath = DRIVELAB_SOURCE_DIR "/labs/converter-launch.lab.json";
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--ticks") && i + 1 < argc)
            ticks = std::atoll(argv[++i]);
        else if (!std::strcmp(argv[i], "--lab") && i + 1 < argc)
            labPath = argv[++i];
        else if (!std::strcmp(argv[i], "--samples-per-report") && i + 1 < argc)
            samplesPerReport = std::atoi(argv[++i]);
        else if (!std::strcmp(argv[i], "--plot-budget") && i + 1 < argc)
            plotBudget = std::atof(argv[++i]);
        else if (!std::strcmp(argv[i], "--headless-only"))
            headlessOnly = true;
        else if (!std::strcmp(argv[i], "--edit") && i + 1 < argc)
            editRounds = std::atoi(argv[++i]);
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY")) qputenv("QT_QPA_PLATFORM", "offscreen");
    TimedApplication app(argc, argv);
    if (qEnvironmentVariableIsSet("BENCH_EDITOR_SLOW")) app.slowMs = qEnvironmentVariable("BENCH_EDITOR_SLOW").toDouble();
    QApplication::setOrganizationName(QStringLiteral("DriveLabBench"));
    QApplication::setApplicationName(QStringLiteral("bench_editor"));

    // the lab, stretched to the number of ticks asked for
    std::ifstream in(labPath);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto read = readLab(text);
    if (!read.lab) {
        std::fprintf(stderr, "bench_editor: cannot read %s\n", labPath.c_str());
        return 2;
    }
    LabSpec spec = *read.lab;
    spec.baseDir = labBaseDir(labPath); // a csv signal (a drive cycle) is read beside the lab
    spec.run.durationNs = ticks * spec.run.tickNs;
    const CompileResult c = compile(spec);
    if (!c.model) {
        std::fprintf(stderr, "bench_editor: the lab does not compile\n");
        return 2;
    }
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("bench.lab.json"));
    relocateLabFiles(spec, dir.path().toStdString()); // the copy names the same csv files
    {
        std::ofstream out(path.toStdString());
        out << writeLab(spec);
    }

    // headless: the same model, a warm-up run and a timed run, whole and in the worker's
    // batches, alternated
    const std::int64_t stride = SimWorker::sampleStride(*c.model, samplesPerReport);
    double headless = 0.0, batched = 0.0;
    for (int r = 0; r < 2 && editRounds == 0; ++r) { // --edit times editing, not runs
        headless = runHeadless(c.model);
        batched = runInWorkerBatches(c.model, stride);
        if (headless < 0.0 || batched < 0.0) return 3;
    }
    if (headlessOnly) {
        std::printf("headless %.3f s, in the worker's batches (one per sample, %lld ticks) %.3f s\n", headless,
                    static_cast<long long>(stride), batched);
        return 0;
    }

    MainWindowOptions options;
    options.restoreSettings = false;
    options.recoveryDirectory = dir.filePath(QStringLiteral("recovery"));
    MainWindow window(options);
    window.resize(1600, 1000);
    window.show();
    if (editRounds > 0) return editBench(app, window, path, editRounds);
    if (!window.openLab(path)) return 2;
    for (int i = 0; i < 10; ++i) QApplication::processEvents();
    RunController* rc = window.runController();
    rc->setSamplesPerReport(samplesPerReport);
    if (!rc->plots()->setLiveBudget(plotBudget)) {
        std::fprintf(stderr, "--plot-budget %g: a share of the UI thread in (0, 1]\n", plotBudget);
        return 2;
    }
    // compile and load, paused at t = 0: the Plots panel is shown and laid out once, as it is
    // for a user who has run before; the timed part is the run itself (Resume)
    if (!rc->runTo(0.0) || rc->state() != RunState::Paused) return 3;
    for (int i = 0; i < 10; ++i) QApplication::processEvents();

    // the ping: how late does a 5 ms timer fire on the UI thread
    std::vector<double> late;
    late.reserve(1 << 16);
    QElapsedTimer clock;
    QTimer ping;
    ping.setTimerType(Qt::PreciseTimer);
    ping.setInterval(5);
    qint64 last = 0;
    qint64 endNs = 0; // when the run's final status arrived
    QObject::connect(&ping, &QTimer::timeout, [&] {
        const qint64 now = clock.nsecsElapsed();
        if (last && !endNs) late.push_back(std::max(0.0, static_cast<double>(now - last) / 1e6 - 5.0));
        last = now;
    });
    QEventLoop loop;
    // the live run ends when the finished status arrives; the one-off full-resolution redraw
    // that follows it is measured on its own
    QObject::connect(rc, &RunController::statusChanged, &loop, [&](const RunStatus& s) {
        if (s.state == RunState::Running) return;
        endNs = clock.nsecsElapsed();
        loop.quit();
    });
    clock.start();
    ping.start();
    const qint64 runNs = clock.nsecsElapsed();
    app.recording = true;
    rc->run();
    loop.exec();
    app.recording = false;
    ping.stop();
    // the worker's time: from Run to the arrival of its final status
    const double wall = static_cast<double>(endNs - runNs) / 1e9;
    QElapsedTimer redraw;
    redraw.start();
    rc->plots()->refresh(true);
    QApplication::processEvents(); // paint
    const double redrawMs = static_cast<double>(redraw.nsecsElapsed()) / 1e6;
    if (rc->state() != RunState::Finished) {
        std::fprintf(stderr, "bench_editor: the run did not finish (state %d)\n", static_cast<int>(rc->state()));
        return 3;
    }
    if (qEnvironmentVariableIsSet("BENCH_EDITOR_TRACE")) {
        for (std::size_t i = 0; i < late.size(); ++i) std::printf("%zu:%.1f ", i, late[i]);
        std::printf("\n");
    }
    if (app.slowMs >= 0.0) {
        std::printf("events over %.1f ms during the run: %zu\n", app.slowMs, app.slow.size());
        for (const auto& e : app.slow) std::printf("  %6.1f ms  type %d  %s\n", e.ms, e.type, e.receiver.constData());
    }
    const double n = static_cast<double>(c.model->ticks);
    std::printf("lab %s stretched to %lld ticks (%g s simulated), %d samples per report interval, platform %s\n", spec.name.c_str(),
                static_cast<long long>(c.model->ticks), n * c.model->h, samplesPerReport, qPrintable(QApplication::platformName()));
    std::printf("  headless          %.3f s  %.0f ticks/s\n", headless, n / headless);
    std::printf("  headless in the worker's batches (one per sample, %lld ticks): %.3f s  (%.0f %% of headless)\n",
                static_cast<long long>(stride), batched, 100.0 * headless / batched);
    std::printf("  editor, live plots %.3f s  %.0f ticks/s  (%.0f %% of headless)\n", wall, n / wall, 100.0 * headless / wall);
    std::printf("  UI ping (5 ms timer) lateness over %zu pings: p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", late.size(),
                percentile(late, 0.5), percentile(late, 0.99), late.empty() ? 0.0 : *std::max_element(late.begin(), late.end()));
    std::printf("  live plots: budget %.2f of the UI thread, a tick's cost %.1f ms (running mean), tick %d ms at the end\n",
                rc->plots()->liveBudget(), rc->plots()->liveCost(), rc->plots()->liveInterval());
    std::printf("  full-resolution redraw of every plot at rest: %.1f ms\n", redrawMs);
    std::printf("{\"ticks\": %lld, \"headless_s\": %.4f, \"editor_s\": %.4f, \"throughput_ratio\": %.4f, \"ping_p50_ms\": %.3f, "
                "\"ping_p99_ms\": %.3f, \"ping_max_ms\": %.3f, \"redraw_ms\": %.1f, \"plot_budget\": %.2f, \"plot_tick_ms\": %d, "
                "\"batched_s\": %.4f}\n",
                static_cast<long long>(c.model->ticks), headless, wall, headless / wall, percentile(late, 0.5), percentile(late, 0.99),
                late.empty() ? 0.0 : *std::max_element(late.begin(), late.end()), redrawMs, rc->plots()->liveBudget(),
                rc->plots()->liveInterval(), batched);
    return 0;
}
