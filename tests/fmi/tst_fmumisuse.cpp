// Misuse of an exported FMU and of export-fmu (docs/FMI.md): every call its state forbids, a step
// that is not a whole number of ticks, a NaN or out-of-range input, an unknown value reference, a
// wrong token, a foreign state pointer return the error status with a logged message and change
// nothing; bad export-fmu arguments exit 2 and write nothing.
#include <filesystem>

#include "fmitestlab.h"

using namespace fmitest;

namespace {

bool logged(const Driver& d, const std::string& text) { return d.log.all().find(text) != std::string::npos; }

// a lab whose chamber drains when the flow input is set to -1000 m^3/s: the solver fails
std::string drainedLab()
{
    const std::string path = work() + "/drained.lab.json";
    std::ofstream(path) << R"({"format": "drivelab.lab", "version": 1, "name": "drained",
      "run": {"tick_ns": 1000000, "duration_ns": 100000000, "report_every_ticks": 10},
      "nodes": [{"id": "tank", "domain": "hydraulic", "fixed_pressure": 101325.0},
                {"id": "chamber", "domain": "hydraulic", "initial_pressure": 101325.0},
                {"id": "m", "domain": "rotational", "inertia": 0.05, "initial_speed": 0}],
      "components": [{"id": "rocket", "type": "flow_source", "node_a": "tank", "node_b": "chamber", "inputs": {"flow": 0}},
        {"id": "piston", "type": "mechanical_converter", "node_a": "chamber", "node_b": "m",
         "parameters": {"displacement": 0.001, "dead_volume": 1e-06, "initial_rotation": 0.1, "environment_pressure": "atmosphere",
                        "compressibility": true, "bulk_modulus": 1.5e9, "density": 850.0}}]})";
    return path;
}


} // namespace

