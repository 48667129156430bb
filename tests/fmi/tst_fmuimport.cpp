// The `fmu` component type (docs/FMI.md, "Import"): the test FMUs of testfmus/ (C sources the
// project writes, FMI 3.0 and 2.0) imported into labs and run in process.
//
//   torque-source FMU -> torque_source -> inertia J:       [fmu src] --u--> (motor) --> [J shaft]
//     the FMU's output y(t) = T0 + r t at its communication points, held (explicit coupling, FMU
//     first): over tick m  u_m = y(t_{N (floor(m/N) + 1)})    (N = step_ticks, h the tick)
//     the midpoint rule with a torque constant over each tick is exact:
//       w_M = w_0 + (h / J) sum_{m<M} u_m
//     and the books close: the torque_source's work is the kinetic energy gained
//   PI FMU holding a speed against a load torque L: steady state w = target, output = L
//   the faulty FMU's error status and NaN output: a run error naming the component and the FMU
//   every compile-time error: missing file, missing platform binary, invalid modelDescription,
//     missing / wrongly typed / wrong-causality variable; each names the component and the FMU
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "cli/alloccount.h"
#include "fmuimportlab.h"
#include "fmuloader.h"
#include "storedzip.h"

using namespace fmuimporttest;

namespace {

const bool g_fmuImportInstalled = (installFmuImport(), true);

void checkRamp(int fmi, int n)
{
    const double j = 0.5, t0 = 2.0, r = 4.0, w0 = 1.0;
    const long tickNs = 1000000; // 1 ms
    const double h = 1e-3;
    std::string fields = R"("file": ")" + testFmu("torquesource" + std::to_string(fmi)) + R"(", "output": "torque", "step_ticks": )" +
                         std::to_string(n) + R"(, "start_values": {"torque_initial": 2, "torque_rate": 4})";
    std::string diags;
    auto model = compileText(shaftLab(j, w0, fields, false, tickNs, 200 * tickNs), diags);
    DL_PLAIN_REQUIRE(model, diags);
    Session s(model);
    const int speed = observableIndex(*model, "shaft", "speed");
    const int out = observableIndex(*model, "src", "output");
    DL_PLAIN_REQUIRE(speed >= 0 && out >= 0, "observables");
    double w = w0;
    for (int m = 0; m < 200; ++m) {
        const BatchResult b = s.run(1);
        DL_PLAIN_REQUIRE(b.status == BatchStatus::Completed, b.error.subject << ": " << b.error.message);
        // the step's start t_k = k h and its end t_k + N h as the importer computes them
        const double tk = static_cast<double>(n * (m / n)) * h;
        const double u = t0 + r * (tk + static_cast<double>(n) * h);
        w += h / j * u;
        DL_PLAIN_NEAR(observed(s, speed), w, 1e-12 * (1.0 + std::fabs(w)));
        // the output observable: the FMU's output at its last communication point, the one held
        DL_PLAIN_EQUAL(observed(s, out), u);
    }
    // the books: the torque_source's work is the kinetic energy gained
    const EnergyReport e = s.energy();
    DL_PLAIN_NEAR(e.sourceWork, 0.5 * j * (w * w - w0 * w0), 1e-12 * e.sourceWork);
    DL_PLAIN_CHECK(std::fabs(e.residual) <= 1e-12 * e.sourceWork, "residual " << e.residual);
}

DL_PLAIN_TEST(torqueSourceFmuDrivesAnInertiaInClosedForm)
{
    for (int fmi : {3, 2}) {
        checkRamp(fmi, 1);
        checkRamp(fmi, 4);
    }
}

/// the PI FMU holding shaft at its target against a load of -5 N m
std::vector<double> piRun(int fmi, double& speed, double& torque)
{
    const std::string fields = R"("file": ")" + testFmu("picontroller" + std::to_string(fmi)) +
                               R"(", "output": "torque", "speed_input": "speed", "start_values": {"target": 100, "kp": 0.5, "ki": 2})";
    const std::string load = R"(,
    {"id": "load", "type": "torque_source", "node_a": "shaft", "inputs": {"torque": -5}})";
    std::string diags;
    auto model = compileText(shaftLab(0.2, 0.0, fields, true, 1000000, 20000000000L, load), diags);
    DL_PLAIN_CHECK(model, diags);
    if (!model) return {};
    Session s(model);
    const BatchResult b = s.run(model->ticks);
    DL_PLAIN_CHECK(b.status == BatchStatus::Completed, b.error.subject << ": " << b.error.message);
    std::vector<double> all(s.observableCount());
    s.observe(all.data());
    speed = all[static_cast<std::size_t>(observableIndex(*model, "shaft", "speed"))];
    torque = all[static_cast<std::size_t>(observableIndex(*model, "src", "output"))];
    DL_PLAIN_EQUAL(all[static_cast<std::size_t>(observableIndex(*model, "src", "speed_in"))] != 0.0, true);
    return all;
}

