// labs/drive-cycle.lab.json: a driver following two ECE-15 urban cycles (issue 17). What a user
// reads from the report, checked against what the cycle and the lab's commands prescribe:
//
//   trace (labs/ece15-urban-cycle.csv, km/h) --scale 1/(3.6 r)--> throttle and brake PI drivers
//   --> engine --> converter (+ lockup on a signal) --> two-speed planetary (shifts on signals)
//   --> 4:1 final drive --> vehicle (126 kg m^2 at the 0.3 m wheels)
//
//   - speed tracking: |target - wheel speed| stays inside the regulation's +-2 km/h band
//     (UN ECE R83 allows 2 km/h and 1 s); the RMS error is reported in docs/DRIVE_CYCLE.md;
//   - distance: the wheels roll the trace's integral, 2 x 1014.58 m (within creep at standstill);
//   - the lockup is locked exactly while its signal commands it: 3 windows x 2 cycles = 88 s;
//   - the converter's drive modes cover the run (drive 1: pump drives; 3: the vehicle drives
//     the engine when coasting);
//   - energy books at rounding; the heats add up: converter + clutches + service brake heat =
//     what the oil and the ledger received.
//
// The trace itself (traceFollowsTheRegulationsTable) against the table of operations UN
// Regulation No. 83 publishes for the elementary urban cycle (Annex 4a, Appendix 1; the same
// cycle as Part One of the Type I test of EU Directive 70/220/EEC), encoded below as published:
//
//   km/h                                      steady 50
//    50 |                                   ______
//    35 |                             _____/      \______  steady 35, then the gear change
//    32 |              ______        /                    \_ 35 -> 32 km/h in 2 s
//    15 |   __        /      \    __/                        \  32 -> 10 km/h, -0.86 m/s^2
//     0 |__/  \______/        \__/                            \__  idling 7 s
//       0  11 23 28  49 61  85 96 117      143 155 163  176 178 188 195 s
//
// Within an operation the speed runs straight (constant acceleration) from its start to its
// end speed; a gear change, which the table gives no speed, runs from the end speed of the
// operation before it to the start speed of the one after it. Sampled at every whole second
// this is the expected trace; the csv holds it to its 6 significant digits, twice (390 s).
// Distance per cycle, closed form: sum over the operations of (v0 + v1)/2 * duration / 3.6
// = 3652.5 km/h s / 3.6 = 1014.583 m.
#include "testutil.h"

#include <QFile>

#include <cmath>
#include <iterator>
#include <map>
#include <string>
#include <utility>
#include <vector>

using namespace drivelab;
using namespace drivelab::test;

class TestDriveCycle : public QObject {
    Q_OBJECT
private slots:
    void traceFollowsTheRegulationsTable();
    void followsTheCycle();
};

namespace {

/// one row of the regulation's table of operations
struct Operation {
    int number;            ///< operation number
    const char* operation; ///< what the table calls it
    int phase;             ///< phase number
    double acceleration;   ///< as published, 2 decimals [m/s^2]; NAN where the table gives none
    double v0, v1;         ///< the speed column, "v0-v1" (or one speed for steady, 0 for idling); NAN: none (gear change) [km/h]
    int duration;          ///< duration of the operation [s]
    int phaseDuration;     ///< duration of its phase as published (on the phase's first row; 0 on the others) [s]
    int cumulative;        ///< cumulative time at its end [s]
};

// UN Regulation No. 83, Annex 4a, Appendix 1: the elementary urban cycle on the chassis
// dynamometer (its operations, 195 s). Checked against the copies at hand: the Regulation's
// breakdown by operation (below) and the copy of rows 19-25 in the Central Motor Vehicles Rules,
// 1989 (India), which adopts the cycle: the same operations, phases, accelerations, durations
// and cumulative times, though it prints operation 23's speeds as 31-10 km/h (-0.86 m/s^2 is
// 32 -> 10 km/h in 7 s to the table's rounding, -0.87; 31 -> 10 would be -0.83).
constexpr double kNone = NAN;
const Operation kEce15[] = {
    {1, "idling", 1, kNone, 0, 0, 11, 11, 11},
    {2, "acceleration", 2, 1.04, 0, 15, 4, 4, 15},
    {3, "steady speed", 3, kNone, 15, 15, 8, 8, 23},
    {4, "deceleration", 4, -0.69, 15, 10, 2, 5, 25},
    {5, "deceleration, clutch disengaged", 4, -0.92, 10, 0, 3, 0, 28},
    {6, "idling", 5, kNone, 0, 0, 21, 21, 49},
    {7, "acceleration", 6, 0.83, 0, 15, 5, 12, 54},
    {8, "gear change", 6, kNone, kNone, kNone, 2, 0, 56},
    {9, "acceleration", 6, 0.94, 15, 32, 5, 0, 61},
    {10, "steady speed", 7, kNone, 32, 32, 24, 24, 85},
    {11, "deceleration", 8, -0.75, 32, 10, 8, 11, 93},
    {12, "deceleration, clutch disengaged", 8, -0.92, 10, 0, 3, 0, 96},
    {13, "idling", 9, kNone, 0, 0, 21, 21, 117},
    {14, "acceleration", 10, 0.83, 0, 15, 5, 26, 122},
    {15, "gear change", 10, kNone, kNone, kNone, 2, 0, 124},
    {16, "acceleration", 10, 0.62, 15, 35, 9, 0, 133},
    {17, "gear change", 10, kNone, kNone, kNone, 2, 0, 135},
    {18, "acceleration", 10, 0.52, 35, 50, 8, 0, 143},
    {19, "steady speed", 11, kNone, 50, 50, 12, 12, 155},
    {20, "deceleration", 12, -0.52, 50, 35, 8, 8, 163},
    {21, "steady speed", 13, kNone, 35, 35, 13, 13, 176},
    {22, "gear change", 14, kNone, kNone, kNone, 2, 12, 178},
    {23, "deceleration", 14, -0.86, 32, 10, 7, 0, 185},
    {24, "deceleration, clutch disengaged", 14, -0.92, 10, 0, 3, 0, 188},
    {25, "idling", 15, kNone, 0, 0, 7, 7, 195},
};
constexpr int kOperations = static_cast<int>(std::size(kEce15));

/// (start, end) speed of operation i [km/h]: a gear change runs from its neighbours' speeds
std::pair<double, double> speeds(int i)
{
    if (!std::isnan(kEce15[i].v0)) return {kEce15[i].v0, kEce15[i].v1};
    return {kEce15[i - 1].v1, kEce15[i + 1].v0};
}

/// the table's speed at t seconds into the cycle (0 <= t <= 195) [km/h]
double tableSpeed(double t)
{
    double start = 0.0;
    for (int i = 0; i < kOperations; ++i) {
        const double end = start + kEce15[i].duration;
        if (t <= end) {
            const auto [v0, v1] = speeds(i);
            return v0 + (v1 - v0) * (t - start) / kEce15[i].duration;
        }
        start = end;
    }
    return 0.0;
}

} // namespace

