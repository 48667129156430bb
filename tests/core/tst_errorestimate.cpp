// `run --estimate-error` (issue 37, target 5; docs/PHYSICS.md "Error estimate") held to the true error.
//
//   A run at tick h is compared with the same lab at h/2 and h/4 on its end states, cumulative
//   energies and clutch event instants (relative to each quantity's scale: the largest |value| of
//   its unit in the run, the run's length for an instant): d1 = |x(h) - x(h/2)|, d2 = |x(h/2) -
//   x(h/4)|, r = d1 / d2. For order p in the asymptotic range r = 2^p and the error of h is the
//   geometric sum  e(h) = d1 (1 + 1/r + 1/r^2 + ...) = d1 r / (r - 1)  (regular: r in
//   [1.5, 2^(p + 1.5)] and d1's quantity moving the same way from h/2 to h/4). Otherwise
//   (irregular) the error of h is bounded by the triangle inequality with a finer run h_f = h/2^f:
//       |e(h)| <= |x(h) - x(h_f)| + |e(h_f)|,   |e(h_f)| <~ |x(2 h_f) - x(h_f)|  (any order >= 1)
//   from f = 2, halving on (to h/64) until the second term is at most a quarter of the first.
//
//   (1) closed form:   J w' = -c w  (an inertia on a linear damper to ground, w(0) = w0)
//       exact          w(t) = w0 exp(-c t / J)
//       midpoint       w_n  = w0 ((1 - c h / 2J) / (1 + c h / 2J))^n
//       r = 4 (second order), and the estimate is |w_n - w(T)| / w0 within 1 %.
//
//   (2) every shipped lab (labs/*.lab.json, cut to its first 6000 ticks): the estimate against the
//       true error, measured against the same lab at h/100 (finer than any run the estimate makes:
//       car-hill-start's brake instant is the same to the nanosecond from h/100 down to h/4000):
//       within a factor of 3 both ways, regular or not (issue 37: "within a factor of 3; never an
//       underestimate beyond that"). Where the true error sits at rounding (< 1e-11) the estimate
//       must too. car-hill-start's brake instant oscillates from h to h/4 (r = 2.96 by the ratio
//       alone, 16x over): it must be found irregular and refined.
//   (3) the command line writes the estimate as the report's "error_estimate" and prints it.
#include "testutil.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "clitestutil.h"
#include "fmutorquelab.h"
#include "compile/compiler.h"
#include "io/labfile.h"
#include "study/accuracy.h"
#include "study/errorestimate.h"
#include "study/tickladder.h"
#include "util/hash.h"

using namespace drivelab;
using namespace drivelab::test;

class TestErrorEstimate : public QObject {
    Q_OBJECT
private slots:
    void dampedInertiaMatchesTheClosedForm();
    void everyShippedLabWithinAFactorOfThree();
    void commandLineWritesTheEstimate();
    void accuracyPicksTheMethodWithTheLeastWork();
    void methodOverridesTheLabs();
};

namespace {

/// the end of `spec` run at tick tickNs (report boundaries kept at the same instants)
study::RunEnd endAt(const LabSpec& spec, std::int64_t tickNs)
{
    LabSpec s = spec;
    s.run.reportEveryTicks = std::max<std::int64_t>(1, spec.run.reportEveryTicks * spec.run.tickNs / tickNs);
    s.run.tickNs = tickNs;
    const CompileResult c = compile(s);
    if (!c.model) qFatal("%s at tick %lld does not compile", spec.name.c_str(), static_cast<long long>(tickNs));
    Session session(c.model);
    study::RunEnd end;
    std::string error;
    if (!study::runToEnd(session, end, error)) qFatal("%s at tick %lld: %s", spec.name.c_str(), static_cast<long long>(tickNs), error.c_str());
    return end;
}

/// the estimate of `spec` as `run --estimate-error` makes it (study/tickladder.h)
study::ErrorEstimate estimateOf(const LabSpec& spec)
{
    study::TickLadder ladder(spec);
    study::ErrorEstimate e;
    if (!study::estimateAt(ladder, 0, study::kEstimateFinestLevel, e)) qFatal("%s: %s", spec.name.c_str(), ladder.failure().message.c_str());
    return e;
}

} // namespace

