// The fired cylinder (slider-crank, single-zone charge, Wiebe burn, wall heat) and the
// fired-converter laboratory.
#include <bit>
#include <cstdint>
#include <vector>

#include "testutil.h"

#include "components/rotational/enginecylinder.h"
#include "util/hash.h"
#include "components/registry.h"

using namespace drivelab;
using namespace drivelab::test;

class TestCylinder : public QObject {
    Q_OBJECT
private slots:
    void sliderCrankVolumes();
    void cycleWrapIsFmodBitForBit();
    void wiebeReleasesExactlyTheFuel();
    void motoredCylinderReturnsItsWork();
    void firedCylinderBooksClose();
    void crankTravelLimitedPerInterval();
    void crankTravelBoundHoldsFromRest();
    void crankTravelBeyondBoundFails();
    void backwardsAdiabaticFollowsPosition();
    void backwardsReleaseAtIvcIsBooked();
    void backwardsWallHeatBooksClose();
    void analyticDerivativeMatchesCentralDifference();
    void firedConverterRefinement();
    void firedConverterPinned();
};

namespace {

// the fired-converter laboratory's results (docs/FIRED_CONVERTER.md)
constexpr double FIRED_CRANK = 66.05303831560195;
constexpr double FIRED_VEHICLE = 22.01767943853403;
constexpr double FIRED_FLUID = 1434.9936886664973;
constexpr double FIRED_LOCKUP = 1035.9389423450775;
constexpr double FIRED_SHIFT = 254.23884309626854;
constexpr double FIRED_BRAKE = 76.60606554469469;
constexpr double FIRED_OIL = 300.5603555079305;
constexpr const char* FIRED_FINGERPRINT = "a7bf6c4bea1a8c77";
constexpr const char* FIRED_HASH = "8d88fe3501d58492";

std::string cylinderJson(const std::string& id, double phase, double fuelFraction, double wallG, double evo = 2.3,
                         const std::string& extra = R"(, "wall_temperature": 400)", const std::string& ports = "")
{
    return R"({"id": ")" + id + R"(", "type": "cylinder", "node_a": "crank")" + ports + R"(, "inputs": {"fuel_fraction": )" +
           formatDouble(fuelFraction) +
           R"(}, "parameters": {"bore": 0.086, "stroke": 0.086, "rod_length": 0.145, "compression_ratio": 10, "crank_phase": )" +
           formatDouble(phase) + R"(, "ivc_angle": -2.4, "evo_angle": )" + formatDouble(evo) +
           R"(, "burn_start": -0.26, "burn_duration": 1.05, "fuel_energy": 900, "intake_pressure": 100000,
               "intake_temperature": 320, "wall_conductance": )" +
           formatDouble(wallG) + extra + "}}";
}

} // namespace

// The cycle angle's wrap takes phi - n 4 pi without libm's fmod (EngineCylinder::fmodCycle):
// fmod's result is exact, so the replacement must give the same bits for every angle: multiples
// of 4 pi and their neighbours one ulp either side (where the quotient rounds up), random angles
// over the range a run reaches and beyond the fast path's 4e8 rad, negative angles, zero, NaN, inf.
void TestCylinder::cycleWrapIsFmodBitForBit()
{
    const double y = 4.0 * EngineCylinder::kPi;
    const auto same = [](double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b); };
    std::vector<double> angles = {0.0, -0.0, y, -y, 2.0 * y, 1e-300, 4.2e8, 4.3e8, 1e12, HUGE_VAL, -HUGE_VAL, std::nan("")};
    for (double k = 1.0; k <= 1e7; k = k < 64.0 ? k + 1.0 : k * 1.37) {
        const double m = std::nearbyint(k) * y;
        for (double v = m, i = 0; i < 4; ++i, v = std::nextafter(v, 0.0)) angles.push_back(v);
        for (double v = m, i = 0; i < 4; ++i, v = std::nextafter(v, HUGE_VAL)) angles.push_back(v);
    }
    std::uint64_t seed = 0x9e3779b97f4a7c15ull;
    for (int i = 0; i < 200000; ++i) {
        seed = seed * 6364136223846793005ull + 1442695040888963407ull;
        const double u = static_cast<double>(seed >> 11) / 9007199254740992.0;
        const double scale = i % 3 == 0 ? 1e3 : (i % 3 == 1 ? 1e6 : 1e9);
        angles.push_back((2.0 * u - 1.0) * scale);
    }
    int checked = 0;
    for (double a : angles) {
        const double want = std::fmod(a, y), got = EngineCylinder::fmodCycle(a);
        if (!(std::isnan(want) && std::isnan(got)) && !same(want, got))
            QFAIL(qPrintable(QString("fmod(%1, 4 pi): %2 from std::fmod, %3 from fmodCycle").arg(a, 0, 'g', 17).arg(want, 0, 'g', 17).arg(got, 0, 'g', 17)));
        ++checked;
    }
    QVERIFY(checked > 200000);
}

