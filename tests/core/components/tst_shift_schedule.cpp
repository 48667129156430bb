// shift_schedule: a TCU sampled once per tick, driving brakes' capacity inputs.
//
//   [ road: speed_source, w(t) = a table signal ] --> [ wheels ] --reads w--> [ tcu ]
//                                                                   | capacity = {"controller": "tcu"}
//   [ xA ]--[ A: brake ]   [ xB ]--[ B: brake ]   [ xC ]--[ C ]   [ xL ]--[ L ]   (shafts at rest)
//
// The wheels follow w(t) exactly at every boundary (speed_source), so the vehicle speed the
// schedule samples at t_n = n h is v_n = r w(t_n), known in closed form. With the throttle th
// constant, each line is a constant U_g = U_g(th) (interpolated between the line's knots), and:
//   (1) hysteresis: the shift from g happens at the first sample n with v_n >= U_g (up) or
//       v_n <= D_g (down): n = the first n with v(n h) past the line (a crossing placed inside a
//       tick, so rounding cannot move it); speeds that wander between D_{g+1} and U_g never shift.
//   (2) dwell: a shift back is held until (n - n_s) h >= min_time_in_gear: n = n_s + T/h.
//   (3) ramps: with the shift at n_s, element capacities at sample n (held over tick n) are
//         on-coming:  C min(1, (n - n_s) h / T_fill)
//         off-going:  C (1 - clamp(((n - n_s) h - d) / T_release, 0, 1)),  d = max(0, T_f - overlap)
//       read from the brakes' capacity inputs tick by tick.
//   (4) the gear table: after each shift exactly the elements of the new gear are at C.
//   (5) lockup: L fills at the first sample with v >= on_speed in its gear, releases at v <= off_speed.
//   (6) shift_speed_offset d: every line moves by d, so the same ramp shifts where v = U + d and
//       v = D + d (t = (U + d)/2 up, 20 - (D + d)/2 down); an offset taking a line below 0 is refused.
//   (3b) sample_period T = 10 h: the schedule samples at n = 10 k only, so the shift falls on the
//       first such sample past the line and the ramps step once per period: tick n runs with the
//       capacity of sample 10 floor(n / 10), (3) evaluated there.
//   (7) bad input: crossing lines, a gear table naming a missing element, ... refused with
//       FILE: ID: FIELD: message.
#include "testutil.h"

#include <cmath>
#include <functional>

#include "components/registry.h"

using namespace drivelab;
using namespace drivelab::test;

class TestShiftSchedule : public QObject {
    Q_OBJECT
private slots:
    void hysteresis();
    void speedOffset();
    void noHunting();
    void dwell();
    void rampsAndOverlap();
    void sampledEveryPeriod();
    void gearTable();
    void lockup();
    void stateAndFork();
    void errors();
};

namespace {

constexpr double kR = 0.5;    // wheel radius [m]
constexpr double kH = 1e-3;   // tick [s]
constexpr double kTh = 0.5;   // throttle

// lines at throttle 0 and 1; at 0.5 they read 10.0011 (U1), 6.0007 (D2), 15.0013 (U2), 11.0009 (D3)
const std::string kUp3 = R"([{"from_gear": 1, "throttle": 0, "speed": 6.0011}, {"from_gear": 1, "throttle": 1, "speed": 14.0011},
                             {"from_gear": 2, "throttle": 0, "speed": 11.0013}, {"from_gear": 2, "throttle": 1, "speed": 19.0013}])";
const std::string kDown3 = R"([{"from_gear": 2, "throttle": 0, "speed": 3.0007}, {"from_gear": 2, "throttle": 1, "speed": 9.0007},
                               {"from_gear": 3, "throttle": 0, "speed": 8.0009}, {"from_gear": 3, "throttle": 1, "speed": 14.0009}])";
constexpr double kU1 = 10.0011, kD2 = 6.0007, kU2 = 15.0013, kD3 = 11.0009;

