// differential (open): w_a = N (w_b + w_c) / 2, one rigid row resolved by projection; the
// differential's torques lambda on the input a and -N/2 lambda on each side shaft b, c.
//
//                                 +--[ b: Jb ]--(damper db)--ground
//   [T]=>[ a: Ja ]--diff N--------+
//                                 +--[ c: Jc ]--(damper dc)--ground
//
// With k = N/2 and the side shafts as the independent speeds q = (w_b, w_c), w_a = k (w_b + w_c):
//   M q' = g - D q,   M = [[Jb + Ja k^2, Ja k^2], [Ja k^2, Jc + Ja k^2]],  g = (k T, k T),  D = diag(db, dc)
//   (1) no dampers: constant accelerations. The row's multiplier lambda (the torque on a):
//         lambda = -T / (1 + Ja k^2 (1/Jb + 1/Jc))
//         a_a = (T + lambda) / Ja,  a_b = -k lambda / Jb,  a_c = -k lambda / Jc
//       so T_b = T_c = -k lambda: equal torques on unequal inertias, unequal accelerations whose
//       mean times N is the input's. The midpoint is exact for constant accelerations: speeds
//       w(t) = w0 + a t at rounding, work T (w_a0 t + a_a t^2/2) = the kinetic energy gained.
//       gauss2 (run.method) likewise.
//   (2) unequal loads db != dc: the midpoint's recurrence in q, tick by tick,
//         (M/h + D/2) q1 = (M/h - D/2) q0 + g
//       and its steady state: equal torques k T on both sides, speeds averaged:
//         w_b = k T / db,  w_c = k T / dc,  w_a = k (w_b + w_c)
//       books: work of the source = kinetic energy gained + the dampers' heat, at rounding.
//       Against the continuous solution (independent of the method): q(t) = q_ss + sum_i c_i v_i
//       exp(-mu_i t) with D v = mu M v (det(D - mu M) = 0, a quadratic in mu), c from q(0) = 0: at
//       t = 1 s the midpoint's error falls 4x and gauss2's 16x per halved tick (orders 2 and 4).
//   (3) one wheel held (a speed source at 0 on c, or c on ground): w_b = 2 w_a / N at every
//       boundary; (Jb + Ja k^2) a_b = k T; the held wheel's reaction carries the same torque as
//       the turning wheel's: source torque = -T_c = -T_b.
//       The input on ground (the case held): the sides counter-rotate, w_c = -w_b; a torque T on b
//       gives (Jb + Jc) a_b = T, both sides' differential torques -Jc a_b (equal); consistent.
//   (4) causality: the input and both side shafts speed-driven: over-determined, a conflict
//       naming the three sources, and the compiler refuses it naming the differential and what
//       to change; the input and one side shaft speed-driven: consistent (the other follows).
//   (5) bad input through `drivelab-cli check` and `run`: ratio 0 or not a number, the same node
//       on two ports: exit 2, `FILE: diff: FIELD: message`, nothing written.
//   (6) its bond-graph reading: two rigid TFs on a 0-junction; one constrained group, consistent.
//   (7) limited slip: a clutch of capacity C between the side shafts, c held (speed source 0),
//       b turning at 10 rad/s at t = 0, so the clutch slips from the start:
//         (Jb + Ja k^2) a_b = k T - C              (constant: the midpoint is exact)
//         differential's torque on each side T_s = k (T - Ja k a_b)
//         the held wheel gets T_s + C, the turning wheel T_s - C (the clutch's bias)
//         friction heat C (w_b0 t + a_b t^2 / 2); work = kinetic energy gained + heat
//       k T < C (C = 250 N m > k T = 175 N m): b slows at a_b < 0, the clutch captures at
//       t* = -10 / a_b and holds (it must carry k T <= C): every speed 0 after t*.
//       A viscous coupling instead (a damper c_v between the side shafts, speed-sensing): b settles
//       where the coupling takes the whole drive, c_v w_b = k T; the held wheel then gets 2 k T.
#include "testutil.h"
#include "core/clitestutil.h"

