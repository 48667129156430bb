// Time signals (issue 17): a bound input takes its signal's exact mean over every interval.
//
//   (1) sine torque on an inertia:  ground ]--[tau(t)]--> [ J = 0.5 ]
//       tau = 2 * 10 sin(2 pi 3 t) (scale 2), tick 1 ms, 1 s.  Exact:
//       w(t)     = 2A (1 - cos wt) / (J w)                    (w = 6 pi)
//       theta(t) = 2A (t - sin(wt)/w) / (J w)
//       The tick-mean torque gives the exact impulse, so w is exact at every boundary;
//       the angle integrates the stage (midpoint) speed: the trapezoid rule on the exact
//       w(t), error <= T h^2 max|w''| / 12 = T h^2 2A w / (12 J).
//       Books: source work = 1/2 J w(t)^2 at rounding of the gross work.
//   (2) ramp capacity on a slipping brake:  [tau0]-->[ J ]--|brake(k t)|-- ground
//       J w' = tau0 - k t while slipping (w > 0): w(t) = w0 + tau0 t / J - k t^2 / (2J),
//       lock at t* = (tau0 + sqrt(tau0^2 + 2 k J w0)) / k. The brake then holds tau0.
//       Mean brake torque over the tick [tn, tn + h] holding t*:
//       (k (t*^2 - tn^2) / 2 + tau0 (tn + h - t*)) / h  -> t* recovered to 1e-9 s.
//   (3) hold table: tau = 1 on [0, 0.25), 3 on [0.25, 0.6), -2 after; J = 1, tick 0.7 ms
//       (the steps fall inside ticks): w(0.7) = 0.25 + 3 * 0.35 - 2 * 0.1 = 1.1 exactly.
//       linear table [[0,0],[1,4]]: tau = 4t, w(t) = 2 t^2 / J at every boundary.
//   (4) csv: a file read relative to the lab, embedded as a table in the normalized lab
//       (the same fingerprint as the inline table); bad rows named with their line.
//   (5) an event on a bound input ends the binding; a live edit does too.
#include "testutil.h"

#include <QTemporaryDir>
#include <cmath>
#include <fstream>
#include <numbers>

#include "compile/signalcompile.h"
#include "spec/labreader.h"
#include "spec/labwriter.h"

using namespace drivelab;
using namespace drivelab::test;

class TestSignals : public QObject {
    Q_OBJECT
private slots:
    void sineTorqueOnInertia();
    void rampCapacityLockInstant();
    void holdAndLinearTables();
    void shapes();
    void csvFileEmbedded();
    void csvErrors();
    void bindingErrors();
    void clampWarning();
    void eventEndsBinding();
    void liveEditEndsBinding();
    void reportAndRoundTrip();
};

namespace {
const std::string kShaft = "[" + rot("shaft", 0.5, 0.0) + "]";
std::string sourceOn(const std::string& node, const std::string& torque)
{
    return R"([{"id": "src", "type": "torque_source", "node_a": ")" + node + R"(", "inputs": {"torque": )" + torque + "}}]";
}
} // namespace

void TestSignals::sineTorqueOnInertia()
{
    DL_COMPILE(model, lab(runSettings(1000000, 1000000000, 10), kShaft, sourceOn("shaft", R"({"signal": "drive", "scale": 2.0})"), "[]",
                          R"([{"id": "drive", "kind": "sine", "amplitude": 10, "frequency": 3, "unit": "N m"}])"));
    const Trace t = simulate(model);
    QVERIFY(t.ok);
    const double A = 20.0, J = 0.5, w = 6.0 * std::numbers::pi, h = 1e-3;
    double worst = 0.0, worstAngle = 0.0;
    for (std::size_t i = 0; i < t.rows.size(); ++i) {
        const double tt = t.times[i];
        const double speed = A * (1.0 - std::cos(w * tt)) / (J * w);
        const double angle = A * (tt - std::sin(w * tt) / w) / (J * w);
        worst = std::max(worst, std::fabs(t.at(i, "shaft", "speed") - speed));
        worstAngle = std::max(worstAngle, std::fabs(t.at(i, "shaft", "angle") - angle));
        QCOMPARE(t.at(i, "drive", "value"), 10.0 * std::sin(w * tt));
    }
    QVERIFY2(worst < 1e-13, qPrintable(QString::number(worst)));
    const double bound = 1.0 * h * h * A * w / (12.0 * J);
    QVERIFY2(worstAngle <= bound && worstAngle > 0.01 * bound, qPrintable(QString("%1 vs %2").arg(worstAngle).arg(bound)));
    // the books: what the source did is in the shaft; residual at rounding of the work moved
    QVERIFY(std::fabs(t.energy.sourceWork - 0.5 * J * std::pow(t.rows.back()[0], 2)) < 1e-12);
    QVERIFY2(std::fabs(t.energy.residual) <= kRoundingLevel * t.energy.sourceWorkGross, qPrintable(QString::number(t.energy.residual)));
    QVERIFY(t.energy.sourceWorkGross > 1.0);
}