// a lab: the wheels follow the signal `points` ([[t, v]...] in m/s, turned into rad/s by the
// signal's scale), one braked shaft per element, the schedule's parameters as JSON text
std::string shiftLab(const std::string& vPoints, long long durationNs, const std::string& params, const std::vector<std::string>& elements,
                     const std::string& extraComponents = "")
{
    std::string nodes = "[" + rot("wheels", 1.0, 0.0);
    std::string comps = R"([{"id": "road", "type": "speed_source", "node_a": "wheels", "inputs": {"speed": {"signal": "v", "scale": 2}}},
        {"id": "tcu", "type": "shift_schedule", "node_a": "wheels", "parameters": )" +
                        params + R"(, "inputs": {"throttle": 0.5}})";
    for (const auto& e : elements) {
        nodes += ", " + rot("x" + e, 0.1, 0.0);
        comps += R"(, {"id": ")" + e + R"(", "type": "clutch", "node_a": "x)" + e +
                 R"(", "node_b": "ground", "inputs": {"capacity": {"controller": "tcu"}}})";
    }
    comps += extraComponents + "]";
    nodes += "]";
    return lab(runSettings(1000000, durationNs, 1), nodes, comps, "[]", R"([{"id": "v", "kind": "table", "points": )" + vPoints + "}]");
}

std::string params3(double dwell, const std::string& extra = "")
{
    return R"({"wheel_radius": 0.5, "min_time_in_gear": )" + formatDouble(dwell) +
           R"(, "elements": [{"element": "A", "capacity": 300, "fill_time": 0, "release_time": 0},
                          {"element": "B", "capacity": 400, "fill_time": 0, "release_time": 0},
                          {"element": "C", "capacity": 500, "fill_time": 0, "release_time": 0}],
          "gears": [{"gear": 1, "element": "A"}, {"gear": 1, "element": "C"}, {"gear": 2, "element": "B"},
                    {"gear": 2, "element": "C"}, {"gear": 3, "element": "A"}, {"gear": 3, "element": "B"}],
          "upshift": )" +
           kUp3 + R"(, "downshift": )" + kDown3 + extra + "}";
}

// the first sample n >= from at which pred(v(n h)) holds
int firstSample(const std::function<double(double)>& v, const std::function<bool(double)>& pred, int from, int to)
{
    for (int n = from; n <= to; ++n) {
        if (pred(v(n * kH))) return n;
    }
    return -1;
}

// the expected gear at each sample from a list of (sample, gear) changes
int gearAt(const std::vector<std::pair<int, int>>& changes, int n)
{
    int g = 1;
    for (const auto& [at, to] : changes) {
        if (n >= at) g = to;
    }
    return g;
}

// the capacity input of clutch `id`, tick by tick: cap[n] is what tick n ran with
std::vector<double> capacityTrace(const std::shared_ptr<const Model>& m, const std::string& id)
{
    const int ci = m->componentIndex(id);
    int slot = -1;
    for (const InputBinding& b : m->bindings) {
        if (b.component == ci) slot = b.slot;
    }
    std::vector<double> cap;
    Session s(m);
    while (!s.finished()) {
        if (s.run(1).status != BatchStatus::Completed) return {};
        cap.push_back(s.state().real[static_cast<std::size_t>(slot)]);
    }
    return cap;
}

} // namespace

void TestShiftSchedule::hysteresis()
{
    // v = 2t up to 20 m/s at 10 s, then back to 0 at 20 s
    DL_COMPILE(model, shiftLab("[[0, 0], [10, 20], [20, 0]]", 20000000000LL, params3(1.0), {"A", "B", "C"}));
    DL_SIMULATE(t, model);
    const auto v = [](double s) {
        return s <= 10.0 ? 2.0 * s : 2.0 * (20.0 - s);
    };
    const auto ge = [](double line) {
        return [line](double x) {
            return x >= line;
        };
    };
    const auto le = [](double line) {
        return [line](double x) {
            return x <= line;
        };
    };
    const int n12 = firstSample(v, ge(kU1), 0, 10000), n23 = firstSample(v, ge(kU2), n12, 10000);
    const int n32 = firstSample(v, le(kD3), 10000, 20000), n21 = firstSample(v, le(kD2), n32, 20000);
    // the crossings of the closed form: t = U/2 up, 20 - D/2 down, each rounded up to the tick
    QCOMPARE(n12, 5001);
    QCOMPARE(n23, 7501);
    QCOMPARE(n32, 14500);
    QCOMPARE(n21, 17000);
    const std::vector<std::pair<int, int>> changes{{n12, 2}, {n23, 3}, {n32, 2}, {n21, 1}};
    // boundary k shows the gear decided at sample k - 1 (held over the tick that ended at k)
    for (std::size_t k = 1; k < t.rows.size(); ++k) {
        const int n = static_cast<int>(k) - 1;
        if (t.at(k, "tcu", "gear") != gearAt(changes, n))
            QFAIL(qPrintable(QString("sample %1: gear %2, expected %3").arg(n).arg(t.at(k, "tcu", "gear")).arg(gearAt(changes, n))));
    }
    QCOMPARE(t.rows.back()[static_cast<std::size_t>(t.column("tcu", "shifts"))], 4.0);
    // the speed and throttle it read at sample n (the table's value at t_n, exactly or to rounding)
    DL_NEAR(t.at(n12 + 1, "tcu", "vehicle_speed"), v(n12 * kH), 1e-12);
    QCOMPARE(t.at(n12 + 1, "tcu", "throttle"), kTh);
    QCOMPARE(t.at(n12 + 1, "tcu", "time_in_gear"), 0.0);
    DL_NEAR(t.at(n23, "tcu", "time_in_gear"), (n23 - 1 - n12) * kH, 1e-12);
}

