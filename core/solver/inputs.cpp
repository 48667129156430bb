// Inputs driven by signals and controllers, written before each interval solve and at each
// tick start (declared in solver/stepper.h).
#include "solver/stepper.h"
#include "components/registry.h"

namespace drivelab {

void applyBindings(const Model& m, State& s, Workspace& w, double hSec, double tStartNs)
{
    const double ta = tStartNs * 1e-9;
    const double tb = ta + hSec;
    for (const InputBinding& b : m.bindings) {
        if (!s.flag[static_cast<std::size_t>(b.flag)]) continue; // an event ended it
        double raw;
        if (b.signal >= 0) {
            const SignalModel& g = m.timeSignals[static_cast<std::size_t>(b.signal)];
            raw = b.atEnd ? g.value(tb) : g.mean(ta, tb);
        } else {
            raw = s.real[static_cast<std::size_t>(b.source)]; // a controller's output, held over the tick
        }
        s.real[static_cast<std::size_t>(b.slot)] = b.value(raw);
    }
    if (m.bindingsHoldStates) applyInputs(m, s, w);
}

void sampleControllers(const Model& m, State& s, Workspace& w, double tickStartNs)
{
    applyBindings(m, s, w, m.h, tickStartNs);
    SampleContext c{s.x.data(), s.real.data(), s.flag.data(), m.h};
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (HasSample<T>) {
            for (const auto& p : m.params->of<T>()) T::sample(p, c);
        }
    });
}

} // namespace drivelab