void TestSignals::rampCapacityLockInstant()
{
    const double J = 0.2, w0 = 50.0, tau0 = 5.0, k = 100.0;
    const long long tickNs = 1000000; // 1 ms
    DL_COMPILE(model, lab(runSettings(tickNs, 1000000000, 1), "[" + rot("shaft", J, w0) + "]",
                          R"([{"id": "push", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": 5}},
                              {"id": "brake", "type": "clutch", "node_a": "shaft", "node_b": "ground",
                               "inputs": {"capacity": {"signal": "apply"}}}])",
                          "[]", R"([{"id": "apply", "kind": "ramp", "start": 0, "duration": 10, "from": 0, "to": 1000}])"));
    const Trace t = simulate(model);
    QVERIFY(t.ok);
    const double tStar = (tau0 + std::sqrt(tau0 * tau0 + 2.0 * k * J * w0)) / k;
    const std::size_t lockTick = static_cast<std::size_t>(std::ceil(tStar / 1e-3)); // first boundary after t*
    QCOMPARE(t.at(lockTick - 1, "brake", "locked"), 0.0);
    QCOMPARE(t.at(lockTick, "brake", "locked"), 1.0);
    // before the lock: the speed is exact at every boundary (the ramp's exact mean per tick)
    for (std::size_t i = 0; i < lockTick; ++i) {
        const double tt = t.times[i];
        QVERIFY(std::fabs(t.at(i, "shaft", "speed") - (w0 + tau0 * tt / J - k * tt * tt / (2.0 * J))) < 1e-11);
    }
    // the lock instant from the brake's mean torque over the tick that holds it
    const double tn = t.times[lockTick - 1], h = 1e-3;
    const double mean = std::fabs(t.at(lockTick, "brake", "torque"));
    // mean h = k (t*^2 - tn^2) / 2 + tau0 (tn + h - t*): solve for t* (the root above tn)
    const double a = 0.5 * k, b = -tau0, c = -0.5 * k * tn * tn + tau0 * (tn + h) - mean * h;
    const double found = (-b + std::sqrt(b * b - 4.0 * a * c)) / (2.0 * a);
    QVERIFY2(std::fabs(found - tStar) < 1e-9, qPrintable(QString("%1 vs %2").arg(found, 0, 'g', 15).arg(tStar, 0, 'g', 15)));
    QVERIFY(std::fabs(t.at(lockTick + 5, "brake", "torque") + tau0) < 1e-9); // then it holds the push
    QVERIFY(std::fabs(t.energy.residual) <= kRoundingLevel * energyScale(t.energy));
}

void TestSignals::holdAndLinearTables()
{
    {
        DL_COMPILE(model,
                   lab(runSettings(700000, 700000000, 100), "[" + rot("shaft", 1.0, 0.0) + "]", sourceOn("shaft", R"({"signal": "steps"})"),
                       "[]", R"([{"id": "steps", "kind": "table", "interpolation": "hold", "points": [[0, 1], [0.25, 3], [0.6, -2]]}])"));
        const Trace t = simulate(model);
        QVERIFY(t.ok);
        QVERIFY2(std::fabs(t.rows.back()[0] - 1.1) < 1e-13, qPrintable(QString::number(t.rows.back()[0] - 1.1))); // 1000 rounded additions
        QCOMPARE(t.at(t.rows.size() - 1, "steps", "value"), -2.0);
    }
    {
        DL_COMPILE(model,
                   lab(runSettings(700000, 700000000, 100), "[" + rot("shaft", 2.0, 0.0) + "]", sourceOn("shaft", R"({"signal": "line"})"),
                       "[]", R"([{"id": "line", "kind": "table", "points": [[0, 0], [1, 4]]}])"));
        const Trace t = simulate(model);
        QVERIFY(t.ok);
        for (std::size_t i = 0; i < t.rows.size(); ++i) QVERIFY(std::fabs(t.at(i, "shaft", "speed") - t.times[i] * t.times[i]) < 1e-13);
    }
}

