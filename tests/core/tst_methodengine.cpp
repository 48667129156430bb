// The engine cylinder under the two-stage methods (run.method gauss2, radau3; issue 37, target 2;
// docs/PHYSICS.md, "The engine cylinder at the stages").
//
//   [crank J, w] --cylinder (slider-crank, single-zone charge, Wiebe burn, wall heat)
//
//   V(phi) = Vc + A (r + l - r cos phi - sqrt(l^2 - r^2 sin^2 phi)),   A = pi B^2 / 4, r = S / 2, Vc = A S / (CR - 1)
//   torque on the crank (p - p_int) V'(phi); closed from IVC to EVO, p = m R T / V, m = p_int V(IVC) / (R T_int)
//   m c_v dT/dphi = Q_f x_b'(phi) - G_w (T - T_w) / w - p V'(phi)      (the charge over crank angle)
//
// Each stage takes the gas torque at its crank angle, and both stages one more torque
// delta = (W - Q) / Theta so that the crank receives exactly the charge's work W over the interval's
// travel (Q: the stage quadrature). Checked here:
// - the crank's work over one cycle at a constant speed: closed form for a motored adiabatic charge
//   (W_cycle = p_int V_ivc / (gamma - 1) (1 - (V_ivc / V_evo)^(gamma - 1)) - p_int (V_evo - V_ivc)),
//   an independent RK4 in crank angle for a fired charge with wall heat; every method;
// - on a smooth stretch (a motored adiabatic charge turning a flywheel from -2 rad, no event): the
//   energy integral J w^2 / 2 + p_int V_ivc / (gamma - 1) (V_ivc / V)^(gamma - 1) + p_int V is kept to
//   rounding (gauss2) or less the booked numerical dissipation (radau3), and the final speed's error
//   falls 16x (gauss2) and 8x (radau3) per halved tick;
// - books closed at rounding on a fired cylinder over many cycles (EVO's pressure drop inside intervals);
// - labs/fired-converter runs to its end with each method, books closed, its refinement study's
//   quantities within 5e-7 of the midpoint's 3,125 ns reference; same bits through a fork, no allocation.
#include <algorithm>
#include <cstring>
#include <cstdio>

#include "methodlabs.h"

using namespace drivelab;
using namespace drivelab::test;

class TestMethodEngine : public QObject {
    Q_OBJECT
private slots:
    void motoredCycleWorkIsClosedForm();
    void firedCycleWorkMatchesIndependentIntegration();
    void smoothStretchKeepsEnergyAndOrder();
    void firedBooksCloseAtRounding();
    void firedConverterConvergesToMidpointReference();
    void firedConverterDeterministicAndAllocationFree();
};

namespace {

constexpr double kPi = 3.14159265358979323846;
// the fired-converter lab's cylinder
constexpr double kBore = 0.086, kStroke = 0.086, kRod = 0.145, kCr = 10.0, kIvc = -2.4, kEvo = 2.3, kSoc = -0.26, kDur = 1.05;
constexpr double kFuel = 900.0, kPint = 1e5, kTint = 320.0, kGamma = 1.35, kR = 287.0, kWiebeA = 5.0, kWiebeM = 2.0;

double area() { return kPi * kBore * kBore / 4.0; }
/// a number with all its digits
std::string num(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}
double volume(double phi)
{
    const double r = kStroke / 2.0, vc = area() * kStroke / (kCr - 1.0), s = std::sin(phi);
    return vc + area() * (r + kRod - r * std::cos(phi) - std::sqrt(kRod * kRod - r * r * s * s));
}
double volumeSlope(double phi)
{
    const double r = kStroke / 2.0, s = std::sin(phi), c = std::cos(phi);
    return area() * (r * s + r * r * s * c / std::sqrt(kRod * kRod - r * r * s * s));
}

std::string cylinderJson(const std::string& node, double phase, double fuelFraction, double wallG)
{
    return R"({"id": "cyl", "type": "cylinder", "node_a": ")" + node + R"(", "inputs": {"fuel_fraction": )" + num(fuelFraction) +
           R"(}, "parameters": {"bore": 0.086, "stroke": 0.086, "rod_length": 0.145, "compression_ratio": 10.0, "crank_phase": )" +
           num(phase) + R"(, "ivc_angle": -2.4, "evo_angle": 2.3, "burn_start": -0.26, "burn_duration": 1.05,
             "fuel_energy": 900.0, "intake_pressure": 100000.0, "intake_temperature": 320.0, "wall_conductance": )" +
           num(wallG) + R"(, "wall_temperature": 400.0}})";
}

