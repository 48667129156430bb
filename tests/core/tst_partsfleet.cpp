// Issue 36's capacity lab (tests/bench/labs/parts-fleet/): 200 components in 20 instances of a
// 10-component part compile and run within the product's limits (kMaxComponents 256, kMaxNodes 64).
//
//   [dt_i: drivetrain10]   engine T --> crank (J_c) =clutch (locked, 1000 N m)= input (J_i) --gear r--> out = wheel_i (J_w)
//                          across the clutch: three springs, four dampers (the disc's torsional damper)
//                                                                               i = 0 .. 19, independent
//
// The clutch stays locked (it carries T (1 - J_c / J_eff) = 67 N m < 1000 N m), so crank and input
// turn together and the disc damper has no deflection and no slip: it carries no torque. With w_crank = w_input = r w_wheel every drivetrain is one inertia at the crank,
//   J_eff = J_c + J_i + J_w / r^2 = 0.25 + 0.25 + 1 / 4 = 0.75 kg m^2,
// accelerated from rest by T = 100 N m:  w_wheel(t) = T t / (r J_eff) = 100 t / 1.5 rad/s, and the
// engine's work is all kinetic energy: W = 20 * (1/2) J_eff w_crank^2, nothing dissipated. The
// implicit midpoint integrates a constant acceleration exactly, so both hold to rounding.
#include <QtTest>

#include <cmath>

#include "compile/compiler.h"
#include "components/registry.h"
#include "io/labfile.h"
#include "oillab.h"
#include "solver/session.h"

using namespace drivelab;

class TestPartsFleet : public QObject {
    Q_OBJECT
private slots:
    void compilesAndRunsInClosedForm();
    void limitMessagesNameTheLimits();
};

namespace {

const std::string kLab = DRIVELAB_SOURCE_DIR "/tests/bench/labs/parts-fleet/parts-fleet-200.lab.json";

int stateOf(const Model& m, const std::string& node)
{
    for (const NodeInfo& n : m.nodes) {
        if (n.id == node) return n.index;
    }
    return -1;
}

} // namespace

void TestPartsFleet::compilesAndRunsInClosedForm()
{
    const LoadedLab l = loadLab(kLab);
    QVERIFY2(l.model, l.diagnostics.items().empty() ? "no model" : l.diagnostics.items().front().message.c_str());
    const Model& m = *l.model;
    QCOMPARE(static_cast<int>(m.components.size()), 200);
    QCOMPARE(static_cast<int>(m.nodes.size()), 60);
    QCOMPARE(m.nDyn, 60);
    QCOMPARE(static_cast<int>(m.params->of<Clutch>().size()), 20);

    const std::int64_t ticks = 2000; // 0.2 s of 0.1 ms ticks
    Session s(l.model);
    const BatchResult r = s.run(ticks);
    QCOMPARE(static_cast<int>(r.status), static_cast<int>(BatchStatus::Completed));
    QCOMPARE(s.tick(), ticks);

    const double T = 100.0, ratio = 2.0, jEff = 0.25 + 0.25 + 1.0 / (ratio * ratio), t = s.time();
    QCOMPARE(t, 0.2);
    const double wWheel = T * t / (ratio * jEff);
    for (int i = 0; i < 20; ++i) {
        const std::string n = std::to_string(i);
        const int wheel = stateOf(m, "wheel" + n), crank = stateOf(m, "dt" + n + "/crank"), input = stateOf(m, "dt" + n + "/input");
        QVERIFY(wheel >= 0 && crank >= 0 && input >= 0);
        const auto& x = s.state().x;
        QVERIFY2(std::fabs(x[static_cast<std::size_t>(wheel)] - wWheel) <= 1e-12 * wWheel,
                 qPrintable(QString("wheel%1 %2, closed form %3").arg(i).arg(x[static_cast<std::size_t>(wheel)], 0, 'g', 17).arg(wWheel, 0, 'g', 17)));
        QCOMPARE(x[static_cast<std::size_t>(crank)], x[static_cast<std::size_t>(input)]); // the clutch held
        QVERIFY(std::fabs(x[static_cast<std::size_t>(crank)] - ratio * wWheel) <= 1e-12 * ratio * wWheel);
    }

    // the books close: the engines' work is the kinetic energy, to rounding; nothing was dissipated
    const EnergyReport e = s.energy();
    const double wCrank = ratio * wWheel, work = 20.0 * 0.5 * jEff * wCrank * wCrank;
    QVERIFY2(std::fabs(e.sourceWork - work) <= 1e-11 * work, qPrintable(QString("work %1, closed form %2").arg(e.sourceWork, 0, 'g', 17).arg(work, 0, 'g', 17)));
    QVERIFY(std::fabs(e.storedFinal - e.storedInitial - work) <= 1e-11 * work);
    QVERIFY2(std::fabs(e.residual) <= 1e-12 * work, qPrintable(QString("residual %1 J").arg(e.residual)));
    QVERIFY(std::fabs(e.heatToLedger) <= 1e-12 * work);
    QVERIFY(std::fabs(e.numericalDissipation) <= 1e-12 * work);
}

