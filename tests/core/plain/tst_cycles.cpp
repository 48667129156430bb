// Qt-free: the standard drive cycles shipped in labs/cycles (labs/cycles/README.md) load the way a
// lab loads them (a `csv` signal compiled by compileSignals, which reads the file with
// parseSignalCsv) and reproduce the figures their sources publish, to the published digits.
//
//   v(t) is piecewise linear between the 1 Hz samples (the csv signal interpolates linearly), so
//   the distance is exactly the trapezoid sum
//       s = sum_i (v_i + v_{i+1}) / 2 * 1 s          (v in m/s: km/h / 3.6, mph * 0.44704)
//   mean speed = s / T, max = max_i v_i; idle = 1 s intervals with v_i = v_{i+1} = 0.
//   The signal's own exact integral (SignalModel::mean over [0, T] times T) must equal s.
//
// The NEDC is checked sample by sample against UN R83 Annex 4a's tables of operations, encoded
// below as the regulation prints them (operation, acceleration, speeds, duration, cumulative
// time) and independently of how labs/cycles/nedc.csv was written.
#include "check.h"

#include <cmath>
#include <string>
#include <vector>

#include "compile/signalcompile.h"
#include "spec/diagnostic.h"
#include "spec/labspec.h"

using namespace drivelab;

namespace {

const std::string kCycles = DRIVELAB_SOURCE_DIR "/labs/cycles";
constexpr double kKmh = 1.0 / 3.6; // km/h -> m/s
constexpr double kMph = 0.44704;   // mph -> m/s (exact: 1 mi = 1609.344 m)
constexpr double kMile = 1609.344; // m

/// one cycle as a lab reads it
struct Cycle {
    bool ok = false;
    std::string errors;    ///< the diagnostics, one per line
    std::vector<double> t; ///< [s]
    std::vector<double> v; ///< as in the file (km/h or mph)
    SignalModel model;
};

/// compile a `csv` signal naming `file` (relative to labs/cycles, or read from `text` when given)
Cycle load(const std::string& file, const std::string* text = nullptr)
{
    LabSpec spec;
    spec.baseDir = kCycles;
    if (text)
        spec.fileReader = [text](const std::string&, std::string& out, std::string&) {
            out = *text;
            return true;
        };
    spec.timeSignals.push_back({"cycle", "csv", Json{{"file", file}}});
    Diagnostics d;
    CompiledSignals c = compileSignals(spec, d);
    Cycle r;
    for (const auto& x : d.items()) r.errors += formatDiagnostic("lab", x) + "\n";
    r.ok = !d.hasErrors() && c.models.size() == 1;
    if (r.ok) {
        r.model = c.models[0];
        r.t = r.model.t;
        r.v = r.model.v;
    }
    return r;
}

/// what is wrong with a 1 Hz cycle trace (empty: nothing): times 0, 1, 2, ... with no gap,
/// speeds finite and not negative
std::string check1Hz(const std::string& file, const Cycle& c)
{
    if (c.t.empty()) return file + ": no rows";
    for (std::size_t i = 0; i < c.t.size(); ++i) {
        const std::string at = file + ": row " + std::to_string(i + 1) + " (t = " + plain::show(c.t[i]) + " s): ";
        if (c.t[i] != static_cast<double>(i))
            return at + (i > 0 && c.t[i] > c.t[i - 1] + 1.0 ? "a gap after " + plain::show(c.t[i - 1]) + " s"
                                                            : "expected t = " + std::to_string(i) + " s");
        if (!std::isfinite(c.v[i]) || c.v[i] < 0.0) return at + "speed " + plain::show(c.v[i]) + " is not finite and >= 0";
    }
    return "";
}

/// the figures of samples [a, b] of a trace, speeds scaled by `toMs` to m/s
struct Figures {
    double duration = 0.0; ///< [s]
    double distance = 0.0; ///< trapezoid [m]
    double vmax = 0.0;     ///< [m/s]
    double mean = 0.0;     ///< distance / duration [m/s]
    int idle = 0;          ///< 1 s intervals at rest at both ends
};
Figures figures(const Cycle& c, double toMs, std::size_t a = 0, std::size_t b = std::size_t(-1))
{
    Figures f;
    if (b >= c.v.size()) b = c.v.size() - 1;
    for (std::size_t i = a; i < b; ++i) {
        f.distance += 0.5 * (c.v[i] + c.v[i + 1]) * toMs * (c.t[i + 1] - c.t[i]);
        if (c.v[i] == 0.0 && c.v[i + 1] == 0.0) ++f.idle;
    }
    for (std::size_t i = a; i <= b; ++i) f.vmax = std::max(f.vmax, c.v[i] * toMs);
    f.duration = c.t[b] - c.t[a];
    f.mean = f.distance / f.duration;
    return f;
}

/// x rounded to `decimals` decimals equals the published figure
bool roundsTo(double x, double published, int decimals)
{
    const double scale = std::pow(10.0, decimals);
    return std::fabs(std::round(x * scale) / scale - published) < 0.25 / scale;
}
#define CHECK_ROUNDS(x, published, decimals)                                                                                               \
    DL_PLAIN_CHECK(roundsTo((x), (published), (decimals)), plain::show(x) << " does not round to " << (published))

Cycle loadShipped(const std::string& file)
{
    Cycle c = load(file);
    DL_PLAIN_CHECK(c.ok, c.errors);
    const std::string bad = c.ok ? check1Hz(file, c) : std::string("not loaded");
    DL_PLAIN_CHECK(bad.empty(), bad);
    return c;
}

} // namespace

