#include "components/common/fmuhost.h"

#include <algorithm>
#include <atomic>

#include "compile/model.h"

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

std::string fmuObservableName(const std::string& variable)
{
    std::string s = variable;
    for (char& ch : s) {
        const bool keep = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9') || ch == '_';
        if (!keep) ch = '_';
    }
    if (s.empty() || (s[0] >= '0' && s[0] <= '9')) s.insert(s.begin(), '_');
    return s;
}

std::shared_ptr<InstanceObservables> fmuObservables(std::span<const ObservableDescriptor> fixed, const FmuDescription& d, FmuBinding& b)
{
    auto out = std::make_shared<InstanceObservables>();
    std::vector<std::string> taken;
    for (const ObservableDescriptor& o : fixed) {
        out->list.push_back(o);
        taken.emplace_back(o.name);
    }
    for (const FmuVariable& v : d.variables) {
        if (v.causality != "output" || !v.isReal()) continue;
        // its name as an observable, the first free one
        const std::string base = fmuObservableName(v.name);
        std::string name = base;
        for (int n = 2; std::find(taken.begin(), taken.end(), name) != taken.end(); ++n) name = base + "_" + std::to_string(n);
        taken.push_back(name);
        ObservableDescriptor o{.name = out->keep(name), .unit = out->keep(v.unit)};
        o.doc = out->keep("FMU output '" + v.name + "'" + (v.description.empty() ? std::string() : ": " + v.description) +
                          " (at the FMU's last communication point)");
        out->list.push_back(o);
        b.observed.push_back(v.name);
        b.observedVr.push_back(v.vr);
    }
    return out;
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

void forkFmuStates(std::vector<FmuSlot>& parent, std::vector<FmuSlot>& child, std::int64_t tick)
{
    for (std::size_t i = 0; i < parent.size() && i < child.size(); ++i) {
        FmuSlot& p = parent[i];
        FmuSlot& c = child[i];
        if (p.nextTick == 0 && tick == 0) continue; // the fresh instance is the parent's start
        if (!p.runner) { // the parent's instance failed: the fork's fails the same way
            c.runner.reset();
            c.error = p.error;
            continue;
        }
        const std::string at = "the run was forked at tick " + std::to_string(tick);
        if (p.nextTick != tick) { // the parent cannot continue its own instance either
            c.nextTick = p.nextTick;
            c.lost = at + ", where the FMU's instance could not continue (" + (p.lost.empty() ? std::string("not in step with the run") : p.lost) + ")";
            continue;
        }
        if (!c.runner) continue; // the fork's instance could not be made: its error says why
        const FmuDescription& d = p.binding->fmu->description();
        if (!d.canSerializeState) {
            c.lost = at + ", and the FMU does not declare " + (d.fmiVersion == 3 ? "canSerializeFMUState" : "canSerializeFMUstate") +
                     ", so a new instance cannot take over its state (a fork runs its own instance)";
            continue;
        }
        std::vector<unsigned char> bytes;
        if (!p.runner->serializeState(bytes)) {
            c.lost = at + " but the FMU's state could not be serialized (" + p.runner->error() + ")";
            continue;
        }
        if (!c.runner->deserializeState(bytes)) {
            c.lost = at + " but the fork's instance could not take over the FMU's state (" + c.runner->error() + ")";
            continue;
        }
        c.nextTick = p.nextTick;
    }
}

void setFmuLoader(FmuLoader loader) { g_fmuLoader.store(loader); }

FmuLoader fmuLoader() { return g_fmuLoader.load(); }

} // namespace drivelab
