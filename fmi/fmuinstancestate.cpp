// FmuInstance: the FMU state (get, set, free, serialize). A saved state is a copy of the Session's
// State and of the variables' values; setting it is Session::restore, exact to the bit (the same
// rollback the editor's forks use).
#include <algorithm>
#include <cstring>

#include "fmuinstance.h"
#include "fmustate.h"

namespace drivelab::fmi {

SavedState* FmuInstance::ownState(const char* function, void* state)
{
    auto* s = static_cast<SavedState*>(state);
    if (!s || std::find(m_states.begin(), m_states.end(), s) == m_states.end()) {
        fail(function, "not an FMU state of this instance (or one already freed)");
        return nullptr;
    }
    return s;
}

Status FmuInstance::getState(const char* function, void** state)
{
    if (!allowed(function, {Mode::Initialization, Mode::Step, Mode::Terminated})) return Status::Error;
    if (!state) return fail(function, "a null FMUState pointer");
    if (m_rebuild) {
        const Status s = ensureSession(function);
        if (s != Status::OK) return s;
    }
    // an existing state of this instance is overwritten, as the standard allows
    SavedState* s = *state ? ownState(function, *state) : nullptr;
    if (*state && !s) return Status::Error;
    if (!s) {
        s = new SavedState;
        m_states.push_back(s);
    }
    s->owner = this;
    s->fingerprint = m_session->model().fingerprint;
    s->state = m_session->state();
    s->values = m_values;
    *state = s;
    return Status::OK;
}

Status FmuInstance::setState(const char* function, void* state)
{
    if (!allowed(function, {Mode::Initialization, Mode::Step, Mode::Terminated, Mode::Error})) return Status::Error;
    SavedState* s = ownState(function, state);
    if (!s) return Status::Error;
    if (m_rebuild || !m_session) return fail(function, "a parameter changed since the state was saved: the model is another one");
    if (s->fingerprint != m_session->model().fingerprint)
        return fail(function, "the state belongs to another model (the parameters differ from when it was saved)");
    m_session->restore(s->state);
    m_checkpoint.take(*m_session);
    std::copy(s->values.begin(), s->values.end(), m_values.begin()); // in place: the value table points into it
    m_table.stale();
    if (m_mode == Mode::Error) m_mode = Mode::Step;
    return Status::OK;
}

Status FmuInstance::freeState(const char* function, void** state)
{
    if (!state) return fail(function, "a null FMUState pointer");
    if (!*state) return Status::OK; // the standard: freeing a null state does nothing
    SavedState* s = ownState(function, *state);
    if (!s) return Status::Error;
    m_states.erase(std::find(m_states.begin(), m_states.end(), s));
    delete s;
    *state = nullptr;
    return Status::OK;
}

Status FmuInstance::serializedSize(const char* function, void* state, std::size_t* size)
{
    SavedState* s = ownState(function, state);
    if (!s) return Status::Error;
    if (!size) return fail(function, "a null size pointer");
    *size = serializeState(s->fingerprint, s->state, s->values).size();
    return Status::OK;
}

Status FmuInstance::serialize(const char* function, void* state, unsigned char* bytes, std::size_t size)
{
    SavedState* s = ownState(function, state);
    if (!s) return Status::Error;
    const std::vector<unsigned char> b = serializeState(s->fingerprint, s->state, s->values);
    if (!bytes || size != b.size())
        return fail(function, "size " + std::to_string(size) + " is not the serialized size " + std::to_string(b.size()));
    std::memcpy(bytes, b.data(), b.size());
    return Status::OK;
}

Status FmuInstance::deserialize(const char* function, const unsigned char* bytes, std::size_t size, void** state)
{
    if (!allowed(function, {Mode::Instantiated, Mode::Initialization, Mode::Step, Mode::Terminated, Mode::Error})) return Status::Error;
    if (!state) return fail(function, "a null FMUState pointer");
    if (m_rebuild || !m_session) {
        const Status st = ensureSession(function);
        if (st != Status::OK) return st;
    }
    const Model& m = m_session->model();
    auto fresh = std::make_unique<SavedState>();
    std::string why;
    if (!deserializeState(bytes, size, m.fingerprint, m_session->state(), m_values.size(), fresh->state, fresh->values, why))
        return fail(function, why);
    // what the solver indexes with must lie inside the model
    if (fresh->state.tick < 0 || fresh->state.tick > m.ticks || fresh->state.nextEvent < 0 ||
        fresh->state.nextEvent > static_cast<std::int64_t>(m.events.size()))
        return fail(function, "the serialized state's tick or event cursor lies outside the model's run");
    fresh->owner = this;
    fresh->fingerprint = m.fingerprint;
    SavedState* s = *state ? ownState(function, *state) : nullptr;
    if (*state && !s) return Status::Error;
    if (s) {
        *s = std::move(*fresh);
    } else {
        s = fresh.release();
        m_states.push_back(s);
    }
    *state = s;
    return Status::OK;
}

} // namespace drivelab::fmi