void TestShiftSchedule::speedOffset()
{
    // the hysteresis ramp (v = 2t to 20 m/s at 10 s, back to 0 at 20 s) with every line 1.5 m/s higher
    const double d = 1.5;
    DL_COMPILE(model, shiftLab("[[0, 0], [10, 20], [20, 0]]", 20000000000LL, params3(1.0, R"(, "shift_speed_offset": 1.5)"), {"A", "B", "C"}));
    DL_SIMULATE(t, model);
    // the samples at which the closed form crosses U + d and D + d (a crossing inside a tick)
    const auto shiftSample = [&](double line, bool up) {
        const double at = up ? line / 2.0 : 20.0 - line / 2.0;
        return static_cast<int>(std::ceil(at / kH - 1e-9));
    };
    const int n12 = shiftSample(kU1 + d, true), n23 = shiftSample(kU2 + d, true), n32 = shiftSample(kD3 + d, false),
              n21 = shiftSample(kD2 + d, false);
    QCOMPARE(n12, 5751);
    QCOMPARE(n23, 8251);
    QCOMPARE(n32, 13750);
    QCOMPARE(n21, 16250);
    const std::vector<std::pair<int, int>> changes{{n12, 2}, {n23, 3}, {n32, 2}, {n21, 1}};
    for (std::size_t k = 1; k < t.rows.size(); ++k) {
        const int n = static_cast<int>(k) - 1;
        if (t.at(k, "tcu", "gear") != gearAt(changes, n))
            QFAIL(qPrintable(QString("sample %1: gear %2, expected %3").arg(n).arg(t.at(k, "tcu", "gear")).arg(gearAt(changes, n))));
    }
    // an offset that takes the lowest line (the downshift from 2 at throttle 0: 3.0007 m/s) below 0: refused
    const LoadedLab bad = load(shiftLab("[[0, 0], [1, 1]]", 1000000000LL, params3(0.0, R"(, "shift_speed_offset": -3.5)"), {"A", "B", "C"}));
    QVERIFY(!bad.model);
    QVERIFY2(describe(bad.diagnostics)
                 .contains("lab: tcu: shift_schedule.shift_speed_offset: -3.5 m/s takes the downshift line from gear 2 below 0 m/s "
                           "(3.0007 m/s at throttle 0.0): an offset may lower the lines to 0 at most"),
             qPrintable(describe(bad.diagnostics)));
    // -3 m/s keeps it at 0.0007 m/s: accepted
    QVERIFY(load(shiftLab("[[0, 0], [1, 1]]", 1000000000LL, params3(0.0, R"(, "shift_speed_offset": -3)"), {"A", "B", "C"})).model);
}

void TestShiftSchedule::noHunting()
{
    // up to 10.5 m/s (one upshift), then ten swings between 9.9 and 6.2 m/s: between D2 = 6.0007 and
    // U1 = 10.0011, so gear 2 holds; then down to 0 (one downshift at D2)
    std::string pts = "[[0, 0], [5.25, 10.5]";
    double at = 5.25;
    for (int i = 0; i < 10; ++i) {
        pts += ", [" + formatDouble(at + 0.5) + ", 9.9], [" + formatDouble(at + 1.0) + ", 6.2]";
        at += 1.0;
    }
    pts += ", [" + formatDouble(at + 3.1) + ", 0]]";
    const long long dur = static_cast<long long>(std::llround((at + 4.0) * 1000.0)) * 1000000LL;
    DL_COMPILE(model, shiftLab(pts, dur, params3(0.0), {"A", "B", "C"}));
    DL_SIMULATE(t, model);
    const int shifts = t.column("tcu", "shifts");
    int changes = 0;
    for (std::size_t k = 2; k < t.rows.size(); ++k) changes += t.at(k, "tcu", "gear") != t.at(k - 1, "tcu", "gear");
    QCOMPARE(changes, 2);
    QCOMPARE(t.rows.back()[static_cast<std::size_t>(shifts)], 2.0);
    // the downshift comes where v falls through D2 on the last ramp (6.2 m/s at `at`, 0 at at + 3.1)
    const double tDown = at + 3.1 * (6.2 - kD2) / 6.2;
    const int nDown = static_cast<int>(std::ceil(tDown / kH));
    QCOMPARE(t.at(static_cast<std::size_t>(nDown), "tcu", "gear"), 2.0);
    QCOMPARE(t.at(static_cast<std::size_t>(nDown + 1), "tcu", "gear"), 1.0);
}

