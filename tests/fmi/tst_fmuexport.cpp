// Every shipped lab exported as an FMI 3.0 and an FMI 2.0 co-simulation FMU, run by the importer of
// fmiimporter.h (the FMI C API only: unzip, dlopen, dlsym) and compared with `drivelab-cli run` bit
// for bit at every report boundary; the archive and modelDescription.xml checked against the
// standard's rules; FMU state round trips; instances interleaved; inputs as events; parameters.
// docs/FMI.md.
#include <filesystem>
#include <fstream>
#include <thread>

#include "fmitestlab.h"

using namespace fmitest;

namespace {

/// the project's XSD of modelDescription.xml for FMI `fmi` (3 or 2), written from the standard's text
std::string schema(int fmi) { return std::string(DRIVELAB_SOURCE_DIR) + "/tests/fmi/schema/fmi" + std::to_string(fmi) + "ModelDescription.xsd"; }

// the structured checks of an unpacked FMU's modelDescription.xml and archive
void checkDescription(const Fmu& fmu, const json& rep, const std::string& label)
{
    const std::string& xml = fmu.u.xml;
    DL_PLAIN_CHECK(shell("xmllint --noout '" + fmu.u.dir + "/modelDescription.xml' 2>/dev/null") == 0, label << ": not well-formed XML");
    // valid against the project's schema of the standard's rules (tests/fmi/schema/)
    DL_PLAIN_CHECK(shell("xmllint --noout --schema '" + schema(fmu.fmi) + "' '" + fmu.u.dir + "/modelDescription.xml' 2>'" + work() +
                         "/xsd.err'") == 0,
                   label << ": modelDescription.xml is not valid: " << readFile(work() + "/xsd.err"));
    const auto root = xmlTags(xml, "fmiModelDescription");
    DL_PLAIN_REQUIRE(root.size() == 1, label);
    DL_PLAIN_EQUAL(xmlAttr(root[0], "fmiVersion"), std::string(fmu.fmi == 3 ? "3.0" : "2.0"));
    // the token starts with the model fingerprint the report states, and the resources carry it
    const std::string fp = rep["model_fingerprint"].get<std::string>();
    DL_PLAIN_EQUAL(fmu.u.token.substr(0, 20), "{" + fp.substr(0, 8) + "-" + fp.substr(8, 4) + "-" + fp.substr(12, 4) + "-");
    const json sel = json::parse(readFile(fmu.u.resources + "drivelab-fmu.json"));
    DL_PLAIN_EQUAL(sel["instantiation_token"].get<std::string>(), fmu.u.token);
    DL_PLAIN_CHECK(!readFile(fmu.u.resources + "lab.json").empty(), label << ": resources/lab.json");
    DL_PLAIN_CHECK(!readFile(fmu.u.dir + "/documentation/index.html").empty(), label << ": documentation/index.html");
    // element order (FMI 3 and 2 alike): CoSimulation, UnitDefinitions, LogCategories, DefaultExperiment, ModelVariables, ModelStructure
    std::size_t last = 0;
    for (const char* e : {"<CoSimulation", "<UnitDefinitions", "<LogCategories", "<DefaultExperiment", "<ModelVariables", "<ModelStructure"}) {
        const auto at = xml.find(e);
        DL_PLAIN_CHECK(at != std::string::npos && at > last, label << ": " << e << " missing or out of order");
        if (at != std::string::npos) last = at;
    }
    DL_PLAIN_CHECK(xml.find("<ModelExchange") == std::string::npos, label);
    // variables: value references unique, one independent variable, every unit defined, every
    // output an Output of the model structure and an observable of the report
    std::vector<std::string> units;
    for (const auto& u : xmlTags(xml, "Unit")) units.push_back(xmlAttr(u, "name"));
    std::vector<unsigned> seen;
    int independent = 0;
    const auto structure = xml.substr(xml.find("<ModelStructure"));
    for (std::size_t i = 0; i < fmu.vars.size(); ++i) {
        const Variable& v = fmu.vars[i];
        for (unsigned s : seen) DL_PLAIN_CHECK(s != v.vr, label << ": value reference " << v.vr << " twice");
        seen.push_back(v.vr);
        independent += v.causality == "independent";
        if (!v.unit.empty()) DL_PLAIN_CHECK(std::find(units.begin(), units.end(), v.unit) != units.end(), label << ": unit " << v.unit);
        if (v.causality == "input" || v.causality == "parameter") DL_PLAIN_CHECK(!v.start.empty(), label << ": " << v.name << " has no start");
        if (v.causality != "output") continue;
        DL_PLAIN_CHECK(v.start.empty(), label << ": output " << v.name << " has a start");
        const std::string ref = fmu.fmi == 3 ? "<Output valueReference=\"" + std::to_string(v.vr) + "\"" :
                                               "<Unknown index=\"" + std::to_string(i + 1) + "\"";
        DL_PLAIN_CHECK(structure.find(ref) != std::string::npos, label << ": " << v.name << " not in ModelStructure");
        DL_PLAIN_CHECK(!std::isnan(reported(rep["boundaries"][0], v.name)), label << ": " << v.name << " is not an observable of the report");
    }
    DL_PLAIN_EQUAL(independent, 1);
}

// the binary needs only the C and C++ runtime and exports only the standard's names
void checkBinary(const Fmu& fmu)
{
    const std::string needed = work() + "/needed.txt", symbols = work() + "/symbols.txt";
    DL_PLAIN_REQUIRE(shell("readelf -d '" + fmu.u.binary + "' | grep NEEDED > '" + needed + "'") == 0, "readelf");
    std::istringstream lines(readFile(needed));
    for (std::string line; std::getline(lines, line);) {
        const std::string lib = line.substr(line.find('[') + 1, line.find(']') - line.find('[') - 1);
        const bool allowed = lib == "libc.so.6" || lib == "libm.so.6" || lib == "ld-linux-x86-64.so.2" || lib == "libstdc++.so.6" ||
                             lib == "libgcc_s.so.1" || lib == "libpthread.so.0";
        DL_PLAIN_CHECK(allowed, "the FMU library needs " << lib);
    }
    DL_PLAIN_REQUIRE(shell("nm -D --defined-only '" + fmu.u.binary + "' > '" + symbols + "'") == 0, "nm");
    std::istringstream syms(readFile(symbols));
    int fmiNames = 0;
    for (std::string line; std::getline(syms, line);) {
        const std::string name = line.substr(line.find_last_of(' ') + 1);
        const bool standard = name.rfind("fmi3", 0) == 0 || name.rfind("fmi2", 0) == 0;
        fmiNames += standard;
        DL_PLAIN_CHECK(standard, "the FMU library exports " << name);
    }
    DL_PLAIN_CHECK(fmiNames > 80, fmiNames);
}

} // namespace

