#include "simulation/forkplan.h"

#include <QCoreApplication>

#include "compile/model.h"
#include "solver/state.h"

namespace drivelab {

QString forkIncompatibility(const Model& parent, const Model& fork, const State& s)
{
    const auto tr = [](const char* t) {
        return QCoreApplication::translate("Fork", t);
    };
    // the network, parameters and run settings must be the same: only events may differ
    Json a = parent.normalized, b = fork.normalized;
    a.erase("events");
    b.erase("events");
    if (a != b || parent.nDyn != fork.nDyn || parent.nReal != fork.nReal || parent.nFlag != fork.nFlag || parent.nMean != fork.nMean ||
        parent.nTheta != fork.nTheta || parent.nTherm != fork.nTherm)
        return tr("A fork may change events and input values only; the network or its parameters differ.");
    // the events already applied must be the same ones
    const auto applied = static_cast<std::size_t>(s.nextEvent);
    if (fork.events.size() < applied) return tr("A fork cannot remove an event that already happened.");
    for (std::size_t i = 0; i < applied; ++i) {
        const EventModel& x = parent.events[i];
        const EventModel& y = fork.events[i];
        if (x.tick != y.tick || x.slot != y.slot || x.component != y.component || !(x.value == y.value))
            return tr("A fork cannot change an event that already happened (before the fork time).");
    }
    for (std::size_t i = applied; i < fork.events.size(); ++i) {
        if (fork.events[i].tick < s.tick) return tr("A fork cannot add or move an event before the fork time.");
    }
    return {};
}

} // namespace drivelab