void TestErrorEstimate::dampedInertiaMatchesTheClosedForm()
{
    const double J = 0.5, c = 2.0, w0 = 100.0, T = 1.0;
    const std::string text = lab(R"({"tick_ns": 10000000, "duration_ns": 1000000000, "report_every_ticks": 10})",
                                 R"([{"id": "shaft", "domain": "rotational", "inertia": 0.5, "initial_speed": 100}])",
                                 R"([{"id": "drag", "type": "damper", "node_a": "shaft", "parameters": {"damping": 2}}])");
    const LoadedLab loaded = loadLabText(text);
    QVERIFY(loaded.model);
    const double h = 0.01;
    const double r = (1.0 - c * h / (2.0 * J)) / (1.0 + c * h / (2.0 * J));
    const double wh = w0 * std::pow(r, T / h), exact = w0 * std::exp(-c * T / J);
    const study::ErrorEstimate e = estimateOf(*loaded.spec);
    // the true relative errors of the three measured quantities, each over its scale (the largest
    // |value| of its unit in the run: w0, the final angle, the final heat)
    double thetaH = 0.0, w = w0;
    for (int k = 0; k < 100; ++k) {
        thetaH += h * (w + w * r) / 2.0; // the midpoint advances the angle by h times the mean speed
        w *= r;
    }
    const double thetaExact = w0 * J / c * (1.0 - std::exp(-c * T / J));
    const double heatH = J * (w0 * w0 - wh * wh) / 2.0, heatExact = J * w0 * w0 * (1.0 - std::exp(-2.0 * c * T / J)) / 2.0;
    const double errSpeed = std::fabs(wh - exact) / w0, errAngle = std::fabs(thetaH - thetaExact) / thetaH,
                 errHeat = std::fabs(heatH - heatExact) / heatH;
    const double trueError = std::max({errSpeed, errAngle, errHeat});
    qInfo("damped inertia: speed %.6g, angle %.6g, heat %.6g; largest at %s", errSpeed, errAngle, errHeat, e.quantity().c_str());
    QCOMPARE(e.quantity(), std::string(trueError == errSpeed ? "node 'shaft' speed" : trueError == errAngle ? "node 'shaft' angle" : "component 'drag' heat"));
    qInfo("damped inertia: true %.6g, estimate %.6g, ratio %.4f, observed ratio %.4f", trueError, e.estimate(), e.estimate() / trueError,
          e.ratio());
    QVERIFY(e.regular());
    QVERIFY(std::fabs(e.ratio() - 4.0) < 0.01);
    QVERIFY(std::fabs(e.estimate() / trueError - 1.0) < 0.01);
    // the run itself is the midpoint's closed form
    const study::RunEnd a = endAt(*loaded.spec, 10000000);
    QVERIFY(std::fabs(a.values.front() - wh) <= 1e-12 * w0);
}

void TestErrorEstimate::everyShippedLabWithinAFactorOfThree()
{
    int labs = 0;
    std::string failed;
    for (const auto& entry : std::filesystem::directory_iterator(DRIVELAB_SOURCE_DIR "/labs")) {
        const std::string path = entry.path().string();
        if (path.size() < 9 || path.compare(path.size() - 9, 9, ".lab.json") != 0) continue;
        const LoadedLab loaded = loadLab(path);
        QVERIFY2(loaded.model, path.c_str());
        LabSpec spec = *loaded.spec;
        constexpr std::int64_t kTicks = 6000;
        spec.run.durationNs = std::min(spec.run.durationNs, kTicks * spec.run.tickNs);
        const std::int64_t h = spec.run.tickNs;
        const study::ErrorEstimate est = estimateOf(spec);
        QVERIFY2(h % 100 == 0, path.c_str());
        const study::EndDifference truth = study::compareEnds(endAt(spec, h), endAt(spec, h / 100));
        const double estimate = est.estimate();
        qInfo("%-26s %8lld ns: estimate %.3g (%s, r = %.3g, finest h/%d) at %s; true %.3g at %s; estimate/true %.3g",
              entry.path().filename().c_str(), static_cast<long long>(h), estimate, est.regular() ? "regular" : "irregular", est.ratio(),
              1 << est.finestLevel, est.quantity().c_str(), truth.largest, truth.quantity.c_str(),
              truth.largest > 0.0 ? estimate / truth.largest : 0.0);
        // car-hill-start: the service brake's breakaway instant, placed inside the tick by the
        // midpoint's line rule, oscillates with where in the tick it falls (h: -7.0e-7 s, h/2:
        // +6.7e-6 s, h/4: +4.2e-6 s): irregular, refined to h/64 (docs/PHYSICS.md, "Error estimate")
        if (entry.path().filename() == "car-hill-start.lab.json") {
            QVERIFY(!est.regular());
            QVERIFY(est.ratio() >= 1.5); // the ratio alone would have called it regular
            QCOMPARE(est.finestLevel, study::kEstimateFinestLevel);
        }
        const bool ok = estimate >= 0.0 && truth.eventsMatch &&
                        (truth.largest < 1e-11 ? estimate < 1e-10 : estimate >= truth.largest / 3.0 && estimate <= truth.largest * 3.0);
        if (!ok) failed += " " + entry.path().filename().string();
        ++labs;
    }
    QVERIFY2(failed.empty(), ("outside a factor of 3:" + failed).c_str());
    QVERIFY(labs >= 15);
}