void TestShiftSchedule::dwell()
{
    // v = 2t to 12 m/s at 6 s (upshift at U1: sample 5001), then down to 4 m/s by 6.1 s: it falls
    // through D2 at t = 6 + (12 - D2)/80 (sample 6075), within the dwell of 1.5 s
    const std::string pts = "[[0, 0], [6, 12], [6.1, 4]]";
    const int nUp = 5001;
    const int nCross = static_cast<int>(std::ceil((6.0 + (12.0 - kD2) / 80.0) / kH));
    QCOMPARE(nCross, 6075);
    for (const double dwell : {0.0, 0.5, 1.5}) {
        DL_COMPILE(model, shiftLab(pts, 8000000000LL, params3(dwell), {"A", "B", "C"}));
        DL_SIMULATE(t, model);
        const int dwellTicks = static_cast<int>(std::llround(dwell / kH));
        const int nDown = std::max(nCross, nUp + dwellTicks); // held until the dwell has run
        for (std::size_t k = 1; k < t.rows.size(); ++k) {
            const int n = static_cast<int>(k) - 1;
            const int want = n < nUp ? 1 : n < nDown ? 2 : 1;
            if (t.at(k, "tcu", "gear") != want)
                QFAIL(qPrintable(QString("dwell %1, sample %2: gear %3, expected %4").arg(dwell).arg(n).arg(t.at(k, "tcu", "gear")).arg(want)));
        }
    }
}

/// the largest distance of the traced capacities of A and B from rampsAndOverlap's closed form
/// (A 300 N m, fill 0.1 s, release 0.05 s; B 500 N m, fill 0.2 s, release 0.08 s; overlap 0.0505 s),
/// the shift up sampled at tick nUp and down at nDown, tick n holding the sample `held(n)`
template <class Held>
double worstRampError(const std::vector<double>& a, const std::vector<double>& b, int nUp, int nDown, Held held)
{
    const auto clamp01 = [](double x) {
        return x < 0.0 ? 0.0 : x > 1.0 ? 1.0 : x;
    };
    double worst = 0.0;
    for (int n = 0; n < static_cast<int>(a.size()); ++n) {
        const int k = held(n);
        double wantA, wantB;
        if (k < nUp) {
            wantA = 300.0;
            wantB = 0.0;
        } else if (k < nDown) {
            const double s = (k - nUp) * kH;
            wantB = 500.0 * std::min(1.0, s / 0.2);                        // on-coming: fill from the shift
            wantA = 300.0 * (1.0 - clamp01((s - (0.2 - 0.0505)) / 0.05));   // off-going: after T_f - overlap
        } else {
            const double s = (k - nDown) * kH;
            wantA = 300.0 * std::min(1.0, s / 0.1);
            wantB = 500.0 * (1.0 - clamp01((s - (0.1 - 0.0505)) / 0.08));
        }
        worst = std::max({worst, std::fabs(a[static_cast<std::size_t>(n)] - wantA), std::fabs(b[static_cast<std::size_t>(n)] - wantB)});
    }
    return worst;
}

