// The cylinder's tangent step (docs/PHYSICS.md, "Changes to results" 9): a Newton trial point
// a hair of crank travel from the interval's last full integration takes the cylinder's outputs
// from it by their tangents (EngineCylinder::extrapolate). Its accuracy against full
// integrations, its books, its refusal across events and sub-step counts, and its use on the
// fired-converter lab.
#include <cstdint>

#include "testutil.h"

#include "components/rotational/enginecylinder.h"
#include "components/registry.h"

using namespace drivelab;
using namespace drivelab::test;

class TestCylinderTangent : public QObject {
    Q_OBJECT
private slots:
    void tangentStepMatchesIntegration();
    void tangentStepRefusedAcrossEvents();
    void firedConverterTakesTangentSteps();
};

namespace {

std::string cylinderJson(const std::string& id, double phase, double fuelFraction, double wallG)
{
    return R"({"id": ")" + id + R"(", "type": "cylinder", "node_a": "crank", "inputs": {"fuel_fraction": )" + formatDouble(fuelFraction) +
           R"(}, "parameters": {"bore": 0.086, "stroke": 0.086, "rod_length": 0.145, "compression_ratio": 10, "crank_phase": )" +
           formatDouble(phase) + R"(, "ivc_angle": -2.4, "evo_angle": 2.3, "burn_start": -0.26, "burn_duration": 1.05,
               "fuel_energy": 900, "intake_pressure": 100000, "intake_temperature": 320, "wall_conductance": )" +
           formatDouble(wallG) + R"(, "wall_temperature": 400}})";
}

} // namespace

namespace {

// the fired lab's cylinder (wall 5 W/K, wall at 360 K) and its charge's temperature at phi0:
// trapped at IVC and compressed (and burned) adiabatically
struct TangentBench {
    EngineCylinder::Params p;
    double h = 50e-6, tWall = 360.0;
    double chargeTemperature(double phi0) const
    {
        if (!EngineCylinder::closed(p, phi0)) return p.tInt;
        EngineCylinder::Params adiabatic = p;
        adiabatic.wallG = 0.0;
        EngineCylinder::Interval iv;
        EngineCylinder::integrate(adiabatic, p.ivc, p.tInt, phi0 - p.ivc, 1.0, p.tInt, 1.0, iv);
        return iv.tEnd;
    }
};

} // namespace

