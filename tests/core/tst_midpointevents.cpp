// The midpoint's clutch events (issue 37 target 3; docs/PHYSICS.md "Breakaway timing"): three faults
// `run --estimate-error` found on the project's labs, each reproduced here on a lab of the project's
// own and fixed in solver/clutchevents.cpp —
//  a. a breakaway in the last part of an interval landed on the next boundary (car-hill-start at
//     h/2, h/4, h/8): the end trigger compared the torque at the interval's end with the capacity
//     input's mean over the interval;
//  b. shift-schedule's direct clutch broke away and relocked at the same instant on every tick while
//     it released against the parked car (a clutch whose slip the other rows hold at zero);
//  c. the stiff clutch-fill's clutch broke away at the drain event's boundary itself (11 us early
//     at every tick): the capacity collapses inside the first interval, faster than the line sees;
// and the midpoint's part of causes 4 and 5 (a draining clutch held one tick too long, Newton
// failing at 50/25 ms) checked on the stiff clutch-fill variants, where neither occurs.
#include "methodlabs.h"

using namespace drivelab;
using namespace drivelab::test;

class TestMidpointEvents : public QObject {
    Q_OBJECT
private slots:
    void breakawayInTheLastTenthOfAnInterval();
    void hillStartBrakeBreaksAwayInsideTheTick();
    void noZeroSlipChatterAgainstTheParkedCar();
    void drainBreakawayInsideTheFirstInterval();
};

namespace {

// the events as text: clutch, L lock / B breakaway / R release, instant [s]
QString eventText(const std::vector<ClutchEvent>& ev, std::size_t maxN = 24)
{
    QString t;
    for (std::size_t k = 0; k < ev.size() && k < maxN; ++k)
        t += QString(" %1%2@%3").arg(ev[k].clutch).arg("LBR"[ev[k].kind]).arg(ev[k].timeNs * 1e-9, 0, 'f', 10);
    if (ev.size() > maxN) t += QString(" ... (%1 in all)").arg(ev.size());
    return t;
}

// breakaways of a clutch relocked at the same instant (zero-slip chatter)
int sameInstantPairs(const std::vector<ClutchEvent>& ev)
{
    int n = 0;
    for (std::size_t k = 1; k < ev.size(); ++k)
        if (ev[k].kind == ClutchEvent::Lock && ev[k - 1].kind == ClutchEvent::Breakaway && ev[k].clutch == ev[k - 1].clutch &&
            ev[k].timeNs == ev[k - 1].timeNs)
            ++n;
    return n;
}

// the first breakaway of clutch k, NaN when none
double firstBreakaway(const std::vector<ClutchEvent>& ev, int k)
{
    for (const ClutchEvent& e : ev)
        if (e.clutch == k && e.kind == ClutchEvent::Breakaway) return e.timeNs * 1e-9;
    return std::nan("");
}

// the clutch-fill benchmark with its orifice 100x faster (tst_stiffclutchfill: tau = 20.5 us), midpoint
std::shared_ptr<const Model> stiffFill(long long tickNs, const char* method, double conductance = 6.5e-10)
{
    Json j = readLab(DRIVELAB_SOURCE_DIR "/tests/bench/labs/clutch-fill.lab.json");
    if (method) j["run"]["method"] = method;
    j["run"]["tick_ns"] = tickNs;
    j["run"]["report_every_ticks"] = std::max(1ll, 10000000 / tickNs);
    for (auto& c : j["components"])
        if (c["id"] == "feed") c["parameters"]["conductance"] = conductance;
    return build(j);
}

} // namespace

// a. A capacity on a ramp, the breakaway in the last tenth of an interval
//
//   T = 199.05 N m --> [disc 0.5 kg m^2, at rest] ==brake== ground,  capacity 300 N m, ramped to 0
//   from 0.1 s to 0.4 s (a table signal): c(t) = 300 (1 - (t - 0.1)/0.3)
//
//   The brake holds the disc while c(t) > T: it breaks away at t* = 0.1 + 0.3 (1 - T/300) = 0.20095 s,
//   95 % into the 1 ms tick [0.200, 0.201] and 90 % into the 500 us tick [0.2005, 0.201]. Torque and
//   capacity are linear in time, so the midpoint's line rule places t* exactly (to 1e-12 s) once the
//   interval holding it is flagged. Before the fix the flag compared the torque at the interval's
//   end with the capacity's mean over it (half the interval's fall higher): the instant fell on the
//   boundary 0.201 s (5e-5 s late). At 2 ms (t* 47.5 % in) the mean flagged it already.
void TestMidpointEvents::breakawayInTheLastTenthOfAnInterval()
{
    const double tStar = 0.1 + 0.3 * (1.0 - 199.05 / 300.0);
    QString msg = QString("t* = %1 s:").arg(tStar, 0, 'f', 12);
    bool good = true;
    for (long long h : {2000000ll, 1000000ll, 500000ll}) {
        const std::string comps = R"([{"id": "push", "type": "torque_source", "node_a": "disc", "inputs": {"torque": 199.05}},
            {"id": "brake", "type": "clutch", "node_a": "disc", "node_b": "ground", "parameters": {"kinetic_ratio": 0.9},
             "inputs": {"capacity": {"signal": "ramp", "scale": 300.0}}}])";
        const std::string sigs = R"([{"id": "ramp", "kind": "table", "points": [[0, 1], [0.1, 1], [0.4, 0], [1, 0]]}])";
        const LoadedLab l = load(lab(runSettings(h, 300000000, 300000000 / h), "[" + rot("disc", 0.5, 0.0) + "]", comps, "[]", sigs));
        QVERIFY2(l.model, qPrintable(describe(l.diagnostics)));
        bool ok = false;
        const auto ev = allEvents(l.model, ok);
        QVERIFY(ok);
        const double t = firstBreakaway(ev, 0);
        msg += QString(" at %1 us %2 s (off %3 s);").arg(h / 1000).arg(t, 0, 'f', 12).arg(t - tStar);
        good = good && ev.size() == 1 && std::fabs(t - tStar) <= 1e-12;
    }
    qInfo("%s", qPrintable(msg));
    QVERIFY2(good, qPrintable(msg));
}

