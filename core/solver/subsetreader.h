#pragma once
// A few observables of one session, read after every tick (a study's every-tick metrics,
// study/metrics.h): the observables asked for only, each bound once to where it lives.
//
// A node's observable and a component observable its type describes (the `sources` hook,
// components/hooks.h: the clutch's locked and slip_speed) become a pointer to the state element
// (a value as it is: a caller may read it there, source()), or a term a - b * sign with a and b
// pointers into the session's state or the model (sign -1 for a sum: exactly a + b), or a flag as
// a number: loads and stores, no call, no context built per read. A component without sources writes all of its observables through its
// observe (ComponentInfo::observe, with the context bound once); signals read the session's
// time. tst_tickhook compares every single observable and the whole layout with
// Session::observe, bit for bit, on every shipped lab.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "solver/session.h"

namespace drivelab {

class SubsetReader {
public:
    /// the observables of `s` at these observableLayout() indices (any other index is ignored).
    /// Bound to s: valid while s lives (its batches, restore and reset copy states into the same
    /// storage; a fork has its own)
    SubsetReader(const Session& s, const std::vector<int>& indices);

    /// those observables now: out[i] for every index; of the rest of out only the other
    /// observables of a component without sources are written (it writes all of its own)
    void read(double* out) const
    {
        for (const Plain& r : m_plain) out[r.at] = *r.a;
        readComputed(out);
    }
    /// the same but for the observables that are one state element as they are (a node's speed or
    /// pressure, a component's mean): those are read where source() points
    void readComputed(double* out) const
    {
        for (const Term& r : m_terms) out[r.at] = *r.a - *r.b * r.sign;
        for (const Flag& f : m_flags) out[f.at] = static_cast<double>(*f.p);
        for (const Whole& w : m_wholes) w.observe(*m_model, w.local, m_context, out + w.at);
        if (!m_signals.empty()) readSignals(out);
    }
    /// where observable `index` (one of the reader's) is after readComputed(out): the state
    /// element itself for one read as it is, else out + index
    const double* source(int index, double* out) const;

private:
    struct Plain { ///< out[at] = *a
        const double* a = nullptr;
        std::size_t at = 0;
    };
    struct Term { ///< out[at] = *a - *b * sign
        const double* a = nullptr;
        const double* b = nullptr;
        double sign = 1.0;
        std::size_t at = 0;
    };
    struct Flag { ///< out[at] = *p
        const std::int32_t* p = nullptr;
        std::size_t at = 0;
    };
    struct Whole { ///< a component's observe: out[at ...]
        void (*observe)(const Model&, int local, const ObserveContext&, double* out) = nullptr;
        int local = 0;
        std::size_t at = 0;
    };
    struct Signal { ///< out[at] = the model's time signal `index` at the session's time
        std::size_t index = 0, at = 0;
    };
    /// the wanted observables of component `c` (its first at `at`) from its type's sources;
    /// false when it has none (or one that cannot be bound), nothing added then
    bool bindSources(const ComponentInfo& c, const std::vector<bool>& wanted, std::size_t at);
    void add(const Term& t); ///< as a plain read when it is one
    void readSignals(double* out) const;

    const Session* m_session = nullptr;
    const Model* m_model = nullptr;
    ObserveContext m_context;
    std::vector<Plain> m_plain;
    std::vector<Term> m_terms;
    std::vector<Flag> m_flags;
    std::vector<Whole> m_wholes;
    std::vector<Signal> m_signals;
};

} // namespace drivelab