// every shipped file: loads with no diagnostic, 1 Hz from 0 without a gap, finite speeds >= 0,
// and the lab's exact integral of the signal equals the trapezoid sum
DL_PLAIN_TEST(everyCycleLoadsAsA1HzTrace)
{
    struct Expect {
        const char* file;
        std::size_t rows;
    };
    for (const Expect& e : {Expect{"wltc-class3b.csv", 1801}, Expect{"udds.csv", 1370}, Expect{"ftp75.csv", 1875}, Expect{"hwfet.csv", 766},
                            Expect{"nedc.csv", 1181}}) {
        const Cycle c = loadShipped(e.file);
        DL_PLAIN_REQUIRE(c.ok, e.file);
        DL_PLAIN_EQUAL(c.t.size(), e.rows);
        const Figures f = figures(c, 1.0);
        const double exact = c.model.mean(0.0, c.t.back()) * c.t.back();
        DL_PLAIN_NEAR(exact, f.distance, 1e-9 * f.distance);
    }
}

// WLTC class 3b, UN GTR 15 Annex 1: 1800 s, 23 266 m, max 131.3 km/h, mean 46.5 km/h; phases
// Low3 0-589 s 3 095 m max 56.5, Medium3-2 589-1022 s 4 756 m max 76.6, High3-2 1022-1477 s
// 7 162 m max 97.4, Extra High3 1477-1800 s 8 254 m max 131.3; the JRC's per-phase sums of the
// tabulated speeds (Low3 from 0 s, the others from the second after the previous phase's end)
DL_PLAIN_TEST(wltcClass3bPublishedFigures)
{
    const Cycle c = loadShipped("wltc-class3b.csv");
    DL_PLAIN_REQUIRE(c.ok && c.t.size() == 1801, "wltc-class3b.csv");
    const Figures f = figures(c, kKmh);
    DL_PLAIN_EQUAL(f.duration, 1800.0);
    CHECK_ROUNDS(f.distance, 23266.0, 0);
    CHECK_ROUNDS(f.vmax / kKmh, 131.3, 1);
    CHECK_ROUNDS(f.mean / kKmh, 46.5, 1);
    struct Phase {
        std::size_t a, b;
        double metres, vmax, checksum;
    };
    for (const Phase& p : {Phase{0, 589, 3095, 56.5, 11140.3}, Phase{589, 1022, 4756, 76.6, 17121.2},
                           Phase{1022, 1477, 7162, 97.4, 25782.2}, Phase{1477, 1800, 8254, 131.3, 29714.9}}) {
        const Figures g = figures(c, kKmh, p.a, p.b);
        CHECK_ROUNDS(g.distance, p.metres, 0);
        CHECK_ROUNDS(g.vmax / kKmh, p.vmax, 1);
        double sum = 0.0;
        for (std::size_t i = p.a == 0 ? 0 : p.a + 1; i <= p.b; ++i) sum += c.v[i];
        CHECK_ROUNDS(sum, p.checksum, 1);
    }
}

