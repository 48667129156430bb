#include "components/common/fmuhost.h"

#include <atomic>

namespace drivelab {
namespace {

/// the one loader of the process (set at program start, read by every compile)
std::atomic<FmuLoader> g_fmuLoader{nullptr};

} // namespace

const FmuVariable* FmuDescription::find(const std::string& name) const
{
    for (const FmuVariable& v : variables) {
        if (v.name == name) return &v;
    }
    return nullptr;
}

std::unique_ptr<FmuRunner> startFmu(const FmuBinding& b, std::string& error)
{
    const std::string who = "fmu '" + b.component + "' (" + b.file + "): ";
    std::unique_ptr<FmuRunner> r = b.fmu->instantiate(b.component, error);
    if (!r) {
        error = who + error;
        return nullptr;
    }
    if (!r->start(b.startVr.data(), b.startValues.data(), b.startVr.size(), 0.0)) {
        error = who + r->error();
        return nullptr;
    }
    return r;
}

FmuSlot makeFmuSlot(const FmuBinding& b)
{
    FmuSlot s;
    s.binding = &b;
    s.runner = startFmu(b, s.error);
    return s;
}

void saveFmuStates(std::vector<FmuSlot>& slots, std::int64_t tick)
{
    for (FmuSlot& s : slots) {
        // only an instance in step with the run, and only once per tick (a repeated batch start)
        if (!s.runner || s.nextTick != tick || s.savedTick == tick || !s.binding->fmu->description().canGetAndSetState) continue;
        if (s.runner->saveState()) s.savedTick = tick;
    }
}

void rollbackFmuStates(std::vector<FmuSlot>& slots, std::int64_t tick)
{
    for (FmuSlot& s : slots) {
        if (!s.runner || s.nextTick == tick) continue; // not stepped in the batch (or failed: not stepped again)
        if (s.savedTick == tick && s.runner->restoreState()) {
            s.nextTick = tick;
            continue;
        }
        const FmuDescription& d = s.binding->fmu->description();
        const char* flag = d.fmiVersion == 3 ? "canGetAndSetFMUState" : "canGetAndSetFMUstate";
        s.lost = !d.canGetAndSetState ? std::string("the run was rolled back to tick ") + std::to_string(tick) +
                                            " (a paused, cancelled or failed batch), and the FMU does not declare " + flag +
                                            ", so its own state cannot go back with DriveLab's"
                                      : "the run was rolled back to tick " + std::to_string(tick) +
                                            " but the FMU's state could not be set back (" + s.runner->error() + ")";
    }
}

void setFmuLoader(FmuLoader loader) { g_fmuLoader.store(loader); }

FmuLoader fmuLoader() { return g_fmuLoader.load(); }

} // namespace drivelab
