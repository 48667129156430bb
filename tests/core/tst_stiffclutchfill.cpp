// The project's clutch-fill benchmark (tests/bench/labs/clutch-fill.lab.json) with its piston fed
// and drained 100x faster (the orifice's conductance 6.5e-10 m^3/(s Pa): tau = C/G = 20.5 us, far
// below every tick a user picks), and a brake released by the same drain: issue 37's causes 1 to 3
// on a lab of the project's own, under run.method radau3 (docs/PHYSICS.md, "Radau IIA"), gauss2
// beside it in the log.
#include <fstream>
#include <sstream>

#include "methodlabs.h"

using namespace drivelab;
using namespace drivelab::test;

class TestStiffClutchFill : public QObject {
    Q_OBJECT
private slots:
    void drainedPistonReachesAmbientAtACoarseTick();
    void noChatterAtA50msTick();
    void drainBreakawayAtTheMethodsOrder();
};

namespace {

constexpr double kPatm = 101325.0;
constexpr double kTau = (2e-5 / 1.5e9) / 6.5e-10; // C/G of the fast piston [s]

// the clutch-fill benchmark with the fast orifice, at tickNs with `method`, a boundary every 10 ms
// (or every tick when the tick is longer)
std::shared_ptr<const Model> fastFill(long long tickNs, const char* method)
{
    std::ifstream in(DRIVELAB_SOURCE_DIR "/tests/bench/labs/clutch-fill.lab.json");
    std::stringstream text;
    text << in.rdbuf();
    Json j = Json::parse(text.str());
    j["run"]["method"] = method;
    j["run"]["tick_ns"] = tickNs;
    j["run"]["report_every_ticks"] = std::max(1ll, 10000000 / tickNs);
    for (auto& c : j["components"])
        if (c["id"] == "feed") c["parameters"]["conductance"] = 6.5e-10;
    const LoadedLab l = load(j.dump());
    if (!l.model) qFatal("%s", qPrintable(describe(l.diagnostics)));
    return l.model;
}

double radauR(double z) { return (1.0 + z / 3.0) / (1.0 - 2.0 * z / 3.0 + z * z / 6.0); }

// the events of a finished session as text (L lock, B breakaway, R release, with their instants)
QString eventText(const Session& s)
{
    QString t;
    const ClutchEventLog& log = s.clutchEvents();
    for (std::int64_t k = std::max<std::int64_t>(0, log.count - ClutchEventLog::kSize); k < log.count; ++k)
        t += QString(" %1@%2").arg("LBR"[log.at(k).kind]).arg(log.at(k).timeNs * 1e-9, 0, 'f', 12);
    return t;
}

} // namespace

