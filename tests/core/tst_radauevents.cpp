// radau3's clutch events (issue 37 targets 1 and 3; docs/PHYSICS.md "Radau IIA", "Breakaway timing
// with gauss2"), each fixed in the solver and reproduced here on a lab of the project's own:
//  a. car-hill-start's service brake broke away at tick boundaries under radau3 (and gauss2): the
//     margin at an instant compared the torque there with the capacity input's mean over the
//     interval (solver/clutchevents.cpp, capacityAt);
//  b. a breakaway 12 us after a drain with tau = 20 us was 3.1e-8 s off at every tick from 10 ms to
//     100 us: it lay in the graded start's first piece, L/8 of the tick (solver/stepper.cpp, the
//     graded start's depth: radau3 halves down to L/4096);
//  c. the slip after that breakaway (the brake's kinetic torque falling with the pressure until the
//     return-spring threshold) was integrated over geometric pieces whatever the tick: the disc's
//     speed stalled 1.4e-7 relative off at every tick from 10 ms to 50 us (solver/gradederror.h:
//     the graded pieces now follow radau3's embedded error estimate).
#include "methodlabs.h"

using namespace drivelab;
using namespace drivelab::test;

class TestRadauEvents : public QObject {
    Q_OBJECT
private slots:
    void hillStartBrakeBreaksAwayInsideTheTick();
    void drainBreakawayResolvedAtCoarseTicks();
    void manyCutsKeepTheIntervalLimit();
    void drainSlipResolvedAtCoarseTicks();
};

namespace {

double firstBreakaway(const std::vector<ClutchEvent>& ev, int k)
{
    for (const ClutchEvent& e : ev)
        if (e.clutch == k && e.kind == ClutchEvent::Breakaway) return e.timeNs * 1e-9;
    return std::nan("");
}

} // namespace

// a. car-hill-start (labs/car-hill-start.lab.json) with run.method radau3 and gauss2, to 1.4 s at 1 ms
// and its halvings to 62.5 us, against the same method at 8 us. The service brake's capacity
// 3000 N m falls on a ramp (a table signal) from 1.0 to 1.3 s while the throttle rises: it breaks
// away where the capacity falls through the torque it carries, 1.2704584 s. The breakaway is
// root-found on the margin capacity - |torque| at the end state of [0, t]; the capacity is the
// signal's value at that instant. Before the fix it was the input's mean over the interval, higher
// than its end value by half the interval's fall: the margin at the end stayed positive, the next
// interval found the brake over its capacity at its start, and it broke away on a tick boundary at
// every tick (1.2700 s at 1 ms, 1.2705 s at 500 to 125 us, 4.4e-5 s late; the 8 us reference too).
// Asked: never on a boundary; radau3's error falls more than 4x per halving from 1 ms to 125 us and
// more than 2^(3 x 2.5) over the three (measured 5.5e-8, 4.8e-9, 8.4e-10, 1.4e-10, 2.5e-11 s: ratios
// 11.5, 5.7, 6.1, 5.5 — the throttle's ramp, held at its interval mean, bounds the order between 2
// and 3: docs/PHYSICS.md "Gauss-Legendre", inputs); gauss2's within 1e-7 s at 1 ms, 64x less at 250 us.
void TestRadauEvents::hillStartBrakeBreaksAwayInsideTheTick()
{
    const auto instant = [](long long h, const char* method) {
        Json j = readLab(DRIVELAB_SOURCE_DIR "/labs/car-hill-start.lab.json");
        j["run"]["tick_ns"] = h;
        j["run"]["method"] = method;
        j["run"]["duration_ns"] = 1400000000;
        j["run"]["report_every_ticks"] = 1400000000 / h;
        bool ok = false;
        const auto ev = allEvents(build(j), ok);
        return ok ? firstBreakaway(ev, 6) : std::nan(""); // service_brake: the lab's seventh clutch
    };
    const long long ticks[5] = {1000000, 500000, 250000, 125000, 62500};
    QString msg;
    bool good = true;
    for (const char* method : {"radau3", "gauss2"}) {
        const double ref = instant(8000, method);
        msg += QString("%1: reference (8 us) %2 s;").arg(method).arg(ref, 0, 'f', 12);
        double err[5];
        for (int k = 0; k < 5; ++k) {
            const double t = instant(ticks[k], method);
            const double frac = std::fmod(t * 1e9, static_cast<double>(ticks[k])) / static_cast<double>(ticks[k]);
            err[k] = std::fabs(t - ref);
            msg += QString(" %1 us: %2 s (off %3, at %4 of its tick);").arg(ticks[k] / 1000.0).arg(t, 0, 'f', 12).arg(t - ref).arg(frac, 0, 'f', 3);
            good = good && std::isfinite(t) && frac > 1e-6 && frac < 1.0 - 1e-6;
        }
        msg += QString(" ratios %1 %2 %3 %4\n").arg(err[0] / err[1]).arg(err[1] / err[2]).arg(err[2] / err[3]).arg(err[3] / err[4]);
        if (std::string(method) == "radau3") {
            for (int k = 0; k < 3; ++k) good = good && err[k] / err[k + 1] > 4.0;
            good = good && err[0] / err[3] > std::pow(2.0, 3 * 2.5) && err[0] <= 1e-7;
        } else {
            good = good && err[0] <= 1e-7 && err[0] / err[2] > 64.0;
        }
    }
    qInfo("%s", qPrintable(msg));
    QVERIFY2(good, qPrintable(msg));
}