void TestSignals::shapes()
{
    // every shape's mean against its integral in closed form, over intervals that straddle its corners
    CompiledSignals cs;
    {
        Diagnostics d;
        LabSpec spec;
        const auto add = [&](const char* id, const char* kind, Json fields) {
            spec.timeSignals.push_back(SignalSpec{id, kind, std::move(fields)});
        };
        add("r", "ramp", Json{{"start", 1.0}, {"duration", 2.0}, {"from", 1.0}, {"to", 5.0}});
        add("s", "step", Json{{"time", 0.5}, {"before", -1.0}, {"after", 3.0}});
        add("w", "sine", Json{{"amplitude", 2.0}, {"frequency", 0.5}, {"phase", 0.3}, {"offset", 1.0}, {"start", 1.0}});
        add("t", "table", Json{{"points", Json::array({Json::array({1.0, 2.0}), Json::array({2.0, 4.0})})}});
        cs = compileSignals(spec, d);
        QVERIFY2(!d.hasErrors(), qPrintable(describe(d)));
        QCOMPARE(cs.models.size(), std::size_t(4));
    }
    const SignalModel& r = cs.models[0];
    // ramp over [0, 2]: 1 on [0,1], then 1 + 2 (t - 1) on [1, 2]: integral 1 + 2 = 3
    QVERIFY(std::fabs(r.mean(0.0, 2.0) - 1.5) < 1e-15);
    QCOMPARE(r.mean(3.5, 4.0), 5.0);
    QCOMPARE(r.value(2.0), 3.0);
    const SignalModel& s = cs.models[1];
    QVERIFY(std::fabs(s.mean(0.0, 1.0) - 1.0) < 1e-15); // -1 * 0.5 + 3 * 0.5
    const SignalModel& w = cs.models[2];
    // sine from t = 1: integral over [0, 3] = 3 offset + 2 [cos(0.3) - cos(pi 2 + 0.3)] / pi
    const double expect = (3.0 + 2.0 * (std::cos(0.3) - std::cos(2.0 * std::numbers::pi + 0.3)) / std::numbers::pi) / 3.0;
    QVERIFY(std::fabs(w.mean(0.0, 3.0) - expect) < 1e-15);
    QCOMPARE(w.value(0.5), 1.0);
    const SignalModel& tb = cs.models[3];
    QVERIFY(std::fabs(tb.mean(0.0, 3.0) - (2.0 + 3.0 + 4.0) / 3.0) < 1e-15); // held 2, mean 3 over [1,2], held 4
    QCOMPARE(tb.value(1.5), 3.0);
    double lo, hi;
    w.bounds(lo, hi);
    QCOMPARE(lo, -1.0);
    QCOMPARE(hi, 3.0);
}

namespace {
std::string csvLab(const std::string& file)
{
    return lab(runSettings(1000000, 100000000, 10), "[" + rot("shaft", 1.0, 0.0) + "]", sourceOn("shaft", R"({"signal": "trace"})"), "[]",
               R"([{"id": "trace", "kind": "csv", "file": ")" + file + R"(", "interpolation": "linear"}])");
}
void writeFile(const QString& path, const std::string& text)
{
    std::ofstream f(path.toStdString(), std::ios::binary);
    f << text;
}
} // namespace