DL_PLAIN_TEST(wrongCallsReturnErrorsAndChangeNothing)
{
    const json& rep = report(lab("clutch-engagement"));
    DL_PLAIN_REQUIRE(!rep.is_null(), "CLI run");
    for (int fmi : {3, 2}) {
        Fmu fmu;
        std::string why;
        DL_PLAIN_REQUIRE(exportFmu(lab("clutch-engagement"), fmi, "misuse" + std::to_string(fmi), "--input clutch.inputs.capacity", fmu, why),
                         why);
        unsigned in = 0;
        for (const auto& v : fmu.vars)
            if (v.causality == "input") in = v.vr;
        // a wrong token or resource path: no instance, a message
        auto bad = makeDriver(fmu.lib, fmi);
        DL_PLAIN_CHECK(!bad->instantiate("x", "{00000000-0000-0000-0000-000000000000}", fmu.u.resources), "wrong token");
        DL_PLAIN_CHECK(bad->log.all().find("instantiation token") != std::string::npos, bad->log.all());
        DL_PLAIN_CHECK(!bad->instantiate("x", fmu.u.token, work() + "/nowhere/"), "wrong resources");
        DL_PLAIN_CHECK(!bad->instantiate("", fmu.u.token, fmu.u.resources), "empty instance name");

        auto d = makeDriver(fmu.lib, fmi);
        DL_PLAIN_REQUIRE(d->instantiate("misuse", fmu.u.token, fmu.u.resources), d->log.all());
        std::vector<double> v;
        // Instantiated: no step, no get, no exit, no terminate
        DL_PLAIN_EQUAL(d->doStep(0.0, 0.01), 3);
        DL_PLAIN_CHECK(logged(*d, "not allowed in Instantiated"), d->log.all());
        DL_PLAIN_EQUAL(d->get({1}, v), 3);
        DL_PLAIN_EQUAL(d->exitInit(), 3);
        DL_PLAIN_EQUAL(d->terminate(), 3);
        // a start time other than 0 and a stop time past the run
        DL_PLAIN_EQUAL(d->enterInit(1.0, false, 0.0), 3);
        DL_PLAIN_EQUAL(d->enterInit(0.0, true, 99.0), 3);
        DL_PLAIN_CHECK(logged(*d, "past the lab's run"), d->log.all());
        DL_PLAIN_EQUAL(d->enterInit(0.0, true, 2.5), 0);
        DL_PLAIN_EQUAL(d->enterInit(0.0, true, 2.5), 3); // twice
        DL_PLAIN_EQUAL(d->exitInit(), 0);
        // Step Mode: a step that is not a whole number of ticks, zero, negative, NaN, the wrong time, past the end
        const double tick = rep["tick_ns"].get<double>() / 1e9;
        for (double h : {0.7 * tick, 0.0, -tick, std::nan(""), 1.5 * tick}) DL_PLAIN_EQUAL(d->doStep(0.0, h), 3);
        DL_PLAIN_CHECK(logged(*d, "is not a whole number of the lab's ticks"), d->log.all());
        DL_PLAIN_EQUAL(d->doStep(5.0 * tick, tick), 3);
        DL_PLAIN_CHECK(logged(*d, "is not the FMU's time"), d->log.all());
        DL_PLAIN_EQUAL(d->doStep(0.0, 3.0), 3);
        DL_PLAIN_CHECK(logged(*d, "passes the end of the lab's run"), d->log.all());
        // inputs: NaN, infinite, out of range; outputs and time cannot be set; unknown value references
        DL_PLAIN_EQUAL(d->set({in}, {std::nan("")}), 3);
        DL_PLAIN_CHECK(logged(*d, "is not a finite number"), d->log.all());
        DL_PLAIN_EQUAL(d->set({in}, {HUGE_VAL}), 3);
        DL_PLAIN_EQUAL(d->set({in}, {-5.0}), 3);
        DL_PLAIN_CHECK(logged(*d, "outside the input's range"), d->log.all());
        DL_PLAIN_EQUAL(d->set({1}, {1.0}), 3);
        DL_PLAIN_EQUAL(d->set({0}, {1.0}), 3);
        DL_PLAIN_EQUAL(d->get({100000}, v), 3);
        DL_PLAIN_CHECK(logged(*d, "no variable with value reference 100000"), d->log.all());
        // a state pointer that is not this instance's
        int notAState = 0;
        DL_PLAIN_EQUAL(d->setState(&notAState), 3);
        void* p = &notAState;
        DL_PLAIN_EQUAL(d->freeState(&p), 3);
        std::vector<unsigned char> junk(64, 7);
        void* fromJunk = nullptr;
        DL_PLAIN_EQUAL(d->deserialize(junk, &fromJunk), 3);
        // none of it moved the run: it still gives the CLI's bits
        std::string first;
        DL_PLAIN_CHECK(runAgainstReport(fmu, *d, rep, 0, first) == 0, "FMI " << fmi << " after misuse: " << first);
        // Terminated: no step, no set; reset brings it back to Instantiated
        DL_PLAIN_EQUAL(d->terminate(), 0);
        DL_PLAIN_EQUAL(d->doStep(2.5, tick), 3);
        DL_PLAIN_EQUAL(d->set({in}, {1.0}), 3);
        DL_PLAIN_EQUAL(d->reset(), 0);
        DL_PLAIN_EQUAL(d->enterInit(0.0, false, 0.0), 0);
        DL_PLAIN_EQUAL(d->exitInit(), 0);
        DL_PLAIN_CHECK(runAgainstReport(fmu, *d, rep, 0, first) == 0, "FMI " << fmi << " after reset: " << first);
        d.reset();
        bad.reset();
        dlclose(fmu.lib);
    }
}

