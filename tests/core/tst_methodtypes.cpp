// Component types the two-stage methods (run.method gauss2, radau3) support beyond their first
// list (issue 37, target 2; docs/PHYSICS.md, "Gauss-Legendre", "Radau IIA"): each type at each
// method's order on a closed form, with its books closed.
#include <complex>
#include <cstring>

#include "methodlabs.h"

using namespace drivelab;
using namespace drivelab::test;

class TestMethodTypes : public QObject {
    Q_OBJECT
private slots:
    void pumpAtTheMethodsOrder();
    void speedControllerAtTheMethodsOrder();
};

namespace {

// a torque source drives a pump (no delivery table: efficiency 1) from a tank into a volume that
// an orifice drains back to the tank, 0.2 s
std::string pumpLab(long long tickNs, const char* method)
{
    return lab(runWith(tickNs, 200000000, method),
               "[" + rot("shaft", 0.01, 0.0) + "," + reservoir("tank", 1e5) + "," + volumeNode("v", 1e-4, 1e9, 1e5) + "]",
               R"([{"id": "motor", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": 10}},
                   {"id": "p", "type": "pump", "node_a": "shaft", "node_b": "tank", "node_c": "v",
                    "parameters": {"displacement": 1e-6, "leakage_conductance": 0}},
                   {"id": "o", "type": "orifice", "node_a": "v", "node_b": "tank", "parameters": {"conductance": 1e-11}}])");
}

} // namespace

// A pump charging a volume against an orifice
//
//   T = 10 N m --> [shaft J = 0.01 kg m^2, at rest] --pump D = 1e-6 m^3/rad--> [v: C = 1e-4/1e9 m^3/Pa] --orifice G = 1e-11--> tank 0.1 MPa
//
//   J w' = T - D p,   C p' = D w - G p   (p: gauge)  =>  x' = A x + b, A = [[0, -D/J], [D/C, -G/C]]
//   = [[0, -1e-4], [1e7, -100]], eigenvalues -50 -+ sqrt(1500) (-88.7, -11.3 1/s); steady state
//   p* = T/D = 10 MPa, w* = G p*/D = 100 rad/s; x(t) = x* + exp(A t)(x0 - x*), exp(A t) from the
//   eigenvalues: ((l1 e^(l2 t) - l2 e^(l1 t)) I + (e^(l1 t) - e^(l2 t)) A) / (l1 - l2).
//   At 0.2 s, ticks of 4, 2, 1 ms: gauss2's error (speed and pressure, relative) falls 16x per
//   halving, radau3's 8x (asked 2^3.5 and 2^2.5; measured in the log); books at rounding.
void TestMethodTypes::pumpAtTheMethodsOrder()
{
    const double J = 0.01, D = 1e-6, C = 1e-13, G = 1e-11, T = 10.0, t = 0.2;
    const double a11 = 0.0, a12 = -D / J, a21 = D / C, a22 = -G / C;
    const std::complex<double> disc = std::sqrt(std::complex<double>((a11 - a22) * (a11 - a22) + 4.0 * a12 * a21));
    const std::complex<double> l1 = 0.5 * (a11 + a22) + 0.5 * disc, l2 = 0.5 * (a11 + a22) - 0.5 * disc;
    const std::complex<double> e1 = std::exp(l1 * t), e2 = std::exp(l2 * t);
    const std::complex<double> c0 = (l1 * e2 - l2 * e1) / (l1 - l2), c1 = (e1 - e2) / (l1 - l2);
    const double ws = G * (T / D) / D, ps = T / D;
    const double d0w = -ws, d0p = -ps; // x0 - x*
    const double wExact = ws + (c0.real() * d0w + c1.real() * (a11 * d0w + a12 * d0p));
    const double pExact = 1e5 + ps + (c0.real() * d0p + c1.real() * (a21 * d0w + a22 * d0p));
    const long long ticks[3] = {4000000, 2000000, 1000000};
    for (const char* method : {"gauss2", "radau3"}) {
        double err[3];
        for (int k = 0; k < 3; ++k) {
            DL_COMPILE(model, pumpLab(ticks[k], method));
            DL_SIMULATE(trace, model);
            DL_ENERGY_BALANCED(trace);
            DL_VOLUME_BALANCED(trace);
            const std::size_t last = trace.rows.size() - 1;
            err[k] = std::max(std::fabs(trace.at(last, "shaft", "speed") - wExact) / ws,
                              std::fabs(trace.at(last, "v", "pressure") - pExact) / ps);
        }
        const double r1 = err[0] / err[1], r2 = err[1] / err[2];
        const QString msg = QString("%1: w(0.2 s) = %2 rad/s, p = %3 Pa exactly; errors %4 %5 %6 (ratios %7, %8)")
                                .arg(method).arg(wExact, 0, 'g', 12).arg(pExact, 0, 'g', 12).arg(err[0]).arg(err[1]).arg(err[2]).arg(r1).arg(r2);
        qInfo("%s", qPrintable(msg));
        const double order = std::pow(2.0, std::strcmp(method, "gauss2") ? 2.5 : 3.5);
        QVERIFY2(r1 > order && r2 > order && err[2] < 1e-6, qPrintable(msg));
    }
}