// UDDS, the EPA's schedule: "Length 1369 seconds - Distance = 7.45 miles - Average Speed =
// 19.59 mph", max 56.7 mph (91.25 km/h); phase 1 (0-505 s) 5.78 km at 41.2 km/h
DL_PLAIN_TEST(uddsPublishedFigures)
{
    const Cycle c = loadShipped("udds.csv");
    DL_PLAIN_REQUIRE(c.ok && c.t.size() == 1370, "udds.csv");
    const Figures f = figures(c, kMph);
    DL_PLAIN_EQUAL(f.duration, 1369.0);
    CHECK_ROUNDS(f.distance / kMile, 7.45, 2);
    CHECK_ROUNDS(f.distance / 1000.0, 11.99, 2);
    CHECK_ROUNDS(f.mean / kMph, 19.59, 2);
    CHECK_ROUNDS(f.mean / kKmh, 31.5, 1);
    DL_PLAIN_EQUAL(f.vmax / kMph, 56.7);
    CHECK_ROUNDS(f.vmax / kKmh, 91.25, 2);
    const Figures bag1 = figures(c, kMph, 0, 505);
    CHECK_ROUNDS(bag1.distance / 1000.0, 5.78, 2);
    CHECK_ROUNDS(bag1.mean / kKmh, 41.2, 1);
}

// FTP-75: the UDDS, then (after the 10 min soak, which is not driving time and not in the trace)
// its first 505 s again: 1874 s, 11.04 mi (17.77 km), 21.2 mph (34.1 km/h), max 56.7 mph
DL_PLAIN_TEST(ftp75IsTheUddsPlusItsFirst505Seconds)
{
    const Cycle c = loadShipped("ftp75.csv");
    const Cycle u = loadShipped("udds.csv");
    DL_PLAIN_REQUIRE(c.ok && u.ok && c.t.size() == 1875 && u.t.size() == 1370, "ftp75.csv, udds.csv");
    for (std::size_t i = 0; i < 1370; ++i) DL_PLAIN_CHECK(c.v[i] == u.v[i], "bags 1-2, t = " << i << " s");
    for (std::size_t k = 0; k <= 505; ++k) DL_PLAIN_CHECK(c.v[1369 + k] == u.v[k], "bag 3, t = " << 1369 + k << " s");
    const Figures f = figures(c, kMph);
    DL_PLAIN_EQUAL(f.duration, 1874.0);
    CHECK_ROUNDS(f.distance / kMile, 11.04, 2);
    CHECK_ROUNDS(f.distance / 1000.0, 17.77, 2);
    CHECK_ROUNDS(f.mean / kMph, 21.2, 1);
    CHECK_ROUNDS(f.mean / kKmh, 34.1, 1);
    DL_PLAIN_EQUAL(f.vmax / kMph, 56.7);
}

// HWFET, the EPA's schedule: "Length 765 seconds - Distance = 10.26 miles - Average Speed =
// 48.3 mph", max 59.9 mph (96.4 km/h); 10.26 mi is 16.51 km (16.45 km, seen quoted, is not)
DL_PLAIN_TEST(hwfetPublishedFigures)
{
    const Cycle c = loadShipped("hwfet.csv");
    DL_PLAIN_REQUIRE(c.ok && c.t.size() == 766, "hwfet.csv");
    const Figures f = figures(c, kMph);
    DL_PLAIN_EQUAL(f.duration, 765.0);
    CHECK_ROUNDS(f.distance / kMile, 10.26, 2);
    CHECK_ROUNDS(f.distance / 1000.0, 16.51, 2);
    CHECK_ROUNDS(f.mean / kMph, 48.3, 1);
    CHECK_ROUNDS(f.mean / kKmh, 77.7, 1);
    DL_PLAIN_EQUAL(f.vmax / kMph, 59.9);
    CHECK_ROUNDS(f.vmax / kKmh, 96.4, 1);
}