// a solver failure in doStep: the error status with the tick and the component, the step rolled
// back, the error state; a saved state leads out of it. The lab is tests/testutil.h's drained
// chamber (a flow source drawing 1000 m^3/s from 1e-4 m^3, which no solve can follow) with the
// flow an FMU input that starts at 0, where the lab runs
DL_PLAIN_TEST(aSolverFailureIsAnErrorAndAStateLeadsOut)
{
    const std::string path = drainedLab();
    for (int fmi : {3, 2}) {
        Fmu fmu;
        std::string why;
        DL_PLAIN_REQUIRE(exportFmu(path, fmi, "drained" + std::to_string(fmi), "--input rocket.inputs.flow", fmu, why), why);
        unsigned in = 0;
        for (const auto& v : fmu.vars)
            if (v.causality == "input") in = v.vr;
        auto d = started(fmu, "drained");
        DL_PLAIN_REQUIRE(d != nullptr, "start");
        const double tick = 1e-3;
        DL_PLAIN_REQUIRE(d->doStep(0.0, 10 * tick) == 0, d->log.all());
        void* saved = nullptr;
        DL_PLAIN_REQUIRE(d->getState(&saved) == 0, d->log.all());
        std::vector<double> before, after;
        DL_PLAIN_REQUIRE(d->get(outputVrs(fmu), before) == 0, d->log.all());
        DL_PLAIN_REQUIRE(d->set({in}, {-1000.0}) == 0, d->log.all());
        DL_PLAIN_EQUAL(d->doStep(10 * tick, 10 * tick), 3);
        DL_PLAIN_CHECK(logged(*d, "the solver failed at tick 10"), d->log.all());
        // rolled back: the outputs are those before the step; only reads, a saved state, reset and free are allowed
        DL_PLAIN_REQUIRE(d->get(outputVrs(fmu), after) == 0, d->log.all());
        DL_PLAIN_CHECK(before.size() == after.size() && std::memcmp(before.data(), after.data(), before.size() * sizeof(double)) == 0,
                       "outputs moved");
        DL_PLAIN_EQUAL(d->doStep(10 * tick, 10 * tick), 3);
        DL_PLAIN_CHECK(logged(*d, "not allowed in the error state"), d->log.all());
        DL_PLAIN_EQUAL(d->set({in}, {0.0}), 3);
        DL_PLAIN_EQUAL(d->setState(saved), 0);
        DL_PLAIN_EQUAL(d->doStep(10 * tick, 10 * tick), 0);
        DL_PLAIN_EQUAL(d->freeState(&saved), 0);
        d.reset();
        dlclose(fmu.lib);
    }
}