#include <QTemporaryDir>

#include <algorithm>

#include "analysis/causality.h"

using namespace drivelab;
using namespace drivelab::test;

class TestOpenDifferential : public QObject {
    Q_OBJECT
private slots:
    void equalSplitOnInertias();
    void equalSplitOnInertiasGauss2();
    void unequalLoads();
    void unequalLoadsConverge();
    void oneWheelHeld();
    void oneWheelOnGround();
    void inputOnGround();
    void causality();
    void badInputRefused();
    void limitedSlipBias();
    void limitedSlipLocks();
    void viscousCoupling();
};

namespace {

constexpr double kN = 3.5, kK = kN / 2.0, kT = 100.0;
constexpr double kJa = 0.05, kJb = 1.2, kJc = 0.8;
constexpr double kDb = 4.0, kDc = 2.0;

// the network of the sketch: initial side-shaft speeds wb0, wc0 (the input's from the row);
// `loads`: the two dampers; `run` its run settings
std::string diffLab(const std::string& run, double wb0, double wc0, bool loads)
{
    const std::string dampers = loads ? R"(, {"id": "lb", "type": "damper", "node_a": "b", "parameters": {"damping": 4}},
                   {"id": "lc", "type": "damper", "node_a": "c", "parameters": {"damping": 2}})"
                                      : "";
    return lab(
        run, "[" + rot("a", kJa, kK * (wb0 + wc0)) + "," + rot("b", kJb, wb0) + "," + rot("c", kJc, wc0) + "]",
        R"([{"id": "t", "type": "torque_step", "node_a": "a", "parameters": {"step_torque": 100, "offset_torque": 0, "start_time": 0}},
                   {"id": "diff", "type": "differential", "node_a": "a", "node_b": "b", "node_c": "c", "parameters": {"ratio": 3.5}})" +
            dampers + "]");
}

double kinetic(double wa, double wb, double wc) { return 0.5 * (kJa * wa * wa + kJb * wb * wb + kJc * wc * wc); }

// the checks of (1) on a trace from w_b = 10, w_c = 6
void checkConstantAccelerations(const Trace& t)
{
    const double lambda = -kT / (1.0 + kJa * kK * kK * (1.0 / kJb + 1.0 / kJc));
    const double aa = (kT + lambda) / kJa, ab = -kK * lambda / kJb, ac = -kK * lambda / kJc;
    const double wa0 = kK * 16.0;
    double worst = 0.0;
    for (std::size_t k = 1; k < t.rows.size(); ++k) {
        const double s = t.times[k];
        worst = std::fmax(worst, std::fabs(t.at(k, "a", "speed") - (wa0 + aa * s)) / (wa0 + aa * s));
        worst = std::fmax(worst, std::fabs(t.at(k, "b", "speed") - (10.0 + ab * s)) / (10.0 + ab * s));
        worst = std::fmax(worst, std::fabs(t.at(k, "c", "speed") - (6.0 + ac * s)) / (6.0 + ac * s));
        // the split: equal torques on both sides, -N/2 times the torque on the input
        QCOMPARE(t.at(k, "diff", "torque_at_b"), t.at(k, "diff", "torque_at_c"));
        DL_NEAR(t.at(k, "diff", "torque"), lambda, 1e-12 * kT);
        DL_NEAR(t.at(k, "diff", "torque_at_b"), -kK * lambda, 1e-12 * kT);
        DL_NEAR(t.at(k, "diff", "speed_difference"), t.at(k, "b", "speed") - t.at(k, "c", "speed"), 0.0);
    }
    const std::size_t last = t.rows.size() - 1;
    const double s = t.times[last], wa = wa0 + aa * s, wb = 10.0 + ab * s, wc = 6.0 + ac * s;
    const double work = kT * (wa0 * s + 0.5 * aa * s * s), gained = kinetic(wa, wb, wc) - kinetic(wa0, 10.0, 6.0);
    qInfo("lambda %.17g N m, a_a %.6g a_b %.6g a_c %.6g rad/s^2; worst relative speed error %.3g; work %.17g J, "
          "kinetic energy gained %.17g J, books %.17g J, residual %.3g J",
          lambda, aa, ab, ac, worst, work, gained, t.energy.sourceWork, t.energy.residual);
    QVERIFY(worst < 1e-13);
    DL_NEAR(t.energy.sourceWork, work, 1e-12 * work);
    DL_NEAR(t.energy.kineticFinal - t.energy.kineticInitial, gained, 1e-12 * work);
    DL_ENERGY_BALANCED(t);
}