// a, on the project's lab: car-hill-start's service brake (capacity 3000 N m ramped to 0 from 1.0 to
// 1.3 s) breaks away at 1.27046 s while the throttle rises. Run to 1.4 s at 1 ms and its halvings to
// 15.625 us (the reference). Before the fix it broke away at the boundary 1.2705 s at 500, 250 and
// 125 us (t* in the last tenth of those ticks; 4.2e-5 s late). The converter and the transmission's
// controller act once per tick and the engine map has kinks, so the torque the brake carries is not
// smooth across the ticks and the instant converges irregularly (first order at best): measured
// off the reference by 6.7e-6, 4.2e-6, 1.6e-6, 7.7e-7, 6.2e-7 s from 500 to 31.25 us (1 ms: 5.6e-7).
// Asked: never on a boundary, and within 1e-5 s (1 % of the lab's tick) of the reference.
void TestMidpointEvents::hillStartBrakeBreaksAwayInsideTheTick()
{
    const auto instant = [](long long h) {
        Json j = readLab(DRIVELAB_SOURCE_DIR "/labs/car-hill-start.lab.json");
        j["run"]["tick_ns"] = h;
        j["run"]["duration_ns"] = 1400000000;
        j["run"]["report_every_ticks"] = 1400000000 / h;
        bool ok = false;
        const auto ev = allEvents(build(j), ok);
        return ok ? firstBreakaway(ev, 6) : std::nan(""); // service_brake: the lab's seventh clutch
    };
    const double ref = instant(15625);
    QString msg = QString("reference (15.625 us) %1 s;").arg(ref, 0, 'f', 10);
    bool good = std::isfinite(ref);
    for (long long h : {1000000ll, 500000ll, 250000ll, 125000ll, 62500ll}) {
        const double t = instant(h);
        const double frac = std::fmod(t * 1e9, static_cast<double>(h)) / static_cast<double>(h);
        msg += QString(" %1 us: %2 s (off %3, at %4 of its tick);").arg(h / 1000.0).arg(t, 0, 'f', 10).arg(t - ref).arg(frac, 0, 'f', 3);
        good = good && std::fabs(t - ref) <= 1e-5 && frac > 1e-6 && frac < 1.0 - 1e-6;
    }
    qInfo("%s", qPrintable(msg));
    QVERIFY2(good, qPrintable(msg));
}

// b. shift-schedule: the car brakes to a stop at 33.47 s in first gear (the ring brake and the service
// brake lock; the schedule releases the direct clutch from 33.40 s). Both sides of the direct clutch
// are then held still by the other rows (ring brake, gear set, parked car): its slip is zero whatever
// it does, and the share of the holding torque the constraint solve gives it is one of many. Before
// the fix it relocked at the car's stop, broke away when that share exceeded its falling capacity and
// relocked at the same instant on every tick until its capacity reached zero (12 pairs at 500 us,
// 24 at 250 us). Now a slipping clutch whose slip the other rows hold at zero is no crossing: it
// breaks away once and slips at zero slip (no heat). Asked at 500 and 250 us (to 34 s): no breakaway
// relocked at the same instant, the direct clutch's last event its breakaway at the shift, and
// the same event kinds at both ticks.
void TestMidpointEvents::noZeroSlipChatterAgainstTheParkedCar()
{
    std::vector<ClutchEvent> ev[2];
    QString msg;
    int k = 0;
    for (long long h : {500000ll, 250000ll}) {
        Json j = readLab(DRIVELAB_SOURCE_DIR "/labs/shift-schedule.lab.json");
        j["run"]["tick_ns"] = h;
        j["run"]["duration_ns"] = 34000000000ll;
        j["run"]["report_every_ticks"] = 34000000000ll / h;
        bool ok = false;
        ev[k] = allEvents(build(j), ok);
        QVERIFY(ok);
        msg += QString(" at %1 us:%2;").arg(h / 1000).arg(eventText(ev[k]));
        ++k;
    }
    qInfo("%s", qPrintable(msg));
    for (const auto& e : ev) {
        QVERIFY2(sameInstantPairs(e) == 0, qPrintable(msg));
        const ClutchEvent* last = nullptr;
        for (const ClutchEvent& x : e)
            if (x.clutch == 2) last = &x; // direct_clutch: the lab's third clutch
        QVERIFY2(last && last->kind == ClutchEvent::Breakaway && last->timeNs > 33.3e9 && last->timeNs < 33.45e9, qPrintable(msg));
    }
    QCOMPARE(ev[0].size(), ev[1].size());
    for (std::size_t i = 0; i < ev[0].size(); ++i) {
        QCOMPARE(ev[0][i].clutch, ev[1][i].clutch);
        QCOMPARE(ev[0][i].kind, ev[1][i].kind);
    }
}

