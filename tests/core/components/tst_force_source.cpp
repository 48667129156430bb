// force_source: an ideal force source driven by its `force` input (the translational
// torque_source). Bound to a signal, the input takes the signal's exact mean over every interval,
// so the impulse over an interval is exactly the signal's integral.
//
//   (1) grounded, a sine:  ground ]--[F(t)]--> [ m = 2 kg, v0 = 1 m/s ]
//       F(t) = F0 sin(w t), F0 = 10 N, w = 2 pi 1 Hz; tick 1 ms, 1 s, a report every tick.
//       v(t) = v0 + F0 (1 - cos(w t)) / (m w)      exact at every tick boundary (impulse exact)
//       x(t_k) = x0 + sum_j h (v(t_j-1) + v(t_j)) / 2   (positions integrate the stage velocity)
//       mean force over tick k = F0 (cos(w t_k-1) - cos(w t_k)) / (w h); force_at_b its negative
//       work = m (v(1)^2 - v0^2) / 2 = 0 (a whole period); the sum of |work| is not: the
//       energy residual is at rounding of that scale.
//
//   (2) with a support: [ m1 = 1 ]<--[F = 4 N]-->[ m2 = 3 ]  both at rest, an event sets
//       F = -2 N at 0.2 s. v_a(0.3) = (4 0.2 - 2 0.1) / 1 = 0.6, v_b(0.3) = -0.6 / 3 = -0.2;
//       momentum m1 v_a + m2 v_b = 0.
//
//   (3) its bond-graph reading: an Se; grounded on a mass it is consistent.
#include "testutil.h"

#include <numbers>

#include "analysis/causality.h"

using namespace drivelab;
using namespace drivelab::test;

class TestForceSource : public QObject {
    Q_OBJECT
private slots:
    void groundedSine();
    void withSupport();
    void causality();
};

namespace {
const std::string kSine = [] {
    std::string text = lab(runSettings(1000000, 1000000000, 1), "[" + mass("body", 2.0, 1.0, 0.5) + "]",
                           R"([{"id": "push", "type": "force_source", "node_a": "body", "inputs": {"force": {"signal": "f"}}}])");
    text.pop_back();
    return text + R"(, "signals": [{"id": "f", "kind": "sine", "amplitude": 10, "frequency": 1}]})";
}();
} // namespace

void TestForceSource::groundedSine()
{
    DL_COMPILE(model, kSine);
    DL_SIMULATE(t, model);
    const double m = 2.0, v0 = 1.0, f0 = 10.0, w = 2.0 * std::numbers::pi, h = 1e-3;
    const auto v = [&](double s) {
        return v0 + f0 * (1.0 - std::cos(w * s)) / (m * w);
    };
    double x = 0.5, worstV = 0.0, worstF = 0.0;
    for (std::size_t k = 1; k < t.rows.size(); ++k) {
        const double t0 = static_cast<double>(k - 1) * h, t1 = static_cast<double>(k) * h;
        x += h * 0.5 * (v(t0) + v(t1));
        worstV = std::fmax(worstV, std::fabs(t.at(k, "body", "velocity") - v(t1)));
        const double mean = f0 * (std::cos(w * t0) - std::cos(w * t1)) / (w * h);
        worstF = std::fmax(worstF, std::fabs(t.at(k, "push", "force") - mean));
        QCOMPARE(t.at(k, "push", "force_at_b"), -t.at(k, "push", "force"));
    }
    qInfo("worst velocity error %.3g m/s, worst mean force error %.3g N; position %.17g (expected %.17g); residual %.3g J", worstV, worstF,
          t.at(1000, "body", "position"), x, t.energy.residual);
    QVERIFY(worstV < 1e-13);
    QVERIFY(worstF < 1e-10);
    DL_NEAR(t.at(1000, "body", "position"), x, 1e-12);
    DL_NEAR(t.at(1000, "body", "velocity"), v0, 1e-13);
    DL_NEAR(t.energy.sourceWork, 0.0, 1e-12);
    DL_ENERGY_BALANCED(t);
}

void TestForceSource::withSupport()
{
    DL_COMPILE(model, lab(runSettings(1000000, 300000000, 100), "[" + mass("a", 1.0, 0.0) + "," + mass("b", 3.0, 0.0) + "]",
                          R"([{"id": "src", "type": "force_source", "node_a": "a", "node_b": "b", "inputs": {"force": 4}}])",
                          R"([{"time_ns": 200000000, "component": "src", "input": "force", "value": -2}])"));
    DL_SIMULATE(t, model);
    const double va = t.at(3, "a", "velocity"), vb = t.at(3, "b", "velocity");
    DL_NEAR(va, 0.6, 1e-12);
    DL_NEAR(vb, -0.2, 1e-12);
    DL_NEAR(1.0 * va + 3.0 * vb, 0.0, 1e-12);
    QCOMPARE(t.at(2, "src", "force"), 4.0);
    QCOMPARE(t.at(3, "src", "force_at_b"), 2.0);
    DL_ENERGY_BALANCED(t);
}

void TestForceSource::causality()
{
    DL_COMPILE(model, kSine);
    const CausalityReport r = analyzeCausality(*model, initialLockMask(*model));
    QVERIFY(r.consistent);
    bool found = false;
    for (const CausalityElement& e : r.elements) found = found || (e.id == "push" && e.kind == "Se" && e.causality == "fixed");
    QVERIFY2(found, qPrintable(QString::fromStdString(causalityText(r))));
}

QTEST_GUILESS_MAIN(TestForceSource)
#include "tst_force_source.moc"