// Slider-crank: V(0) = Vc (TDC), V(pi) = Vc + A * stroke (BDC), Vc = A * stroke / (CR - 1);
// the volume is 2 pi periodic in crank angle; the trapped charge is p_int V(IVC) / (R T_int).
void TestCylinder::sliderCrankVolumes()
{
    DL_COMPILE(model, lab(runSettings(50000, 50000, 1), "[" + rot("crank", 1, 60) + "]", "[" + cylinderJson("cyl", -3.0, 1.0, 0.0) + "]"));
    const auto& p = model->params->of<EngineCylinder>()[0];
    const double pi = EngineCylinder::kPi, area = pi * 0.086 * 0.086 / 4.0, vd = area * 0.086, vc = vd / 9.0;
    DL_NEAR(EngineCylinder::volume(p, 0.0), vc, 1e-18);
    DL_NEAR(EngineCylinder::volume(p, pi), vc + vd, 1e-18);
    DL_NEAR(EngineCylinder::volume(p, 0.7), EngineCylinder::volume(p, 0.7 + 2 * pi), 1e-18);
    DL_NEAR(EngineCylinder::volume(p, 0.7), EngineCylinder::volume(p, -0.7), 1e-18);
    DL_NEAR(p.charge, 100000.0 * EngineCylinder::volume(p, -2.4) / (287.0 * 320.0), 1e-18);
}

// The Wiebe law is normalised: over a whole burn exactly the fuel energy is released, every
// cycle (cumulative fuel = 900 J per completed cycle, to rounding).
void TestCylinder::wiebeReleasesExactlyTheFuel()
{
    // 600 rpm: a cycle (4 pi) takes 0.2 s; the run covers 3 whole cycles (a heavy flywheel
    // keeps the speed within 0.1 %)
    DL_COMPILE(model, lab(runSettings(50000, 600000000, 1000), "[" + rot("crank", 5e3, 20.0 * EngineCylinder::kPi) + "]",
                          "[" + cylinderJson("cyl", -3.0, 1.0, 8.0) + "]"));
    DL_SIMULATE(tr, model);
    const std::size_t last = tr.rows.size() - 1;
    DL_NEAR(tr.at(last, "cyl", "fuel_energy"), 3 * 900.0, 1e-10);
    const auto& p = model->params->of<EngineCylinder>()[0];
    QCOMPARE(EngineCylinder::burned(p, p.soc), 0.0);
    QCOMPARE(EngineCylinder::burned(p, p.soc + p.duration), 1.0);
    DL_ENERGY_BALANCED(tr);
}