// one more node, component or clutch than a version-2 lab holds is refused by a message naming the
// limit (64 nodes, 256 components, 64 clutches); so is a model whose solver unknowns exceed the
// solver's 64 (33 thermal-liquid volumes: a pressure and an oil temperature each, 66 unknowns on 33
// nodes), before any 64-bit structure mask is built
void TestPartsFleet::limitMessagesNameTheLimits()
{
    const auto lab = [](const std::string& nodes, const std::string& comps) {
        return R"({"format": "drivelab.lab", "version": 2, "name": "limits", "run": {"tick_ns": 100000, "duration_ns": 1000000, "report_every_ticks": 10},
                   "nodes": [)" + nodes + R"(], "components": [)" + comps + "]}";
    };
    const auto firstError = [](const std::string& text) {
        const LoadedLab l = loadLabText(text);
        return l.model || l.diagnostics.items().empty() ? Diagnostic{} : l.diagnostics.items().front();
    };
    // the labs are version 2 (an "=expr" field: the first node's inertia), whose limits these are;
    // a version-1 lab keeps LAB_FORMAT's (tst_labinput limits)
    const auto node = [](int i) {
        return R"({"id": "n)" + std::to_string(i) + R"(", "domain": "rotational", "inertia": )" + (i == 0 ? "\"=1\"" : "1") +
               R"(, "initial_speed": 0})";
    };
    std::string nodes;
    for (int i = 0; i < 65; ++i) nodes += (i ? ", " : "") + node(i);
    Diagnostic d = firstError(lab(nodes, ""));
    QCOMPARE(d.field, std::string("nodes"));
    QVERIFY2(d.message == "65 nodes; a model holds at most 64 nodes", d.message.c_str());

    std::string dampers, clutches;
    for (int i = 0; i < 257; ++i)
        dampers += std::string(i ? ", " : "") + R"({"id": "d)" + std::to_string(i) + R"(", "type": "damper", "node_a": "n0", "parameters": {"damping": 1}})";
    d = firstError(lab(node(0), dampers));
    QCOMPARE(d.field, std::string("components"));
    QVERIFY2(d.message == "257 components; a model holds at most 256 components", d.message.c_str());

    for (int i = 0; i < 65; ++i)
        clutches += std::string(i ? ", " : "") + R"({"id": "c)" + std::to_string(i) + R"(", "type": "clutch", "node_a": "n0", "node_b": "ground", "inputs": {"capacity": 0}})";
    d = firstError(lab(node(0), clutches));
    QCOMPARE(d.field, std::string("components"));
    QVERIFY2(d.message == "65 clutches; a model holds at most 64 clutches", d.message.c_str());
    clutches.erase(clutches.rfind(", {"));
    const LoadedLab ok = loadLabText(lab(node(0), clutches));
    QVERIFY(ok.model && ok.model->params->of<Clutch>().size() == 64);

    std::string volumes;
    for (int i = 0; i < 33; ++i) volumes += (i ? ", " : "") + test::oilVolume("v" + std::to_string(i), 1e-4, 2e5, 320);
    const std::string t0 = R"("initial_temperature": )" + formatDouble(320);
    volumes.replace(volumes.find(t0), t0.size(), R"("initial_temperature": "=320")"); // version 2
    const std::string run = R"({"tick_ns": 100000, "duration_ns": 1000000, "report_every_ticks": 10})";
    const auto v2 = [](std::string text) { // an "=expr" field needs the file to say version 2
        return text.replace(text.find(R"("version": 1)"), 12, R"("version": 2)");
    };
    d = firstError(v2(test::oilLab(run, "[" + volumes + "]", "[]")));
    QVERIFY2(d.field == "nodes", (d.subject + ": " + d.field + ": " + d.message).c_str());
    QVERIFY2(d.message == "the model needs 66 solver unknowns (one per mechanical or hydraulic node, two for a thermal-liquid volume); "
                          "the solver holds at most 64",
             d.message.c_str());
    volumes.erase(volumes.rfind(", {"));
    const LoadedLab fits = loadLabText(v2(test::oilLab(run, "[" + volumes + "]", "[]")));
    QVERIFY2(fits.model && fits.model->nDyn == 64, fits.diagnostics.items().empty() ? "" : fits.diagnostics.items().front().message.c_str());
}

QTEST_GUILESS_MAIN(TestPartsFleet)
#include "tst_partsfleet.moc"