DL_PLAIN_TEST(piFmuHoldsASpeed)
{
    double w3 = 0, u3 = 0, w2 = 0, u2 = 0;
    const std::vector<double> a = piRun(3, w3, u3);
    const std::vector<double> b = piRun(2, w2, u2);
    // steady state: the speed at the target, the torque balancing the load
    DL_PLAIN_NEAR(w3, 100.0, 1e-9);
    DL_PLAIN_NEAR(u3, 5.0, 1e-9);
    // FMI 3.0 and 2.0 run the same C model: the same bits
    DL_PLAIN_CHECK(a == b, "FMI 3 and FMI 2 runs differ");
}

/// run the faulty FMU (failure 1: error status, 2: NaN) to its failure; the error
SolverError faultyRun(int failure, std::int64_t& ticks)
{
    const std::string fields = R"("file": ")" + testFmu("faulty3") + R"(", "output": "torque", "speed_input": "speed", "start_values": {"fail_time": 0.05, "failure": )" +
                               std::to_string(failure) + "}";
    std::string diags;
    auto model = compileText(shaftLab(1.0, 10.0, fields, true, 1000000, 100000000), diags);
    DL_PLAIN_CHECK(model, diags);
    if (!model) return {};
    Session s(model);
    const BatchResult b = s.run(model->ticks);
    DL_PLAIN_CHECK(b.status == BatchStatus::Failed, "the run should fail");
    ticks = s.tick();
    // a second run call fails the same way, never a crash
    const BatchResult again = s.run(model->ticks);
    DL_PLAIN_CHECK(again.status == BatchStatus::Failed, "the run should fail again");
    return b.error;
}

DL_PLAIN_TEST(faultyFmuErrorAndNaNGiveNamedRunErrors)
{
    std::int64_t ticks = 0;
    const SolverError e = faultyRun(1, ticks);
    DL_PLAIN_EQUAL(e.subject, std::string("src"));
    DL_PLAIN_CHECK(e.message.find("faulty3.fmu") != std::string::npos, e.message);
    DL_PLAIN_CHECK(e.message.find("fmi3DoStep returned fmi3Error: the faulty model fails on purpose") != std::string::npos, e.message);
    DL_PLAIN_NEAR(e.time, 0.05, 1.5e-3);
    const SolverError n = faultyRun(2, ticks);
    DL_PLAIN_EQUAL(n.subject, std::string("src"));
    DL_PLAIN_CHECK(n.message.find("faulty3.fmu") != std::string::npos, n.message);
    DL_PLAIN_CHECK(n.message.find("its output is nan") != std::string::npos || n.message.find("its output is NaN") != std::string::npos,
                   n.message);
}

/// compile a lab importing `file` with `fields`; the diagnostics
std::string compileErrors(const std::string& fields)
{
    std::string diags;
    auto model = compileText(shaftLab(1.0, 0.0, fields, false, 1000000, 10000000), diags);
    DL_PLAIN_CHECK(!model, "should not compile: " << fields);
    return diags;
}

/// a zip of stored entries at `path`
void writeZip(const std::string& path, const std::vector<std::pair<std::string, std::string>>& entries)
{
    drivelab::fmi::StoredZip zip;
    std::string why;
    for (const auto& [name, bytes] : entries) DL_PLAIN_CHECK(zip.add(name, bytes, why), why);
    std::ofstream(path, std::ios::binary) << zip.finish();
}