void TestShiftSchedule::rampsAndOverlap()
{
    // two gears: A (300 N m, fill 0.1 s, release 0.05 s) in 1, B (500 N m, fill 0.2 s, release
    // 0.08 s) in 2, overlap 0.0505 s (so no ramp ends on a tick
    // boundary, where rounding would decide the last sample). Up at U1 (sample 5001), down at D2 on the way back.
    const std::string params = R"({"wheel_radius": 0.5, "overlap_time": 0.0505,
        "elements": [{"element": "A", "capacity": 300, "fill_time": 0.1, "release_time": 0.05},
                     {"element": "B", "capacity": 500, "fill_time": 0.2, "release_time": 0.08}],
        "gears": [{"gear": 1, "element": "A"}, {"gear": 2, "element": "B"}],
        "upshift": [{"from_gear": 1, "throttle": 0, "speed": 6.0011}, {"from_gear": 1, "throttle": 1, "speed": 14.0011}],
        "downshift": [{"from_gear": 2, "throttle": 0, "speed": 3.0007}, {"from_gear": 2, "throttle": 1, "speed": 9.0007}]})";
    DL_COMPILE(model, shiftLab("[[0, 0], [6, 12], [9, 0]]", 9000000000LL, params, {"A", "B"}));
    const std::vector<double> a = capacityTrace(model, "A"), b = capacityTrace(model, "B");
    QCOMPARE(static_cast<int>(a.size()), 9000);
    const int nUp = 5001;
    const int nDown = static_cast<int>(std::ceil((6.0 + 3.0 * (12.0 - kD2) / 12.0) / kH));
    const double worst = worstRampError(a, b, nUp, nDown, [](int n) { return n; });
    QVERIFY2(worst < 1e-10, qPrintable(QString::number(worst)));
    // spot values: halfway through B's fill, A still full; 25.5 ms into A's release: 300 (1 - 0.51)
    QCOMPARE(b[static_cast<std::size_t>(nUp + 100)], 250.0);
    QCOMPARE(a[static_cast<std::size_t>(nUp + 100)], 300.0);
    QCOMPARE(a[static_cast<std::size_t>(nUp + 149)], 300.0);
    DL_NEAR(a[static_cast<std::size_t>(nUp + 175)], 147.0, 1e-9);
    QCOMPARE(a[static_cast<std::size_t>(nUp + 200)], 0.0);
    // `shifting` is 1 exactly while a ramp runs: from the shift's sample until B is full at +200
    DL_SIMULATE(t, model);
    QCOMPARE(t.at(static_cast<std::size_t>(nUp), "tcu", "shifting"), 0.0);
    QCOMPARE(t.at(static_cast<std::size_t>(nUp + 1), "tcu", "shifting"), 1.0);
    QCOMPARE(t.at(static_cast<std::size_t>(nUp + 200), "tcu", "shifting"), 1.0);
    QCOMPARE(t.at(static_cast<std::size_t>(nUp + 201), "tcu", "shifting"), 0.0);
}

void TestShiftSchedule::sampledEveryPeriod()
{
    // rampsAndOverlap's lab with sample_period 10 ms at the 1 ms tick
    const std::string params = R"({"wheel_radius": 0.5, "overlap_time": 0.0505, "sample_period": 0.01,
        "elements": [{"element": "A", "capacity": 300, "fill_time": 0.1, "release_time": 0.05},
                     {"element": "B", "capacity": 500, "fill_time": 0.2, "release_time": 0.08}],
        "gears": [{"gear": 1, "element": "A"}, {"gear": 2, "element": "B"}],
        "upshift": [{"from_gear": 1, "throttle": 0, "speed": 6.0011}, {"from_gear": 1, "throttle": 1, "speed": 14.0011}],
        "downshift": [{"from_gear": 2, "throttle": 0, "speed": 3.0007}, {"from_gear": 2, "throttle": 1, "speed": 9.0007}]})";
    DL_COMPILE(model, shiftLab("[[0, 0], [6, 12], [9, 0]]", 9000000000LL, params, {"A", "B"}));
    const std::vector<double> a = capacityTrace(model, "A"), b = capacityTrace(model, "B");
    QCOMPARE(static_cast<int>(a.size()), 9000);
    // the line is crossed in tick 5001 (rampsAndOverlap): the first sample at or after it is 5010
    const int nUp = 5010;
    const int nDown = 10 * static_cast<int>(std::ceil(std::ceil((6.0 + 3.0 * (12.0 - kD2) / 12.0) / kH) / 10.0));
    const double worst = worstRampError(a, b, nUp, nDown, [](int n) { return 10 * (n / 10); }); // the sample tick n holds
    QVERIFY2(worst < 1e-10, qPrintable(QString::number(worst)));
    // held over each period: B's fill steps by 500 x 10 ms / 0.2 s = 25 N m per sample
    QCOMPARE(b[static_cast<std::size_t>(nUp + 9)], 0.0);
    QCOMPARE(b[static_cast<std::size_t>(nUp + 10)], 25.0);
    QCOMPARE(b[static_cast<std::size_t>(nUp + 19)], 25.0);
}