// b. A brake released by a fast drain (methodlabs.h drainBrakeBreakaway), at ticks a user picks for
// a stiff lab:
//
//   T = 40 N m --> [disc 0.5 kg m^2, at rest] ==brake (pressure-applied)== ground
//   supply 0.701325 MPa --G = 6.5e-10--> [piston C = 1.33e-14, tau = C/G = 20.5 us]; at 10 ms the supply drops to ambient
//
//   The brake holds while k ((p - p_env) A - F) > T: p - p_atm = 6e5 exp(-(t - 10 ms)/tau) reaches
//   (T/k + F)/A = 331481 Pa at t* = 10 ms + tau ln(6e5/331481) = 10 ms + 12.17 us.
//
// The tick after the drain event starts graded. With the pieces L/8, L/8, L/4, L/2 the instant lay in
// the first piece at every tick from 10 ms to 100 us and was root-found by one interval of 12.17 us
// (0.6 tau) from the event: 3.07e-8 s off at 10 ms, 1 ms and 100 us alike. radau3's graded start now
// halves down to L/4096 (2.4 us at 10 ms): measured 1.0e-9, 9.3e-10, 2.0e-9, 2.0e-9 s at 10 ms, 1 ms,
// 100 and 50 us; with the pieces from the error estimate (c below) 1.8e-9, 3.4e-10, 4.6e-11, 2.5e-11 s.
// Asked: within 3e-9 s at each. Not asked: that it falls with the tick — a geometric
// grading's piece at a distance t from the event is ~t/2 whatever the tick, so above ~t* the error
// is the grading's, not the tick's; below it the intervals resolve the drain at third order
// (tst_stiffclutchfill drainBreakawayAtTheMethodsOrder).
void TestRadauEvents::drainBreakawayResolvedAtCoarseTicks()
{
    const double tau = (2e-5 / 1.5e9) / 6.5e-10;
    const double tb = 10e-3 + tau * std::log(6e5 / ((40.0 / 0.0432 + 400.0) / 0.004));
    const long long ticks[4] = {10000000, 1000000, 100000, 50000};
    QString msg = QString("t* = %1 s;").arg(tb, 0, 'g', 12);
    double worst = 0.0;
    for (long long h : ticks) {
        const double e = drainBrakeBreakaway(h, 10000000, 20000000, "radau3") - tb;
        msg += QString(" %1 us: off %2 s;").arg(h / 1000.0).arg(e);
        worst = std::isfinite(e) ? std::fmax(worst, std::fabs(e)) : HUGE_VAL;
    }
    qInfo("%s", qPrintable(msg));
    QVERIFY2(worst <= 3e-9, qPrintable(msg));
}

