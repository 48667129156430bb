// The order of the engine cylinder's crank-angle integration (EngineCylinder::integrate, the
// closed charge's Richardson-extrapolated Strang sub-steps; docs/PHYSICS.md "Engine cylinder")
// against closed forms.
//
//        TDC                      the closed charge (valves shut from IVC to EVO), crank at a
//      |-----|  p, T, m           constant speed w, so time and crank angle are proportional:
//      |  o  |  V(phi)            dt = dphi / w
//      |__|__|
//         |  conrod               m c_v dT/dphi = Q_f x_b'(phi) - p V'(phi) - G (T - T_w) / w,
//         o  crank phi                   p = m R T / V
//
// 1. Adiabatic, no fuel (motored): p V^gamma stays at its start value and the gas work is
//    W = (p_0 V_0 - p_1 V_1) / (gamma - 1).
// 2. Fired, with wall heat: the equation is linear in T. With kappa = G / (m c_v w) and the
//    integrating factor E(phi) = (V(phi) / V_0)^(gamma - 1) exp(kappa (phi - phi_0)),
//      T(phi) E(phi) = T_0 + int_phi0^phi [Q_f x_b'(psi) / (m c_v) + kappa T_w] E(psi) dpsi,
//    and the gas work is W = int p dV = m R int T V' / V dpsi, the wall heat
//    Q_w = m c_v kappa int (T - T_w) dpsi. The integrals are taken by composite 5-point
//    Gauss-Legendre on 4096 panels (T at each node from the running integral, itself a 5-point
//    rule over the panel's part), with libm's pow and exp and the Wiebe slope written out:
//    error far below what is checked. The cylinder's integration over the same stretch is chained
//    over m intervals (travel 1.2 / m rad each, so one coarse sub-step per piece); as m doubles its
//    error must fall at fourth order (16x per halving; the second-order Strang sweep alone falls 4x).
#include <array>
#include <cmath>

#include "testutil.h"

#include "components/registry.h"
#include "components/rotational/enginecylinder.h"

using namespace drivelab;
using namespace drivelab::test;

class TestCylinderOrder : public QObject {
    Q_OBJECT
private slots:
    void motoredChargeFollowsAdiabat();
    void firedChargeConvergesAtFourthOrder();
};

namespace {

// the fired-converter lab's cylinder (wall at 400 K) on a crank, as a lab's components and nodes
std::string cylinderLab(double wallG)
{
    return lab(runSettings(100000, 1000000, 1), "[" + rot("crank", 0.25, 200) + "]",
               R"([{"id": "cyl", "type": "cylinder", "node_a": "crank", "parameters": {"bore": 0.086, "stroke": 0.086,
                   "rod_length": 0.145, "compression_ratio": 10, "crank_phase": -3.0, "ivc_angle": -2.4, "evo_angle": 2.3,
                   "burn_start": -0.26, "burn_duration": 1.05, "fuel_energy": 900, "intake_pressure": 100000,
                   "intake_temperature": 320, "wall_conductance": )" +
                   formatDouble(wallG) + R"(, "wall_temperature": 400}}])");
}

// the Wiebe burn's slope d x_b / d phi, written out: a (m+1) z^m exp(-a z^(m+1)) / (1 - exp(-a)) / duration
double wiebeSlope(const EngineCylinder::Params& p, double phi)
{
    const double z = (phi - p.soc) / p.duration;
    if (z <= 0.0 || z >= 1.0) return 0.0;
    return p.wiebeA * (p.wiebeM + 1.0) * std::pow(z, p.wiebeM) * std::exp(-p.wiebeA * std::pow(z, p.wiebeM + 1.0)) /
           (1.0 - std::exp(-p.wiebeA)) / p.duration;
}

double volumeOf(const EngineCylinder::Params& p, double phi)
{
    const double s = std::sin(phi), c = std::cos(phi);
    return p.vc + p.area * (p.r + p.l - p.r * c - std::sqrt(p.l * p.l - p.r * p.r * s * s));
}
double volumeSlopeOf(const EngineCylinder::Params& p, double phi)
{
    const double s = std::sin(phi), c = std::cos(phi);
    return p.area * p.r * s * (1.0 + p.r * c / std::sqrt(p.l * p.l - p.r * p.r * s * s));
}

struct Exact {
    double tEnd = 0.0, gasWork = 0.0, wall = 0.0;
};

// the closed form of 2. from phi0 (temperature t0) to phi1 at crank speed w
Exact exactCharge(const EngineCylinder::Params& p, double phi0, double phi1, double t0, double w, double tWall)
{
    static constexpr std::array<double, 5> kX = {-0.9061798459386640, -0.5384693101056831, 0.0, 0.5384693101056831, 0.9061798459386640};
    static constexpr std::array<double, 5> kW = {0.2369268850561891, 0.4786286704993665, 0.5688888888888889, 0.4786286704993665,
                                                 0.2369268850561891};
    const double mcv = p.charge * p.cv, kappa = p.wallG / (mcv * w), v0 = volumeOf(p, phi0);
    const auto factor = [&](double psi) { return std::pow(volumeOf(p, psi) / v0, p.gamma - 1.0) * std::exp(kappa * (psi - phi0)); };
    const auto source = [&](double psi) { return (p.fuel * wiebeSlope(p, psi) / mcv + kappa * tWall) * factor(psi); };
    const auto gauss = [&](double a, double b, auto f) {
        double sum = 0.0;
        for (std::size_t q = 0; q < kX.size(); ++q) sum += kW[q] * f(0.5 * (a + b) + 0.5 * (b - a) * kX[q]);
        return 0.5 * (b - a) * sum;
    };
    constexpr int kPanels = 4096;
    const double width = (phi1 - phi0) / kPanels;
    double integral = 0.0; // of the source from phi0 to the panel's start
    Exact e;
    double pdv = 0.0, wall = 0.0;
    for (int i = 0; i < kPanels; ++i) {
        const double a = phi0 + i * width, b = a + width;
        for (std::size_t q = 0; q < kX.size(); ++q) {
            const double psi = 0.5 * (a + b) + 0.5 * (b - a) * kX[q];
            const double t = (t0 + integral + gauss(a, psi, source)) / factor(psi);
            pdv += 0.5 * width * kW[q] * p.charge * p.gasR * t * volumeSlopeOf(p, psi) / volumeOf(p, psi);
            wall += 0.5 * width * kW[q] * mcv * kappa * (t - tWall);
        }
        integral += gauss(a, b, source);
    }
    e.tEnd = (t0 + integral) / factor(phi1);
    e.gasWork = pdv;
    e.wall = wall;
    return e;
}