// c. The stiff clutch-fill (tst_stiffclutchfill: the orifice 100x faster, tau = 20.5 us) under the
// midpoint: at 450 ms the supply drops to ambient, the piston drains within ~0.1 ms and the clutch
// breaks away where its capacity falls below the torque it carries: 0.450011011 s (gauss2 at 5 us,
// converged to ~1e-10 s). Before the fix the midpoint took 0.450000000 s, the event's boundary, at
// every tick from 50 ms to 100 us (the capacity collapses within the first interval; the line
// through its two mean overloads puts the zero before the start). Now the interval length at which
// the capacity at the end state equals the mean torque is root-found: from 50 ms to 1 ms the
// instant is the midpoint's one-step solve of [0, t*] (3.6e-6 s late, measured: its stiffness-
// adaptive weights drain a step of 0.55 tau slower than the exponential), at 100 us 1.7e-6 s;
// below t* the intervals resolve the drain: 20, 10, 5, 2.5 us off by 2.3e-6, -5.1e-7, -4.5e-8,
// 1.7e-8 s (logged; asked: 2.5 us within 1e-7 s, every tick within 5e-6 s and after the event).
// Causes 4 and 5 of issue 37 (the midpoint; measured on an independent model): on this lab and on
// it with the orifice 1000x faster (the drain's tau 2 us) the midpoint completes at 50, 25 and
// 10 ms and logs the four events once each (lock, breakaway at the load step, relock, the drain's
// breakaway): asked here, so they stay absent.
void TestMidpointEvents::drainBreakawayInsideTheFirstInterval()
{
    bool ok = false;
    const std::vector<ClutchEvent> refEv = allEvents(stiffFill(5000, "gauss2"), ok);
    QVERIFY(ok && refEv.size() == 4);
    const double tRef = refEv[3].timeNs * 1e-9;
    QString msg = QString("reference %1 s;").arg(tRef, 0, 'f', 10);
    bool good = tRef > 0.45 && tRef < 0.4501;
    for (long long h : {50000000ll, 10000000ll, 1000000ll, 100000ll, 20000ll, 10000ll, 5000ll, 2500ll}) {
        const auto ev = allEvents(stiffFill(h, nullptr), ok);
        const double t = ev.size() == 4 ? ev[3].timeNs * 1e-9 : std::nan("");
        msg += QString(" %1 us: %2 s (off %3);").arg(h / 1000.0).arg(t, 0, 'f', 10).arg(t - tRef);
        good = good && ok && ev.size() == 4 && ev[3].kind == ClutchEvent::Breakaway && t > 0.45 && std::fabs(t - tRef) <= 5e-6;
        if (h == 2500) good = good && std::fabs(t - tRef) <= 1e-7;
    }
    qInfo("%s", qPrintable(msg));
    QVERIFY2(good, qPrintable(msg));
    // causes 4 and 5: complete at coarse ticks, the four events once each, none at one instant
    for (double g : {6.5e-10, 6.5e-9}) {
        for (long long h : {50000000ll, 25000000ll, 10000000ll}) {
            const auto ev = allEvents(stiffFill(h, nullptr, g), ok);
            const QString m = QString("G %1, %2 ms:%3").arg(g).arg(h / 1000000).arg(eventText(ev));
            QVERIFY2(ok && ev.size() == 4 && sameInstantPairs(ev) == 0, qPrintable(m));
            const ClutchEvent::Kind kinds[4] = {ClutchEvent::Lock, ClutchEvent::Breakaway, ClutchEvent::Lock, ClutchEvent::Breakaway};
            for (int k = 0; k < 4; ++k) QVERIFY2(ev[static_cast<std::size_t>(k)].kind == kinds[k], qPrintable(m));
        }
    }
}

QTEST_GUILESS_MAIN(TestMidpointEvents)
#include "tst_midpointevents.moc"