// A motored cylinder (no fuel) with adiabatic walls returns its compression work over a
// cycle: with EVO at the volume of IVC the charge comes back to its intake state, the net gas
// work of each cycle is zero to rounding and nothing leaves as exhaust.
//   crank at 600 rpm (inertia 1e6 keeps the speed); IVC -2.4 rad, EVO +2.4 rad
void TestCylinder::motoredCylinderReturnsItsWork()
{
    DL_COMPILE(model, lab(runSettings(50000, 400000000, 200), "[" + rot("crank", 1e6, 20.0 * EngineCylinder::kPi) + "]",
                          "[" + cylinderJson("cyl", -3.0, 0.0, 0.0, 2.4) + "]"));
    DL_SIMULATE(tr, model);
    double peak = 0.0;
    for (std::size_t i = 0; i < tr.rows.size(); ++i) peak = std::max(peak, std::fabs(tr.at(i, "cyl", "gas_work")));
    QVERIFY(peak > 100.0);                       // the compression work is real
    const std::size_t last = tr.rows.size() - 1; // two whole cycles later
    DL_NEAR(tr.at(last, "cyl", "gas_work"), 0.0, 1e-11 * peak);
    QVERIFY(std::fabs(tr.energy.heatToLedger) < 1e-11 * peak);
    DL_NEAR(tr.at(last, "cyl", "temperature"), 320.0, 1e-9);
}

// A fired cylinder's books: fuel energy in = change of the crank's kinetic energy + charge
// energy + wall heat + exhaust heat (to rounding), with the wall heat routed to a thermal node.
void TestCylinder::firedCylinderBooksClose()
{
    DL_COMPILE(model, lab(runSettings(50000, 400000000, 100), "[" + rot("crank", 0.5, 62.8) + "," + thermalNode("block", 2000, 380) + "]",
                          "[" + cylinderJson("cyl", -3.0, 1.0, 6.0, 2.3, "", R"(, "heat_node": "block")") + "]"));
    DL_SIMULATE(tr, model);
    const std::size_t last = tr.rows.size() - 1;
    QVERIFY(tr.at(last, "crank", "speed") > 62.8);
    QVERIFY(tr.at(last, "cyl", "wall_heat") > 0.0);
    DL_NEAR(tr.energy.heatToNodes, tr.at(last, "cyl", "wall_heat"), 1e-9);
    DL_NEAR(tr.at(last, "block", "temperature"), 380.0 + tr.at(last, "cyl", "wall_heat") / 2000.0, 1e-10);
    QVERIFY(tr.at(last, "cyl", "fuel_energy") > tr.at(last, "cyl", "wall_heat"));
    DL_ENERGY_BALANCED(tr);
}

// An interval turns the crank at most 0.25 rad: at 1 ms ticks and 600 rad/s every tick is cut
// into ceil(0.6 / 0.25) = 3 intervals.
void TestCylinder::crankTravelLimitedPerInterval()
{
    DL_COMPILE(model,
               lab(runSettings(1000000, 10000000, 1), "[" + rot("crank", 1e6, 600) + "]", "[" + cylinderJson("cyl", -3.0, 0.0, 0.0) + "]"));
    Session s(model);
    QVERIFY(s.run(10).status == BatchStatus::Completed);
    QCOMPARE(s.stats().intervals, std::int64_t(30));
}

// The travel bound holds over the whole tick, from the solved speeds: a crank starting from
// rest under 2000 N m on 10 kg m^2 (about 200 rad/s^2) at 0.1 s ticks turns about 1 rad in
// its first tick, 3 in the second and 5 in the third (a split from the start speed alone
// gives the first tick a single interval): every tick needs at least travel / 0.25 intervals.
void TestCylinder::crankTravelBoundHoldsFromRest()
{
    DL_COMPILE(model, lab(runSettings(100000000, 300000000, 1), "[" + rot("crank", 10, 0) + "]",
                          "[" + cylinderJson("cyl", -3.0, 0.0, 0.0) + R"(, {"id": "drive", "type": "torque_step", "node_a": "crank",
                               "parameters": {"step_torque": 0, "offset_torque": 2000, "start_time": 0}}])"));
    Session s(model);
    std::vector<double> v(s.observableCount());
    const auto layout = observableLayout(*model);
    std::size_t angle = 0;
    for (std::size_t i = 0; i < layout.size(); ++i) {
        if (layout[i].subject == "crank" && layout[i].name == "angle") angle = i;
    }
    s.observe(v.data());
    double before = v[angle];
    std::int64_t intervals = s.stats().intervals;
    for (int tick = 0; tick < 3; ++tick) {
        QCOMPARE(s.run(1).status, BatchStatus::Completed);
        s.observe(v.data());
        const double travel = v[angle] - before;
        const std::int64_t n = s.stats().intervals - intervals;
        QVERIFY2(travel > 0.5, qPrintable(QString("tick %1 travel %2").arg(tick).arg(travel)));
        QVERIFY2(travel <= 0.25 * static_cast<double>(n) * (1.0 + 1e-12),
                 qPrintable(QString("tick %1: %2 rad in %3 intervals").arg(tick).arg(travel).arg(n)));
        before = v[angle];
        intervals = s.stats().intervals;
    }
}