void TestErrorEstimate::commandLineWritesTheEstimate()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString cli = QStringLiteral(DRIVELAB_CLI), labFile = QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/clutch-engagement.lab.json");
    const QString report = dir.filePath("report.json");
    const CliResult r = runCli(cli, {"run", labFile, "--estimate-error", "--output", report}, 120000);
    QCOMPARE(r.exit, 0);
    QVERIFY2(r.out.contains("error estimate (midpoint, tick 50000 ns): "), qPrintable(r.out));
    QFile f(report);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const Json doc = Json::parse(f.readAll().toStdString());
    const Json& e = doc.at("error_estimate");
    QCOMPARE(e.at("method").get<std::string>(), std::string("midpoint"));
    QCOMPARE(e.at("tick_ns").get<std::int64_t>(), std::int64_t(50000));
    QCOMPARE(e.at("convergence").get<std::string>(), std::string("regular"));
    const double d1 = e.at("difference_half_tick").get<double>(), ratio = e.at("observed_ratio").get<double>();
    QVERIFY(d1 > 0.0 && ratio > 1.5);
    QCOMPARE(e.at("estimate").get<double>(), d1 * ratio / (ratio - 1.0));
    QVERIFY(e.at("events_compared").get<int>() >= 1);
    QCOMPARE(e.at("finest_tick_ns").get<std::int64_t>(), std::int64_t(12500)); // regular: the run at h/4
    // irregular (car-hill-start's brake instant, (2) above): refined to h/64, its two terms reported
    const QString hill = QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/car-hill-start.lab.json"), hillReport = dir.filePath("hill.json");
    const CliResult h = runCli(cli, {"run", hill, "--estimate-error", "--output", hillReport}, 300000);
    QCOMPARE(h.exit, 0);
    QVERIFY2(h.out.contains("irregular convergence; against the run at h/64 (15625 ns): difference "), qPrintable(h.out));
    QFile hf(hillReport);
    QVERIFY(hf.open(QIODevice::ReadOnly));
    const Json hillEstimate = Json::parse(hf.readAll().toStdString()).at("error_estimate");
    QCOMPARE(hillEstimate.at("convergence").get<std::string>(), std::string("irregular"));
    QCOMPARE(hillEstimate.at("finest_tick_ns").get<std::int64_t>(), std::int64_t(15625));
    QCOMPARE(hillEstimate.at("estimate").get<double>(),
             hillEstimate.at("difference_finest_tick").get<double>() + hillEstimate.at("difference_finest_pair").get<double>());
    QVERIFY2(hillEstimate.at("note").get<std::string>().find("not settled at h/64") == 0, hillEstimate.at("note").get<std::string>().c_str());
    // the run is the plain run: the same summary line (fingerprint and final state hash)
    const CliResult plain = runCli(cli, {"run", labFile}, 120000);
    QCOMPARE(plain.exit, 0);
    QCOMPARE(r.out.section('\n', 0, 0), plain.out.section('\n', 0, 0));
    // an odd tick cannot be halved: refused, naming the field
    const QString odd = writeTestFile(dir, "odd.lab.json",
                                      lab(R"({"tick_ns": 33333, "duration_ns": 33333000, "report_every_ticks": 10})",
                                          R"([{"id": "shaft", "domain": "rotational", "inertia": 0.5, "initial_speed": 0}])", "[]"));
    const CliResult bad = runCli(cli, {"run", odd, "--estimate-error"}, 60000);
    QCOMPARE(bad.exit, 2);
    QVERIFY2(bad.err.contains("run.tick: --estimate-error: run.tick is 33333 ns, not a multiple of 4 ns"), qPrintable(bad.err));
}