/// the crank held at w = 20 pi rad/s (a speed source: one cycle of 4 pi rad in 0.2 s) from phase -3 rad,
/// one cycle at `tickNs`, reported every tick
std::string constantSpeedLab(long long tickNs, double fuelFraction, double wallG, const char* method)
{
    return lab(withMethod(runSettings(tickNs, 200000000, 1), method), "[" + rot("crank", 0.2, 20.0 * kPi) + "]",
               R"([{"id": "src", "type": "speed_source", "node_a": "crank", "inputs": {"speed": )" + num(20.0 * kPi) + "}}, " +
                   cylinderJson("crank", -3.0, fuelFraction, wallG) + "]");
}

/// the crank's work over the run: sum over ticks of the tick's mean torque times h w (w constant)
double crankWork(const Trace& tr, double tickS)
{
    double sum = 0.0;
    for (std::size_t i = 0; i < tr.rows.size(); ++i)
        if (tr.ticks[i] > 0) sum += tr.at(i, "cyl", "indicated_torque");
    return sum * tickS * 20.0 * kPi;
}

/// the fired charge's cycle work at constant speed w, by RK4 in crank angle (steps of at most 1e-4 rad,
/// split at the burn's start and end): W = int_ivc^evo (p - p_int) dV (open strokes at p_int do none)
double rk4CycleWork(double w, double fuelFraction, double wallG, double tWall)
{
    const double m = kPint * volume(kIvc) / (kR * kTint), cv = kR / (kGamma - 1.0), qf = kFuel * fuelFraction;
    const double norm = 1.0 / (1.0 - std::exp(-kWiebeA));
    bool burning = false; // inside the burn's piece (its end points take the one-sided rate)
    const auto burnRate = [&](double phi) {
        if (!burning) return 0.0;
        const double z = std::clamp((phi - kSoc) / kDur, 0.0, 1.0);
        return kWiebeA * (kWiebeM + 1.0) * std::pow(z, kWiebeM) * std::exp(-kWiebeA * std::pow(z, kWiebeM + 1.0)) * norm / kDur;
    };
    // y = (T, W)
    const auto rate = [&](double phi, double t, double& dt, double& dw) {
        const double v = volume(phi), dv = volumeSlope(phi), p = m * kR * t / v;
        dt = (qf * burnRate(phi) - wallG * (t - tWall) / w - p * dv) / (m * cv);
        dw = (p - kPint) * dv;
    };
    double t = kTint, work = 0.0;
    const double knots[] = {kIvc, kSoc, kSoc + kDur, kEvo};
    for (int k = 0; k < 3; ++k) {
        burning = k == 1;
        const int n = static_cast<int>(std::ceil((knots[k + 1] - knots[k]) / 1e-4));
        const double d = (knots[k + 1] - knots[k]) / n;
        for (int i = 0; i < n; ++i) {
            const double phi = knots[k] + i * d;
            double t1, w1, t2, w2, t3, w3, t4, w4;
            rate(phi, t, t1, w1);
            rate(phi + d / 2, t + d / 2 * t1, t2, w2);
            rate(phi + d / 2, t + d / 2 * t2, t3, w3);
            rate(phi + d, t + d * t3, t4, w4);
            t += d / 6 * (t1 + 2 * t2 + 2 * t3 + t4);
            work += d / 6 * (w1 + 2 * w2 + 2 * w3 + w4);
        }
    }
    return work;
}

/// a motored adiabatic charge turning a free flywheel J = 0.1 kg m^2 from 100 rad/s at phase -2 rad,
/// 36 ms (it ends near +1.2 rad: closed throughout, no event), reported at the end
std::string smoothLab(long long tickNs, const char* method)
{
    return lab(runWith(tickNs, 36000000, method), "[" + rot("crank", 0.1, 100.0) + "]", "[" + cylinderJson("crank", -2.0, 0.0, 0.0) + "]");
}