// When the bound cannot hold within 64 intervals a tick, the tick fails naming the cylinder
// (never a silent drop of the bound): 1000 N m on 1e-4 kg m^2 from rest at 10 ms ticks turns
// the crank about 500 rad in the first tick.
void TestCylinder::crankTravelBeyondBoundFails()
{
    DL_COMPILE(model, lab(runSettings(10000000, 30000000, 1), "[" + rot("crank", 1e-4, 0) + "]",
                          "[" + cylinderJson("cyl", -3.0, 0.0, 0.0) + R"(, {"id": "drive", "type": "torque_step", "node_a": "crank",
                               "parameters": {"step_torque": 0, "offset_torque": 1000, "start_time": 0}}])"));
    Session s(model);
    const BatchResult r = s.run(3);
    QCOMPARE(r.status, BatchStatus::Failed);
    QCOMPARE(r.error.tick, std::int64_t(0));
    QCOMPARE(QString::fromStdString(r.error.subject), QString("cyl"));
    QVERIFY2(QString::fromStdString(r.error.message).contains("0.25 rad"), r.error.message.c_str());
    // a crank already turning fast gets the same answer from the speeds at the tick start
    DL_COMPILE(fast, lab(runSettings(10000000, 30000000, 1), "[" + rot("crank", 1e6, 2000) + "]",
                         "[" + cylinderJson("cyl", -3.0, 0.0, 0.0) + "]"));
    Session f(fast);
    const BatchResult rf = f.run(3);
    QCOMPARE(rf.status, BatchStatus::Failed);
    QCOMPARE(QString::fromStdString(rf.error.subject), QString("cyl"));
}

namespace {
// a crank turning backwards at 600 rpm (50 kg m^2: the speed moves by about 0.1 %), starting
// at cycle angle 3.0 (open, past EVO), for two whole cycles (0.4 s)
std::string backwardsLab(double evo, double fuel, double wallG, const std::string& extra = R"(, "wall_temperature": 400)")
{
    return lab(runSettings(50000, 400000000, 20), "[" + rot("crank", 50.0, -20.0 * EngineCylinder::kPi) + "]",
               "[" + cylinderJson("cyl", 3.0, fuel, wallG, evo, extra) + "]");
}
} // namespace

// Turning backwards, adiabatic (the reverse cycle, docs/PHYSICS.md):
//
//   cycle angle falls from 3.0; at EVO (2.4) the exhaust valve closes and traps a charge at
//   T_int = 320 K; closed on [IVC, EVO) = [-2.4, 2.4) it follows T V^(gamma-1) = const:
//       T(phi) = T_int (V(EVO) / V(phi))^(gamma - 1)
//   at IVC it opens (V(IVC) = V(EVO): the charge is back at T_int, nothing is released);
//   over whole cycles the net gas work is 0 and nothing burns (fuel_fraction 1 notwithstanding).
void TestCylinder::backwardsAdiabaticFollowsPosition()
{
    DL_COMPILE(model, backwardsLab(2.4, 1.0, 0.0));
    DL_SIMULATE(tr, model);
    const auto& p = model->params->of<EngineCylinder>()[0];
    int closedRows = 0;
    double peak = 0.0;
    for (std::size_t i = 0; i < tr.rows.size(); ++i) {
        const double phi = tr.at(i, "cyl", "cycle_angle");
        const double expected = EngineCylinder::closed(p, phi)
                                    ? 320.0 * std::pow(EngineCylinder::volume(p, 2.4) / EngineCylinder::volume(p, phi), 0.35)
                                    : 320.0;
        DL_NEAR(tr.at(i, "cyl", "temperature"), expected, 1e-9 * expected);
        closedRows += EngineCylinder::closed(p, phi) ? 1 : 0;
        peak = std::max(peak, std::fabs(tr.at(i, "cyl", "gas_work")));
        QCOMPARE(tr.at(i, "cyl", "fuel_energy"), 0.0);
    }
    QVERIFY(closedRows > 100);
    QVERIFY(peak > 100.0);
    DL_NEAR(tr.at(tr.rows.size() - 1, "cyl", "gas_work"), 0.0, 1e-11 * peak);
    QVERIFY(std::fabs(tr.energy.heatToLedger) < 1e-11 * peak);
    DL_ENERGY_BALANCED(tr);
}