// a node's speed and a speed source on it
std::string heldLab(const std::string& holder)
{
    return lab(
        runSettings(1000000, 1000000000, 10), "[" + rot("a", kJa, kK * 10.0) + "," + rot("b", kJb, 10.0) + "," + rot("c", kJc, 0.0) + "]",
        R"([{"id": "t", "type": "torque_step", "node_a": "a", "parameters": {"step_torque": 100, "offset_torque": 0, "start_time": 0}},
                   {"id": "diff", "type": "differential", "node_a": "a", "node_b": "b", "node_c": )" +
            holder + R"(, "parameters": {"ratio": 3.5}})" +
            (holder == R"("c")" ? R"(, {"id": "hold", "type": "speed_source", "node_a": "c", "inputs": {"speed": 0}})" : "") + "]");
}

// the checks of (3): the turning wheel at 2 w_a / N, accelerated by k T / (Jb + Ja k^2)
void checkOneWheelHeld(const Trace& t, bool source)
{
    const double ab = kK * kT / (kJb + kJa * kK * kK);
    double worst = 0.0;
    for (std::size_t k = 1; k < t.rows.size(); ++k) {
        const double wa = t.at(k, "a", "speed"), wb = t.at(k, "b", "speed");
        DL_NEAR(wb, 2.0 * wa / kN, 1e-13 * wb);
        worst = std::fmax(worst, std::fabs(wb - (10.0 + ab * t.times[k])) / wb);
        QCOMPARE(t.at(k, "diff", "torque_at_b"), t.at(k, "diff", "torque_at_c"));
        DL_NEAR(t.at(k, "diff", "torque_at_b"), kK * kT * kJb / (kJb + kJa * kK * kK), 1e-12 * kT);
        if (source) {
            QCOMPARE(t.at(k, "c", "speed"), 0.0);
            DL_NEAR(t.at(k, "hold", "torque"), -t.at(k, "diff", "torque_at_c"), 1e-12 * kT);
        }
    }
    qInfo("worst relative error of w_b %.3g; residual %.3g J of %.3g J", worst, t.energy.residual, t.energy.sourceWork);
    QVERIFY(worst < 1e-13);
    DL_ENERGY_BALANCED(t);
}

// (7): the held network with a clutch of capacity `cap` between the side shafts, b at 10 rad/s
std::string limitedSlipLab(double cap)
{
    return lab(
        runSettings(1000000, 1000000000, 10), "[" + rot("a", kJa, kK * 10.0) + "," + rot("b", kJb, 10.0) + "," + rot("c", kJc, 0.0) + "]",
        R"([{"id": "t", "type": "torque_step", "node_a": "a", "parameters": {"step_torque": 100, "offset_torque": 0, "start_time": 0}},
                   {"id": "diff", "type": "differential", "node_a": "a", "node_b": "b", "node_c": "c", "parameters": {"ratio": 3.5}},
                   {"id": "lsd", "type": "clutch", "node_a": "b", "node_b": "c", "inputs": {"capacity": )" +
            formatDouble(cap) + R"(}},
                   {"id": "hold", "type": "speed_source", "node_a": "c", "inputs": {"speed": 0}}])");
}

} // namespace

