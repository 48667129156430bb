// Refinement and in-tick events (issue 21): the fixed-tick solver converges to rounding as the
// tick shrinks, and the instants where a law changes (breakaway, the return-spring threshold of a
// pressure-applied clutch) are located inside the tick, not quantised to it.
#include "testutil.h"

using namespace drivelab;
using namespace drivelab::test;

class TestConvergence : public QObject {
    Q_OBJECT
private slots:
    void smallTicksConvergeToTheDiscreteSolution();
};

namespace {

/// run a compiled model to its end without sampling (long runs)
Session runToEnd(const std::shared_ptr<const Model>& model, bool& ok)
{
    Session s(model);
    const BatchResult r = s.run(model->ticks);
    ok = r.status == BatchStatus::Completed;
    return s;
}

double observable(const Session& s, const std::string& subject, const std::string& name)
{
    const auto layout = observableLayout(s.model());
    std::vector<double> v(s.observableCount());
    s.observe(v.data());
    for (std::size_t i = 0; i < layout.size(); ++i) {
        if (layout[i].subject == subject && layout[i].name == name) return v[i];
    }
    return std::nan("");
}

} // namespace

// Slowly decaying flywheel at a one-microsecond tick
//
//   [J = 1 kg m^2, w0 = 100 rad/s] --damper c = 0.1 N m s/rad-- ground      (tau = J/c = 10 s)
//
//   The implicit midpoint on J dw/dt = -c w is the exact linear map per tick
//     w_{k+1} = w_k (1 - a)/(1 + a),  a = c h / (2 J),
//   so after N ticks w_N = w0 exp(N (log1p(-a) - log1p(a))) (computed to ~1e-16).
//   With h = 1 us the last rate predicts each tick's increment to h w c/J * 2a = 1e-12 rad/s:
//   a Newton test with an absolute tolerance (2e-12 + 64 eps |w|, before issue 21) accepts that
//   predictor every tick, and the one-signed 1e-12 rad/s per tick adds up to 1e-6 rad/s (1e-8
//   relative) over the 1e6 ticks. The tolerance relative to the change over the tick takes a
//   Newton step instead: what is left is the rounding of 1e6 ticks.
void TestConvergence::smallTicksConvergeToTheDiscreteSolution()
{
    const long long tickNs = 1000;
    const long long ticks = 1000000;
    DL_COMPILE(model, lab(runSettings(tickNs, tickNs * ticks, ticks), "[" + rot("f", 1.0, 100.0) + "]",
                          R"([{"id": "d", "type": "damper", "node_a": "f", "parameters": {"damping": 0.1}}])"));
    bool ok = false;
    const Session s = runToEnd(model, ok);
    QVERIFY(ok);
    const double a = 0.1 * 1e-6 / 2.0;
    const double expected = 100.0 * std::exp(static_cast<double>(ticks) * (std::log1p(-a) - std::log1p(a)));
    const double w = observable(s, "f", "speed");
    QVERIFY2(std::fabs(w - expected) <= 1e-11 * expected,
             qPrintable(QString("w = %1, discrete closed form %2, relative error %3")
                            .arg(w, 0, 'g', 17)
                            .arg(expected, 0, 'g', 17)
                            .arg((w - expected) / expected)));
    // one Newton iteration per tick (the predictor is never taken as it stands)
    QVERIFY(s.stats().newtonIterations >= ticks);
}

QTEST_APPLESS_MAIN(TestConvergence)
#include "tst_convergence.moc"