// The deep grading (13 intervals per graded segment) never brings a tick to the 64-interval limit:
// six torque_steps inside one 10 ms tick (at 1, 2, ..., 6 ms on an inertia with a damper) cut it into
// seven segments, each graded (7 x 13 = 91 intervals); a segment that starts after more than 36
// intervals keeps gauss2's L/8 grading (4 pieces). Asked: the run completes under radau3 (before the
// guard: "more than 64 internal intervals in one tick", exit 3) and its speed at 10 ms is the sum of
// the steps' 1 - exp responses (tau = J/c = 2 ms) within 1e-3 relative — a sanity check only: the
// last segments' L/2 pieces (up to 2 ms = tau) leave 7.2e-4 (measured).
void TestRadauEvents::manyCutsKeepTheIntervalLimit()
{
    std::string comps = R"([{"id": "d", "type": "damper", "node_a": "m", "parameters": {"damping": 0.5}})";
    for (int k = 1; k <= 6; ++k)
        comps += R"(, {"id": "s)" + std::to_string(k) + R"(", "type": "torque_step", "node_a": "m", "parameters": {"step_torque": 5, "offset_torque": 0, "start_time": )" +
                 std::to_string(0.001 * k) + "}}";
    comps += "]";
    const LoadedLab l = load(lab(runWith(10000000, 10000000, "radau3"), "[" + rot("m", 1e-3, 0.0) + "]", comps));
    QVERIFY2(l.model, qPrintable(describe(l.diagnostics)));
    const double w = finalValue(l.model, "m", "speed");
    double exact = 0.0; // each step of 5 N m adds 10 (1 - exp(-(t - t_k)/tau)) rad/s
    for (int k = 1; k <= 6; ++k) exact += 10.0 * (1.0 - std::exp(-(0.01 - 0.001 * k) / 0.002));
    const QString msg = QString("speed at 10 ms %1 rad/s, exact %2 (off %3)").arg(w, 0, 'g', 15).arg(exact, 0, 'g', 15).arg(w - exact);
    qInfo("%s", qPrintable(msg));
    QVERIFY2(std::isfinite(w) && std::fabs(w - exact) <= 1e-3 * exact, qPrintable(msg));
}

// c. drainBrakeModel to 20 ms, the drain at 10 ms (t_e). After the breakaway at t* the disc slips
// against the kinetic torque kr k (A dp(t) - F), dp = 6e5 exp(-(t - t_e)/tau), until the spring
// threshold dp = F/A = 1e5 Pa at t_k = t_e + tau ln 6; then T alone. Closed form at t_end:
//
//   J w(t_end) = T (t_end - t*) - kr k [A tau (dp* - F/A) - F tau ln(dp* A / F)],   dp* = (T/k + F)/A
//
// (w = 0.798 rad/s; radau3 at 1 and 0.5 us ticks converges to it: 2.9e-10, 4.4e-11 relative). With
// the fixed grading the slip (12 to 37 us after the drain) lay in pieces about half as long as their
// distance from the drain whatever the tick: the speed was 4.6e-6, 3.2e-6, 2.2e-6, 2.2e-6 relative off at 10 ms, 1 ms, 100 and
// 50 us. With the pieces from the error estimate (scale L peak for the disc starting from rest, so
// the tolerance falls with the tick L): measured 3.2e-8, 9.3e-9, 1.8e-9 at 10 ms, 1 ms, 100 us, and
// 2.3e-8 at 50 us (there the drain's tick runs short of intervals in hand and the last pieces double).
// Asked: within 4e-8, 1.2e-8, 2.5e-9 at 10 ms, 1 ms, 100 us (falling more than 3x per decade of the
// tick) and 4e-8 at 50 us.
void TestRadauEvents::drainSlipResolvedAtCoarseTicks()
{
    const double J = 0.5, T = 40.0, k = 0.0432, kr = 0.9, A = 0.004, F = 400.0;
    const double tau = (2e-5 / 1.5e9) / 6.5e-10, te = 10e-3, tEnd = 20e-3;
    const double dps = (T / k + F) / A;
    const double ts = te + tau * std::log(6e5 / dps);
    const double exact = (T * (tEnd - ts) - kr * k * (A * tau * (dps - F / A) - F * tau * std::log(dps * A / F))) / J;
    const long long ticks[4] = {10000000, 1000000, 100000, 50000};
    const double bound[4] = {4e-8, 1.2e-8, 2.5e-9, 4e-8};
    QString msg = QString("w(20 ms) = %1 rad/s;").arg(exact, 0, 'g', 15);
    bool ok = true;
    for (int i = 0; i < 4; ++i) {
        const double w = finalValue(drainBrakeModel(ticks[i], 10000000, 20000000, "radau3"), "disc", "speed");
        const double e = (w - exact) / exact;
        msg += QString(" %1 us: %2;").arg(ticks[i] / 1000.0).arg(e);
        ok = ok && std::fabs(e) <= bound[i];
    }
    qInfo("%s", qPrintable(msg));
    QVERIFY2(ok, qPrintable(msg));
}

QTEST_GUILESS_MAIN(TestRadauEvents)
#include "tst_radauevents.moc"