// a null instance, model exchange, event mode: refused, never a crash
DL_PLAIN_TEST(nullInstancesAndOtherInterfacesAreRefused)
{
    Fmu fmu3, fmu2;
    std::string why;
    DL_PLAIN_REQUIRE(exportFmu(lab("clutch-engagement"), 3, "null3", "", fmu3, why), why);
    DL_PLAIN_REQUIRE(exportFmu(lab("clutch-engagement"), 2, "null2", "", fmu2, why), why);
    auto step3 = FMITEST_SYM(fmu3.lib, fmi3DoStep);
    auto get3 = FMITEST_SYM(fmu3.lib, fmi3GetFloat64);
    auto free3 = FMITEST_SYM(fmu3.lib, fmi3FreeInstance);
    auto me3 = FMITEST_SYM(fmu3.lib, fmi3InstantiateModelExchange);
    auto inst3 = FMITEST_SYM(fmu3.lib, fmi3InstantiateCoSimulation);
    DL_PLAIN_REQUIRE(step3 && get3 && free3 && me3 && inst3, "symbols");
    bool b = false;
    double t = 0.0;
    DL_PLAIN_EQUAL(step3(nullptr, 0.0, 0.01, false, &b, &b, &b, &t), fmi3Error);
    const fmi3ValueReference vr = 1;
    DL_PLAIN_EQUAL(get3(nullptr, &vr, 1, &t, 1), fmi3Error);
    free3(nullptr);
    Log log;
    DL_PLAIN_CHECK(me3("me", fmu3.u.token.c_str(), fmu3.u.resources.c_str(), false, true, &log, logFmi3) == nullptr, "model exchange");
    DL_PLAIN_CHECK(inst3("ev", fmu3.u.token.c_str(), fmu3.u.resources.c_str(), false, true, true, false, nullptr, 0, &log, logFmi3, nullptr) ==
                       nullptr,
                   "event mode");
    DL_PLAIN_CHECK(log.all().find("no event mode") != std::string::npos, log.all());
    // FMI 2: model exchange refused; a null component is an error
    auto inst2 = FMITEST_SYM(fmu2.lib, fmi2Instantiate);
    auto step2 = FMITEST_SYM(fmu2.lib, fmi2DoStep);
    DL_PLAIN_REQUIRE(inst2 && step2, "symbols");
    fmi2CallbackFunctions cb = {logFmi2, nullptr, nullptr, nullptr, &log};
    const std::string uri = "file://" + fmu2.u.resources;
    DL_PLAIN_CHECK(inst2("me", fmi2ModelExchange, fmu2.u.token.c_str(), uri.c_str(), &cb, 0, 1) == nullptr, "model exchange");
    DL_PLAIN_EQUAL(step2(nullptr, 0.0, 0.01, 1), fmi2Error);
    // FMI 2 through a percent-encoded URI and through file:/path
    std::string encoded = "file://";
    for (char c : fmu2.u.resources) encoded += c == '/' ? std::string("%2F") : std::string(1, c);
    fmi2Component c1 = inst2("enc", fmi2CoSimulation, fmu2.u.token.c_str(), encoded.c_str(), &cb, 0, 1);
    DL_PLAIN_CHECK(c1 != nullptr, log.all());
    fmi2Component c2 = inst2("short", fmi2CoSimulation, fmu2.u.token.c_str(), ("file:" + fmu2.u.resources).c_str(), &cb, 0, 1);
    DL_PLAIN_CHECK(c2 != nullptr, log.all());
    auto free2 = FMITEST_SYM(fmu2.lib, fmi2FreeInstance);
    free2(c1);
    free2(c2);
    dlclose(fmu3.lib);
    dlclose(fmu2.lib);
}

// bad export-fmu arguments: exit 2, a message naming the option, nothing written
DL_PLAIN_TEST(badExportArgumentsWriteNothing)
{
    const std::string out = work() + "/bad.fmu";
    const std::string lab1 = lab("clutch-engagement");
    const std::vector<std::pair<std::string, std::string>> cases = {
        {"'" + lab1 + "' --output '" + out + "' --input clutch.inputs.nonsense", "has no input 'nonsense'"},
        {"'" + lab1 + "' --output '" + out + "' --input nobody.inputs.capacity", "no component 'nobody'"},
        {"'" + lab1 + "' --output '" + out + "' --input clutch.capacity", "ID.inputs.NAME"},
        {"'" + lab1 + "' --output '" + out + "' --output-var engine.nonsense", "no observable"},
        {"'" + lab1 + "' --output '" + out + "' --parameter drag.damper.nonsense", "--parameter drag.damper.nonsense"},
        {"'" + lab1 + "' --output '" + out + "' --fmi 1", "--fmi takes 3 or 2"},
        {"'" + lab1 + "' --output '" + out + "' --fmi 3 --fmi 2", "given twice"},
        {"'" + lab1 + "' --output '" + work() + "/bad.zip'", "ends in .fmu"},
        {"'" + lab1 + "'", "--output NAME.fmu is required"},
        {"'" + lab1 + "' --output '" + out + "' --output-var clutch.torque --output-var clutch.torque", "chosen twice"},
        {"'" + work() + "/missing.lab.json' --output '" + out + "'", "missing.lab.json"},
        {"'" + lab1 + "' --output '" + out + "' --bogus", "unknown option"},
        {"'" + lab("drive-cycle") + "' --output '" + out + "' --input engine_torque.inputs.command", "bound to the controller 'throttle'"},
    };
    for (const auto& [args, message] : cases) {
        std::filesystem::remove(out);
        DL_PLAIN_EQUAL(cli("export-fmu " + args), 2);
        const std::string err = readFile(work() + "/cli.err");
        DL_PLAIN_CHECK(err.find(message) != std::string::npos, args << ": " << err);
        DL_PLAIN_CHECK(!std::filesystem::exists(out), args << ": a file was written");
    }
    // the output may not replace the lab it reads
    const std::string copy = work() + "/self.fmu";
    std::filesystem::copy_file(lab1, copy, std::filesystem::copy_options::overwrite_existing);
    DL_PLAIN_EQUAL(cli("export-fmu '" + copy + "' --output '" + copy + "'"), 2);
    DL_PLAIN_EQUAL(readFile(copy), readFile(lab1));
}

