// A batch that rolls back (the editor's pause or cancel, a failed tick: Session::run restores the
// state from before the batch) takes an imported FMU back with it through get/set FMU state
// (docs/FMI.md, "Import": "Rollback"):
//   run 100 ticks | batch of 300 cancelled after tick 250 -> back at tick 100 | run to the end
// repeats the uninterrupted run bit for bit (the PI test FMU declares canGetAndSetFMUState, FMI 3
// and 2; step_ticks 1 and 3, so the rollback also lands inside a communication step). An FMU
// without the capability (the torque-source test FMU) cannot go back: the next tick fails saying
// why and what to do, never running a wrong instance.
#include <atomic>

#include "fmuimportlab.h"

using namespace fmuimporttest;

namespace {

/// run to tick `from`, then a batch of `length` cancelled after tick `cancelAt`: its status
BatchStatus cancelledBatch(Session& s, std::int64_t from, std::int64_t length, std::int64_t cancelAt)
{
    DL_PLAIN_CHECK(s.run(from - s.tick()).status == BatchStatus::Completed, "before the batch");
    std::atomic<bool> cancel{false};
    const BatchResult b = s.run(length, &cancel, [&](const Session& at) {
        if (at.tick() == cancelAt) cancel.store(true);
    });
    return b.status;
}

DL_PLAIN_TEST(aCancelledBatchTakesAnFmuWithStateBack)
{
    for (int fmi : {3, 2}) {
        for (int n : {1, 3}) {
            auto model = loadedLoadLab("picontroller" + std::to_string(fmi),
                                     R"("output": "torque", "speed_input": "speed", "step_ticks": )" + std::to_string(n) +
                                         R"(, "start_values": {"target": 100, "kp": 0.5, "ki": 2})");
            DL_PLAIN_REQUIRE(model, fmi);
            Session ref(model);
            DL_PLAIN_REQUIRE(ref.run(model->ticks).status == BatchStatus::Completed, "reference");
            const int out = observableIndex(*model, "src", "output");
            Session s(model);
            DL_PLAIN_REQUIRE(cancelledBatch(s, 100, 300, 250) == BatchStatus::Cancelled, "the batch is cancelled");
            DL_PLAIN_EQUAL(s.tick(), std::int64_t(100));
            // a second rollback from the same tick (a pause right after resuming)
            DL_PLAIN_REQUIRE(cancelledBatch(s, 100, 50, 101) == BatchStatus::Cancelled, "again");
            const BatchResult rest = s.run(model->ticks);
            DL_PLAIN_REQUIRE(rest.status == BatchStatus::Completed, "FMI " << fmi << ", N " << n << ": " << rest.error.message);
            DL_PLAIN_EQUAL(s.stateHash(), ref.stateHash());
            DL_PLAIN_EQUAL(observed(s, out), observed(ref, out));
        }
    }
}

DL_PLAIN_TEST(anFmuWithoutStateCannotFollowARollbackAndSaysWhy)
{
    for (int fmi : {3, 2}) {
        auto model = loadedLoadLab("torquesource" + std::to_string(fmi), R"("output": "torque")");
        DL_PLAIN_REQUIRE(model, fmi);
        Session s(model);
        DL_PLAIN_REQUIRE(cancelledBatch(s, 10, 20, 15) == BatchStatus::Cancelled, "the batch is cancelled");
        const BatchResult b = s.run(1);
        DL_PLAIN_CHECK(b.status == BatchStatus::Failed, "an FMU without get/set state must not continue after a rollback");
        const std::string& why = b.error.message;
        DL_PLAIN_CHECK(why.find("torquesource" + std::to_string(fmi) + ".fmu") != std::string::npos &&
                           why.find(fmi == 3 ? "canGetAndSetFMUState" : "canGetAndSetFMUstate") != std::string::npos &&
                           why.find("rolled back to tick 10") != std::string::npos && why.find("reset and run from t = 0") != std::string::npos,
                       why);
        // a reset starts it afresh
        s.reset();
        DL_PLAIN_CHECK(s.run(model->ticks).status == BatchStatus::Completed, "after a reset");
    }
}

} // namespace