// Cause 1, a volume drained far faster than the tick does not decay under gauss2
//
//   supply (a pressure source: 0.701325 MPa, to ambient at 450 ms) --G = 6.5e-10--> [piston C = 1.33e-14]
//
//   The piston's pressure is linear in itself (the clutch only reads it): an interval of length l
//   multiplies p - p_atm by R(-l/tau). The tick after the drain event is graded and cut by the
//   clutch's breakaway and its capacity's kink; from 460 ms on each 10 ms tick is one interval,
//   so radau3's gauge pressure at 470 ms is R(-487) = -0.0041 times the one at 460 ms (checked to
//   1e-9 of it), at 460 ms it is below 0.1 Pa (measured 7.7e-7 Pa since radau3's graded start
//   halves down to L/4096; 0.011 Pa with gauss2's L/8), and from 480 ms below 1e-6 Pa.
//   gauss2's (2,2) Pade R(-487) = 0.992 leaves the piston at 0.43 MPa at 460 ms (asked more than
//   0.1 MPa gauge: the cause reproduced) and 0.34 MPa at 600 ms (issue 37 measured 1.79 MPa on its
//   own model at this tick). Before the drain both methods had 440 ms to fill it: radau3 is at the
//   supply's pressure to rounding at 450 ms.
void TestStiffClutchFill::drainedPistonReachesAmbientAtACoarseTick()
{
    DL_SIMULATE(trace, fastFill(10000000, "radau3"));
    DL_SIMULATE(gl, fastFill(10000000, "gauss2"));
    double worstLate = 0.0;
    std::size_t row460 = 0;
    for (std::size_t r = 0; r < trace.rows.size(); ++r) {
        if (std::fabs(trace.times[r] - 0.46) < 1e-9) row460 = r;
        if (trace.times[r] > 0.475) worstLate = std::fmax(worstLate, std::fabs(trace.at(r, "piston", "pressure") - kPatm));
    }
    QVERIFY(row460 > 0);
    const double p450 = trace.at(row460 - 1, "piston", "pressure"), g460 = trace.at(row460, "piston", "pressure") - kPatm;
    const double g470 = trace.at(row460 + 1, "piston", "pressure") - kPatm, r = radauR(-0.01 / kTau);
    const QString msg = QString("radau3: %1 Pa at 450 ms, %2 Pa gauge at 460 ms, %3 at 470 ms (R(-h/tau) times it: %4), at most %5 Pa "
                                "gauge from 480 ms; gauss2: %6 Pa at 460 ms, %7 Pa at 600 ms")
                            .arg(p450, 0, 'g', 12).arg(g460).arg(g470).arg(r * g460).arg(worstLate)
                            .arg(gl.at(row460, "piston", "pressure"), 0, 'g', 12).arg(gl.at(gl.rows.size() - 1, "piston", "pressure"), 0, 'g', 12);
    qInfo("%s", qPrintable(msg));
    QVERIFY2(std::fabs(p450 - 701325.0) <= 1e-9 * 701325.0, qPrintable(msg));
    QVERIFY2(std::fabs(g460) <= 0.1 && g460 != 0.0, qPrintable(msg));
    QVERIFY2(std::fabs(g470 - r * g460) <= 1e-9 * std::fabs(g460) + 64.0 * 2.2e-16 * kPatm, qPrintable(msg));
    QVERIFY2(worstLate <= 1e-6, qPrintable(msg));
    QVERIFY2(gl.at(row460, "piston", "pressure") - kPatm > 1e5, qPrintable(msg));
    DL_ENERGY_BALANCED(trace);
    DL_VOLUME_BALANCED(trace);
}

// Cause 3, chatter at a coarse tick: at 50 ms the fast piston reaches its supply's pressure within
// a tick, and the clutch's events are the lab's four — a lock during the fill, the breakaway at the
// 250 ms load step, the relock, the breakaway during the drain — each once, more than 1 ms apart,
// and the final speeds within 1e-6 relative of a fine reference (gauss2 at 5 us, where its
// instants and speeds have converged to ~1e-10; measured 2.4e-9; 2.2e-7 before radau3's graded start went down to L/4096). Events act at tick boundaries,
// so at 50 ms the fill starts at 50 ms, not 10 ms, and the lock comes at 0.234 s (the midpoint's
// too) instead of 0.1437 s. gauss2 at 50 ms logs a lock and a release at one instant, then a lock,
// breakaway and relock at one instant and breakaways at tick boundaries (the log: cause 3 as
// issue 37 saw it; not fixed here).
void TestStiffClutchFill::noChatterAtA50msTick()
{
    const auto finalSpeeds = [](Session& s, double& we, double& wl) {
        std::vector<double> v(s.observableCount());
        s.observe(v.data());
        const auto layout = observableLayout(s.model());
        for (std::size_t i = 0; i < layout.size(); ++i) {
            if (layout[i].name != "speed") continue;
            (layout[i].subject == "engine" ? we : wl) = v[i];
        }
    };
    const auto ref = fastFill(5000, "gauss2");
    Session r(ref);
    QCOMPARE(r.run(ref->ticks).status, BatchStatus::Completed);
    double weRef = 0.0, wlRef = 0.0;
    finalSpeeds(r, weRef, wlRef);
    const auto model = fastFill(50000000, "radau3");
    Session s(model);
    QCOMPARE(s.run(model->ticks).status, BatchStatus::Completed);
    double we = 0.0, wl = 0.0;
    finalSpeeds(s, we, wl);
    const auto glModel = fastFill(50000000, "gauss2");
    Session g(glModel);
    QCOMPARE(g.run(glModel->ticks).status, BatchStatus::Completed);
    const QString msg = QString("radau3 at 50 ms:%1, speeds %2 %3 rad/s (reference %4 %5); gauss2 at 50 ms:%6; reference:%7")
                            .arg(eventText(s)).arg(we, 0, 'g', 15).arg(wl, 0, 'g', 15).arg(weRef, 0, 'g', 15).arg(wlRef, 0, 'g', 15)
                            .arg(eventText(g)).arg(eventText(r));
    qInfo("%s", qPrintable(msg));
    const ClutchEventLog& log = s.clutchEvents();
    QCOMPARE(log.count, std::int64_t(4));
    const ClutchEvent::Kind kinds[4] = {ClutchEvent::Lock, ClutchEvent::Breakaway, ClutchEvent::Lock, ClutchEvent::Breakaway};
    for (int k = 0; k < 4; ++k) {
        QCOMPARE(log.at(k).kind, kinds[k]);
        if (k > 0) QVERIFY2(log.at(k).timeNs - log.at(k - 1).timeNs > 1e6, qPrintable(msg));
    }
    QVERIFY2(std::fabs(we - weRef) <= 1e-6 * weRef && std::fabs(wl - wlRef) <= 1e-6 * wlRef, qPrintable(msg));
}

