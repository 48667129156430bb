// FlatCompiler (flatcompiler.h): the lab's events resolved to ticks and input slots, and the
// warning for an input that stays idle at 0 all run
#include "compile/flatcompiler.h"

#include <algorithm>

#include "util/jsonwrite.h"

namespace drivelab {

void FlatCompiler::compileEvents()
{
    for (std::size_t i = 0; i < m_spec.events.size(); ++i) {
        const EventSpec& e = m_spec.events[i];
        const std::string path = "events[" + std::to_string(i) + "]";
        const int ci = m_m->componentIndex(e.component);
        if (ci < 0) {
            const bool exists = m_spec.findComponent(e.component) != nullptr;
            if (!exists)
                m_d.error(e.component.empty() ? "-" : e.component, path + ".component", "unknown component '" + e.component + "'");
            continue;
        }
        const ComponentInfo& info = m_m->components[static_cast<std::size_t>(ci)];
        const InputDescriptor* in = info.desc->input(e.input);
        bool ok = true;
        if (!in) {
            std::string names;
            for (const auto& d : info.desc->inputs) names += std::string(names.empty() ? "" : ", ") + d.name;
            m_d.error(e.component, path + ".input",
                      "a " + std::string(info.desc->type) + " has no input '" + e.input + "'" +
                          (names.empty() ? " (it has no inputs)" : " (it has: " + names + ")"));
            ok = false;
        }
        if (in) {
            const char* why = nullptr;
            const char* off = inactiveInputOf(info, &why);
            if (off && e.input == off) {
                m_d.error(e.component, path + ".input",
                          "this " + std::string(info.desc->type) + " does not use its '" + e.input + "' input (" + why + ")");
                ok = false;
            }
        }
        if (e.timeNs < 0) {
            m_d.error(e.component, path + ".time_ns", "must be >= 0");
            ok = false;
        }
        if (in && !in->range.contains(e.value)) {
            m_d.error(e.component, path + ".value", in->range.describe() + " (got " + formatDouble(e.value) + ")");
            ok = false;
        }
        if (!ok || m_m->tickNs <= 0) continue;
        EventModel ev;
        ev.timeNs = e.timeNs;
        ev.tick = (e.timeNs + m_m->tickNs - 1) / m_m->tickNs;
        ev.component = ci;
        ev.slot = info.inputSlot + static_cast<int>(in - info.desc->inputs.data());
        ev.value = e.value;
        ev.binding = m_binder.bindingOfSlot(ev.slot);
        if (ev.tick >= m_m->ticks) m_d.warning(e.component, path + ".time_ns", "at or after the end of the run; it never takes effect");
        m_m->events.push_back(ev);
    }
    std::stable_sort(m_m->events.begin(), m_m->events.end(), [](const EventModel& a, const EventModel& b) {
        return a.timeNs < b.timeNs;
    });
}

// an input that leaves its component idle at 0 (a clutch's capacity), starts at 0 and is
// never raised by an event that takes effect: a warning, the lab still runs
void FlatCompiler::warnIdleInputs()
{
    for (std::size_t ci = 0; ci < m_m->components.size(); ++ci) {
        const ComponentInfo& info = m_m->components[ci];
        const ComponentSpec* spec = m_spec.findComponent(info.id);
        if (!spec || !info.desc || info.inputSlot < 0) continue;
        const char* inactive = inactiveInputOf(info);
        for (std::size_t k = 0; k < info.desc->inputs.size(); ++k) {
            const InputDescriptor& in = info.desc->inputs[k];
            if (!in.idleAtZero || (inactive && std::string(inactive) == in.name)) continue;
            const auto given = spec->inputs.find(in.name);
            const double initial = given != spec->inputs.end() && given->is_number() ? given->get<double>() : in.initialDefault;
            if (initial != 0.0) continue;
            const int slot = info.inputSlot + static_cast<int>(k);
            if (m_binder.bindingOfSlot(slot) >= 0) continue; // driven by a signal
            bool raised = false;
            for (const EventModel& e : m_m->events) {
                if (e.component == static_cast<int>(ci) && e.slot == slot && e.value != 0.0 && e.tick < m_m->ticks) raised = true;
            }
            if (!raised) m_d.warning(info.id, std::string("inputs.") + in.name, in.idleAtZero);
        }
    }
}

} // namespace drivelab
