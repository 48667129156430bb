#include "compile/inputbinder.h"
#include "components/registry.h"

namespace drivelab {

bool InputBinder::compiledSignal(const std::string& id) const
{
    for (const auto& g : m_signals.models) {
        if (g.id == id) return true;
    }
    return false;
}

bool InputBinder::read(const ComponentSpec& c, const InputDescriptor& in, int index, const Json& value)
{
    // bound to a signal that has its own errors (reported with the signal): refused quietly
    if (value.contains("signal") && value["signal"].is_string() && m_spec.findSignal(value["signal"].get<std::string>()) &&
        !compiledSignal(value["signal"].get<std::string>()))
        return false;
    std::string controller;
    auto b = readBinding(value, in, m_signals.models, c.id, std::string("inputs.") + in.name, m_d, &controller);
    if (!b) return false;
    m_pending.push_back({index, *b, controller});
    return true;
}

void InputBinder::bind(const ComponentInfo& info, int componentIndex, const char* inactive, const char* why)
{
    for (auto& [k, b, controller] : m_pending) {
        const InputDescriptor& in = info.desc->inputs[static_cast<std::size_t>(k)];
        if (inactive && std::string(inactive) == in.name) {
            m_d.error(info.id, std::string("inputs.") + in.name,
                      "this " + std::string(info.desc->type) + " does not use its '" + in.name + "' input (" + why + ")");
            continue;
        }
        b.component = componentIndex;
        if (b.signal >= 0 && !b.atEnd) b.window = m_slots.sampledWindow; // a sampler with its own period
        b.slot = info.inputSlot + k;
        b.flag = m_slots.nFlag++;
        m_slots.flagInit.resize(static_cast<std::size_t>(m_slots.nFlag), 0);
        m_slots.flagInit[static_cast<std::size_t>(b.flag)] = 1;
        if (controller.empty())
            m_slots.realInit[static_cast<std::size_t>(b.slot)] = bindingValue(b, m_signals.models[static_cast<std::size_t>(b.signal)], 0.0);
        else
            m_byController.emplace_back(static_cast<int>(m_m.bindings.size()), controller);
        forEachComponentType([&]<class T, std::size_t I>() {
            if (static_cast<int>(I) == info.type && HasApplyInputs<T>) m_m.bindingsHoldStates = true;
        });
        m_m.bindings.push_back(b);
    }
    m_pending.clear();
}

void InputBinder::resolveControllers()
{
    for (const auto& [index, id] : m_byController) {
        InputBinding& b = m_m.bindings[static_cast<std::size_t>(index)];
        const ComponentInfo& driven = m_m.components[static_cast<std::size_t>(b.component)];
        const InputDescriptor& in = driven.desc->inputs[static_cast<std::size_t>(b.slot - driven.inputSlot)];
        const std::string path = std::string("inputs.") + in.name + ".controller";
        const int ci = m_m.componentIndex(id);
        if (ci < 0) {
            // a controller of the lab that did not compile has its own errors: not repeated here
            if (!m_spec.findComponent(id)) m_d.error(driven.id, path, "unknown component '" + id.substr(0, 80) + "'");
            continue;
        }
        const ComponentInfo& info = m_m.components[static_cast<std::size_t>(ci)];
        bool perComponent = false; // one output per driven component (a shift schedule's elements)
        forEachComponentType([&]<class T, std::size_t I>() {
            if (static_cast<int>(I) != info.type) return;
            const auto& p = m_m.params->of<T>()[static_cast<std::size_t>(info.local)];
            if constexpr (HasOutput<T>) b.source = T::outputSlot(p);
            if constexpr (HasDrivenOutputs<T>) {
                // one that did not compile drives nothing and has its own errors
                perComponent = !T::driven(p).empty();
                b.source = T::outputFor(p, driven.id);
            }
        });
        if (!perComponent && b.source < 0 && drivesInputs(info.desc->type)) continue;
        if (perComponent && b.source < 0) {
            m_d.error(driven.id, path,
                      "'" + id + "' does not drive '" + driven.id + "': add '" + driven.id + "' to its elements (and its gear table)");
            continue;
        }
        if (b.source < 0) {
            m_d.error(driven.id, path, "'" + id + "' is a " + info.desc->type + ": it has no output to drive an input (a controller has)");
            continue;
        }
        const double v = b.scale * m_m.realInit[static_cast<std::size_t>(b.source)] + b.offset;
        m_m.realInit[static_cast<std::size_t>(b.slot)] = v < b.lo ? b.lo : v > b.hi ? b.hi : v;
    }
}

void InputBinder::checkDriven()
{
    // every component a controller names as driven binds an input to it (a shift schedule's elements)
    for (const ComponentInfo& info : m_m.components) {
        forEachComponentType([&]<class T, std::size_t I>() {
            if constexpr (HasDrivenOutputs<T>) {
                if (static_cast<int>(I) != info.type) return;
                const auto& ids = T::driven(m_m.params->of<T>()[static_cast<std::size_t>(info.local)]);
                for (std::size_t k = 0; k < ids.size(); ++k) {
                    const int slot = T::outputFor(m_m.params->of<T>()[static_cast<std::size_t>(info.local)], ids[k]);
                    bool bound = false;
                    for (const InputBinding& b : m_m.bindings) bound = bound || (b.signal < 0 && b.source == slot);
                    if (bound) continue;
                    const std::string field = std::string(info.desc->fieldPrefix) + ".elements[" + std::to_string(k) + "].element";
                    const ComponentSpec* c = m_spec.findComponent(ids[k]);
                    if (!c)
                        m_d.error(info.id, field, "no component '" + ids[k] + "' in the lab: name a clutch or brake of the lab");
                    else if (m_m.componentIndex(ids[k]) >= 0)
                        m_d.error(info.id, field,
                                  "'" + ids[k] + "' does not bind an input to '" + info.id + "': give it \"inputs\": {\"capacity\": {\"controller\": \"" +
                                      info.id + "\"}}");
                }
            }
        });
    }
}

int InputBinder::bindingOfSlot(int slot) const
{
    for (std::size_t i = 0; i < m_m.bindings.size(); ++i) {
        if (m_m.bindings[i].slot == slot) return static_cast<int>(i);
    }
    return -1;
}

} // namespace drivelab