void TestOpenDifferential::equalSplitOnInertias()
{
    DL_COMPILE(model, diffLab(runSettings(1000000, 2000000000, 10), 10.0, 6.0, false));
    DL_SIMULATE(t, model);
    checkConstantAccelerations(t);
}

void TestOpenDifferential::equalSplitOnInertiasGauss2()
{
    std::string text = diffLab(runSettings(1000000, 2000000000, 10), 10.0, 6.0, false);
    text.replace(text.find(R"("report_every_ticks": 10)"), 24, R"("report_every_ticks": 10, "method": "gauss2")");
    DL_COMPILE(model, text);
    QCOMPARE(model->method, IntegrationMethod::Gauss2);
    DL_SIMULATE(t, model);
    checkConstantAccelerations(t);
}

void TestOpenDifferential::unequalLoads()
{
    const double h = 1e-3;
    DL_COMPILE(model, diffLab(runSettings(1000000, 20000000000LL, 1), 0.0, 0.0, true));
    DL_SIMULATE(t, model);
    // the midpoint's recurrence in q = (w_b, w_c): A q1 = B q0 + g
    const double m11 = kJb + kJa * kK * kK, m12 = kJa * kK * kK, m22 = kJc + kJa * kK * kK;
    const double a11 = m11 / h + kDb / 2, a12 = m12 / h, a22 = m22 / h + kDc / 2, det = a11 * a22 - a12 * a12;
    double qb = 0.0, qc = 0.0, worst = 0.0;
    for (std::size_t k = 1; k < t.rows.size(); ++k) {
        const double rb = (m11 / h - kDb / 2) * qb + m12 / h * qc + kK * kT;
        const double rc = m12 / h * qb + (m22 / h - kDc / 2) * qc + kK * kT;
        qb = (a22 * rb - a12 * rc) / det;
        qc = (a11 * rc - a12 * rb) / det;
        worst = std::fmax(worst, std::fabs(t.at(k, "b", "speed") - qb) / (1.0 + std::fabs(qb)));
        worst = std::fmax(worst, std::fabs(t.at(k, "c", "speed") - qc) / (1.0 + std::fabs(qc)));
        worst = std::fmax(worst, std::fabs(t.at(k, "a", "speed") - kK * (qb + qc)) / (1.0 + std::fabs(kK * (qb + qc))));
        QCOMPARE(t.at(k, "diff", "torque_at_b"), t.at(k, "diff", "torque_at_c"));
    }
    // steady state: both loads take k T, at speeds k T / db and k T / dc; the input runs at their mean times N
    const std::size_t last = t.rows.size() - 1;
    const double wb = kK * kT / kDb, wc = kK * kT / kDc;
    qInfo("worst relative deviation from the recurrence %.3g; at 20 s: w_a %.17g, w_b %.17g, w_c %.17g rad/s, T_b %.17g, T_c %.17g N m",
          worst, t.at(last, "a", "speed"), t.at(last, "b", "speed"), t.at(last, "c", "speed"), t.at(last, "diff", "torque_at_b"),
          t.at(last, "diff", "torque_at_c"));
    QVERIFY(worst < 1e-12);
    DL_NEAR(t.at(last, "b", "speed"), wb, 1e-9 * wb);
    DL_NEAR(t.at(last, "c", "speed"), wc, 1e-9 * wc);
    DL_NEAR(t.at(last, "a", "speed"), kK * (wb + wc), 1e-9 * kK * (wb + wc));
    DL_NEAR(t.at(last, "diff", "torque_at_b"), kK * kT, 1e-9 * kK * kT);
    DL_NEAR(t.at(last, "lb", "torque"), -kK * kT, 1e-9 * kK * kT);
    DL_NEAR(t.at(last, "lc", "torque"), -kK * kT, 1e-9 * kK * kT);
    // books: work = kinetic energy gained + heat of both dampers
    const double heat = t.at(last, "lb", "heat") + t.at(last, "lc", "heat");
    const double gained = kinetic(t.at(last, "a", "speed"), t.at(last, "b", "speed"), t.at(last, "c", "speed"));
    qInfo("work %.17g J = kinetic %.17g J + heat %.17g J; residual %.3g J", t.energy.sourceWork, gained, heat, t.energy.residual);
    DL_NEAR(t.energy.sourceWork, gained + heat, 1e-11 * t.energy.sourceWork);
    DL_ENERGY_BALANCED(t);
}