/// labs/fired-converter.lab.json with `method` (null: the lab's own), tick and duration, one report at the end
std::string firedConverter(const char* method, long long tickNs, long long durationNs)
{
    std::ifstream in(DRIVELAB_SOURCE_DIR "/labs/fired-converter.lab.json");
    std::stringstream text;
    text << in.rdbuf();
    Json j = Json::parse(text.str());
    if (method) j["run"]["method"] = method;
    j["run"]["tick_ns"] = tickNs;
    j["run"]["duration_ns"] = durationNs;
    j["run"]["report_every_ticks"] = durationNs / tickNs;
    return j.dump();
}

} // namespace

// A motored (fuel 0) adiabatic (wall conductance 0) cylinder held at 20 pi rad/s for one cycle (0.2 s at
// 50 us) from -3 rad: the charge trapped at IVC at the intake state compresses and expands adiabatically,
// blows down at EVO; its cycle work on the crank is the closed form above (-50.3 J: the expansion ends at
// a smaller volume than the compression started). The charge's integration is exact for this case, so
// every method's crank work (the ticks' mean torques times h w) is the closed form to rounding; with
// gauss2 and radau3 the crank's work is the stage torques' quadrature plus the closure delta.
void TestMethodEngine::motoredCycleWorkIsClosedForm()
{
    const double vi = volume(kIvc), ve = volume(kEvo);
    const double exact = kPint * vi / (kGamma - 1.0) * (1.0 - std::pow(vi / ve, kGamma - 1.0)) - kPint * (ve - vi);
    for (const char* method : {"gauss2", "radau3", static_cast<const char*>(nullptr)}) {
        DL_COMPILE(model, constantSpeedLab(50000, 0.0, 0.0, method));
        DL_SIMULATE(tr, model);
        DL_ENERGY_BALANCED(tr);
        const double work = crankWork(tr, 50e-6);
        const QString msg = QString("%1: crank work over the cycle %2 J, closed form %3 J")
                                .arg(method ? method : "midpoint").arg(work, 0, 'g', 17).arg(exact, 0, 'g', 17);
        qInfo("%s", qPrintable(msg));
        QVERIFY2(std::fabs(work - exact) <= 1e-9 * std::fabs(exact), qPrintable(msg));
    }
}

// The fired charge with wall heat (G_w 5 W/K to a wall at 400 K) at the same constant speed: its cycle work
// against an independent RK4 integration of the charge's energy balance in crank angle (1e-4 rad steps).
// The cylinder integrates the charge in Richardson-extrapolated Strang sub-steps of the interval's travel
// (h w = 3.1e-3 rad at 50 us): fourth order, so the difference is at the rounding of a cycle's ~2000
// intervals (measured 3.5e-10 J, 9e-13 of the work, at 50 us; 6.4e-7 of it with the second-order sweep
// alone before), the same with every method (each interval's crank work is the charge's W, whatever the
// stages): below 1e-11 of the work at 50 and 25 us.
void TestMethodEngine::firedCycleWorkMatchesIndependentIntegration()
{
    const double exact = rk4CycleWork(20.0 * kPi, 1.0, 5.0, 400.0);
    for (const char* method : {"gauss2", "radau3", static_cast<const char*>(nullptr)}) {
        double err[2];
        const long long ticks[2] = {50000, 25000};
        for (int k = 0; k < 2; ++k) {
            DL_COMPILE(model, constantSpeedLab(ticks[k], 1.0, 5.0, method));
            DL_SIMULATE(tr, model);
            DL_ENERGY_BALANCED(tr);
            err[k] = std::fabs(crankWork(tr, ticks[k] * 1e-9) - exact);
        }
        const QString msg = QString("%1: cycle work RK4 %2 J; errors %3 J at 50 us, %4 J at 25 us (ratio %5)")
                                .arg(method ? method : "midpoint").arg(exact, 0, 'g', 12).arg(err[0]).arg(err[1]).arg(err[0] / err[1]);
        qInfo("%s", qPrintable(msg));
        QVERIFY2(err[0] <= 1e-11 * std::fabs(exact) && err[1] <= 1e-11 * std::fabs(exact), qPrintable(msg));
    }
}