// the same lab and choices give the same bytes (no date, no host in the archive)
DL_PLAIN_TEST(theArchiveIsReproducible)
{
    // one file name in two folders: the name is the model identifier
    std::filesystem::create_directories(work() + "/repro-a");
    std::filesystem::create_directories(work() + "/repro-b");
    const std::string a = work() + "/repro-a/repro.fmu", b = work() + "/repro-b/repro.fmu";
    DL_PLAIN_EQUAL(cli("export-fmu '" + lab("converter-launch") + "' --output '" + a + "' --quiet"), 0);
    DL_PLAIN_EQUAL(cli("export-fmu '" + lab("converter-launch") + "' --output '" + b + "' --quiet"), 0);
    const std::string x = readFile(a), y = readFile(b);
    DL_PLAIN_CHECK(!x.empty() && x == y, "two exports differ");
    DL_PLAIN_EQUAL(shell("unzip -tq '" + a + "' >/dev/null"), 0);
}

DL_PLAIN_MAIN()

// A failed doStep after many one-tick steps with an input changed at every tick goes back through
// the checkpoint (a copy at most 64 ticks old and the inputs set since, fmi/stepcheckpoint.h):
// the outputs after the failure are those before it, bit for bit (an input not replayed, or
// replayed at another tick, moves them).
DL_PLAIN_TEST(aFailedTickStepGoesBackThroughTheCheckpoint)
{
    const std::string path = drainedLab();
    for (int fmi : {3, 2}) {
        Fmu fmu;
        std::string why;
        DL_PLAIN_REQUIRE(exportFmu(path, fmi, "stepback" + std::to_string(fmi), "--input rocket.inputs.flow", fmu, why), why);
        unsigned in = 0;
        for (const auto& v : fmu.vars)
            if (v.causality == "input") in = v.vr;
        auto d = started(fmu, "stepback");
        DL_PLAIN_REQUIRE(d != nullptr, "start");
        const double tick = 1e-3;
        const auto outs = outputVrs(fmu);
        std::vector<double> before, after;
        for (int k = 0; k < 90; ++k) { // past one checkpoint (64 ticks), inputs at every tick
            const double flow = 1e-9 * static_cast<double>(k % 5);
            DL_PLAIN_REQUIRE(d->set({in}, {flow}) == 0, d->log.all());
            DL_PLAIN_REQUIRE(d->doStep(k * tick, tick) == 0, d->log.all());
        }
        DL_PLAIN_REQUIRE(d->get(outs, before) == 0, d->log.all());
        DL_PLAIN_REQUIRE(d->set({in}, {-1000.0}) == 0, d->log.all());
        DL_PLAIN_EQUAL(d->doStep(90 * tick, tick), 3);
        DL_PLAIN_CHECK(logged(*d, "the solver failed at tick 90") && logged(*d, "the FMU stays at 0.09 s"), d->log.all());
        DL_PLAIN_REQUIRE(d->get(outs, after) == 0, d->log.all());
        DL_PLAIN_CHECK(before.size() == after.size() && std::memcmp(before.data(), after.data(), before.size() * sizeof(double)) == 0,
                       "FMI " << fmi << ": outputs moved");
        d.reset();
        dlclose(fmu.lib);
    }
}