void TestDriveCycle::traceFollowsTheRegulationsTable()
{
    // the table is consistent with itself: cumulative times, phase durations, the breakdown
    // by operation the Regulation publishes (idling 60 s, decelerations with the clutch
    // disengaged 9 s, gear changes 8 s, accelerations 36 s, steady speeds 57 s, decelerations
    // 25 s), and every published acceleration is its speed change over its duration to the
    // table's two decimals (the loosest: operation 11, -0.75 for -0.764; 23, -0.86 for -0.873)
    int cumulative = 0;
    std::map<std::string, int> byOperation;
    std::map<int, int> byPhase;
    double kmhSeconds = 0.0;
    for (int i = 0; i < kOperations; ++i) {
        const Operation& op = kEce15[i];
        QCOMPARE(op.number, i + 1);
        cumulative += op.duration;
        QVERIFY2(
            op.cumulative == cumulative,
            qPrintable(QString("operation %1: cumulative %2 s, durations add to %3 s").arg(op.number).arg(op.cumulative).arg(cumulative)));
        byOperation[op.operation] += op.duration;
        byPhase[op.phase] += op.duration;
        const auto [v0, v1] = speeds(i);
        kmhSeconds += 0.5 * (v0 + v1) * op.duration;
        if (!std::isnan(op.acceleration)) {
            const double a = (v1 - v0) / 3.6 / op.duration;
            QVERIFY2(std::fabs(a - op.acceleration) < 0.015,
                     qPrintable(QString("operation %1: published %2 m/s^2, %3 -> %4 km/h in %5 s is %6 m/s^2")
                                    .arg(op.number)
                                    .arg(op.acceleration)
                                    .arg(v0)
                                    .arg(v1)
                                    .arg(op.duration)
                                    .arg(a)));
        } else {
            QVERIFY2(v0 == v1 || std::string(op.operation) == "gear change", qPrintable(QString::number(op.number)));
        }
    }
    QCOMPARE(cumulative, 195);
    for (const Operation& op : kEce15) {
        if (op.phaseDuration > 0) QVERIFY2(byPhase[op.phase] == op.phaseDuration, qPrintable(QString("phase %1").arg(op.phase)));
    }
    QCOMPARE(byOperation["idling"], 60);
    QCOMPARE(byOperation["deceleration, clutch disengaged"], 9);
    QCOMPARE(byOperation["gear change"], 8);
    QCOMPARE(byOperation["acceleration"], 36);
    QCOMPARE(byOperation["steady speed"], 57);
    QCOMPARE(byOperation["deceleration"], 25);
    // the gear change before the last braking decelerates 35 -> 32 km/h
    QCOMPARE(speeds(21), std::make_pair(35.0, 32.0));
    // distance per cycle, closed form
    const double perCycle = kmhSeconds / 3.6;
    qInfo("table: %.3f m per cycle", perCycle);
    QCOMPARE(kmhSeconds, 3652.5);

    // the shipped csv: every second of two cycles, each sample the table's speed to the
    // file's 6 significant digits (at most 5e-5 km/h off below 100 km/h)
    QFile f(DRIVELAB_SOURCE_DIR "/labs/ece15-urban-cycle.csv");
    QVERIFY(f.open(QIODevice::ReadOnly | QIODevice::Text));
    std::vector<std::pair<double, double>> rows;
    bool header = false;
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith('#')) continue;
        if (!header) {
            QCOMPARE(line, QString("time_s,speed_kmh"));
            header = true;
            continue;
        }
        const QStringList cells = line.split(',');
        QCOMPARE(cells.size(), 2);
        rows.emplace_back(cells[0].toDouble(), cells[1].toDouble());
    }
    QCOMPARE(static_cast<int>(rows.size()), 391);
    double csvKmhSeconds[2] = {0.0, 0.0};
    for (std::size_t n = 0; n < rows.size(); ++n) {
        const auto [t, v] = rows[n];
        QCOMPARE(t, static_cast<double>(n));
        const double expected = tableSpeed(n <= 195 ? t : t - 195.0);
        QVERIFY2(std::fabs(v - expected) <= 5e-5,
                 qPrintable(
                     QString("labs/ece15-urban-cycle.csv: %1 s: %2 km/h, the table gives %3 km/h").arg(t).arg(v).arg(expected, 0, 'g', 8)));
        if (n > 0) csvKmhSeconds[n <= 195 ? 0 : 1] += 0.5 * (rows[n - 1].second + v);
    }
    for (double s : csvKmhSeconds) QVERIFY2(std::fabs(s / 3.6 - perCycle) < 1e-3, qPrintable(QString::number(s / 3.6, 'f', 4)));
}

