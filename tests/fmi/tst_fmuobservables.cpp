// An imported FMU's real outputs are observables of its fmu component (docs/FMI.md, "Import":
// "Observables"), also the ones the lab does not map to an input.
//
//   ramp FMU (testfmus/ramp.c) -> torque_source -> inertia J:   [fmu src] --torque--> (motor) --> [J shaft]
//     at every communication point T (the step's end t_k + N h; 0 after initialization), with
//     a = torque_initial, b = torque_rate:
//       torque = a + b T [N m]   impulse = a T + b T^2 / 2 [N m s]   der(impulse) = a + b T [N m]   output = T [s]
//     the lab maps `torque` only; the observables of `src` are
//       output, speed_in (the type's), torque, impulse, der_impulse_, output_2 (the FMU's, named
//       by fmuObservableName: '(' and ')' as '_', `output` taken so `output_2`), each with the FMU's unit;
//     the local `steps` is not one. Every value is the FMU's, bit for bit: the closed form with
//     T computed as the importer computes it (t_k = k h, T = t_k + N h) is the same double.
#include <cmath>
#include <filesystem>
#include <fstream>
#include <iterator>

#include <nlohmann/json.hpp>

#include "cli/alloccount.h"
#include "fmuimportlab.h"
#include "fmuloader.h"

using namespace fmuimporttest;

namespace {

const bool g_fmuObservablesInstalled = (installFmuImport(), true);

constexpr double kA = 2.0, kB = 4.0; // torque_initial [N m], torque_rate [N m/s]

/// the ramp FMU (FMI `fmi`) driving shaftLab's shaft, communication step n ticks of 1 ms, 30 ms
std::string rampLab(int fmi, int n)
{
    return shaftLab(0.5, 0.0,
                    R"("file": ")" + testFmu("ramp" + std::to_string(fmi)) + R"(", "output": "torque", "step_ticks": )" +
                        std::to_string(n) + R"(, "start_values": {"torque_initial": 2, "torque_rate": 4})",
                    false, 1000000, 30000000);
}

/// the observables of `src` in layout order, as "name [unit]"
std::vector<std::string> srcObservables(const Model& m)
{
    std::vector<std::string> out;
    for (const ObservableRef& r : observableLayout(m))
        if (r.subject == "src") out.push_back(r.name + " [" + r.unit + "]");
    return out;
}

void checkRampObservables(int fmi, int n)
{
    std::string diags;
    auto model = compileText(rampLab(fmi, n), diags);
    DL_PLAIN_REQUIRE(model, diags);
    const std::vector<std::string> want = {"output []", "speed_in [rad/s]", "torque [N m]", "impulse [N m s]", "der_impulse_ [N m]", "output_2 [s]"};
    DL_PLAIN_CHECK(srcObservables(*model) == want, "FMI " << fmi << ": observables of src");
    const int torque = observableIndex(*model, "src", "torque"), impulse = observableIndex(*model, "src", "impulse");
    const int rate = observableIndex(*model, "src", "der_impulse_"), time = observableIndex(*model, "src", "output_2");
    const int out = observableIndex(*model, "src", "output");
    DL_PLAIN_REQUIRE(torque >= 0 && impulse >= 0 && rate >= 0 && time >= 0 && out >= 0, "indices");
    Session s(model);
    std::vector<double> v(s.observableCount());
    // after the FMU's initialization at T = 0
    s.observe(v.data());
    DL_PLAIN_EQUAL(v[static_cast<std::size_t>(torque)], kA);
    DL_PLAIN_EQUAL(v[static_cast<std::size_t>(impulse)], 0.0);
    DL_PLAIN_EQUAL(v[static_cast<std::size_t>(time)], 0.0);
    const double h = 1e-3;
    for (int m = 0; m < 30; ++m) {
        const BatchResult b = s.run(1);
        DL_PLAIN_REQUIRE(b.status == BatchStatus::Completed, b.error.subject << ": " << b.error.message);
        s.observe(v.data());
        // the last communication point: the end of the step that began at t_k, k = N floor(m / N)
        const double tk = static_cast<double>(n * (m / n)) * h;
        const double t = tk + static_cast<double>(n) * h;
        DL_PLAIN_EQUAL(v[static_cast<std::size_t>(torque)], kA + kB * t);
        DL_PLAIN_EQUAL(v[static_cast<std::size_t>(impulse)], kA * t + 0.5 * kB * t * t);
        DL_PLAIN_EQUAL(v[static_cast<std::size_t>(rate)], kA + kB * t);
        DL_PLAIN_EQUAL(v[static_cast<std::size_t>(time)], t);
        // the mapped output is the same FMU variable as `torque`
        DL_PLAIN_EQUAL(v[static_cast<std::size_t>(out)], v[static_cast<std::size_t>(torque)]);
    }
}

} // namespace

