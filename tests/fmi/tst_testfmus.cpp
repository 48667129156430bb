// The test FMUs of tests/fmi/testfmus (C sources the project writes, packed as deflated zips by
// CMake) run through the FMI C API only (fmiimporter.h: unzip, dlopen, dlsym), FMI 3.0 and 2.0:
// they are what the import side loads, so their own behaviour is pinned here first.
//
//   torquesource: torque(t) = torque_initial + torque_rate t at every communication point
//   picontroller: over a step with the speed w held: e = target - w, I += h e, torque = kp e + ki I
//   faulty:       torque = -0.1 w until the step ending after fail_time: fmi3Error (failure = 1)
//                 with a logged message, or a NaN torque (failure = 2)
#include <cmath>

#include "core/plain/check.h"
#include "fmidriver.h"

using namespace fmitest;

namespace {

/// an unpacked test FMU with its library and one instantiated, initialized instance
struct TestFmu {
    Unpacked u;
    void* lib = nullptr;
    std::unique_ptr<Driver> d;
    ~TestFmu()
    {
        d.reset();
        if (lib) dlclose(lib);
    }
};

/// unpack BUILD/tests/fmus/ID.fmu, load it, instantiate; parameters set before initialization
bool open(TestFmu& f, const std::string& id, int fmi, const std::vector<unsigned>& vr = {}, const std::vector<double>& v = {})
{
    const std::string fmu = std::string(DRIVELAB_TEST_FMUS) + "/" + id + ".fmu";
    if (!unpack(fmu, std::string(DRIVELAB_FMI_WORK) + "/testfmu-" + id, fmi, f.u)) return false;
    f.lib = dlopen(f.u.binary.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!f.lib) return false;
    f.d = makeDriver(f.lib, fmi);
    if (!f.d->instantiate("test", f.u.token, "file://" + f.u.resources)) return false;
    if (!vr.empty() && f.d->set(vr, v) != 0) return false;
    return f.d->enterInit(0.0, false, 0.0) == 0 && f.d->exitInit() == 0;
}

double get1(TestFmu& f, unsigned vr)
{
    std::vector<double> out;
    DL_PLAIN_CHECK(f.d->get({vr}, out) == 0, "get vr " << vr);
    return out.empty() ? NAN : out[0];
}

DL_PLAIN_TEST(torqueSourceRamp)
{
    for (int fmi : {3, 2}) {
        TestFmu f;
        DL_PLAIN_REQUIRE(open(f, "torquesource" + std::to_string(fmi), fmi, {1, 2}, {3.0, 0.5}), "fmi " << fmi);
        // the description names the variables the import maps
        const auto vars = variables(f.u.xml, fmi);
        DL_PLAIN_REQUIRE(vars.size() == 3, fmi);
        DL_PLAIN_EQUAL(vars[0].name, std::string("torque"));
        DL_PLAIN_EQUAL(vars[0].causality, std::string("output"));
        DL_PLAIN_EQUAL(get1(f, 0), 3.0);
        const double h = 1e-3;
        for (int n = 0; n < 100; ++n) {
            DL_PLAIN_REQUIRE(f.d->doStep(n * h, h) == 0, n);
            DL_PLAIN_EQUAL(get1(f, 0), 3.0 + 0.5 * ((n * h) + h));
        }
    }
}

DL_PLAIN_TEST(piControllerLaw)
{
    for (int fmi : {3, 2}) {
        TestFmu f;
        DL_PLAIN_REQUIRE(open(f, "picontroller" + std::to_string(fmi), fmi), "fmi " << fmi);
        // start values: target 100, kp 0.5, ki 2; speed 0 -> torque kp target at t = 0
        DL_PLAIN_EQUAL(get1(f, 1), 0.5 * 100.0);
        double integral = 0.0;
        const double h = 0.01;
        for (int n = 0; n < 50; ++n) {
            const double w = 2.0 * n;
            DL_PLAIN_REQUIRE(f.d->set({0}, {w}) == 0, n);
            DL_PLAIN_REQUIRE(f.d->doStep(n * h, h) == 0, n);
            const double e = 100.0 - w;
            integral += h * e;
            DL_PLAIN_EQUAL(get1(f, 1), 0.5 * e + 2.0 * integral);
            DL_PLAIN_EQUAL(get1(f, 5), integral);
        }
    }
}

DL_PLAIN_TEST(faultyErrorAndNaN)
{
    // failure = 1: the step ending after fail_time = 0.05 s returns fmi3Error and logs why
    {
        TestFmu f;
        DL_PLAIN_REQUIRE(open(f, "faulty3", 3, {2, 3}, {0.05, 1.0}), "error");
        int status = 0, n = 0;
        for (; n < 10 && status == 0; ++n) status = f.d->doStep(n * 0.01, 0.01);
        DL_PLAIN_EQUAL(status, 3);
        DL_PLAIN_EQUAL(n, 6);
        DL_PLAIN_CHECK(f.d->log.all().find("fails on purpose") != std::string::npos, f.d->log.all());
    }
    // failure = 2: the same step gives a NaN torque with an OK status
    {
        TestFmu f;
        DL_PLAIN_REQUIRE(open(f, "faulty3", 3, {2, 3}, {0.05, 2.0}), "nan");
        DL_PLAIN_REQUIRE(f.d->set({0}, {10.0}) == 0, "speed");
        for (int n = 0; n < 5; ++n) {
            DL_PLAIN_REQUIRE(f.d->doStep(n * 0.01, 0.01) == 0, n);
            DL_PLAIN_EQUAL(get1(f, 1), -1.0);
        }
        DL_PLAIN_REQUIRE(f.d->doStep(0.05, 0.01) == 0, "nan step");
        DL_PLAIN_CHECK(std::isnan(get1(f, 1)), "torque is NaN");
    }
}

} // namespace

DL_PLAIN_MAIN()