void TestShiftSchedule::gearTable()
{
    // instant elements: after each shift exactly the new gear's elements carry their capacity,
    // from the tick of the shift's sample on
    DL_COMPILE(model, shiftLab("[[0, 0], [10, 20], [20, 0]]", 20000000000LL, params3(0.0), {"A", "B", "C"}));
    const auto a = capacityTrace(model, "A"), b = capacityTrace(model, "B"), c = capacityTrace(model, "C");
    const std::vector<std::pair<int, int>> changes{{5001, 2}, {7501, 3}, {14500, 2}, {17000, 1}};
    // gear 1: A + C, gear 2: B + C, gear 3: A + B
    const bool applied[4][3] = {{}, {true, false, true}, {false, true, true}, {true, true, false}};
    for (int n = 0; n < 20000; ++n) {
        const int g = gearAt(changes, n);
        const double want[3] = {applied[g][0] ? 300.0 : 0.0, applied[g][1] ? 400.0 : 0.0, applied[g][2] ? 500.0 : 0.0};
        const double got[3] = {a[static_cast<std::size_t>(n)], b[static_cast<std::size_t>(n)], c[static_cast<std::size_t>(n)]};
        for (int k = 0; k < 3; ++k) {
            if (got[k] != want[k]) QFAIL(qPrintable(QString("tick %1 gear %2 element %3: %4, expected %5").arg(n).arg(g).arg(k).arg(got[k]).arg(want[k])));
        }
    }
}

void TestShiftSchedule::lockup()
{
    // L (200 N m, fill 0.1 s, release 0.05 s) locks in gear 2 at 12 m/s, releases at 9 m/s; v = 2t
    // to 14 m/s at 7 s, down to 0 at 14 s
    const std::string params = R"({"wheel_radius": 0.5,
        "elements": [{"element": "A", "capacity": 300, "fill_time": 0, "release_time": 0},
                     {"element": "B", "capacity": 400, "fill_time": 0, "release_time": 0},
                     {"element": "L", "capacity": 200, "fill_time": 0.1, "release_time": 0.05}],
        "gears": [{"gear": 1, "element": "A"}, {"gear": 2, "element": "B"}],
        "upshift": [{"from_gear": 1, "throttle": 0, "speed": 6.0011}, {"from_gear": 1, "throttle": 1, "speed": 14.0011}],
        "downshift": [{"from_gear": 2, "throttle": 0, "speed": 3.0007}, {"from_gear": 2, "throttle": 1, "speed": 9.0007}],
        "lockup": [{"element": "L", "gear": 2, "on_speed": 12.0005, "off_speed": 8.9995}]})";
    DL_COMPILE(model, shiftLab("[[0, 0], [7, 14], [14, 0]]", 14000000000LL, params, {"A", "B", "L"}));
    const auto v = [](double s) {
        return s <= 7.0 ? 2.0 * s : 2.0 * (14.0 - s);
    };
    const int nOn = firstSample(v, [](double x) { return x >= 12.0005; }, 0, 7000);
    const int nOff = firstSample(v, [](double x) { return x <= 8.9995; }, 7000, 14000);
    QCOMPARE(nOn, 6001);
    QCOMPARE(nOff, 9501);
    const auto l = capacityTrace(model, "L");
    double worst = 0.0;
    for (int n = 0; n < 14000; ++n) {
        double want = 0.0;
        if (n >= nOn && n < nOff) want = 200.0 * std::min(1.0, (n - nOn) * kH / 0.1);
        if (n >= nOff) want = 200.0 * std::max(0.0, 1.0 - (n - nOff) * kH / 0.05);
        worst = std::max(worst, std::fabs(l[static_cast<std::size_t>(n)] - want));
    }
    QVERIFY2(worst < 1e-10, qPrintable(QString::number(worst)));
    DL_SIMULATE(t, model);
    QCOMPARE(t.at(static_cast<std::size_t>(nOn), "tcu", "lockup"), 0.0);
    QCOMPARE(t.at(static_cast<std::size_t>(nOn + 1), "tcu", "lockup"), 1.0);
    QCOMPARE(t.at(static_cast<std::size_t>(nOff), "tcu", "lockup"), 1.0);
    QCOMPARE(t.at(static_cast<std::size_t>(nOff + 1), "tcu", "lockup"), 0.0);
    // in gear 1 (below 6.0007 m/s on the way down) it stays released
    QCOMPARE(t.rows.back()[static_cast<std::size_t>(t.column("tcu", "gear"))], 1.0);
}

