// A fork of a session with an imported FMU (Session's copy: the editor's what-if, studies;
// docs/FMI.md, "Import": "Forks"). An FMU that declares canSerializeFMUState (FMI 3) /
// canSerializeFMUstate (FMI 2) is continued by the fork: its new instance deserializes the
// parent's serialized state (the standard's "restart from a stored FMU state"), so
//
//   parent: run 101 ticks | fork | both run to the end  ==  one uninterrupted run, bit for bit
//
// (the PI test FMU, FMI 3 and 2, step_ticks 1 and 3: tick 101 lies inside a 3-tick communication
// step, so the fork takes over an FMU already stepped past the run). Two forks stepped in turn are
// independent: one with the load changed at the fork equals an uninterrupted run with the same
// change, the other the unchanged run. An FMU without the capability (the torque-source test FMU)
// cannot be continued: the fork's next tick fails saying why, the parent goes on.
#include "fmuimportlab.h"

using namespace fmuimporttest;

namespace {

std::shared_ptr<const Model> piForkLab(int fmi, int n)
{
    return loadedLoadLab("picontroller" + std::to_string(fmi),
                   R"("output": "torque", "speed_input": "speed", "step_ticks": )" + std::to_string(n) +
                       R"(, "start_values": {"target": 100, "kp": 0.5, "ki": 2})");
}

constexpr std::int64_t kForkAt = 101;
constexpr double kOtherLoad = -2.0;

/// what a run ends with: its state hash and the FMU's output
struct RunEnd {
    std::uint64_t hash = 0;
    double output = 0.0;
};

/// a session run to the end in one go, the load set to kOtherLoad at tick kForkAt when `change`
RunEnd uninterrupted(const std::shared_ptr<const Model>& model, bool change)
{
    Session s(model);
    DL_PLAIN_CHECK(s.run(kForkAt).status == BatchStatus::Completed, "reference to the fork's tick");
    if (change) DL_PLAIN_CHECK(s.setInput("load", "torque", kOtherLoad), "the load");
    const BatchResult r = s.run(model->ticks);
    DL_PLAIN_CHECK(r.status == BatchStatus::Completed, "reference: " << r.error.message);
    return {s.stateHash(), observed(s, observableIndex(*model, "src", "output"))};
}

DL_PLAIN_TEST(aForkContinuesAnFmuThatSerializesItsState)
{
    for (int fmi : {3, 2}) {
        for (int n : {1, 3}) {
            auto model = piForkLab(fmi, n);
            DL_PLAIN_REQUIRE(model, fmi);
            const RunEnd ref = uninterrupted(model, false);
            const int out = observableIndex(*model, "src", "output");
            Session parent(model);
            DL_PLAIN_REQUIRE(parent.run(kForkAt).status == BatchStatus::Completed, "to the fork");
            Session fork = parent.fork();
            const BatchResult f = fork.run(model->ticks);
            DL_PLAIN_REQUIRE(f.status == BatchStatus::Completed, "FMI " << fmi << ", N " << n << ": the fork: " << f.error.message);
            const BatchResult p = parent.run(model->ticks);
            DL_PLAIN_REQUIRE(p.status == BatchStatus::Completed, "FMI " << fmi << ", N " << n << ": the parent: " << p.error.message);
            DL_PLAIN_EQUAL(fork.stateHash(), ref.hash);
            DL_PLAIN_EQUAL(parent.stateHash(), ref.hash);
            DL_PLAIN_EQUAL(observed(fork, out), ref.output);
            DL_PLAIN_EQUAL(observed(parent, out), ref.output);
        }
    }
}

DL_PLAIN_TEST(twoForksSteppedInTurnAreIndependent)
{
    for (int fmi : {3, 2}) {
        for (int n : {1, 3}) {
            auto model = piForkLab(fmi, n);
            DL_PLAIN_REQUIRE(model, fmi);
            const RunEnd same = uninterrupted(model, false);
            const RunEnd changed = uninterrupted(model, true);
            DL_PLAIN_REQUIRE(same.hash != changed.hash, "the change must show");
            Session parent(model);
            DL_PLAIN_REQUIRE(parent.run(kForkAt).status == BatchStatus::Completed, "to the fork");
            Session a = parent.fork();
            Session b = parent.fork();
            DL_PLAIN_REQUIRE(b.setInput("load", "torque", kOtherLoad), "the load");
            while (!a.finished() || !b.finished()) { // 7 ticks each in turn: never a communication step's multiple
                DL_PLAIN_REQUIRE(a.run(7).status == BatchStatus::Completed, "FMI " << fmi << ", N " << n << ": a at " << a.tick());
                DL_PLAIN_REQUIRE(b.run(7).status == BatchStatus::Completed, "FMI " << fmi << ", N " << n << ": b at " << b.tick());
            }
            DL_PLAIN_EQUAL(a.stateHash(), same.hash);
            DL_PLAIN_EQUAL(b.stateHash(), changed.hash);
        }
    }
}

DL_PLAIN_TEST(aForkOfAnFmuThatCannotSerializeSaysWhy)
{
    for (int fmi : {3, 2}) {
        auto model = loadedLoadLab("torquesource" + std::to_string(fmi), R"("output": "torque")");
        DL_PLAIN_REQUIRE(model, fmi);
        Session parent(model);
        DL_PLAIN_REQUIRE(parent.run(10).status == BatchStatus::Completed, "to the fork");
        // a fork at t = 0 needs nothing of the parent's instance
        Session atStart(model);
        Session early = atStart.fork();
        DL_PLAIN_CHECK(early.run(10).status == BatchStatus::Completed, "a fork at t = 0");
        Session fork = parent.fork();
        const BatchResult b = fork.run(1);
        DL_PLAIN_CHECK(b.status == BatchStatus::Failed, "a fork must not continue a fresh instance");
        DL_PLAIN_EQUAL(b.error.subject, std::string("src"));
        const std::string& why = b.error.message;
        DL_PLAIN_CHECK(why.find("torquesource" + std::to_string(fmi) + ".fmu") != std::string::npos &&
                           why.find("forked at tick 10") != std::string::npos &&
                           why.find(fmi == 3 ? "canSerializeFMUState" : "canSerializeFMUstate") != std::string::npos,
                       why);
        // the parent goes on
        DL_PLAIN_CHECK(parent.run(10).status == BatchStatus::Completed, "the parent continues");
    }
}

// a restored state of another tick cannot continue the FMU (its state lives outside DriveLab's)
DL_PLAIN_TEST(aRestoredStateOfAnotherTickSaysWhy)
{
    auto model = piForkLab(3, 1);
    DL_PLAIN_REQUIRE(model, "pi");
    Session s(model);
    DL_PLAIN_REQUIRE(s.run(50).status == BatchStatus::Completed, "to 50");
    const State at50 = s.state();
    DL_PLAIN_REQUIRE(s.run(50).status == BatchStatus::Completed, "to 100");
    s.restore(at50);
    const BatchResult b = s.run(1);
    DL_PLAIN_CHECK(b.status == BatchStatus::Failed, "a restored state must not continue the instance");
    DL_PLAIN_CHECK(b.error.message.find("a restored state cannot continue it") != std::string::npos, b.error.message);
}

} // namespace