void TestSignals::csvFileEmbedded()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    writeFile(dir.filePath("trace.csv"), "# a measured trace\ntime_s,torque_Nm\n0,0\n0.05,2\n0.1,2\n");
    writeFile(dir.filePath("a.lab.json"), csvLab("trace.csv"));
    const LoadedLab fromFile = loadLab(dir.filePath("a.lab.json").toStdString());
    QVERIFY2(fromFile.model, qPrintable(describe(fromFile.diagnostics)));
    const Json& g = fromFile.model->normalized["signals"][0];
    QCOMPARE(QString::fromStdString(g["kind"].get<std::string>()), QString("table"));
    QCOMPARE(g["points"].size(), std::size_t(3));
    // the same lab with the points inline: the same fingerprint and the same run
    DL_COMPILE(inline_,
               lab(runSettings(1000000, 100000000, 10), "[" + rot("shaft", 1.0, 0.0) + "]", sourceOn("shaft", R"({"signal": "trace"})"),
                   "[]", R"([{"id": "trace", "kind": "table", "points": [[0, 0], [0.05, 2], [0.1, 2]]}])"));
    QCOMPARE(fromFile.model->fingerprint, inline_->fingerprint);
    const Trace a = simulate(fromFile.model), b = simulate(inline_);
    QCOMPARE(a.finalHash, b.finalHash);
    // w(0.1) = integral of the trace: 0.05 * 1 + 0.05 * 2 = 0.15
    QVERIFY(std::fabs(a.rows.back()[0] - 0.15) < 1e-15);
    // the normalized lab compiles without the file (what an asset replays)
    const LabSpec again = normalizedSpec(*fromFile.model);
    const CompileResult c = compile(again);
    QVERIFY(c.model);
    QCOMPARE(c.model->fingerprint, fromFile.model->fingerprint);
}

void TestSignals::csvErrors()
{
    QTemporaryDir dir;
    const auto check = [&](const std::string& csv, const QString& expect) {
        writeFile(dir.filePath("bad.csv"), csv);
        writeFile(dir.filePath("b.lab.json"), csvLab("bad.csv"));
        const LoadedLab l = loadLab(dir.filePath("b.lab.json").toStdString());
        QVERIFY(!l.model);
        const QString text = describe(l.diagnostics);
        QVERIFY2(text.contains(expect), qPrintable(text));
        QVERIFY2(text.contains("lab: trace: file: bad.csv"), qPrintable(text));
    };
    check("time,value\n0,0\n2,1\n1,3\n", "line 4: time 1.0 s is not after the previous row's 2.0 s");
    check("0,0\n1,nan\n", "line 2: value");
    check("0,0\n1,2,3\n", "line 2: has 3 columns");
    check("0,0\ntime,value\n", "line 2: cannot read 'time,value'");
    check("time,value\n", "no data rows");
    writeFile(dir.filePath("c.lab.json"), csvLab("missing.csv"));
    const LoadedLab l = loadLab(dir.filePath("c.lab.json").toStdString());
    QVERIFY(!l.model);
    QVERIFY2(describe(l.diagnostics).contains("trace: file: missing.csv:"), qPrintable(describe(l.diagnostics)));
}

void TestSignals::bindingErrors()
{
    const auto errorsOf = [&](const std::string& binding, const std::string& list) {
        const LoadedLab l = load(lab(runSettings(1000000, 10000000, 1), kShaft, sourceOn("shaft", binding), "[]", list));
        return l.model ? QString() : describe(l.diagnostics);
    };
    const std::string one = R"([{"id": "drive", "kind": "step", "time": 0, "after": 1}])";
    QVERIFY(errorsOf(R"({"signal": "nope"})", one).contains("src: inputs.torque.signal: unknown signal 'nope'"));
    QVERIFY(errorsOf(R"({"signal": "drive", "gain": 2})", one).contains("src: inputs.torque.gain: unknown key"));
    QVERIFY(errorsOf(R"({"signal": "drive", "scale": "2"})", one).contains("src: inputs.torque.scale: must be a number"));
    QVERIFY(errorsOf(R"({"signal": "drive", "controller": "x"})", one).contains("give either signal or controller"));
    QVERIFY(errorsOf(R"({"controller": "shaft"})", one).contains("src: inputs.torque.controller: unknown component 'shaft'"));
    QVERIFY(errorsOf("1", R"([{"id": "drive", "kind": "sine", "amplitude": 1}])").contains("drive: frequency: missing"));
    QVERIFY(errorsOf("1", R"([{"id": "drive", "kind": "wave"}])").contains("drive: kind: unknown signal kind 'wave'"));
    QVERIFY(errorsOf("1", R"([{"id": "drive", "kind": "table", "points": [[0, 1], [0, 2]]}])")
                .contains("drive: points[1]: time 0.0 s is not after the previous point's 0.0 s"));
    QVERIFY(errorsOf("1", R"([{"id": "shaft", "kind": "step", "time": 0, "after": 1}])").contains("duplicate id 'shaft'"));
    QVERIFY(errorsOf("1", R"([{"id": "drive", "kind": "ramp", "duration": 1, "to": 1, "slope": 2}])")
                .contains("drive: slope: unknown field for a ramp signal"));
}