void TestShiftSchedule::stateAndFork()
{
    DL_COMPILE(model, shiftLab("[[0, 0], [10, 20], [20, 0]]", 20000000000LL, params3(0.3), {"A", "B", "C"}));
    Session a(model);
    QCOMPARE(a.run(5200).status, BatchStatus::Completed);
    // a fork runs on identically; a cancelled batch rolls the gear and the ramps back
    Session fork = a.fork();
    const State before = a.state();
    QCOMPARE(a.run(3000).status, BatchStatus::Completed);
    QCOMPARE(fork.run(3000).status, BatchStatus::Completed);
    QCOMPARE(a.stateHash(), fork.stateHash());
    Session c(model);
    c.restore(before);
    std::atomic<bool> cancel{true};
    QCOMPARE(c.run(3000, &cancel).status, BatchStatus::Cancelled);
    QCOMPARE(c.stateHash(), hashState(before));
    // the gear is state: a different gear gives a different hash
    State changed = before;
    changed.flag[static_cast<std::size_t>(model->params->of<ShiftSchedule>()[0].flag + ShiftSchedule::kGear)] += 1;
    QVERIFY(hashState(changed) != hashState(before));
}

void TestShiftSchedule::errors()
{
    const auto errorsOf = [](const std::string& text) {
        const LoadedLab l = load(text);
        return l.model ? QString() : describe(l.diagnostics);
    };
    const std::string pts = "[[0, 0], [1, 1]]";
    const auto with = [&](const std::string& from, const std::string& to, const std::vector<std::string>& els = {"A", "B", "C"},
                          const std::string& extra = "") {
        std::string p = params3(0.0);
        const auto at = p.find(from);
        if (at == std::string::npos) qFatal("no '%s'", from.c_str());
        p.replace(at, from.size(), to);
        return errorsOf(shiftLab(pts, 1000000000LL, p, els, extra));
    };
    QVERIFY(errorsOf(shiftLab(pts, 1000000000LL, params3(0.0), {"A", "B", "C"})).isEmpty());
    // crossing lines: the downshift from 3 above the upshift from 2 at full throttle
    QString e = with(R"({"from_gear": 3, "throttle": 1, "speed": 14.0009})", R"({"from_gear": 3, "throttle": 1, "speed": 19.5})");
    QVERIFY2(e.contains("lab: tcu: shift_schedule.downshift[2]: the downshift line from gear 3 (19.5 m/s at throttle 1.0) is not below "
                        "the upshift line from gear 2 (19.0013 m/s)"),
             qPrintable(e));
    // overlap within gear 2: its downshift above its upshift at throttle 0
    e = with(R"({"from_gear": 2, "throttle": 0, "speed": 3.0007})", R"({"from_gear": 2, "throttle": 0, "speed": 11.5})");
    QVERIFY2(e.contains("tcu: shift_schedule.downshift[0]: in gear 2 the downshift line (11.5 m/s at throttle 0.0) is not below the upshift"),
             qPrintable(e));
    // the gear table naming an element the schedule does not have
    e = with(R"({"gear": 2, "element": "B"})", R"({"gear": 2, "element": "Z"})");
    QVERIFY2(e.contains("lab: tcu: shift_schedule.gears[2].element: 'Z' is not one of this schedule's elements (A, B, C)"), qPrintable(e));
    // an element that is no component of the lab
    e = with(R"({"element": "C", "capacity": 500)", R"({"element": "Q", "capacity": 500)", {"A", "B"});
    QVERIFY2(e.contains("tcu: shift_schedule.gears[1].element: 'C' is not one of this schedule's elements (A, B, Q)"), qPrintable(e));
    QVERIFY2(!e.contains("does not drive") && !e.contains("does not bind"), qPrintable(e)); // a refused schedule adds no noise
    e = with(R"("element": "C", "capacity": 500, "fill_time": 0, "release_time": 0})",
             R"("element": "C", "capacity": 500, "fill_time": 0, "release_time": 0}, {"element": "Q", "capacity": 1, "fill_time": 0, "release_time": 0})",
             {"A", "B", "C"});
    QVERIFY2(e.contains("tcu: shift_schedule.elements[3].element: 'Q' is applied in no gear"), qPrintable(e));
    const std::string noQ = R"(, "lockup": [{"element": "Q", "gear": 2, "on_speed": 9, "off_speed": 8}])";
    {
        std::string p = params3(0.0, noQ);
        p.replace(p.find(R"({"element": "C", "capacity": 500)"), 0, R"({"element": "Q", "capacity": 1, "fill_time": 0, "release_time": 0}, )");
        e = errorsOf(shiftLab(pts, 1000000000LL, p, {"A", "B", "C"}));
        QVERIFY2(e.contains("lab: tcu: shift_schedule.elements[2].element: no component 'Q' in the lab"), qPrintable(e));
        // a component that exists but does not bind to the schedule
        e = errorsOf(shiftLab(pts, 1000000000LL, p, {"A", "B", "C"}, R"(, {"id": "Q", "type": "damper", "node_a": "wheels", "parameters": {"damping": 0}})"));
        QVERIFY2(e.contains("lab: tcu: shift_schedule.elements[2].element: 'Q' does not bind an input to 'tcu'"), qPrintable(e));
    }
    // a clutch bound to the schedule that is none of its elements
    e = errorsOf(shiftLab(pts, 1000000000LL, params3(0.0), {"A", "B", "C", "D"}));
    QVERIFY2(e.contains("lab: D: inputs.capacity.controller: 'tcu' does not drive 'D'"), qPrintable(e));
    // rows out of order, a gear without its line, a missing gear, the initial gear, the lockup's gap
    e = with(R"([{"from_gear": 1, "throttle": 0, "speed": 6.0011}, {"from_gear": 1, "throttle": 1, "speed": 14.0011},)",
             R"([{"from_gear": 1, "throttle": 1, "speed": 6.0011}, {"from_gear": 1, "throttle": 0.5, "speed": 14.0011},)");
    QVERIFY2(e.contains("tcu: shift_schedule.upshift[1].throttle: throttle 0.5 is not above the previous point's 1"), qPrintable(e));
    e = with(R"({"from_gear": 3, "throttle": 0, "speed": 8.0009}, {"from_gear": 3, "throttle": 1, "speed": 14.0009})",
             R"({"from_gear": 2, "throttle": 0.5, "speed": 8.0009})");
    QVERIFY2(e.contains("tcu: shift_schedule.downshift: has no line for gear 3"), qPrintable(e));
    e = with(R"({"gear": 3, "element": "A"}, {"gear": 3, "element": "B"})", R"({"gear": 4, "element": "A"}, {"gear": 4, "element": "B"})");
    QVERIFY2(e.contains("tcu: shift_schedule.gears: lists no element for gear 3"), qPrintable(e));
    e = with(R"("min_time_in_gear": 0)", R"("min_time_in_gear": 0, "initial_gear": 4)");
    QVERIFY2(e.contains("tcu: shift_schedule.initial_gear: is 4 but the gear table has 3 gears"), qPrintable(e));
    {
        std::string p = params3(0.0, R"(, "lockup": [{"element": "L", "gear": 2, "on_speed": 9, "off_speed": 9}])");
        p.replace(p.find(R"({"element": "C", "capacity": 500)"), 0, R"({"element": "L", "capacity": 1, "fill_time": 0, "release_time": 0}, )");
        e = errorsOf(shiftLab(pts, 1000000000LL, p, {"A", "B", "C", "L"}));
        QVERIFY2(e.contains("tcu: shift_schedule.lockup[0].off_speed: must be below on_speed (9.0 m/s)"), qPrintable(e));
        QVERIFY2(!e.contains("applied in no gear"), qPrintable(e));
        p = params3(0.0, R"(, "lockup": [{"element": "A", "gear": 2, "on_speed": 9, "off_speed": 8}])");
        e = errorsOf(shiftLab(pts, 1000000000LL, p, {"A", "B", "C"}));
        QVERIFY2(e.contains("tcu: shift_schedule.lockup[0].element: 'A' is a shift element"), qPrintable(e));
    }
    // an element id that is not an id
    e = with(R"({"gear": 2, "element": "B"})", R"({"gear": 2, "element": "no id"})");
    QVERIFY2(e.contains("tcu: shift_schedule.gears[2].element: must be a component id (a letter, then letters, digits, _ or -), got 'no id'"),
             qPrintable(e));
}

QTEST_APPLESS_MAIN(TestShiftSchedule)
#include "tst_shift_schedule.moc"