DL_PLAIN_TEST(everyLabMatchesTheCliBitForBit)
{
    std::vector<std::string> labs;
    for (const auto& e : std::filesystem::directory_iterator(std::string(DRIVELAB_SOURCE_DIR) + "/labs"))
        if (e.path().string().size() > 9 && e.path().string().ends_with(".lab.json")) labs.push_back(e.path().string());
    std::sort(labs.begin(), labs.end());
    DL_PLAIN_REQUIRE(labs.size() >= 10, labs.size());
    bool binaryChecked = false;
    for (const std::string& path : labs) {
        const json& rep = report(path);
        DL_PLAIN_CHECK(!rep.is_null(), path << ": the CLI run failed");
        if (rep.is_null()) continue;
        for (int fmi : {3, 2}) {
            const std::string label = std::filesystem::path(path).stem().stem().string() + " FMI " + std::to_string(fmi);
            Fmu fmu;
            std::string why;
            DL_PLAIN_CHECK(exportFmu(path, fmi, "lab" + std::to_string(fmi), "", fmu, why), label << ": " << why);
            if (!fmu.lib) continue;
            checkDescription(fmu, rep, label);
            if (!binaryChecked) checkBinary(fmu);
            binaryChecked = true;
            auto d = started(fmu, "run");
            DL_PLAIN_CHECK(d != nullptr, label << ": instantiate or initialize failed");
            if (!d) continue;
            std::string first;
            const int diff = runAgainstReport(fmu, *d, rep, 0, first);
            DL_PLAIN_CHECK(diff == 0, label << ": " << diff << " values differ; first: " << first);
            DL_PLAIN_EQUAL(d->terminate(), 0);
            d.reset();
            dlclose(fmu.lib);
        }
    }
}