// A PI speed controller driving an inertia against a damper (its once-per-tick sample kept)
//
//   pid (kp = 5, ki = 10, target 10 rad/s, limits +-100) --output held over the tick--> torque_source
//   --> [J = 1 kg m^2, at rest] --damper c = 2 N m s-- ground
//
//   The controller samples w_n at each tick's start: e_n = 10 - w_n, I_n = I_{n-1} + h e_n,
//   u_n = 5 e_n + 10 I_n (within the limits here), held over [t_n, t_n + h]; there J w' = u_n - c w,
//   so exactly w_{n+1} = u_n/c + (w_n - u_n/c) exp(-c h/J). That recurrence, iterated in the test, is
//   the closed form of the sampled loop at each tick h; a method's error against it at 1 s falls
//   16x (gauss2) and 8x (radau3) per halved tick (20, 10, 5 ms; asked 2^3.5 and 2^2.5).
void TestMethodTypes::speedControllerAtTheMethodsOrder()
{
    const double J = 1.0, c = 2.0, kp = 5.0, ki = 10.0, target = 10.0;
    const long long ticks[3] = {20000000, 10000000, 5000000};
    for (const char* method : {"gauss2", "radau3"}) {
        double err[3];
        for (int k = 0; k < 3; ++k) {
            const double h = static_cast<double>(ticks[k]) * 1e-9;
            double w = 0.0, integral = 0.0;
            for (long long n = 0; n < 1000000000 / ticks[k]; ++n) {
                const double e = target - w;
                integral += h * e;
                const double u = kp * e + ki * integral;
                QVERIFY(u > -100.0 && u < 100.0);
                w = u / c + (w - u / c) * std::exp(-c * h / J);
            }
            DL_COMPILE(model, lab(runWith(ticks[k], 1000000000, method), "[" + rot("m", J, 0.0) + "]",
                                  R"([{"id": "pid", "type": "speed_controller", "node_a": "m",
                                       "parameters": {"proportional_gain": 5, "integral_gain": 10, "output_min": -100, "output_max": 100},
                                       "inputs": {"target": 10}},
                                      {"id": "drive", "type": "torque_source", "node_a": "m", "inputs": {"torque": {"controller": "pid"}}},
                                      {"id": "d", "type": "damper", "node_a": "m", "parameters": {"damping": 2}}])"));
            DL_SIMULATE(trace, model);
            DL_ENERGY_BALANCED(trace);
            err[k] = std::fabs(trace.at(trace.rows.size() - 1, "m", "speed") - w);
        }
        const double r1 = err[0] / err[1], r2 = err[1] / err[2];
        const QString msg = QString("%1: errors %2 %3 %4 rad/s against the sampled loop's recurrence (ratios %5, %6)")
                                .arg(method).arg(err[0]).arg(err[1]).arg(err[2]).arg(r1).arg(r2);
        qInfo("%s", qPrintable(msg));
        const double order = std::pow(2.0, std::strcmp(method, "gauss2") ? 2.5 : 3.5);
        QVERIFY2(r1 > order && r2 > order, qPrintable(msg));
    }
}

QTEST_GUILESS_MAIN(TestMethodTypes)
#include "tst_methodtypes.moc"