void TestOpenDifferential::unequalLoadsConverge()
{
    // the continuous solution at t = 1 s from rest
    const double m11 = kJb + kJa * kK * kK, m12 = kJa * kK * kK, m22 = kJc + kJa * kK * kK;
    const double qa = m11 * m22 - m12 * m12, qb = -(kDb * m22 + kDc * m11), qc = kDb * kDc;
    const double mu[2] = {(-qb - std::sqrt(qb * qb - 4.0 * qa * qc)) / (2.0 * qa), (-qb + std::sqrt(qb * qb - 4.0 * qa * qc)) / (2.0 * qa)};
    const double v[2][2] = {{mu[0] * m12, kDb - mu[0] * m11}, {mu[1] * m12, kDb - mu[1] * m11}};
    const double ssb = kK * kT / kDb, ssc = kK * kT / kDc;
    // c0 v0 + c1 v1 = -q_ss
    const double det = v[0][0] * v[1][1] - v[1][0] * v[0][1];
    const double c0 = (-ssb * v[1][1] + ssc * v[1][0]) / det, c1 = (-ssc * v[0][0] + ssb * v[0][1]) / det;
    const double exactB = ssb + c0 * v[0][0] * std::exp(-mu[0]) + c1 * v[1][0] * std::exp(-mu[1]);
    const double exactC = ssc + c0 * v[0][1] * std::exp(-mu[0]) + c1 * v[1][1] * std::exp(-mu[1]);
    const auto error = [&](long long tickNs, bool gauss2) {
        std::string text = diffLab(runSettings(tickNs, 1000000000, 1000000000 / tickNs), 0.0, 0.0, true);
        if (gauss2) text.replace(text.find(R"("report_every_ticks")"), 20, R"("method": "gauss2", "report_every_ticks")");
        const LoadedLab l = load(text);
        if (!l.model) qFatal("%s", qPrintable(describe(l.diagnostics)));
        const Trace t = simulate(l.model);
        if (!t.ok) qFatal("%s", t.error.message.c_str());
        const std::size_t last = t.rows.size() - 1;
        return std::fmax(std::fabs(t.at(last, "b", "speed") - exactB), std::fabs(t.at(last, "c", "speed") - exactC));
    };
    const double mid4 = error(4000000, false), mid2 = error(2000000, false);
    const double g4 = error(4000000, true), g2 = error(2000000, true);
    qInfo("mu %.6g, %.6g 1/s; exact w_b %.17g, w_c %.17g rad/s at 1 s; midpoint errors %.3g, %.3g (ratio %.4g); "
          "gauss2 errors %.3g, %.3g (ratio %.4g)",
          mu[0], mu[1], exactB, exactC, mid4, mid2, mid4 / mid2, g4, g2, g4 / g2);
    QVERIFY(mid4 / mid2 > 3.9 && mid4 / mid2 < 4.1);
    QVERIFY(g4 / g2 > 15.0 && g4 / g2 < 17.0);
    QVERIFY(g2 < 1e-3 * mid2);
}

void TestOpenDifferential::oneWheelHeld()
{
    DL_COMPILE(model, heldLab(R"("c")"));
    DL_SIMULATE(t, model);
    checkOneWheelHeld(t, true);
}