DL_PLAIN_TEST(everyRealOutputIsAnObservableWithItsUnit)
{
    for (int fmi : {3, 2}) {
        checkRampObservables(fmi, 1);
        checkRampObservables(fmi, 3);
    }
}

DL_PLAIN_TEST(observableNamesFollowTheRule)
{
    DL_PLAIN_EQUAL(fmuObservableName("der(impulse)"), std::string("der_impulse_"));
    DL_PLAIN_EQUAL(fmuObservableName("engine.speed"), std::string("engine_speed"));
    DL_PLAIN_EQUAL(fmuObservableName("x[2]"), std::string("x_2_"));
    DL_PLAIN_EQUAL(fmuObservableName("2nd"), std::string("_2nd"));
    DL_PLAIN_EQUAL(fmuObservableName("Torque_1"), std::string("Torque_1"));
}

// the report of `drivelab-cli run` carries them at every boundary, with the FMU's values
DL_PLAIN_TEST(theReportCarriesTheFmuOutputs)
{
    const std::string work = std::string(DRIVELAB_FMI_WORK) + "/observables";
    std::filesystem::create_directories(work);
    const std::string lab = work + "/ramp.lab.json", report = work + "/ramp.report.json";
    std::ofstream(lab) << rampLab(3, 1);
    const std::string cmd = std::string(DRIVELAB_CLI) + " run '" + lab + "' --output '" + report + "' --quiet";
    DL_PLAIN_REQUIRE(std::system(cmd.c_str()) == 0, cmd);
    std::ifstream in(report);
    const nlohmann::json r = nlohmann::json::parse(in);
    const nlohmann::json& boundaries = r.at("boundaries");
    DL_PLAIN_EQUAL(boundaries.size(), std::size_t(31));
    for (std::size_t i = 0; i < boundaries.size(); ++i) {
        const nlohmann::json& src = boundaries[i].at("components").at("src");
        // boundary i ends tick i - 1, whose step began at (i - 1) h and ended 1 h later
        const double tFmu = i == 0 ? 0.0 : static_cast<double>(i - 1) * 1e-3 + 1e-3;
        DL_PLAIN_CHECK(src.contains("impulse") && src.contains("der_impulse_") && src.contains("output_2") && !src.contains("steps"),
                       src.dump());
        DL_PLAIN_EQUAL(src.at("impulse").get<double>(), kA * tFmu + 0.5 * kB * tFmu * tFmu);
        DL_PLAIN_EQUAL(src.at("output_2").get<double>(), tFmu);
    }
}

// reading them allocates nothing per tick (the values go from the FMU into state slots), and a
// session observes them without allocating
DL_PLAIN_TEST(fmuOutputsAreReadWithoutAllocating)
{
    for (int fmi : {3, 2}) {
        std::string diags;
        auto model = compileText(rampLab(fmi, 1), diags);
        DL_PLAIN_REQUIRE(model, diags);
        Session s(model);
        std::vector<double> v(s.observableCount());
        DL_PLAIN_REQUIRE(s.run(1).status == BatchStatus::Completed, fmi);
        const std::uint64_t before = allocationCount();
        for (int m = 0; m < 20; ++m) {
            DL_PLAIN_REQUIRE(s.run(1).status == BatchStatus::Completed, fmi);
            s.observe(v.data());
        }
        DL_PLAIN_EQUAL(allocationCount() - before, std::uint64_t(0));
    }
}