// get and set the FMU state, in memory and serialized: the run from the saved state gives the
// same bits; the serialized state carries the report's final state hash at its end
// the schemas can fail: an exported description broken in one way the standard forbids is refused
DL_PLAIN_TEST(theSchemasRefuseWhatTheStandardForbids)
{
    for (int fmi : {3, 2}) {
        Fmu fmu;
        std::string why;
        DL_PLAIN_REQUIRE(exportFmu(lab("clutch-engagement"), fmi, "xsd" + std::to_string(fmi), "--output-var engine.speed --input clutch.inputs.capacity",
                                   fmu, why),
                         why);
        const std::string xml = fmu.u.xml, file = work() + "/xsd-broken.xml";
        const auto valid = [&](const std::string& text) {
            std::ofstream(file, std::ios::binary) << text;
            return shell("xmllint --noout --schema '" + schema(fmi) + "' '" + file + "' 2>/dev/null") == 0;
        };
        const auto replaced = [&](const std::string& from, const std::string& to) {
            const auto at = xml.find(from);
            DL_PLAIN_CHECK(at != std::string::npos, "FMI " << fmi << ": " << from);
            return at == std::string::npos ? xml : xml.substr(0, at) + to + xml.substr(at + from.size());
        };
        DL_PLAIN_CHECK(valid(xml), "FMI " << fmi << ": the export itself");
        // an unknown causality, a capability flag that is not a boolean, a missing token
        DL_PLAIN_CHECK(!valid(replaced("causality=\"input\"", "causality=\"inlet\"")), fmi);
        DL_PLAIN_CHECK(!valid(replaced("canHandleVariableCommunicationStepSize=\"true\"", "canHandleVariableCommunicationStepSize=\"yes\"")), fmi);
        DL_PLAIN_CHECK(!valid(replaced(fmi == 3 ? " instantiationToken=" : " guid=", " token=")), fmi);
        // the elements out of the standard's order: LogCategories before UnitDefinitions
        const auto units = xml.find("  <UnitDefinitions>"), logs = xml.find("  <LogCategories>"), experiment = xml.find("  <DefaultExperiment");
        DL_PLAIN_REQUIRE(units < logs && logs < experiment, fmi);
        DL_PLAIN_CHECK(!valid(xml.substr(0, units) + xml.substr(logs, experiment - logs) + xml.substr(units, logs - units) + xml.substr(experiment)), fmi);
        // a unit no UnitDefinitions entry names
        DL_PLAIN_CHECK(!valid(replaced("unit=\"rad/s\"", "unit=\"furlong/fortnight\"")), fmi);
        // FMI 3: an output in the model structure that no variable has
        if (fmi == 3) DL_PLAIN_CHECK(!valid(replaced("<Output valueReference=\"1\"", "<Output valueReference=\"99\"")), fmi);
    }
}

DL_PLAIN_TEST(stateRoundTripsAreExact)
{
    const json& rep = report(lab("clutch-engagement"));
    DL_PLAIN_REQUIRE(!rep.is_null(), "CLI run");
    for (int fmi : {3, 2}) {
        Fmu fmu;
        std::string why;
        DL_PLAIN_REQUIRE(exportFmu(lab("clutch-engagement"), fmi, "state" + std::to_string(fmi), "", fmu, why), why);
        auto d = started(fmu, "state");
        DL_PLAIN_REQUIRE(d != nullptr, "start");
        const double tick = rep["tick_ns"].get<double>() / 1e9;
        const auto& bs = rep["boundaries"];
        const std::size_t half = bs.size() / 2;
        const auto halfTick = bs[half]["tick"].get<std::int64_t>();
        DL_PLAIN_REQUIRE(d->doStep(0.0, static_cast<double>(halfTick) * tick) == 0, d->log.all());
        void* saved = nullptr;
        std::vector<unsigned char> bytes;
        DL_PLAIN_REQUIRE(d->getState(&saved) == 0 && saved, d->log.all());
        DL_PLAIN_REQUIRE(d->serialize(saved, bytes) == 0, d->log.all());
        std::string first;
        DL_PLAIN_CHECK(runAgainstReport(fmu, *d, rep, half, first) == 0, "first run: " << first);
        // the end state's serialized hash is the report's final_state_hash
        void* end = nullptr;
        std::vector<unsigned char> endBytes;
        DL_PLAIN_REQUIRE(d->getState(&end) == 0 && d->serialize(end, endBytes) == 0 && endBytes.size() > 24, d->log.all());
        std::uint64_t hash = 0;
        std::memcpy(&hash, endBytes.data() + 16, 8);
        char hex[17];
        std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
        DL_PLAIN_EQUAL(std::string(hex), rep["final_state_hash"].get<std::string>());
        // back to the middle from memory, then from the bytes
        DL_PLAIN_REQUIRE(d->setState(saved) == 0, d->log.all());
        DL_PLAIN_CHECK(runAgainstReport(fmu, *d, rep, half, first) == 0, "after fmiSetFMUState: " << first);
        void* restored = nullptr;
        DL_PLAIN_REQUIRE(d->deserialize(bytes, &restored) == 0 && restored, d->log.all());
        DL_PLAIN_REQUIRE(d->setState(restored) == 0, d->log.all());
        DL_PLAIN_CHECK(runAgainstReport(fmu, *d, rep, half, first) == 0, "after deserialize: " << first);
        // a state altered in one byte is refused, nothing changes
        std::vector<unsigned char> altered = bytes;
        altered[40] ^= 1;
        void* bad = nullptr;
        DL_PLAIN_EQUAL(d->deserialize(altered, &bad), 3);
        DL_PLAIN_CHECK(bad == nullptr, "no state for altered bytes");
        DL_PLAIN_CHECK(d->log.all().find("altered") != std::string::npos, d->log.all());
        for (void** s : {&saved, &end, &restored}) DL_PLAIN_EQUAL(d->freeState(s), 0);
        d.reset();
        dlclose(fmu.lib);
    }
}