// Turning backwards with EVO (2.3) before IVC's mirror (-2.4): the charge trapped at EVO
// expands to V(IVC) > V(EVO) and is released at IVC colder than the intake; what it lacks is
// booked as (negative) exhaust heat, once per cycle:
//   Q = m c_v (T_int (V(EVO) / V(IVC))^(gamma - 1) - T_int),   two cycles: 2 Q
// (before the reverse cycle was defined, the stored energy vanished unbooked at IVC)
void TestCylinder::backwardsReleaseAtIvcIsBooked()
{
    DL_COMPILE(model, backwardsLab(2.3, 0.0, 0.0));
    DL_SIMULATE(tr, model);
    const auto& p = model->params->of<EngineCylinder>()[0];
    const double tIvc = 320.0 * std::pow(EngineCylinder::volume(p, 2.3) / EngineCylinder::volume(p, -2.4), 0.35);
    const double q = p.charge * p.cv * (tIvc - 320.0);
    QVERIFY(q < -1.0);
    DL_NEAR(tr.energy.heatToLedger, 2.0 * q, 1e-9 * std::fabs(q));
    DL_ENERGY_BALANCED(tr);
}

// Turning backwards with wall heat into a thermal node and full fuel: the charge exchanges
// heat with the wall while closed, nothing burns, every book closes to rounding.
void TestCylinder::backwardsWallHeatBooksClose()
{
    DL_COMPILE(model, lab(runSettings(50000, 400000000, 20),
                          "[" + rot("crank", 2.0, -20.0 * EngineCylinder::kPi) + "," + thermalNode("block", 2000, 450) + "]",
                          "[" + cylinderJson("cyl", 3.0, 1.0, 8.0, 2.3, "", R"(, "heat_node": "block")") + "]"));
    DL_SIMULATE(tr, model);
    const std::size_t last = tr.rows.size() - 1;
    QVERIFY(tr.at(last, "crank", "speed") < 0.0);
    QVERIFY(std::fabs(tr.at(last, "cyl", "wall_heat")) > 1e-3);
    QCOMPARE(tr.at(last, "cyl", "fuel_energy"), 0.0);
    DL_NEAR(tr.energy.heatToNodes, tr.at(last, "cyl", "wall_heat"), 1e-9);
    DL_ENERGY_BALANCED(tr);
    QVERIFY(std::fabs(tr.energy.thermalResidual) <= 1e-11 * (std::fabs(tr.energy.heatToNodes) + 1.0));
}