namespace {

/// one row of a table of operations as UN R83 Annex 4a prints it
struct Operation {
    double accel;    ///< printed acceleration [m/s^2] (0: idling, steady speed, gear change)
    double from, to; ///< speed at its start and end [km/h]
    int duration;    ///< [s]
    int cumulative;  ///< printed cumulative time at its end [s]
};

// Table 1, elementary urban cycle (ECE-15), 195 s: operations 1-25. Operation 22, the gear
// change 3 -> 2 at 176-178 s, goes from 35 to 32 km/h; the others are at constant speed.
// clang-format off
const std::vector<Operation> kUrban = {
    {0, 0, 0, 11, 11},       //  1 idling
    {1.04, 0, 15, 4, 15},    //  2 acceleration
    {0, 15, 15, 8, 23},      //  3 steady speed
    {-0.69, 15, 10, 2, 25},  //  4 deceleration
    {-0.92, 10, 0, 3, 28},   //  5 deceleration, clutch disengaged
    {0, 0, 0, 21, 49},       //  6 idling
    {0.83, 0, 15, 5, 54},    //  7 acceleration
    {0, 15, 15, 2, 56},      //  8 gear change
    {0.94, 15, 32, 5, 61},   //  9 acceleration
    {0, 32, 32, 24, 85},     // 10 steady speed
    {-0.75, 32, 10, 8, 93},  // 11 deceleration
    {-0.92, 10, 0, 3, 96},   // 12 deceleration, clutch disengaged
    {0, 0, 0, 21, 117},      // 13 idling
    {0.83, 0, 15, 5, 122},   // 14 acceleration
    {0, 15, 15, 2, 124},     // 15 gear change
    {0.62, 15, 35, 9, 133},  // 16 acceleration
    {0, 35, 35, 2, 135},     // 17 gear change
    {0.52, 35, 50, 8, 143},  // 18 acceleration
    {0, 50, 50, 12, 155},    // 19 steady speed
    {-0.52, 50, 35, 8, 163}, // 20 deceleration
    {0, 35, 35, 13, 176},    // 21 steady speed
    {0, 35, 32, 2, 178},     // 22 gear change
    {-0.86, 32, 10, 7, 185}, // 23 deceleration
    {-0.92, 10, 0, 3, 188},  // 24 deceleration, clutch disengaged
    {0, 0, 0, 7, 195},       // 25 idling
};
// clang-format on

// Table 2, extra-urban cycle (EUDC), 400 s: operations 1-21
// clang-format off
const std::vector<Operation> kExtraUrban = {
    {0, 0, 0, 20, 20},         //  1 idling
    {0.83, 0, 15, 5, 25},      //  2 acceleration
    {0, 15, 15, 2, 27},        //  3 gear change
    {0.62, 15, 35, 9, 36},     //  4 acceleration
    {0, 35, 35, 2, 38},        //  5 gear change
    {0.52, 35, 50, 8, 46},     //  6 acceleration
    {0, 50, 50, 2, 48},        //  7 gear change
    {0.43, 50, 70, 13, 61},    //  8 acceleration
    {0, 70, 70, 50, 111},      //  9 steady speed
    {-0.69, 70, 50, 8, 119},   // 10 deceleration
    {0, 50, 50, 69, 188},      // 11 steady speed
    {0.43, 50, 70, 13, 201},   // 12 acceleration
    {0, 70, 70, 50, 251},      // 13 steady speed
    {0.24, 70, 100, 35, 286},  // 14 acceleration
    {0, 100, 100, 30, 316},    // 15 steady speed
    {0.28, 100, 120, 20, 336}, // 16 acceleration
    {0, 120, 120, 10, 346},    // 17 steady speed
    {-0.69, 120, 80, 16, 362}, // 18 deceleration
    {-1.04, 80, 50, 8, 370},   // 19 deceleration
    {-1.39, 50, 0, 10, 380},   // 20 deceleration, clutch disengaged
    {0, 0, 0, 20, 400},        // 21 idling
};
// clang-format on

/// the table's speeds at 0, 1, ... s (without the last instant); checks the table's own
/// consistency on the way: cumulative times, continuity, printed accelerations
std::vector<double> sampleOperations(const std::vector<Operation>& ops, const char* table)
{
    std::vector<double> v;
    int time = 0;
    double speed = 0.0;
    for (std::size_t k = 0; k < ops.size(); ++k) {
        const Operation& op = ops[k];
        time += op.duration;
        DL_PLAIN_CHECK(time == op.cumulative, table << " operation " << k + 1 << ": cumulative time " << time);
        DL_PLAIN_CHECK(op.from == speed, table << " operation " << k + 1 << ": starts at " << op.from << " km/h after " << speed);
        // R83 prints the accelerations to two decimals, a few of them off by up to 0.014 m/s^2
        // (-0.75 for 32 -> 10 km/h in 8 s, which is -0.764)
        const double a = (op.to - op.from) * kKmh / op.duration;
        if (op.accel != 0.0) DL_PLAIN_NEAR(op.accel, a, 0.015);
        for (int s = 0; s < op.duration; ++s) v.push_back(op.from + (op.to - op.from) * s / op.duration);
        speed = op.to;
    }
    return v;
}

} // namespace

