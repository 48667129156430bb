// torque_source: an ideal torque source driven by its `torque` input (events change it).
//
//   (1) grounded:     ground ]--[tau]--> [ J = 0.5 kg m^2, w0 = 2 rad/s ]
//       tau = 10 N m on [0, 0.5 s), -5 N m from 0.5 s (an event), tick 1 ms, run 1 s.
//       w(t)     = w0 + tau t / J                 (piecewise linear: exact under the midpoint rule)
//       theta(t) = w0 t + tau t^2 / (2 J)         (each piece; angles integrate the stage speed)
//       w(0.5) = 2 + 10 = 12 rad/s, theta(0.5) = 1 + 2.5 = 3.5 rad
//       w(1)   = 12 - 5 = 7 rad/s,  theta(1)   = 3.5 + 6 - 1.25 = 8.25 rad
//       work   = 1/2 J (w(1)^2 - w0^2) = 0.25 (49 - 4) = 11.25 J; energy residual at rounding
//       mean torque over a tick = tau; mean power over the tick ending at 0.5 s =
//       tau (w(0.5) - tau h / (2 J)) = 10 (12 - 0.01) = 119.9 W
//
//   (2) with a support: [ J1 = 1 ]<--[tau = 4 N m]-->[ J2 = 3 ]  both at rest
//       w_a = tau t / J1, w_b = -tau t / J2: at 0.3 s w_a = 1.2, w_b = -0.4 rad/s;
//       momentum J1 w_a + J2 w_b = 0; reaction mean on b = -tau
//
//   (3) its bond-graph reading: an Se with its support; a grounded source on an inertia is
//       consistent (the inertia in integral causality)
#include "testutil.h"

#include "analysis/causality.h"

using namespace drivelab;
using namespace drivelab::test;

class TestTorqueSource : public QObject {
    Q_OBJECT
private slots:
    void grounded();
    void withSupport();
    void causality();
};

namespace {
const std::string kGrounded = lab(runSettings(1000000, 1000000000, 100), "[" + rot("shaft", 0.5, 2.0) + "]",
                                  R"([{"id": "src", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": 10}}])",
                                  R"([{"time_ns": 500000000, "component": "src", "input": "torque", "value": -5}])");
} // namespace

void TestTorqueSource::grounded()
{
    DL_COMPILE(model, kGrounded);
    const Trace t = simulate(model);
    QVERIFY(t.ok);
    // boundary 5 is t = 0.5 s, boundary 10 is t = 1 s
    QCOMPARE(t.times[5], 0.5);
    const double tol = 1e-12;
    QVERIFY(std::fabs(t.at(5, "shaft", "speed") - 12.0) < tol);
    QVERIFY(std::fabs(t.at(5, "shaft", "angle") - 3.5) < tol);
    QVERIFY(std::fabs(t.at(10, "shaft", "speed") - 7.0) < tol);
    QVERIFY(std::fabs(t.at(10, "shaft", "angle") - 8.25) < 1e-11);
    QCOMPARE(t.at(5, "src", "torque"), 10.0);
    QCOMPARE(t.at(5, "src", "torque_at_b"), -10.0);
    QCOMPARE(t.at(10, "src", "torque"), -5.0);
    QVERIFY(std::fabs(t.at(5, "src", "power") - 119.9) < 1e-10);
    QVERIFY(std::fabs(t.energy.sourceWork - 11.25) < 1e-11);
    QVERIFY2(std::fabs(t.energy.residual) <= kRoundingLevel * energyScale(t.energy), qPrintable(QString::number(t.energy.residual)));
}

void TestTorqueSource::withSupport()
{
    DL_COMPILE(model, lab(runSettings(1000000, 300000000, 300), "[" + rot("a", 1.0, 0.0) + "," + rot("b", 3.0, 0.0) + "]",
                          R"([{"id": "src", "type": "torque_source", "node_a": "a", "node_b": "b", "inputs": {"torque": 4}}])"));
    const Trace t = simulate(model);
    QVERIFY(t.ok);
    const double wa = t.at(1, "a", "speed"), wb = t.at(1, "b", "speed");
    QVERIFY(std::fabs(wa - 1.2) < 1e-12);
    QVERIFY(std::fabs(wb + 0.4) < 1e-12);
    QVERIFY(std::fabs(1.0 * wa + 3.0 * wb) < 1e-12);
    QCOMPARE(t.at(1, "src", "torque_at_b"), -4.0);
    QVERIFY(std::fabs(t.energy.residual) <= kRoundingLevel * energyScale(t.energy));
}

void TestTorqueSource::causality()
{
    DL_COMPILE(model, kGrounded);
    const CausalityReport r = analyzeCausality(*model, initialLockMask(*model));
    QVERIFY(r.consistent);
    bool found = false;
    for (const CausalityElement& e : r.elements) found = found || (e.id == "src" && e.kind == "Se" && e.causality == "fixed");
    QVERIFY2(found, qPrintable(QString::fromStdString(causalityText(r))));
}

QTEST_GUILESS_MAIN(TestTorqueSource)
#include "tst_torque_source.moc"
