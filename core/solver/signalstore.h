#pragma once
// The last value each time signal gave a bound input, kept in the workspace: the controllers'
// sampling takes every bound input over the whole tick before the tick's first interval takes
// them again over the same [ta, tb] (a tick solved as one interval), and two inputs bound to one
// signal ask for the same value; each is computed once. A value is handed out only for the
// interval it was computed for (the same ta and tb, bit for bit), so a split tick's intervals and
// a breakaway's trial intervals each get their own. Signals are pure functions of time
// (signals/signal.h), so the store needs no reset: a rolled-back tick finds values that still
// hold. Controller-driven inputs are not stored (their source is read each time: a sampler may
// have changed it since).
#include <bit>
#include <cmath>
#include <cstdint>

#include "signals/signal.h"

namespace drivelab {

/// one signal's last mean and last end value, with the interval each was taken over
struct SignalStore {
    double meanTa = NAN, meanTb = NAN; ///< the interval of `mean` (NaN: none yet)
    double mean = 0.0;                 ///< SignalModel::mean(meanTa, meanTb)
    double endTb = NAN;                ///< the instant of `end` (NaN: none yet)
    double end = 0.0;                  ///< SignalModel::value(endTb)
};

/// the same instant: the same bits (a NaN key never matches)
inline bool sameInstant(double a, double b) { return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b) && a == a; }

/// g's value for a bound input over [ta, tb]: its value at tb (atEnd) or its exact mean, from the
/// store when it was last taken over the same interval, else computed and stored
inline double storedSignal(const SignalModel& g, SignalStore& st, bool atEnd, double ta, double tb)
{
    if (atEnd) {
        if (!sameInstant(st.endTb, tb)) {
            st.end = g.value(tb);
            st.endTb = tb;
        }
        return st.end;
    }
    if (!sameInstant(st.meanTa, ta) || !sameInstant(st.meanTb, tb)) {
        st.mean = g.mean(ta, tb);
        st.meanTa = ta;
        st.meanTb = tb;
    }
    return st.mean;
}

} // namespace drivelab