// the cylinder's integration chained over m equal intervals of crank travel at speed w
Exact chained(const EngineCylinder::Params& p, double phi0, double phi1, double t0, double w, double tWall, int m)
{
    const double theta = (phi1 - phi0) / m, h = theta / w;
    Exact sum;
    double t = t0;
    for (int k = 0; k < m; ++k) {
        EngineCylinder::Interval iv;
        EngineCylinder::integrate(p, phi0 + k * theta, t, theta, h, tWall, 1.0, iv);
        t = iv.tEnd;
        sum.gasWork += iv.gasWork;
        sum.wall += iv.wall;
    }
    sum.tEnd = t;
    return sum;
}

} // namespace

// 1: compressed and expanded without heat (IVC -2.4 rad to 2.0 rad, before EVO), in 7 intervals
// of uneven travel: p V^gamma and the work (p_0 V_0 - p_1 V_1) / (gamma - 1) to rounding
void TestCylinderOrder::motoredChargeFollowsAdiabat()
{
    DL_COMPILE(model, cylinderLab(0.0));
    const EngineCylinder::Params p = model->params->of<EngineCylinder>()[0];
    const double travels[] = {0.3, 0.61, 0.77, 0.25, 0.9, 1.07, 0.5};
    double phi = p.ivc, t = p.tInt, work = 0.0;
    for (double theta : travels) {
        EngineCylinder::Interval iv;
        EngineCylinder::integrate(p, phi, t, theta, theta / 100.0, 400.0, 0.0, iv);
        QCOMPARE(iv.fuel, 0.0);
        QCOMPARE(iv.wall, 0.0);
        t = iv.tEnd;
        work += iv.gasWork;
        phi += theta;
    }
    QVERIFY(std::fabs(phi - 2.0) < 1e-12);
    const double v0 = volumeOf(p, p.ivc), v1 = volumeOf(p, phi);
    const double p0 = p.pInt, p1 = p.charge * p.gasR * t / v1;
    const double adiabat0 = p0 * std::pow(v0, p.gamma), adiabat1 = p1 * std::pow(v1, p.gamma);
    QVERIFY2(std::fabs(adiabat1 / adiabat0 - 1.0) < 1e-12, qPrintable(QString("p V^gamma moved by %1").arg(adiabat1 / adiabat0 - 1.0)));
    const double exactWork = (p0 * v0 - p1 * v1) / (p.gamma - 1.0);
    QVERIFY2(std::fabs(work - exactWork) < 1e-11 * p0 * v0,
             qPrintable(QString("gas work %1 J against %2 J").arg(work, 0, 'g', 17).arg(exactWork, 0, 'g', 17)));
}

// 2: fired with wall heat from -0.6 rad (through burn start at -0.26) to 0.6 rad at 200 rad/s, the
// charge at 700 K to start: the end temperature, gas work and wall heat against the closed form;
// the error falls at fourth order in the sub-step
void TestCylinderOrder::firedChargeConvergesAtFourthOrder()
{
    DL_COMPILE(model, cylinderLab(20.0));
    const EngineCylinder::Params p = model->params->of<EngineCylinder>()[0];
    const double phi0 = -0.6, phi1 = 0.6, t0 = 700.0, w = 200.0, tWall = 400.0;
    const Exact exact = exactCharge(p, phi0, phi1, t0, w, tWall);
    // the books of the closed form close too: Q_f dx_b - Q_w - m c_v dT = W
    const double fuel = p.fuel * (EngineCylinder::burned(p, phi1) - EngineCylinder::burned(p, phi0));
    QVERIFY(std::fabs(fuel - exact.wall - p.charge * p.cv * (exact.tEnd - t0) - exact.gasWork) < 1e-9 * exact.gasWork);
    double previous = 0.0;
    for (int m : {64, 128, 256}) {
        const Exact got = chained(p, phi0, phi1, t0, w, tWall, m);
        const double error = std::max({std::fabs(got.tEnd - exact.tEnd) / exact.tEnd, std::fabs(got.gasWork - exact.gasWork) / exact.gasWork,
                                       std::fabs(got.wall - exact.wall) / exact.wall});
        qInfo("%d intervals of %.4g rad: relative error %.3g (T_end %.3g K, gas work %.3g J, wall heat %.3g J)", m, (phi1 - phi0) / m, error,
              got.tEnd - exact.tEnd, got.gasWork - exact.gasWork, got.wall - exact.wall);
        if (previous > 0.0)
            QVERIFY2(previous / error > 12.0,
                     qPrintable(QString("error falls %1x per halved sub-step, not at fourth order (16x)").arg(previous / error)));
        else
            QVERIFY2(error < 1e-8, qPrintable(QString("error %1 at 0.019 rad per interval").arg(error)));
        previous = error;
    }
}

QTEST_GUILESS_MAIN(TestCylinderOrder)
#include "tst_cylinderorder.moc"