void TestSignals::clampWarning()
{
    const LoadedLab l = load(lab(runSettings(1000000, 10000000, 1), "[" + rot("shaft", 1.0, 1.0) + "]",
                                 R"([{"id": "brake", "type": "clutch", "node_a": "shaft", "node_b": "ground",
                                      "inputs": {"capacity": {"signal": "wobble", "scale": 10}}}])",
                                 "[]", R"([{"id": "wobble", "kind": "sine", "amplitude": 1, "frequency": 5}])"));
    QVERIFY2(l.model, qPrintable(describe(l.diagnostics)));
    QVERIFY2(describe(l.diagnostics).contains("brake: inputs.capacity: warning: signal 'wobble' drives the input over [-10.0, 10.0] N m"),
             qPrintable(describe(l.diagnostics)));
    // and the clamp holds: the capacity never goes below 0 (the brake's torque stays bounded by it)
    const Trace t = simulate(l.model);
    QVERIFY(t.ok);
}

void TestSignals::eventEndsBinding()
{
    DL_COMPILE(model, lab(runSettings(1000000, 1000000000, 100), kShaft, sourceOn("shaft", R"({"signal": "on"})"),
                          R"([{"time_ns": 500000000, "component": "src", "input": "torque", "value": 0}])",
                          R"([{"id": "on", "kind": "step", "time": 0, "before": 0, "after": 10}])"));
    const Trace t = simulate(model);
    QVERIFY(t.ok);
    QVERIFY(std::fabs(t.rows.back()[0] - 10.0 * 0.5 / 0.5) < 1e-12); // torque 10 for 0.5 s on J = 0.5, then 0
}

void TestSignals::liveEditEndsBinding()
{
    DL_COMPILE(model, lab(runSettings(1000000, 1000000000, 100), kShaft, sourceOn("shaft", R"({"signal": "on"})"), "[]",
                          R"([{"id": "on", "kind": "step", "time": 0, "before": 0, "after": 10}])"));
    Session s(model);
    QCOMPARE(s.run(250).status, BatchStatus::Completed);
    QVERIFY(s.setInput("src", "torque", -4.0));
    QCOMPARE(s.run(250).status, BatchStatus::Completed);
    // 10 N m for 0.25 s then -4 N m for 0.25 s, on 0.5 kg m^2
    QVERIFY(std::fabs(s.state().x[0] - (10.0 * 0.25 - 4.0 * 0.25) / 0.5) < 1e-12);
}

void TestSignals::reportAndRoundTrip()
{
    const std::string text = lab(runSettings(1000000, 10000000, 5), kShaft, sourceOn("shaft", R"({"signal": "drive", "offset": 1})"), "[]",
                                 R"([{"id": "drive", "kind": "ramp", "duration": 1, "to": 2, "unit": "N m"}])");
    const LabReadResult r = readLab(text);
    QVERIFY(r.lab);
    QCOMPARE(r.lab->timeSignals.size(), std::size_t(1));
    // written and read back: the same signals section
    const LabReadResult again = readLab(writeLab(*r.lab));
    QVERIFY(again.lab);
    QCOMPARE(QString::fromStdString(again.lab->timeSignals[0].fields.dump()), QString::fromStdString(r.lab->timeSignals[0].fields.dump()));
    QCOMPARE(QString::fromStdString(again.lab->components[0].inputs.dump()), QString::fromStdString(r.lab->components[0].inputs.dump()));
    DL_COMPILE(model, text);
    const auto layout = observableLayout(*model);
    QCOMPARE(layout.back().subject, std::string("drive"));
    QVERIFY(layout.back().isSignal);
    QCOMPARE(layout.back().group(), 2);
    QCOMPARE(std::string(layout.back().unit), std::string("N m"));
    // the normalized binding carries its defaults
    const Json& in = model->normalized["components"][0]["inputs"]["torque"];
    QCOMPARE(in["scale"].get<double>(), 1.0);
    QCOMPARE(in["offset"].get<double>(), 1.0);
}

QTEST_GUILESS_MAIN(TestSignals)
#include "tst_signals.moc"
