#include "stepcheckpoint.h"

#include "fmuvariables.h"

namespace drivelab::fmi {

StepCheckpoint::StepCheckpoint() { m_inputs.reserve(kInputs); }

void StepCheckpoint::take(const Session& s)
{
    copyState(s.state(), m_state);
    m_inputs.clear();
}

void StepCheckpoint::inputSet(const Session& s, const FmuVariable& v, double value)
{
    if (m_inputs.size() == kInputs) {
        take(s); // the copy holds every input so far (this one too)
        return;
    }
    m_inputs.push_back({s.tick(), &v, value});
}

bool StepCheckpoint::ranAgainFailed(const Session& s, std::string& why) const
{
    const SolverError& e = s.lastError();
    why = "running again from tick " + std::to_string(m_state.tick) + " failed at tick " + std::to_string(e.tick) + ": " + e.message;
    return false;
}

bool StepCheckpoint::rollback(Session& s, std::int64_t tick, std::string& why) const
{
    s.restore(m_state);
    for (const Input& in : m_inputs) {
        const StepResult r = s.runUnsaved(in.tick - s.tick());
        if (r.status != BatchStatus::Completed || s.tick() != in.tick) return ranAgainFailed(s, why);
        s.setInput(in.var->component, in.var->input, in.value);
    }
    const StepResult r = s.runUnsaved(tick - s.tick());
    if (r.status != BatchStatus::Completed || s.tick() != tick) return ranAgainFailed(s, why);
    return true;
}

} // namespace drivelab::fmi