// two instances of one FMU and one of another lab's, stepped in turn: each gives its own lab's bits
DL_PLAIN_TEST(instancesInterleavedRunIndependently)
{
    const json& repA = report(lab("clutch-engagement"));
    const json& repB = report(lab("converter-launch"));
    for (int fmi : {3, 2}) {
        Fmu a, b;
        std::string why;
        DL_PLAIN_REQUIRE(exportFmu(lab("clutch-engagement"), fmi, "twoA" + std::to_string(fmi), "", a, why), why);
        DL_PLAIN_REQUIRE(exportFmu(lab("converter-launch"), fmi, "twoB" + std::to_string(fmi), "", b, why), why);
        auto a1 = started(a, "a1"), a2 = started(a, "a2"), b1 = started(b, "b1");
        DL_PLAIN_REQUIRE(a1 && a2 && b1, "start");
        const double tickA = repA["tick_ns"].get<double>() / 1e9, tickB = repB["tick_ns"].get<double>() / 1e9;
        const auto& ba = repA["boundaries"];
        const auto& bb = repB["boundaries"];
        int diff = 0;
        std::string first;
        for (std::size_t k = 1; k < std::max(ba.size(), bb.size()); ++k) {
            if (k < ba.size()) {
                const auto t0 = ba[k - 1]["tick"].get<std::int64_t>(), t1 = ba[k]["tick"].get<std::int64_t>();
                for (Driver* d : {a1.get(), a2.get()}) {
                    DL_PLAIN_REQUIRE(d->doStep(static_cast<double>(t0) * tickA, static_cast<double>(t1 - t0) * tickA) == 0, d->log.all());
                    diff += compareBoundary(a, *d, ba[k], first);
                }
            }
            if (k < bb.size()) {
                const auto t0 = bb[k - 1]["tick"].get<std::int64_t>(), t1 = bb[k]["tick"].get<std::int64_t>();
                DL_PLAIN_REQUIRE(b1->doStep(static_cast<double>(t0) * tickB, static_cast<double>(t1 - t0) * tickB) == 0, b1->log.all());
                diff += compareBoundary(b, *b1, bb[k], first);
            }
        }
        DL_PLAIN_CHECK(diff == 0, "FMI " << fmi << ": " << diff << " values differ; first: " << first);
        a1.reset();
        a2.reset();
        b1.reset();
        dlclose(a.lib);
        dlclose(b.lib);
    }
}

// two instances of one FMU on two threads at once: no process-wide state, each gives the CLI's bits
DL_PLAIN_TEST(instancesOnTwoThreadsRunIndependently)
{
    const json& rep = report(lab("clutch-engagement"));
    Fmu fmu;
    std::string why;
    DL_PLAIN_REQUIRE(exportFmu(lab("clutch-engagement"), 3, "threads", "", fmu, why), why);
    int diff[2] = {-1, -1};
    std::string first[2];
    // the check harness is not thread-safe: the threads only count, the checks come after
    const auto body = [&](int k) {
        auto d = started(fmu, "thread" + std::to_string(k));
        if (d) diff[k] = runAgainstReport(fmu, *d, rep, 0, first[k]);
    };
    std::thread t0(body, 0), t1(body, 1);
    t0.join();
    t1.join();
    for (int k : {0, 1}) DL_PLAIN_CHECK(diff[k] == 0, "thread " << k << ": " << diff[k] << " values differ; first: " << first[k]);
    dlclose(fmu.lib);
}