void TestOpenDifferential::oneWheelOnGround()
{
    DL_COMPILE(model, heldLab(R"("ground")"));
    DL_SIMULATE(t, model);
    checkOneWheelHeld(t, false);
}

void TestOpenDifferential::inputOnGround()
{
    DL_COMPILE(
        model,
        lab(runSettings(1000000, 1000000000, 10), "[" + rot("b", kJb, 4.0) + "," + rot("c", kJc, -4.0) + "]",
            R"([{"id": "t", "type": "torque_step", "node_a": "b", "parameters": {"step_torque": 100, "offset_torque": 0, "start_time": 0}},
                              {"id": "diff", "type": "differential", "node_a": "ground", "node_b": "b", "node_c": "c", "parameters": {"ratio": 3.5}}])"));
    const CausalityReport r = analyzeCausality(*model, initialLockMask(*model));
    QVERIFY2(r.consistent, qPrintable(QString::fromStdString(causalityText(r))));
    DL_SIMULATE(t, model);
    const double ab = kT / (kJb + kJc);
    for (std::size_t k = 1; k < t.rows.size(); ++k) {
        const double wb = 4.0 + ab * t.times[k];
        DL_NEAR(t.at(k, "b", "speed"), wb, 1e-13 * wb);
        QCOMPARE(t.at(k, "c", "speed"), -t.at(k, "b", "speed"));
        QCOMPARE(t.at(k, "diff", "torque_at_b"), t.at(k, "diff", "torque_at_c"));
        DL_NEAR(t.at(k, "diff", "torque_at_b"), -kJc * ab, 1e-12 * kT);
        DL_NEAR(t.at(k, "diff", "speed_difference"), 2.0 * wb, 1e-13 * wb);
    }
    DL_ENERGY_BALANCED(t);
}

void TestOpenDifferential::causality()
{
    const auto sources = [](bool onC) {
        return lab(runSettings(1000000, 10000000, 1),
                   "[" + rot("a", kJa, kK * 16.0) + "," + rot("b", kJb, 10.0) + "," + rot("c", kJc, 6.0) + "]",
                   std::string(R"([{"id": "sa", "type": "speed_source", "node_a": "a", "inputs": {"speed": 28}},
                       {"id": "diff", "type": "differential", "node_a": "a", "node_b": "b", "node_c": "c", "parameters": {"ratio": 3.5}},
                       {"id": "sb", "type": "speed_source", "node_a": "b", "inputs": {"speed": 10}})") +
                       (onC ? R"(, {"id": "sc", "type": "speed_source", "node_a": "c", "inputs": {"speed": 6}})" : "") + "]");
    };
    // the input and one side shaft driven: the other side shaft follows, consistent
    {
        DL_COMPILE(model, sources(false));
        const CausalityReport r = analyzeCausality(*model, initialLockMask(*model));
        QVERIFY2(r.consistent, qPrintable(QString::fromStdString(causalityText(r))));
        bool grouped = false;
        for (const ConstrainedGroup& g : r.groups)
            grouped = grouped || std::find(g.components.begin(), g.components.end(), "diff") != g.components.end();
        QVERIFY2(grouped, qPrintable(QString::fromStdString(causalityText(r))));
        DL_SIMULATE(t, model);
        DL_NEAR(t.at(t.rows.size() - 1, "c", "speed"), 6.0, 1e-12);
    }
    // all three driven: over-determined
    {
        const std::string text = sources(true);
        const LabReadResult read = readLabJson(Json::parse(text));
        QVERIFY(read.lab);
        const CausalityReport r = analyzeCausality(*read.lab);
        const QString report = QString::fromStdString(causalityText(r));
        qInfo("%s", qPrintable(report));
        QVERIFY(!r.consistent);
        bool named = false;
        for (const CausalityConflict& c : r.conflicts) {
            bool all = true;
            for (const char* id : {"sa", "sb", "sc"}) all = all && std::find(c.elements.begin(), c.elements.end(), id) != c.elements.end();
            named = named || all;
        }
        QVERIFY2(named, qPrintable(report));
        const LoadedLab l = load(text);
        QVERIFY(!l.model);
        const QString d = describe(l.diagnostics);
        qInfo("%s", qPrintable(d));
        QVERIFY2(d.contains("lab: diff: -: this differential's rigid constraint ties speeds that speed sources prescribe independently") &&
                     d.contains("remove one of the sources"),
                 qPrintable(d));
    }
}

