// Inputs and parameters of an exported FMU (docs/FMI.md): an input set between steps acts exactly
// like the lab's event at that boundary; a fixed parameter set before initialization ends gives the
// bits of the CLI run of the lab with that value, and is refused afterwards.
#include "fmitestlab.h"

using namespace fmitest;

namespace {

// the lab with `edit` applied, written to work()/NAME.lab.json
std::string editedLab(const std::string& from, const std::string& name, void (*edit)(json&))
{
    json j = json::parse(readFile(from));
    edit(j);
    const std::string path = work() + "/" + name + ".lab.json";
    std::ofstream(path) << j.dump(2);
    return path;
}

unsigned vrOf(const Fmu& fmu, const std::string& name)
{
    for (const auto& v : fmu.vars)
        if (v.name == name) return v.vr;
    return ~0u;
}

} // namespace

// clutch-engagement raises the clutch capacity by six events; the same lab without them, its
// capacity an FMU input set at the events' boundaries, reproduces every boundary of the original
DL_PLAIN_TEST(anInputActsLikeAnEvent)
{
    const json& rep = report(lab("clutch-engagement"));
    DL_PLAIN_REQUIRE(!rep.is_null(), "CLI run");
    const json original = json::parse(readFile(lab("clutch-engagement")));
    const std::string noEvents = editedLab(lab("clutch-engagement"), "noevents", [](json& j) { j.erase("events"); });
    const auto tickNs = rep["tick_ns"].get<std::int64_t>();
    for (int fmi : {3, 2}) {
        Fmu fmu;
        std::string why;
        DL_PLAIN_REQUIRE(exportFmu(noEvents, fmi, "input" + std::to_string(fmi), "--input clutch.inputs.capacity", fmu, why), why);
        const unsigned in = vrOf(fmu, "clutch.inputs.capacity");
        DL_PLAIN_REQUIRE(in != ~0u, "the input is declared");
        auto d = started(fmu, "input");
        DL_PLAIN_REQUIRE(d != nullptr, "start");
        const auto& bs = rep["boundaries"];
        int diff = 0, set = 0;
        std::string first;
        for (std::size_t k = 0; k < bs.size(); ++k) {
            const auto t = bs[k]["tick"].get<std::int64_t>();
            if (k > 0) {
                const auto t0 = bs[k - 1]["tick"].get<std::int64_t>();
                DL_PLAIN_REQUIRE(d->doStep(static_cast<double>(t0 * tickNs) / 1e9, static_cast<double>((t - t0) * tickNs) / 1e9) == 0,
                                 d->log.all());
            }
            diff += compareBoundary(fmu, *d, bs[k], first);
            // the events of this boundary, as input values from the next tick on
            for (const auto& e : original["events"]) {
                if ((e["time_ns"].get<std::int64_t>() + tickNs - 1) / tickNs != t) continue;
                DL_PLAIN_REQUIRE(d->set({in}, {e["value"].get<double>()}) == 0, d->log.all());
                ++set;
            }
        }
        DL_PLAIN_EQUAL(set, static_cast<int>(original["events"].size()));
        DL_PLAIN_CHECK(diff == 0, "FMI " << fmi << ": " << diff << " values differ; first: " << first);
        // the input reads back as set
        std::vector<double> v;
        DL_PLAIN_REQUIRE(d->get({in}, v) == 0, d->log.all());
        DL_PLAIN_EQUAL(v[0], original["events"].back()["value"].get<double>());
        d.reset();
        dlclose(fmu.lib);
    }
}

// an input bound to a signal, exposed but never set, follows its signal: the run is the CLI's
DL_PLAIN_TEST(aSignalBoundInputFollowsItsSignalUntilSet)
{
    const json& rep = report(lab("drive-cycle"));
    DL_PLAIN_REQUIRE(!rep.is_null(), "CLI run");
    Fmu fmu;
    std::string why;
    DL_PLAIN_REQUIRE(exportFmu(lab("drive-cycle"), 3, "bound", "--input lockup.inputs.capacity", fmu, why), why);
    auto d = started(fmu, "bound");
    DL_PLAIN_REQUIRE(d != nullptr, "start");
    std::string first;
    DL_PLAIN_CHECK(runAgainstReport(fmu, *d, rep, 0, first) == 0, first);
    d.reset();
    dlclose(fmu.lib);
}

// a fixed parameter set before initialization ends: the CLI's run of the lab with that value
DL_PLAIN_TEST(aFixedParameterRecompilesTheLab)
{
    const std::string heavier = editedLab(lab("clutch-engagement"), "damping", [](json& j) {
        for (auto& c : j["components"])
            if (c["id"] == "drag") c["parameters"]["damping"] = 1.3;
    });
    const json& rep = report(heavier);
    DL_PLAIN_REQUIRE(!rep.is_null(), "CLI run");
    for (int fmi : {3, 2}) {
        Fmu fmu;
        std::string why;
        DL_PLAIN_REQUIRE(exportFmu(lab("clutch-engagement"), fmi, "param" + std::to_string(fmi), "--parameter drag.damper.damping", fmu, why),
                         why);
        const unsigned p = vrOf(fmu, "drag.damper.damping");
        DL_PLAIN_REQUIRE(p != ~0u, "the parameter is declared");
        for (const auto& v : fmu.vars)
            if (v.vr == p) DL_PLAIN_CHECK(v.causality == "parameter" && v.variability == "fixed" && v.start == "0.8" && v.unit == "N m s/rad",
                                          v.causality << " " << v.variability << " " << v.start << " " << v.unit);
        auto d = makeDriver(fmu.lib, fmi);
        DL_PLAIN_REQUIRE(d->instantiate("param", fmu.u.token, fmu.u.resources), d->log.all());
        DL_PLAIN_EQUAL(d->enterInit(0.0, true, 2.5), 0);
        DL_PLAIN_EQUAL(d->set({p}, {1.3}), 0);
        DL_PLAIN_EQUAL(d->exitInit(), 0);
        std::string first;
        DL_PLAIN_CHECK(runAgainstReport(fmu, *d, rep, 0, first) == 0, "FMI " << fmi << ": " << first);
        // fixed: refused in Step Mode, with a message
        DL_PLAIN_EQUAL(d->set({p}, {0.8}), 3);
        DL_PLAIN_CHECK(d->log.all().find("fixed parameter") != std::string::npos, d->log.all());
        // a value the compiler refuses: initialization fails with the compiler's message
        DL_PLAIN_EQUAL(d->reset(), 0);
        DL_PLAIN_EQUAL(d->set({p}, {-1.0}), 0);
        DL_PLAIN_EQUAL(d->enterInit(0.0, false, 0.0), 3);
        DL_PLAIN_CHECK(d->log.all().find("drag") != std::string::npos, d->log.all());
        d.reset();
        dlclose(fmu.lib);
    }
}