// NEDC = 4 x ECE-15 + EUDC, every sample equal to the tables of operations (at rounding: the
// file holds the nearest double of each value); per urban cycle 195 s, 1 014.6 m, 60 s idling
// (R83: "Idling 60 s"); EUDC 400 s, 6 955 m, 62.6 km/h, max 120 km/h; NEDC 1180 s, 11.01 km,
// 33.6 km/h
DL_PLAIN_TEST(nedcMatchesTheTablesOfOperations)
{
    const Cycle c = loadShipped("nedc.csv");
    DL_PLAIN_REQUIRE(c.ok && c.t.size() == 1181, "nedc.csv");
    const std::vector<double> urban = sampleOperations(kUrban, "Table 1");
    const std::vector<double> extra = sampleOperations(kExtraUrban, "Table 2");
    DL_PLAIN_REQUIRE(urban.size() == 195 && extra.size() == 400, "the tables' durations");
    std::vector<double> table;
    for (int k = 0; k < 4; ++k) table.insert(table.end(), urban.begin(), urban.end());
    table.insert(table.end(), extra.begin(), extra.end());
    table.push_back(0.0);
    for (std::size_t i = 0; i < table.size(); ++i)
        DL_PLAIN_CHECK(std::fabs(c.v[i] - table[i]) <= 1e-12 * (1.0 + table[i]),
                       "t = " << i << " s: " << plain::show(c.v[i]) << " vs the table's " << plain::show(table[i]));

    for (std::size_t k = 0; k < 4; ++k) {
        const Figures u = figures(c, kKmh, 195 * k, 195 * (k + 1));
        CHECK_ROUNDS(u.distance, 1014.6, 1);
        DL_PLAIN_EQUAL(u.idle, 60);
        CHECK_ROUNDS(u.vmax / kKmh, 50.0, 1);
    }
    const Figures e = figures(c, kKmh, 780, 1180);
    DL_PLAIN_EQUAL(e.duration, 400.0);
    CHECK_ROUNDS(e.distance / 1000.0, 6.955, 3);
    CHECK_ROUNDS(e.mean / kKmh, 62.6, 1);
    CHECK_ROUNDS(e.vmax / kKmh, 120.0, 1);
    const Figures f = figures(c, kKmh);
    DL_PLAIN_EQUAL(f.duration, 1180.0);
    CHECK_ROUNDS(f.distance / 1000.0, 11.01, 2);
    CHECK_ROUNDS(f.mean / kKmh, 33.6, 1);
}

// the 1 Hz check itself finds a missing second (the csv reader accepts any increasing times, a
// table signal need not be uniform) and a negative speed; the reader refuses a NaN or
// decreasing times with `FILE line N` (tests/core/tst_signals.cpp, csvSignal)
DL_PLAIN_TEST(aGapOrANegativeSpeedIsFound)
{
    const std::string gap = "time_s,speed_kmh\n0,0\n1,2\n3,4\n";
    const Cycle g = load("gap.csv", &gap);
    DL_PLAIN_REQUIRE(g.ok, g.errors);
    DL_PLAIN_EQUAL(check1Hz("gap.csv", g), std::string("gap.csv: row 3 (t = 3 s): a gap after 1 s"));
    const std::string negative = "# a comment\n0,0\n1,-0.5\n";
    const Cycle n = load("negative.csv", &negative);
    DL_PLAIN_REQUIRE(n.ok, n.errors);
    DL_PLAIN_EQUAL(check1Hz("negative.csv", n), std::string("negative.csv: row 2 (t = 1 s): speed -0.5 is not finite and >= 0"));
    const std::string nan = "0,0\n1,nan\n";
    const Cycle bad = load("nan.csv", &nan);
    DL_PLAIN_CHECK(!bad.ok, "a NaN speed is refused");
    DL_PLAIN_CHECK(bad.errors.find("lab: cycle: file: nan.csv line 2: value") != std::string::npos, bad.errors);
}

DL_PLAIN_MAIN()
