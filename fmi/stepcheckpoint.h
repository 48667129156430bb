#pragma once
// StepCheckpoint: how an exported FMU's doStep goes back after a solver failure without a copy of
// the state per step (docs/FMI.md, "Cost"). Session::run copies the whole State at every batch's
// start so that a failed or cancelled batch can roll back; an importer that calls doStep every
// tick would pay that copy every tick (the CLI pays it once per report interval). Instead the FMU
// steps with Session::runUnsaved and keeps
//
//   - a copy of the State at most kEvery ticks old (taken before a step when the last one is older),
//   - every input set on the session since that copy, with the tick it was set at,
//
// and a failed step from tick T goes back by restoring the copy and running again to T with the
// same inputs set at the same ticks. A run is deterministic (the same model, state and inputs give
// the same bits; a fork continues exactly, tst_fork), so the state is again exactly the one at T,
// as after Session::run's rollback. Nothing is allocated after take() shaped the copy: the input
// log has a fixed capacity, and when it is full the copy is taken again.
#include <cstdint>
#include <string>
#include <vector>

#include "solver/session.h"

namespace drivelab::fmi {

struct FmuVariable;

class StepCheckpoint {
public:
    /// a copy is taken before a step when the last one is this many ticks old
    static constexpr std::int64_t kEvery = 64;
    /// inputs kept between two copies (more: a copy is taken)
    static constexpr std::size_t kInputs = 64;

    StepCheckpoint();
    /// a copy of `s` now (at a new session, after a restored state; allocates only the first time)
    void take(const Session& s);
    /// before a step from `s`'s tick: a copy when the last one is kEvery ticks old
    void beforeStep(const Session& s)
    {
        const std::int64_t age = s.tick() - m_state.tick;
        if (age >= kEvery || age < 0) take(s);
    }
    /// input `v` was just set to `value` on `s` (Session::setInput)
    void inputSet(const Session& s, const FmuVariable& v, double value);
    /// back to tick `tick` (where a failed step started): the copy restored and run again with the
    /// inputs logged; false with `why` when the run again does not reach it (it cannot, as a run
    /// is deterministic; checked, not assumed)
    bool rollback(Session& s, std::int64_t tick, std::string& why) const;

private:
    /// rollback's failure: `why` from the session's last error; false
    bool ranAgainFailed(const Session& s, std::string& why) const;

    struct Input {
        std::int64_t tick = 0;           ///< the session's tick when it was set
        const FmuVariable* var = nullptr; ///< the variable (its component and input name)
        double value = 0.0;
    };
    State m_state;              // the copy
    std::vector<Input> m_inputs; // inputs set since (capacity kInputs)
};

} // namespace drivelab::fmi