// The mean torque's derivative in the crank speed, which Newton uses, is analytic (the
// tangent of the discrete integration, no second integration): checked against central
// differences of the integration itself at fixed h = 50 us, over compression, burn start,
// TDC, the burn, expansion, intervals that cross IVC, burn start, burn end and EVO, intervals of
// two and five sub-steps, and the crank turning backwards, with wall heat (G = 8 W/K, wall
// at 450 K) and without (and motored):
//   T(w) = W(h w) / (h w),   dT/dw = h (W'(Theta) - T) / Theta,
//   W'(Theta) = (W(Theta + e) - W(Theta - e)) / (2 e) + O(e^2),   e = 1e-3 Theta
//   dT/dw     = (4 D(d/2) - D(d)) / 3 + O(d^4),  D(d) = (T(w + d) - T(w - d)) / (2 d),  d = 1e-3 |w|
// Tolerance: 1e-7 of the value plus the rounding of one interval's work (1e-11 J) over the
// difference step (measured: within 0.05 of it everywhere; W' agrees to 1e-9 relative where it
// is not small). The end-of-interval gas torque (p_end - p_int) V'(phi_end), the derivative's
// leading term, is what W' is in the adiabatic motored case (checked to 1e-6); with wall heat
// it misses the heat's spread over the travel by 1e-4 relative, hundreds of tolerances: a
// derivative that left out a term would fail.
void TestCylinder::analyticDerivativeMatchesCentralDifference()
{
    DL_COMPILE(model, lab(runSettings(50000, 50000, 1), "[" + rot("crank", 1, 60) + "]", "[" + cylinderJson("cyl", -3.0, 1.0, 8.0) + "]"));
    const EngineCylinder::Params fired = model->params->of<EngineCylinder>()[0];
    const double h = 50e-6, tWall = 450.0;
    const double kWorkRounding = 1e-11; // [J] rounding of one interval's work (a few ulp of m c_v T ~ 1000 J)
    struct Case {
        double phi0, w, fuel, wallG;
    };
    const Case cases[] = {
        {-2.0, 140.0, 1.0, 8.0},   // compression
        {-0.5, 62.8, 1.0, 8.0},    // late compression
        {-0.2, 140.0, 1.0, 8.0},   // early burn
        {-0.002, 100.0, 1.0, 8.0}, // across TDC, burning
        {0.3, 140.0, 1.0, 8.0},    // the burn's peak
        {0.5, 300.0, 1.0, 8.0},    // two sub-steps
        {0.6, 900.0, 1.0, 8.0},    // five sub-steps
        {1.2, 140.0, 1.0, 8.0},    // expansion after the burn
        {-2.4035, 100.0, 1.0, 8.0}, // across IVC (a fresh charge trapped)
        {-0.2635, 100.0, 1.0, 8.0}, // across burn start
        {0.7865, 100.0, 1.0, 8.0},  // across burn end
        {2.2965, 100.0, 1.0, 8.0},  // across EVO (blow-down)
        {-0.4, 140.0, 0.0, 0.0},    // motored, adiabatic
        {0.4, 140.0, 0.0, 0.0},
        {0.5, -140.0, 1.0, 8.0},    // backwards (nothing burns)
        {-1.0, -62.8, 1.0, 8.0},
    };
    double worstW = 0.0, worstT = 0.0, leastGasTorqueGap = HUGE_VAL;
    for (const Case& k : cases) {
        EngineCylinder::Params p = fired;
        p.wallG = k.wallG;
        // the gas temperature at phi0: trapped at IVC, compressed (and burned) adiabatically
        double t0 = p.tInt;
        if (EngineCylinder::closed(p, k.phi0)) {
            EngineCylinder::Params adiabatic = p;
            adiabatic.wallG = 0.0;
            EngineCylinder::Interval iv;
            EngineCylinder::integrate(adiabatic, p.ivc, p.tInt, k.phi0 - p.ivc, 1.0, p.tInt, k.fuel, iv);
            t0 = iv.tEnd;
        }
        const auto a = EngineCylinder::startPoint(p, k.phi0);
        const double theta = h * k.w;
        const auto work = [&](double th, double* dw) {
            EngineCylinder::Interval iv;
            EngineCylinder::integrate(p, a, t0, th, h, tWall, k.fuel, dw != nullptr, iv);
            if (dw) *dw = iv.dWork;
            return iv.work;
        };
        // d work / d travel: relative 1e-7, or the rounding of W (below 1e-11 J) over the step
        double dW = 0.0;
        const double w0 = work(theta, &dW);
        const double e = 1e-3 * std::fabs(theta);
        const double fdW = (work(theta + e, nullptr) - work(theta - e, nullptr)) / (2.0 * e);
        const double tolW = 1e-7 * std::fabs(fdW) + kWorkRounding / e;
        worstW = std::max(worstW, std::fabs(dW - fdW) / tolW);
        QVERIFY2(std::fabs(dW - fdW) <= tolW,
                 qPrintable(QString("phi0 %1 w %2: dW/dTheta %3, central difference %4").arg(k.phi0).arg(k.w).arg(dW, 0, 'g', 12).arg(fdW, 0, 'g', 12)));

        // d mean torque / d speed, the Jacobian entry: the same, T's rounding 1e-11 J / Theta
        EngineCylinder::Interval iv;
        double dT = 0.0;
        const double torque = EngineCylinder::meanTorque(p, a, t0, k.w, h, tWall, k.fuel, iv, &dT);
        DL_NEAR(torque, w0 / theta, 1e-15 * std::fabs(torque));
        const double d = 1e-3 * std::fabs(k.w);
        const auto meanAt = [&](double w) {
            EngineCylinder::Interval tmp;
            return EngineCylinder::meanTorque(p, a, t0, w, h, tWall, k.fuel, tmp);
        };
        // T ~ W / (h w) curves like 1 / w: Richardson's extrapolation of two central
        // differences (d and d/2) takes the d^2 term out
        const auto central = [&](double dd) { return (meanAt(k.w + dd) - meanAt(k.w - dd)) / (2.0 * dd); };
        const double fdT = (4.0 * central(0.5 * d) - central(d)) / 3.0;
        const double tolT = 1e-7 * std::fabs(fdT) + 3.0 * kWorkRounding / (std::fabs(theta) * d);
        worstT = std::max(worstT, std::fabs(dT - fdT) / tolT);
        QVERIFY2(std::fabs(dT - fdT) <= tolT,
                 qPrintable(QString("phi0 %1 w %2: dT/dw %3, central difference %4").arg(k.phi0).arg(k.w).arg(dT, 0, 'g', 12).arg(fdT, 0, 'g', 12)));
        QVERIFY2(dT != 0.0 || !EngineCylinder::closed(p, k.phi0), "a closed cylinder's torque depends on the speed");

        // the end-of-interval gas torque (p_end - p_int) V'(phi_end), the derivative's leading
        // term; exact in the adiabatic motored case to the sub-steps' order, and with wall heat
        // it misses the wall heat's spread by more than the tolerance above
        const double phi1 = EngineCylinder::wrap(k.phi0 + theta);
        if (EngineCylinder::closed(p, phi1) && EngineCylinder::closed(p, k.phi0)) {
            const double pEnd = p.charge * p.gasR * iv.tEnd / EngineCylinder::volume(p, phi1);
            const double tauEnd = (pEnd - p.pInt) * EngineCylinder::volumeSlopeAt(p, std::sin(phi1), std::cos(phi1));
            if (k.fuel == 0.0 && k.wallG == 0.0) {
                DL_NEAR(dW, tauEnd, 1e-6 * std::fabs(tauEnd));
            } else {
                const double gap = std::fabs(dW - tauEnd) / tolW;
                leastGasTorqueGap = std::min(leastGasTorqueGap, gap);
            }
        }
    }
    qInfo("worst difference to the central differences, in tolerances: dW/dTheta %.2g, dT/dw %.2g; the gas torque alone: %.3g",
          worstW, worstT, leastGasTorqueGap);
    // the end-of-interval gas torque alone would fail the check above wherever the wall takes heat
    QVERIFY2(leastGasTorqueGap > 10.0, qPrintable(QString("the gas torque alone is %1 tolerances off").arg(leastGasTorqueGap)));
}