void TestOpenDifferential::badInputRefused()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string good = diffLab(runSettings(1000000, 10000000, 1), 10.0, 6.0, true);
    const auto with = [&](const std::string& from, const std::string& to) { return replaceOnce(good, from, to); };
    struct Case {
        std::string text, line;
    };
    const Case cases[] = {
        {with(R"("ratio": 3.5)", R"("ratio": 0)"), "diff: differential.ratio: must be in"},
        {with(R"("ratio": 3.5)", R"("ratio": "NaN")"), "diff: differential.ratio: must be a number"},
        {with(R"("ratio": 3.5)", R"("ratio": 1e-7)"), "diff: differential.ratio: must be in"},
        {with(R"("ratio": 3.5)", R"("ratio": NaN)"), "-: -: malformed JSON"},
        {with(R"("parameters": {"ratio": 3.5})", R"("parameters": {})"), "diff: differential.ratio: missing"},
        {with(R"("node_c": "c")", R"("node_c": "b")"), "diff: node_c: the input and the two side shafts must be three different nodes"},
    };
    for (const Case& c : cases) {
        checkCliRefuses(dir, c.text, c.line);
        if (QTest::currentTestFailed()) return;
    }
}

void TestOpenDifferential::limitedSlipBias()
{
    const double cap = 100.0;
    DL_COMPILE(model, limitedSlipLab(cap));
    DL_SIMULATE(t, model);
    const double ab = (kK * kT - cap) / (kJb + kJa * kK * kK), side = kK * (kT - kJa * kK * ab);
    double worst = 0.0;
    for (std::size_t k = 1; k < t.rows.size(); ++k) {
        const double s = t.times[k], wb = 10.0 + ab * s;
        worst = std::fmax(worst, std::fabs(t.at(k, "b", "speed") - wb) / wb);
        DL_NEAR(t.at(k, "a", "speed"), kK * t.at(k, "b", "speed"), 1e-13 * kK * wb);
        QCOMPARE(t.at(k, "lsd", "locked"), 0.0);
        DL_NEAR(t.at(k, "diff", "torque_at_b"), side, 1e-12 * side);
        DL_NEAR(t.at(k, "diff", "torque_at_c"), side, 1e-12 * side);
        // the held wheel's reaction carries T_s + C, the turning wheel's net drive is T_s - C
        DL_NEAR(-t.at(k, "hold", "torque"), side + cap, 1e-12 * side);
        DL_NEAR(t.at(k, "diff", "torque_at_b") + t.at(k, "lsd", "torque"), side - cap, 1e-12 * side);
        DL_NEAR(t.at(k, "lsd", "friction_heat"), cap * (10.0 * s + 0.5 * ab * s * s), 1e-12 * cap * 10.0 * (1.0 + s));
    }
    const std::size_t last = t.rows.size() - 1;
    const double heat = t.at(last, "lsd", "friction_heat");
    const double gained = kinetic(t.at(last, "a", "speed"), t.at(last, "b", "speed"), 0.0) - kinetic(kK * 10.0, 10.0, 0.0);
    qInfo("a_b %.17g rad/s^2 (worst relative error %.3g); side torque %.6g N m: held wheel %.6g, turning wheel %.6g N m "
          "(bias ratio %.4g); work %.17g J = kinetic %.17g J + heat %.17g J, residual %.3g J",
          ab, worst, side, side + cap, side - cap, (side + cap) / (side - cap), t.energy.sourceWork, gained, heat, t.energy.residual);
    QVERIFY(worst < 1e-13);
    DL_NEAR(t.energy.sourceWork, gained + heat, 1e-12 * t.energy.sourceWork);
    DL_ENERGY_BALANCED(t);
}

