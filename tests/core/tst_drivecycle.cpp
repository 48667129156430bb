// labs/drive-cycle.lab.json: a driver following two ECE-15 urban cycles (issue 17). What a user
// reads from the report, checked against what the cycle and the lab's commands prescribe:
//
//   trace (labs/ece15-urban-cycle.csv, km/h) --scale 1/(3.6 r)--> throttle and brake PI drivers
//   --> engine --> converter (+ lockup on a signal) --> two-speed planetary (shifts on signals)
//   --> 4:1 final drive --> vehicle (126 kg m^2 at the 0.3 m wheels)
//
//   - speed tracking: |target - wheel speed| stays inside the regulation's +-2 km/h band
//     (UN ECE R83 allows 2 km/h and 1 s); the RMS error is reported in docs/DRIVE_CYCLE.md;
//   - distance: the wheels roll the trace's integral, 2 x 1018.3 m (within creep at standstill);
//   - the lockup is locked exactly while its signal commands it: 3 windows x 2 cycles = 88 s;
//   - the converter's drive modes cover the run (drive 1: pump drives; 3: the vehicle drives
//     the engine when coasting);
//   - energy books at rounding; the heats add up: converter + clutches + service brake heat =
//     what the oil and the ledger received.
#include "testutil.h"

#include <cmath>

using namespace drivelab;
using namespace drivelab::test;

class TestDriveCycle : public QObject {
    Q_OBJECT
private slots:
    void followsTheCycle();
};

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
    qInfo("distance %.1f m (trace 2036.7 m)", distance);
    QVERIFY(distance > 2036.0 && distance < 2036.7 * 1.03);
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