// Cause 2, the order at a drain breakaway: a brake released by the same fast drain, with a
// closed-form instant
//
//   T = 40 N m --> [disc 0.5 kg m^2, at rest] ==brake (pressure-applied, as the benchmark's clutch)== ground
//   supply 0.701325 MPa --G = 6.5e-10--> [piston C = 1.33e-14, 0.701325 MPa]; at 1 ms the supply drops to ambient
//
//   The brake holds while its capacity k ((p - p_env) A - F) (k = mu n r = 0.0432 m, A = 0.004 m^2,
//   F = 400 N) exceeds T; p - p_atm = 6e5 exp(-(t - 1 ms)/tau) reaches dp* = (T/k + F)/A = 331481 Pa
//   at t* = 1 ms + tau ln(6e5/dp*) = 1 ms + 12.17 us. The instant is root-found on the torque at
//   the end state of the interval that holds it, so its error is the state's there: with ticks of
//   4, 2, 1 us (every step before t* at most h) it falls 8x per halving (third order; measured in
//   the log, asked more than 2^2.5). With ticks above ~t*/2 the steps before t* are the graded
//   start's pieces, whose lengths near t* are ~t*/2 whatever the tick: the error does not shrink
//   with the tick there (logged for 100, 50, 20 us: 2.0e-9, 2.0e-9, 1.0e-9 s for radau3 — 3.1e-8,
//   4.1e-9, 1.1e-9 s before its graded start went down to L/4096 —, 2.1e-9, 1.3e-10, 2.7e-11 s for
//   gauss2) — the plateau issue 37 saw for gauss2 between 1 ms and 100 us. That is the graded
//   start's resolution of a transient shorter than its first pieces, not an order lost at the event
//   (tst_radauevents drainBreakawayResolvedAtCoarseTicks).
void TestStiffClutchFill::drainBreakawayAtTheMethodsOrder()
{
    const double tb = 1e-3 + kTau * std::log(6e5 / ((40.0 / 0.0432 + 400.0) / 0.004));
    const auto instant = [](long long tickNs, const char* method) { return drainBrakeBreakaway(tickNs, 1000000, 1100000, method); };
    const long long fine[3] = {4000, 2000, 1000}, coarse[3] = {100000, 50000, 20000};
    double err[3], plateau[2][3];
    for (int k = 0; k < 3; ++k) {
        err[k] = std::fabs(instant(fine[k], "radau3") - tb);
        plateau[0][k] = std::fabs(instant(coarse[k], "radau3") - tb);
        plateau[1][k] = std::fabs(instant(coarse[k], "gauss2") - tb);
    }
    const QString msg = QString("t* = %1 s; radau3 at 4, 2, 1 us off by %2 %3 %4 s (ratios %5, %6); at 100, 50, 20 us radau3 %7 %8 %9 s, "
                                "gauss2 %10 %11 %12 s")
                            .arg(tb, 0, 'g', 12).arg(err[0]).arg(err[1]).arg(err[2]).arg(err[0] / err[1]).arg(err[1] / err[2])
                            .arg(plateau[0][0]).arg(plateau[0][1]).arg(plateau[0][2]).arg(plateau[1][0]).arg(plateau[1][1]).arg(plateau[1][2]);
    qInfo("%s", qPrintable(msg));
    const double order25 = std::pow(2.0, 2.5);
    QVERIFY2(err[0] / err[1] > order25 && err[1] / err[2] > order25, qPrintable(msg));
    QVERIFY2(err[0] < 1e-9, qPrintable(msg));
}

QTEST_GUILESS_MAIN(TestStiffClutchFill)
#include "tst_stiffclutchfill.moc"