void TestDriveCycle::followsTheCycle()
{
    const LoadedLab loaded = loadLab(DRIVELAB_SOURCE_DIR "/labs/drive-cycle.lab.json");
    QVERIFY2(loaded.model, qPrintable(describe(loaded.diagnostics)));
    QVERIFY2(loaded.diagnostics.empty(), qPrintable(describe(loaded.diagnostics)));
    const Trace t = simulate(loaded.model);
    QVERIFY(t.ok);
    const double kmh = 1.0 / (3.6 * 0.3); // km/h -> wheel rad/s
    const double dt = 0.1;                // report every 0.1 s
    double worst = 0.0, sum2 = 0.0, locked = 0.0;
    double mode[5] = {0, 0, 0, 0, 0};
    for (std::size_t n = 1; n < t.rows.size(); ++n) {
        const double e = (t.at(n, "cycle", "value") * kmh - t.at(n, "wheels", "speed")) / kmh; // km/h
        worst = std::max(worst, std::fabs(e));
        sum2 += e * e;
        locked += t.at(n, "lockup", "locked") * dt;
        mode[static_cast<int>(t.at(n, "tc", "converter_drive"))] += dt;
    }
    const double rms = std::sqrt(sum2 / static_cast<double>(t.rows.size() - 1));
    qInfo("tracking: rms %.3f km/h, worst %.3f km/h; lockup locked %.1f s; drive modes 0..4: %.1f %.1f %.1f %.1f %.1f s", rms, worst,
          locked, mode[0], mode[1], mode[2], mode[3], mode[4]);
    QVERIFY2(worst < 2.0, qPrintable(QString::number(worst)));
    QVERIFY(rms < 1.0);
    QVERIFY2(std::fabs(locked - 88.0) < 0.15, qPrintable(QString::number(locked)));
    QVERIFY(mode[1] > 300.0 && mode[3] > 0.0);
    QVERIFY(std::fabs(mode[0] + mode[1] + mode[2] + mode[3] + mode[4] - 390.0) < 1e-6);
    const double distance = t.rows.back()[static_cast<std::size_t>(t.column("wheels", "angle"))] * 0.3;
    qInfo("distance %.1f m (trace 2029.2 m)", distance);
    QVERIFY(distance > 2029.1 && distance < 2029.2 * 1.03);
    // the books: every joule the engine delivered is stored, in the oil or in the ledger
    qInfo("energy residual %g J of %g J moved", t.energy.residual, energyScale(t.energy));
    QVERIFY2(std::fabs(t.energy.residual) <= residualBound(energyScale(t.energy), t.ticks.back()),
             qPrintable(QString::number(t.energy.residual)));
    const std::size_t last = t.rows.size() - 1;
    const double heats = t.at(last, "tc", "fluid_heat") + t.at(last, "lockup", "friction_heat") +
                         t.at(last, "ring_brake", "friction_heat") + t.at(last, "direct_clutch", "friction_heat") +
                         t.at(last, "service_brake", "friction_heat");
    qInfo("heat: converter %.0f J, lockup %.0f J, shift elements %.0f J, service brake %.0f J", t.at(last, "tc", "fluid_heat"),
          t.at(last, "lockup", "friction_heat"), t.at(last, "ring_brake", "friction_heat") + t.at(last, "direct_clutch", "friction_heat"),
          t.at(last, "service_brake", "friction_heat"));
    QVERIFY2(std::fabs(heats - t.energy.heatToNodes) < 1e-9 * heats, qPrintable(QString("%1 vs %2").arg(heats).arg(t.energy.heatToNodes)));
}

QTEST_GUILESS_MAIN(TestDriveCycle)
#include "tst_drivecycle.moc"