// The refinement study of the seed on the fired-converter lab: five tick sizes against a
// 3125 ns reference. The combined dimensionless distance
//   |dw|/w + |d fluid heat|/fluid heat + |d lockup heat|/lockup heat
// falls as the tick shrinks, and at the finest ticks each absolute difference is below 2e-4
// (rad/s or J).
void TestCylinder::firedConverterRefinement()
{
    std::string text;
    Diagnostics d;
    QVERIFY(readTextFile(DRIVELAB_SOURCE_DIR "/labs/fired-converter.lab.json", text, d));
    struct Result {
        double w, fluid, lockup;
    };
    std::vector<Result> results;
    constexpr long long kTicks[] = {50000LL, 25000LL, 12500LL, 6250LL, 3125LL};
    for (long long tick : kTicks) {
        auto r = readLab(text);
        QVERIFY(r.lab);
        r.lab->run.tickNs = tick;
        r.lab->run.reportEveryTicks = r.lab->run.durationNs / tick;
        const auto c = compile(*r.lab);
        QVERIFY2(c.model, qPrintable(describe(c.diagnostics)));
        DL_SIMULATE(tr, c.model);
        const std::size_t last = tr.rows.size() - 1;
        results.push_back({tr.at(last, "crank", "speed"), tr.at(last, "tc", "fluid_heat"), tr.at(last, "lockup", "friction_heat")});
    }
    const Result& ref = results.back();
    double previous = HUGE_VAL;
    for (std::size_t i = 0; i + 1 < results.size(); ++i) {
        const Result& r = results[i];
        const double dist = std::fabs(r.w - ref.w) / std::fabs(ref.w) + std::fabs(r.fluid - ref.fluid) / ref.fluid +
                            std::fabs(r.lockup - ref.lockup) / ref.lockup;
        qInfo("tick %lld ns: distance %.3g (|dw| %.2g rad/s, |dQ_fluid| %.2g J, |dQ_lockup| %.2g J)", kTicks[i], dist,
              std::fabs(r.w - ref.w), std::fabs(r.fluid - ref.fluid), std::fabs(r.lockup - ref.lockup));
        QVERIFY2(dist < previous, qPrintable(QString("distance %1 at refinement %2 does not fall").arg(dist).arg(i)));
        previous = dist;
    }
    const Result& finest = results[results.size() - 2];
    QVERIFY(std::fabs(finest.w - ref.w) < 2e-4);
    QVERIFY(std::fabs(finest.fluid - ref.fluid) < 2e-4);
    QVERIFY(std::fabs(finest.lockup - ref.lockup) < 2e-4);
}

