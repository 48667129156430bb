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
            const std::size_t g = static_cast<std::size_t>(b.signal);
            // once per interval and signal; a sampler with its own period takes the mean over its window
            raw = storedSignal(m.timeSignals[g], w.signalStore[g], b.atEnd, ta, b.window > 0.0 ? ta + b.window : tb);
        } else {
            raw = s.real[static_cast<std::size_t>(b.source)]; // a controller's output, held over the tick
        }
        s.real[static_cast<std::size_t>(b.slot)] = b.value(raw);
    }
    if (m.bindingsHoldStates) applyInputs(m, s, w);
}

bool sampleControllers(const Model& m, State& s, Workspace& w, double tickStartNs, SolverError& err)
{
    applyBindings(m, s, w, m.h, tickStartNs);
    SampleContext c{s.x.data(), s.real.data(), s.flag.data(), m.h, s.tick, w.fmus.data()};
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (HasSample<T>) {
            for (const auto& p : m.params->of<T>()) T::sample(p, c);
        }
    });
    // models outside the state (imported FMUs) step after the samplers; the first failure fails the tick
    bool ok = true;
    forEachComponentType([&]<class T, std::size_t I>() {
        if constexpr (HasStepExternal<T>) {
            const auto& list = m.params->of<T>();
            for (std::size_t k = 0; k < list.size() && ok; ++k) {
                std::string why;
                if (T::stepExternal(list[k], c, why)) continue;
                ok = false;
                err.tick = s.tick;
                err.time = tickStartNs / 1e9;
                for (const ComponentInfo& ci : m.components)
                    if (ci.type == static_cast<int>(I) && ci.local == static_cast<int>(k)) err.subject = ci.id;
                err.message = why;
            }
        }
    });
    return ok;
}

} // namespace drivelab