DL_PLAIN_TEST(compileErrorsNameTheComponentAndTheFmu)
{
    const auto has = [](const std::string& diags, const std::string& what) {
        DL_PLAIN_CHECK(diags.find(what) != std::string::npos, "want '" << what << "' in:\n" << diags);
    };
    // a missing file
    std::string d = compileErrors(R"("file": "/nonexistent/x.fmu", "output": "torque")");
    has(d, "src");
    has(d, "fmu.file");
    has(d, "/nonexistent/x.fmu");
    // a missing variable, a variable of another type, a variable of another causality
    d = compileErrors(R"("file": ")" + testFmu("torquesource3") + R"(", "output": "nope")");
    has(d, "fmu.output");
    has(d, "'nope' is not a variable of FMU");
    has(d, "torquesource3.fmu");
    has(d, "its real outputs: torque");
    d = compileErrors(R"("file": ")" + testFmu("faulty3") + R"(", "output": "enabled")");
    has(d, "'enabled' (parameter, Boolean)");
    has(d, "is not a real variable");
    d = compileErrors(R"("file": ")" + testFmu("torquesource3") + R"(", "output": "torque_rate")");
    has(d, "is no output");
    d = compileErrors(R"("file": ")" + testFmu("torquesource3") + R"(", "output": "torque", "start_values": {"torque": 1})");
    has(d, "fmu.start_values.torque");
    has(d, "is no parameter or input");
    d = compileErrors(R"("file": ")" + testFmu("picontroller3") + R"(", "output": "torque", "speed_input": "speed")");
    has(d, "node_a");
    // an archive without this platform's binary; one whose modelDescription.xml is not XML
    const std::string work = DRIVELAB_FMI_WORK;
    std::filesystem::create_directories(work);
    const std::string xml3 =
        R"(<?xml version="1.0"?><fmiModelDescription fmiVersion="3.0" modelName="m" instantiationToken="{t}"><CoSimulation modelIdentifier="m"/><ModelVariables><Float64 name="y" valueReference="1" causality="output"/></ModelVariables></fmiModelDescription>)";
    writeZip(work + "/nobinary.fmu", {{"modelDescription.xml", xml3}, {"binaries/win64/m.dll", "MZ"}});
    d = compileErrors(R"("file": ")" + work + R"(/nobinary.fmu", "output": "y")");
    has(d, "nobinary.fmu");
    has(d, "has no binary for this platform (binaries/x86_64-linux/m.so; it has: win64)");
    writeZip(work + "/badxml.fmu", {{"modelDescription.xml", "<fmiModelDescription fmiVersion=\"3.0\"><CoSimulation>"}});
    d = compileErrors(R"("file": ")" + work + R"(/badxml.fmu", "output": "y")");
    has(d, "badxml.fmu");
    has(d, "modelDescription.xml is not well-formed XML");
    writeZip(work + "/modelexchange.fmu", {{"modelDescription.xml", R"(<fmiModelDescription fmiVersion="2.0" guid="{g}"><ModelExchange modelIdentifier="m"/></fmiModelDescription>)"}});
    d = compileErrors(R"("file": ")" + work + R"(/modelexchange.fmu", "output": "y")");
    has(d, "no <CoSimulation modelIdentifier=...>");
    // not a zip at all
    std::ofstream(work + "/notzip.fmu") << "hello";
    d = compileErrors(R"("file": ")" + work + R"(/notzip.fmu", "output": "y")");
    has(d, "notzip.fmu' is not a readable zip archive");
}

/// the PI lab (FMI `fmi`), compiled
std::shared_ptr<const Model> piLab(int fmi)
{
    const std::string fields = R"("file": ")" + testFmu("picontroller" + std::to_string(fmi)) +
                               R"(", "output": "torque", "speed_input": "speed", "start_values": {"target": 100, "kp": 0.5, "ki": 2})";
    std::string diags;
    auto model = compileText(shaftLab(0.2, 0.0, fields, true, 1000000, 2000000000L), diags);
    DL_PLAIN_CHECK(model, diags);
    return model;
}

// Nothing is allocated per tick on DriveLab's side (the instance is made with the session; the
// test FMUs allocate nothing in doStep either)
DL_PLAIN_TEST(importedFmusRunWithoutAllocating)
{
    for (int fmi : {3, 2}) {
        auto model = piLab(fmi);
        DL_PLAIN_REQUIRE(model, fmi);
        Session s(model);
        DL_PLAIN_REQUIRE(s.run(1).status == BatchStatus::Completed, fmi);
        const std::uint64_t before = allocationCount();
        DL_PLAIN_REQUIRE(s.run(model->ticks).status == BatchStatus::Completed, fmi);
        DL_PLAIN_EQUAL(allocationCount() - before, std::uint64_t(0));
    }
}

// A reset session starts a fresh instance (the same bits again); forks: tst_fmufork.cpp
DL_PLAIN_TEST(resetRestartsTheFmu)
{
    auto model = piLab(3);
    DL_PLAIN_REQUIRE(model, "pi");
    Session s(model);
    DL_PLAIN_REQUIRE(s.run(500).status == BatchStatus::Completed, "first run");
    const std::uint64_t first = s.stateHash();
    s.reset();
    DL_PLAIN_REQUIRE(s.run(500).status == BatchStatus::Completed, "after reset");
    DL_PLAIN_EQUAL(s.stateHash(), first);
    DL_PLAIN_CHECK(s.run(10).status == BatchStatus::Completed, "it continues");
}