// The laboratory's results, as docs/FIRED_CONVERTER.md reports them.
void TestCylinder::firedConverterPinned()
{
    const auto loaded = loadLab(DRIVELAB_SOURCE_DIR "/labs/fired-converter.lab.json");
    QVERIFY(loaded.model);
    DL_SIMULATE(tr, loaded.model);
    const std::size_t last = tr.rows.size() - 1;
    QCOMPARE(tr.ticks[last], std::int64_t(16000));
    DL_NEAR(tr.at(last, "crank", "speed"), FIRED_CRANK, 1e-6);
    DL_NEAR(tr.at(last, "vehicle", "speed"), FIRED_VEHICLE, 1e-6);
    DL_NEAR(tr.at(last, "tc", "fluid_heat"), FIRED_FLUID, 1e-5);
    DL_NEAR(tr.at(last, "lockup", "friction_heat"), FIRED_LOCKUP, 1e-5);
    DL_NEAR(tr.at(last, "direct_clutch", "friction_heat"), FIRED_SHIFT, 1e-5);
    DL_NEAR(tr.at(last, "ring_brake", "friction_heat"), FIRED_BRAKE, 1e-5);
    DL_NEAR(tr.at(last, "gearbox_oil", "temperature"), FIRED_OIL, 1e-8);
    QCOMPARE(QString::fromStdString(toHex16(loaded.model->fingerprint)), QString(FIRED_FINGERPRINT));
    QCOMPARE(QString::fromStdString(toHex16(tr.finalHash)), QString(FIRED_HASH));
    DL_ENERGY_BALANCED(tr);
}

QTEST_GUILESS_MAIN(TestCylinder)
#include "tst_cylinder.moc"