// The smooth stretch (smoothLab): no valve or burn event, the torque an exact function of the angle.
// Energy integral: E = J w^2 / 2 + U(phi) + p_int V(phi), U = p_int V_ivc / (gamma - 1) (V_ivc / V)^(gamma - 1).
// gauss2 keeps J w^2 / 2 changing by the stage work quadrature exactly, and the closure makes that
// quadrature the charge's exact work: E is kept to rounding at any tick. radau3 loses its booked numerical
// dissipation. Order: the final speed against a 31.25 us self-reference at 1, 0.5, 0.25 ms (travel 0.1 rad
// a tick at 1 ms) falls by more than 2^3.5 (gauss2) and 2^2.5 (radau3) per halving.
void TestMethodEngine::smoothStretchKeepsEnergyAndOrder()
{
    const double vi = volume(kIvc);
    const auto energy = [&](double w, double phi) {
        return 0.5 * 0.1 * w * w + kPint * vi / (kGamma - 1.0) * std::pow(vi / volume(phi), kGamma - 1.0) + kPint * volume(phi);
    };
    const double e0 = energy(100.0, -2.0);
    for (const char* method : {"gauss2", "radau3"}) {
        const long long ticks[3] = {1000000, 500000, 250000};
        double ref = 0.0, err[3];
        for (int k = -1; k < 3; ++k) {
            DL_COMPILE(model, smoothLab(k < 0 ? 31250 : ticks[k], method));
            DL_SIMULATE(tr, model);
            DL_ENERGY_BALANCED(tr);
            const std::size_t last = tr.rows.size() - 1;
            const double w = tr.at(last, "crank", "speed"), phi = tr.at(last, "cyl", "cycle_angle");
            QVERIFY(phi > 0.5 && phi < kEvo);
            const double drift = energy(w, phi) - e0 + (std::strcmp(method, "radau3") ? 0.0 : tr.energy.numericalDissipation);
            const QString msg = QString("%1 at %2 ns: energy integral off by %3 J of %4 J (numerical dissipation %5 J)")
                                    .arg(method).arg(k < 0 ? 31250 : ticks[k]).arg(drift).arg(e0).arg(tr.energy.numericalDissipation);
            QVERIFY2(std::fabs(drift) <= 1e-11 * e0, qPrintable(msg));
            if (k < 0)
                ref = w;
            else
                err[k] = std::fabs(w - ref);
        }
        const double r1 = err[0] / err[1], r2 = err[1] / err[2];
        const QString msg = QString("%1: speed errors %2 %3 %4 rad/s at 1, 0.5, 0.25 ms (ratios %5, %6)")
                                .arg(method).arg(err[0]).arg(err[1]).arg(err[2]).arg(r1).arg(r2);
        qInfo("%s", qPrintable(msg));
        const double order = std::pow(2.0, std::strcmp(method, "gauss2") ? 2.5 : 3.5);
        QVERIFY2(r1 > order && r2 > order, qPrintable(msg));
    }
}