// (4) `run --accuracy TOL`: clutch-engagement at 1e-9. The midpoint (second order) cannot reach it
//     at the ticks the lab's 50 us halves to in whole nanoseconds (12.5 us is the last with runs at
//     1/2 and 1/4); gauss2 and radau3 reach it at the lab's own tick, with the same Newton work;
//     gauss2, first in the list, is chosen. Its true error (against h/16) is within the tolerance.
void TestErrorEstimate::accuracyPicksTheMethodWithTheLeastWork()
{
    const std::string path = DRIVELAB_SOURCE_DIR "/labs/clutch-engagement.lab.json";
    const LoadedLab loaded = loadLab(path);
    QVERIFY(loaded.model);
    const study::AccuracyChoice c = study::chooseMethodAndTick(*loaded.spec, 1e-9, 6);
    QCOMPARE(c.methods.size(), std::size_t(3));
    QVERIFY(!c.methods[0].found);
    QCOMPARE(c.methods[0].tickNs, std::int64_t(12500));
    QVERIFY(c.methods[0].estimate.estimate() > 1e-9);
    QCOMPARE(c.chosen, 1);
    const study::MethodTicks& m = c.methods[1];
    QCOMPARE(m.method, RunMethod::Gauss2);
    QCOMPARE(m.tickNs, std::int64_t(50000));
    QVERIFY(m.estimate.estimate() <= 1e-9);
    QVERIFY(m.work <= c.methods[2].work);
    LabSpec g = *loaded.spec;
    g.run.method = RunMethod::Gauss2;
    const double truth = study::compareEnds(endAt(g, 50000), endAt(g, 50000 / 16)).largest;
    qInfo("gauss2 at 50 us: estimate %.3g, true %.3g", m.estimate.estimate(), truth);
    QVERIFY(truth <= 1e-9);
    // the command line: the table, the choice, the run at the choice and its estimate in the report
    QTemporaryDir dir;
    const QString cli = QStringLiteral(DRIVELAB_CLI), report = dir.filePath("r.json");
    const CliResult r = runCli(cli, {"run", QString::fromStdString(path), "--accuracy", "1e-9", "--output", report}, 300000);
    QCOMPARE(r.exit, 0);
    QVERIFY2(r.out.contains("  chosen: gauss2 at tick 50000 ns (the least work)"), qPrintable(r.out));
    QFile f(report);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const Json doc = Json::parse(f.readAll().toStdString());
    QCOMPARE(doc.at("error_estimate").at("method").get<std::string>(), std::string("gauss2"));
    QCOMPARE(doc.at("error_estimate").at("estimate").get<double>(), m.estimate.estimate());
    QCOMPARE(doc.at("tick_ns").get<std::int64_t>(), std::int64_t(50000));
    // beyond reach: exit 2 with the table on stderr; a tolerance out of range is a usage error
    const CliResult none = runCli(cli, {"run", QString::fromStdString(path), "--accuracy", "1e-12"}, 300000);
    QCOMPARE(none.exit, 2);
    QVERIFY2(none.err.contains("--accuracy: no method meets 1e-12 within 6 halvings of run.tick"), qPrintable(none.err));
    const CliResult bad = runCli(cli, {"run", QString::fromStdString(path), "--accuracy", "0"}, 60000);
    QCOMPARE(bad.exit, 2);
    QVERIFY2(bad.err.contains("--accuracy needs a relative tolerance from 1e-12 to 0.5, got '0'"), qPrintable(bad.err));
}

// (5) `run --method NAME` runs the lab with that method: the same as the lab with run.method set
void TestErrorEstimate::methodOverridesTheLabs()
{
    QTemporaryDir dir;
    const QString cli = QStringLiteral(DRIVELAB_CLI), path = QStringLiteral(DRIVELAB_SOURCE_DIR "/labs/clutch-engagement.lab.json");
    const CliResult r = runCli(cli, {"run", path, "--method", "radau3", "--output", dir.filePath("a.json")}, 120000);
    QCOMPARE(r.exit, 0);
    const LoadedLab loaded = loadLab(path.toStdString());
    QVERIFY(loaded.model);
    LabSpec s = *loaded.spec;
    s.run.method = RunMethod::Radau3;
    const CompileResult c = compile(s);
    QVERIFY(c.model);
    Session session(c.model);
    while (!session.finished()) QCOMPARE(session.run(1000).status, BatchStatus::Completed);
    QVERIFY2(r.out.contains(QString::fromStdString("final state " + toHex16(session.stateHash()))), qPrintable(r.out));
    const CliResult bad = runCli(cli, {"run", path, "--method", "rk4"}, 60000);
    QCOMPARE(bad.exit, 2);
    QVERIFY2(bad.err.contains("--method needs one of midpoint, gauss2, radau3, got 'rk4'"), qPrintable(bad.err));
    const CliResult both = runCli(cli, {"run", path, "--method", "gauss2", "--accuracy", "1e-6"}, 60000);
    QCOMPARE(both.exit, 2);
    QVERIFY2(both.err.contains("--method and --accuracy both choose the method; give one"), qPrintable(both.err));
    // a method the lab refuses (an FMU: the one type the two-stage methods refuse): its diagnostics
    const QString fmu = test::torqueSourceFmu();
    QVERIFY2(QFileInfo::exists(fmu), qPrintable(fmu));
    QTemporaryDir fmuDir;
    const QString fmuLab = fmuDir.filePath("fmu.lab.json");
    {
        QFile f(fmuLab);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(test::fmuTorqueLab(fmu));
    }
    QCOMPARE(runCli(cli, {"run", fmuLab}, 60000).exit, 0);
    const CliResult refused = runCli(cli, {"run", fmuLab, "--method", "gauss2"}, 60000);
    QCOMPARE(refused.exit, 2);
    QVERIFY2(refused.err.contains("src: run.method: gauss2 does not support fmu"), qPrintable(refused.err));
}

QTEST_GUILESS_MAIN(TestErrorEstimate)
#include "tst_errorestimate.moc"
