// What an exported FMU's get reads (docs/FMI.md, "Cost"; fmi/valuetable.h): a get of the list of the
// last get takes a plan resolved for that list, and a get of every output in value-reference order
// of a default export computes the outputs straight into the importer's array. Whatever path a get
// takes, it reads exactly the value references the importer passes now: the plan is found by the
// list's contents, not by where the list lives, so an importer that rewrites its array between gets
// (same pointer, other references) gets the other references' values.
#include <algorithm>

#include "fmitestlab.h"

using namespace fmitest;

namespace {

// `list` (the importer rewrites it in place: the same data pointer) read once; values by reference
int readInPlace(Driver& d, std::vector<unsigned>& list, const std::vector<unsigned>& refs, std::vector<double>& out)
{
    std::copy(refs.begin(), refs.end(), list.begin());
    return d.get(list, out);
}

} // namespace

// clutch-engagement exported with every output, stepped one tick at a time to the first report
// boundary: at every tick the whole list in value-reference order (the layout path), the same
// references reversed and a short list with the time, each written into one array the importer
// reuses, give the same bits per reference; at the boundary every output is the CLI's
DL_PLAIN_TEST(aGetReadsTheReferencesItIsGivenWhateverThePath)
{
    const json& rep = report(lab("clutch-engagement"));
    DL_PLAIN_REQUIRE(!rep.is_null(), "CLI run");
    const double tick = rep["tick_ns"].get<double>() / 1e9;
    const auto boundary = rep["boundaries"][1]["tick"].get<std::int64_t>();
    for (int fmi : {3, 2}) {
        Fmu fmu;
        std::string why;
        DL_PLAIN_REQUIRE(exportFmu(lab("clutch-engagement"), fmi, "reads" + std::to_string(fmi), "", fmu, why), why);
        auto d = started(fmu, "reads");
        DL_PLAIN_REQUIRE(d != nullptr, "start");
        const std::vector<unsigned> all = outputVrs(fmu);
        DL_PLAIN_REQUIRE(all.size() > 3, "outputs");
        std::vector<unsigned> reversed(all.rbegin(), all.rend());
        const std::vector<unsigned> withTime = {all[2], 0u, all[0]};
        std::vector<unsigned> list(all.size()); // one array, rewritten in place before every get
        std::vector<unsigned> shortList(withTime.size());
        int differ = 0;
        std::string first;
        for (std::int64_t k = 0; k <= boundary; ++k) {
            if (k > 0) DL_PLAIN_REQUIRE(d->doStep(static_cast<double>(k - 1) * tick, tick) == 0, d->log.all());
            std::vector<double> a, b, c, again;
            DL_PLAIN_REQUIRE(readInPlace(*d, list, all, a) == 0, d->log.all());
            DL_PLAIN_REQUIRE(readInPlace(*d, list, reversed, b) == 0, d->log.all());
            DL_PLAIN_REQUIRE(readInPlace(*d, shortList, withTime, c) == 0, d->log.all());
            DL_PLAIN_REQUIRE(readInPlace(*d, list, all, again) == 0, d->log.all());
            for (std::size_t i = 0; i < all.size(); ++i) {
                if (!sameBits(a[i], b[all.size() - 1 - i]) || !sameBits(a[i], again[i])) {
                    if (differ++ == 0) first = "vr " + std::to_string(all[i]) + " at tick " + std::to_string(k);
                }
            }
            if (!sameBits(c[0], a[2]) || !sameBits(c[2], a[0]) || !sameBits(c[1], static_cast<double>(k * rep["tick_ns"].get<std::int64_t>()) / 1e9)) {
                if (differ++ == 0) first = "the short list at tick " + std::to_string(k);
            }
        }
        DL_PLAIN_CHECK(differ == 0, "FMI " << fmi << ": " << differ << " reads differ; first: " << first);
        std::string cli;
        DL_PLAIN_CHECK(compareBoundary(fmu, *d, rep["boundaries"][1], cli) == 0, "FMI " << fmi << ": " << cli);
        // an unknown reference in a list of the planned length is refused, and the next get reads again
        std::vector<unsigned> bad = all;
        bad[1] = 100000;
        std::vector<double> v;
        DL_PLAIN_CHECK(d->get(bad, v) != 0, "FMI " << fmi << ": an unknown value reference is refused");
        DL_PLAIN_CHECK(d->log.all().find("no variable with value reference 100000") != std::string::npos, d->log.all());
        DL_PLAIN_CHECK(compareBoundary(fmu, *d, rep["boundaries"][1], cli) == 0, "FMI " << fmi << " after the refusal: " << cli);
        d.reset();
        dlclose(fmu.lib);
    }
}

// an export with a few outputs in another order than the report's (a component's observe, a
// difference, a node's speed, a flag, a node's angle): the plan path (no layout) reads the CLI's
// bits at the first three boundaries, every output read every tick in between
DL_PLAIN_TEST(aChosenOutputListReadsTheCliBits)
{
    const json& rep = report(lab("clutch-engagement"));
    DL_PLAIN_REQUIRE(!rep.is_null(), "CLI run");
    Fmu fmu;
    std::string why;
    DL_PLAIN_REQUIRE(exportFmu(lab("clutch-engagement"), 3, "readsome",
                               "--output-var driveshaft.deflection --output-var clutch.slip_speed --output-var vehicle.speed "
                               "--output-var clutch.locked --output-var engine.angle --output-var engine_torque.power",
                               fmu, why),
                     why);
    auto d = started(fmu, "readsome");
    DL_PLAIN_REQUIRE(d != nullptr, "start");
    const double tick = rep["tick_ns"].get<double>() / 1e9;
    const auto& bs = rep["boundaries"];
    int differ = 0;
    std::string first;
    differ += compareBoundary(fmu, *d, bs[0], first);
    for (std::size_t k = 1; k < bs.size() && k <= 3; ++k) {
        const auto t0 = bs[k - 1]["tick"].get<std::int64_t>(), t1 = bs[k]["tick"].get<std::int64_t>();
        for (std::int64_t t = t0; t < t1; ++t) {
            DL_PLAIN_REQUIRE(d->doStep(static_cast<double>(t) * tick, tick) == 0, d->log.all());
            std::vector<double> v;
            DL_PLAIN_REQUIRE(d->get(outputVrs(fmu), v) == 0, d->log.all());
        }
        differ += compareBoundary(fmu, *d, bs[k], first);
    }
    DL_PLAIN_CHECK(differ == 0, differ << " values differ; first: " << first);
    d.reset();
    dlclose(fmu.lib);
}