// A Newton trial point within kTangentReach (3e-8 rad) of the predictor's travel takes every
// output of the interval from the predictor's integration and its tangents
// (EngineCylinder::extrapolate). Over the closed part of the cycle at 60, 140 and 300 rad/s,
// each output (work, gas work, crankcase work, fuel, wall heat, exhaust heat, m c_v T_end) at
// theta +- reach and +- reach / 3 agrees with a full integration there to 1e-11 J, the rounding
// of one interval's work used above (measured: 3.1e-12 J; the integration's own jitter, W at
// travels 1e-12 rad apart off its tangent line, is 1.4e-12 J; the neglected term
// reach^2 max|W''| / 2 = 9e-16 * 1.4e3 / 2 = 6e-13 J). The extrapolated outputs keep the
// books: work = W_gas + W_env and W_gas = Q_fuel - Q_wall - Q_exhaust - m c_v (T_end - T_start)
// to 2e-13 J, below an ulp of m c_v T ~ 1000 J (measured 4.5e-14 J). A broken tangent fails by
// far more: the fuel's moves 5e-5 J over the reach, the exhaust's 1e-6 J.
void TestCylinderTangent::tangentStepMatchesIntegration()
{
    DL_COMPILE(model, lab(runSettings(50000, 50000, 1), "[" + rot("crank", 1, 60) + "]", "[" + cylinderJson("cyl", -3.0, 1.0, 5.0) + "]"));
    TangentBench b{model->params->of<EngineCylinder>()[0]};
    const EngineCylinder::Params& p = b.p;
    const double mcv = p.charge * p.cv;
    const double reach = EngineCylinder::kTangentReach;
    double kept[EngineCylinder::kKeptSize];
    double worst = 0.0, worstBooks = 0.0;
    int taken = 0, tried = 0;
    for (double phi0 = -2.45; phi0 < 2.35; phi0 += 0.0137) {
        const double t0 = b.chargeTemperature(phi0);
        const auto a = EngineCylinder::startPoint(p, phi0);
        for (double w : {60.0, 140.0, 300.0}) {
            const double theta = b.h * w;
            EngineCylinder::Interval ip;
            EngineCylinder::integrate(p, a, t0, theta, b.h, b.tWall, 1.0, true, ip);
            EngineCylinder::remember(kept, ip, theta, b.h, t0, b.tWall, 1.0);
            for (double d : {-reach, -reach / 3.0, reach / 3.0, reach}) {
                ++tried;
                EngineCylinder::Interval ex;
                if (!EngineCylinder::extrapolate(p, kept, theta + d, b.h, t0, b.tWall, 1.0, ex)) continue;
                ++taken;
                EngineCylinder::Interval full;
                EngineCylinder::integrate(p, a, t0, theta + d, b.h, b.tWall, 1.0, false, full);
                const double diffs[] = {ex.work - full.work,       ex.gasWork - full.gasWork, ex.envWork - full.envWork,
                                        ex.fuel - full.fuel,       ex.wall - full.wall,       ex.exhaust - full.exhaust,
                                        mcv * (ex.tEnd - full.tEnd)};
                for (double e : diffs) worst = std::max(worst, std::fabs(e));
                QVERIFY2(std::fabs(diffs[0]) <= 1e-11 && std::fabs(diffs[1]) <= 1e-11 && std::fabs(diffs[2]) <= 1e-11 &&
                             std::fabs(diffs[3]) <= 1e-11 && std::fabs(diffs[4]) <= 1e-11 && std::fabs(diffs[5]) <= 1e-11 &&
                             std::fabs(diffs[6]) <= 1e-11,
                         qPrintable(QString("phi0 %1 w %2 d %3: work %4 gas %5 env %6 fuel %7 wall %8 exhaust %9 mcv T %10")
                                        .arg(phi0)
                                        .arg(w)
                                        .arg(d)
                                        .arg(diffs[0])
                                        .arg(diffs[1])
                                        .arg(diffs[2])
                                        .arg(diffs[3])
                                        .arg(diffs[4])
                                        .arg(diffs[5])
                                        .arg(diffs[6])));
                const double books[] = {ex.work - (ex.gasWork + ex.envWork),
                                        ex.gasWork - (ex.fuel - ex.wall - ex.exhaust - mcv * (ex.tEnd - t0))};
                for (double e : books) worstBooks = std::max(worstBooks, std::fabs(e));
                QVERIFY2(std::fabs(books[0]) <= 2e-13 && std::fabs(books[1]) <= 2e-13,
                         qPrintable(QString("phi0 %1 w %2 d %3: books off by %4, %5 J").arg(phi0).arg(w).arg(d).arg(books[0]).arg(books[1])));
            }
        }
    }
    qInfo("tangent step: %d of %d trial travels taken; worst output difference %.3g J, books %.3g J", taken, tried, worst, worstBooks);
    // refused only where the reach crosses an event or a sub-step count (a few per cent)
    QVERIFY2(taken > tried * 9 / 10, qPrintable(QString("taken %1 of %2").arg(taken).arg(tried)));
}

