#pragma once
// What the FMU tests share: the CLI's reports, exported and unpacked FMUs, and a run of an FMU
// compared with a report bit for bit at every boundary (tests/fmi/).
#include <cstring>
#include <map>
#include <nlohmann/json.hpp>

#include "core/plain/check.h"
#include "fmidriver.h"

namespace fmitest {

using nlohmann::json;

/// the folder the tests write into
inline std::string work() { return DRIVELAB_FMI_WORK; }
/// a shipped lab
inline std::string lab(const std::string& name) { return std::string(DRIVELAB_SOURCE_DIR) + "/labs/" + name + ".lab.json"; }

/// `drivelab-cli ARGS`, its stderr into work()/cli.err; the exit code
inline int cli(const std::string& args)
{
    return shell(std::string(DRIVELAB_CLI) + " " + args + " >/dev/null 2>'" + work() + "/cli.err'");
}

/// the CLI's report of a lab (run once per lab and process)
inline const json& report(const std::string& labPath)
{
    static std::map<std::string, json> cache;
    auto it = cache.find(labPath);
    if (it != cache.end()) return it->second;
    const std::string out = work() + "/report-" + std::to_string(cache.size()) + ".json";
    json r;
    if (cli("run '" + labPath + "' --output '" + out + "' --quiet") == 0) r = json::parse(readFile(out));
    return cache.emplace(labPath, r).first->second;
}

/// an FMU exported, unpacked and loaded
struct Fmu {
    int fmi = 3;
    Unpacked u;
    void* lib = nullptr;
    std::vector<Variable> vars;
};

/// export `labPath` as work()/NAME.fmu with `options`, unpack and dlopen it; false with why
inline bool exportFmu(const std::string& labPath, int fmi, const std::string& name, const std::string& options, Fmu& out, std::string& why)
{
    const std::string file = work() + "/" + name + ".fmu";
    const int rc = cli("export-fmu '" + labPath + "' --output '" + file + "' --fmi " + std::to_string(fmi) + " --quiet " + options);
    if (rc != 0) {
        why = "export-fmu exit " + std::to_string(rc) + ": " + readFile(work() + "/cli.err");
        return false;
    }
    out.fmi = fmi;
    if (!unpack(file, work() + "/" + name, fmi, out.u)) {
        why = "unzip failed or no modelDescription.xml";
        return false;
    }
    out.vars = variables(out.u.xml, fmi);
    out.lib = dlopen(out.u.binary.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!out.lib) {
        why = std::string("dlopen: ") + dlerror();
        return false;
    }
    return true;
}

/// a fresh instance of `fmu` in Step Mode (after initialization); nullptr with a failed check
inline std::unique_ptr<Driver> started(const Fmu& fmu, const std::string& name)
{
    auto d = makeDriver(fmu.lib, fmu.fmi);
    if (!d->instantiate(name, fmu.u.token, fmu.u.resources)) return nullptr;
    if (d->enterInit(0.0, false, 0.0) != 0 || d->exitInit() != 0) return nullptr;
    return d;
}

/// the report's value of output `name` (`SUBJECT.NAME`) at boundary `b`
inline double reported(const json& b, const std::string& name)
{
    const auto dot = name.find('.');
    const std::string subject = name.substr(0, dot), key = name.substr(dot + 1);
    for (const char* group : {"nodes", "components", "signals"})
        if (b.contains(group) && b[group].contains(subject)) return b[group][subject][key].get<double>();
    return std::nan("");
}

/// the outputs' value references
inline std::vector<unsigned> outputVrs(const Fmu& fmu)
{
    std::vector<unsigned> vr;
    for (const auto& v : fmu.vars)
        if (v.causality == "output") vr.push_back(v.vr);
    return vr;
}

/// same bits (so -0.0 differs from 0.0 and NaN equals itself)
inline bool sameBits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

/// compare the outputs now with boundary `b`; the number of values that differ (the first named in `first`)
inline int compareBoundary(const Fmu& fmu, Driver& d, const json& b, std::string& first)
{
    const auto vr = outputVrs(fmu);
    std::vector<double> got;
    if (d.get(vr, got) != 0) {
        first = "get failed: " + d.log.all();
        return 1;
    }
    int diff = 0;
    std::size_t k = 0;
    for (const auto& v : fmu.vars) {
        if (v.causality != "output") continue;
        const double want = reported(b, v.name);
        if (!sameBits(got[k], want)) {
            if (diff++ == 0)
                first = v.name + " at tick " + b["tick"].dump() + ": FMU " + drivelab::plain::show(got[k]) + ", CLI " + drivelab::plain::show(want);
        }
        ++k;
    }
    return diff;
}

/// step `d` through every boundary of `rep` from boundary `from` on (the instance at its tick),
/// comparing each; the values that differ in all
inline int runAgainstReport(const Fmu& fmu, Driver& d, const json& rep, std::size_t from, std::string& first)
{
    const double tick = rep["tick_ns"].get<double>() / 1e9;
    const auto& bs = rep["boundaries"];
    int diff = compareBoundary(fmu, d, bs[from], first);
    for (std::size_t k = from + 1; k < bs.size(); ++k) {
        const auto t0 = bs[k - 1]["tick"].get<std::int64_t>(), t1 = bs[k]["tick"].get<std::int64_t>();
        if (d.doStep(static_cast<double>(t0) * tick, static_cast<double>(t1 - t0) * tick) != 0) {
            first = "doStep to tick " + std::to_string(t1) + " failed: " + d.log.all();
            return diff + 1;
        }
        diff += compareBoundary(fmu, d, bs[k], first);
    }
    return diff;
}

} // namespace fmitest
