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

bool StepCheckpoint::rollback(Session& s, std::int64_t tick, std::string& why) const
{
    s.restore(m_state);
    for (const Input& in : m_inputs) {
        const BatchResult r = s.runUnsaved(in.tick - s.tick());
        if (r.status != BatchStatus::Completed || s.tick() != in.tick) {
            why = "running again from tick " + std::to_string(m_state.tick) + " failed at tick " + std::to_string(r.error.tick) + ": " + r.error.message;
            return false;
        }
        s.setInput(in.var->component, in.var->input, in.value);
    }
    const BatchResult r = s.runUnsaved(tick - s.tick());
    if (r.status != BatchStatus::Completed || s.tick() != tick) {
        why = "running again from tick " + std::to_string(m_state.tick) + " failed at tick " + std::to_string(r.error.tick) + ": " + r.error.message;
        return false;
    }
    return true;
}

} // namespace drivelab::fmi