// The tangent step is refused wherever the integration at the trial travel would not have the
// kept one's pieces and sub-step counts: a travel ending 1e-8 rad short of an event (IVC, burn
// start, burn end, EVO) with a trial 2e-8 past it, one ending 1e-8 rad short of a second sub-step
// (0.01 rad) with a trial past it, a cycle wrap; and whenever the interval differs (length, start
// temperature, wall temperature, fuel) or the trial lies beyond the reach. Across an event the
// tangent line is far off the integration (the EVO blow-down alone moves 1e2 J).
void TestCylinderTangent::tangentStepRefusedAcrossEvents()
{
    DL_COMPILE(model, lab(runSettings(50000, 50000, 1), "[" + rot("crank", 1, 60) + "]", "[" + cylinderJson("cyl", -3.0, 1.0, 5.0) + "]"));
    TangentBench b{model->params->of<EngineCylinder>()[0]};
    const EngineCylinder::Params& p = b.p;
    const double theta = b.h * 140.0;
    double kept[EngineCylinder::kKeptSize];
    const auto keep = [&](double phi0, double th, double t0) {
        EngineCylinder::Interval ip;
        EngineCylinder::integrate(p, EngineCylinder::startPoint(p, phi0), t0, th, b.h, b.tWall, 1.0, true, ip);
        EngineCylinder::remember(kept, ip, th, b.h, t0, b.tWall, 1.0);
        return ip;
    };
    // every event, the travel ending 1e-8 rad short of it
    for (double event : {p.ivc, p.soc, p.soc + p.duration, p.evo, 2.0 * EngineCylinder::kPi}) {
        const double phi0 = event - theta - 1e-8;
        const double t0 = b.chargeTemperature(phi0);
        const EngineCylinder::Interval ip = keep(phi0, theta, t0);
        EngineCylinder::Interval ex;
        QVERIFY2(EngineCylinder::extrapolate(p, kept, theta + 0.5e-8, b.h, t0, b.tWall, 1.0, ex), qPrintable(QString("event %1").arg(event)));
        QVERIFY2(!EngineCylinder::extrapolate(p, kept, theta + 2e-8, b.h, t0, b.tWall, 1.0, ex), qPrintable(QString("event %1").arg(event)));
        if (event == p.evo) {
            EngineCylinder::Interval full;
            EngineCylinder::integrate(p, EngineCylinder::startPoint(p, phi0), t0, theta + 2e-8, b.h, b.tWall, 1.0, false, full);
            QVERIFY(full.exhaust > 100.0 && ip.exhaust == 0.0);
        }
    }
    // a closed piece's sub-step count: 0.01 rad is one sub-step, a hair more two
    {
        const double phi0 = 0.3, th = EngineCylinder::kMaxSubStep - 1e-8, t0 = b.chargeTemperature(phi0);
        keep(phi0, th, t0);
        EngineCylinder::Interval ex;
        QVERIFY(EngineCylinder::extrapolate(p, kept, th - 2e-8, b.h, t0, b.tWall, 1.0, ex));
        QVERIFY(!EngineCylinder::extrapolate(p, kept, th + 2e-8, b.h, t0, b.tWall, 1.0, ex));
    }
    // a different interval, or a trial beyond the reach
    {
        const double phi0 = 0.3, t0 = b.chargeTemperature(phi0);
        keep(phi0, theta, t0);
        EngineCylinder::Interval ex;
        const double d = 1e-8;
        QVERIFY(EngineCylinder::extrapolate(p, kept, theta + d, b.h, t0, b.tWall, 1.0, ex));
        QVERIFY(!EngineCylinder::extrapolate(p, kept, theta + d, 0.5 * b.h, t0, b.tWall, 1.0, ex));
        QVERIFY(!EngineCylinder::extrapolate(p, kept, theta + d, b.h, t0 + 1e-9, b.tWall, 1.0, ex));
        QVERIFY(!EngineCylinder::extrapolate(p, kept, theta + d, b.h, t0, b.tWall + 1e-9, 1.0, ex));
        QVERIFY(!EngineCylinder::extrapolate(p, kept, theta + d, b.h, t0, b.tWall, 0.5, ex));
        QVERIFY(!EngineCylinder::extrapolate(p, kept, theta + 1.5 * EngineCylinder::kTangentReach, b.h, t0, b.tWall, 1.0, ex));
        QVERIFY(!EngineCylinder::extrapolate(p, kept, theta - 1.5 * EngineCylinder::kTangentReach, b.h, t0, b.tWall, 1.0, ex));
        // turning backwards keeps nothing
        EngineCylinder::Interval back;
        EngineCylinder::integrate(p, EngineCylinder::startPoint(p, phi0), t0, -theta, b.h, b.tWall, 1.0, true, back);
        EngineCylinder::remember(kept, back, -theta, b.h, t0, b.tWall, 1.0);
        QVERIFY(!EngineCylinder::extrapolate(p, kept, -theta + d, b.h, t0, b.tWall, 1.0, ex));
    }
}

// On the fired-converter lab the tangent step is taken at the Newton trial point of most ticks
// (SolverStats::shortcuts; a tick's cylinders past their open reach at the trial point are
// about 1.5 of the four), and the energy books close at rounding with it.
void TestCylinderTangent::firedConverterTakesTangentSteps()
{
    const auto loaded = loadLab(DRIVELAB_SOURCE_DIR "/labs/fired-converter.lab.json");
    QVERIFY(loaded.model);
    Session s(loaded.model);
    std::int64_t ticksWith = 0, previous = 0;
    while (!s.finished()) {
        QCOMPARE(s.run(1).status, BatchStatus::Completed);
        ticksWith += s.stats().shortcuts > previous ? 1 : 0;
        previous = s.stats().shortcuts;
    }
    const std::int64_t ticks = s.tick();
    qInfo("tangent steps: %lld on %lld of %lld ticks, %lld Newton iterations", static_cast<long long>(s.stats().shortcuts),
          static_cast<long long>(ticksWith), static_cast<long long>(ticks), static_cast<long long>(s.stats().newtonIterations));
    QVERIFY2(ticksWith * 10 > ticks * 8, qPrintable(QString("tangent steps on %1 of %2 ticks").arg(ticksWith).arg(ticks)));
    Trace tr;
    tr.energy = s.energy();
    tr.ticks.push_back(ticks);
    DL_ENERGY_BALANCED(tr);
}

QTEST_GUILESS_MAIN(TestCylinderTangent)
#include "tst_cylindertangent.moc"