// export-fmu refuses a lab that imports an FMU, saying why (its library runs no FMU inside it)
DL_PLAIN_TEST(exportFmuRefusesALabWithAnFmu)
{
    const std::string work = DRIVELAB_FMI_WORK;
    std::filesystem::create_directories(work);
    const std::string lab = work + "/imports.lab.json";
    std::ofstream(lab) << shaftLab(1.0, 0.0, R"("file": ")" + testFmu("torquesource3") + R"(", "output": "torque")", false, 1000000, 10000000);
    const std::string cmd = std::string(DRIVELAB_CLI) + " export-fmu '" + lab + "' --output '" + work + "/nested.fmu' > '" + work + "/nested.txt' 2>&1";
    DL_PLAIN_CHECK(std::system(cmd.c_str()) != 0, "export-fmu should refuse");
    std::ifstream in(work + "/nested.txt");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    DL_PLAIN_CHECK(text.find("component 'src' imports the FMU") != std::string::npos, text);
    DL_PLAIN_CHECK(!std::filesystem::exists(work + "/nested.fmu"), "nothing written");
}

// The round trip: clutch-engagement (engine -> slipping clutch -> soft driveshaft -> vehicle)
// exported by drivelab-cli export-fmu (FMI 3 and 2) with its two speeds as outputs, imported into
// a lab of the same tick as two `fmu` components (two instances of one FMU in one process), one
// per speed. Each FMU step is one tick, and the `output` observable at the end of tick m is the
// FMU's output at t_{m+1}: the original's speed at the same instant, bit for bit.
DL_PLAIN_TEST(anExportedLabImportedReproducesItsSpeeds)
{
    const std::string lab = std::string(DRIVELAB_SOURCE_DIR) + "/labs/clutch-engagement.lab.json";
    std::string text, diags;
    Diagnostics readDiags;
    DL_PLAIN_REQUIRE(readTextFile(lab, text, readDiags), lab);
    auto original = compileText(text, diags);
    DL_PLAIN_REQUIRE(original, diags);
    Session ref(original);
    const int engine = observableIndex(*original, "engine", "speed"), vehicle = observableIndex(*original, "vehicle", "speed");
    const std::int64_t every = original->reportEvery;
    std::vector<double> want;
    while (!ref.finished()) {
        DL_PLAIN_REQUIRE(ref.run(every).status == BatchStatus::Completed, "original run");
        want.push_back(observed(ref, engine));
        want.push_back(observed(ref, vehicle));
    }
    const std::string work = DRIVELAB_FMI_WORK;
    std::filesystem::create_directories(work);
    for (int fmi : {3, 2}) {
        const std::string fmu = work + "/clutch_engagement" + std::to_string(fmi) + ".fmu";
        const std::string cmd = std::string(DRIVELAB_CLI) + " export-fmu '" + lab + "' --output '" + fmu + "' --fmi " + std::to_string(fmi) +
                                " --output-var engine.speed --output-var vehicle.speed --quiet";
        DL_PLAIN_REQUIRE(std::system(cmd.c_str()) == 0, cmd);
        const std::string imported = R"({"format": "drivelab.lab", "version": 1, "name": "round-trip",
  "run": {"tick_ns": 50000, "duration_ns": 2500000000, "report_every_ticks": 200},
  "nodes": [{"id": "spare", "domain": "rotational", "inertia": 1.0, "initial_speed": 0.0}],
  "components": [
    {"id": "engine_fmu", "type": "fmu", "parameters": {"file": ")" + fmu + R"(", "output": "engine.speed"}},
    {"id": "vehicle_fmu", "type": "fmu", "parameters": {"file": ")" + fmu + R"(", "output": "vehicle.speed"}}
  ]})";
        auto model = compileText(imported, diags);
        DL_PLAIN_REQUIRE(model, diags);
        Session s(model);
        const int e = observableIndex(*model, "engine_fmu", "output"), v = observableIndex(*model, "vehicle_fmu", "output");
        std::size_t k = 0, mismatches = 0;
        while (!s.finished() && k + 1 < want.size()) {
            const BatchResult b = s.run(every);
            DL_PLAIN_REQUIRE(b.status == BatchStatus::Completed, b.error.subject << ": " << b.error.message);
            mismatches += observed(s, e) != want[k] || observed(s, v) != want[k + 1];
            k += 2;
        }
        DL_PLAIN_EQUAL(k, want.size());
        DL_PLAIN_CHECK(mismatches == 0, "FMI " << fmi << ": " << mismatches << " report boundaries differ from the original");
    }
}

} // namespace

DL_PLAIN_MAIN()