void TestOpenDifferential::limitedSlipLocks()
{
    const double cap = 250.0;
    DL_COMPILE(model, limitedSlipLab(cap));
    DL_SIMULATE(t, model);
    const double ab = (kK * kT - cap) / (kJb + kJa * kK * kK), tStar = -10.0 / ab;
    bool locked = false;
    for (std::size_t k = 1; k < t.rows.size(); ++k) {
        const double s = t.times[k];
        if (s < tStar - 1e-3) {
            DL_NEAR(t.at(k, "b", "speed"), 10.0 + ab * s, 1e-12 * 10.0);
            QCOMPARE(t.at(k, "lsd", "locked"), 0.0);
        } else if (s > tStar + 1e-3) {
            locked = true;
            QCOMPARE(t.at(k, "lsd", "locked"), 1.0);
            DL_NEAR(t.at(k, "b", "speed"), 0.0, 1e-12);
            DL_NEAR(t.at(k, "a", "speed"), 0.0, 1e-12);
            // locked, the clutch carries k T (<= C) and the held wheel takes all of the 2 k T
            DL_NEAR(t.at(k, "lsd", "torque"), -kK * kT, 1e-9 * kK * kT);
            DL_NEAR(-t.at(k, "hold", "torque"), 2.0 * kK * kT, 1e-9 * kK * kT);
        }
    }
    QVERIFY(locked);
    const std::size_t last = t.rows.size() - 1;
    const double heat = cap * 10.0 * tStar / 2.0; // C times the slip angle 10 t* / 2
    qInfo("capture at %.6g s; friction heat %.17g J (expected %.17g J); residual %.3g J", tStar, t.at(last, "lsd", "friction_heat"), heat,
          t.energy.residual);
    DL_NEAR(t.at(last, "lsd", "friction_heat"), heat, 1e-9 * heat);
    DL_ENERGY_BALANCED(t);
}

void TestOpenDifferential::viscousCoupling()
{
    const double cv = 5.0;
    std::string text = limitedSlipLab(0.0);
    const std::string clutch = R"({"id": "lsd", "type": "clutch", "node_a": "b", "node_b": "c", "inputs": {"capacity": 0.0}})";
    const std::size_t at = text.find(clutch);
    QVERIFY(at != std::string::npos);
    text.replace(at, clutch.size(), R"({"id": "vc", "type": "damper", "node_a": "b", "node_b": "c", "parameters": {"damping": 5}})");
    text.replace(text.find(R"("duration_ns": 1000000000)"), 25, R"("duration_ns": 30000000000)");
    DL_COMPILE(model, text);
    DL_SIMULATE(t, model);
    const std::size_t last = t.rows.size() - 1;
    const double wb = kK * kT / cv;
    qInfo("w_b %.17g rad/s (expected %.17g), held wheel %.17g N m; residual %.3g J", t.at(last, "b", "speed"), wb,
          -t.at(last, "hold", "torque"), t.energy.residual);
    DL_NEAR(t.at(last, "b", "speed"), wb, 1e-9 * wb);
    DL_NEAR(t.at(last, "a", "speed"), kK * wb, 1e-9 * kK * wb);
    DL_NEAR(-t.at(last, "hold", "torque"), 2.0 * kK * kT, 1e-9 * kK * kT);
    DL_NEAR(t.at(last, "diff", "torque_at_b"), kK * kT, 1e-9 * kK * kT);
    DL_ENERGY_BALANCED(t);
}

QTEST_APPLESS_MAIN(TestOpenDifferential)
#include "tst_open_differential.moc"
