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

void setFmuLoader(FmuLoader loader) { g_fmuLoader.store(loader); }

FmuLoader fmuLoader() { return g_fmuLoader.load(); }

} // namespace drivelab