// A fired cylinder with its wall heat to a block (2000 J/K) on a free flywheel (0.5 kg m^2, 62.8 rad/s),
// 0.4 s at 50 us: three cycles fired, each with the EVO pressure drop inside an interval. Fuel in =
// crank kinetic energy + charge energy + wall heat + exhaust heat, at rounding, with each method.
void TestMethodEngine::firedBooksCloseAtRounding()
{
    for (const char* method : {"gauss2", "radau3"}) {
        DL_COMPILE(model, lab(runWith(50000, 400000000, method), "[" + rot("crank", 0.5, 62.8) + "," + thermalNode("block", 2000, 380) + "]",
                              R"([{"id": "cyl", "type": "cylinder", "node_a": "crank", "heat_node": "block",
                                   "parameters": {"bore": 0.086, "stroke": 0.086, "rod_length": 0.145, "compression_ratio": 10.0,
                                                  "crank_phase": -3.0, "ivc_angle": -2.4, "evo_angle": 2.3, "burn_start": -0.26,
                                                  "burn_duration": 1.05, "fuel_energy": 900.0, "intake_pressure": 100000.0,
                                                  "intake_temperature": 320.0, "wall_conductance": 6.0}}])"));
        DL_SIMULATE(tr, model);
        const std::size_t last = tr.rows.size() - 1;
        qInfo("%s: crank %.9g rad/s, fuel %.9g J, wall %.9g J, residual %g J over %g J moved", method, tr.at(last, "crank", "speed"),
              tr.at(last, "cyl", "fuel_energy"), tr.at(last, "cyl", "wall_heat"), tr.energy.residual, energyScale(tr.energy));
        QVERIFY(tr.at(last, "cyl", "fuel_energy") > 2000.0); // three cycles fired
        DL_NEAR(tr.energy.heatToNodes, tr.at(last, "cyl", "wall_heat"), 1e-9);
        DL_ENERGY_BALANCED(tr);
    }
}

// labs/fired-converter (four cylinders, converter, lockup, planetary shift) with gauss2 and radau3 at 50,
// 25 and 12.5 us runs to its end with its books closed, and its refinement study's distance
// |dw|/w + |dQ_fluid|/Q_fluid + |dQ_lockup|/Q_lockup (docs/FIRED_CONVERTER.md) to the midpoint's
// 3,125 ns reference is below 5e-7 at every tick (measured at most 1.2e-7, radau3 at 50 us: the cylinder's crank-angle
// integration is fourth order, so what is left is the methods' own error and the reference's; with the
// second-order sweep alone it was 7e-6 at 50 us and fell 4x per halving).
void TestMethodEngine::firedConverterConvergesToMidpointReference()
{
    struct Result {
        double w, fluid, lockup;
    };
    const auto runAt = [](const char* method, long long tick, Result& r) {
        DL_COMPILE(model, firedConverter(method, tick, 800000000));
        DL_SIMULATE(tr, model);
        DL_ENERGY_BALANCED(tr);
        const std::size_t last = tr.rows.size() - 1;
        QCOMPARE(tr.ticks[last], std::int64_t(800000000 / tick));
        r = {tr.at(last, "crank", "speed"), tr.at(last, "tc", "fluid_heat"), tr.at(last, "lockup", "friction_heat")};
    };
    Result ref;
    runAt(nullptr, 3125, ref);
    for (const char* method : {"gauss2", "radau3"}) {
        for (long long tick : {50000LL, 25000LL, 12500LL}) {
            Result r;
            runAt(method, tick, r);
            const double dist = std::fabs(r.w - ref.w) / std::fabs(ref.w) + std::fabs(r.fluid - ref.fluid) / ref.fluid +
                                std::fabs(r.lockup - ref.lockup) / ref.lockup;
            const QString msg = QString("%1 at %2 ns: distance %3 (|dw| %4 rad/s, |dQ_fluid| %5 J, |dQ_lockup| %6 J)")
                                    .arg(method).arg(tick).arg(dist).arg(std::fabs(r.w - ref.w)).arg(std::fabs(r.fluid - ref.fluid))
                                    .arg(std::fabs(r.lockup - ref.lockup));
            qInfo("%s", qPrintable(msg));
            QVERIFY2(dist < 5e-7, qPrintable(msg));
        }
    }
}

// The same bits through a second session and a fork at half the run (fired-converter's first 0.2 s with
// each method), and no allocation per tick
void TestMethodEngine::firedConverterDeterministicAndAllocationFree()
{
    for (const char* method : {"gauss2", "radau3"}) {
        DL_COMPILE(model, firedConverter(method, 50000, 200000000));
        Session s1(model);
        const std::uint64_t before = allocationCount();
        QVERIFY(s1.run(model->ticks).status == BatchStatus::Completed);
        QCOMPARE(allocationCount() - before, std::uint64_t(0));
        checkForkReproduces(model, s1.stateHash());
    }
}

QTEST_GUILESS_MAIN(TestMethodEngine)
#include "tst_methodengine.moc"
